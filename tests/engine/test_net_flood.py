"""A flood of resend requests (``nack``) costs the side asked one resend per
``link.RESEND_EVERY``, never its whole log once per request."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from net_sim import Table, small_group

from thousand import Conventions
from thousand.net.events import HOST, Received, Send, Tick
from thousand.net.link import RESEND_EVERY
from thousand.net.messages import encode
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


def test_a_thousand_nacks_from_a_guest_get_the_log_once() -> None:
    t = dealt()
    host = t.peers["host"]
    conn = next(iter(host.links))
    nack = encode("nack", 0, 1, from_seq=0)
    sent = 0
    for _ in range(1000):
        _, outs = step(host, Received(conn, nack))
        sent += sends(outs, conn)
    assert 0 < len(host.log) == sent  # the whole log, once
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
