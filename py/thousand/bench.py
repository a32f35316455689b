"""Random-playout throughput (``python -m thousand bench``).

Whole deals of random legal actions through the public API: ``clone()`` at each
deal, then ``legal_actions()`` + ``apply_action()`` until the deal is scored.
One endless game per process (random play rarely reaches 1000), so the history
grows; a state's clone and a deal's end cost O(1) whatever its length.
"""

from __future__ import annotations

import os
import random
import time

from .conventions import Conventions
from .state import Game


def bench_deals(
    seconds: float, seed: int = 1, conv: Conventions | None = None
) -> tuple[float, float]:
    """Random playouts of whole deals (clone + legal_actions + apply_action).

    Returns (deals per wall-clock second, deals per CPU second of this process);
    the second is steadier on a machine shared with other work.
    """
    rng = random.Random(seed)
    base = Game(conv or Conventions()).new_initial_state(random.Random(seed))
    deals = 0
    t0 = time.perf_counter()
    c0 = time.process_time()
    end = t0 + seconds
    rand = rng.random
    while True:
        s = base.clone()
        n0 = s.n_rows
        while s.n_rows == n0:
            la = s.legal_actions()
            s.apply_action(la[int(rand() * len(la))])
        deals += 1
        base = s  # go on from the next deal
        if base.is_terminal():
            base = Game(base.conv).new_initial_state(random.Random(rng.random()))
        if deals % 200 == 0 and time.perf_counter() > end:
            break
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0
    return deals / wall, deals / max(cpu, 1e-9)


def _bench_worker(job: tuple[float, int]) -> tuple[float, float]:
    seconds, seed = job
    return bench_deals(seconds, seed=seed)


def run_bench(seconds: float, workers: int = 0) -> int:
    """Print random-playout throughput: each preset in one process, then classic in
    one process and in ``--workers`` processes at once (default: one per core)."""
    for preset in ("two_players", "four_players", "golden_dark"):
        wall, cpu = bench_deals(seconds, conv=Conventions.preset(preset))
        print(f"{preset}: {wall:,.0f} deals/s ({cpu:,.0f} per CPU second)")
    wall, cpu = bench_deals(seconds)
    print(f"classic, 1 process: {wall:,.0f} deals/s wall clock, {cpu:,.0f} per CPU second")
    workers = workers or os.cpu_count() or 1
    total = wall
    if workers > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            res = pool.map(_bench_worker, [(seconds, 1 + i) for i in range(workers)])
        total = sum(w for w, _ in res)
        each = ", ".join(f"{w:,.0f}" for w, _ in res)
        print(
            f"classic, {workers} processes at once: {total:,.0f} deals/s wall clock "
            f"({each}; {sum(c for _, c in res):,.0f} per CPU second)"
        )
    print(f"deals/s: {total:.0f}")
    return 0
