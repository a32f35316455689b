"""Command line: ``python -m thousand play|replay|diagram|fuzz|bench``.

* ``play --seed S [--preset NAME] [--players N] [--bots easy,random,...]`` plays a
  whole game and prints the score sheet; the last line is ``winner: <seat>``.
* ``replay FILE [--json]`` validates a record and prints each deal's result.
* ``diagram FILE [--step N] [--open] [--seat S] [--lang en|ru|uk|pl]`` prints a
  standalone SVG of the position after N actions of a record (default: the end).
* ``verify FILE`` checks that every deal of a record came from the seed committed
  before it (``thousand.fair``); one line per deal, the last ``verified: K of N deals``;
  exit status 1 when a deal does not match its commitment.
* ``fuzz --games N --seed S`` random games under random conventions; last line
  ``games: N, failures: F``.
* ``bench [--seconds T] [--workers W]`` random-playout throughput; last line
  ``deals/s: N`` (classic, W processes at once; default one per core).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any

from .bench import run_bench
from .bots import make_bot
from .conventions import Conventions, ConventionsError
from .record import MAX_RECORD_BYTES, RecordError, make_record, replay
from .sheet import SheetText
from .state import Game, State


def _conventions(args: argparse.Namespace) -> Conventions:
    return Conventions.for_players(args.players, args.preset)


def cmd_play(args: argparse.Namespace) -> int:
    """Play one game between bots and print its sheet."""
    conv = _conventions(args)
    names = [b for b in args.bots.split(",") if b] if args.bots else ["easy"]
    bots = [make_bot(names[i % len(names)]) for i in range(conv.players)]
    rng = random.Random(args.seed)
    state = Game(conv).new_initial_state(rng)
    limit = args.max_deals
    while not state.is_terminal():
        if len(state.rows) >= limit:
            print(f"stopped after {limit} deals without a winner")
            return 1
        seat = state.current_player()
        state.apply_action(bots[seat].act(state.observation(seat), rng))
    print(f"conventions: {args.preset} {json.dumps(conv.changes())}")
    print("bots: " + ", ".join(f"{s}={bots[s].name}" for s in range(conv.players)))
    print(SheetText(conv.players, list(state.rows)).render())
    if args.record:
        with open(args.record, "w", encoding="utf-8") as f:
            json.dump(make_record(state), f, ensure_ascii=False)
    print(f"totals: {' '.join(str(t) for t in state.totals)}")
    print(f"winner: {state.winner}")
    return 0


def deal_summaries(state: State) -> list[dict[str, Any]]:
    """Per deal: declarer, contract, points, deltas (JSON-ready)."""
    out = []
    for r in state.rows:
        out.append(
            {
                "number": r.number,
                "dealer": r.dealer,
                "kind": r.kind,
                "declarer": r.declarer,
                "contract": r.contract,
                "made": r.made,
                "points": list(r.points),
                "deltas": list(r.deltas),
                "totals": list(r.totals),
                "penalties": [
                    {"seat": p.seat, "amount": p.amount, "reason": p.reason} for p in r.penalties
                ],
            }
        )
    return out


def cmd_replay(args: argparse.Namespace) -> int:
    """Validate a record and print each deal's result."""
    try:
        with open(args.file, "rb") as f:
            text = f.read(MAX_RECORD_BYTES + 1)  # more is refused by the reader
    except OSError as e:
        print(f"error: cannot read {args.file}: {e.strerror}", file=sys.stderr)
        return 2
    try:
        state = replay(text)
    except RecordError as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(
            json.dumps(
                {"deals": deal_summaries(state), "totals": state.totals, "winner": state.winner},
                ensure_ascii=False,
            )
        )
        return 0
    print(SheetText(state.n, list(state.rows)).render())
    print(f"totals: {' '.join(str(t) for t in state.totals)}")
    print(f"winner: {state.winner if state.winner is not None else '-'}")
    return 0


def _read_record(path: str) -> bytes:
    """A record file's bytes (at most one byte over the limit: more is refused)."""
    with open(path, "rb") as f:
        return f.read(MAX_RECORD_BYTES + 1)


