"""How big an online game's journal grows, and how long a reload takes to replay it.

    PYTHONPATH=py python3 bench/net_journal.py [--guests 1|2] [--seed 1] [--target 1000]

Plays one whole game of 3 players (the host, ``--guests`` guests, a computer
player in any seat left; the people played by the easy bot) on the real
group (``thousand.net.mental``) over ``tests/engine/net_sim``'s lossless network, every peer on
a ``Drbg`` and journaled (``thousand.net.journal``). Prints, per peer, the
journal's size as the page stores it (compact JSON, characters) after every
audited deal and at the end, and the seconds ``rebuild`` takes to replay the
final journal (the crypto of every deal is done again: a reload late in a
long game costs the most).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))

from net_sim import Table

from thousand import Conventions
from thousand.net import mental as M
from thousand.net.events import Stage
from thousand.net.journal import Journal, rebuild, start_guest, start_host
from thousand.net.peer import Peer


def journaled(t: Table, seed: int) -> dict[str, Journal]:
    """Put every peer of ``t`` on a Drbg (seeded from ``seed``: the same game each
    run) with a journal, before anything happens."""
    out: dict[str, Journal] = {}
    for name, old in list(t.peers.items()):
        key = hashlib.sha256(f"{seed}-{name}".encode()).hexdigest()
        if name == "host":
            peer, j = start_host(old.name, t.conv, key)
        else:
            peer, j = start_guest(old.name, key)
        t.peers[name], out[name] = Recorded(peer, j), j  # type: ignore[assignment]
    return out


class Recorded:
    """A peer whose every event goes through its journal; times the journal's part."""

    def __init__(self, peer: Peer, journal: Journal) -> None:
        self.peer, self.journal = peer, journal
        self.spent = 0.0  # seconds in the journal (recording, compacting)
        self.stored = 0  # the most characters stored at once
        self.worst = 0.0  # the longest compaction

    def handle(self, ev: Any) -> list[Any]:
        outs = Peer.handle(self.peer, ev)
        before = self.journal.compactions
        t0 = time.perf_counter()
        self.journal.record(ev, outs, self.peer)
        took = time.perf_counter() - t0
        self.spent += took
        if self.journal.compactions != before:
            self.worst = max(self.worst, took)
            self.stored = max(self.stored, size(self.journal))
        return outs

    def __getattr__(self, name: str) -> Any:
        return getattr(self.peer, name)


def size(j: Journal) -> int:
    """The journal's characters as the page stores it (its keys' texts together)."""
    return len(json.dumps(j.to_data(), ensure_ascii=False, separators=(",", ":")))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--guests", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", type=int, default=1000)
    args = ap.parse_args()
    conv = Conventions(target=args.target, barrel=args.target > 900)
    t = Table(conv, guests=args.guests, seed=args.seed, bot="easy", delay=0.0)
    js = journaled(t, args.seed)
    t.seat_all()
    start = time.perf_counter()
    done = 0
    peak = dict.fromkeys(js, 0)
    print(f"3 players, {args.guests} guest(s), target {args.target}, {M.BITS}-bit group")
    print(
        "deal  "
        + "  ".join(f"{n:>10}" for n in js)
        + "   (characters stored, just before the audit)"
    )
    while not t.over():
        t.run(until=lambda done=done: t.over() or t.deals_done() > done or ending(t))
        if ending(t) and t.deals_done() == done:
            sizes = {n: size(j) for n, j in js.items()}
            peak = {n: max(peak[n], sizes[n]) for n in js}
            t.run(until=lambda done=done: t.over() or t.deals_done() > done)
            print(f"{done + 1:>4}  " + "  ".join(f"{v:>10,}" for v in sizes.values()), flush=True)
        done = t.deals_done()
    played = time.perf_counter() - start
    hashes = {p.final_hash for p in t.peers.values()}
    print(f"game over after {done} deals in {played:.0f} s; one record hash: {len(hashes) == 1}")
    for name, j in js.items():
        rec = t.peers[name]
        data = json.loads(json.dumps(j.to_data()))
        t0 = time.perf_counter()
        peer, _ = rebuild(data)
        took = time.perf_counter() - t0
        same = peer.final_hash == rec.final_hash
        snap = len(json.dumps(j.snapshot, separators=(",", ":")))
        print(
            f"{name:>5}: at most {max(peak[name], rec.stored):,} characters stored "
            f"(at the end {size(j):,}: snapshot {snap:,}); journal work {rec.spent:.1f} s "
            f"in all, a compaction at most {rec.worst * 1000:.0f} ms; "
            f"rebuilt from the final journal in {took:.2f} s (same: {same})"
        )


def ending(t: Table) -> bool:
    """Every peer is in the audit of the deal (the journals at their fullest)."""
    return all(p.stage is Stage.AUDIT for p in t.peers.values())


if __name__ == "__main__":
    main()
