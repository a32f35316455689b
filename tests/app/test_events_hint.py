"""The deal's story (``app.table.events``) never tells a seat more than it may know,
and the hint (``app.table.hint``) speaks the player's language: no engine notation,
no internal names, no duplicate rows."""

from __future__ import annotations

import random
import re

import pytest
from app_helpers import new_session

from app.shell.i18n import LANGS
from app.table.events import deal_events
from app.table.hint import hint_rows
from thousand import Conventions, Game
from thousand import actions as A
from thousand.cards import card_str
from thousand.phase import Phase

NOTATION = re.compile(
    r"\b(play|give|aside|declare|contract|bid) [0-9TJQKA][SCDH]\b|\b[9TJQKA][SCDH]\b"
)
INTERNAL = re.compile(r"\b(ev|make|defeat|score|worlds|fallbacks) -?[0-9]|_points|\bev\b")


def test_a_seat_never_learns_the_cards_passed_to_another() -> None:
    """RULES §6: passed cards are seen by the receiver only (open_discard off)."""
    rng = random.Random(4)
    checked = 0
    for seed in range(1, 60):
        s = new_session(seed=seed)
        while not s.state.is_terminal() and s.state.n_rows == 0:
            legal = s.state.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
            st = s.state
            if st.phase is not Phase.PLAY or not st.gives:
                continue
            for seat in range(3):
                if seat == st.declarer:
                    continue
                cards = set()
                for e in deal_events(st.observation(seat)):
                    if e.key in ("ev_gives", "ev_gives_you"):
                        cards |= set(e.cards)
                        assert e.to == seat, "a give to another seat was revealed"
                mine = {c for c, to in st.gives if to == seat}
                assert cards == mine
                checked += 1
            break
    assert checked > 20


def test_the_talon_taken_on_100_stays_hidden_in_the_story() -> None:
    """hide_talon_on_100: nobody but the declarer learns the talon."""
    for seed in range(1, 200):
        s = new_session(seed=seed)
        while s.state.phase in (Phase.BIDDING, Phase.REDEAL, Phase.DARK):
            s.apply(A.PASS if A.PASS in s.state.legal_actions() else s.state.legal_actions()[0])
        st = s.state
        if st.on_100 and st.phase is Phase.DISCARD:
            for seat in range(3):
                keys = [e.key for e in deal_events(st.observation(seat))]
                if seat == st.declarer:
                    assert "ev_talon" in keys
                else:
                    assert "ev_talon_hidden" in keys and "ev_talon" not in keys
            return
    raise AssertionError("no deal taken on 100")


def test_events_read_as_words_in_every_language() -> None:
    rng = random.Random(7)
    s = new_session(seed=21)
    while s.state.n_rows == 0 and len(s.state.tricks) < 3:
        legal = s.state.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    events = deal_events(s.state.observation(0))
    names = ("You", "West", "East")
    for lang in LANGS:
        for e in events:
            text = e.text(names, lang, you=0)
            assert text and "{" not in text and not NOTATION.search(text), (lang, text)


@pytest.mark.parametrize("preset", sorted(Conventions.PRESETS))
def test_every_event_of_every_phase_reads_in_every_language(preset: str) -> None:
    """Each seat's story at every step of random deals, under each built-in preset:
    words in every language, second person included. Two players: RULES §11, the
    talon is not chosen yet while the declarer picks (it raised KeyError 'cards')."""
    rng = random.Random(5)
    state = Game(Conventions.preset(preset)).new_initial_state(random.Random(3))
    names = ("A", "B", "C", "D")[: state.n]
    steps = 0
    while not state.is_terminal() and steps < 400:
        for seat in range(state.n):
            for e in deal_events(state.observation(seat)):
                for lang in LANGS:
                    for you in (-1, seat):
                        text = e.text(names, lang, you=you)
                        assert text and "{" not in text, (preset, lang, e.key, text)
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        steps += 1
    assert steps >= 60, "several deals"


def test_hint_rows_are_words_without_duplicates() -> None:
    choices = [
        (A.bid(105), {"make": 0.44, "ev": -18.0, "expected_points": 98.0}),
        (A.PASS, {"ev": -20.0}),
        (A.bid(105), {"make": 0.44, "ev": -18.0}),
        (A.give(22, 1), {"make": 0.1, "ev": -98.0, "expected_points": 68.0}),
        (A.declare(22), {"make": 0.9, "defeat": 0.1, "score": 72.0, "worlds": 8.0}),
    ]
    for lang in LANGS:
        rows = hint_rows(choices, lang, ("You", "West", "East"), declarer_view=True, limit=5)
        titles = [r.title for r in rows]
        assert len(titles) == len(set(titles)) == 4
        for r in rows:
            text = f"{r.title} {r.detail} {r.why}"
            assert not NOTATION.search(text) and not INTERNAL.search(text), (lang, text)
        assert rows[0].best and "44" in rows[0].detail and "20" in rows[0].why
    en = hint_rows(choices[:2], "en", ("You", "West", "East"), declarer_view=True)
    assert en[0].title == "Bid 105"
    assert en[0].detail == "you make it 44% of the time; on average −18 points against the others"
    assert en[0].why == "On average −18 points, 2 points more than with “Pass” (−20 points)."


def test_cards_in_hints_use_the_faces_letters() -> None:
    """A card in words shows the letter on its face (Q♠ in Russian too), never "QS"."""
    rows = hint_rows(
        [(A.action_from_str("play QS"), {"ev": 3.0})], "ru", ("Вы", "Запад", "Восток"), False
    )
    assert "Q♠" in rows[0].title and card_str(A.action_from_str("play QS")) not in rows[0].title
