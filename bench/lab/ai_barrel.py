"""The barrel (RULES §9): how often a bot on it gets off as the winner.

    PYTHONPATH=py python3 bench/lab/ai_barrel.py --games 400 --seed 15 --out B.jsonl
    PYTHONPATH=py python3 bench/lab/ai_barrel.py --games 300 --seed 14 --falls 2 --out B2.jsonl
    PYTHONPATH=py python3 bench/lab/ai_barrel.py --games 300 --seed 12 --sitter b \
        --lo 600 --hi 860 --out O.jsonl
    PYTHONPATH=py python3 bench/lab/ai_barrel.py --report B.jsonl [B2.jsonl ...]
    PYTHONPATH=py python3 bench/lab/ai_barrel.py --report OLD.jsonl NEW.jsonl --paired
    PYTHONPATH=py python3 bench/lab/ai_barrel.py --chances --deals 400 --seed 1000

A *stay* starts a Classic game with ``--a`` (a level, or ``base:LEVEL`` of a
frozen AI copy with ``--base DIR``, as in ``bench/lab/ai_vs_base.py``) sitting on
the barrel at 880 in its first deal there, ``--falls`` failed barrels behind
it, and two ``--b`` bots at random totals from ``--lo`` to ``--hi``; it is
played until A leaves the barrel or somebody wins. Totals below the barrel
are the common case: when Strong climbs on against two Easy bots their
median total is about 70 (traced full games). Stays are reproducible: each
depends only on ``--seed`` and its index, and A's seat rotates.

``--report`` prints, per file, the share of stays A won (with a 95%
interval), how the others ended (the barrel player's contract failed, its
deals were used up, it was knocked off, another seat won) and A's mean total
after the stay; with
``--paired`` and two files, the difference in stays won over their common
stays (the same index is the same start, so two versions of A pair up).

With ``--sitter b`` one of the B bots sits on the barrel instead (A at
``--mine``, 760 unless given) and the stay ends when it leaves; the report
then counts how often "the barrel player won" the game, which A tries to stop.

``--chances`` prints the deciles of A's own chance of making the barrel
contract as its bid table sees a dealt hand (the seat facing first hand's
100, from the barrel): the table ``auction.BARREL_CHANCES`` comes from it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import math
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "py"))
sys.path.insert(0, str(ROOT / "bench"))

import variants  # noqa: E402

from thousand import actions as A  # noqa: E402
from thousand.arena import mean_ci  # noqa: E402
from thousand.conventions import Conventions  # noqa: E402
from thousand.state import Phase, State  # noqa: E402


def factory(base: str | None) -> Any:
    """``make_bot``, or with ``base`` one that also builds ``base:LEVEL`` from that copy."""
    if not base:
        return variants.make_bot
    from ai_vs_base import bot_factory

    return bot_factory(base)


def stay(args: argparse.Namespace, make: Any, index: int) -> dict[str, Any]:
    """One stay on the barrel (see the module's text)."""
    conv = Conventions()
    r = random.Random(args.seed * 1_000_003 + index)
    seat = index % 3
    totals = [r.randrange(args.lo, args.hi + 1, 5) for _ in range(3)]
    sitter = seat
    totals[seat] = conv.barrel_at
    if args.sitter == "b":
        totals[seat] = args.mine
        sitter = (seat + 1 + r.randrange(2)) % 3
        totals[sitter] = conv.barrel_at
    state = State(conv, random.Random(r.random()), dealer=r.randrange(3), totals=totals)
    if args.falls:
        falls = tuple(args.falls if s == sitter else 0 for s in range(3))
        state.standing = dataclasses.replace(state.standing, barrel_falls=falls)
    players = [make(args.a if s == seat else args.b) for s in range(3)]
    rngs = [random.Random(args.seed * 7 + index * 11 + s) for s in range(3)]
    while not state.is_terminal() and state.standing.on_barrel[sitter]:
        s = state.current_player()
        state.apply_action(players[s].act(state.observation(s), rngs[s]))
    row = state.rows[-1]
    if state.winner == seat:
        end = "won"
    elif state.winner is not None:
        end = "the barrel player won" if state.winner == sitter else "another seat won"
    elif row.declarer == sitter and row.kind != "redeal":
        end = "its contract failed"
    elif any("knocked off" in p.reason or "together" in p.reason for p in row.penalties):
        end = "knocked off"
    else:
        end = "its deals used up"
    return {
        "index": index,
        "won": state.winner == seat,
        "sitter": args.sitter,
        "sitter_won": state.winner == sitter,
        "end": end,
        "deals": len(state.rows),
        "total": state.standing.totals[seat],
    }


def report(paths: list[str]) -> None:
    """Per file: the share of stays A won, how the rest ended, A's total after."""
    for path in paths:
        rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line]
        n = len(rows)
        if not n:
            print(f"{path}: no stays")
            continue
        won = sum(r["won"] for r in rows)
        p = won / n
        half = 1.96 * math.sqrt(p * (1 - p) / n)
        ends = Counter(r["end"] for r in rows)
        mean_total = sum(r["total"] for r in rows) / n
        print(
            f"{path}: won {won} of {n} stays ({p:.1%} +- {half:.1%}); "
            + ", ".join(f"{k} {v}" for k, v in ends.most_common() if k != "won")
            + f"; mean total after {mean_total:.0f}"
        )


