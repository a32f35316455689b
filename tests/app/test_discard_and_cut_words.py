"""What the table says and offers around the discard and the cut, as a new player
meets it: each card given is announced when it is given (the second one too), the
"Give Q♠ to ..." buttons stand in the order the seats sit on screen (West on the
left), the cut with nines is told every deal when it is in play (and never when
not), and a card's letters in words are the letters on its face."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from app_helpers import page

from app.page.model import Act, BotAnswered, NextDeal, Page
from app.page.screen import Screen
from app.page.table_act import announce
from app.page.update import update
from app.shell.i18n import LANGS, card_short, t
from app.table.events import deal_events
from app.table.seats import names_of
from app.table.session import Session
from app.table.view import positions
from thousand import Conventions, Game, Phase, State
from thousand import actions as A
from thousand.cardart import sprite
from thousand.cards import card_str
from thousand.scoring import cutter
from thousand.state import shuffled_deal

NAMES = {"en": ("You", "West", "East"), "ru": ("Вы", "Запад", "Восток")}


def discard_session(players: int, dealer: int, human: int, seed: int) -> Session | None:
    """A game at its discard, the person at ``human`` the declarer (everyone else passes
    at once; None if the deal asks for something else first)."""
    conv = Conventions.for_players(players, "classic")
    hands, talon, _ = shuffled_deal(conv, dealer, random.Random(seed))
    st = State.from_deal(conv, dealer, hands, talon)
    for _ in range(40):
        if st.phase is Phase.DISCARD:
            break
        legal = st.legal_actions()
        if st.current_player() == human:
            bids = [a for a in legal if A.is_bid(a)]
            pick = min(bids) if bids else next((a for a in (A.KEEP, A.LOOK) if a in legal), None)
        else:
            pick = next((a for a in (A.PASS, A.KEEP, A.LOOK) if a in legal), None)
        if pick is None:
            return None
        st.apply_action(pick)
    if st.phase is not Phase.DISCARD or st.declarer != human:
        return None
    levels = ["easy"] * players
    levels[human] = "human"
    return Session(st, levels, seed=seed, human=human)


def sessions(players: int) -> list[Session]:
    """Discards for every seat of the person and every dealer."""
    out = []
    for human in range(players):
        for dealer in range(players):
            if players == 4 and dealer == human:
                continue  # the four-player dealer sits out
            s = next(
                (x for seed in range(50) if (x := discard_session(players, dealer, human, seed))),
                None,
            )
            assert s is not None, (players, dealer, human)
            out.append(s)
    return out


def gives(s: Session) -> list[int]:
    return [a for a in s.state.legal_actions() if A.is_give(a)]


# -- each give announced when it happens -------------------------------------------


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_each_give_is_announced_when_it_is_made(players: int, lang: str) -> None:
    for base in sessions(players):
        receivers = sorted({(a - A.GIVE_BASE) % 4 for a in gives(base)})
        for order in (receivers, receivers[::-1]):
            s = Session(base.state.clone(), list(base.levels), seed=1, human=base.human)
            p = Page(s, Screen(lang=lang))
            announce(p, initial=True)
            names = _names(s, lang)
            said = []
            for to in order:
                a = next(a for a in gives(p.session) if (a - A.GIVE_BASE) % 4 == to)
                card = A.action_card(a)
                p, _ = update(p, Act(A.action_str(a)))
                want = t(lang, "ev_gives_you_to", card=card_short(card, lang), to=names[to])
                assert p.ui.banner == want, (players, p.session.state.dealer, order)
                assert want in p.ui.announce
                said.append(want)
            s = p.session
            log = [e.text(names, lang, s.human) for e in deal_events(s.observation())]
            assert [x for x in log if x in said] == said  # the log in the order given


def _names(s: Session, lang: str) -> tuple[str, ...]:
    return names_of(s, lang)


# -- give buttons in the order the seats sit -----------------------------------------


@pytest.mark.parametrize("players", [3, 4])
def test_give_buttons_follow_the_seats_left_to_right(players: int) -> None:
    where = {"left": 0, "top": 1, "right": 2}
    for s in sessions(players):
        card = A.action_card(gives(s)[0])
        html = page(s, Screen(selected=card))
        shown = re.findall(r'data-action="give \w\w (\d)"', html)
        assert len(shown) == 2
        pos = positions(players, s.human)
        places = [where[pos[int(seat)]] for seat in shown]
        assert places == sorted(places), (players, s.human, s.state.dealer, shown)
        labels = re.findall(r'data-action="give[^>]*>([^<]*)<', html)
        west = t("en", "west")
        assert labels[0].endswith(west) or pos[int(shown[0])] == "top"


# -- the cut with nines, told every deal --------------------------------------------


def cut_deals(on: bool, deals: int, seed: int) -> list[tuple[State, list[str]]]:
    """The first ``deals`` deals of a 3-player game, cut_ritual ``on`` or off: each
    deal's state at its start and its story said to seat 0 in English."""
    conv = replace(Conventions.for_players(3, "classic"), cut_ritual=on)
    st = Game(conv).new_initial_state(random.Random(seed))
    rng = random.Random(seed)
    out = []
    while len(out) < deals:
        names = ("You", "West", "East")
        texts = [e.text(names, "en", 0, conv) for e in deal_events(st.observation(0))]
        out.append((st.clone(), texts))
        rows = st.n_rows
        while st.n_rows == rows and not st.is_terminal():
            legal = st.legal_actions()
            st.apply_action(legal[rng.randrange(len(legal))])
    return out


