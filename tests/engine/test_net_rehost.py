"""The host's page gone for good: a guest hosts the same game anew
(``Host(..., resume=Resume.of(peer))``), the others rejoin their seats."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand.net.events import Stage
from thousand.net.guest import Guest
from thousand.net.host import Host
from thousand.net.messages import Refusal
from thousand.net.peer_state import Resume, history_hash
from thousand.record import replay

SHORT = Conventions(barrel=False, target=300)


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


def drop_host(t: Table, deals: int) -> None:
    """Play until ``deals`` deals are audited and the next is under way, then every
    guest loses the host."""
    g1 = t.peers["g1"]
    t.run(
        until=lambda: (
            t.deals_done("g1") >= deals
            and g1.deal is not None
            and g1.stage is Stage.PLAY
            and len(g1.deal.view.actions) > 2
        )
    )
    for g in list(t.peers):
        if g != "host":
            t.disconnect(g)


def rehost(t: Table, new_host: str, back: list[str], seed: int, **kw: Any) -> Table:
    """A new table: ``new_host``'s page hosts the game anew, ``back`` rejoin."""
    old = dict(t.peers)
    nt = Table(t.conv, guests=len(back), seed=seed, bot=t.bot, **kw)
    h = old[new_host]
    nt.peers["host"] = Host(h.name, h.conv, random.Random(seed), resume=Resume.of(h))
    for i, name in enumerate(back, 1):
        g = old[name]
        nt.peers[f"g{i}"] = Guest(g.name, random.Random(seed + i), resume=Resume.of(g))
    return nt


CASES = [(3, "g2", 1), (4, "g1", 2), (2, "g1", 3)]


@pytest.mark.parametrize(("players", "new_host", "seed"), CASES)
def test_a_guest_hosts_the_game_anew_and_it_plays_to_its_end(
    players: int, new_host: str, seed: int
) -> None:
    conv = Conventions(players=players, barrel=False, target=300)
    t = Table(conv, players - 1, seed=seed, bot="easy")
    t.seat_all()
    drop_host(t, 1)
    before = {n: p.record() for n, p in t.peers.items() if n != "host"}
    seats = {n: t.peers[n].seat for n in t.peers}
    others = [g for g in t.peers if g not in ("host", new_host)]
    nt = rehost(t, new_host, others, seed=seed + 50)
    host = nt.peers["host"]
    assert host.seat == seats[new_host] and host.host_seat == host.seat
    nt.seat_all()
    # every person is back in their seat; the old host's seat is the computer's
    for i, g in enumerate(others, 1):
        assert nt.peers[f"g{i}"].seat == seats[g]
    assert host.taken == {0} and 0 in host.bots
    nt.run(until=nt.over)
    assert nt.over() and len(nt.hashes()) == 1
    recs = [p.record() for p in nt.peers.values()]
    rec = recs[0]
    assert rec is not None and all(r == rec for r in recs)
    assert replay(rec).is_terminal()
    n = min(len(r["deals"]) for r in before.values() if r is not None)
    for r in before.values():  # the finished deals are the ones every page had
        assert history_hash(rec, n) == history_hash(r, n)
    for name in nt.peers:
        assert not nt.found(name)
        assert {r.code for r in nt.refused(name)} <= {Refusal.DUPLICATE, Refusal.STALE}


def test_the_old_hosts_seat_is_given_back_when_its_person_joins() -> None:
    t = Table(SHORT, 2, seed=5, bot="easy")
    t.seat_all()
    drop_host(t, 1)
    old_host = t.peers["host"]
    nt = rehost(t, "g1", ["g2"], seed=60)
    nt.seat_all()
    host = nt.peers["host"]
    nt.run(until=lambda: nt.deals_done() >= 2 or nt.over())
    # the old host's page comes back as a guest of the new host
    nt.peers["g2b"] = Guest(old_host.name, random.Random(99), resume=Resume.of(old_host))
    nt.outputs["g2b"] = []
    nt.connect("g2b")
    nt.run(until=lambda: 0 not in host.bots or nt.over())
    assert 0 not in host.bots or nt.over()
    nt.run(until=nt.over)
    assert len(nt.hashes()) == 1 and nt.peers["g2b"].seat == 0
    assert nt.peers["g2b"].record() == host.record()


