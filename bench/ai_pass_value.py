"""What a pass in the bidding is worth, against what the defend model says.

    PYTHONPATH=py python3 bench/ai_pass_value.py --deals 600 --seed 1717 --out P.jsonl
    PYTHONPATH=py python3 bench/ai_pass_value.py --report P.jsonl

Ordinary deals of the Classic preset (or ``--preset``) from zero totals, ``--level`` in every
seat. For each seat's first pass in the bidding (RULES §5) one record: the
highest bid at that moment (100: nobody has bid over first hand's hundred),
how many bids and passes came before it, ``auction.pass_ev`` (the value the
bot gave the pass), the best bid's value, and the seat's realized relative
score of the deal (own score minus the mean of the others, before
penalties). ``--report`` prints the mean residual (realized - ``pass_ev``) by
the highest bid and, at 100, by the number of calls before the pass.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

from ai_fit_evaluator import bot_turn, raw_scores, relative  # noqa: E402

from thousand import actions as A  # noqa: E402
from thousand.ai import make_ai_bot  # noqa: E402
from thousand.ai.auction import pass_ev  # noqa: E402
from thousand.ai.evaluator import shared  # noqa: E402
from thousand.arena import mean_ci  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402
from thousand.state import Game, Phase  # noqa: E402


def deal(rng: random.Random, level: str, preset: str = "classic") -> list[dict[str, Any]]:
    """One ordinary deal; a record per seat that passed (its first pass)."""
    conv = Conventions.preset(preset)
    state = Game(conv).new_initial_state(random.Random(rng.random()))
    bots = [make_ai_bot(level) for _ in range(3)]
    ev = shared()
    passes: dict[int, dict[str, Any]] = {}
    start = len(state.rows)
    while True:
        seat = state.current_player()
        obs = state.observation(seat)
        a, think = bot_turn(bots[seat], obs, rng)
        first_pass = obs.phase is Phase.BIDDING and a == A.PASS and seat not in passes
        if think is not None and first_pass:
            bids = [A.action_value(b) for _, b in obs.bids if A.BID_BASE <= b < A.CONTRACT_BASE]
            others = [c.utility for c in think.choices if c.action != A.PASS]
            passes[seat] = {
                "high": max(bids or [100]),
                "calls": len(obs.bids),
                "pass_ev": pass_ev(obs, seat, ev, bots[seat].settings),
                "bid_ev": max(others) if others else None,
            }
        state.apply_action(a)
        if len(state.rows) > start:
            if state.rows[-1].kind != "redeal":
                break
            start = len(state.rows)
            passes = {}
    row = state.rows[-1]
    raw = raw_scores(row, conv)
    active = [s for s in range(3) if row.points[s] is not None]
    out = []
    for s, rec in passes.items():
        rec["u"] = relative(raw, s, active)
        rec["role"] = "declarer" if s == row.declarer else "defender"
        rec["contract"] = row.contract
        out.append(rec)
    return out


def _line(label: str, xs: list[dict[str, Any]]) -> str:
    d = [x["u"] - x["pass_ev"] for x in xs]
    m, half = mean_ci(d)
    return f"{label}: n={len(d)}, realized - pass_ev {m:+.1f} +- {half:.1f}"


def report(paths: list[str]) -> None:
    """Residuals by the highest bid at the pass (and at 100 by the calls before it)."""
    recs = [json.loads(line) for p in paths for line in Path(p).read_text().splitlines()]
    for lo, hi in ((0, 100), (105, 105), (110, 115), (120, 400)):
        xs = [r for r in recs if lo <= r["high"] <= hi]
        if xs:
            print(_line(f"highest bid {lo}-{hi}", xs))
    for calls in range(3):
        xs = [r for r in recs if r["high"] <= 100 and r["calls"] == calls]
        if xs:
            print(_line(f"at 100 after {calls} calls", xs))


def main(argv: list[str] | None = None) -> int:
    """Play ``--deals`` deals appending records to ``--out``, or ``--report`` files."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--level", default="strong")
    p.add_argument("--preset", default="classic", help="3 players (polish: bombs scored)")
    p.add_argument("--out")
    p.add_argument("--report", nargs="+")
    args = p.parse_args(argv)
    if args.report:
        report(args.report)
        return 0
    if not args.out:
        p.error("--out is required when playing")
    rng = random.Random(args.seed)
    with open(args.out, "a") as f:
        for _ in range(args.deals):
            for rec in deal(rng, args.level, args.preset):
                f.write(json.dumps(rec) + "\n")
            f.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