def test_the_cut_is_told_every_deal_when_the_rule_is_on() -> None:
    seen_nine = False
    for seed in range(1, 8):
        for st, texts in cut_deals(True, 6, seed):
            by = ("You", "West", "East")[cutter(3, st.dealer)]
            cut = [x for x in texts if "cuts the deck" in x or "cut the deck" in x]
            assert cut, texts
            deal = next(i for i, x in enumerate(texts) if x.startswith("Deal "))
            assert texts[deal + 1] == cut[0]  # right after who deals (after a redeal's reason)
            nines = st.cut_nines
            assert len(cut) == min(nines, 2) + 1
            assert all(x.startswith(by if by != "You" else "You cut") for x in cut)
            if nines < 3:
                assert cut[-1].endswith("the bottom card is not a nine.")
            seen_nine |= nines > 0
            if nines:
                assert "a nine at the bottom, so the deck is cut again" in cut[0]
    assert seen_nine  # the seeds include a nine brought to the bottom


def test_the_cut_is_never_told_when_the_rule_is_off() -> None:
    for seed in range(1, 5):
        for _, texts in cut_deals(False, 4, seed):
            assert not any("cut" in x for x in texts), texts


def test_a_third_nine_is_told_with_its_penalty() -> None:
    conv = replace(Conventions(), cut_ritual=True)
    hands, talon, _ = shuffled_deal(conv, 0, random.Random(1))
    st = State.from_deal(conv, 0, hands, talon)
    st.cut_nines = 3
    names = NAMES["ru"]
    texts = [e.text(names, "ru", 0, conv) for e in deal_events(st.observation(0))]
    assert texts[1:4] == [
        "Восток сдвигает колоду: внизу девятка, колоду сдвигают ещё раз.",
        "Восток сдвигает колоду: внизу девятка, колоду сдвигают ещё раз.",
        f"Восток сдвигает колоду: внизу третья девятка подряд, штраф {conv.penalty}.",
    ]


def test_the_felt_says_who_deals_and_who_cut_together() -> None:
    conv = replace(Conventions(), cut_ritual=True)
    st = Game(conv).new_initial_state(random.Random(2))
    s = Session(st, ["human", "easy", "easy"], seed=2, human=0)
    for lang in LANGS:
        p = Page(s, Screen(lang=lang))
        announce(p, initial=True)
        names = _names(s, lang)
        story = [e.text(names, lang, 0, conv) for e in deal_events(s.observation())]
        assert p.ui.banner == " ".join(story[: 2 + min(st.cut_nines, 2)])


# -- card letters: the words use the faces' letters -----------------------------------


def test_a_card_in_words_has_the_letter_on_its_face_in_every_language() -> None:
    art = sprite()
    for card in range(24):
        sym = re.search(rf'<symbol id="card-{card_str(card)}".*?</symbol>', art)
        assert sym is not None
        index = re.findall(r"<text[^>]*>([^<]+)</text>", sym.group(0))[0]
        for lang in LANGS:
            assert card_short(card, lang) == index + "♠♣♦♥"[card // 6], (lang, card)


def after_a_deal(cut: bool) -> tuple[Page, list[object]]:
    """A game played by messages to the end of its first deal, then Next deal."""
    conv = replace(Conventions.for_players(3, "classic"), cut_ritual=cut)
    st = Game(conv).new_initial_state(random.Random(4))
    p = Page(Session(st, ["human", "easy", "easy"], seed=4, human=0), Screen())
    announce(p, initial=True)
    rng = random.Random(4)
    for _ in range(200):
        s = p.session
        if s.waiting_for_summary():
            break
        legal = s.state.legal_actions()
        pick = legal[rng.randrange(len(legal))]
        msg = Act(A.action_str(pick)) if s.human_to_act() else BotAnswered(s.version, pick)
        p, _ = update(p, msg)
    assert p.session.waiting_for_summary()
    p.ui.hold, p.ui.hold_summary = (), False
    return update(p, NextDeal())


def test_the_next_deal_opens_on_the_felt_with_its_cut_and_the_bots_wait() -> None:
    p, fx = after_a_deal(cut=True)
    st = p.session.state
    by = names_of(p.session, "en")[cutter(3, st.dealer)]
    assert p.ui.banner.startswith("Deal 2: ") and re.search("cuts? the deck", p.ui.banner)
    assert p.ui.banner.split(". ", 1)[1].startswith("You cut" if by == "You" else by)
    kinds = [type(e).__name__ for e in fx]
    assert kinds.index("Linger") < kinds.index("Bots")  # read before the bots go on
    p, fx = after_a_deal(cut=False)
    assert p.ui.banner.startswith("Deal 2: ") and "cut" not in p.ui.banner
    assert "Linger" not in [type(e).__name__ for e in fx]


def test_a_new_game_with_the_cut_opens_with_it_and_the_bots_wait() -> None:
    from app.page.update_page import switch

    for cut in (True, False):
        conv = replace(Conventions.for_players(3, "classic"), cut_ritual=cut)
        s = Session(Game(conv).new_initial_state(random.Random(6)), ["easy"] * 3, seed=6)
        p = Page(new_session_like(s), Screen())
        fx = [type(e).__name__ for e in switch(p, s)]
        assert p.ui.banner.startswith("Deal 1: ")
        assert bool(re.search("cuts? the deck", p.ui.banner)) is cut
        assert ("Linger" in fx) is cut and fx[-1] == "Bots"


def new_session_like(s: Session) -> Session:
    """Another game for the page to hold before ``s`` replaces it."""
    return Session(s.state.clone(), list(s.levels), seed=1)
