"""Fit the hand evaluator on self-play and write ``py/thousand/ai/data/evaluator.json``.

    PYTHONPATH=py python3 bench/ai_fit_evaluator.py --mode forced --deals N [--players 3]
        [--seed S] [--level strong] [--data FILE] [--minutes M]
    PYTHONPATH=py python3 bench/ai_fit_evaluator.py --mode auction --deals N ...
    PYTHONPATH=py python3 bench/ai_fit_evaluator.py --fit-only --data FILE [--data FILE2 ...]

Two kinds of self-play deals, every seat played by ``--level``, appended to
``--data`` as JSON lines so that runs can be pooled:

* ``forced``: a random seat is the declarer (first hand, everybody passes, so
  it plays at least 100; the talon is shown, no redeals, no concession). One
  record per deal: the declarer's hand as dealt, the hand it plays (after
  passing two cards; with 2 players after putting two aside, whose points are
  taken off the label), its final deal points and the marriages it declared.
  These unbiased deals fit the ``bid`` (dealt hand) and ``play`` (played hand)
  models and the share of held marriages a declarer declares.
* ``auction``: ordinary deals of the Classic (or Two players) preset from zero
  totals. One record per seat: its hand as dealt, its role, its deal score
  before penalties and its *relative* score (own minus the mean of the other
  active seats), whether it took a trick; and per deal the declarer's
  predicted chance of making the final contract (the contract decision's
  ``make``) with the outcome. These fit the ``defend`` model (a defender's
  relative score from its hand: the value of passing), the ``bolt`` model (the
  chance that a defender takes no trick, logistic) and the calibration of the
  predicted chances (logistic on the logit).

Linear models are ridge regressions on ``evaluator.FEATURES`` with their
residual standard deviation; each fit prints n, R^2 (or the log loss) and sigma.
"""

from __future__ import annotations

import argparse
import gzip
import json
import math
import random
import sys
import time
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "py"))

from thousand import actions as A  # noqa: E402
from thousand.ai import make_ai_bot  # noqa: E402
from thousand.ai.evaluator import FEATURES, features, shared, table_size  # noqa: E402
from thousand.cards import (  # noqa: E402
    ACE,
    ACE_MARRIAGE,
    cards_mask,
    marriage_total,
    marriage_value,
    mask_points,
)
from thousand.conventions import Conventions  # noqa: E402
from thousand.record import make_record  # noqa: E402
from thousand.scoring import round_points  # noqa: E402
from thousand.sheet import SheetRow  # noqa: E402
from thousand.state import Game, Phase, State  # noqa: E402

OUT = ROOT / "py" / "thousand" / "ai" / "data" / "evaluator.json"
# The models only the AI lab's variants use (bench/lab/variants.py): not shipped.
VARIANTS_OUT = ROOT / "bench" / "lab" / "data" / "variants.json"


def store(entries: dict[str, Any], used_by_a_level: bool) -> Path:
    """Write fitted ``entries`` to their one home, ``evaluator.json`` where a level the
    page offers uses them and the lab's ``variants.json`` where only its variants do,
    taking the same names out of the other file; the file written."""
    home, other = (OUT, VARIANTS_OUT) if used_by_a_level else (VARIANTS_OUT, OUT)
    data = json.loads(home.read_text()) if home.exists() else {}
    home.write_text(json.dumps(data | entries, indent=1) + "\n")
    if other.exists():
        rest = json.loads(other.read_text())
        if set(rest) & set(entries):
            kept = {k: v for k, v in rest.items() if k not in entries}
            other.write_text(json.dumps(kept, indent=1) + "\n")
    return home


def level_uses(**settings: Any) -> bool:
    """Whether a level the page offers has every one of these settings (for ``store``:
    ``value_model="play_net"``)."""
    from thousand.ai.settings import LEVELS

    return any(all(getattr(s, k) == v for k, v in settings.items()) for s in LEVELS.values())


FORCED_CONV = {
    "redeal_hand_below": None,
    "redeal_four_nines": False,
    "redeal_talon_below": None,
    "redeal_two_nines_in_talon": False,
    "write_off": False,
    "hide_talon_on_100": False,
    "bombs": 0,
}


