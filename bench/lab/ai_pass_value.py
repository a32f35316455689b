"""What a pass in the bidding is worth, against what the defend model says.

    PYTHONPATH=py python3 bench/lab/ai_pass_value.py --deals 600 --seed 1717 --out P.jsonl
    PYTHONPATH=py python3 bench/lab/ai_pass_value.py --report P.jsonl

Ordinary deals of the Classic preset (or ``--preset``) from zero totals, ``--level`` in every
seat. For each seat's first pass in the bidding (RULES §5) one record: the
highest bid at that moment (100: nobody has bid over first hand's hundred),
how many bids and passes came before it, ``auction.pass_ev`` (the value the
bot gave the pass), the best bid's value, and the seat's realized relative
score of the deal (own score minus the mean of the others, before
penalties). ``--report`` prints the mean residual (realized - ``pass_ev``) by
the highest bid and, at 100, by the number of calls before the pass.

    PYTHONPATH=py python3 bench/lab/ai_pass_value.py --force --deals 20000 --seed 3608 --out F.jsonl
    PYTHONPATH=py python3 bench/lab/ai_pass_value.py --fit F.jsonl [--write]

``--force``: in each deal one seat drawn at random passes at its first call with a
choice, whatever it holds (the record says whether the bot would have bid), and
only it is recorded, with its hand as dealt. ``--fit`` fits the pass model on such
records (``pass3``: the dealt hand's features and two early terms, ridge), scores
it on half of them against the pass values the bot gave (and ``--write`` stores
the fit on all). The shipped ``pass3`` was fitted on
``bench/lab/data/pass_forced_classic.jsonl.gz``: the first 2062 records of ``--seed
3608`` and the first 1411 of ``--seed 3609`` (Strong in every seat), the fields
the fit and the score use.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

from ai_fit_evaluator import (  # noqa: E402
    bot_turn,
    raw_scores,
    read_records,
    relative,
    ridge,
    store,
)
from variants import make_ai_bot  # noqa: E402

from thousand import actions as A  # noqa: E402
from thousand.ai.auction import is_early, pass_ev  # noqa: E402
from thousand.ai.evaluator import FEATURES, features, shared  # noqa: E402
from thousand.arena import mean_ci  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402
from thousand.state import Game, Phase  # noqa: E402


def deal(
    rng: random.Random, level: str, preset: str = "classic", force: bool = False
) -> list[dict[str, Any]]:
    """One ordinary deal; a record per seat that passed (its first pass). With
    ``force``: one seat, drawn at random, passes at its first call with a choice
    whatever the bot would have done (``bot_bids`` says what), and only it is
    recorded, with its hand as dealt: the pass of every kind of hand, strong ones
    included, for fitting what a pass is worth."""
    conv = Conventions.preset(preset)
    state = Game(conv).new_initial_state(random.Random(rng.random()))
    bots = [make_ai_bot(level) for _ in range(3)]
    ev = shared()
    forced = rng.randrange(3) if force else -1
    passes: dict[int, dict[str, Any]] = {}
    start = len(state.rows)
    while True:
        seat = state.current_player()
        obs = state.observation(seat)
        a, think = bot_turn(bots[seat], obs, rng)
        bidding = obs.phase is Phase.BIDDING and seat not in passes and think is not None
        if bidding and force and seat == forced:
            passes[seat] = {"bot_bids": a != A.PASS, "dealt": obs.hand}
            a = A.PASS
        elif bidding and not force and a == A.PASS:
            passes[seat] = {}
        if seat in passes and "high" not in passes[seat]:
            assert think is not None
            bids = [A.action_value(b) for _, b in obs.bids if A.BID_BASE <= b < A.CONTRACT_BASE]
            others = [c.utility for c in think.choices if c.action != A.PASS]
            passes[seat] |= {
                "high": max(bids or [100]),
                "calls": len(obs.bids),
                "early": is_early(obs, seat),
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


# The conventions a pass model is measured under and applies to (``pass3``): those
# that change what a defender scores or how the auction goes.
PASS_CONVENTIONS = (
    "bombs",
    "bomb_points",
    "write_off",
    "must_beat",
    "declare_on_first_lead",
    "min_raise",
    "bolts",
)


def _pass_x(r: dict[str, Any]) -> list[float]:
    """A forced pass's regressors: the dealt hand's features, then the early pass and
    the early pass after another seat's."""
    early = bool(r["early"])
    return [*features(r["dealt"]), float(early), float(early and r["calls"] >= 1)]


