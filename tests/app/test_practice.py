"""Practice from a replay step (``app.practice``), in CPython: the same cards from that
position, the player's seat chosen, played on to the deal's end, then compared with
the game as played; never counted, never saved over the game."""

from __future__ import annotations

import json
import random
import re

from app_helpers import random_record

from app.dom import to_html
from app.library import EMPTY_STATS, count_game
from app.practice import start
from app.screen import Screen, build
from thousand.record import Replay


def play_out(session, rng: random.Random) -> None:  # type: ignore[no-untyped-def]
    for _ in range(400):
        if session.waiting_for_summary() or session.state.is_terminal():
            return
        seat = session.state.current_player()
        legal = session.state.legal_actions()
        if seat == session.human:
            session.apply(legal[rng.randrange(len(legal))])
        else:
            session.apply(session.bot(seat).act(session.state.observation(seat), session.bot_rng))
    raise AssertionError("the practice never ended")


def test_play_from_a_step_keeps_the_cards_and_compares_with_the_game_as_played() -> None:
    data = Replay(random_record(1, seed=11))
    first = data.deal_first_step(0)
    step = first + len(data.deal_actions(0)) - 9  # in the play, a few tricks left
    p = start(data, step, seat=None, level="easy")
    s = p.session
    assert s.state.deal_actions == data.state(step).deal_actions  # the very position
    assert s.state.hands == data.state(step).hands
    assert s.human == data.state(step).declarer and s.levels.count("human") == 1
    assert p.played is not None
    play_out(s, random.Random(1))
    html = "".join(to_html(k) for k in build(s, Screen(lang="en"))[1])
    assert "data-practice" in html and 'data-ui="practice-end"' in html
    assert 'data-ui="next"' not in html  # a practice ends with its deal
    made = s.summary_row().points[s.human]
    assert re.search(rf"You made {made} points?; as played: {p.played.points[s.human]}", html)
    stats = json.loads(json.dumps(EMPTY_STATS))
    assert not count_game(stats, s) and stats["deals"] == 0


def test_play_this_deal_again_starts_it_from_its_deal_and_any_seat() -> None:
    data = Replay(random_record(2, seed=4))
    step = data.deal_first_step(1) + 3
    p = start(data, step, seat=2, level="normal", again=True)
    assert p.session.state.deal_actions == [] and p.session.human == 2
    assert p.session.state.dealt_hands == data.deal_state(1).dealt_hands
    html = "".join(to_html(k) for k in build(p.session, Screen(lang="ru"))[1])
    assert "data-card=" in html  # seat 2's own hand is on the table


def test_the_module_doctest() -> None:
    import doctest

    from app import practice

    assert doctest.testmod(practice).failed == 0
