"""One whole online deal on the real 1536-bit group (the other session tests use a small one)."""

from __future__ import annotations

from net_sim import Table

from thousand import Conventions
from thousand.net import mental as M
from thousand.net.events import Stage


def test_a_deal_on_the_real_group() -> None:
    assert M.P.bit_length() == 1536
    t = Table(Conventions(), guests=1, seed=11, bot="easy")
    t.seat_all()
    t.run(until=lambda: t.deals_done("g1") >= 1 and t.deals_done("host") >= 1)
    assert t.deals_done("g1") >= 1 and t.deals_done("host") >= 1
    assert not t.found("host") and not t.found("g1")
    assert all(p.stage in (Stage.SETUP, Stage.PLAY) for p in t.peers.values())
    host, guest = t.peers["host"].record(), t.peers["g1"].record()
    assert host is not None and guest == host
