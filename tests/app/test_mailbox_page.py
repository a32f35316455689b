"""The mailbox through the page's door, in CPython: a host's page and a friend's
page exchange their reply, knocks and new invitations as letters (the runner's
sealing and a relay's delivery played by the test), and every letter a relay
could forge, repeat or hold back is dropped.
"""

from __future__ import annotations

import secrets

import pytest
from app_helpers import sdps

from app.online import mailbox
from app.online.mailbox import REPOST_S, Box, from_fragment
from app.online.netplay import NetSession, new_host
from app.page.model import (
    AcceptOffer,
    FinishLink,
    JoinPressed,
    LinkChanged,
    Log,
    MailGot,
    MailPost,
    MailWatch,
    MakeOffer,
    NetTick,
    OfferMade,
    OtherTabSaved,
    Page,
    Remember,
    ReplyHandedOver,
    ReplyMade,
    ReplyTaken,
)
from app.page.page_start import open_link, open_page
from app.page.screen import Screen
from app.page.update import update
from app.page.update_mail import KNOCK_S
from app.shell.storage import NAME_KEY, MemoryStorage, Store
from app.table.session import Session
from thousand import Conventions

RELAY = "ws://relay.test:7000"
NOW_MS = 1_800_000_000_000


def letters(fx: list[object], at: int = NOW_MS) -> list[MailGot]:
    """The posts among ``fx`` as the other page receives them (sealed as the runner
    seals them, delivered as a relay does)."""
    out = []
    for e in fx:
        if isinstance(e, MailPost):
            text = mailbox.seal(e.role, dict(e.body), at, secrets.token_hex(8))
            out.append(MailGot(e.tag, text, at + 50))
    return out


def hosting() -> tuple[Page, list[object]]:
    """Ann's page hosts seat 1 with the relay set; its invitation made."""
    host = Page(
        new_host("Ann", Conventions(), [1]),
        Screen(lang="en", base_url="https://x.test/", relays=[RELAY]),
    )
    offer, _ = sdps()
    return update(host, OfferMade("p1", offer))


def guest_page(link: str, name: str = "") -> tuple[Page, list[object]]:
    """A friend's page opening ``link`` (its stored relays: the test's)."""
    store = Store(MemoryStorage())
    store.write("thousand.relays", [RELAY])
    if name:
        store.write(NAME_KEY, name)
    page, _ = open_page(store, {"fresh": "1"}, "en", "t2", "https://x.test/", 7)
    page.ui.base_url = "https://x.test/"
    return open_link(page, link[link.index("#") :])


def joined() -> tuple[Page, Page, list[MailGot]]:
    """Host and friend, the friend's reply made and *Join* pressed: its letters."""
    host, fx = hosting()
    seat = host.session.lobby.seats[0]
    guest, _gfx = guest_page(seat.link)
    _, answer = sdps()
    guest, fx = update(guest, ReplyMade(answer))
    assert not [e for e in fx if isinstance(e, MailPost)]  # nothing posted before Join
    guest, fx = update(guest, JoinPressed())
    return host, guest, letters(fx)


def test_the_link_names_the_seat_box_and_the_host_and_the_pages_watch_it() -> None:
    host, fx = hosting()
    seat = host.session.lobby.seats[0]
    box, by, relays = from_fragment(seat.link[seat.link.index("#") :])
    assert box is not None and box.param() == seat.box and by == "Ann"
    assert relays == [RELAY]  # (not the default relays: the friend's page adds them)
    watch = [e for e in fx if isinstance(e, MailWatch)]
    assert watch == [MailWatch((RELAY,), ((box.tag, box.secret),))]
    assert box.name not in box.tag and box.secret not in seat.link.split("mb=")[0]
    guest, gfx = guest_page(seat.link)
    assert isinstance(guest.session, NetSession) and guest.session.lobby.box == seat.box
    assert MailWatch((RELAY,), ((box.tag, box.secret),)) in gfx
    assert any(isinstance(e, AcceptOffer) for e in gfx)
    assert guest.session.lobby.host_name == "Ann"


def test_a_friend_joins_by_the_link_alone() -> None:
    host, _guest, sent = joined()
    assert len(sent) == 1
    host, fx = update(host, sent[0])
    assert [type(e) for e in fx] == [FinishLink]  # as if the reply had been pasted
    assert host.session.lobby.seats[0].answered
    # the same letter again (a relay repeating it) and a copy of the reply are nothing
    host, fx = update(host, sent[0])
    assert all(isinstance(e, Log) for e in fx)


def test_the_friends_name_is_remembered_and_offered_next_time() -> None:
    host, fx = hosting()
    guest, _ = guest_page(host.session.lobby.seats[0].link)
    guest, fx = update(guest, JoinPressed())
    assert Remember(NAME_KEY, guest.session.peer.name) in fx
    again, _ = guest_page(host.session.lobby.seats[0].link, name="Olena")
    assert again.session.peer.name == "Olena"


