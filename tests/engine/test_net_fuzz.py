"""Property: mutated honest traffic leaves every peer with a legal game or a clear refusal.

Many seeded runs of a short game whose messages are, now and then, rewritten
(a field changed, dropped or added, the text cut, the sender or the version
changed, an old message sent again). No peer may raise; every peer ends
either with audited deals that replay through the engine, or having reported
a refusal or a cheat.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand.net.events import Stage
from thousand.record import replay


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


def mutate(rng: random.Random, text: str, old: list[str]) -> str:
    """One random change to a message's text."""
    kind = rng.randrange(7)
    if kind == 0:
        return text[: rng.randrange(len(text))]
    if kind == 1 and old:
        return rng.choice(old)
    msg = json.loads(text)
    keys = [k for k in msg if k not in ("v", "t")]
    k = rng.choice(keys) if keys else "seq"
    if kind == 2:
        msg.pop(k, None)
    elif kind == 3:
        msg["junk"] = rng.choice([1, "x", [], {}])
    elif kind == 4:
        v = msg.get(k)
        if isinstance(v, bool):
            msg[k] = not v
        elif isinstance(v, int):
            msg[k] = v + rng.choice([-1, 1, 7, 1 << 20])
        elif isinstance(v, str):
            msg[k] = v[::-1] or "ff"
        elif isinstance(v, list) and v:
            msg[k] = v[::-1] if rng.random() < 0.5 else v[:-1]
    elif kind == 5:
        msg["from"] = rng.randrange(4)
    else:
        msg["v"] = rng.choice([0, 2, "1"])
    return json.dumps(msg)


@pytest.mark.parametrize("seed", range(14))
def test_mutated_traffic_never_breaks_a_peer(seed: int) -> None:
    rng = random.Random(seed)
    old: list[str] = []
    rate = 0.01 + 0.02 * (seed % 3)

    def tamper(src: str, dst: str, text: str) -> list[str]:
        old.append(text)
        if rng.random() < rate:
            return [mutate(rng, text, old[-50:])]
        return [text]

    conv = Conventions(players=3 + seed % 2, barrel=False, target=200)
    t = Table(conv, guests=1 + seed % 2, seed=seed, bot="random", tamper=tamper)
    t.seat_all()  # any exception inside a peer fails the test here
    t.run(until=lambda: t.over() or t.deals_done() >= 3, max_steps=6000)
    for name, peer in t.peers.items():
        # the safety net of Peer.handle caught nothing the checks should have refused
        crashes = {"ValueError", "KeyError", "IndexError", "TypeError"}
        assert not [r for r in t.refused(name) if r.params.get("why") in crashes]
        rec = peer.record()
        if rec is not None:
            state = replay(rec)  # every audited deal is a legal deal of the engine
            assert len(state.log) == len(rec["deals"])
        spoke = t.refused(name) or t.found(name)
        assert peer.stage is Stage.OVER or peer.deal_no >= 2 or spoke, (name, peer.stage)
    hashes = {p.final_hash for p in t.peers.values() if p.final_hash}
    if all(p.stage is Stage.OVER for p in t.peers.values()):
        assert len(hashes) == 1
