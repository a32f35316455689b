"""Hosting a game anew through the page's door, in CPython: Ann's page hosts Olena
and Petro; Ann's page is gone mid-deal; Olena presses *Host this game*, her page
makes a new invitation for each other person's seat; Petro pastes his into
*Rejoin*; his page, turned away as a page of the old table, rejoins with what it
holds of the game, and the game goes on from the same scores (the interrupted
deal dealt again) until a deal ends on both pages alike.

The pages are joined by in-memory links (``Net``) carrying the network effects as
the runner would; invitations and replies are real codes.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from app_helpers import notice_said, notices_said, sdps
from net_sim import small_group

from app.online.invite import read_fragment
from app.online.netplay import NetSession, new_guest, new_host
from app.page.model import (
    Act,
    BeginOnline,
    CardClicked,
    HoldOver,
    HostAnew,
    InvitationPasted,
    LinkChanged,
    MakeOffer,
    NetBot,
    NetBotAnswered,
    NetBroadcast,
    NetReceived,
    NetSend,
    NetTick,
    NextDeal,
    OfferMade,
    Page,
    Reinvite,
    ReplyMade,
    ReplyPasted,
)
from app.page.screen import Screen, build
from app.page.table_act import numbered_choices
from app.page.update import update
from app.shell.dom import to_html
from app.table.view import Dialog
from thousand import Conventions
from thousand.bots import make_bot


class Net:
    """Pages by name; each guest's one link to its host (host name, the host's conn)."""

    def __init__(self) -> None:
        self.pages: dict[str, Page] = {}
        self.up: dict[str, tuple[str, str]] = {}  # guest -> (host, conn)
        self.queue: list[tuple[str, object]] = []
        self.gone: set[str] = set()  # pages whose network is down
        self.offers: dict[str, list[str]] = {}  # host -> conns it made offers for
        self.steps = 0

    def guests_of(self, host: str) -> dict[str, str]:
        return {conn: g for g, (h, conn) in self.up.items() if h == host}

    def send(self, name: str, msg: object) -> None:
        self.steps += 1
        self.pages[name], fx = update(self.pages[name], msg)  # type: ignore[arg-type]
        if name in self.gone:
            return
        for e in fx:
            if isinstance(e, MakeOffer):
                self.offers.setdefault(name, []).append(e.conn)
            elif isinstance(e, NetSend):
                if name in self.up and e.conn == "host":
                    host, conn = self.up[name]
                    if host not in self.gone:
                        self.queue.append((host, NetReceived(conn, e.text)))
                else:
                    g = self.guests_of(name).get(e.conn)
                    if g is not None and g not in self.gone:
                        self.queue.append((g, NetReceived("host", e.text)))
            elif isinstance(e, NetBroadcast):
                for g in self.guests_of(name).values():
                    if g not in self.gone:
                        self.queue.append((g, NetReceived("host", e.text)))
            elif isinstance(e, NetBot):
                obs = self.pages[name].session.peer.observation(e.seat)
                assert obs is not None
                a = make_bot("easy").act(obs, random.Random(self.steps))
                self.queue.append((name, NetBotAnswered(e.seat, e.version, a)))

    def drain(self) -> None:
        for _ in range(20000):
            if not self.queue:
                return
            name, msg = self.queue.pop(0)
            self.send(name, msg)
        raise AssertionError("the pages never went quiet")

    def invite(self, host: str, seat: int, conn: str) -> str:
        """The host's page makes the invitation for ``seat`` on link ``conn``."""
        offer, _ = sdps()
        self.send(host, OfferMade(conn, offer))
        lobby = self.pages[host].session.lobby
        return next(x.link for x in lobby.seats if x.seat == seat)

    def connect(self, host: str, guest: str, seat: int, conn: str) -> None:
        """The guest's reply pasted on the host's page; the link opens."""
        _, answer = sdps()
        self.send(guest, ReplyMade(answer))
        self.send(host, ReplyPasted(seat, self.pages[guest].session.lobby.reply_link))
        self.up[guest] = (host, conn)
        self.send(guest, LinkChanged("host", "open"))
        self.send(host, LinkChanged(conn, "open"))
        self.drain()

    def play(self, rng: random.Random, moves: int, names: list[str]) -> None:
        for _ in range(moves):
            for name in names:
                if self.pages[name].ui.hold:
                    self.send(name, HoldOver(self.pages[name].session.version))
                if self.pages[name].session.waiting_for_summary():  # the summary, closed
                    self.send(name, NextDeal())
                if self.pages[name].session.human_to_act():
                    c = numbered_choices(self.pages[name])
                    kind, value = c[rng.randrange(len(c))]
                    if kind == "card":
                        self.send(name, CardClicked(int(value), legal=True))
                        if self.pages[name].ui.selected >= 0:
                            self.send(name, Act(numbered_choices(self.pages[name])[0][1]))
                    else:
                        self.send(name, Act(value))
                self.send(name, NetTick(self.steps * 0.01))
            self.drain()


def html(page: Page) -> str:
    return "".join(to_html(k) for k in build(page.session, page.ui)[1])


def three_at_a_table() -> Net:
    """Ann hosts, Olena and Petro joined (seats 1 and 2), the game begun."""
    net = Net()
    net.pages["ann"] = Page(
        new_host("Ann", Conventions(), [1, 2]), Screen(lang="en", base_url="https://a.test/")
    )
    for seat, name in ((1, "Olena"), (2, "Petro")):
        conn = net.pages["ann"].session.lobby.seats[seat - 1].conn
        link = net.invite("ann", seat, conn)
        invite = read_fragment("#" + link.split("#")[1])
        net.pages[name.lower()] = Page(
            new_guest(name, invite),
            Screen(lang="en", base_url="https://g.test/", joining=invite),
        )
        net.connect("ann", name.lower(), seat, conn)
    net.send("ann", BeginOnline())
    net.drain()
    return net