def test_letters_a_relay_could_forge_repeat_or_hold_back_are_dropped() -> None:
    host, guest, sent = joined()
    tag = sent[0].tag
    body = {"k": "reply", "code": guest.session.lobby.reply}
    bad = [
        MailGot(tag, "not json", NOW_MS),
        MailGot(tag, mailbox.seal("host", body, NOW_MS, "a" * 16), NOW_MS),  # its own role
        MailGot(tag, mailbox.seal("guest", body, NOW_MS - 200_000, "b" * 16), NOW_MS),  # stale
        MailGot(tag, mailbox.seal("guest", body, NOW_MS + 200_000, "c" * 16), NOW_MS),  # early
        MailGot(tag, mailbox.seal("guest", {"k": "invite", "code": "J1x"}, NOW_MS, "d" * 16), 0),
        MailGot(tag, mailbox.seal("guest", {"k": "reply", "code": "<b>"}, NOW_MS, "e" * 16), 0),
        MailGot(tag, "x" * (mailbox.MAX_TEXT + 1), NOW_MS),
        MailGot("0" * 64, sent[0].text, sent[0].at_ms),  # another box's tag
    ]
    for letter in bad:
        host, fx = update(host, letter)
        assert all(isinstance(e, Log) for e in fx), letter
    assert not host.session.lobby.seats[0].answered
    host, fx = update(host, sent[0])
    assert [type(e) for e in fx] == [FinishLink]
    host, fx = update(host, sent[0])  # replayed: dropped by its id
    assert fx and all(isinstance(e, Log) for e in fx)


def test_the_friend_posts_again_until_its_link_opens() -> None:
    _host, guest, _sent = joined()
    now = guest.session.peer.now
    guest, fx = update(guest, NetTick(now + REPOST_S / 2))
    assert not letters(fx)
    guest, fx = update(guest, NetTick(now + REPOST_S + 0.1))
    assert len(letters(fx)) == 1
    guest, fx = update(guest, LinkChanged("host", "open"))
    guest, fx = update(guest, NetTick(now + 10 * REPOST_S))
    assert not letters(fx)


def test_a_friend_whose_link_was_lost_knocks_and_gets_a_new_invitation() -> None:
    host, guest, sent = joined()
    host, _ = update(host, sent[0])
    host, _ = update(host, LinkChanged("p1", "open"))
    guest, _ = update(guest, LinkChanged("host", "open"))
    guest, fx = update(guest, LinkChanged("host", "closed"))
    knock = letters(fx)
    assert len(knock) == 1 and '"k":"knock"' in knock[0].text
    host, fx = update(host, knock[0])
    offer = [e for e in fx if isinstance(e, MakeOffer)]
    assert len(offer) == 1  # a new invitation for the seat
    # a second knock at once makes no third invitation (a box's holder cannot churn)
    guest, fx = update(guest, NetTick(guest.session.peer.now + REPOST_S + 0.1))
    host, fx = update(host, letters(fx)[0])
    assert not [e for e in fx if isinstance(e, MakeOffer)]
    assert KNOCK_S > REPOST_S
    new_offer, _ = sdps()
    host, fx = update(host, OfferMade(offer[0].conn, new_offer))
    invite = letters(fx)
    assert len(invite) == 1 and '"k":"invite"' in invite[0].text
    guest, fx = update(guest, invite[0])
    assert [type(e) for e in fx] == [AcceptOffer]


def test_a_reply_handed_over_by_another_tab_finishes_the_seats_link() -> None:
    host, guest, _ = joined()
    link = guest.session.lobby.reply_link
    host, fx = update(host, ReplyHandedOver("#" + link.split("#")[1]))
    assert [type(e) for e in fx] == [ReplyTaken, FinishLink]
    host, fx = update(host, ReplyHandedOver("#reply=R1nonsense"))
    assert all(isinstance(e, Log) for e in fx)


def test_another_tabs_save_never_replaces_an_online_table() -> None:
    host, _ = hosting()
    before = host.session
    host, fx = update(host, OtherTabSaved(Session.new(Conventions(), "easy")))
    assert isinstance(host.session, NetSession) and host.session.game_id == before.game_id
    assert all(isinstance(e, Log) for e in fx)


def test_relays_none_is_the_manual_way_and_a_box_survives_nothing_else() -> None:
    page, _ = open_page(Store(MemoryStorage()), {"relays": "none"}, "en", "t", "", 1)
    assert page.relays_stored == "none"
    assert mailbox.parse_relays("ws://a:1, wss://b.example/x\njavascript:alert(1)") == [
        "ws://a:1",
        "wss://b.example/x",
    ]
    assert mailbox.read_relays("nonsense") == list(mailbox.DEFAULT_RELAYS)
    assert mailbox.read_relays([]) == []
    assert Box.from_param("A" * 63) is None and Box.from_param("=" * 64) is None