def _preset_name(players: int, preset: str | None = None) -> str:
    """``preset``, or by default the table size's classic preset."""
    return preset or ("two_players" if players == 2 else "classic")


def _preset(players: int, preset: str | None = None) -> Conventions:
    return Conventions.preset(_preset_name(players, preset))


#: The presets whose records the fits here use (the others' forced records fit
#: rule-specific rich models, ``bench/lab/ai_value_model.py --preset``).
FIT_PRESETS = ("classic", "two_players")


def forced_start(
    conv: Conventions, deal_rng: random.Random, state_rng: random.Random
) -> tuple[State, list[int]]:
    """A new deal under ``conv`` (with ``FORCED_CONV``: nobody may ask for a
    redeal, concede or throw a bomb) as a state; and the hands as dealt."""
    d = make_record(Game(conv).new_initial_state(deal_rng))["deals"][0]
    hands = [cards_mask(h) for h in d["hands"]]
    talon: Any = (
        (cards_mask(d["talon"][0]), cards_mask(d["talon"][1]))
        if conv.players == 2
        else cards_mask(d["talon"])
    )
    return State.from_deal(conv, d["dealer"], hands, talon, rng=state_rng), hands


def bot_turn(bot: Any, obs: Any, rng: random.Random) -> tuple[int, Any]:
    """``bot``'s move at ``obs`` and its finished thought (None for a forced move)."""
    legal = obs.legal_actions
    if len(legal) == 1:
        return legal[0], None
    think = bot.start(obs, rng)
    think.run()
    return think.action(), think


def declared_value(a: int) -> int:
    """The marriage an action declares (RULES §7: a lead that declares), else 0."""
    if not A.is_declare(a):
        return 0
    card = a - A.DECLARE_BASE
    return marriage_value(ACE_MARRIAGE if card % 6 == ACE else card // 6)


def forced_deal(
    rng: random.Random, players: int, level: str, preset: str | None = None
) -> dict[str, Any] | None:
    """Play one deal with a forced declarer (under ``preset``, by default the
    table size's classic one; no bombs, so the declarer plays); the record or None."""
    conv = _preset(players, preset).replace(**FORCED_CONV)
    state, hands = forced_start(conv, random.Random(rng.random()), random.Random(rng.random()))
    bots = [make_ai_bot(level) for _ in range(players)]
    decl = -1
    dealt = 0
    played_hand = 0
    aside_pts = 0
    declared = 0
    while not state.rows:
        seat = state.current_player()
        obs = state.observation(seat)
        # Everybody passes: the first hand plays on 100.
        a = A.PASS if obs.phase is Phase.BIDDING else bots[seat].act(obs, rng)
        if seat == obs.declarer:
            declared += declared_value(a)
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
        "kind": "forced",
        "players": players,
        "preset": _preset_name(players, preset),
        "dealt": dealt,
        "played": played_hand,
        "aside": aside_pts,
        "points": pts,
        "marriages": declared,
        "held": marriage_total(played_hand),
        "contract": row.contract,
    }


def relative(values: Sequence[float], seat: int, active: Iterable[int] | None = None) -> float:
    """The seat's value less the mean of the other seats' (those in ``active``, all
    by default): the *relative* score every bench here reports a seat by."""
    seats = range(len(values)) if active is None else active
    others = [values[s] for s in seats if s != seat]
    return values[seat] - sum(others) / len(others)


