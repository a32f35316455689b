"""An online table survives a page reload (``app.online.netresume``), in CPython: each page
writes its journal to its own storage as the runner would (``KeepJournal``), a
page is thrown away mid-deal and a new one is made from its storage alone;
``Reloaded`` puts it behind new invitations, the friends reconnect through a
real invitation exchange and the deal goes on to the same game on both pages.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from net_sim import small_group
from test_online_page import Wire, html, play_some, sdps

from app.online import netresume
from app.online.netplay import NetSession, new_guest, new_host
from app.page.model import (
    BeginOnline,
    FinishLink,
    ForgetJournal,
    InvitationPasted,
    KeepJournal,
    LinkChanged,
    MakeOffer,
    NetBroadcast,
    NetSend,
    NetTick,
    OfferMade,
    Page,
    Reinvite,
    Reloaded,
    ReplyMade,
    ReplyPasted,
)
from app.page.screen import Screen
from app.page.update import update
from app.shell.storage import NET_KEY, NET_SNAP_KEYS, MemoryStorage, Store
from app.table.view import Dialog
from thousand import Conventions
from thousand.net.events import Stage


class StoredWire(Wire):
    """Two pages, each with its own storage, that write their journals as the
    runner does, before anything is sent."""

    def __init__(self, host: Page, guest: Page) -> None:
        super().__init__(host, guest)
        self.stores = {"host": Store(MemoryStorage()), "guest": Store(MemoryStorage())}
        self.kept = 0
        self.host_fx: list[object] = []  # the host page's last effects

    def effects(self, side: str, fx: list[object]) -> None:
        sends = [i for i, e in enumerate(fx) if isinstance(e, (NetSend, NetBroadcast))]
        keeps = [i for i, e in enumerate(fx) if isinstance(e, KeepJournal)]
        if keeps and sends:
            assert keeps[0] < sends[0], fx  # written before anything leaves
        page = self.host if side == "host" else self.guest
        if side == "host":
            self.host_fx = list(fx)
        for e in fx:
            if isinstance(e, KeepJournal):
                assert isinstance(page.session, NetSession)
                assert netresume.save(self.stores[side], page.session) is None
                self.kept += 1
            elif isinstance(e, ForgetJournal):
                netresume.forget(self.stores[side])
        super().effects(side, fx)


def joined(seats: tuple[int, ...] = (1,)) -> StoredWire:
    """A host's page and a guest's page, linked (the invitation and reply are real)."""
    host = Page(
        new_host("Ann", Conventions(), list(seats)), Screen(lang="en", base_url="https://x.test/")
    )
    offer, answer = sdps()
    host, _ = update(host, OfferMade("p1", offer))
    invite_link = host.session.lobby.seats[0].link
    guest_screen = Screen(lang="en", base_url="https://y.test/")
    w = StoredWire(host, Page(new_guest("Olena", _invite(invite_link)), guest_screen))
    w.guest.ui.joining = _invite(invite_link)
    w.guest, _ = update(w.guest, ReplyMade(answer))
    w.host, fx = update(w.host, ReplyPasted(1, w.guest.session.lobby.reply_link))
    assert isinstance(fx[0], FinishLink)
    w.send("guest", LinkChanged("host", "open"))
    w.send("host", LinkChanged("p1", "open"))
    w.drain()
    return w


def _invite(link: str) -> object:
    from app.online.invite import read_fragment

    return read_fragment("#" + link.split("#", 1)[1])


def reload_page(w: StoredWire, side: str) -> Page:
    """The page on ``side`` dies (its link with it) and a new one starts from its
    storage alone, as ``Table`` does (``netresume.load``, then ``Reloaded``)."""
    other = "guest" if side == "host" else "host"
    w.cut = True
    w.queue.clear()  # what was in flight died with the link
    w.send(other, LinkChanged(w.conn if other == "host" else "host", "closed"))
    # the stored text, as a new page reads it
    store = Store(MemoryStorage())
    store.backend.data = json.loads(json.dumps(w.stores[side].backend.data))  # type: ignore[attr-defined]
    w.stores[side] = store
    session, why = netresume.load(store)
    assert why is None and session is not None
    base = "https://x.test/" if side == "host" else "https://y.test/"
    page = Page(session, Screen(lang="en", base_url=base))
    if side == "host":
        w.host = page
    else:
        w.guest = page
    w.send(side, Reloaded())
    return w.page(side)


def reconnect(w: StoredWire, fx_offer: list[object] | None = None) -> None:
    """The host's page makes a new invitation for seat 1, the guest's page opens it
    and replies, the host pastes the reply: the link opens again."""
    if fx_offer is None:
        w.host, fx_offer = update(w.host, Reinvite(1))
    offers = [e for e in fx_offer if isinstance(e, MakeOffer)]
    assert offers, fx_offer
    w.conn = offers[0].conn
    offer, answer = sdps()
    w.host, _ = update(w.host, OfferMade(w.conn, offer))
    link = w.host.session.lobby.seats[0].link
    w.guest, fx = update(w.guest, InvitationPasted(link))
    assert fx and type(fx[0]).__name__ == "AcceptOffer"
    w.guest, _ = update(w.guest, ReplyMade(answer))
    w.host, fx = update(w.host, ReplyPasted(1, w.guest.session.lobby.reply))
    assert isinstance(fx[0], FinishLink), fx
    w.cut = False
    w.send("guest", LinkChanged("host", "open"))
    w.send("host", LinkChanged(w.conn, "open"))
    w.drain()


def play_deal_out(w: StoredWire, rng: random.Random) -> None:
    deal = w.host.session.peer.deal_no
    for _ in range(300):
        play_some(w, rng, 10)
        if w.host.session.peer.deal_no > deal and w.host.session.peer.game is not None:
            break
    else:
        raise AssertionError("the deal never ended")
    hs, gs = w.host.session.peer, w.guest.session.peer
    assert gs.game is not None and hs.game is not None
    assert gs.game.rows == hs.game.rows and gs.record() == hs.record()


@pytest.fixture
def w() -> StoredWire:
    with small_group():
        wire = joined()
        wire.send("host", BeginOnline())
        wire.drain()
        yield wire  # type: ignore[misc]


def test_the_guest_reloads_mid_deal_rejoins_and_the_deal_goes_on(w: StoredWire) -> None:
    with small_group():
        rng = random.Random(4)
        assert play_some(w, rng, 5) == 5
        assert w.kept > 0 and NET_KEY in w.stores["guest"].backend.data  # type: ignore[attr-defined]
        before = w.guest.session.peer
        answered = w.guest.session.lobby.session
        guest = reload_page(w, "guest")
        # the invitation answered before (the address may still hold it) is known
        assert answered and guest.session.lobby.session == answered
        s = guest.session
        assert isinstance(s, NetSession) and s.peer is not before
        assert s.peer.token == before.token and s.peer.version() == before.version()
        assert s.peer.deal_no == before.deal_no and s.human == 1
        # the page says what happened and offers to rejoin
        assert guest.ui.dialog == Dialog.ONLINE and s.lobby.state == "closed"
        assert any(n.key == "reloaded" for n in guest.ui.notices)
        page = html(guest)
        assert 'data-ui="invite-input"' in page and 'data-ui="rejoin"' in page
        assert "Preparing your reply" not in page and 'data-ui="guest-name"' not in page
        # its own cards are back on the table
        was = before.observation(1)  # (None when the moves ended the deal: a redeal)
        assert was is None or s.observation().hand == was.hand
        assert "data-reply-code" not in page and "data-reply=" not in page  # none yet
        reconnect(w)
        assert w.guest.session.peer.stage in (Stage.PLAY, Stage.SETUP, Stage.AUDIT)
        # rejoined: the words about the reload and the Rejoin dialog go
        assert not any(n.key == "reloaded" for n in w.guest.ui.notices)
        assert w.guest.ui.dialog == Dialog.NONE
        play_deal_out(w, rng)


def test_the_host_reloads_mid_deal_invites_again_and_the_deal_goes_on(w: StoredWire) -> None:
    with small_group():
        rng = random.Random(6)
        assert play_some(w, rng, 3) == 3
        old = w.host.session.peer
        host = reload_page(w, "host")
        s = host.session
        assert isinstance(s, NetSession) and s.peer is not old
        assert s.peer.log[: len(old.log)] == old.log and s.peer.tokens == old.tokens
        # then only the word to the others that the friend's link is gone
        assert [json.loads(x)["t"] for x in s.peer.log[len(old.log) :]] == ["link"]
        # every friend's seat gets a new invitation; the lost link is said
        assert host.ui.dialog == Dialog.ONLINE
        shown = html(host)
        assert 'data-net-seat="1"' in shown and 'data-ui="begin-online"' not in shown
        assert any(n.key == "lost1" for n in host.ui.notices)
        assert any(n.key == "reloaded" for n in host.ui.notices)
        seat = s.lobby.seats[0]
        assert seat.seat == 1 and seat.state == "new"
        # Reloaded made the offer; the runner answers with OfferMade
        w.conn = seat.conn
        offer, _ = sdps()
        w.host, _ = update(w.host, OfferMade(seat.conn, offer))
        assert w.host.session.lobby.seats[0].link.startswith("https://x.test/#join=")
        reconnect(w, [MakeOffer(seat.conn)])
        assert not any(n.key == "reloaded" for n in w.host.ui.notices)  # every friend is back
        play_deal_out(w, rng)


def test_a_reloaded_host_invites_only_the_friends_who_sat_down() -> None:
    with small_group():
        w = joined((1, 2))  # two online seats; only one friend came
        w.send("host", BeginOnline())
        w.drain()
        assert w.host.session.peer.bots == {2}
        play_some(w, random.Random(5), 2)
        host = reload_page(w, "host")
        assert [x.seat for x in host.session.lobby.seats] == [1]
        offers = [e for e in w.host_fx if isinstance(e, MakeOffer)]
        assert len(offers) == 1 and offers[0].conn == host.session.lobby.seats[0].conn
        w.conn = offers[0].conn
        reconnect(w, offers)  # type: ignore[arg-type]
        play_deal_out(w, random.Random(5))


def test_both_pages_reload_at_a_deal_boundary_and_the_game_goes_on(w: StoredWire) -> None:
    with small_group():
        rng = random.Random(8)
        play_deal_out(w, rng)
        reload_page(w, "guest")
        reconnect(w)
        host = reload_page(w, "host")
        seat = host.session.lobby.seats[0]
        w.conn = seat.conn
        reconnect(w, [MakeOffer(seat.conn)])
        assert not any(n.key == "reloaded" for n in w.host.ui.notices)  # every friend is back
        play_deal_out(w, rng)
        # compacted after each audited deal: a snapshot slot is in use
        data = w.stores["guest"].backend.data  # type: ignore[attr-defined]
        assert any(k in data for k in NET_SNAP_KEYS)


def test_a_reloaded_page_s_clock_goes_on_from_its_peer_s(w: StoredWire) -> None:
    with small_group():
        for k in range(1, 6):
            w.send("guest", NetTick(1000.0 + k))
        w.send("guest", InvitationPasted("nothing"))  # any event: the journal is written
        play_some(w, random.Random(2), 2)
        then = w.guest.session.peer.now
        guest = reload_page(w, "guest")
        guest, _ = update(guest, NetTick(0.25))  # the new page's clock starts near zero
        assert guest.session.peer.now >= then
        guest, _ = update(guest, NetTick(1.25))
        assert guest.session.peer.now >= then + 1.0


def test_continuing_alone_forgets_the_journal(w: StoredWire) -> None:
    from app.page.model import ContinueAlone

    with small_group():
        play_some(w, random.Random(1), 2)
        assert NET_KEY in w.stores["guest"].backend.data  # type: ignore[attr-defined]
        w.send("guest", ContinueAlone())
        assert NET_KEY not in w.stores["guest"].backend.data  # type: ignore[attr-defined]
        assert netresume.load(w.stores["guest"]) == (None, None)


def no_snapshot(d: dict[str, str]) -> None:
    d[NET_KEY] = re.sub(r'"snap":(null|[01])', '"snap":1', d[NET_KEY], count=1)
    d.pop(NET_SNAP_KEYS[1], None)


def edit(text: str, old: str, new: str) -> str:
    assert old in text, old
    return text.replace(old, new, 1)


@pytest.mark.parametrize(
    "spoil",
    [
        lambda d: d.__setitem__(NET_KEY, d[NET_KEY][: len(d[NET_KEY]) // 2]),  # cut short
        lambda d: d.__setitem__(NET_KEY, edit(d[NET_KEY], '\\"seq\\":', '\\"seq\\": ')),
        lambda d: d.__setitem__(NET_KEY, "[" * 50_000),  # deep
        lambda d: d.__setitem__(NET_KEY, '"x"' + " " * 2_100_000),  # huge
        lambda d: d.__setitem__(NET_KEY, "{}"),
        lambda d: d.__setitem__(NET_KEY, edit(d[NET_KEY], '"role":"guest"', '"role":"host"')),
        lambda d: d.__setitem__(NET_KEY, edit(d[NET_KEY], '"level":"normal"', '"level":"god"')),
        lambda d: no_snapshot(d),  # the slot it names is gone
    ],
)
def test_a_spoiled_journal_is_moved_aside_and_said(w: StoredWire, spoil: object) -> None:
    with small_group():
        play_some(w, random.Random(3), 2)
        store = w.stores["guest"]
        data = store.backend.data  # type: ignore[attr-defined]
        spoil(data)  # type: ignore[operator]
        session, why = netresume.load(store)
        assert session is None and why
        assert NET_KEY not in data  # moved aside, never deleted
        assert any(k.startswith(NET_KEY + ".corrupt") for k in data)
        assert netresume.load(store) == (None, None)


def test_a_full_storage_is_reported() -> None:
    with small_group():
        s = new_host("Ann", Conventions(), [1])
        assert netresume.save(Store(MemoryStorage(quota=100)), s) is not None


def test_the_netresume_doctests() -> None:
    import doctest

    assert doctest.testmod(netresume).failed == 0


def test_the_host_reloads_before_anyone_joined_and_the_table_is_still_open() -> None:
    with small_group():
        store = Store(MemoryStorage())
        first = new_host("Ann", Conventions(), [1])
        assert netresume.save(store, first) is None  # as the table does when it opens
        session, why = netresume.load(store)
        assert why is None and session is not None
        assert session.peer.token == first.peer.token and session.peer.stage is Stage.LOBBY
        host = Page(session, Screen(lang="en", base_url="https://x.test/"))
        host, fx = update(host, Reloaded())
        offers = [e for e in fx if isinstance(e, MakeOffer)]
        assert len(offers) == 1
        offer, answer = sdps()
        host, _ = update(host, OfferMade(offers[0].conn, offer))
        link = host.session.lobby.seats[0].link
        guest = Page(new_guest("Olena", _invite(link)), Screen(lang="en"))
        guest.ui.joining = _invite(link)
        guest, _ = update(guest, ReplyMade(answer))
        host, fx = update(host, ReplyPasted(1, guest.session.lobby.reply))
        w = StoredWire(host, guest)
        w.conn = offers[0].conn
        assert isinstance(fx[0], FinishLink)
        w.send("guest", LinkChanged("host", "open"))
        w.send("host", LinkChanged(w.conn, "open"))
        w.drain()
        assert w.host.session.names[:2] == ["Ann", "Olena"]
        w.send("host", BeginOnline())
        w.drain()
        play_deal_out(w, random.Random(7))


def test_a_page_without_a_journal_does_not_load_the_online_protocol() -> None:
    import subprocess

    code = (
        "import sys; from app.online import netresume;"
        "from app.shell.storage import MemoryStorage, Store;"
        "assert netresume.load(Store(MemoryStorage())) == (None, None);"
        "print(sorted(m for m in sys.modules if m.startswith('thousand.net')))"
    )
    root = Path(__file__).resolve().parents[2]
    got = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(root / "py")},
        check=True,
    )
    assert got.stdout.strip() == "[]", got.stdout


def test_the_page_starts_on_its_stored_table_through_the_door(w: StoredWire) -> None:
    """``page_start.resume_online`` hands back the page the door made of ``Reloaded``
    (the Rejoin dialog over the stored table), not the one the page opened with."""
    from app.page.page_start import resume_online

    with small_group():
        play_some(w, random.Random(4), 3)
        store = Store(MemoryStorage())
        store.backend.data = json.loads(json.dumps(w.stores["guest"].backend.data))  # type: ignore[attr-defined]
        opened = Page(new_guest("Olena", _invite(w.host.session.lobby.seats[0].link)), Screen())
        page, _ = resume_online(opened, store)
        assert isinstance(page.session, NetSession) and page.session.human == 1
        assert page.ui.dialog == Dialog.ONLINE and any(n.key == "reloaded" for n in page.ui.notices)
        assert opened.ui.dialog != Dialog.ONLINE  # (the door changed a copy)
