"""What the page shows (``app.page.screen.build``), in CPython: the automation
contract reaches every legal action, nothing is offered out of turn, every card
is named in words, and nothing user-written reaches the markup unescaped."""

from __future__ import annotations

import random

from app_helpers import (
    actions_on_page,
    elements,
    legal_cards_on_page,
    new_session,
    page,
    to_human_turn,
)

from app.page.screen import Screen, build
from app.shell.dom import text_of
from app.shell.i18n import Words
from app.table.view import Notice, NoticeKind, stepper_values, table_attrs
from thousand import actions as A
from thousand.cards import card_str
from thousand.phase import Phase


def _reachable(s, ui: Screen) -> set[int]:  # type: ignore[no-untyped-def]
    """Every action the page lets the player take now, following the contract."""
    legal = s.state.legal_actions()
    phase = s.state.phase
    out: set[int] = set()
    html = page(s, ui)
    for text in actions_on_page(html):
        out.add(A.action_from_str(text))
    cards = legal_cards_on_page(html)
    if phase is Phase.PLAY:
        for c in cards:
            card = A.action_from_str("play " + c)
            out.add(A.declare(card) if A.declare(card) in legal else card)
        # the plain lead of a declarable card: toggle "lead without declaring"
        ui2 = Screen(plain_lead=True)
        for c in legal_cards_on_page(page(s, ui2)):
            out.add(A.action_from_str("play " + c))
    if phase is Phase.DISCARD:
        for c in cards:  # choose the card, then its receiver buttons appear
            for text in actions_on_page(page(s, Screen(selected=A.action_from_str("play " + c)))):
                out.add(A.action_from_str(text))
    for kind in ("bid", "contract"):
        for v in stepper_values(legal, kind):
            out |= {A.action_from_str(t) for t in actions_on_page(page(s, Screen(bid_value=v)))}
    return out


def test_every_legal_action_is_reachable_through_the_contract() -> None:
    rng = random.Random(5)
    phases = set()
    for players, preset in ((3, "classic"), (2, "classic"), (4, "classic"), (3, "golden_dark")):
        s = new_session(players, preset, seed=players * 11)
        for _ in range(120):
            if not to_human_turn(s, rng):
                break
            phases.add(s.state.phase)
            legal = set(s.state.legal_actions())
            assert _reachable(s, Screen()) == legal, (players, s.state.phase)
            s.apply(rng.choice(sorted(legal)))
    assert {Phase.BIDDING, Phase.DISCARD, Phase.CONTRACT, Phase.PLAY} <= phases


def test_nothing_is_offered_out_of_turn() -> None:
    rng = random.Random(2)
    s = new_session(seed=9)
    for _ in range(60):
        if s.state.is_terminal():
            break
        if s.waiting_for_summary():
            s.acknowledge()
        html = page(s)
        m, _ = build(s, Screen())
        if not s.human_to_act():
            assert actions_on_page(html) == set() and legal_cards_on_page(html) == set()
            assert table_attrs(m)["data-turn"] == "bot"
        else:
            assert table_attrs(m)["data-turn"] == "human"
        legal = s.state.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])


def test_the_deal_summary_hides_the_next_deal() -> None:
    rng = random.Random(3)
    s = new_session(seed=4)
    while not s.waiting_for_summary():
        legal = s.state.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    m, _ = build(s, Screen())
    assert table_attrs(m)["data-phase"] == "deal-end"
    html = page(s)
    assert 'data-card="' not in html.split('data-dialog="summary"')[0]  # no hand behind it
    assert 'data-ui="next"' in html


