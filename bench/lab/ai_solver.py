"""Open-hand solver benchmark: zero-window solves of whole deals (CPython).

    PYTHONPATH=py python3 bench/lab/ai_solver.py [--deals N] [--seed S] [--players 3]

Deals come from the engine, driven by the greedy bot through bidding, discard
and contract to the first card; each deal is solved open-handed once with a
cold transposition table against its contract (``reach(pos, contract)``), and
once exactly (``value``). Times are CPU time of this process (the machine may be
shared). Last line: ``median zero-window full-deal solve: X ms``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from thousand import actions as A
from thousand.ai.common import position_from_obs
from thousand.ai.solver import Position, Rules, Solver
from thousand.bots import EasyBot
from thousand.cards import MARRIAGE_VALUE, mask_points
from thousand.conventions import Conventions
from thousand.state import Game, Observation, Phase, State


def deal_to_play(rng: random.Random, conv: Conventions) -> State:
    """A fresh deal driven to its first card by the greedy bot (no concessions)."""
    state = Game(conv).new_initial_state(random.Random(rng.random()))
    easy = EasyBot()
    while state.phase is not Phase.PLAY:
        legal = state.legal_actions()
        a = easy.act(state.observation(state.current_player()), rng)
        if a == A.WRITEOFF:
            a = next(x for x in legal if x != A.WRITEOFF)
        state.apply_action(a)
    return state


def declarer_points(obs: Observation, aside_points: int = 0) -> int:
    """The declarer's deal points so far: tricks, marriages and (2 players) the aside."""
    d = obs.declarer
    pts = obs.points_taken[d] + aside_points
    for seat, suit in obs.marriages:
        if seat == d:
            pts += 200 if suit == 4 else MARRIAGE_VALUE[suit]
    return pts


def open_position(state: State) -> tuple[Position, int]:
    """The open-handed position of a state and the declarer's target still to take."""
    obs = state.observation(state.current_player())
    hands = {s: state.observation(s).hand for s in obs.active}
    talon = 0
    aside = 0
    if state.n == 2:
        other = state.talons[0] if state.talon == state.talons[1] else state.talons[1]
        talon = mask_points(other)
        aside_mask = state.observation(obs.declarer).aside or 0
        aside = mask_points(aside_mask)
    return position_from_obs(obs, hands, talon), obs.contract - declarer_points(obs, aside)


def main() -> int:
    """Run the benchmark and print the figures."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    args = ap.parse_args()
    conv = Conventions(players=args.players, barrel=args.players != 2)
    rng = random.Random(args.seed)
    zw: list[float] = []
    ex: list[float] = []
    nodes: list[int] = []
    made = 0
    for _ in range(args.deals):
        state = deal_to_play(rng, conv)
        pos, target = open_position(state)
        solver = Solver(Rules.of(conv))
        t0 = time.process_time()
        ok = solver.reach(pos, target)
        zw.append((time.process_time() - t0) * 1000)
        nodes.append(solver.nodes)
        made += ok
        solver = Solver(Rules.of(conv))
        t0 = time.process_time()
        solver.value(pos)
        ex.append((time.process_time() - t0) * 1000)
    q = statistics.quantiles(zw, n=20)
    print(
        f"deals: {args.deals}, players: {args.players}, contract makeable open-handed: "
        f"{made / args.deals:.0%}"
    )
    print(
        f"zero-window: p90 {q[17]:.1f} ms, max {max(zw):.1f} ms, "
        f"median nodes {statistics.median(nodes):.0f}"
    )
    print(
        f"exact value (bisection): median {statistics.median(ex):.1f} ms, "
        f"p90 {statistics.quantiles(ex, n=10)[8]:.1f} ms"
    )
    print(f"median zero-window full-deal solve: {statistics.median(zw):.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