def raw_scores(row: SheetRow, conv: Conventions) -> list[float]:
    """Each seat's deal score before penalties, bolts and barrel effects (§8)."""
    n = len(row.points)
    raw = [0.0] * n
    d = row.declarer
    con = row.contract or 0
    mult = 2 if row.golden else 1
    if d is None or d < 0:
        return raw
    if row.kind == "bomb":
        # bombs: the thrower scores nothing, each opponent ``bomb_points``.
        for s in range(n):
            if s != d and row.points[s] is not None:
                raw[s] = conv.bomb_points
        return raw
    if row.kind == "writeoff":
        raw[d] = 0 if conv.write_off_free else -con * (2 if row.dark else 1)
        half = 60 if conv.write_off_60 else 5 * -(-con // 10)
        for s in range(n):
            if s != d and row.points[s] is not None:
                raw[s] = half
    else:
        val = con * (2 if row.dark else 1)
        if row.dark and row.made and conv.dark_cap_240:
            val = min(val, 240)
        raw[d] = val if row.made else -val
        for s in range(n):
            p = row.points[s]
            if s != d and p is not None:
                raw[s] = round_points(conv, p)  # round_to
    return [r * mult for r in raw]


def auction_deal(rng: random.Random, players: int, level: str) -> list[dict[str, Any]]:
    """One ordinary deal from zero totals; a record per seat and one for the contract."""
    conv = _preset(players)
    state = Game(conv).new_initial_state(random.Random(rng.random()))
    bots = [make_ai_bot(level) for _ in range(players)]
    dealt: dict[int, int] = {}
    predicted: float | None = None
    pred: dict[int, float] = {}
    start = 0
    while True:
        seat = state.current_player()
        obs = state.observation(seat)
        if not dealt or len(state.rows) > start:
            start = len(state.rows)
            dealt = {s: state.observation(s).hand for s in range(players)}
            predicted = None
            pred = {}
        a, think = bot_turn(bots[seat], obs, rng)
        if think is not None:
            chosen = next((c for c in think.choices if c.action == a), None)
            if chosen is not None and obs.phase is Phase.CONTRACT:
                predicted = chosen.values.get("make")
            if chosen is not None and obs.phase is Phase.BIDDING:
                pred[seat] = chosen.values.get("ev", 0.0)
        state.apply_action(a)
        if len(state.rows) > start and state.rows[-1].kind != "redeal":
            break
    row = state.rows[-1]
    raw = raw_scores(row, conv)
    active = [s for s in range(players) if row.points[s] is not None]
    out: list[dict[str, Any]] = []
    for s in active:
        others = [raw[o] for o in active if o != s]
        role = "declarer" if s == row.declarer else "defender"
        out.append(
            {
                "kind": "seat",
                "players": players,
                "dealt": dealt[s],
                "role": role,
                "raw": raw[s],
                "u": raw[s] - sum(others) / len(others),
                "points": row.points[s],
                "trick": bool(row.bolts[s] == 0) if row.bolts else True,
                "writeoff": row.kind == "writeoff",
                "pred": pred.get(s),
            }
        )
    if row.kind == "play" and predicted is not None:
        calib = shared().logistic.get(("calib", table_size(players)))
        out.append(
            {
                "kind": "contract",
                "players": players,
                "p": predicted,
                "calib": list(calib) if calib else None,
                "made": bool(row.made),
                "contract": row.contract,
            }
        )
    return out


def read_records(paths: Iterable[str]) -> list[dict[str, Any]]:
    """The JSON lines of the files (``.gz`` ones unpacked), in order."""
    out = []
    for p in paths:
        raw = Path(p).read_bytes()
        text = (gzip.decompress(raw) if p.endswith(".gz") else raw).decode()
        out.extend(json.loads(line) for line in text.splitlines() if line)
    return out


def ridge(xs: list[list[float]], ys: list[float], lam: float = 1.0) -> list[float]:
    """Least squares with a small ridge penalty (not on the bias), by Gaussian elimination."""
    return _solve(_normal_equations(xs, ys, [1.0] * len(ys)), lam)


def _normal_equations(xs: list[list[float]], ys: list[float], ws: list[float]) -> list[list[float]]:
    k = len(xs[0])
    m = [[0.0] * (k + 1) for _ in range(k)]
    for x, y, wt in zip(xs, ys, ws, strict=True):
        for i in range(k):
            xi = x[i] * wt
            if xi == 0.0:
                continue
            row = m[i]
            for j in range(k):
                row[j] += xi * x[j]
            row[k] += xi * y
    return m


def _solve(m: list[list[float]], lam: float) -> list[float]:
    k = len(m)
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


def logistic(xs: list[list[float]], ys: list[float], lam: float = 1.0) -> list[float]:
    """Logistic regression by Newton's method (IRLS) with a small ridge penalty."""
    w = [0.0] * len(xs[0])
    for _ in range(25):
        zs = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
        ps = [1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z)))) for z in zs]
        ws = [max(1e-6, p * (1 - p)) for p in ps]
        # Working response: z + (y - p) / (p (1 - p)).
        work = [z + (y - p) / wt for z, y, p, wt in zip(zs, ys, ps, ws, strict=True)]
        new = _solve(_normal_equations(xs, work, ws), lam)
        if max(abs(a - b) for a, b in zip(new, w, strict=True)) < 1e-6:
            return new
        w = new
    return w


