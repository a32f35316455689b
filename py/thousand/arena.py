"""Arena: two bot levels on duplicate deals, with paired statistics.

    python -m thousand.arena --a strong --b easy --deals N --seed S [--players 3]
        [--workers 2] [--preset classic] [--games G] [--start K] [--out FILE]
    python -m thousand.arena --combine FILE [FILE ...]

A *deal set* is one deal (drawn from ``--seed`` and its index) played once
for every arrangement of A and B over the seats that uses both (six with
three players: AAB, ABA, BAA, ABB, BAB, BBA), from zero totals, until a deal
is scored (redeals are replayed identically: the deal's generator is seeded
by the set). The set's result is the mean over arrangements of (mean score of
the A seats - mean score of the B seats); sets are independent, so the
confidence interval is the normal one over sets. Every bot draws from a
generator seeded by the set, the arrangement and its seat, and the AI
levels use fixed sample counts, so a run is reproducible whatever
``--workers``.

``--a oracle`` (or ``--b``) is the benchmark oracle: Strong's search on the
true deal (``thousand.ai.oracle``); the arena shows it every card, the only
bot that is shown more than its observation.

Also reported: how often each level declares, its make rate and average
contract; with ``--games G``, the share of G full games won by A against two
(three) B bots, A's seat rotating. ``--out`` writes every set's result as
JSON lines, and ``--combine`` pools such files from several runs. The last
line is exactly::

    A-B: <+/-X.X> points/deal, 95% CI [<lo>, <hi>], n=<deal sets>

The bots are made by name with ``bots.make_bot``; ``main(argv, make=...)`` takes
another maker (a module-level function, so that ``--workers`` can pass it to its
processes), which is how the AI lab's arena, ``bench/lab/arena.py``, also plays its
variants of the levels.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import math
import random
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, TextIO

from .bots import Bot, bot_action, make_bot
from .cards import cards_mask
from .conventions import Conventions
from .record import make_record
from .state import Game, State


def arrangements(players: int) -> list[tuple[str, ...]]:
    """Every assignment of A and B to the seats that uses both."""
    return [t for t in itertools.product("AB", repeat=players) if "A" in t and "B" in t]


def _deal(conv: Conventions, seed: int) -> tuple[int, list[int], Any]:
    """A deal drawn from ``seed``: dealer, hands per seat, talon (as the engine deals)."""
    state = Game(conv).new_initial_state(random.Random(seed))
    d = make_record(state)["deals"][0]
    hands = [cards_mask(h) for h in d["hands"]]
    talon: Any
    if conv.players == 2:
        talon = (cards_mask(d["talon"][0]), cards_mask(d["talon"][1]))
    else:
        talon = cards_mask(d["talon"])
    return d["dealer"], hands, talon


def deal_set_seed(seed: int, index: int) -> int:
    """The seed of deal set ``index`` of a run with ``seed``: its deal and every
    arrangement's randomness come from it."""
    return seed * 1_000_003 + index


def play_arrangement(
    conv: Conventions,
    deal: tuple[int, list[int], Any],
    set_seed: int,
    index: int,
    arr: tuple[str, ...],
    bots: dict[str, Any],
    watch: Callable[[State], None] | None = None,
) -> tuple[State, int]:
    """Arrangement ``index`` (``arr``: the bot at each seat) of a deal set played as
    the arena plays it, until its deal ends (redeals replayed); returns the state and
    the number of rows before it. ``watch`` sees the state after every action."""
    dealer, hands, talon = deal
    state = State.from_deal(conv, dealer, hands, talon, rng=random.Random(set_seed * 31 + 7))
    rngs = [random.Random((set_seed * 97 + index) * 13 + s) for s in range(conv.players)]
    start = len(state.rows)
    while True:
        rows = state.rows[start:]
        if rows and rows[-1].kind != "redeal":
            break
        if state.is_terminal():
            break
        seat = state.current_player()
        state.apply_action(bot_action(bots[arr[seat]], state, seat, rngs[seat]))
        if watch is not None:
            watch(state)
    return state, start


#: Makes a bot from its name (``bots.make_bot``, or the lab's).
BotMaker = Callable[[str], Bot]


