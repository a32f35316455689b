"""The online table's mailbox in the one door: letters in, letters out. Pure.

``update_online`` hands the mailbox's messages here (a letter that opened,
the relays' state, *Join*, the relays setting, a reply another tab handed
over) and calls the hooks below where the lobby changes (an offer made, a reply
made, a link opened or lost, a reload, a tick). What a letter means and when
to post one is decided here (``app.online.mailbox`` says what a letter is);
the runner's mailbox only carries them.

The friend's page drives: after *Join* it posts its reply, and whenever its
link is lost (or the page was reloaded, or the same link tapped again) it
knocks, every ``mailbox.REPOST_S`` seconds until its link is open. The host's
page answers a knock with the seat's pending invitation, or makes a new one
(at most one per ``KNOCK_S`` seconds and seat: a box's holder cannot make the
host churn), and takes a reply that answers the seat's invitation as if it had
been pasted.
"""

from __future__ import annotations

from collections.abc import Callable

from app.online.mailbox import REPOST_S, SEEN_MAX, STALE_S, Box, read
from app.online.netplay import NetSession, Seat
from app.page.model import (
    AcceptOffer,
    Effect,
    FinishLink,
    JoinPressed,
    Log,
    MailGot,
    MailPost,
    MailState,
    MailWatch,
    NetMsg,
    Page,
    Reinvite,
    RelaysChanged,
    Remember,
    ReplyHandedOver,
    ReplyTaken,
)
from app.page.table_act import notice
from app.shell.i18n import Words
from app.shell.storage import NAME_KEY
from app.table.view import NoticeKind

#: Seconds between two invitations a seat's knocks may make.
KNOCK_S = 5.0

MailMsg = JoinPressed | MailGot | MailState | RelaysChanged | ReplyHandedOver
#: The online door (``update_online.net_update``), handed in: a letter may stand for
#: another of its messages.
Again = Callable[[Page, NetMsg], list[Effect]]


def session_of(page: Page) -> NetSession:
    s = page.session
    assert isinstance(s, NetSession)
    return s


def watch(page: Page) -> list[Effect]:
    """The mailbox as the lobby needs it now: its relays, and the boxes of the
    host's seats or the guest's own (none: the mailbox closes)."""
    s = session_of(page)
    lobby = s.lobby
    params = [x.box for x in lobby.seats] if lobby.role == "host" else [lobby.box]
    boxes = [b for b in (Box.from_param(p) for p in params if p) if b is not None]
    relays = tuple(page.ui.relays) if boxes else ()
    return [MailWatch(relays, tuple((b.tag, b.secret) for b in boxes) if relays else ())]


def _post(page: Page, box: str, body: dict[str, str]) -> list[Effect]:
    s = session_of(page)
    got = Box.from_param(box)
    if got is None or not page.ui.relays:
        return []
    return [MailPost(got.tag, s.lobby.role, tuple(body.items()))]


def _pending(seat: Seat) -> bool:
    """Host: whether the seat's invitation is made and not answered yet."""
    return bool(seat.code) and not seat.answered and seat.state == "new"


def _post_invite(page: Page, seat: Seat) -> list[Effect]:
    """Host: the seat's invitation, posted to its box."""
    return _post(page, seat.box, {"k": "invite", "code": seat.code})


def _knock(page: Page) -> list[Effect]:
    """Guest: from now on it knocks for a new invitation (first at once)."""
    s = session_of(page)
    lobby = s.lobby
    lobby.joined, lobby.want, lobby.joined_at = True, "knock", s.peer.now
    return due(page, s.peer.now, force=True)


