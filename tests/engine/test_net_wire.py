"""The wire, pinned: seeded whole games over ``net_sim`` (lost and doubled messages,
random legal play) send exactly the same texts, in the same order, as the peer
did before its roles were split into ``Host`` and ``Guest``.

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
PINNED = {
    (3, 8): (651, "f8271f18f16cd99bac7febc43f22bdf98627ebfbc9dc6cf1cfda4fb2de237032"),
    (4, 9): (1745, "a24e09a600a10b47c82a347c837dcfff33bb0da1cf4da1c7f6d191a0834ad5d3"),
    (2, 11): (321, "4060ce0147bce82ae7f789b3a1592714bb59e24f01c1edd328f519777f4ce428"),
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