def cmd_diagram(args: argparse.Namespace) -> int:
    """Print the SVG diagram of a record's position after ``--step`` actions."""
    from .diagram import render_record

    try:
        text = _read_record(args.file)
    except OSError as e:
        print(f"error: cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 1
    try:
        svg = render_record(text, args.step, seat=args.seat, open_hands=args.open, lang=args.lang)
    except (RecordError, ValueError) as e:
        msg = (str(e).splitlines() or [type(e).__name__])[0]
        print(f"error: {msg[:300]}", file=sys.stderr)
        return 1
    sys.stdout.buffer.write(svg.encode("utf-8"))
    sys.stdout.flush()
    return 0


#: What ``verify`` prints for each verdict.
VERDICT_WORDS = {
    "fair": "fair: the seed matches its commitment and deals these cards",
    "hidden": "committed, seed not yet revealed (the deal in progress)",
    "none": "no commitment (not dealt by a committed seed)",
    "bad_commit": "NOT FAIR: the revealed seed does not match the commitment",
    "other_cards": "NOT FAIR: the seed deals other cards than the record shows",
    "malformed": "NOT FAIR: the commitment is not readable",
}


def cmd_verify(args: argparse.Namespace) -> int:
    """Check every deal of a record against its committed seed."""
    from .fair import Verdict, verify

    try:
        text = _read_record(args.file)
    except OSError as e:
        print(f"error: cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 2
    try:
        findings = verify(text)
    except RecordError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    for f in findings:
        commit = f" [{f.commit[:16]}]" if f.commit else ""
        print(f"deal {f.deal + 1}: {VERDICT_WORDS[f.verdict]}{commit}")
    fair = sum(f.verdict is Verdict.FAIR for f in findings)
    print(f"verified: {fair} of {len(findings)} deals")
    return 0 if all(f.ok for f in findings) else 1


def cmd_fuzz(args: argparse.Namespace) -> int:
    """Random games under random conventions; report invariant failures."""
    from .fuzz import run_fuzz

    t0 = time.perf_counter()
    games, failures = run_fuzz(
        args.games, args.seed, workers=args.workers, progress=args.games >= 2000
    )
    for f in failures[:50]:
        print(f)
    print(f"time: {time.perf_counter() - t0:.1f} s")
    print(f"games: {games}, failures: {len(failures)}")
    return 1 if failures else 0


def cmd_bench(args: argparse.Namespace) -> int:
    """Print random-playout throughput (see ``thousand.bench``)."""
    return run_bench(args.seconds, args.workers)


def main(argv: list[str] | None = None) -> int:
    """Entry point."""
    p = argparse.ArgumentParser(
        prog="python -m thousand",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="cmd", required=True)
    pp = sub.add_parser("play", help="play a whole game between bots")
    pp.add_argument("--seed", type=int, default=1)
    pp.add_argument("--preset", default="classic")
    pp.add_argument("--players", type=int, choices=(2, 3, 4))
    pp.add_argument("--bots", default="easy", help="comma-separated levels per seat")
    pp.add_argument("--max-deals", type=int, default=1000)
    pp.add_argument("--record", help="write the game record to this file")
    pr = sub.add_parser("replay", help="validate and replay a game record")
    pr.add_argument("file")
    pr.add_argument("--json", action="store_true")
    pdg = sub.add_parser("diagram", help="an SVG diagram of a record's position")
    pdg.add_argument("file")
    pdg.add_argument("--step", type=int, help="actions applied (default: all)")
    pdg.add_argument("--open", action="store_true", help="every hand face up")
    pdg.add_argument("--seat", type=int, help="the seat at the bottom (default 0)")
    pdg.add_argument("--lang", default="en", choices=("en", "ru", "uk", "pl"))
    pv = sub.add_parser("verify", help="check each deal against its committed seed")
    pv.add_argument("file")
    pf = sub.add_parser("fuzz", help="random games checking invariants")
    pf.add_argument("--games", type=int, default=100)
    pf.add_argument("--seed", type=int, default=1)
    pf.add_argument("--workers", type=int, default=1, help="processes (use 2 on 2 cores)")
    pb = sub.add_parser("bench", help="random-playout throughput")
    pb.add_argument("--seconds", type=float, default=3.0)
    pb.add_argument(
        "--workers",
        type=int,
        default=0,
        help="processes for the last figure (default: one per core)",
    )
    args = p.parse_args(argv)
    try:
        if args.cmd == "play":
            return cmd_play(args)
        if args.cmd == "replay":
            return cmd_replay(args)
        if args.cmd == "diagram":
            return cmd_diagram(args)
        if args.cmd == "verify":
            return cmd_verify(args)
        if args.cmd == "fuzz":
            return cmd_fuzz(args)
        return cmd_bench(args)
    except (ConventionsError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