def test_a_reloaded_hosts_invitation_is_posted_until_it_is_answered() -> None:
    host, _ = hosting()
    seat = host.session.lobby.seats[0]
    seat.knocked = True  # (as after a reload: the friend's page may still be listening)
    offer, _answer = sdps()
    host, fx = update(host, OfferMade("p1", offer))
    assert len(letters(fx)) == 1
    now = host.session.peer.now
    host, fx = update(host, NetTick(now + REPOST_S))
    assert not letters(fx)
    host, fx = update(host, NetTick(now + 2 * REPOST_S + 0.1))
    sent = letters(fx)
    assert len(sent) == 1 and '"k":"invite"' in sent[0].text
    host.session.lobby.seats[0].answered = True
    host, fx = update(host, NetTick(now + 10 * REPOST_S))
    assert not letters(fx)


def dialog_html(page: Page) -> str:
    from app.page.screen import build
    from app.shell.dom import to_html

    return "".join(to_html(k) for k in build(page.session, page.ui)[1])


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "pl"])
def test_the_friends_dialog_says_what_is_happening_in_its_words(lang: str) -> None:
    from app.shell.i18n import t

    host, guest, _ = joined()
    guest.ui.lang = lang
    lobby = guest.session.lobby
    lobby.joined = False
    text = dialog_html(guest)
    assert 'data-ui="join"' in text and t(lang, "net.invited_by", name="Ann") in text
    assert "data-reply=" not in text  # nothing to send back while the mailbox works
    guest, _ = update(guest, JoinPressed())
    text = dialog_html(guest)
    assert t(lang, "net.connecting_to", name="Ann") in text and 'data-ui="join"' not in text
    # no link 8 s after Join: the reply to send by hand, said as the fallback
    guest, _ = update(guest, NetTick(lobby.joined_at + mailbox.FALLBACK_S + 0.5))
    text = dialog_html(guest)
    assert "data-reply=" in text and t(lang, "net.fallback") in text
    # the browsers cannot reach each other: both pages say so and what to try
    guest, _ = update(guest, LinkChanged("host", "failed"))
    failed = t(lang, "net.ice_failed_guest", turn="TURN", wifi="Wi-Fi")
    assert failed in dialog_html(guest)
    from app.table.view import Dialog

    host.ui.lang, host.ui.dialog = lang, Dialog.ONLINE
    host, _ = update(host, LinkChanged("p1", "failed"))
    assert t(lang, "net.ice_failed_host", turn="TURN", wifi="Wi-Fi") in dialog_html(host)


def test_a_friend_listens_on_the_hosts_relays_too_unless_it_chose_the_manual_way() -> None:
    host, _ = hosting()
    link = host.session.lobby.seats[0].link
    store = Store(MemoryStorage())
    page, _ = open_page(store, {"fresh": "1"}, "en", "t2", "https://x.test/", 7)
    page.ui.base_url = "https://x.test/"
    page, fx = open_link(page, link[link.index("#") :])
    watch = next(e for e in fx if isinstance(e, MailWatch))
    assert watch.relays == (RELAY, *mailbox.DEFAULT_RELAYS)
    manual = Store(MemoryStorage())
    manual.write("thousand.relays", [])
    page, _ = open_page(manual, {"fresh": "1"}, "en", "t3", "https://x.test/", 8)
    page, fx = open_link(page, link[link.index("#") :])
    assert isinstance(page.session, NetSession) and page.session.lobby.box == ""
    assert not [e for e in fx if isinstance(e, MailWatch) and e.relays]


def test_a_new_invitation_is_answered_once_however_often_it_comes() -> None:
    """A friend answering a host's new invitation: the link it replaces closing is
    no reason to knock, and the same invitation posted again (the host's repost,
    or its answer to an earlier knock) is not answered a second time while the
    reply is being made (it was: the two pages then went round without end when
    making a reply took longer than a repost)."""
    host, guest, sent = joined()
    host, _ = update(host, sent[0])
    host, _ = update(host, LinkChanged("p1", "open"))
    guest, _ = update(guest, LinkChanged("host", "open"))
    guest, fx = update(guest, LinkChanged("host", "closed"))  # the host's page reloaded
    host, fx = update(host, letters(fx)[0])  # the knock: a new invitation is made
    new_offer, answer = sdps()
    offer = next(e for e in fx if isinstance(e, MakeOffer))
    host, fx = update(host, OfferMade(offer.conn, new_offer))
    invite = letters(fx)
    guest, fx = update(guest, invite[0])
    assert [type(e) for e in fx] == [AcceptOffer]
    guest, fx = update(guest, LinkChanged("host", "closed"))  # the old link, replaced
    assert not letters(fx)
    host, fx = update(host, NetTick(host.session.peer.now + 2 * REPOST_S + 0.1))
    again = letters(fx, at=NOW_MS + 1)
    for letter in [*again, *invite]:  # the same invitation again, before the reply
        guest, fx = update(guest, letter)
        assert not [e for e in fx if isinstance(e, AcceptOffer)]
    guest, fx = update(guest, ReplyMade(answer))
    reply = letters(fx)
    assert len(reply) == 1 and '"k":"reply"' in reply[0].text
    host, fx = update(host, reply[0])
    assert [type(e) for e in fx] == [FinishLink]