def _linear_entry(xs: list[list[float]], ys: list[float], names: list[str]) -> dict[str, Any]:
    w = ridge(xs, ys)
    pred = [sum(a * b for a, b in zip(w, x, strict=True)) for x in xs]
    res = [y - p for y, p in zip(ys, pred, strict=True)]
    n = len(ys)
    mean = sum(ys) / n
    ss_tot = sum((y - mean) ** 2 for y in ys) or 1.0
    ss_res = sum(e * e for e in res)
    return {
        "features": names,
        "weights": [round(v, 4) for v in w],
        "sigma": round(math.sqrt(ss_res / max(1, n - len(w))), 2),
        "n": n,
        "r2": round(1 - ss_res / ss_tot, 3),
        "mean": round(mean, 2),
    }


def _logistic_entry(xs: list[list[float]], ys: list[float], names: list[str]) -> dict[str, Any]:
    w = logistic(xs, ys)
    loss = 0.0
    for x, y in zip(xs, ys, strict=True):
        z = sum(a * b for a, b in zip(w, x, strict=True))
        p = min(1 - 1e-9, max(1e-9, 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))))
        loss -= y * math.log(p) + (1 - y) * math.log(1 - p)
    n = len(ys)
    base = sum(ys) / n
    base_loss = -n * (base * math.log(max(base, 1e-9)) + (1 - base) * math.log(max(1 - base, 1e-9)))
    return {
        "features": names,
        "weights": [round(v, 4) for v in w],
        "n": n,
        "rate": round(base, 4),
        "log_loss": round(loss / n, 4),
        "base_log_loss": round(base_loss / n, 4),
    }


def _logit(p: float) -> float:
    p = min(0.995, max(0.005, p))
    return math.log(p / (1 - p))


def _uncalibrated_logit(r: dict[str, Any]) -> float:
    """The logit of a recorded chance before the calibration then in force was applied."""
    z = _logit(r["p"])
    cal = r.get("calib")
    if cal:
        z = (z - cal[0]) / cal[1]
    return z


