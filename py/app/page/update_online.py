"""The online table's part of the one door: the network is one more source of messages.

``update.update`` hands every ``NetMsg`` here (and an online table's undo and
actions): the peer (``thousand.net``) is fed the event, and what it answers
becomes the table's effects (send, broadcast, a computer player's turn, the
journal written, notices). Imported only once a page has an online table, with
``netplay``: a page that never plays online never loads them.
"""

from __future__ import annotations

from dataclasses import replace

from app.online.netplay import (
    GUEST_LINK,
    NetSession,
    guest_reply,
    host_invitation,
    read_reply,
    rejoin_anew,
)
from app.page import update_mail as mail
from app.page.model import (
    AcceptOffer,
    BeginOnline,
    Bots,
    Cancel,
    ContinueAlone,
    DropLink,
    Effect,
    EndOnline,
    FinishLink,
    ForgetJournal,
    GoOnWithoutPressed,
    HostAnew,
    IceChanged,
    InvitationPasted,
    JoinPressed,
    KeepJournal,
    Linger,
    LinkChanged,
    Log,
    MailGot,
    MailState,
    MakeOffer,
    NameChanged,
    NetBot,
    NetBotAnswered,
    NetBroadcast,
    NetMsg,
    NetReceived,
    NetSend,
    NetTick,
    OfferMade,
    Page,
    Persist,
    Reinvite,
    RelaysChanged,
    Reloaded,
    Remember,
    ReplyHandedOver,
    ReplyMade,
    ReplyPasted,
    TakeSeatPressed,
    draw,
)
from app.page.table_act import announce, notice, retell
from app.shell.i18n import Seat, Words, has
from app.table.session import Session
from app.table.view import Dialog, NoticeKind


