"""What inference from the auction is worth at a bid, by Strong's own valuation.

    PYTHONPATH=py python3 bench/lab/ai_bid_decision.py --deals 400 --seed 2332 [--preset classic]
        [--gamma 1.0] [--level normal]

The auction of each deal is played by ``--level`` bots. At every bidding
decision with a choice after another seat has bid or passed (where the bids
say something), Strong's bid table at the lowest bid is computed three ways:
over talons sampled as Strong samples them (the soft auction model), over
talons sampled with the fitted bidding model (``Settings.auction_policy =
gamma``, ``bidmodel.py``), and on the true deal (as ``oracle_auction`` sees
it). With the true-talon table as the truth, each sampled table's choice (bid
or pass against Strong's value of passing) loses ``max(true, pass) - (true if
it bids else pass)`` relative points. The paired difference of the two losses
is what the bidding model buys at that decision (positive: it loses less).
The same generator seeds both sampled tables. Printed as JSON with 95%
intervals (``ai_talon_value.py`` measures the same loss at the first decision).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from variants import make_ai_bot

from thousand import actions as A
from thousand.ai.auction import bid_table, pass_ev
from thousand.ai.evaluator import shared
from thousand.ai.oracle import true_world
from thousand.ai.settings import STRONG
from thousand.ai.think import Context
from thousand.conventions import Conventions
from thousand.state import Game, Phase

AUCTION = (Phase.DARK, Phase.REDEAL, Phase.BIDDING)


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
    return [round(m, 3), round(m - h, 3), round(m + h, 3)]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=int, default=400)
    p.add_argument("--seed", type=int, default=2332)
    p.add_argument("--preset", default="classic")
    p.add_argument("--gamma", type=float, default=1.0)
    p.add_argument("--level", default="normal")
    p.add_argument("--minutes", type=float, default=0.0, help="stop after this long (0: never)")
    args = p.parse_args()
    conv = Conventions.preset(args.preset)
    ev = shared()
    policy = replace(STRONG, auction_policy=args.gamma)
    bot = make_ai_bot(args.level)
    rng = random.Random(args.seed)
    loss_s: list[float] = []
    loss_p: list[float] = []
    differ = s_bids = p_bids = o_bids = 0
    t0 = time.time()
    deals = 0
    for _ in range(args.deals):
        if args.minutes and time.time() - t0 > 60 * args.minutes:
            break
        deals += 1
        state = Game(conv).new_initial_state(random.Random(rng.random()))
        while not state.rows and not state.is_terminal() and state.phase in AUCTION:
            seat = state.current_player()
            obs = state.observation(seat)
            r = random.Random(rng.random())
            bids = [a for a in obs.legal_actions if A.BID_BASE <= a < A.CONTRACT_BASE]
            others = any(s != seat for s, _a in obs.bids)
            if obs.phase is Phase.BIDDING and bids and A.PASS in obs.legal_actions and others:
                lo = A.action_value(bids[0])
                seed = r.random()
                tables = []
                for st, known in ((STRONG, False), (policy, False), (STRONG, True)):
                    ctx = Context(None)
                    if known:
                        ctx.known = true_world(state)
                    tables.append(run(bid_table(ctx, obs, random.Random(seed), st, ev, lo, lo)))
                s_table, p_table, o_table = tables
                base = pass_ev(obs, obs.seat, ev, STRONG)
                s_u, p_u, o_u = s_table.at(lo)[0], p_table.at(lo)[0], o_table.at(lo)[0]
                s_bid, p_bid, o_bid = s_u > base, p_u > base, o_u > base
                s_bids += s_bid
                p_bids += p_bid
                o_bids += o_bid
                differ += s_bid != p_bid
                best = max(o_u, base)
                loss_s.append(best - (o_u if s_bid else base))
                loss_p.append(best - (o_u if p_bid else base))
            state.apply_action(bot.act(obs, r))
    gain = [a - b for a, b in zip(loss_s, loss_p, strict=True)]
    out = {
        "preset": args.preset,
        "seed": args.seed,
        "gamma": args.gamma,
        "deals": deals,
        "decisions": len(gain),
        "soft_bids": s_bids,
        "policy_bids": p_bids,
        "oracle_bids": o_bids,
        "soft_vs_policy_differ": differ,
        "loss_soft": ci(loss_s),
        "loss_policy": ci(loss_p),
        "policy_gain": ci(gain),
        "seconds": round(time.time() - t0, 1),
    }
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