def fit_all(records: list[dict[str, Any]], out: dict[str, Any]) -> None:
    """Fit every model that has enough records; update ``out`` and print a summary."""
    names = list(FEATURES)
    for players in (2, 3):
        size = [r for r in records if (r["players"] == 2) == (players == 2)]
        forced = [r for r in size if r.get("kind", "forced") == "forced"]
        seats = [r for r in size if r.get("kind") == "seat"]
        contracts = [r for r in size if r.get("kind") == "contract"]
        if len(forced) >= 50:
            for kind, key in (("bid", "dealt"), ("play", "played")):
                xs = [features(r[key]) for r in forced]
                ys = [float(r["points"] - (r["aside"] if kind == "play" else 0)) for r in forced]
                out[f"{kind}{players}"] = _linear_entry(xs, ys, names)
            held = sum(r.get("held", 0) for r in forced)
            if held:
                share = sum(r.get("marriages", 0) for r in forced) / held
                out.setdefault(f"const{players}", {})["marriage_share"] = round(share, 3)
        defenders = [r for r in seats if r["role"] == "defender"]
        if len(defenders) >= 50:
            xs = [features(r["dealt"]) for r in defenders]
            out[f"defend{players}"] = _linear_entry(xs, [float(r["u"]) for r in defenders], names)
            played = [r for r in defenders if not r.get("writeoff")]
            out[f"bolt{players}"] = _logistic_entry(
                [features(r["dealt"]) for r in played],
                [0.0 if r["trick"] else 1.0 for r in played],
                names,
            )
            const = out.setdefault(f"const{players}", {})
            const["defend_u"] = round(sum(r["u"] for r in defenders) / len(defenders), 2)
            decl = [r for r in seats if r["role"] == "declarer"]
            if decl:
                const["declare_u"] = round(sum(r["u"] for r in decl) / len(decl), 2)
                const["declare_raw"] = round(sum(r["raw"] for r in decl) / len(decl), 2)
            # How well the bidding's predictions match the outcomes (printed only).
            for role in ("declarer", "defender"):
                rs = [r for r in seats if r["role"] == role and r.get("pred") is not None]
                if rs:
                    err = sum(r["u"] - r["pred"] for r in rs) / len(rs)
                    print(
                        f"{role}s {players}p: outcome - bidding prediction {err:+.1f} (n={len(rs)})"
                    )
        if len(contracts) >= 50:
            xs = [[1.0, _uncalibrated_logit(r)] for r in contracts]
            ys = [1.0 if r["made"] else 0.0 for r in contracts]
            entry = _logistic_entry(xs, ys, ["bias", "logit_p"])
            entry["mean_p"] = round(sum(r["p"] for r in contracts) / len(contracts), 4)
            out[f"calib{players}"] = entry
        for key in sorted(out):
            e = out[key]
            if key.endswith(str(players)) and isinstance(e, dict) and ("r2" in e or "rate" in e):
                stats = (
                    f"R^2={e['r2']} sigma={e['sigma']} mean={e.get('mean', e.get('mean_points'))}"
                    if "r2" in e
                    else f"rate={e['rate']} log loss {e['log_loss']} (base {e['base_log_loss']})"
                )
                print(f"{key}: n={e['n']} {stats}")
        if f"const{players}" in out:
            print(f"const{players}: {out[f'const{players}']}")


def main() -> int:
    """Generate records and/or fit."""
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("--mode", choices=("forced", "auction"), default="forced")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--players", type=int, default=3, choices=(2, 3))
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--level", default="strong")
    ap.add_argument(
        "--preset", default=None, help="forced deals under this preset (records for ai_value_model)"
    )
    ap.add_argument(
        "--data", action="append", default=[], help="JSON-lines records (appended to the first)"
    )
    ap.add_argument("--fit-only", action="store_true")
    ap.add_argument("--no-write", action="store_true", help="print the fit, keep the file")
    ap.add_argument("--minutes", type=float, default=1e9, help="stop generating after this")
    args = ap.parse_args()
    if not args.fit_only:
        rng = random.Random(args.seed)
        path = args.data[0] if args.data else "/tmp/evaluator-data.jsonl"
        t0 = time.perf_counter()
        made = 0
        with open(path, "a", encoding="utf-8") as f:
            for _ in range(args.deals):
                if args.mode == "forced":
                    r = forced_deal(rng, args.players, args.level, args.preset)
                    recs = [r] if r is not None else []
                else:
                    recs = auction_deal(rng, args.players, args.level)
                for r in recs:
                    f.write(json.dumps(r) + "\n")
                made += 1
                f.flush()
                if time.perf_counter() - t0 > args.minutes * 60:
                    break
        print(f"{made} deals in {time.perf_counter() - t0:.0f} s -> {path}")
        if not args.data:
            args.data = [path]
    records: list[dict[str, Any]] = []
    for path in args.data:
        with open(path, encoding="utf-8") as f:
            records.extend(json.loads(line) for line in f if line.strip())
    records = [r for r in records if r.get("preset", "classic") in FIT_PRESETS]
    out: dict[str, Any] = {}
    if OUT.exists():
        out = json.loads(OUT.read_text())
    fit_all(records, out)
    if not args.no_write:
        OUT.parent.mkdir(parents=True, exist_ok=True)
        OUT.write_text(json.dumps(out, indent=1) + "\n")
        print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