def net_update(page: Page, msg: NetMsg) -> list[Effect]:
    """A message of the online table: a link's news, a peer's message, the lobby."""
    from app.online.invite import InviteError
    from app.page.update_page import ready_ice
    from thousand.net import events as net

    ready_ice(page)
    s, ui = page.session, page.ui
    if isinstance(msg, IceChanged):
        from app.online.netplay import parse_ice
        from app.shell.storage import ICE_KEY

        ui.ice = parse_ice(msg.text[:2000])
        return [
            Remember(ICE_KEY, ui.ice),
            *notice(ui, Words.of("net.ice_saved"), NoticeKind.PASSING, "ice"),
        ]
    if isinstance(msg, RelaysChanged):
        return mail.mail_update(page, msg, net_update)
    if not isinstance(s, NetSession):
        return [Log(f"dropped: {type(msg).__name__} without an online table")]
    lobby = s.lobby
    if isinstance(msg, JoinPressed | MailGot | MailState | ReplyHandedOver):
        return mail.mail_update(page, msg, net_update)
    if isinstance(msg, NetReceived):
        return net_outputs(page, net.Received(msg.conn, msg.text))
    if isinstance(msg, NetTick):
        now = msg.now + s.clock
        if now < s.peer.now:  # a reloaded page's clock starts again: go on from the peer's
            s.clock += s.peer.now - now
            now = s.peer.now
        return [*net_outputs(page, net.Tick(now)), *mail.due(page, now)]
    if isinstance(msg, Reloaded):
        return reloaded(page)
    if isinstance(msg, LinkChanged):
        if lobby.role == "guest":
            lobby.state = msg.state
        posted = mail.link_changed(page, msg.state) if lobby.role == "guest" else []
        for seat in lobby.seats:
            if seat.conn == msg.conn:
                # an offer's link "connects" at once; it waits for the reply really
                seat.state = msg.state if seat.answered or msg.state != "connecting" else "new"
        if msg.state == "open":
            # the connection is back: the notice that it was lost goes, and after a
            # reload the one that said so, once every friend is back
            back = {f"lost{x.seat}" for x in lobby.seats if x.conn == msg.conn}
            gone = back if lobby.role == "host" else {f"lost{s.peer.host_seat}"}
            if lobby.role == "guest" or all(x.state == "open" for x in lobby.seats):
                gone.add("reloaded")
            ui.notices = [n for n in ui.notices if n.key not in gone]
            if lobby.role == "guest" and s.peer.stage is not net.Stage.LOBBY:
                close_join(page)  # rejoined a game in progress: the table is the thing
            return net_outputs(page, net.Connected(msg.conn))
        if msg.state in ("closed", "failed"):
            return [*posted, *net_outputs(page, net.Dropped(msg.conn))]
        return posted
    if isinstance(msg, OfferMade):
        if lobby.role != "host" or all(x.conn != msg.conn for x in lobby.seats):
            return [Log(f"an offer for a link no table here has: {msg.conn[:20]}")]
        box = draw(page) + draw(page) if ui.relays else ""
        seat = host_invitation(
            lobby,
            msg.conn,
            msg.sdp,
            s.peer.players,
            ui.base_url,
            draw(page),
            box,
            s.peer.name,
            ui.relays,
        )
        return mail.offer_made(page, seat)
    if isinstance(msg, ReplyMade):
        if not ui.joining:
            return []
        guest_reply(lobby, ui.joining, msg.sdp, ui.base_url)
        return mail.reply_made(page)
    if isinstance(msg, ReplyPasted):
        try:
            seat, sdp = read_reply(lobby, msg.seat, msg.text)
        except InviteError as e:
            lobby.error = "net.code." + e.code.lower()
            return notice(ui, Words.of(lobby.error), NoticeKind.ERROR, "reply", in_dialog=True)
        lobby.error = ""
        ui.notices = [n for n in ui.notices if n.key != "reply"]
        seat.state, seat.answered = "connecting", True
        return [FinishLink(seat.conn, sdp)]
    if isinstance(msg, ContinueAlone):
        page.session = alone(s, draw(page))
        ui.dialog = Dialog.NONE
        ui.notices = [n for n in ui.notices if not n.key.startswith("lost")]
        retell(page)
        return [Cancel(), ForgetJournal(), Persist(), Bots()]
    if isinstance(msg, HostAnew):
        from app.online.netplay import rehost
        from thousand.net.messages import ProtocolError

        try:
            anew = rehost(s, draw(page))
        except ProtocolError as e:
            why = refusal_words(str(e.code), e.params)
            return notice(ui, why, NoticeKind.ERROR, "net")
        page.session = anew
        ui.dialog = Dialog.ONLINE
        ui.notices = [n for n in ui.notices if not n.key.startswith("lost")]
        retell(page)
        told = notice(ui, Words.of("net.hosting_anew"), NoticeKind.INFO, "anew")
        return [Cancel(), KeepJournal(), *told, *(MakeOffer(x.conn) for x in anew.lobby.seats)]
    if isinstance(msg, Reinvite):
        again = next((x for x in lobby.seats if x.seat == msg.seat), None)
        if again is None or lobby.role != "host":
            return []
        lobby.made += 1
        again.cut = False  # (the host invites again: its knocks count again)
        again.conn = f"p{again.seat}-{lobby.made}"  # a new link; the peer knows the friend again
        again.code, again.link, again.qr, again.state = "", "", (0, ""), "new"
        again.answered = False
        ui.dialog = Dialog.ONLINE
        return [MakeOffer(again.conn)]
    if isinstance(msg, TakeSeatPressed):
        return net_outputs(page, net.TakeSeat(msg.seat))
    if isinstance(msg, GoOnWithoutPressed):
        return net_outputs(page, net.GoOnWithout(msg.seat))
    if isinstance(msg, EndOnline):
        return net_outputs(page, net.EndGame())
    if isinstance(msg, InvitationPasted):
        from app.online.invite import Invite, decode_invite, invite_sdp, read_fragment

        text = msg.text.strip()
        try:
            got = read_fragment(text[text.index("#") :]) if "#" in text else decode_invite(text)
        except (InviteError, ValueError) as e:
            code = e.code.lower() if isinstance(e, InviteError) else "malformed"
            return notice(
                ui, Words.of("net.code." + code), NoticeKind.ERROR, "join", in_dialog=True
            )
        if not isinstance(got, Invite) or lobby.role != "guest":
            return notice(
                ui, Words.of("net.code.not_an_invite"), NoticeKind.ERROR, "join", in_dialog=True
            )
        ui.joining = got
        lobby.reply, lobby.reply_link, lobby.reply_qr, lobby.state = "", "", (0, ""), "new"
        ui.notices = [n for n in ui.notices if n.key != "join"]
        return [AcceptOffer(invite_sdp(got))]
    if isinstance(msg, NameChanged):
        from thousand.record import clean_name

        if lobby.role == "guest" and s.peer.seat < 0 and (name := clean_name(msg.name)):
            if s.journal is not None:
                s.journal.rename(s.peer, name)
                return [KeepJournal()]
            s.peer.name = name  # said in the hello, when the link opens
        return []
    if isinstance(msg, BeginOnline):
        return net_outputs(page, net.Start())
    if isinstance(msg, NetBotAnswered):
        s.bots_drew(msg.rng)
        return net_act(page, msg.action, msg.seat, msg.version)
    raise TypeError(f"not a network message: {msg!r}")  # pragma: no cover


