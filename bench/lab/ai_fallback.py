"""Early-trick play: which cheap evaluation loses least against a slow oracle.

    PYTHONPATH=py python3 bench/lab/ai_fallback.py [--positions N] [--seed S] [--oracle-worlds W]

Positions: the first three tricks of random classic deals (bidding, discard
and contract by the greedy bot), a seat to play with at least three legal
moves. The oracle is PIMC with W worlds, exact values for every move and a
generous node limit (300k per search). Each variant decides the same position with its own worlds;
its regret is the oracle's utility of the oracle's best move minus that of
the variant's move (in the utility's points). Variants, at Strong's budget:

* ``zw+greedy`` (Strong's choice with many cards): one zero-window probe
  against the contract per move, points from a greedy playout;
* ``exact``: exact values (bisection) for every move;
* ``greedy``: no search, greedy playouts only (the solver's worth).
"""

from __future__ import annotations

import argparse
import dataclasses
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from thousand.ai.bot import AIBot
from thousand.ai.settings import STRONG
from thousand.bots import EasyBot
from thousand.state import Game, Observation, Phase


def positions(n: int, seed: int) -> list[Observation]:
    """Early-trick observations with a real choice."""
    rng = random.Random(seed)
    easy = EasyBot()
    out: list[Observation] = []
    i = 0
    while len(out) < n:
        i += 1
        state = Game().new_initial_state(random.Random(seed * 1000 + i))
        stop = rng.randrange(1, 9)
        plays = 0
        while not state.rows:
            obs = state.observation(state.current_player())
            if obs.phase is Phase.PLAY:
                if plays == stop:
                    if len(obs.legal_actions) >= 3:
                        out.append(obs)
                    break
                plays += 1
            state.apply_action(easy.act(obs, rng))
    return out


def main() -> int:
    """Run the comparison and print mean regrets."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--positions", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--oracle-worlds", type=int, default=24)
    args = ap.parse_args()
    w = args.oracle_worlds
    oracle = AIBot(
        dataclasses.replace(
            STRONG,
            name="oracle",
            play_samples=(0,) + (w,) * 12,
            exact_cards=12,
            node_limit=300_000,
            play_nodes=10**9,
            min_worlds=w,
        )
    )
    variants = {
        "zw+greedy": AIBot(dataclasses.replace(STRONG, exact_cards=0)),
        "exact": AIBot(dataclasses.replace(STRONG, exact_cards=12)),
        "greedy": AIBot(dataclasses.replace(STRONG, node_limit=0, exact_cards=0)),
    }
    regret: dict[str, list[float]] = {k: [] for k in variants}
    cost: dict[str, list[float]] = {k: [] for k in variants}
    for k, obs in enumerate(positions(args.positions, args.seed)):
        ref = oracle.start(obs, random.Random(10_000 + k)).run()
        util = {c.action: c.utility for c in ref}
        best = max(util.values())
        for name, bot in variants.items():
            t0 = time.process_time()
            a = bot.act(obs, random.Random(20_000 + k))
            cost[name].append((time.process_time() - t0) * 1000)
            regret[name].append(best - util[a])
        print(
            f"position {k + 1}: " + ", ".join(f"{n} {regret[n][-1]:.1f}" for n in variants),
            flush=True,
        )
    print(f"{args.positions} positions (tricks 1-3), oracle {w} worlds exact")
    for name in variants:
        r = regret[name]
        print(
            f"{name:10s} mean regret {statistics.mean(r):6.2f}  "
            f"(zero in {sum(1 for x in r if x < 1e-9)}/{len(r)}), "
            f"mean time {statistics.mean(cost[name]):6.0f} ms"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