def play_set(args: tuple[str, str, int, int, str], make: BotMaker = make_bot) -> dict[str, Any]:
    """Play one deal set; returns its paired result and per-level statistics."""
    a_name, b_name, seed, index, conv_json = args
    conv = Conventions.from_json(conv_json)
    set_seed = deal_set_seed(seed, index)
    deal = _deal(conv, set_seed)
    bots = {"A": make(a_name), "B": make(b_name)}
    diffs: list[float] = []
    stats = {
        k: {"declared": 0, "made": 0, "conceded": 0, "contract": 0, "seat_deals": 0} for k in "AB"
    }
    for ai, arr in enumerate(arrangements(conv.players)):
        state, start = play_arrangement(conv, deal, set_seed, ai, arr, bots)
        rows = state.rows[start:]
        delta = [sum(r.deltas[s] for r in rows) for s in range(conv.players)]
        last = rows[-1]
        active = [s for s in range(conv.players) if last.points[s] is not None] or list(
            range(conv.players)
        )
        sa = [delta[s] for s in active if arr[s] == "A"]
        sb = [delta[s] for s in active if arr[s] == "B"]
        if sa and sb:
            diffs.append(sum(sa) / len(sa) - sum(sb) / len(sb))
        for s in active:
            stats[arr[s]]["seat_deals"] += 1
        d = last.declarer
        if d is not None and d >= 0:
            st = stats[arr[d]]
            st["declared"] += 1
            st["contract"] += last.contract or 0
            if last.kind == "writeoff":
                st["conceded"] += 1
            elif last.made:
                st["made"] += 1
    value = sum(diffs) / len(diffs) if diffs else 0.0
    return {"index": index, "diff": value, "stats": stats}


def play_game(args: tuple[str, str, int, int, str], make: BotMaker = make_bot) -> dict[str, Any]:
    """One full game of A against B bots (A in seat ``index % players``)."""
    a_name, b_name, seed, index, conv_json = args
    conv = Conventions.from_json(conv_json)
    seat_a = index % conv.players
    bots = [make(a_name if s == seat_a else b_name) for s in range(conv.players)]
    game_seed = seed * 7_000_003 + index
    state = Game(conv).new_initial_state(random.Random(game_seed))
    rngs = [random.Random(game_seed * 11 + s) for s in range(conv.players)]
    while not state.is_terminal() and len(state.rows) < 400:
        seat = state.current_player()
        state.apply_action(bot_action(bots[seat], state, seat, rngs[seat]))
    return {
        "index": index,
        "won": state.winner == seat_a,
        "deals": len(state.rows),
        "ended": state.is_terminal(),
    }


def _map(fn: Any, jobs: list[Any], workers: int) -> Iterator[Any]:
    """Results of ``fn`` over ``jobs`` in any order, on ``workers`` processes."""
    if workers <= 1:
        yield from map(fn, jobs)
        return
    import multiprocessing as mp

    ctx = mp.get_context("fork" if sys.platform != "win32" else "spawn")
    with ctx.Pool(workers) as pool:
        yield from pool.imap_unordered(fn, jobs, chunksize=1)


def mean_ci(values: list[float]) -> tuple[float, float]:
    """The mean of independent ``values`` and the half-width of its normal 95%
    interval (infinite below two values)."""
    n = len(values)
    mean = sum(values) / n if n else 0.0
    var = sum((x - mean) ** 2 for x in values) / (n - 1) if n > 1 else 0.0
    half = 1.96 * math.sqrt(var / n) if n > 1 else float("inf")
    return mean, half


def summarize(results: list[dict[str, Any]], a: str, b: str) -> list[str]:
    """The report lines for deal-set results (the last is the A-B line)."""
    lines = []
    n = len(results)
    mean, half = mean_ci([r["diff"] for r in results])
    for k, name in (("A", a), ("B", b)):
        tot = {
            key: sum(r["stats"][k][key] for r in results)
            for key in ("declared", "made", "conceded", "contract", "seat_deals")
        }
        dec = tot["declared"]
        played = dec - tot["conceded"]
        make = tot["made"] / played if played else 0.0
        avg = tot["contract"] / dec if dec else 0.0
        share = dec / tot["seat_deals"] if tot["seat_deals"] else 0.0
        lines.append(
            f"{k} ({name}): declares {share:.1%} of its seat-deals, make rate "
            f"{make:.1%} of {played} played, average contract {avg:.1f}, "
            f"conceded {tot['conceded']}"
        )
    lines.append(
        f"A-B: {mean:+.1f} points/deal, 95% CI [{mean - half:+.1f}, {mean + half:+.1f}], n={n}"
    )
    return lines


