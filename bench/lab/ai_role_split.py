"""Where an arena edge comes from: each seat's points split by its role.

    PYTHONPATH=py python bench/lab/ai_role_split.py play --a strong --b normal --preset polish \
        --deals 140 --seed 2111 --out R.jsonl
    PYTHONPATH=py python bench/lab/ai_role_split.py report R.jsonl [R2.jsonl ...]
    PYTHONPATH=py python bench/lab/ai_role_split.py pair V.jsonl --base R.jsonl

``play`` plays the arena's deal sets (``thousand.arena.play_set``'s loop, the same
seeds, so the A-B figure is the arena's) and writes one line per set with every
arrangement's auction (the bids), the deal's kind (play / bomb / writeoff),
declarer, contract, made, and each seat's points and change. ``report`` splits the
A-B edge per seat-deal into what each level scores as declarer and as defender
(and whom it defended against), with the declaring, make and bomb rates, the
average winning bid and contract. ``pair`` pairs two such runs on the same sets
(a variant and the level it changes, each against the same B): the per-set
difference of their A-B results, with its 95% interval and the sets identical;
it reads the arena's own ``--out`` files as well.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from ai_fit_evaluator import relative
from variants import make_bot

from thousand import actions as A
from thousand.ai.evaluator import shared
from thousand.arena import _deal, arrangements, deal_set_seed, mean_ci, play_arrangement
from thousand.conventions import Conventions
from thousand.phase import Phase
from thousand.state import State


def play_set(a: str, b: str, seed: int, index: int, conv: Conventions) -> dict[str, Any]:
    """One deal set as the arena plays it, with each arrangement's detail."""
    set_seed = deal_set_seed(seed, index)
    dealer, hands, talon = _deal(conv, set_seed)
    bots = {"A": make_bot(a), "B": make_bot(b)}
    out = []
    for ai, arr in enumerate(arrangements(conv.players)):
        bids: list[tuple[int, int]] = []

        def watch(state: State) -> None:
            nonlocal bids
            if state.phase is Phase.BIDDING or state.bids:  # the auction as it ended
                bids = list(state.bids)

        state, start = play_arrangement(
            conv, (dealer, hands, talon), set_seed, ai, arr, bots, watch
        )
        rows = state.rows[start:]
        last = rows[-1]
        out.append(
            {
                "arr": "".join(arr),
                "kind": last.kind,
                "declarer": last.declarer,
                "contract": last.contract,
                "made": last.made,
                "bids": [list(x) for x in bids],
                "points": list(last.points),
                "delta": [sum(r.deltas[s] for r in rows) for s in range(conv.players)],
                "hands": hands,
            }
        )
    return {"index": index, "deals": out}


def _role(d: dict[str, Any], seat: int) -> str:
    """The seat's role in one arrangement's deal: declared and made / lost / bombed,
    or defended."""
    if d["declarer"] != seat:
        return "defends"
    if d["kind"] == "bomb":
        return "bombs"
    if d["kind"] == "writeoff":
        return "concedes"
    return "makes" if d["made"] else "fails"


def seat_swaps(sets: list[dict[str, Any]]) -> None:
    """The A-B edge at one seat, the other seats' levels the same: for every pair of
    arrangements that differ at that seat only, the seat's relative score (its change
    less the mean of the others') with A there less with B, by what each did there."""
    cells: dict[tuple[str, str], list[float]] = defaultdict(list)
    per_set: list[float] = []
    for s in sets:
        by_arr = {d["arr"]: d for d in s["deals"]}
        tot = []
        for arr, d in by_arr.items():
            players = len(arr)
            for i in range(players):
                if arr[i] != "A":
                    continue
                other = arr[:i] + "B" + arr[i + 1 :]
                if other not in by_arr:
                    continue
                e = by_arr[other]

                v = relative(d["delta"], i) - relative(e["delta"], i)
                cells[(_role(d, i), _role(e, i))].append(v)
                tot.append(v)
        if tot:
            per_set.append(sum(tot) / len(tot))
    total = sum(len(v) for v in cells.values())
    mu = sum(per_set) / len(per_set)
    print(f"one seat A instead of B ({total} seat pairs): relative score {mu:+.1f} per pair")
    print("   (A's role, B's role): share of pairs, mean gain, contribution per pair")
    for key in sorted(cells, key=lambda k: -abs(sum(cells[k]))):
        v = cells[key]
        print(
            f"   {key[0]:>8} / {key[1]:<8} {len(v) / total:6.1%}  {sum(v) / len(v):+7.1f}"
            f"  {sum(v) / total:+6.2f}"
        )


