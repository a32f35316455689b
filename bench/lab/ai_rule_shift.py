"""What a rule change is worth to the declarer's hand, measured open-handed.

    PYTHONPATH=py python3 bench/lab/ai_rule_shift.py --deals 300 --seed 2201 [--preset polish]

The hand models in ``ai/data/evaluator.json`` were fitted on classic deals.
Under a preset whose play rules differ (Polish: ``must_beat`` and
``declare_on_first_lead``) the same hand is worth a different number of
points. This script measures the difference on the same deals: a random
3-player deal, the first seat takes the talon and passes the two cards the
fitted model likes least (``auction._best_out``; the richer to the next seat),
and the open-hand solver gives the declarer's exact points from the first lead
under the classic play rules and under the preset's. The difference (preset -
classic) is regressed on the marriages of the played hand (the feature the
rules touch: a marriage may be declared on the first lead) and printed as JSON
with the mean difference by number of marriages held.

Open-handed values flatter the declarer; the *difference* between two rule
sets on the same deals is the quantity used (a first-order correction of the
classic models, ``evaluator.rule_shift``).
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
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

from thousand.ai.auction import _best_out
from thousand.ai.evaluator import shared
from thousand.ai.solver import Position, Rules, Solver
from thousand.cards import FULL_DECK, MARRIAGE_MASK, POINTS, iter_cards
from thousand.conventions import Conventions


def one_deal(rng: random.Random, conv: Conventions, ev) -> tuple[int, list[int]]:
    """A deal after the talon and the pass: (the declarer's played hand, the 3 hands)."""
    cards = list(iter_cards(FULL_DECK))
    rng.shuffle(cards)
    hands = [sum(1 << c for c in cards[7 * i : 7 * i + 7]) for i in range(3)]
    talon = sum(1 << c for c in cards[21:24])
    obs = SimpleNamespace(conventions=conv, players=3)
    full = hands[0] | talon
    _mu, rest = _best_out(obs, ev, full)  # type: ignore[arg-type]
    a, b = sorted(iter_cards(full & ~rest), key=lambda c: (POINTS[c], c), reverse=True)
    return rest, [rest, hands[1] | 1 << a, hands[2] | 1 << b]


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=int, default=300)
    p.add_argument("--seed", type=int, default=2201)
    p.add_argument("--preset", default="polish")
    p.add_argument("--minutes", type=float, default=20.0)
    args = p.parse_args()
    conv = Conventions.preset(args.preset)
    classic = Rules.of(Conventions())
    other = Rules.of(conv)
    ev = shared()
    rng = random.Random(args.seed)
    rows = []
    t0 = time.time()
    for _ in range(args.deals):
        if time.time() - t0 > 60 * args.minutes:
            break
        rest, hands = one_deal(rng, conv, ev)
        pos = Position(3, hands, 0)
        v0 = Solver(classic).value(pos.copy())
        v1 = Solver(other).value(pos.copy())
        mar = sum(1 for mm in MARRIAGE_MASK if rest & mm == mm)
        rows.append((mar, v1 - v0, v0, v1))
    by: dict[int, list[float]] = {}
    for mar, d, _v0, _v1 in rows:
        by.setdefault(mar, []).append(d)
    out = {"preset": args.preset, "deals": len(rows), "seed": args.seed}
    diffs = [r[1] for r in rows]
    m = statistics.mean(diffs)
    se = statistics.stdev(diffs) / math.sqrt(len(diffs))
    out["mean_shift"] = [round(m, 2), round(m - 1.96 * se, 2), round(m + 1.96 * se, 2)]
    out["classic_mean"] = round(statistics.mean(r[2] for r in rows), 1)
    out["preset_mean"] = round(statistics.mean(r[3] for r in rows), 1)
    out["by_marriages"] = {}
    for k in sorted(by):
        v = by[k]
        s = statistics.stdev(v) / math.sqrt(len(v)) if len(v) > 1 else float("nan")
        shift = round(statistics.mean(v), 2)
        out["by_marriages"][k] = {"n": len(v), "shift": shift, "se": round(s, 2)}
    # Least squares: shift = a + b * (marriages held).
    xs = [r[0] for r in rows]
    mx = statistics.mean(xs)
    sxx = sum((x - mx) ** 2 for x in xs)
    b = sum((x - mx) * (d - m) for x, d in zip(xs, diffs, strict=True)) / sxx if sxx else 0.0
    out["fit"] = {"intercept": round(m - b * mx, 2), "per_marriage": round(b, 2)}
    out["seconds"] = round(time.time() - t0, 1)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
