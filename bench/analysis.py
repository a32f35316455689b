"""Time of the post-deal analysis (``thousand.analysis``): whole deals and slices.

    PYTHONPATH=py python3 bench/analysis.py [--deals N] [--seed S] [--players 3]
        [--preset classic] [--slice 20] [--no-discards]
    node bench/ai_latency_pyodide.mjs analysis.py [same options]     # in Pyodide

Plays N deals between Easy bots (seeded), then analyses each finished deal the
way the page does: ``step(max_ms=slice)`` until done. Prints per deal the kind,
the time to analyse the play (the perfect value and every card play) and the
whole deal (with every discard), the solver nodes and the longest slice; then
the medians and maxima. Wall-clock times include time the process was not
running on a shared machine; the CPU figures do not (under node they are the
whole process's CPU time, from ``process.cpuUsage``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from thousand.analysis import Analysis
from thousand.bots import EasyBot
from thousand.conventions import Conventions
from thousand.record import Replay, make_record
from thousand.state import Game


def _cpu_clock() -> Callable[[], float]:
    """Seconds of CPU used by this process (under node, from ``process.cpuUsage``:
    Pyodide's ``time.process_time`` is the wall clock)."""
    if sys.platform == "emscripten":
        import js  # type: ignore[import-not-found]

        def node_cpu() -> float:
            u = js.process.cpuUsage()
            return float(u.user + u.system) / 1e6

        return node_cpu
    return time.process_time


cpu_time = _cpu_clock()


def pct(xs: list[float], q: float) -> float:
    """The q-quantile (0..1) of a list, by nearest rank."""
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]


def main() -> int:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--deals", type=int, default=10)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    ap.add_argument("--preset", default="classic")
    ap.add_argument("--slice", type=float, default=20.0, help="max_ms per step")
    ap.add_argument("--no-discards", action="store_true", help="skip the discard search")
    ap.add_argument("--last", type=int, default=0, help="analyse only the last K deals")
    args = ap.parse_args()
    conv = Conventions.for_players(args.players, args.preset)
    state = Game(conv).new_initial_state(random.Random(args.seed))
    bot, rng = EasyBot(), random.Random(args.seed)
    while state.n_rows < args.deals and not state.is_terminal():
        state.apply_action(bot.act(state.observation(state.current_player()), rng))
    record = make_record(state)
    t0, c0 = time.perf_counter(), cpu_time()
    rp = Replay(record)
    t1, c1 = time.perf_counter(), cpu_time()
    rp.state(rp.steps // 2)
    t2 = time.perf_counter()
    print(
        f"Replay of {rp.steps} steps ({rp.deals} deals): {(t1 - t0) * 1000:.1f} ms "
        f"({(c1 - c0) * 1000:.1f} cpu); the state at a step: {(t2 - t1) * 1000:.2f} ms"
    )
    play_wall: list[float] = []
    play_cpu: list[float] = []
    all_wall: list[float] = []
    all_cpu: list[float] = []
    slices: list[float] = []
    slices_cpu: list[float] = []
    first = max(0, rp.deals - args.last) if args.last else 0
    for deal in range(first, rp.deals):
        if not rp.deal_finished(deal):
            continue
        w0, c0 = time.perf_counter(), cpu_time()
        an = Analysis(rp, deal, discards=not args.no_discards)
        marks: list[tuple[int, bool, float, float]] = []  # per slice: plays, max known, times
        longest = longest_cpu = 0.0
        while True:
            s0, sc = time.perf_counter(), cpu_time()
            done = an.step(max_ms=args.slice)
            sw = (time.perf_counter() - s0) * 1000
            scpu = (cpu_time() - sc) * 1000
            slices.append(sw)
            slices_cpu.append(scpu)
            longest, longest_cpu = max(longest, sw), max(longest_cpu, scpu)
            part = an.result()
            marks.append(
                (
                    len(part.plays),
                    part.max_points is not None,
                    (time.perf_counter() - w0) * 1000,
                    (cpu_time() - c0) * 1000,
                )
            )
            if done:
                break
        res = an.result()
        ww, wc = marks[-1][2], marks[-1][3]
        # the play's part: perfect value and every card play known (discards not yet)
        final = (len(res.plays), res.max_points is not None)
        pw, pc = next((w, c) for n, m, w, c in marks if (n, m) == final)
        n_slices = len(marks)
        if res.kind in ("play", "writeoff", "bomb"):
            play_wall.append(pw)
            play_cpu.append(pc)
            all_wall.append(ww)
            all_cpu.append(wc)
        print(
            f"deal {deal + 1:>2} {res.kind:<8} contract {res.contract:>3} "
            f"max {res.max_points!s:>4} best {res.best_contract!s:>4} "
            f"discards {res.discards_checked:>2}/{res.discards_total:<2} "
            f"play {pw:7.0f} ms ({pc:6.0f} cpu) whole {ww:7.0f} ms ({wc:6.0f} cpu) "
            f"nodes {res.nodes:>7} slices {n_slices:>4} longest {longest:5.1f} ms "
            f"({longest_cpu:4.1f} cpu)"
        )
    if not all_wall:
        print("no deal was played or conceded")
        return 0
    print(
        f"play part: median {statistics.median(play_wall):.0f} ms, max {max(play_wall):.0f} ms "
        f"(cpu: median {statistics.median(play_cpu):.0f}, max {max(play_cpu):.0f})"
    )
    print(
        f"whole deal: median {statistics.median(all_wall):.0f} ms, max {max(all_wall):.0f} ms "
        f"(cpu: median {statistics.median(all_cpu):.0f}, max {max(all_cpu):.0f})"
    )
    print(
        f"slices ({args.slice:g} ms asked): p95 {pct(slices, 0.95):.1f} ms, longest "
        f"{max(slices):.1f} ms (cpu: p95 {pct(slices_cpu, 0.95):.1f}, "
        f"longest {max(slices_cpu):.1f})"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
