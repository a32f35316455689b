"""A person's seat played by a computer player while they are away, and the host
ending the game (``thousand.net.events``: ``TakeSeat``, ``EndGame``)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand.net.events import HOST, Ended, EndGame, Received, SeatChanged, Stage, TakeSeat
from thousand.net.messages import Refusal, encode
from thousand.net.peer_state import record_hash
from thousand.record import replay

SHORT = Conventions(barrel=False, target=200)


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


def changes(t: Table, name: str) -> list[SeatChanged]:
    return [o for o in t.outputs[name] if isinstance(o, SeatChanged)]


def test_a_computer_player_keeps_the_seat_until_its_person_is_back() -> None:
    t = Table(SHORT, guests=2, seed=8, bot="easy")
    t.seat_all()
    g1, host = t.peers["g1"], t.peers["host"]
    t.run(until=lambda: g1.deal is not None and len(g1.deal.view.actions) > 4)
    deal = host.deal_no
    t.disconnect("g1")
    t.run(max_steps=300)
    assert host.deal_no == deal and host.stage is not Stage.OVER  # it waits for seat 1
    t.feed("host", TakeSeat(1))
    # the deal in play is dealt again with the computer player in seat 1
    assert host.bots == {1} and host.deal_no == deal + 1 and 1 in host.local
    assert changes(t, "host") == [SeatChanged(1, True, redealt=True)]
    done = t.deals_done()
    t.run(until=lambda: t.deals_done() >= done + 1 or t.over())
    assert t.deals_done() >= done + 1  # the table went on without seat 1's person
    assert SeatChanged(1, True, redealt=True) in changes(t, "g2")
    t.connect("g1")
    t.run(until=lambda: not host.bots or t.over())
    assert host.bots == set() or t.over()
    t.run(until=t.over)
    assert all(p.stage is Stage.OVER for p in t.peers.values())
    assert len(t.hashes()) == 1
    # g1 learnt it all: the seat was taken, then given back at a deal's start
    assert [c.bot for c in changes(t, "g1")][:2] == [True, False]
    assert [c.bot for c in changes(t, "g2")][:2] == [True, False]
    for name in t.peers:
        assert {r.code for r in t.refused(name)} <= {Refusal.DUPLICATE, Refusal.STALE}
        assert not t.found(name)
    rec = g1.record()
    assert rec == host.record() and rec is not None and replay(rec).is_terminal()


def test_the_seat_of_a_connected_person_or_a_bot_cannot_be_taken() -> None:
    t = Table(SHORT, guests=1, seed=3, bot="easy")
    t.seat_all()
    host = t.peers["host"]
    t.run(until=lambda: host.stage is Stage.PLAY)
    for seat in (0, 1, 2):  # the host's own, a connected guest's, the computer's
        t.outputs["host"].clear()
        t.feed("host", TakeSeat(seat))
        assert [r.code for r in t.refused("host")] == [Refusal.NOT_NOW]
    assert host.bots == {2}
    t.outputs["g1"].clear()
    t.feed("g1", TakeSeat(0))  # a guest may not take seats
    assert [r.code for r in t.refused("g1")] == [Refusal.NOT_NOW]


def test_a_guest_cannot_give_a_seat_away_or_end_the_game() -> None:
    t = Table(SHORT, guests=2, seed=5, bot="easy")
    t.seat_all()
    host = t.peers["host"]
    t.run(until=lambda: host.stage is Stage.PLAY)
    link = next(p for p, link in host.links.items() if link.seat == 2)
    nxt = host.links[link].inbox.expected
    for text in (
        encode("seat", nxt, 2, deal=host.deal_no, seat=1, bot=True),
        encode("end", nxt + 1, 2, deals=0),
    ):
        t.feed("host", Received(link, text))
    assert host.bots == set() and host.stage is Stage.PLAY
    assert [r.code for r in t.refused("host")][-2:] == [Refusal.OUT_OF_TURN] * 2
    # nor can the host's messages be forged into a guest's log by another guest
    g1 = t.peers["g1"]
    before = g1.stage
    t.feed("g1", Received(HOST, encode("end", g1.inbox.expected + 50, 0, deals=0)))
    assert g1.stage is before


def test_the_host_ends_the_game_with_the_audited_deals() -> None:
    t = Table(Conventions(barrel=False), guests=1, seed=6, bot="easy")
    t.seat_all()
    t.run(until=lambda: t.deals_done("g1") >= 2)
    host = t.peers["host"]
    assert host.stage is not Stage.OVER
    t.feed("host", EndGame())
    t.run(until=t.over)
    ends = {n: [o for o in t.outputs[n] if isinstance(o, Ended)] for n in t.peers}
    assert all(len(e) == 1 for e in ends.values())
    rec = host.record()
    assert rec is not None and rec["deals"]
    assert ends["host"][0].hash == ends["g1"][0].hash == record_hash(rec)
    assert t.peers["g1"].record() == rec
    assert all(p.stage is Stage.OVER for p in t.peers.values())
    t.outputs["host"].clear()
    t.feed("host", EndGame())  # over: nothing more to end
    assert [r.code for r in t.refused("host")] == [Refusal.NOT_NOW]