def first_calls(sets: list[dict[str, Any]]) -> None:
    """The first call of the auction (the seat facing first hand's hundred), by level
    and call: how often, the seat's realized relative score, and what Strong's pass
    value says of the same hands (the ``defend`` model plus ``pass_at_100``)."""
    ev = shared()
    acc: dict[tuple[str, str], list[tuple[float, float]]] = defaultdict(list)
    for s in sets:
        for d in s["deals"]:
            if not d["bids"]:
                continue
            seat, call = d["bids"][0]
            pred = ev.defend_value(d["hands"][seat], 3) + ev.const(3, "pass_at_100")
            key = (d["arr"][seat], "passes" if call == A.PASS else "bids")
            acc[key].append((relative(d["delta"], seat), pred))
    print("the first call (facing first hand's hundred): n, realized, pass value")
    for key in sorted(acc):
        v = acc[key]
        mu, half = mean_ci([x for x, _ in v])
        pv = sum(y for _, y in v) / len(v)
        print(f"   {key[0]} {key[1]:<6} {len(v):5d}  {mu:+6.1f} +- {half:4.1f}  {pv:+6.1f}")


def report(paths: list[str]) -> None:
    """Print the split of the edge by role."""
    sets = []
    for p in paths:
        with open(p) as f:
            sets += [json.loads(line) for line in f if line.strip()]
    n = len(sets)
    # per level: sums over seat-deals
    acc: dict[str, dict[str, float]] = defaultdict(lambda: defaultdict(float))
    diffs = []
    decl_split = []  # per set: A-B from declarer points, from defender points
    for s in sets:
        d_all = []
        d_dec = []
        d_def = []
        for d in s["deals"]:
            arr = d["arr"]
            players = len(arr)
            dec = d["declarer"]
            ka = [i for i in range(players) if arr[i] == "A"]
            kb = [i for i in range(players) if arr[i] == "B"]
            dec_part = [d["delta"][i] if i == dec else 0 for i in range(players)]
            def_part = [d["delta"][i] if i != dec else 0 for i in range(players)]

            def m(v: list[int], ks: list[int]) -> float:
                return sum(v[i] for i in ks) / len(ks)

            d_all.append(m(d["delta"], ka) - m(d["delta"], kb))
            d_dec.append(m(dec_part, ka) - m(dec_part, kb))
            d_def.append(m(def_part, ka) - m(def_part, kb))
            for i in range(players):
                lv = arr[i]
                a = acc[lv]
                # weight each seat-deal so that the level's seats in an arrangement
                # count 1/len in total, as the arena's mean does
                w = 1.0 / (len(ka) if lv == "A" else len(kb))
                a["w"] += w
                if i == dec:
                    a["dec_w"] += w
                    a["dec_pts"] += w * d["delta"][i]
                    a["contract"] += w * (d["contract"] or 0)
                    calls = [b for _, b in d["bids"] if A.BID_BASE <= b < A.CONTRACT_BASE]
                    bid = max((A.action_value(b) for b in calls), default=100)
                    a["bid"] += w * bid
                    if d["kind"] == "bomb":
                        a["bomb"] += w
                    elif d["made"]:
                        a["made"] += w
                    a["cards"] += w * (d["points"][i] or 0)
                else:
                    a["def_pts"] += w * d["delta"][i]
                    if dec is not None and dec >= 0:
                        other = arr[dec]
                        a[f"def_vs_{other}_w"] += w
                        a[f"def_vs_{other}"] += w * d["delta"][i]
                        if d["kind"] == "bomb":
                            a[f"def_vs_{other}_bomb"] += w
        diffs.append(sum(d_all) / len(d_all))
        decl_split.append((sum(d_dec) / len(d_dec), sum(d_def) / len(d_def)))

    def ci(v: list[float]) -> str:
        mu, h = mean_ci(v)
        return f"{mu:+.1f} [{mu - h:+.1f}, {mu + h:+.1f}]"

    print(f"sets {n}; A-B {ci(diffs)}")
    seat_swaps(sets)
    first_calls(sets)
    print(f"  from declarers' scores {ci([x for x, _ in decl_split])}")
    print(f"  from defenders' scores {ci([y for _, y in decl_split])}")
    for lv in "AB":
        a = acc[lv]
        w = a["w"]
        dw = a["dec_w"] or 1.0
        print(
            f"{lv}: declares {a['dec_w'] / w:.1%}; of them bombs {a['bomb'] / dw:.1%}, "
            f"made {a['made'] / dw:.1%}, played and lost {(dw - a['bomb'] - a['made']) / dw:.1%}; "
            f"winning bid {a['bid'] / dw:.1f}, contract {a['contract'] / dw:.1f}, "
            f"points taken {a['cards'] / dw:.1f}"
        )
        print(
            f"   per seat-deal: {(a['dec_pts'] + a['def_pts']) / w:+.1f} = as declarer "
            f"{a['dec_pts'] / w:+.1f} + as defender {a['def_pts'] / w:+.1f}; "
            f"per declared deal {a['dec_pts'] / dw:+.1f}"
        )
        for o in "AB":
            ow = a[f"def_vs_{o}_w"]
            if ow:
                print(
                    f"   defending against {o}: {a[f'def_vs_{o}'] / ow:+.1f} per deal "
                    f"({ow / w:.1%} of seat-deals; bombs {a[f'def_vs_{o}_bomb'] / ow:.1%})"
                )