def reloaded(page: Page) -> list[Effect]:
    """The online table is back after a reload: every link it had is lost. The
    host's page makes a new invitation for each friend's seat; the guest's page
    waits for one (pasted, or opened as a link) to say hello again."""
    from thousand.net import events as net

    s, ui = page.session, page.ui
    assert isinstance(s, NetSession)
    retell(page)
    fx: list[Effect] = []
    if s.lobby.role == "host":
        for conn, link in list(s.peer.links.items()):
            if link.up:
                fx += net_outputs(page, net.Dropped(conn))
        if s.peer.stage is not net.Stage.LOBBY:  # the seats nobody took have computer players
            s.lobby.seats = [x for x in s.lobby.seats if x.seat in s.peer.persons]
        for seat in s.lobby.seats:
            fx += net_update(page, Reinvite(seat.seat))
        fx += mail.reloaded(page)
        key = "net.reloaded_host"
    else:
        s.lobby.state = "closed"
        s.lobby.reply, s.lobby.reply_link, s.lobby.reply_qr = "", "", (0, "")  # spent
        if s.peer.host_up:
            fx += net_outputs(page, net.Dropped(GUEST_LINK))
        fx += mail.reloaded(page)
        key = "net.reloaded_guest"
    ui.dialog = Dialog.ONLINE
    return [*fx, *notice(ui, Words.of(key), NoticeKind.INFO, "reloaded")]


def close_join(page: Page) -> None:
    """The guest's *Join the table* dialog goes once its work is done (the game
    began, or a rejoin worked): it covered the table and its bid buttons."""
    if page.ui.dialog == Dialog.ONLINE:
        page.ui.dialog = Dialog.NONE


def alone(s: NetSession, entropy: str) -> Session:
    """The online game's audited deals as a game against computer players: the same
    seat, the others computer players, its next deals from a fresh secret (drawn
    from ``entropy``, 64 hex digits of fresh randomness)."""
    import json

    from thousand import fair

    if s.peer.game is None:  # nothing audited yet: the same table, a new game
        return Session.new(s.peer.conv, s.bot_level, human=s.human, kinds=None, entropy=entropy)
    data = json.loads(json.dumps(s.to_save()))
    game = Session.from_save(data)
    game.secret = fair.deal_seed(entropy, 0)
    game.game_id = f"g-{game.secret[:12]}"
    game.state.rng = game.next_rng(game.state.n_rows + 1)
    return game


def net_undo(page: Page, yes: bool | None) -> list[Effect]:
    """Online undo: ask for it (``None``), or answer another person's (allow or not)."""
    from thousand.net import events as net

    s = page.session
    assert isinstance(s, NetSession)
    event = net.AskUndo(s.human) if yes is None else net.AnswerUndo(s.human, yes)
    return net_outputs(page, event)


def local_act(page: Page, action: int) -> list[Effect]:
    """This page's person's action at the online table (its turn as the peer has it)."""
    s = page.session
    assert isinstance(s, NetSession)
    return net_act(page, action, s.human, s.peer.version())


def undo_pressed(page: Page, msg: object) -> list[Effect]:
    """Online undo: *Undo* asks the others; *Allow* (of this page's person) or
    *Refuse* answers another person's."""
    from app.page.model import UndoAllowed, UndoPressed

    s = page.session
    assert isinstance(s, NetSession)
    if isinstance(msg, UndoPressed):
        return net_undo(page, None)
    if isinstance(msg, UndoAllowed):
        return net_undo(page, True) if msg.seat == s.human else []
    return net_undo(page, False)


def savable(page: Page) -> bool:
    """An online table is saved once its first deal is audited (its journal keeps it
    until then)."""
    s = page.session
    return not isinstance(s, NetSession) or s.peer.game is not None


def net_act(page: Page, action: int, seat: int, version: tuple[int, int]) -> list[Effect]:
    """An action of this page's seat (or of a computer player it runs) into the peer."""
    from thousand.net import events as net

    return net_outputs(page, net.LocalAction(action, seat, version))


