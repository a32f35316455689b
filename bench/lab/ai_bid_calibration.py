"""How well Strong's auction estimates match what its hands make when played out.

    PYTHONPATH=py python3 bench/lab/ai_bid_calibration.py --deals N [--seed S] [--level strong]
        [--players 3 | --preset NAME] [--out FILE.jsonl]
    PYTHONPATH=py python3 bench/lab/ai_bid_calibration.py --report FILE.jsonl [FILE2 ...] [--write]

Forced-declarer deals of the Classic preset with 3 players (Two players with
``--players 2``, any preset with ``--preset``; as
``ai_fit_evaluator.py --mode forced``: everybody passes, the first hand plays
on 100 at least, no redeals, no concession, no bombs), every seat played by
``--level``.
Before the auction the declarer's bid table (``auction.bid_table``) is
computed from its dealt hand, exactly as its bidding would see it; the deal is
then played out. One record per deal: the table's expected points and make
chance at 100..160, the final contract, the contract decision's own make
chance, the points the declarer took and whether it made the contract.

The report prints the bias of the expected points (made - predicted) and the
calibration curves (predicted chance bucket: mean prediction, observed make
rate, n) of the bid table at 100 and of the contract decision. The arena does
not need this; it is the measurement behind the auction changes recorded in
``bench/lab/ai_results.md``.

The report also fits the bid table's calibration (``bidcal<players>`` in
``ai/data/evaluator.json``: a logistic on the logit of the table's chance at
100, before the calibration then in force, against the final contract made);
``--write`` stores it there; records of a level valuing hands by a model fitted
under the preset's play rules (``Settings.rule_models``) store it as
``bidcal<players>_<preset>``, used where that model is.
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))

from variants import make_ai_bot  # noqa: E402

from thousand import actions as A  # noqa: E402
from thousand.ai.auction import bid_table, open_marriages  # noqa: E402
from thousand.ai.evaluator import table_size  # noqa: E402
from thousand.ai.think import Context, finish  # noqa: E402
from thousand.cards import (  # noqa: E402
    round5,
)
from thousand.conventions import Conventions  # noqa: E402
from thousand.state import Phase  # noqa: E402

sys.path.insert(0, str(ROOT / "bench"))
from ai_fit_evaluator import (  # noqa: E402
    FORCED_CONV,
    _logistic_entry,
    _logit,
    declared_value,
    forced_start,
    level_uses,
    store,
)

GRID = list(range(100, 165, 5))


def forced_deal(seed: int, level: str, preset: str = "classic") -> dict[str, Any] | None:
    """One forced-declarer deal; its record or None (not played out)."""
    rng = random.Random(seed)
    conv = Conventions.preset(preset).replace(**FORCED_CONV)
    players = conv.players
    state, _ = forced_start(conv, random.Random(seed * 7 + 1), random.Random(seed * 7 + 2))
    bots = [make_ai_bot(level) for _ in range(players)]
    table: Any = None
    decl = -1
    predicted = None
    declared = [0] * players
    played = passed = 0
    while not state.rows:
        seat = state.current_player()
        obs = state.observation(seat)
        if obs.phase is Phase.PLAY and not played:
            dobs = state.observation(obs.declarer)
            played = dobs.hand
            passed = sum(1 << c for c, _s in dobs.known_gives)
        if table is None:
            first = obs.first_hand
            fo = state.observation(first)
            b = bots[first]
            ev = b.evaluator_for(fo.conventions)
            table = finish(
                bid_table(Context(None), fo, random.Random(seed), b.settings, ev, 100, 160)
            )
        if obs.phase is Phase.BIDDING:
            a = A.PASS
        else:
            think = bots[seat].start(obs, rng)
            think.run()
            a = think.action()
            if obs.phase is Phase.CONTRACT:
                ch = next(c for c in think.choices if c.action == a)
                predicted = ch.values.get("make")
                decl = seat
        declared[seat] += declared_value(a)
        state.apply_action(a)
    row = state.rows[-1]
    if row.kind != "play" or decl < 0:
        return None
    bidcal = ev.logistic.get(("bidcal", table_size(players)))
    calib = ev.logistic.get(("calib", table_size(players)))
    return {
        "seed": seed,
        "players": players,
        "preset": preset,
        "bidcal": list(bidcal) if bidcal else None,
        "calib": list(calib) if calib else None,
        "value_model": ev.play_kind,
        "fitted_rules": list(ev.fitted_rules) if ev.fitted_rules else None,
        "grid": GRID,
        "ev": [round(table.at(c)[0], 2) for c in GRID],
        "make": [round(table.at(c)[1], 4) for c in GRID],
        "mu": round(table.at(100)[2], 2),
        "contract": row.contract,
        "p_contract": predicted,
        "points": row.points[decl],
        "made": bool(row.made),
        "rel": _relative(row, decl),
        "played": played,
        "passed": passed,
        "decl_marriages": declared[decl],
        "def_marriages": sum(declared) - declared[decl],
    }


def _relative(row: Any, decl: int) -> float:
    """The declarer's relative deal score: its score minus the defenders' mean (raw)."""
    con = row.contract or 0
    own = con if row.made else -con
    others = [round5(p) for s, p in enumerate(row.points) if s != decl and p is not None]
    return own - sum(others) / len(others)


def fit_bidcal(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The bid table's calibration: a logistic on the uncalibrated logit of its chance
    at 100 against the final contract made."""
    return _fit_calibration(records, "make", "bidcal")