def test_a_new_host_who_alters_a_finished_deal_is_refused() -> None:
    t = Table(SHORT, 2, seed=7, bot="easy")
    t.seat_all()
    drop_host(t, 1)
    g1 = t.peers["g1"]
    r = Resume.of(g1)
    assert r.record is not None
    forged = dict(r.record)
    forged["totals"] = [100, 0, 0]  # every finished deal's score 100 more for seat 0
    bad = Resume(r.game, r.seat, r.names, r.persons, r.conventions, forged)
    nt = Table(SHORT, 1, seed=70, bot="easy")
    nt.peers["host"] = Host(g1.name, g1.conv, random.Random(70), resume=bad)
    g2 = t.peers["g2"]
    nt.peers["g1"] = Guest(g2.name, random.Random(71), resume=Resume.of(g2))
    nt.seat_all()
    nt.run(max_steps=2000)
    guest = nt.peers["g1"]
    got = [o for o in nt.refused("g1") if o.code is Refusal.HISTORY]
    assert got and got[0].params["why"] == "differ" and guest.stage is Stage.HALTED
    assert any(o.code is Refusal.HISTORY for o in nt.refused("host"))


def test_a_guest_from_another_game_is_refused() -> None:
    a = Table(SHORT, 2, seed=8, bot="easy")
    a.seat_all()
    drop_host(a, 1)
    b = Table(SHORT, 2, seed=9, bot="easy")
    b.seat_all()
    drop_host(b, 1)
    nt = rehost(a, "g1", [], seed=80)
    stranger = b.peers["g2"]
    nt.peers["g1"] = Guest(stranger.name, random.Random(81), resume=Resume.of(stranger))
    nt.outputs["g1"] = []
    nt.connect("g1")
    nt.run(max_steps=500)
    assert any(o.code is Refusal.OTHER_GAME for o in nt.refused("host"))
    assert nt.peers["g1"].stage is Stage.HALTED and nt.peers["g1"].seat < 0
    # nor a page without the game (a fresh guest), nor a name that is not the seat's
    fresh = Guest("Guest 2", random.Random(82))
    nt.peers["g2"], nt.outputs["g2"] = fresh, []
    nt.connect("g2")
    nt.run(max_steps=500)
    assert fresh.stage is Stage.HALTED and fresh.seat < 0


def test_a_page_hosting_anew_or_rejoining_reloads_from_its_journal() -> None:
    from thousand.net.events import Connected, Received
    from thousand.net.journal import rebuild, start_guest, start_host

    t = Table(SHORT, 2, seed=11, bot="easy")
    t.seat_all()
    drop_host(t, 1)
    g1, g2 = t.peers["g1"], t.peers["g2"]
    host, hj = start_host(g1.name, g1.conv, resume=Resume.of(g1))
    guest, gj = start_guest(g2.name, resume=Resume.of(g2))
    outs = gj.step(guest, Connected("host"))
    outs = hj.step(host, Received("p1", outs[0].text))
    for o in outs:
        if hasattr(o, "text"):
            gj.step(guest, Received("host", o.text))
    assert guest.seat == g2.seat and host.seat == g1.seat
    for peer, j in ((host, hj), (guest, gj)):
        again, _ = rebuild(j.to_data())
        assert again.seat == peer.seat and again.host_seat == host.seat
        assert again.record() == peer.record() == g1.record()
        assert again.names == peer.names and again.token == peer.token


def test_a_new_host_who_leaves_out_more_than_the_last_deal_is_refused() -> None:
    t = Table(SHORT, 2, seed=12, bot="easy")
    t.seat_all()
    drop_host(t, 3)
    g1, g2 = t.peers["g1"], t.peers["g2"]
    r = Resume.of(g1)
    assert r.record is not None and r.deals() >= 3
    short = {**r.record, "deals": r.record["deals"][:1]}
    bad = Resume(r.game, r.seat, r.names, r.persons, r.conventions, short)
    nt = Table(SHORT, 1, seed=120, bot="easy")
    nt.peers["host"] = Host(g1.name, g1.conv, random.Random(120), resume=bad)
    nt.peers["g1"] = Guest(g2.name, random.Random(121), resume=Resume.of(g2))
    nt.seat_all()
    nt.run(max_steps=2000)
    got = [o for o in nt.refused("g1") if o.code is Refusal.HISTORY]
    assert got and got[0].params["why"] == "fewer" and nt.peers["g1"].stage is Stage.HALTED