def net_outputs(page: Page, event: object) -> list[Effect]:
    """Feed the peer one event; what it answers, as the table's effects."""
    from thousand.net import events as net
    from thousand.net.peer import step

    s, ui = page.session, page.ui
    assert isinstance(s, NetSession)
    tricks = len(s.state.tricks)
    deal = s.peer.deal_no
    if s.journal is not None:
        outs = s.journal.step(s.peer, event)  # type: ignore[arg-type]
    else:
        _, outs = step(s.peer, event)  # type: ignore[arg-type]
    # the journal is written before anything is sent: a page reloaded after a send
    # rebuilds a peer that sent it too (a tick changes nothing worth a write)
    fx: list[Effect] = [] if s.journal is None or isinstance(event, net.Tick) else [KeepJournal()]
    for o in outs:
        if isinstance(o, net.Send):
            fx.append(NetSend(o.to, o.text))
        elif isinstance(o, net.Broadcast):
            fx.append(NetBroadcast(o.text))
        elif isinstance(o, net.GameAdvanced):
            s.version += 1
        elif isinstance(o, net.Refused) and o.code == "other_game" and o.params.get("theirs"):
            anew = rejoin_anew(
                s, None, draw(page)
            )  # the host hosts this game anew: rejoin it with our record
            if anew is None:
                fx += notice(ui, refusal_words("other_game", o.params), NoticeKind.ERROR, "net")
            else:
                page.session = anew
                return [KeepJournal(), *fx, *net_outputs(page, net.Connected(GUEST_LINK))]
        elif isinstance(o, net.CutMade):
            if o.nine:
                fx += notice(ui, Words.of("net.cut_nine"), NoticeKind.PASSING, "cut")
        elif isinstance(o, net.Refused) and o.code == "cheat" and o.params.get("claim"):
            # a guest's page says it found a cheat: said as its word; this page checks
            by, at = o.params.get("by"), o.params.get("seat")
            text = Words.of(
                "net.claimed_you" if at == s.peer.seat else "net.claimed",
                by=Seat(by if type(by) is int else -1),
                name=Seat(at if type(at) is int else -1),
            )
            fx += notice(ui, text, NoticeKind.ERROR, "cheat", way_on(s))
        elif isinstance(o, net.Refused) and o.code == "cheat":  # the host found a cheat
            what = finding_words(o.params.get("what"), o.params.get("seat"), s.peer.deal_no)
            fx += notice(ui, Words.of("net.cheat", what=what), NoticeKind.ERROR, "cheat", way_on(s))
        elif isinstance(o, net.Refused) and o.code == "duplicate":
            # a copy of a message already taken (a resend after a reconnection):
            # harmless, so nothing to tell a player
            fx.append(Log(f"a duplicate ignored: {o.params}"))
        elif isinstance(o, net.Refused):
            fx += notice(
                ui, refusal_words(str(o.code), o.params), NoticeKind.PASSING, "net-refused"
            )
        elif isinstance(o, net.CheatFound):
            f = o.finding
            what = finding_words(f.what, f.seat, f.deal)
            fx += notice(ui, Words.of("net.cheat", what=what), NoticeKind.ERROR, "cheat", way_on(s))
        elif isinstance(o, net.NeedsBot):
            fx.append(NetBot(o.seat, o.version))
        elif isinstance(o, net.PeerLost):
            for seat in s.lobby.seats if s.lobby.role == "host" else ():
                if seat.seat == o.seat and seat.state == "open":  # cut off (a flood)
                    seat.state, seat.cut = "closed", True
                    fx.append(DropLink(seat.conn))
            if s.lobby.role == "host":
                again: tuple[str, Words] | None = (
                    f"reinvite-{o.seat}",
                    Words.of("net.reinvite"),
                )
            elif o.seat == s.peer.host_seat:
                again = ("online", Words.of("net.rejoin"))
            else:
                again = None  # another friend's link to the host: the host invites them again
            kind = NoticeKind.INFO if again is None else NoticeKind.ERROR
            text = Words.of("net.lost", name=Seat(o.seat))
            fx += notice(ui, text, kind, f"lost{o.seat}", again)
        elif isinstance(o, net.PeerBack):
            ui.notices = [n for n in ui.notices if n.key != f"lost{o.seat}"]
        elif isinstance(o, net.SeatChanged):
            s.version += 1
            fx += seat_changed(page, o.seat, o.bot, o.redealt, o.out)
        elif isinstance(o, net.UndoAsked | net.UndoAnswered | net.Undone | net.UndoVoid):
            fx += undo_words(page, o)
        elif isinstance(o, net.Ended):
            s.version += 1
            key = "net.ended" if o.hash else "net.ended_none"
            fx += notice(ui, Words.of(key, hash=o.hash), NoticeKind.INFO, "net-over")
            fx.append(Persist())
        elif isinstance(o, net.DealReady):
            s.version += 1
            if s.lobby.role == "guest" and s.peer.game is None:
                close_join(page)  # the game begins: its first deal's bids are the thing
            retell(page)
        elif isinstance(o, net.Progress):
            ui.net_progress = (o.done, o.total)
        elif isinstance(o, net.DealAudited):
            fx.append(Persist())
        elif isinstance(o, net.GameOver):
            fx += notice(ui, Words.of("net.over", hash=o.hash), NoticeKind.INFO, "net-over")
    if len(s.state.tricks) > tricks and s.peer.deal_no == deal:
        ui.hold = s.state.tricks[-1][1]
        ui.hold_winner = s.state.tricks[-1][2]
    if announce(page):
        fx.append(Linger())
    return fx