def fit_pass(records: list[dict[str, Any]], preset: str, lam: float = 3.0) -> dict[str, Any]:
    """The ``pass3`` entry: the realized relative score of forced passes on the dealt
    hand's features and the two early terms (ridge), for ``preset``'s conventions."""
    xs = [_pass_x(r) for r in records]
    ys = [float(r["u"]) for r in records]
    w = ridge(xs, ys, lam)
    res = [y - sum(a * b for a, b in zip(w, x, strict=True)) for x, y in zip(xs, ys, strict=True)]
    conv = Conventions.preset(preset)
    k = len(FEATURES)
    return {
        "features": list(FEATURES),
        "weights": [round(x, 4) for x in w[:k]],
        "early": round(w[k], 3),
        "after_pass": round(w[k + 1], 3),
        "sigma": round(math.sqrt(sum(r * r for r in res) / len(res)), 2),
        "n": len(records),
        "conventions": {c: getattr(conv, c) for c in PASS_CONVENTIONS},
        "source": f"bench/lab/ai_pass_value.py --force --preset {preset} (Strong in every seat)",
    }


def compare(records: list[dict[str, Any]], preset: str) -> None:
    """The pass model fitted on one half of the forced passes against the pass values
    the bot gave them, both scored on the other half: mean squared error, and the mean
    residual of the hands the bot would have bid and of those it passed."""
    order = list(range(len(records)))
    random.Random(0).shuffle(order)
    half = len(order) // 2
    fit = [records[i] for i in order[:half]]
    test = [records[i] for i in order[half:]]
    entry = fit_pass(fit, preset)
    w = [*entry["weights"], entry["early"], entry["after_pass"]]
    fitted = [sum(a * b for a, b in zip(w, _pass_x(r), strict=True)) for r in test]
    print(f"forced passes: {len(records)} (fitted on {len(fit)}, scored on {len(test)})")
    for name, pred in (("the bot's pass value", [r["pass_ev"] for r in test]), ("fitted", fitted)):
        err = [r["u"] - p for r, p in zip(test, pred, strict=True)]
        mse = sum(e * e for e in err) / len(err)
        line = f"  {name}: mean squared error {mse:.0f}"
        for label, want in (("would bid", True), ("would pass", False)):
            sel = [e for r, e in zip(test, err, strict=True) if bool(r["bot_bids"]) == want]
            if sel:
                m, half_ci = mean_ci(sel)
                line += f"; {label} (n={len(sel)}) realized - value {m:+.1f} +- {half_ci:.1f}"
        print(line)


def main(argv: list[str] | None = None) -> int:
    """Play ``--deals`` deals appending records to ``--out``, or ``--report`` files."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--level", default="strong")
    p.add_argument("--preset", default="classic", help="3 players (polish: bombs scored)")
    p.add_argument("--out")
    p.add_argument("--force", action="store_true", help="one seat a deal passes, whatever it holds")
    p.add_argument("--report", nargs="+")
    p.add_argument("--fit", nargs="+", help="forced-pass records: the pass model, scored")
    p.add_argument("--write", action="store_true", help="with --fit: store it as pass3")
    args = p.parse_args(argv)
    if args.report:
        report(args.report)
        return 0
    if args.fit:
        recs = [r for r in read_records(args.fit) if "dealt" in r]
        compare(recs, args.preset)
        entry = fit_pass(recs, args.preset)
        print({k: v for k, v in entry.items() if k != "weights"})
        if args.write:
            path = store({"pass3": [entry]}, used_by_a_level=False)
            print(f"wrote {path} (pass3)")
        return 0
    if not args.out:
        p.error("--out is required when playing")
    rng = random.Random(args.seed)
    with open(args.out, "a") as f:
        for _ in range(args.deals):
            for rec in deal(rng, args.level, args.preset, args.force):
                f.write(json.dumps(rec) + "\n")
            f.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