def fit_calib(records: list[dict[str, Any]]) -> dict[str, Any]:
    """The contract decision's calibration (``calib``): a logistic on the uncalibrated
    logit of the chosen contract's chance against the contract made."""
    return _fit_calibration([r for r in records if r.get("p_contract")], "p_contract", "calib")


def _fit_calibration(records: list[dict[str, Any]], field: str, kind: str) -> dict[str, Any]:
    """A logistic on the logit of the recorded chance ``field`` (the bid table's at
    100, or the contract decision's) before the calibration ``kind`` then in force,
    against the final contract made."""
    xs, ys = [], []
    for r in records:
        p = r[field][0] if field == "make" else r[field]
        z = _logit(p)
        cal = r.get(kind)
        if cal:
            z = (z - cal[0]) / cal[1]
        xs.append([1.0, z])
        ys.append(1.0 if r["made"] else 0.0)
    return _logistic_entry(xs, ys, ["bias", "logit_p"])


# The value models whose chances get calibrations of their own (``--write``), and the
# suffix of their entries: the 17-feature ``play`` model has the plain ones.
MODEL_TAGS = {"play_rich": "rich", "play_net": "net"}


def calibration_entries(records: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """The calibrations ``--write`` stores, by their ``evaluator.json`` name: fitted on
    a rule model's chances (``bidcal3_polish``, with ``play_rules``), or on those of a
    value model (``bidcal3_net`` and ``calib3_net``, with ``value_model``), each used
    where that model is; else the plain ``bidcal3``."""
    players = records[0].get("players", 3)
    rules = records[0].get("fitted_rules")
    model = records[0].get("value_model", "play")
    if any(
        r.get("fitted_rules") != rules or r.get("value_model", "play") != model for r in records
    ):
        raise SystemExit("records valued by different models")
    preset = records[0]["preset"]
    source = f"bench/lab/ai_bid_calibration.py --preset {preset}"
    if rules:
        # Fitted on a rule model's chances: used where that model is.
        owner = {"play_rules": {"must_beat": rules[0], "declare_on_first_lead": rules[1]}}
        return {f"bidcal{players}_{preset}": {**fit_bidcal(records), **owner, "source": source}}
    if model in MODEL_TAGS:
        owner = {"value_model": model}
        tag = MODEL_TAGS[model]
        return {
            f"{kind}{players}_{tag}": {**fit(records), **owner, "source": source}
            for kind, fit in (("bidcal", fit_bidcal), ("calib", fit_calib))
        }
    return {f"bidcal{players}": fit_bidcal(records)}


def report(records: list[dict[str, Any]]) -> None:
    """Print the bias and calibration curves."""
    n = len(records)
    bias = sum(r["points"] - r["mu"] for r in records) / n
    print(f"n={n}: points made - bid table's expected points: {bias:+.1f}")
    if all("rel" in r for r in records):
        rel = sum(r["rel"] for r in records) / n
        pred = sum(r["ev"][0] for r in records) / n
        print(f"relative score: realized {rel:+.1f}, bid table's ev at 100 {pred:+.1f}")
        for lo, hi in ((-999, -40), (-40, -10), (-10, 10), (10, 40), (40, 999)):
            sel = [r for r in records if lo <= r["ev"][0] < hi]
            if sel:
                k = len(sel)
                e = sum(r["ev"][0] for r in sel) / k
                g = sum(r["rel"] for r in sel) / k
                print(f"  ev in [{lo},{hi}): predicted {e:+.1f} realized {g:+.1f} n={k}")
    if all("played" in r for r in records):
        got = sum(r["def_marriages"] for r in records)
        open_v = sum(open_marriages(r["played"], r["passed"]) for r in records)
        print(
            f"defenders' marriages: {got / n:.1f} a deal; open marriages {open_v / n:.1f};"
            f" share declared {got / max(1, open_v):.3f}"
        )
    print(f"mean contract {sum(r['contract'] for r in records) / n:.1f}")

    def curve(name: str, pairs: list[tuple[float, bool]]) -> None:
        print(f"{name}: bucket  mean_p  rate  n")
        edges = [0.0, 0.2, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.01]
        for lo, hi in itertools.pairwise(edges):
            sel = [(p, m) for p, m in pairs if lo <= p < hi]
            if sel:
                mp = sum(p for p, _ in sel) / len(sel)
                rate = sum(1 for _, m in sel if m) / len(sel)
                print(f"  [{lo:.1f},{hi:.1f})  {mp:.3f}  {rate:.3f}  {len(sel)}")
        tot_p = sum(p for p, _ in pairs) / len(pairs)
        tot = sum(1 for _, m in pairs if m) / len(pairs)
        print(f"  all      {tot_p:.3f}  {tot:.3f}  {len(pairs)}")

    curve("bid table at 100 (final contract made)", [(r["make"][0], r["made"]) for r in records])
    curve("contract decision", [(r["p_contract"], r["made"]) for r in records if r["p_contract"]])
    # Would the hand have made c? (points >= c) against the table's make at c.
    print("bid table at c: mean make, share of deals with points >= c")
    for i, c in enumerate(GRID):
        mp = sum(r["make"][i] for r in records) / n
        got = sum(1 for r in records if r["points"] >= c) / n
        print(f"  {c}: {mp:.3f}  {got:.3f}")


def main() -> int:
    """Play or report."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--start", type=int, default=0)
    p.add_argument("--level", default="strong")
    p.add_argument("--players", type=int, default=3, choices=(2, 3))
    p.add_argument("--preset", help="a built-in preset (default: Classic, or Two players)")
    p.add_argument("--out")
    p.add_argument("--report", nargs="+")
    p.add_argument("--write", action="store_true", help="store the fitted bidcal")
    args = p.parse_args()
    if args.report:
        recs = [json.loads(x) for f in args.report for x in Path(f).read_text().splitlines()]
        report(recs)
        players = recs[0].get("players", 3)
        print(f"bidcal{players}: {fit_bidcal(recs)}")
        print(f"calib{players} (from the contract decisions): {fit_calib(recs)}")
        if args.write:
            entries = calibration_entries(recs)
            for key, entry in entries.items():
                print(f"{key}: {entry}")
            # The plain entry and those of the value model a level uses ship with the
            # page; a rule model's or another value model's are the arena's variants'.
            rules, model = recs[0].get("fitted_rules"), recs[0].get("value_model", "play")
            used = not rules and level_uses(value_model=model)
            print(f"wrote {store(entries, used)}")
        return 0
    preset = args.preset or ("two_players" if args.players == 2 else "classic")
    recs = []
    for i in range(args.start, args.start + args.deals):
        r = forced_deal(args.seed * 1_000_003 + i, args.level, preset)
        if r is None:
            continue
        recs.append(r)
        if args.out:
            with open(args.out, "a") as f:
                f.write(json.dumps(r) + "\n")
    report(recs)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