def undo_words(page: Page, o: object) -> list[Effect]:
    """An online undo's course, said on every page (the consent dialog is drawn from
    the peer while this page's Allow is awaited: ``screen.build``)."""
    from thousand.net import events as net

    s, ui = page.session, page.ui
    assert isinstance(s, NetSession)
    if isinstance(o, net.UndoAsked):
        if o.seat == s.human:
            return notice(ui, Words.of("net.undo_asked"), NoticeKind.PASSING, "undo")
        return []
    if isinstance(o, net.UndoAnswered):
        if o.yes:
            return []
        return notice(
            ui, Words.of("net.undo_refused", name=Seat(o.seat)), NoticeKind.PASSING, "undo"
        )
    if isinstance(o, net.Undone):
        s.version += 1
        ui.reset_turn()
        ui.hold = ()
        retell(page)
        key = "net.undone_you" if o.seat == s.human else "net.undone"
        return [
            *notice(ui, Words.of(key, name=Seat(o.seat)), NoticeKind.PASSING, "undo"),
            Persist(),
        ]
    return notice(ui, Words.of("net.undo_void"), NoticeKind.PASSING, "undo")


def seat_changed(
    page: Page, seat: int, bot: bool, redealt: bool, out: bool = False
) -> list[Effect]:
    """A person's seat taken by the host's computer player, or given back, or (``out``)
    taken for good from the person a cheat was found at: said to everyone, and to
    that person in their own words."""
    s, ui = page.session, page.ui
    assert isinstance(s, NetSession)
    from thousand.record import clean_name

    ui.notices = [n for n in ui.notices if n.key != f"lost{seat}"]
    person = s.peer.names[seat] if seat < len(s.peer.names) else ""
    if out:  # the table goes on: the words of the cheat that stopped it go
        ui.notices = [n for n in ui.notices if n.key != "cheat"]
        key = "net.out_you" if seat == s.peer.seat else "net.out"
    elif seat == s.peer.seat and s.lobby.role == "guest":
        key = "net.taken_you" if bot else "net.back_you"
    else:
        key = "net.taken" if bot else "net.back"
    text = Words.of(key, name=clean_name(person) or Seat(seat))
    if bot and redealt and not out:
        text = replace(text, then=(Words.of("net.redealt"),))
    retell(page)
    return notice(ui, text, NoticeKind.INFO, f"seat{seat}")


def way_on(s: NetSession) -> tuple[str, Words]:
    """The way on a page offers where a cheat stopped its table: the host's, the
    table without the person it was found at (``GoOnWithoutPressed``); any page's
    otherwise, the game so far against computer players (``ContinueAlone``)."""
    seat = s.peer.can_go_on_without() if s.lobby.role == "host" else -1
    if seat >= 0:
        return (f"go-on-without-{seat}", Words.of("net.go_on_without", name=Seat(seat)))
    return ("continue-alone", Words.of("net.alone"))


def finding_words(what: object, seat: object, deal: object) -> Words:
    """A cheat found (``thousand.net.audit.Finding``: what, whose seat, which deal;
    or a ``halt`` another page sent, whose fields may be anything) in the players'
    words: the person by the table's name for the seat, never a code or a number
    of the protocol's."""
    prefix = "net.found."  # (a key for each ``Finding.what``: tests/app/test_cheat_words.py)
    key = prefix + what if isinstance(what, str) and what.isidentifier() else ""
    if not key or not has(key):
        key = prefix + "other"
    at = seat if type(seat) is int else -1
    number = deal if type(deal) is int and deal >= 0 else 0
    return Words.of(key, name=Seat(at), deal=number)


def refusal_words(code: str, params: dict[str, object]) -> Words:
    """A peer's refusal as words (its parameters are shown as text, never as markup;
    a seat as the table's name for it; a code the page has no words for, or whose
    parameters do not fit them, is named as it is)."""
    key = "net.refused." + code
    safe: dict[str, str | Seat] = {k: str(v)[:60] for k, v in params.items()}
    seat = params.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool):
        safe["seat"] = Seat(seat)
    if has(key):
        words = Words.of(key, **safe)
        try:
            words.text("en")  # (every catalogue has the same placeholders: test_i18n)
            return words
        except (KeyError, IndexError, ValueError):
            pass
    return Words.of("net.refused.other", code=code[:30])
