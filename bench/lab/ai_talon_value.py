"""What knowing the talon is worth at a bid, by Strong's own valuation.

    PYTHONPATH=py python3 bench/lab/ai_talon_value.py --deals 1000 --seed 2202 [--preset classic]

At the first bidding decision with a choice (the seat facing first hand's
hundred), Strong's bid table at the lowest bid is computed twice: over its
sampled talons (as it plays) and on the true deal (as ``oracle_auction`` sees
it). Taking the true-talon table as the truth, the decision to bid or pass made
from the sampled table loses ``max(true, pass) - (true if bid else pass)``
relative points against the same decision made knowing the talon. That is the
value of the talon's information at one decision, by the model: a part of
the auction's headroom no inference can close (the talon is dealt at random;
the bids tell little about it). Printed as JSON with 95% intervals.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from thousand import actions as A
from thousand.ai.auction import bid_table, pass_ev
from thousand.ai.evaluator import shared
from thousand.ai.oracle import true_world
from thousand.ai.settings import STRONG
from thousand.ai.think import Context
from thousand.bots import EasyBot
from thousand.conventions import Conventions
from thousand.state import Game, Phase


def run(gen):  # type: ignore[no-untyped-def]
    """Drive a decision generator to its value."""
    try:
        while True:
            next(gen)
    except StopIteration as e:
        return e.value


def ci(xs: list[float]) -> list[float]:
    m = statistics.mean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return [round(m, 2), round(m - h, 2), round(m + h, 2)]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=int, default=1000)
    p.add_argument("--seed", type=int, default=2202)
    p.add_argument("--preset", default="classic")
    args = p.parse_args()
    conv = Conventions.preset(args.preset)
    ev = shared()
    rng = random.Random(args.seed)
    loss: list[float] = []
    differ = 0
    o_bids = s_bids = 0
    t0 = time.time()
    for _ in range(args.deals):
        state = Game(conv).new_initial_state(random.Random(rng.random()))
        easy = EasyBot()
        while state.phase is not Phase.BIDDING or len(state.legal_actions()) < 2:
            if state.phase is Phase.PLAY or state.is_terminal():
                break
            state.apply_action(easy.act(state.observation(state.current_player()), rng))
        if state.phase is not Phase.BIDDING:
            continue
        obs = state.observation(state.current_player())
        bids = [a for a in obs.legal_actions if A.BID_BASE <= a < A.CONTRACT_BASE]
        if not bids:
            continue
        lo = A.action_value(bids[0])
        r = random.Random(rng.random())
        s_table = run(bid_table(Context(None), obs, r, STRONG, ev, lo, lo))
        ctx = Context(None)
        ctx.known = true_world(state)
        o_table = run(bid_table(ctx, obs, r, STRONG, ev, lo, lo))
        base = pass_ev(obs, obs.seat, ev, STRONG)
        s_u, o_u = s_table.at(lo)[0], o_table.at(lo)[0]
        s_bid, o_bid = s_u > base, o_u > base
        s_bids += s_bid
        o_bids += o_bid
        differ += s_bid != o_bid
        loss.append(max(o_u, base) - (o_u if s_bid else base))
    out = {
        "preset": args.preset,
        "seed": args.seed,
        "decisions": len(loss),
        "strong_bids": s_bids,
        "oracle_bids": o_bids,
        "differ": differ,
        "talon_value": ci(loss),
        "seconds": round(time.time() - t0, 1),
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
