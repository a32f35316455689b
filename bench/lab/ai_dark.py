"""What the dark game (§10 ``dark_game``) is worth to first hand: paired self-play.

    PYTHONPATH=py python3 bench/lab/ai_dark.py [--deals N] [--seed S] [--level strong]
        [--players 3] [--out FILE] [--combine FILE ...] [--write]

Each deal (from zero totals, Classic with ``dark_game`` on) is played twice
with the same cards and the same bots: once with first hand declaring the
dark game, once with it looking at its cards. The figure is first hand's
relative score (own deal score minus the mean of the others', penalties
aside) in the dark deal minus that in the looked-at deal, with its 95% CI;
also the chance that the dark game is made when it is played (not unblinded)
and how often an opponent unblinds. ``--write`` stores ``dark_p`` and
``dark_gain`` in ``py/thousand/ai/data/evaluator.json``, which the bots read
when they choose (``auction._dark``). Last line: ``dark - look: <+/-X.X>
points/deal, 95% CI [lo, hi], n=N``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

from ai_fit_evaluator import OUT, raw_scores  # noqa: E402
from variants import make_ai_bot  # noqa: E402

from thousand import actions as A  # noqa: E402
from thousand.arena import mean_ci  # noqa: E402
from thousand.cards import cards_mask  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402
from thousand.state import Game, Phase, State  # noqa: E402


def one(conv: Conventions, seed: int, level: str, dark: bool) -> dict[str, Any]:
    """Play deal ``seed`` with first hand choosing dark (or look); first hand's result."""
    first = Game(conv).new_initial_state(random.Random(seed))
    d = first.record()["deals"][0]
    hands = [cards_mask(h) for h in d["hands"]]
    talon: Any = (
        (cards_mask(d["talon"][0]), cards_mask(d["talon"][1]))
        if conv.players == 2
        else cards_mask(d["talon"])
    )
    state = State.from_deal(conv, d["dealer"], hands, talon, rng=random.Random(seed * 7 + 1))
    bots = [make_ai_bot(level) for _ in range(conv.players)]
    rngs = [random.Random(seed * 13 + s) for s in range(conv.players)]
    fh = -1
    unblind = False
    while not state.rows:
        seat = state.current_player()
        obs = state.observation(seat)
        if obs.phase is Phase.DARK:
            fh = seat
            a = A.DARK if dark else A.LOOK
        else:
            a = bots[seat].act(obs, rngs[seat])
            unblind = unblind or a == A.UNBLIND
        state.apply_action(a)
    row = state.rows[-1]
    if row.kind == "redeal" or fh < 0:
        return {"skip": True}
    raw = raw_scores(row, conv)
    active = [s for s in range(conv.players) if row.points[s] is not None]
    others = [raw[s] for s in active if s != fh]
    return {
        "skip": False,
        "u": raw[fh] - sum(others) / len(others),
        "dark_played": row.dark,
        "made": bool(row.made) if row.kind == "play" else False,
        "unblind": unblind,
    }


def main() -> int:
    """Run the pairs (or pool earlier runs) and print the figures."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--deals", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--level", default="strong")
    ap.add_argument("--players", type=int, default=3, choices=(2, 3, 4))
    ap.add_argument("--out", help="append each pair as a JSON line")
    ap.add_argument("--combine", nargs="+", help="pool JSON-lines files instead of playing")
    ap.add_argument("--write", action="store_true", help="store dark_p and dark_gain")
    args = ap.parse_args()
    conv = Conventions.for_players(args.players).replace(
        dark_game=True, redeal_hand_below=None, redeal_four_nines=False
    )
    pairs: list[dict[str, Any]] = []
    if args.combine:
        for path in args.combine:
            with open(path, encoding="utf-8") as f:
                pairs.extend(json.loads(line) for line in f if line.strip())
    else:
        out = open(args.out, "a", encoding="utf-8") if args.out else None  # noqa: SIM115
        for i in range(args.start, args.start + args.deals):
            seed = args.seed * 1_000_003 + i
            dk = one(conv, seed, args.level, True)
            lk = one(conv, seed, args.level, False)
            if dk["skip"] or lk["skip"]:
                continue
            pair = {"index": i, "dark": dk, "look": lk, "diff": dk["u"] - lk["u"]}
            pairs.append(pair)
            if out:
                out.write(json.dumps(pair) + "\n")
                out.flush()
        if out:
            out.close()
    n = len(pairs)
    if not n:
        print("no pairs")
        return 1
    mean, half = mean_ci([p["diff"] for p in pairs])
    played = [p["dark"] for p in pairs if p["dark"]["dark_played"]]
    made = sum(1 for p in played if p["made"]) / len(played) if played else 0.0
    unblind = sum(1 for p in pairs if p["dark"]["unblind"]) / n
    look_u = sum(p["look"]["u"] for p in pairs) / n
    print(
        f"dark games played {len(played)} of {n} (unblinded {unblind:.1%}); made {made:.1%}; "
        f"first hand looking: {look_u:+.1f} points/deal"
    )
    if args.write:
        data = json.loads(OUT.read_text())
        key = f"const{2 if args.players == 2 else 3}"
        data.setdefault(key, {}).update(dark_p=round(made, 3), dark_gain=round(mean, 1))
        OUT.write_text(json.dumps(data, indent=1) + "\n")
        print(f"wrote {OUT}")
    lo, hi = mean - half, mean + half
    print(f"dark - look: {mean:+.1f} points/deal, 95% CI [{lo:+.1f}, {hi:+.1f}], n={n}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