def test_a_friend_who_drops_is_said_to_the_other_friend_until_back() -> None:
    with small_group():
        net = three_at_a_table()
        net.play(random.Random(2), 3, ["ann", "olena", "petro"])
        conn = net.up["petro"][1]
        net.gone.add("petro")
        net.send("ann", LinkChanged(conn, "closed"))
        net.drain()
        lost = [n for n in net.pages["olena"].ui.notices if n.key == "lost2"]
        assert (
            lost and "Petro" in notice_said(net.pages["olena"], lost[0]) and lost[0].action is None
        )
        net.gone.discard("petro")
        net.send("petro", LinkChanged("host", "closed"))
        net.send("ann", Reinvite(2))
        new_conn = net.offers["ann"][-1]
        link = net.invite("ann", 2, new_conn)
        net.send("petro", InvitationPasted(link))
        net.connect("ann", "petro", 2, new_conn)
        assert not [n for n in net.pages["olena"].ui.notices if n.key == "lost2"]
        assert not [n for n in net.pages["ann"].ui.notices if n.key == "lost2"]


def test_a_guest_hosts_the_game_anew_and_the_other_guest_rejoins_it() -> None:
    with small_group():
        net = three_at_a_table()
        rng = random.Random(4)
        everyone = ["ann", "olena", "petro"]
        for _ in range(400):  # the first deal played to its end, then into the second
            net.play(rng, 1, everyone)
            if net.pages["olena"].session.peer.game is not None:
                break
        net.play(rng, 6, everyone)
        rows = net.pages["olena"].session.peer.game.rows
        assert rows and net.pages["petro"].session.peer.game.rows == rows

        # Ann's page is gone: both guests are told, and may host the game anew
        net.gone.add("ann")
        for g in ("olena", "petro"):
            net.send(g, LinkChanged("host", "closed"))
            net.pages[g].ui.dialog = Dialog.ONLINE
        assert 'data-ui="host-anew"' in html(net.pages["olena"])
        del net.up["olena"], net.up["petro"]

        net.send("olena", HostAnew())
        s = net.pages["olena"].session
        assert isinstance(s, NetSession) and s.lobby.role == "host" and s.human == 1
        assert "You host this game now" in " ".join(notices_said(net.pages["olena"]))
        assert sorted(x.seat for x in s.lobby.seats) == [0, 2]  # Ann's seat and Petro's
        conn = next(x.conn for x in s.lobby.seats if x.seat == 2)
        assert conn in net.offers["olena"]
        link = net.invite("olena", 2, conn)

        # Petro pastes it into Rejoin: turned away as the old table's page, his page
        # rejoins with its record of the game, and is seated again
        net.send("petro", InvitationPasted(link))
        net.connect("olena", "petro", 2, conn)
        assert net.pages["petro"].session.peer.want_seat == 2
        assert net.pages["petro"].session.peer.seat == 2
        net.send("olena", BeginOnline())
        net.drain()
        deals = len(rows)
        for _ in range(600):
            net.play(rng, 1, ["olena", "petro"])
            game = net.pages["petro"].session.peer.game
            if game is not None and len(game.rows) > deals:
                break
        else:
            raise AssertionError("no deal ended at the table hosted anew")
        mine, theirs = (
            net.pages["olena"].session.peer.game.rows,
            net.pages["petro"].session.peer.game.rows,
        )
        assert mine == theirs and mine[:deals] == rows  # the same game, its deals kept
        words = " ".join(
            w for p in (net.pages["olena"], net.pages["petro"]) for w in notices_said(p)
        )
        assert "error" not in [
            n.kind for p in (net.pages["olena"], net.pages["petro"]) for n in p.ui.notices
        ], words

        # Ann's page is back and opens the invitation Olena made for Ann's seat: it
        # rejoins with its own record and gets its seat back at the next deal
        from app.page.page_start import open_invitation
        from app.table.seats import read_setup

        net.gone.discard("ann")
        net.pages["ann"].ui.setup = read_setup(
            None, {}, ["classic"]
        )  # (as the page reads it at start)
        for x in net.pages["ann"].session.lobby.seats:  # its table's links are gone, and it says so
            net.send("ann", LinkChanged(x.conn, "closed"))
        assert [n for n in net.pages["ann"].ui.notices if n.key.startswith("lost")]
        conn = next(x.conn for x in net.pages["olena"].session.lobby.seats if x.seat == 0)
        link = net.invite("olena", 0, conn)
        net.pages["ann"], fx = open_invitation(net.pages["ann"], "#" + link.split("#")[1])
        assert any(type(e).__name__ == "AcceptOffer" for e in fx)
        assert (
            net.pages["ann"].session.lobby.role == "guest"
            and net.pages["ann"].session.peer.want_seat == 0
        )
        assert not [
            n for n in net.pages["ann"].ui.notices if n.key.startswith("lost")
        ]  # (its old table's)
        net.connect("olena", "ann", 0, conn)
        assert net.pages["ann"].session.peer.seat == 0
        deals = len(net.pages["olena"].session.peer.game.rows)
        for _ in range(600):
            net.play(rng, 1, ["olena", "petro", "ann"])
            game = net.pages["ann"].session.peer.game
            if game is not None and len(game.rows) > deals + 1:
                break
        else:
            raise AssertionError("Ann's page never saw two more deals")
        assert 0 not in net.pages["olena"].session.peer.bots  # Ann plays her seat again
        assert net.pages["ann"].session.peer.game.rows == net.pages["olena"].session.peer.game.rows