def _record(
    out: TextIO | None, kind: str, args: argparse.Namespace, result: dict[str, Any]
) -> None:
    """Append one result to the ``--out`` file (JSON lines)."""
    if out:
        out.write(json.dumps({"kind": kind, "a": args.a, "b": args.b, **result}) + "\n")
        out.flush()


def _games_line(games: list[dict[str, Any]], a: str, b: str, players: int) -> str:
    """The full-game summary line."""
    n = len(games)
    won = sum(g["won"] for g in games)
    share = won / n if n else 0.0
    half = 1.96 * math.sqrt(share * (1 - share) / n) if n else 0.0
    unfinished = sum(not g["ended"] for g in games)
    deals = sum(g["deals"] for g in games) / n if n else 0.0
    return (
        f"full games: A ({a}) won {won} of {n} against {b} ({share:.1%} +- {half:.1%}; "
        f"fair share {1 / players:.1%}), {deals:.1f} deals per game, {unfinished} unfinished"
    )


def main(
    argv: list[str] | None = None,
    make: BotMaker = make_bot,
    prog: str = "python -m thousand.arena",
) -> int:
    """Entry point; ``make`` makes the bots ``--a`` and ``--b`` name."""
    p = argparse.ArgumentParser(
        prog=prog,
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--a", default="strong")
    p.add_argument("--b", default="easy")
    p.add_argument("--deals", type=int, default=100, help="deal sets")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--start", type=int, default=0, help="index of the first deal set")
    p.add_argument("--players", type=int, choices=(2, 3, 4))
    p.add_argument("--preset", default="classic")
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--games", type=int, default=0, help="also play G full games")
    p.add_argument("--out", help="append each deal set's result to this JSON-lines file")
    p.add_argument("--combine", nargs="+", help="pool JSON-lines results instead of playing")
    args = p.parse_args(argv)
    if args.combine:
        results: list[dict[str, Any]] = []
        games: dict[int, dict[str, Any]] = {}
        seen: set[int] = set()
        a, b = args.a, args.b
        for path in args.combine:
            with open(path, encoding="utf-8") as f:
                for line in f:
                    r = json.loads(line)
                    a, b = r.get("a", a), r.get("b", b)
                    if r.get("kind") == "game":
                        games[r["index"]] = r
                    elif r.get("kind") == "set" and r["index"] not in seen:
                        seen.add(r["index"])
                        results.append(r)
        if games:
            print(_games_line(list(games.values()), a, b, args.players or 3))
        for line in summarize(results, a, b):
            print(line)
        return 0
    conv = Conventions.for_players(args.players, args.preset)
    cj = conv.to_json()
    t0 = time.perf_counter()
    out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115

    def jobs(count: int) -> list[tuple[str, str, int, int, str]]:
        return [(args.a, args.b, args.seed, i, cj) for i in range(args.start, args.start + count)]

    try:
        if args.games:
            game_results = []
            for g in _map(functools.partial(play_game, make=make), jobs(args.games), args.workers):
                game_results.append(g)
                _record(out, "game", args, g)
            print(_games_line(game_results, args.a, args.b, conv.players))
        results = []
        for r in _map(functools.partial(play_set, make=make), jobs(args.deals), args.workers):
            results.append(r)
            _record(out, "set", args, r)
    finally:
        if out:
            out.close()
    results.sort(key=lambda r: r["index"])
    print(
        f"conventions: {args.preset} {json.dumps(conv.changes())}; seed {args.seed}; "
        f"{time.perf_counter() - t0:.0f} s"
    )
    for line in summarize(results, args.a, args.b):
        print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
