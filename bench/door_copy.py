"""What the page's door pays for never changing the page it is given.

    PYTHONPATH=py python3 bench/door_copy.py [--rounds 200]
    node bench/ai_latency_pyodide.mjs door_copy.py        (the same, in Pyodide)

``app.page.update.update`` copies the whole model once per message
(``app.page.update.fork``) and changes the copy. This times that copy, and a whole
message through the door (a bot's move, applied and announced), for the models a
page holds: a game in its third deal, the same page with a 20-deal replay on show
(the replay itself is shared, never copied), and an online host's peer once a
3-player table's first deal is set up (its keys, its journal: what an online
page's session adds). The figures are the median of ``--rounds`` copies, in
milliseconds; a message is a click or a move, a few a second at most.
"""

from __future__ import annotations

import argparse
import copy
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))  # net_deal, beside this file

from net_deal import dealt_table

from app.page.model import BotAnswered, Page
from app.page.screen import Screen
from app.page.update import fork, update
from app.replay.replay_view import ReplayUI
from app.table.session import Session
from thousand import Conventions
from thousand.bots import EasyBot
from thousand.record import Replay


def median_ms(work: object, rounds: int) -> float:
    """The median milliseconds of ``work()`` over ``rounds`` calls."""
    times = []
    for _ in range(rounds):
        t0 = time.perf_counter()
        work()  # type: ignore[operator]
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def game_page(deals: int, seed: int) -> Page:
    """A page whose game is ``deals`` deals in, and a few moves into the next, with
    a computer player to move."""
    s = Session.new(Conventions(), "strong", seed=seed)
    rng = random.Random(seed)
    bot = EasyBot()
    while s.state.n_rows < deals or len(s.state.deal_actions) < 12 or s.bot_to_act() is None:
        seat = s.state.current_player()
        assert seat >= 0 and not s.state.is_terminal()
        s.apply(bot.act(s.state.observation(seat), rng))
        s.shown = s.state.n_rows  # each deal's summary seen
    return Page(s, Screen())


def with_replay(page: Page, deals: int, seed: int) -> Page:
    """``page`` with a game of ``deals`` deals on show in the replay."""
    long = game_page(deals, seed)
    page = fork(page)
    page.ui.replay_data = Replay(long.session.record())
    page.ui.replay = ReplayUI(step=page.ui.replay_data.steps // 2)
    return page


def bot_move(page: Page) -> BotAnswered:
    """The bot's answer to the page's position (a message, as the runner sends it)."""
    s = page.session
    seat = s.bot_to_act()
    assert seat is not None
    return BotAnswered(s.version, EasyBot().act(s.state.observation(seat), random.Random(1)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=200)
    args = ap.parse_args()
    where = "Pyodide" if sys.platform == "emscripten" else "CPython"
    print(f"the door's copy of the model, median of {args.rounds} ({where}, ms)")
    page = game_page(2, 5)
    shown = with_replay(page, 20, 7)
    peers, _ = dealt_table(3, 1)
    host = peers["host"]
    rows = [
        ("a game in its third deal: copy", median_ms(lambda: fork(page), args.rounds)),
        ("  the whole message (a bot's move)", 0.0),
        ("with a 20-deal replay on show: copy", median_ms(lambda: fork(shown), args.rounds)),
        ("an online host's peer, 3 players: copy", median_ms(lambda: copy.deepcopy(host), 50)),
    ]
    msg = bot_move(page)
    after, _ = update(page, msg)
    assert after.session.version == page.session.version + 1  # the move was made
    rows[1] = (rows[1][0], median_ms(lambda: update(page, msg), args.rounds))
    for name, ms in rows:
        print(f"  {name:42} {ms:7.2f}")


if __name__ == "__main__":
    main()