def mail_update(page: Page, msg: MailMsg, again: Again) -> list[Effect]:
    """A message of the mailbox, or about it (``again``: the online door, for the
    messages a letter stands for: a reply pasted, a new invitation)."""
    ui = page.ui
    if isinstance(msg, RelaysChanged):
        from app.online.mailbox import parse_relays
        from app.shell.storage import RELAYS_KEY

        ui.relays = parse_relays(msg.text[:4000])
        told = notice(ui, Words.of("net.relays_saved"), NoticeKind.PASSING, "relays")
        more = watch(page) if isinstance(page.session, NetSession) else []
        return [Remember(RELAYS_KEY, ui.relays), *told, *more]
    s = session_of(page)
    lobby = s.lobby
    if isinstance(msg, MailState):
        lobby.relays_up, lobby.relays_total = max(0, msg.up), max(0, msg.total)
        return []
    if isinstance(msg, JoinPressed):
        if lobby.role != "guest" or lobby.joined:
            return []
        lobby.joined = True
        lobby.joined_at = s.peer.now
        lobby.want = "reply" if lobby.box else ""
        ui.guest_name = s.peer.name  # (remembered for the next invitation)
        return [Remember(NAME_KEY, s.peer.name), *due(page, s.peer.now, force=True)]
    if isinstance(msg, ReplyHandedOver):
        return handed_over(page, msg.text, again)
    return letter(page, msg, again)


def letter(page: Page, msg: MailGot, again: Again) -> list[Effect]:
    """A letter that opened in one of this page's boxes."""
    from app.online import invite as inv
    from app.online.netplay import read_reply

    s = session_of(page)
    lobby = s.lobby
    seat = next((x for x in lobby.seats if x.box and _tag(x.box) == msg.tag), None)
    if (seat is None) if lobby.role == "host" else (not lobby.box or _tag(lobby.box) != msg.tag):
        return [Log("a mailbox letter for a box this page does not have")]
    got = read(msg.text, lobby.role, msg.at_ms, lobby.seen)
    if got is None:
        return [Log("a mailbox letter dropped (not ours, stale, replayed or malformed)")]
    lobby.seen = [*lobby.seen, got.id][-SEEN_MAX:]
    body = got.body
    if seat is not None:  # (the host's)
        if body["k"] == "reply":
            if seat.answered or seat.state == "open":
                return []  # (a copy of the reply taken: the friend posts until connected)
            try:
                _, sdp = read_reply(lobby, seat.seat, body["code"])
            except inv.InviteError:
                return knocked(page, seat, again)  # it answers a spent invitation
            seat.state, seat.answered = "connecting", True
            return [FinishLink(seat.conn, sdp)]
        return knocked(page, seat, again)
    # guest: a new invitation for its seat (its link may look open still: a host
    # that reloaded invites before this page sees the old link gone)
    try:
        invite = inv.decode_invite(body["code"])
    except inv.InviteError:
        return [Log("a mailbox invitation that is not one")]
    if s.peer.seat >= 0 and invite.seat != s.peer.seat:
        return [Log("a mailbox invitation for another seat")]
    if invite.session == lobby.session:  # the invitation this page answers already:
        if lobby.state == "open" or not lobby.reply:
            return []  # (its link is open, or its reply is being made: posted then)
        lobby.want = "reply"
        return due(page, s.peer.now, force=True)  # (the reply was lost: again)
    page.ui.joining = invite
    lobby.session = invite.session
    lobby.reply, lobby.reply_link, lobby.reply_qr = "", "", (0, "")
    lobby.want = "reply"  # posted once made (``reply_made``)
    return [AcceptOffer(inv.invite_sdp(invite))]


def _tag(param: str) -> str:
    box = Box.from_param(param)
    return box.tag if box is not None else ""


def knocked(page: Page, seat: Seat, again: Again) -> list[Effect]:
    """Host: the friend at ``seat`` asks for an invitation: the pending one again,
    else a new one (posted once its offer is made)."""
    s = session_of(page)
    if seat.cut:
        return [Log("a knock from a page cut off for flooding: the host invites it again or not")]
    if _pending(seat):
        return _post_invite(page, seat)
    if not seat.code:
        seat.knocked = True  # the offer is being made
        return []
    if s.peer.now - seat.knocked_at < KNOCK_S:
        return [Log("a knock too soon after the last: the friend knocks again")]
    seat.knocked_at = s.peer.now
    fx = again(page, Reinvite(seat.seat))
    seat.knocked = True  # (the same seat, its link made anew)
    return fx