def paired(before: str, after: str) -> None:
    """The paired difference, ``after`` - ``before``, on their common stays: in stays
    A won, or with ``--sitter b`` in stays the barrel player won."""

    def load(path: str) -> dict[int, bool]:
        rows = [json.loads(line) for line in Path(path).read_text().splitlines() if line]
        return {r["index"]: r["sitter_won" if r.get("sitter") == "b" else "won"] for r in rows}

    a, b = load(before), load(after)
    common = sorted(set(a) & set(b))
    n = len(common)
    if n < 2:
        print("paired: fewer than two common stays")
        return
    mean, half = mean_ci([float(b[i]) - float(a[i]) for i in common])
    same = sum(1 for i in common if a[i] == b[i])
    print(
        f"paired {after} - {before}: {mean:+.1%} [{mean - half:+.1%}, {mean + half:+.1%}], "
        f"n={n} ({same} the same)"
    )


def chances(args: argparse.Namespace, make: Any) -> None:
    """Deciles of A's bid-table chance of making the barrel contract (dealt hands)."""
    bot = make(args.a)
    conv = Conventions()
    ps = []
    for seed in range(args.seed, args.seed + args.deals):
        state = State(conv, random.Random(seed), dealer=0)
        if state.phase is not Phase.BIDDING:
            continue  # a redeal offer first: not a plain dealt hand
        obs = state.observation(2)
        obs = dataclasses.replace(
            obs, totals=(300, 300, conv.barrel_at), on_barrel=(0, 0, 1), barrel_falls=(0, 0, 0)
        )
        lowest = 100 + conv.min_raise
        for a, info in bot.explain(obs, random.Random(seed), budget_ms=None):
            if A.is_bid(a) and A.action_value(a) == lowest:
                ps.append(float(info["make"]))
    ps.sort()
    n = len(ps)
    deciles = [ps[min(n - 1, int(n * (k + 0.5) / 10))] for k in range(10)]
    print(f"{n} hands, mean chance {sum(ps) / n:.3f}")
    print("deciles (5%, 15%, ... 95%):", ", ".join(f"{d:.3f}" for d in deciles))


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--a", default="strong")
    p.add_argument("--b", default="easy")
    p.add_argument("--base", help="a copy of py/thousand/ai for base:LEVEL bots")
    p.add_argument("--games", type=int, default=100, help="stays to play")
    p.add_argument("--start", type=int, default=0, help="index of the first stay")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--lo", type=int, default=-100, help="lowest total of the others")
    p.add_argument("--hi", type=int, default=600, help="highest total of the others")
    p.add_argument("--falls", type=int, default=0, help="the barrel player's failed barrels")
    p.add_argument(
        "--sitter", choices=("a", "b"), default="a", help="who sits on the barrel: A or a B bot"
    )
    p.add_argument("--mine", type=int, default=760, help="A's total when a B bot sits there")
    p.add_argument("--out", help="append each stay as a JSON line")
    p.add_argument("--report", nargs="+", help="summarize JSON-lines files instead")
    p.add_argument(
        "--paired", action="store_true", help="with two --report files: their paired difference"
    )
    p.add_argument("--chances", action="store_true", help="print A's barrel chances")
    p.add_argument("--deals", type=int, default=400, help="dealt hands for --chances")
    args = p.parse_args()
    if args.report:
        report(args.report)
        if args.paired and len(args.report) == 2:
            paired(*args.report)
        return 0
    make = factory(args.base)
    if args.chances:
        chances(args, make)
        return 0
    if not args.out:
        p.error("--out is needed to play stays")
    with open(args.out, "a", encoding="utf-8") as f:
        for i in range(args.start, args.start + args.games):
            f.write(json.dumps(stay(args, make, i)) + "\n")
            f.flush()
    report([args.out])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
