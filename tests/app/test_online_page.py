"""The online table through the page's door, in CPython: a host's page and a guest's
page, joined by an in-memory link instead of WebRTC, play a deal with a computer
player in the third seat. Every input is a message (``update``); the network's
effects (``NetSend``, ``NetBroadcast``, ``NetBot``) are carried between the pages
by the test as the runner would; the lobby's invitation and reply are real codes.
"""

from __future__ import annotations

import dataclasses
import random
import re
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "engine"))

from app_helpers import notice_said, notices_said, sdps
from net_sim import small_group

from app.online.invite import decode_invite, read_fragment
from app.online.netplay import new_guest, new_host
from app.page.model import (
    Act,
    BeginOnline,
    CardClicked,
    FinishLink,
    HoldOver,
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
from app.page.page_msgs import Clicked
from app.page.screen import Screen, build
from app.page.table_act import numbered_choices
from app.page.update import update
from app.shell.dom import to_html
from app.shell.i18n import Words
from app.table.view import Dialog
from thousand import Conventions
from thousand.bots import make_bot
from thousand.cards import card_str, iter_cards


class Wire:
    """Two pages and the messages between them (host link "p1" <-> guest "host")."""

    def __init__(self, host: Page, guest: Page) -> None:
        self.host, self.guest = host, guest
        self.queue: list[tuple[str, object]] = []  # (to page, msg)
        self.log: list[str] = []
        self.conn = "p1"  # the host's name of the link to the guest
        self.cut = False  # the link is down: nothing passes
        self.sent: list[tuple[str, object]] = []  # every message, as (page, msg)

    def effects(self, side: str, fx: list[object]) -> None:
        for e in fx:
            if self.cut and isinstance(e, (NetSend, NetBroadcast)):
                continue
            if isinstance(e, NetSend):
                self.queue.append(
                    (
                        "guest" if side == "host" else "host",
                        NetReceived("host" if side == "host" else self.conn, e.text),
                    )
                )
            elif isinstance(e, NetBroadcast):
                self.queue.append(("guest", NetReceived("host", e.text)))
            elif isinstance(e, NetBot):
                page = self.host
                obs = page.session.peer.observation(e.seat)
                assert obs is not None
                a = make_bot("easy").act(obs, random.Random(len(self.log)))
                self.queue.append(("host", NetBotAnswered(e.seat, e.version, a)))

    def page(self, side: str) -> Page:
        """The newest page of ``side`` ("host" or "guest")."""
        return self.host if side == "host" else self.guest

    def send(self, side: str, msg: object) -> None:
        page = self.host if side == "host" else self.guest
        page, fx = update(page, msg)  # type: ignore[arg-type]
        if side == "host":
            self.host = page
        else:
            self.guest = page
        self.log.append(f"{side}:{type(msg).__name__}")
        self.sent.append((side, msg))
        self.effects(side, fx)

    def drain(self, limit: int = 5000) -> None:
        for _ in range(limit):
            if not self.queue:
                return
            side, msg = self.queue.pop(0)
            self.send(side, msg)
        raise AssertionError("the pages never went quiet")


def html(page: Page) -> str:
    return "".join(to_html(k) for k in build(page.session, page.ui)[1])


@pytest.fixture
def wire() -> Wire:
    with small_group():
        yield joined(Conventions())  # type: ignore[misc]


def joined(conv: Conventions) -> Wire:
    """Ann's page hosts, Olena's page joins seat 1 by the real invitation and reply."""
    host = Page(new_host("Ann", conv, [1]), Screen(lang="en", base_url="https://x.test/"))
    offer, answer = sdps()
    # the host's page makes the invitation from its link's offer
    host, fx = update(host, OfferMade("p1", offer))
    seat = host.session.lobby.seats[0]
    assert seat.link.startswith("https://x.test/#join=") and seat.qr[0] > 0
    invite = read_fragment("#" + seat.link.split("#")[1])
    assert invite is not None and decode_invite(seat.code).seat == 1
    guest = Page(
        new_guest("Olena", invite),
        Screen(lang="en", base_url="https://y.test/", joining=invite),
    )
    guest, _ = update(guest, ReplyMade(answer))
    reply = guest.session.lobby.reply_link
    assert reply and guest.session.lobby.reply_qr[0] > 0
    # a wrong paste is refused in words; the real reply finishes the link
    host, fx = update(host, ReplyPasted(1, "not a reply at all"))
    assert host.ui.notices and host.ui.notices[-1].kind == "error"
    host, fx = update(host, ReplyPasted(1, reply))
    assert fx == [FinishLink("p1", fx[0].sdp)]  # type: ignore[union-attr]
    w = Wire(host, guest)
    w.send("guest", LinkChanged("host", "open"))
    w.send("host", LinkChanged("p1", "open"))
    w.drain()
    return w


def test_two_pages_and_a_computer_player_play_a_deal_online(wire: Wire) -> None:
    with small_group():
        assert wire.host.session.names[:2] == ["Ann", "Olena"]
        assert build(wire.host.session, wire.host.ui)[0].online == "host"
        assert build(wire.guest.session, wire.guest.ui)[0].peers == 1
        wire.send("host", BeginOnline())
        wire.drain()
        rng = random.Random(3)
        deals = wire.host.session.peer.deal_no
        for _ in range(3000):
            for side in ("host", "guest"):
                if wire.page(side).ui.hold:
                    wire.send(side, HoldOver(wire.page(side).session.version))
            acted = False
            for side in ("host", "guest"):
                s = wire.page(side).session
                if not s.human_to_act():
                    continue
                # the page draws its own hand and nothing of another's
                obs = s.observation()
                own = {card_str(c) for c in iter_cards(obs.hand)}
                shown = set(re.findall(r'data-card="(\w\w)"', html(wire.page(side))))
                assert shown <= own, (side, shown - own)
                choices = numbered_choices(wire.page(side))
                kind, value = choices[rng.randrange(len(choices))]
                if kind == "card":
                    wire.send(side, CardClicked(int(value), legal=True))
                    if wire.page(side).ui.selected >= 0:
                        wire.send(side, Act(numbered_choices(wire.page(side))[0][1]))
                else:
                    wire.send(side, Act(value))
                acted = True
            wire.send("host", NetTick(len(wire.log) * 0.01))
            wire.drain()
            if wire.host.session.peer.deal_no > deals and wire.host.session.peer.game is not None:
                break
            if not acted and not wire.queue:
                continue
        else:
            raise AssertionError("the deal never ended")
        assert wire.host.session.peer.game is not None and wire.guest.session.peer.game is not None
        assert wire.host.session.record()["deals"] == wire.guest.session.record()["deals"]
        rows = wire.host.session.peer.game.rows
        assert rows and rows[0].kind in ("play", "writeoff", "redeal", "bomb")
        assert wire.guest.session.peer.game.rows == rows  # both pages hold the same game
        names = ("Ann", "Olena", "Computer 3")  # the computer player worded by each page
        assert build(wire.guest.session, wire.guest.ui)[0].names == names
        assert build(wire.host.session, wire.host.ui)[0].names == names
        # each page keeps the game: a save that resumes against computer players
        import json

        from app.table.session import Session

        back = Session.from_save(json.loads(json.dumps(wire.guest.session.to_save())))
        assert back.state.rows == rows and back.human == 1
        assert back.levels[0] != "online" and back.names[1] == "Olena"  # Ann: a computer now


def play_some(wire: Wire, rng: random.Random, moves: int) -> int:
    """Each page's person plays when it is their turn (closing a deal's summary
    first); returns the moves made."""
    made = 0
    for _ in range(moves * 20):
        if made >= moves:
            break
        for side in ("host", "guest"):
            if wire.page(side).ui.hold:
                wire.send(side, HoldOver(wire.page(side).session.version))
            if wire.page(side).session.waiting_for_summary():
                wire.send(side, NextDeal())
            if wire.page(side).session.human_to_act():
                kind, value = (c := numbered_choices(wire.page(side)))[rng.randrange(len(c))]
                if kind == "card":
                    wire.send(side, CardClicked(int(value), legal=True))
                    if wire.page(side).ui.selected >= 0:
                        wire.send(side, Act(numbered_choices(wire.page(side))[0][1]))
                else:
                    wire.send(side, Act(value))
                made += 1
        wire.send("host", NetTick(len(wire.log) * 0.01))
        wire.drain()
    return made


def test_a_guest_who_drops_rejoins_by_a_new_invitation_and_the_deal_goes_on(wire: Wire) -> None:
    with small_group():
        wire.send("host", BeginOnline())
        wire.drain()
        rng = random.Random(9)
        assert play_some(wire, rng, 4) == 4
        before = wire.host.session.peer.version()
        # the link breaks: both pages are told, the host's notice offers a new invitation
        wire.cut = True
        wire.send("host", LinkChanged(wire.conn, "closed"))
        wire.send("guest", LinkChanged("host", "closed"))
        lost = [n for n in wire.host.ui.notices if n.key == "lost1"]
        assert lost and lost[0].action == ("reinvite-1", Words.of("net.reinvite"))
        assert "Olena" in notice_said(wire.host, lost[0])
        # the guest's Rejoin dialog asks for a new invitation; the spent reply (its
        # code and QR code) is no longer shown
        assert wire.guest.session.lobby.reply
        wire.send("guest", Clicked("online"))
        rejoin = html(wire.guest)
        assert 'data-ui="rejoin"' in rejoin and 'data-ui="invite-input"' in rejoin
        assert "data-reply-code" not in rejoin and "data-reply=" not in rejoin
        assert "<svg" not in rejoin.split('class="dialog online')[1]
        # the host makes a new invitation; the guest pastes it; the reply comes back
        wire.host, fx = update(wire.host, Reinvite(1))
        assert isinstance(fx[0], MakeOffer) and fx[0].conn != "p1"
        wire.conn = fx[0].conn
        offer, answer = sdps()
        wire.host, _ = update(wire.host, OfferMade(wire.conn, offer))
        link = wire.host.session.lobby.seats[0].link
        wire.guest, fx = update(wire.guest, InvitationPasted("garbage"))
        assert wire.guest.ui.notices[-1].kind == "error"
        wire.guest, fx = update(wire.guest, InvitationPasted(link))
        assert fx and type(fx[0]).__name__ == "AcceptOffer"
        wire.guest, _ = update(wire.guest, ReplyMade(answer))
        wire.host, fx = update(wire.host, ReplyPasted(1, wire.guest.session.lobby.reply))
        assert isinstance(fx[0], FinishLink)
        wire.cut = False
        wire.send("guest", LinkChanged("host", "open"))
        wire.send("host", LinkChanged(wire.conn, "open"))
        wire.drain()
        assert wire.host.session.peer.version() >= before  # nothing lost
        # both links are back: neither page still says the connection is lost
        assert not [n for n in wire.host.ui.notices if n.key.startswith("lost")]
        assert not [n for n in wire.guest.ui.notices if n.key.startswith("lost")]
        deal = wire.host.session.peer.deal_no
        for _ in range(200):
            play_some(wire, rng, 10)
            if wire.host.session.peer.deal_no > deal and wire.host.session.peer.game is not None:
                break
        else:
            raise AssertionError("the deal never ended after the rejoin")
        assert wire.guest.session.peer.game is not None
        assert wire.guest.session.peer.game.rows == wire.host.session.peer.game.rows


@pytest.mark.parametrize(
    "text",
    [
        "not json",
        "{" * 5000,
        '{"v": 99, "t": "hello"}',
        '{"v": 1, "t": "act", "seq": 0, "from": 2, "action": "<img src=x onerror=alert(1)>"}',
        "x" * 70_000,
    ],
)
def test_a_hostile_message_changes_nothing_and_is_said_in_words(wire: Wire, text: str) -> None:
    with small_group():
        wire.send("host", BeginOnline())
        wire.drain()
        for side in ("host", "guest"):
            before = (wire.page(side).session.peer.version(), wire.page(side).session.peer.stage)
            conn = wire.conn if side == "host" else "host"
            wire.send(side, NetReceived(conn, text))
            assert (
                wire.page(side).session.peer.version(),
                wire.page(side).session.peer.stage,
            ) == before
            words = " ".join(notices_said(wire.page(side)))
            assert words, side  # said in words on both pages
            assert "<img" not in html(wire.page(side)) and "onerror" not in words
            wire.page(side).ui.notices.clear()
        # and the game goes on
        assert play_some(wire, random.Random(1), 3) == 3


def test_the_lobby_doctests() -> None:
    import doctest

    from app.online import netplay

    assert doctest.testmod(netplay).failed == 0


def test_a_page_whose_table_is_gone_goes_on_against_computer_players(wire: Wire) -> None:
    from app.page.model import ContinueAlone
    from app.table.session import Session

    with small_group():
        wire.send("host", BeginOnline())
        wire.drain()
        rng = random.Random(5)
        deal = wire.host.session.peer.deal_no
        for _ in range(200):
            play_some(wire, rng, 10)
            if wire.host.session.peer.deal_no > deal and wire.guest.session.peer.game is not None:
                break
        rows = wire.guest.session.peer.game.rows
        wire.cut = True
        wire.send("guest", LinkChanged("host", "closed"))  # the host is gone
        assert "lost" in " ".join(notices_said(wire.guest))
        wire.guest.ui.dialog = Dialog.ONLINE
        assert 'data-ui="continue-alone"' in "".join(
            to_html(k) for k in build(wire.guest.session, wire.guest.ui)[1]
        )
        wire.guest, _ = update(wire.guest, ContinueAlone())
        s = wire.guest.session
        assert type(s) is Session and s.human == 1 and s.state.rows == rows
        assert s.secret and s.levels[1] == "human" and s.levels[0] != "human"
        assert s.bot_to_act() is not None or s.human_to_act() or s.waiting_for_summary()


def test_the_host_lets_a_computer_player_keep_a_lost_seat_then_ends_the_game(
    wire: Wire,
) -> None:
    from app.page.model import EndOnline, TakeSeatPressed

    with small_group():
        wire.send("host", BeginOnline())
        wire.drain()
        rng = random.Random(4)
        assert play_some(wire, rng, 3) == 3
        deal = wire.host.session.peer.deal_no
        wire.cut = True
        wire.send("host", LinkChanged(wire.conn, "closed"))
        wire.host.ui.dialog = Dialog.ONLINE
        page = html(wire.host)
        assert 'data-ui="take-seat-1"' in page and 'data-ui="end-online"' in page
        assert "Let a computer player play for Olena" in page
        wire.send("host", TakeSeatPressed(1))
        words = " ".join(notices_said(wire.host))
        assert "A computer player plays for Olena until they are back" in words
        assert "dealt again" in words and not any(n.key == "lost1" for n in wire.host.ui.notices)
        peer = wire.host.session.peer
        assert peer.bots == {1, 2} and peer.deal_no == deal + 1
        assert wire.host.session.levels[1] != "online"
        page = html(wire.host)
        assert 'data-taken="1"' in page and 'data-ui="take-seat-1"' not in page
        # the table goes on without Olena: the host plays, the computer players answer
        for _ in range(100):
            play_some(wire, rng, 10)
            if wire.host.session.peer.game is not None:
                break
        assert wire.host.session.peer.game is not None, "no deal was finished without Olena"
        # a second take is refused in words; then the host ends the game for everyone
        wire.send("host", TakeSeatPressed(1))
        assert wire.host.ui.notices[-1].kind == "passing"
        wire.send("host", EndOnline())
        over = [n for n in wire.host.ui.notices if n.key == "net-over"]
        assert over and "The host ended the game" in notice_said(wire.host, over[0])
        peer = wire.host.session.peer
        assert peer.final_hash and peer.final_hash in notice_said(wire.host, over[0])
        assert peer.stage.value == "over" and peer.record() is not None


def test_an_online_undo_asks_the_other_page_and_happens_on_both(wire: Wire) -> None:
    from app.page.model import UndoAllowed, UndoPressed, UndoRefused

    with small_group():
        wire.send("host", BeginOnline())
        wire.drain()
        rng = random.Random(2)
        for _ in range(300):
            if wire.guest.session.undo_point() is not None and wire.host.session.human_to_act():
                break
            play_some(wire, rng, 1)
        else:
            raise AssertionError("the guest never had a move to take back")
        n = wire.guest.session.undo_point()
        assert 'data-ui="undo"' in html(wire.guest)
        wire.send("guest", UndoPressed())
        wire.drain()
        assert "You asked to take back your move" in " ".join(notices_said(wire.guest))
        page = html(wire.host)
        assert 'data-ui="allow-undo"' in page and 'data-seat="0"' in page
        assert "Olena asks to take back a move" in page
        assert not wire.host.session.human_to_act() or wire.host.session.peer.undo_req is not None
        # refused first: nothing changes; asked again and allowed: both pages go back
        wire.send("host", UndoRefused())
        wire.drain()
        assert "did not allow" in " ".join(notices_said(wire.guest))
        assert 'data-ui="allow-undo"' not in html(wire.host)
        assert wire.guest.session.undo_point() == n
        wire.send("guest", UndoPressed())
        wire.drain()
        wire.send("host", UndoAllowed(0))
        wire.drain()
        for page in (wire.host, wire.guest):
            assert len(page.session.peer.deal.view.actions) == n
            assert 'data-ui="allow-undo"' not in html(page)
        assert wire.guest.session.human_to_act() and not wire.host.session.human_to_act()
        assert "your move is taken back" in " ".join(notices_said(wire.guest))
        assert "Olena's move is taken back" in " ".join(notices_said(wire.host))


def test_two_people_play_a_two_player_deal_online() -> None:
    with small_group():
        wire = joined(Conventions(players=2, barrel=False))
        wire.send("host", BeginOnline())
        wire.drain()
        assert wire.host.session.peer.bots == set() and wire.guest.session.peer.players == 2
        rng = random.Random(3)
        for _ in range(200):
            play_some(wire, rng, 10)
            if wire.guest.session.peer.game is not None:
                break
        else:
            raise AssertionError("the two-player deal never ended")
        assert wire.guest.session.peer.game.rows == wire.host.session.peer.game.rows
        assert not [n for n in wire.host.ui.notices + wire.guest.ui.notices if n.kind == "error"]


def summary_verdict(page: Page) -> str:
    """The deal summary's verdict on the page ("" without a summary)."""
    found = re.search(r'<p class="verdict">(.*?)</p>', html(page))
    return found.group(1) if found else ""


def test_the_join_dialog_goes_when_the_game_begins_and_each_page_shows_the_summary(
    wire: Wire,
) -> None:
    """The guest's *Join the table* dialog stayed over the table once the game began
    (its bid buttons under it); an online deal went from its last card straight to
    the next deal's bidding. Now the dialog goes with the first deal, and each page
    shows the finished deal's summary until its own person closes it; the table
    does not wait for a page's summary, but that page's person's turn does."""
    with small_group():
        wire.guest.ui.dialog = Dialog.ONLINE  # as the invitation link opened it
        assert 'class="dialog online' in html(wire.guest)
        wire.send("host", BeginOnline())
        wire.drain()
        assert wire.guest.ui.dialog == Dialog.NONE and 'class="dialog online' not in html(
            wire.guest
        )
        rng = random.Random(11)
        deal = wire.host.session.peer.deal_no
        for _ in range(3000):
            for side in ("host", "guest"):
                if wire.page(side).ui.hold:
                    wire.send(side, HoldOver(wire.page(side).session.version))
                if wire.page(side).session.human_to_act():
                    kind, value = (c := numbered_choices(wire.page(side)))[rng.randrange(len(c))]
                    if kind == "card":
                        wire.send(side, CardClicked(int(value), legal=True))
                        if wire.page(side).ui.selected >= 0:
                            wire.send(side, Act(numbered_choices(wire.page(side))[0][1]))
                    else:
                        wire.send(side, Act(value))
            wire.send("host", NetTick(len(wire.log) * 0.01))
            wire.drain()
            game = wire.host.session.peer.game
            if game is not None and any(r.kind != "redeal" for r in game.rows):
                break
        else:
            raise AssertionError("no deal was played out")
        assert wire.host.session.peer.deal_no > deal
        row = next(r for r in reversed(wire.host.session.peer.game.rows) if r.kind != "redeal")
        names = ("Ann", "Olena", "Computer 3")
        for page in (wire.host, wire.guest):
            s = page.session
            assert s.waiting_for_summary() and s.summary_row() == row
            assert not s.human_to_act()  # the next deal's turn waits for Next deal
            verdict = summary_verdict(page)
            who = "You" if row.declarer == s.human else names[row.declarer]
            assert verdict.startswith(who + " "), verdict
            assert 'data-ui="next"' in html(page)
        # its analysis and its replay open from the summary as offline
        wire.host, fx = update(wire.host, Clicked("analysis"))
        analyse = [e for e in fx if type(e).__name__ == "Analyse"]
        assert analyse and analyse[0].record["deals"]  # type: ignore[attr-defined]
        wire.host, _ = update(wire.host, Clicked("replay-deal"))
        assert wire.host.ui.replay is not None
        wire.host, _ = update(wire.host, Clicked("replay-close"))
        assert wire.host.ui.replay is None and wire.host.session.waiting_for_summary()
        # the host closes its summary; the guest's stays until Olena closes hers
        wire.send("host", Clicked("next"))
        assert not wire.host.session.waiting_for_summary() and not summary_verdict(wire.host)
        assert wire.guest.session.waiting_for_summary() and summary_verdict(wire.guest)
        wire.send("guest", Clicked("next"))
        assert not wire.guest.session.waiting_for_summary()
        assert play_some(wire, rng, 3) == 3  # and the next deal is played


def test_a_duplicate_message_is_not_said_to_an_honest_player(wire: Wire) -> None:
    """A copy of a message already taken (a resend after a reconnection) is dropped
    without a word: "A message arrived twice" only alarmed honest players."""
    with small_group():
        wire.send("host", BeginOnline())
        wire.drain()
        assert play_some(wire, random.Random(2), 2) == 2
        got = [m for side, m in wire.sent if side == "guest" and isinstance(m, NetReceived)]
        before = list(wire.guest.ui.notices)
        version = wire.guest.session.peer.version()
        _, fx = update(wire.guest, got[-1])
        assert wire.guest.ui.notices == before and wire.guest.session.peer.version() == version
        assert any("duplicate" in getattr(e, "text", "") for e in fx), fx


def test_a_page_that_never_shows_its_key_is_named_on_every_page_with_a_way_on(
    wire: Wire, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Olena's page keeps its key back at the deal's audit: after the wait the host's
    page names her, the table stops on both pages, each says who and why in words
    and offers a way on: the host's, to go on without her (which it does: a
    computer player takes her seat for good and the deal is dealt again); hers, to
    go on against computer players."""
    from thousand.net.guest import Guest
    from thousand.net.peer_state import REVEAL_WAIT

    said = Guest._say

    def silent(self: Guest, t: str, sender: int, /, **body: object) -> None:
        if t != "reveal":
            said(self, t, sender, **body)

    monkeypatch.setattr(Guest, "_say", silent)
    with small_group():
        wire.send("host", BeginOnline())
        wire.drain()
        rng = random.Random(3)
        for _ in range(200):
            play_some(wire, rng, 5)
            if wire.host.session.peer.stage.value == "audit":
                break
        assert wire.host.session.peer.stage.value == "audit"
        now = wire.host.session.peer.now
        for k in range(int(REVEAL_WAIT) + 2):
            wire.send("host", NetTick(now + k + 1))
            wire.drain()
        ways = {"host": "go-on-without-1", "guest": "continue-alone"}
        for side in ("host", "guest"):
            page = wire.page(side)
            (cheat,) = [n for n in page.ui.notices if n.key == "cheat"]
            text = notice_said(page, cheat)
            assert "Olena" in text and "did not show its key" in text, (side, text)
            assert cheat.action is not None and cheat.action[0] == ways[side]
            assert page.session.peer.stage.value == "halted"
        deal = wire.host.session.peer.deal_no
        wire.send("host", Clicked("go-on-without-1"))
        wire.drain()
        host = wire.host
        assert host.session.peer.out_seats == {1} and host.session.peer.deal_no == deal + 1
        words = " ".join(notices_said(host))
        assert "Olena is out of the game" in words and "did not show its key" not in words
        assert host.session.levels[1] != "online" and "Olena" not in host.session.names
        # the table goes on: the host plays, its computer players answer, a deal ends
        for _ in range(100):
            play_some(wire, rng, 10)
            if wire.host.session.peer.deal_no > deal + 1 or wire.host.session.peer.game:
                break
        assert wire.host.session.peer.stage.value in ("setup", "play", "audit")
        assert wire.host.session.peer.game is not None
        # Olena's page may go on against computer players from its own record
        wire.send("guest", Clicked("continue-alone"))
        alone = wire.guest.session
        assert not hasattr(alone, "lobby") and alone.human == 1


def test_the_host_s_dialog_tells_each_seat_s_state_to_a_script() -> None:
    """``[data-seat-state]`` on each online seat of the host's dialog: invited, joining
    (the reply pasted), connected, lost (docs/AUTOMATION.md)."""

    def state(page: Page) -> str:
        shown = dataclasses.replace(page.ui, dialog=Dialog.ONLINE)
        found = re.findall(r'data-seat-state="(\w+)"', html(dataclasses.replace(page, ui=shown)))
        assert len(found) == 1, found
        return found[0]

    with small_group():
        host = Page(new_host("Ann", Conventions(), [1]), Screen(lang="en", base_url="https://x/"))
        offer, answer = sdps()
        host, _ = update(host, OfferMade("p1", offer))
        assert state(host) == "invited"
        invite = read_fragment("#" + host.session.lobby.seats[0].link.split("#")[1])
        guest = Page(new_guest("Olena", invite), Screen(lang="en", joining=invite))
        guest, _ = update(guest, ReplyMade(answer))
        host, _ = update(host, ReplyPasted(1, guest.session.lobby.reply_link))
        assert state(host) == "joining"
        host, _ = update(host, LinkChanged("p1", "open"))
        assert state(host) == "connected"
        host, _ = update(host, LinkChanged("p1", "closed"))
        assert state(host) == "lost"
