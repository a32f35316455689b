"""Decision latency of an AI level in CPython: p50/p95 per phase, and the longest slice.

    PYTHONPATH=py python3 bench/ai_latency.py [--level strong] [--deals N] [--seed S]
        [--players 3 | --preset NAME] [--slice MS] [--budget MS]

Plays N deals (classic rules, or a preset's) with the level in every seat, deciding each
non-forced action step-wise (``start`` + ``step(max_ms=slice)``, as the browser does)
and timing the whole decision (wall clock and CPU) and every slice. Without
``--budget`` a decision does its counted work (sample counts and node limits, and
Strong's extension of unclear decisions, as in the arena); ``--budget 1000`` thinks
as the browser does, the clock cutting that work short where it runs out (then the
figures show how much of the budget is used). The line ``card play worlds`` gives
the worlds each card-play decision rested on and the share of the moves solved that
hit the node limit and fell back to the greedy playout, the line ``decisions over
the page's budget`` how many took longer than the page lets a decision think (without
``--budget``: the decisions whose counted work its clock would cut short), and the line
``decisions digest`` a hash of every action chosen: without ``--budget`` it is the same
on every machine, so two versions of the code that print the same digest made the same
decisions (a change meant only to be faster keeps it). On a shared
machine the wall clock includes time the process was not running; the CPU figures do
not. Last line:
``all decisions: p50 X ms, p95 Y ms, max Z ms (wall); ...``.
"""

from __future__ import annotations

import argparse
import hashlib
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from app.page.page_start import Pace
from app.shell.thinking import THINK_SLICE_MS
from thousand.ai import AIBot, make_ai_bot
from thousand.conventions import Conventions
from thousand.state import Game, Phase


def make_level(name: str) -> AIBot:
    """A level by name (``strong``, ``normal@2``), or a variant of the AI lab's
    (``bench/lab/variants.py``: ``strong_extend4``, ...)."""
    try:
        return make_ai_bot(name)
    except ValueError:
        sys.path.insert(0, str(Path(__file__).resolve().parent / "lab"))
        from variants import make_ai_bot as make_variant

        return make_variant(name)


def pct(xs: list[float], q: float) -> float:
    """The q-quantile (0..1) of a list, by nearest rank."""
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def main() -> int:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--level", default="strong")
    ap.add_argument("--deals", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    ap.add_argument("--preset", default=None, help="a built-in preset (sets the table size)")
    ap.add_argument(
        "--slice", type=float, default=THINK_SLICE_MS, help="max_ms per step (the page's)"
    )
    ap.add_argument("--budget", type=float, default=None, help="ms per decision (browser)")
    args = ap.parse_args()
    if args.preset:
        conv = Conventions.preset(args.preset)
        args.players = conv.players
    else:
        conv = Conventions(players=args.players, barrel=args.players != 2)
    bot = make_level(args.level)
    rng = random.Random(args.seed)
    wall: dict[str, list[float]] = {}
    cpu: dict[str, list[float]] = {}
    slices: list[float] = []
    slices_cpu: list[float] = []
    worlds: list[float] = []
    solves = fallbacks = 0.0
    digest = hashlib.sha256()
    for i in range(args.deals):
        state = Game(conv).new_initial_state(random.Random(args.seed * 1000 + i))
        while not state.rows:
            seat = state.current_player()
            obs = state.observation(seat)
            if len(obs.legal_actions) == 1:
                state.apply_action(obs.legal_actions[0])
                continue
            t0 = time.perf_counter()
            c0 = time.process_time()
            think = bot.start(obs, rng, budget_ms=args.budget)
            while True:
                s0 = time.perf_counter()
                sc = time.process_time()
                done = think.step(max_ms=args.slice)
                slices.append((time.perf_counter() - s0) * 1000)
                slices_cpu.append((time.process_time() - sc) * 1000)
                if done:
                    break
            a = think.action()
            digest.update(f"{a},".encode())
            phase = obs.phase.value
            if obs.phase is Phase.PLAY:
                phase += f" (trick {len(obs.tricks) + 1})"
                if think.choices and "worlds" in think.choices[0].values:
                    worlds.append(think.choices[0].values["worlds"])
                    solves += worlds[-1] * len(think.choices)
                    fallbacks += think.choices[0].values["fallbacks"]
            wall.setdefault(phase, []).append((time.perf_counter() - t0) * 1000)
            cpu.setdefault(phase, []).append((time.process_time() - c0) * 1000)
            state.apply_action(a)
    print(
        f"level {args.level}, {args.deals} deals, {args.players} players "
        f"({args.preset or 'default rules'}), "
        f"slices of {args.slice:.0f} ms, budget {args.budget or 'none (counted work)'}"
    )
    print(f"{'phase':18s} {'n':>5s} {'p50':>8s} {'p95':>8s} {'max':>8s}   (ms, wall; cpu p50/p95)")
    for ph in sorted(wall):
        w = wall[ph]
        c = cpu[ph]
        print(
            f"{ph:18s} {len(w):5d} {pct(w, 0.5):8.1f} {pct(w, 0.95):8.1f} {max(w):8.1f}   "
            f"cpu {pct(c, 0.5):.1f}/{pct(c, 0.95):.1f}"
        )
    if worlds:
        print(
            f"card play worlds per decision: mean {statistics.mean(worlds):.1f}, "
            f"p50 {pct(worlds, 0.5):.0f}, p90 {pct(worlds, 0.9):.0f}, max {max(worlds):.0f}; "
            f"n={len(worlds)}; greedy fallbacks {100 * fallbacks / max(1.0, solves):.1f}% "
            "of the moves solved"
        )
    allw = [x for v in wall.values() for x in v]
    allc = [x for v in cpu.values() for x in v]
    page = Pace().think_ms
    over = sum(x > page for x in allw)
    print(
        f"decisions over the page's {page:.0f} ms budget: {over} of {len(allw)} "
        f"({100 * over / len(allw):.1f}%; wall)"
    )
    print(f"decisions digest: {digest.hexdigest()[:16]}")
    print(
        f"slices: {len(slices)}, p99 {pct(slices, 0.99):.1f} ms, longest {max(slices):.1f} ms "
        f"(wall; cpu p99 {pct(slices_cpu, 0.99):.1f} ms, longest {max(slices_cpu):.1f} ms)"
    )
    print(
        f"all decisions: p50 {pct(allw, 0.5):.1f} ms, p95 {pct(allw, 0.95):.1f} ms, "
        f"max {max(allw):.1f} ms (wall); cpu p50 {pct(allc, 0.5):.1f} ms, "
        f"p95 {pct(allc, 0.95):.1f} ms, max {max(allc):.1f} ms; "
        f"mean {statistics.mean(allw):.1f} ms; n={len(allw)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
