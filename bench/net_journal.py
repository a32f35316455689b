"""How big an online game's journal grows, and how long a reload takes to replay it.

    PYTHONPATH=py python3 bench/net_journal.py [--guests 1|2] [--seed 1] [--target 1000]

Plays one whole game of 3 players (the host, ``--guests`` guests, a computer
player in any seat left; the people played by the easy bot) on the real
1024-bit group over ``tests/engine/net_sim``'s lossless network, every peer on
a ``Drbg`` and journaled (``thousand.net.journal``). Prints, per peer, the
journal's size as the page stores it (compact JSON, characters) after every
audited deal and at the end, and the seconds ``rebuild`` takes to replay the
final journal (the crypto of every deal is done again: a reload late in a
long game costs the most).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))

from net_sim import Table

from thousand import Conventions
from thousand.net.journal import Journal, rebuild, start_guest, start_host
from thousand.net.session import Peer


def journaled(t: Table) -> dict[str, Journal]:
    """Put every peer of ``t`` on a Drbg with a journal (before anything happens)."""
    out: dict[str, Journal] = {}
    for name, old in list(t.peers.items()):
        if name == "host":
            peer, j = start_host(old.name, t.conv)
        else:
            peer, j = start_guest(old.name)

        t.peers[name], out[name] = Recorded(peer, j), j  # type: ignore[assignment]
    return out


class Recorded:
    """A peer whose every event goes through its journal."""

    def __init__(self, peer: Peer, journal: Journal) -> None:
        self.peer, self.journal = peer, journal

    def handle(self, ev: Any) -> list[Any]:
        return self.journal.step(self.peer, ev)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.peer, name)


def size(j: Journal) -> int:
    """The journal's characters as the page stores it."""
    return len(json.dumps(j.to_data(), ensure_ascii=False, separators=(",", ":")))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--guests", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--target", type=int, default=1000)
    args = ap.parse_args()
    conv = Conventions(target=args.target)
    t = Table(conv, guests=args.guests, seed=args.seed, bot="easy", delay=0.0)
    js = journaled(t)
    t.seat_all()
    start = time.perf_counter()
    done = 0
    print(f"3 players, {args.guests} guest(s), target {args.target}, 1024-bit group")
    print("deal  " + "  ".join(f"{n:>10}" for n in js))
    while not t.over():
        t.run(until=lambda done=done: t.over() or t.deals_done() > done)
        if t.deals_done() > done:
            done = t.deals_done()
            print(f"{done:>4}  " + "  ".join(f"{size(j):>10,}" for j in js.values()), flush=True)
    played = time.perf_counter() - start
    hashes = {p.final_hash for p in t.peers.values()}
    print(f"game over after {done} deals in {played:.0f} s; one record hash: {len(hashes) == 1}")
    for name, j in js.items():
        data = json.loads(json.dumps(j.to_data()))
        t0 = time.perf_counter()
        peer, _ = rebuild(data)
        took = time.perf_counter() - t0
        same = peer.final_hash == t.peers[name].final_hash
        print(
            f"{name:>5}: {size(j):,} characters, {len(j.events):,} events, "
            f"{size(j) / max(done, 1) / 1000:.0f} KB a deal; rebuilt in {took:.1f} s (same: {same})"
        )


if __name__ == "__main__":
    main()
