"""Fit the hand evaluator on self-play and write ``py/thousand/ai/data/evaluator.json``.

    PYTHONPATH=py python3 bench/ai_fit_evaluator.py --deals N [--players 3] [--seed S]
        [--data FILE] [--level normal]
    PYTHONPATH=py python3 bench/ai_fit_evaluator.py --fit-only --data FILE [--data FILE2]

Each deal makes a random seat the declarer (it is first hand and everybody
passes, so it plays at least 100 with the talon shown; no redeals, no
concessions), and all seats are played by the given AI level. One record per
deal: the declarer's hand as dealt, the hand it plays (after passing two
cards; with 2 players after putting two aside, whose points are subtracted
from the label) and its final deal points. Records are appended to ``--data``
(JSON lines) so that several runs can be pooled; then a ridge regression on
``evaluator.FEATURES`` is fitted per table size for the ``bid`` (dealt hand)
and ``play`` (played hand) models, with the residual standard deviation, and
written with a summary of the fit (R^2, sigma, n).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from thousand import actions as A  # noqa: E402
from thousand.ai import make_ai_bot  # noqa: E402
from thousand.ai.evaluator import FEATURES, features  # noqa: E402
from thousand.cards import cards_mask, mask_points  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402
from thousand.record import make_record  # noqa: E402
from thousand.state import Game, Phase, State  # noqa: E402

OUT = ROOT / "py" / "thousand" / "ai" / "data" / "evaluator.json"
DATA_CONV = {
    "redeal_hand_below": None,
    "redeal_four_nines": False,
    "redeal_talon_below": None,
    "redeal_two_nines_in_talon": False,
    "write_off": False,
    "hide_talon_on_100": False,
}


def one_deal(rng: random.Random, players: int, level: str) -> dict[str, Any] | None:
    """Play one deal with a forced declarer; the record or None."""
    base = Conventions.preset("two_players" if players == 2 else "classic")
    conv = base.replace(**DATA_CONV)
    deal_state = Game(conv).new_initial_state(random.Random(rng.random()))
    d = make_record(deal_state)["deals"][0]
    hands = [cards_mask(h) for h in d["hands"]]
    talon: Any = (
        (cards_mask(d["talon"][0]), cards_mask(d["talon"][1]))
        if players == 2
        else cards_mask(d["talon"])
    )
    state = State.from_deal(conv, d["dealer"], hands, talon, rng=random.Random(rng.random()))
    bots = [make_ai_bot(level) for _ in range(players)]
    decl = -1
    dealt = 0
    played_hand = 0
    aside_pts = 0
    while not state.rows:
        seat = state.current_player()
        obs = state.observation(seat)
        # Everybody passes: the first hand plays on 100.
        a = A.PASS if obs.phase is Phase.BIDDING else bots[seat].act(obs, rng)
        if obs.phase is Phase.PLAY and not played_hand:
            decl = obs.declarer
            played_hand = state.observation(decl).hand
            aside_pts = mask_points(state.observation(decl).aside or 0)
            dealt = hands[decl]
        state.apply_action(a)
    row = state.rows[-1]
    if row.kind != "play" or decl < 0:
        return None
    pts = row.points[decl]
    assert pts is not None
    return {
        "players": players,
        "dealt": dealt,
        "played": played_hand,
        "aside": aside_pts,
        "points": pts,
        "contract": row.contract,
    }


def ridge(xs: list[list[float]], ys: list[float], lam: float = 1.0) -> list[float]:
    """Least squares with a small ridge penalty (not on the bias), by Gaussian elimination."""
    k = len(xs[0])
    m = [[0.0] * (k + 1) for _ in range(k)]
    for x, y in zip(xs, ys, strict=True):
        for i in range(k):
            xi = x[i]
            if xi == 0.0:
                continue
            row = m[i]
            for j in range(k):
                row[j] += xi * x[j]
            row[k] += xi * y
    for i in range(1, k):
        m[i][i] += lam
    for c in range(k):
        piv = max(range(c, k), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        if abs(m[c][c]) < 1e-12:
            continue
        for r in range(k):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for j in range(c, k + 1):
                    m[r][j] -= f * m[c][j]
    return [m[i][k] / m[i][i] if abs(m[i][i]) > 1e-12 else 0.0 for i in range(k)]


def fit(records: list[dict[str, Any]], players: int, kind: str) -> dict[str, Any]:
    """Fit one model; returns its JSON entry."""
    rows = [r for r in records if (r["players"] == 2) == (players == 2)]
    hand_key = "dealt" if kind == "bid" else "played"
    xs = [features(r[hand_key]) for r in rows]
    ys = [float(r["points"] - (r["aside"] if kind == "play" else 0)) for r in rows]
    w = ridge(xs, ys)
    pred = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
    res = [y - p for y, p in zip(ys, pred, strict=True)]
    n = len(ys)
    mean = sum(ys) / n
    ss_tot = sum((y - mean) ** 2 for y in ys)
    ss_res = sum(e * e for e in res)
    sigma = math.sqrt(ss_res / max(1, n - len(w)))
    return {
        "features": list(FEATURES),
        "weights": [round(v, 4) for v in w],
        "sigma": round(sigma, 2),
        "n": n,
        "r2": round(1 - ss_res / ss_tot, 3),
        "mean_points": round(mean, 1),
    }


def main() -> int:
    """Generate records and/or fit."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--players", type=int, default=3, choices=(2, 3))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="normal")
    ap.add_argument(
        "--data", action="append", default=[], help="JSON-lines records (appended to the first)"
    )
    ap.add_argument("--fit-only", action="store_true")
    ap.add_argument("--minutes", type=float, default=9.5, help="stop generating after this")
    args = ap.parse_args()
    if not args.fit_only:
        rng = random.Random(args.seed)
        path = args.data[0] if args.data else "/tmp/evaluator-data.jsonl"
        t0 = time.perf_counter()
        made = 0
        with open(path, "a", encoding="utf-8") as f:
            for _ in range(args.deals):
                r = one_deal(rng, args.players, args.level)
                if r is not None:
                    f.write(json.dumps(r) + "\n")
                    made += 1
                if time.perf_counter() - t0 > args.minutes * 60:
                    break
        print(f"{made} records in {time.perf_counter() - t0:.0f} s -> {path}")
        if not args.data:
            args.data = [path]
    records: list[dict[str, Any]] = []
    for path in args.data:
        with open(path, encoding="utf-8") as f:
            records.extend(json.loads(line) for line in f if line.strip())
    out: dict[str, Any] = {}
    if OUT.exists():
        out = json.loads(OUT.read_text())
    for players in (2, 3):
        if sum(1 for r in records if (r["players"] == 2) == (players == 2)) < 50:
            continue
        for kind in ("bid", "play"):
            entry = fit(records, players, kind)
            out[f"{kind}{players}"] = entry
            print(
                f"{kind}{players}: n={entry['n']} R^2={entry['r2']} sigma={entry['sigma']} "
                f"mean={entry['mean_points']}"
            )
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
