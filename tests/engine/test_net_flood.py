"""A flood of resend requests (``nack``) costs the side asked one resend per
``link.RESEND_EVERY``, never its whole log once per request; a guest that keeps
flooding is cut off as a lost connection."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand.net.events import HOST, Received, Refused, Send, Tick
from thousand.net.link import KIND_BUDGETS, RESEND_EVERY
from thousand.net.messages import Refusal, encode
from thousand.net.peer import step


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


def dealt() -> Table:
    t = Table(Conventions(), guests=1, seed=5, bot="easy")
    t.seat_all()
    t.run(until=lambda: t.deals_done("host") >= 1 or len(t.peers["host"].log) > 40)
    return t


def sends(outs: list[object], to: str) -> int:
    return sum(isinstance(o, Send) and o.to == to for o in outs)


def test_a_burst_of_nacks_from_a_guest_gets_the_log_once() -> None:
    t = dealt()
    host = t.peers["host"]
    conn = next(iter(host.links))
    nack = encode("nack", 0, 1, from_seq=0)
    sent = 0
    burst = int(KIND_BUDGETS["nack"][1])
    for _ in range(burst):  # (within the requests' own budget: each one is read)
        _, outs = step(host, Received(conn, nack))
        sent += sends(outs, conn)
    assert 0 < len(host.log) == sent  # the whole log, once
    # one more at once is over that budget: refused, nothing sent
    _, outs = step(host, Received(conn, nack))
    assert sends(outs, conn) == 0
    assert any(isinstance(o, Refused) and o.code is Refusal.FLOOD for o in outs)
    # later on, a request is answered again (a resend may be lost too)
    step(host, Tick(host.now + RESEND_EVERY))
    _, outs = step(host, Received(conn, nack))
    assert sends(outs, conn) == len(host.log)


def test_a_request_for_what_the_last_resend_did_not_hold_is_answered_at_once() -> None:
    t = dealt()
    host = t.peers["host"]
    conn = next(iter(host.links))
    end = len(host.log)
    _, outs = step(host, Received(conn, encode("nack", 0, 1, from_seq=end - 5)))
    assert sends(outs, conn) == 5
    host._emit("link", 0, {"seat": 1, "up": True})  # a message after that resend
    _, outs = step(host, Received(conn, encode("nack", 0, 1, from_seq=end)))
    assert sends(outs, conn) == 1  # not held by the last resend: sent now


def test_a_flood_of_nacks_from_the_host_gets_a_guest_s_messages_once() -> None:
    t = dealt()
    guest = t.peers["g1"]
    assert guest.out_log
    nack = encode("nack", 0, 0, from_seq=0)
    sent = 0
    for _ in range(1000):
        _, outs = step(guest, Received(HOST, nack))
        sent += sends(outs, HOST)
    assert sent == len(guest.out_log)


def test_a_guest_that_keeps_flooding_is_cut_off_as_a_lost_connection() -> None:
    from thousand.net.events import PeerLost
    from thousand.net.link import FLOOD_CUT

    t = Table(Conventions(), guests=2, seed=5, bot="easy")
    t.seat_all()
    t.run(until=lambda: len(t.peers["host"].log) > 40)
    host = t.peers["host"]
    conn = next(p for p, link in host.links.items() if link.seat == 1)
    nack = encode("nack", 0, 1, from_seq=0)
    lost = 0
    for _ in range(400 + FLOOD_CUT + 50):  # the burst, then refusals, then more
        _, outs = step(host, Received(conn, nack))
        lost += sum(isinstance(o, PeerLost) and o.seat == 1 for o in outs)
    assert lost == 1 and not host.links[conn].up  # cut off once, as a lost link
    # its messages count for nothing now; the other guest is told the link is lost
    size = len(host.log)
    act = encode("claim", 99, 1, deal=host.deal_no, why="")
    _, outs = step(host, Received(conn, act))
    assert len(host.log) == size and not [o for o in outs if isinstance(o, Send)]
    t.run(max_steps=200)
    assert any(isinstance(o, PeerLost) and o.seat == 1 for o in t.outputs["g2"])