def test_every_card_and_seat_is_named_in_words_in_each_language() -> None:
    rng = random.Random(1)
    s = new_session(seed=12)
    to_human_turn(s, rng)
    for lang in ("en", "ru", "uk", "pl"):
        els = elements(s, Screen(lang=lang))
        cards = [e for e in els if e.tag == "button" and "data-card" in e.attrs]
        assert cards and all(e.attrs.get("aria-label") for e in cards)
        labels = " ".join(e.attrs["aria-label"] for e in cards)
        assert not any(card_str(c) in labels for c in range(24))  # words, not notation
        seats = [e for e in els if e.tag == "section" and "data-seat" in e.attrs]
        assert len(seats) == 3 and all(e.attrs.get("aria-label") for e in seats)
        current = [e for e in els if e.attrs.get("aria-current") == "true"]
        assert len(current) == 1


def test_card_names_follow_each_language_rule() -> None:
    from app.shell.i18n import card_name

    ace_clubs = A.action_from_str("play AC")
    assert [card_name(ace_clubs, lang) for lang in ("en", "ru", "uk", "pl")] == [
        "Ace of clubs",
        "туз треф",
        "туз трефи",
        "as trefl",
    ]


def test_notices_are_escaped() -> None:
    s = new_session(seed=1)
    why = '<img src=x onerror="alert(1)">'
    ui = Screen(notices=[Notice(Words.of("import_bad", why=why), NoticeKind.ERROR, "x")])
    html = page(s, ui)
    assert "<img" not in html and "&lt;img" in html


def test_the_contract_step_is_a_compact_control() -> None:
    """Issue: the contract step showed up to 25 buttons; now − / value / + / Play / Concede."""
    rng = random.Random(0)
    for seed in range(1, 80):
        s = new_session(seed=seed)
        while not s.state.is_terminal() and s.state.phase is not Phase.CONTRACT:
            if s.waiting_for_summary():
                s.acknowledge()
            legal = s.state.legal_actions()
            if s.state.phase is Phase.BIDDING and s.human_to_act():
                bids = [a for a in legal if A.is_bid(a)]
                s.apply(bids[-1] if bids else A.PASS)  # the human bids high
                continue
            s.apply(legal[rng.randrange(len(legal))])
        if (
            s.state.phase is Phase.CONTRACT
            and s.human_to_act()
            and len(stepper_values(s.state.legal_actions(), "contract")) > 3
        ):
            els = elements(s)
            actions = [e for e in els if "data-action" in e.attrs]
            assert len(actions) <= 2  # "Play N" and "Concede"
            assert {e.attrs.get("data-ui") for e in els} >= {"raise", "lower"}
            return
    raise AssertionError("no contract step with a choice found")


def test_marriage_cards_declare_and_show_their_value() -> None:
    rng = random.Random(8)
    for seed in range(1, 400):
        s = new_session(seed=seed)
        for _ in range(40):
            if not to_human_turn(s, rng):
                break
            legal = s.state.legal_actions()
            decl = [a for a in legal if A.is_declare(a)]
            if decl and s.state.phase is Phase.PLAY:
                els = elements(s)
                badges = [e for e in els if "declares" in e.attrs.get("class", "")]
                assert {e.attrs["data-card"] for e in badges} == {
                    card_str(A.played_card(a)) for a in decl
                }
                assert all("+" in text_of(e) for e in badges)
                toggle = [e for e in els if e.attrs.get("data-ui") == "plain-lead"]
                assert len(toggle) == 1
                return
            s.apply(rng.choice(legal))
    raise AssertionError("no declarable lead found")


def test_every_regional_preset_reaches_every_legal_action() -> None:
    """The Polish bomb, steps of 10 and the rest are all reachable on the page."""
    rng = random.Random(9)
    seen: set[int] = set()
    for preset in ("russian", "ukrainian", "polish"):
        for seed in range(1, 8):
            s = new_session(3, preset, seed=seed)
            for _ in range(40):
                if not to_human_turn(s, rng):
                    break
                legal = set(s.state.legal_actions())
                seen |= legal
                assert _reachable(s, Screen()) == legal, (preset, s.state.phase)
                s.apply(rng.choice(sorted(legal)))
    assert A.BOMB in seen