def _set_diff(s: dict[str, Any]) -> float:
    """A set's A-B result as the arena counts it (the mean over arrangements); a line
    of the arena's own ``--out`` carries it as ``diff``."""
    if "deals" not in s:
        return float(s["diff"])
    vals = []
    for d in s["deals"]:
        arr = d["arr"]
        ka = [d["delta"][i] for i in range(len(arr)) if arr[i] == "A"]
        kb = [d["delta"][i] for i in range(len(arr)) if arr[i] == "B"]
        vals.append(sum(ka) / len(ka) - sum(kb) / len(kb))
    return sum(vals) / len(vals)


def pair(paths: list[str], base: list[str]) -> None:
    """The paired difference, per set, of two runs on the same sets."""

    def load(ps: list[str]) -> dict[int, dict[str, Any]]:
        out: dict[int, dict[str, Any]] = {}
        for p in ps:
            with open(p) as f:
                for line in f:
                    if line.strip():
                        r = json.loads(line)
                        # an arena file's full games (``--games``) share the indices
                        if r.get("kind", "set") == "set":
                            out.setdefault(r["index"], r)
        return out

    v, b = load(paths), load(base)
    common = sorted(set(v) & set(b))
    d = [_set_diff(v[i]) - _set_diff(b[i]) for i in common]

    def outcome(r: dict[str, Any]) -> Any:
        return r["deals"] if "deals" in r else (r["diff"], r["stats"])

    same = sum(1 for i in common if outcome(v[i]) == outcome(b[i]))
    k = len(d)
    mu, h = mean_ci(d)
    va = [_set_diff(v[i]) for i in common]
    ba = [_set_diff(b[i]) for i in common]
    print(
        f"sets {k} ({common[0]}-{common[-1]}), {same} identical: variant {sum(va) / k:+.1f}, "
        f"base {sum(ba) / k:+.1f}, paired {mu:+.1f} [{mu - h:+.1f}, {mu + h:+.1f}]"
    )


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="cmd", required=True)
    q = sub.add_parser("play")
    q.add_argument("--a", default="strong")
    q.add_argument("--b", default="normal")
    q.add_argument("--preset", default="classic")
    q.add_argument("--deals", type=int, default=100)
    q.add_argument("--start", type=int, default=0)
    q.add_argument("--seed", type=int, default=1)
    q.add_argument("--out", required=True)
    r = sub.add_parser("report")
    r.add_argument("files", nargs="+")
    q2 = sub.add_parser("pair")
    q2.add_argument("files", nargs="+")
    q2.add_argument("--base", nargs="+", required=True)
    args = p.parse_args(argv)
    if args.cmd == "pair":
        pair(args.files, args.base)
        return 0
    if args.cmd == "report":
        report(args.files)
        return 0
    conv = Conventions.for_players(None, args.preset)
    with open(args.out, "a") as out:
        for i in range(args.start, args.start + args.deals):
            res = play_set(args.a, args.b, args.seed, i, conv)
            out.write(json.dumps(res) + "\n")
            out.flush()
            print(i, file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
