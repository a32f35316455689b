"""A peer's snapshot (``thousand.net.snapshot``) names its role by its class, ``Host`` or
``Guest``; a snapshot a page stored before the roles were classes of their own (one
``Peer`` class, the role in its ``is_host`` field, ``_Link`` and ``_Deal``) still reads."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand.net.drbg import Drbg
from thousand.net.events import Stage
from thousand.net.guest import Guest
from thousand.net.host import Host
from thousand.net.snapshot import SnapshotError, decode, encode

OLD = {"Host": "Peer", "Guest": "Peer", "Link": "_Link", "Deal": "_Deal"}


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


def mid_deal() -> Table:
    """A table in its first deal's play, every peer on a ``Drbg`` (snapshots hold it)."""
    t = Table(Conventions(barrel=False, target=300), 2, seed=3, bot="easy")
    for i, p in enumerate(t.peers.values()):
        p.rng = Drbg(bytes([i + 1]) * 32)
    t.seat_all()
    t.run(until=lambda: all(p.stage is Stage.PLAY for p in t.peers.values()))
    return t


def renamed(x: Any, names: dict[str, str]) -> Any:
    """A snapshot with its objects' class names changed."""
    if isinstance(x, list):
        return [renamed(y, names) for y in x]
    if isinstance(x, dict):
        out = {k: renamed(v, names) for k, v in x.items()}
        if out.get("t") == "o":
            out["c"] = names.get(out["c"], out["c"])
        return out
    return x


def test_a_snapshot_names_the_role_and_an_old_one_reads_as_the_same_peer() -> None:
    t = mid_deal()
    for name, peer in t.peers.items():
        data = encode(peer)
        role = Host if name == "host" else Guest
        assert data["c"] == role.__name__
        text = json.dumps(data)
        assert '"c": "Link"' in text if name == "host" else '"c": "Deal"' in text
        old = renamed(data, OLD)
        assert '"c": "Host"' not in json.dumps(old) and '"c": "Guest"' not in json.dumps(old)
        back = decode(old)
        assert type(back) is role and back.is_host is (role is Host)
        assert encode(back) == data  # the same peer, field for field


def test_a_snapshot_whose_role_and_class_disagree_is_refused() -> None:
    t = mid_deal()
    data = encode(t.peers["g1"])
    liar = renamed(data, {"Guest": "Host"})  # a guest's fields under the host's class
    with pytest.raises(SnapshotError):
        decode(liar)
