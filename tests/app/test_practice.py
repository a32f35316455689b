"""Practice from a replay step (``app.replay.practice``), in CPython: the same cards from that
position, the player's seat chosen, played on to the deal's end, then compared with
the game as played; never counted, never saved over the game."""

from __future__ import annotations

import json
import random
import re

from app_helpers import new_session, random_record, run_coroutine, same

from app.library.saved import EMPTY_STATS, count_game
from app.page.model import Page
from app.page.page_msgs import Analyse, AnalysisFound, AnalysisShown, Clicked, Slot
from app.page.replay_ctl import run_analysis
from app.page.screen import Screen, build
from app.page.update import update
from app.replay.practice import start
from app.shell.dom import to_html
from app.table.seats import default_setup
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

    from app.replay import practice

    assert doctest.testmod(practice).failed == 0


# -- through the page's door: names kept, the banner, the way back, the analysis ------


def _html(page) -> str:  # type: ignore[no-untyped-def]
    return "".join(to_html(k) for k in build(page.session, page.ui)[1])


def _game_at_its_first_deal_end():  # type: ignore[no-untyped-def]
    """A game whose first deal was won by a seat other than the player's (so a
    practice from its replay seats the player elsewhere), waiting on its summary."""
    for seed in range(1, 60):
        s = new_session(seed=seed)
        rng = random.Random(seed)
        while not s.waiting_for_summary():
            legal = s.state.legal_actions()
            s.apply(legal[rng.randrange(len(legal))])
        row = s.summary_row()
        if row is not None and row.kind == "play" and row.declarer not in (None, 0):
            return s
    raise AssertionError("no seed with another seat declaring")


def test_a_practice_keeps_the_replays_names_shows_a_banner_and_goes_back_to_the_replay() -> None:
    """*Play from here* with every hand open seats the player at the declarer's seat;
    every seat keeps its name (the player's own old seat is still "You", the
    declarer's still "East" or "West"), a banner on the felt says whose cards the
    player holds, and *Back to the game* shows the replay at the step it left and
    the game's own summary with its analysis behind it."""
    s = _game_at_its_first_deal_end()
    page = Page(s, Screen(lang="en", setup=default_setup()))
    game_names = build(page.session, page.ui)[0].names
    page, fx = update(page, Clicked("analysis"))  # the game's analysis, open
    token = page.tokens[Slot.SUMMARY]
    page, _ = update(page, AnalysisShown(token, ("With perfect play You would…",), -1))
    page, _ = update(page, Clicked("replay-deal", {"data-deal": "1"}))
    data, r = page.ui.replay_data, page.ui.replay
    assert data is not None and r is not None and r.seat is None  # every hand open
    step = data.deal_first_step(0) + len(data.deal_actions(0)) - 7
    r.step = step
    replay_html = _html(page)
    declarer = data.state(step).declarer
    page, fx = update(page, Clicked("practice-here"))
    p = page.session.practice
    assert p is not None and page.session.human == declarer != 0
    # the names on the table are the replay's and the game's, seat by seat
    names = build(page.session, page.ui)[0].names
    assert names == game_names and names[0] == "You" and names[declarer] in ("West", "East")
    for name in names:
        assert name in replay_html
    html = _html(page)
    assert "data-practice-banner" in html
    assert f"Practice: you play {names[declarer]}'s cards" in html
    assert html.count('data-ui="practice-end"') == 1  # Back to the game, on the felt
    assert page.ui.analysis is None  # the game's analysis is not the practice's
    play_out(page.session, random.Random(3))
    page, fx = update(page, Clicked("close"))  # any input: the practice's end is seen
    asked = [e for e in fx if isinstance(e, Analyse)]
    assert len(asked) == 1 and asked[0].names == names  # the analysis speaks the table's names
    html = _html(page)
    assert html.count('data-ui="practice-end"') == 1  # the summary's; the banner keeps its words
    assert "data-practice-banner" in html and 'data-ui="analysis"' not in html
    # Back to the game: the replay where the practice started, the game behind it
    page, fx = update(page, Clicked("practice-end"))
    assert same(page.session, s) and page.session.practice is None
    assert page.ui.replay == r and page.ui.replay_data is data and r.step == step
    assert any(isinstance(e, Analyse) and e.slot is Slot.SUMMARY for e in fx)  # reopened
    assert "data-practice-banner" not in _html(page)
    page, _ = update(page, Clicked("replay-close"))
    m, _ = build(page.session, page.ui)
    assert m.summary is not None and 'data-ui="next"' in _html(page)  # the game's summary
    assert m.names == game_names


def test_the_practices_analysis_names_its_seats_as_the_table_and_gives_the_best() -> None:
    """The solver's findings at a practice's end use the table's names, and the
    comparison says the best possible beside what was made and what was played
    ("still being worked out" while the solver runs)."""
    s = _game_at_its_first_deal_end()
    page = Page(s, Screen(lang="en", setup=default_setup()))
    page, _ = update(page, Clicked("replay-deal", {"data-deal": "1"}))
    data, r = page.ui.replay_data, page.ui.replay
    assert data is not None and r is not None
    r.step = data.deal_first_step(0) + len(data.deal_actions(0)) - 4
    page, _ = update(page, Clicked("practice-here"))
    names = build(page.session, page.ui)[0].names
    play_out(page.session, random.Random(5))
    page, fx = update(page, Clicked("close"))
    e = next(e for e in fx if isinstance(e, Analyse))
    page, _ = update(page, AnalysisShown(e.token, (), 0))
    html = _html(page)
    assert "best possible: still being worked out" in html
    shown: list[tuple[list[str], int]] = []
    best: list[int] = []
    run_coroutine(
        run_analysis(
            Replay(e.record),
            e.deal,
            e.names,
            e.lang,
            lambda rows, pct: shown.append((rows, pct)),
            found=lambda res: best.append(res.max_points),
        )
    )
    rows, pct = shown[-1]
    assert pct == -1 and best
    declarer = page.session.summary_row().declarer
    assert any(row.startswith(f"With perfect play {names[declarer]} would") for row in rows)
    for msg in (AnalysisShown(e.token, tuple(rows), -1), AnalysisFound(e.token, best[-1])):
        page, _ = update(page, msg)
    html = _html(page)
    p = page.session.practice
    made = page.session.summary_row().points[p.seat]
    assert f"You made {made} point" in html and "as played: " in html
    assert f"best possible: {best[-1]}" in html and "still being worked out" not in html
    assert html.count('data-analysis="1"') == 1 and 'data-ui="analysis"' not in html


def test_the_banner_of_a_practice_at_the_players_own_seat() -> None:
    """From the player's own game at their own seat: "you play your own cards"; in
    Russian a seat's name stands in quotes after "игрока", whatever the name."""
    data = Replay(random_record(1, seed=11))
    step = data.deal_first_step(0) + 6
    own = start(data, step, seat=0, level="easy", own=True)
    html = "".join(to_html(k) for k in build(own.session, Screen(lang="en"))[1])
    assert "Practice: you play your own cards" in html
    other = start(data, step, seat=2, level="easy", own=True)
    html = "".join(to_html(k) for k in build(other.session, Screen(lang="ru"))[1])
    assert "Тренировка: вы играете картами игрока «Восток»" in html
