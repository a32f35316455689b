"""The wire, pinned: seeded whole games over ``net_sim`` (lost and doubled messages,
random legal play) send exactly the same texts, in the same order, every time.

Every message text a peer hands the network (``Send`` and ``Broadcast``) goes
into one SHA-256 per game. A change to the protocol, the mental poker, the
rules or the random bot moves these hashes; such a change must be deliberate
(then pin the new ones, and say in docs/PROTOCOL.md what changed on the wire).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterator

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand.net.events import Broadcast, Send, Stage
from thousand.net.guest import Guest
from thousand.net.host import Host

BUILD = "thousand-wire"  # not the package's version: a release does not move the hashes

# (players, seed) -> (texts sent, their hash)
# (Pinned with one resend a ``link.RESEND_EVERY`` per link: a request repeated
# sooner for what the last resend held is not answered; docs/PROTOCOL.md, "Limits".)
PINNED = {
    (3, 8): (643, "85b4146b7e6cc5fbf43f7e379e4dea339a619d07c2bfc490ad09b792cd010f88"),
    (4, 9): (1830, "6a130c7853d79c0e6ee886866bc28e8047d5472fca3f601feee05ea49dfa6be8"),
    (2, 11): (321, "805db81e65adfd482776666ba254aca31a2c6045b27e559a837ad703b4e0ce84"),
}


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


def transcript(players: int, seed: int) -> tuple[int, str]:
    """Play one game; how many texts the peers sent, and the hash of them all."""
    conv = Conventions(players=players, barrel=False, target=300)
    t = Table(conv, players - 1, seed, drop=0.05, dup=0.05, bot="random")
    t.peers["host"] = Host("Host", conv, random.Random(seed + 10), build=BUILD)
    for i in range(1, players):
        t.peers[f"g{i}"] = Guest(f"Guest {i}", random.Random(seed + 10 + i), build=BUILD)
    t.seat_all()
    t.run(until=t.over)
    assert all(p.stage is Stage.OVER for p in t.peers.values())
    assert len(t.hashes()) == 1
    h = hashlib.sha256()
    n = 0
    for name, outs in t.outputs.items():
        for o in outs:
            if isinstance(o, Send | Broadcast):
                h.update(f"{name} {o.text}\n".encode())
                n += 1
    return n, h.hexdigest()


@pytest.mark.parametrize(("players", "seed"), sorted(PINNED))
def test_a_seeded_game_sends_the_pinned_texts(players: int, seed: int) -> None:
    assert transcript(players, seed) == PINNED[players, seed]