def offer_made(page: Page, seat: Seat) -> list[Effect]:
    """Host: a seat's invitation is made: the mailbox listens to its box, and a
    friend who knocked gets it."""
    fx = watch(page)
    if seat.knocked and seat.code:
        s = session_of(page)
        seat.knocked = False
        seat.posted_at, seat.post_until = s.peer.now, s.peer.now + STALE_S
        fx += _post_invite(page, seat)
    return fx


def reply_made(page: Page) -> list[Effect]:
    """Guest: its reply is made: posted now if *Join* was pressed."""
    s = session_of(page)
    if not s.lobby.box:
        return []
    if s.peer.seat >= 0:
        s.lobby.joined = True  # (a rejoin: the person is already at the table)
    if not s.lobby.joined:
        return []
    s.lobby.want = "reply"
    return due(page, s.peer.now, force=True)


def link_changed(page: Page, state: str) -> list[Effect]:
    """Guest: the link opened (nothing more to post) or was lost (knock for a new
    invitation)."""
    lobby = session_of(page).lobby
    if lobby.role != "guest" or not lobby.box:
        return []
    if state == "open":
        lobby.want = ""
        return []
    if state == "closed" and lobby.want == "reply" and not lobby.reply:
        return []  # (the link that answering a new invitation replaced)
    return _knock(page) if state in ("closed", "failed") and lobby.joined else []


def reloaded(page: Page) -> list[Effect]:
    """The table came back after a reload: the host's seats get new invitations
    (each posted to its box: the friends' pages are knocking), a guest knocks."""
    lobby = session_of(page).lobby
    if lobby.role == "host":
        for seat in lobby.seats:
            seat.knocked = bool(seat.box)
        return watch(page)
    return [*watch(page), *(_knock(page) if lobby.box else [])]


def opened_again(page: Page) -> list[Effect]:
    """Guest: the same invitation link tapped again while the page has that table:
    knock unless the link is open."""
    lobby = session_of(page).lobby
    if lobby.state == "open" or not lobby.box:
        return []
    return [*watch(page), *_knock(page)]


def due(page: Page, now: float, force: bool = False) -> list[Effect]:
    """Guest: post what it wants (its reply, or a knock) when ``REPOST_S`` have
    passed since the last post (``force``: now)."""
    s = session_of(page)
    lobby = s.lobby
    if lobby.role == "host":  # a reload's invitations, until answered (the friends
        fx: list[Effect] = []  # may be slow to see their link gone)
        for seat in lobby.seats:
            if _pending(seat) and now < seat.post_until and now - seat.posted_at >= 2 * REPOST_S:
                seat.posted_at = now
                fx += _post_invite(page, seat)
        return fx
    if not lobby.want or lobby.state == "open":
        return []
    if not force and now - lobby.posted_at < REPOST_S:
        return []
    if lobby.want == "reply":
        if not lobby.reply:
            return []  # (posted once made)
        body = {"k": "reply", "code": lobby.reply}
    else:
        body = {"k": "knock", "session": lobby.session}
    posted = _post(page, lobby.box, body)
    if posted:
        lobby.posted_at = now
    return posted


def handed_over(page: Page, text: str, again: Again) -> list[Effect]:
    """Host: a reply that another tab of this browser was opened with: the seat
    whose invitation it answers takes it as if pasted."""
    from app.online import invite as inv
    from app.page.model import ReplyPasted

    s = session_of(page)
    if s.lobby.role != "host":
        return []
    try:
        reply = inv.read_reply_text(text)
    except inv.InviteError:
        return [Log("a reply handed over that is not one")]
    seat = next((x for x in s.lobby.seats if x.session == reply.session), None)
    if seat is None:
        words = Words.of("net.code.not_a_reply")
        return notice(page.ui, words, NoticeKind.ERROR, "reply")
    return [ReplyTaken(), *again(page, ReplyPasted(seat.seat, text))]
