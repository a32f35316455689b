"""Online play on the page: the table as one peer of ``thousand.net``. Pure.

An online game is a ``NetSession``: a ``Session`` whose game is the view of one
``thousand.net.peer.Peer`` (the deal as this page may see it, the audited
deals, the seats' names), so the table, the dialogs and ``update`` draw and
drive it as they do a game against computer players. The difference is where an
action goes: not into a local engine but into the peer, which validates it,
tells the other pages and answers with what the runner must do (send a
message, let a computer player move, say a refusal).

The lobby around it (``Lobby``) is the host's invitations (one per online seat:
the invitation code, its link and QR code, the state of its link) or the
guest's reply. Codes are ``app.online.invite``'s; the link itself (``app.online.rtc``) is the
runner's. ICE servers are a setting: by default a short list of public STUN
servers, contacted only once a player opens an online table or answers an
invitation (the page says so first); emptied, the page connects only on one
network.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from app.online.mailbox import Box, link_part
from app.shell.dom import El, el
from app.shell.i18n import LANGS, t
from app.table.session import Session
from thousand import Conventions, Observation, State
from thousand.record import clean_name

if TYPE_CHECKING:  # imported when an online table opens, not with the page
    from app.online import invite as inv
    from thousand.net import peer as net
    from thousand.net.journal import Journal

#: The ICE servers used unless the player set others: public STUN servers that tell
#: a page its address as the internet sees it (nothing of the game passes them).
DEFAULT_ICE = (
    {"urls": "stun:stun.l.google.com:19302"},
    {"urls": "stun:stun.cloudflare.com:3478"},
)
#: The protocol version an invitation carries (``thousand.net.messages``).
PROTOCOL = 1
#: A guest's name of its one link, to the host (``thousand.net.events.HOST``).
GUEST_LINK = "host"


@dataclass
class Seat:
    """Host: one online seat's invitation and link."""

    seat: int
    conn: str  # the peer's name of this link ("p1", "p2", ...)
    code: str = ""  # the invitation code (empty while the offer is being made)
    link: str = ""
    qr: tuple[int, str] = (0, "")  # the QR code of the link: its size, its path
    state: str = "new"  # the link: new, connecting, open, closed, failed
    session: str = ""  # the invitation's session id (a reply must carry it)
    answered: bool = False  # the friend's reply was pasted (the link may connect now)
    box: str = ""  # the seat's mailbox (``mailbox.Box.param``), the same for every invitation
    knocked: bool = False  # the friend asked for a new invitation: post it once made
    knocked_at: float = -1e9  # when a knock last made a new invitation (the peer's clock)
    cut: bool = False  # cut off for flooding: its knocks wait for the host's *Invite again*
    posted_at: float = -1e9  # when its invitation was last posted ...
    post_until: float = -1e9  # ... and until when it is posted again (a reload's)


@dataclass
class Lobby:
    """The online table's connections as the page shows them."""

    role: str  # "host" or "guest"
    seats: list[Seat] = field(default_factory=list)  # host
    reply: str = ""  # guest: the reply code to give back
    reply_link: str = ""
    reply_qr: tuple[int, str] = (0, "")
    state: str = "new"  # guest: the link to the host
    host_name: str = ""  # guest: who invited
    session: str = ""
    error: str = ""  # a catalogue key: why the last pasted code was refused
    made: int = 0  # host: invitations made again (each new link gets a new name)
    box: str = ""  # guest: its seat's mailbox (``mailbox.Box.param``; empty: the manual way)
    joined: bool = False  # guest: *Join* pressed (the reply may go through the mailbox)
    want: str = ""  # guest: what it posts until its link opens: "reply", "knock" or nothing
    posted_at: float = -1e9  # guest: when it last posted (the peer's clock)
    joined_at: float = -1.0  # guest: when *Join* was pressed, or the link was lost
    relays_up: int = 0  # the mailbox's relays connected now ...
    relays_total: int = 0  # ... of how many
    seen: list[str] = field(default_factory=list)  # the ids of letters taken (replays dropped)

    @property
    def peers(self) -> int:
        """Links open now."""
        if self.role == "guest":
            return 1 if self.state == "open" else 0
        return sum(1 for s in self.seats if s.state == "open")


#: The quiet zone around a QR code, in modules.
QR_BORDER = 4


#: An ICE server address as the setting accepts it.
_ICE_URL = re.compile(r"(stun|turns?):[A-Za-z0-9.\-\[\]:]{1,200}(\?transport=(udp|tcp))?")


def read_ice(stored: Any) -> list[dict[str, Any]]:
    """The ICE servers from the stored setting (a list of ``{"urls": ...}``, with
    ``username``/``credential`` for TURN), else the defaults; bad entries dropped."""
    if not isinstance(stored, list):
        return [dict(x) for x in DEFAULT_ICE]
    out: list[dict[str, Any]] = []
    for x in stored[:8]:
        if not isinstance(x, dict) or not isinstance(x.get("urls"), str):
            continue
        if not _ICE_URL.fullmatch(x["urls"]):
            continue
        server: dict[str, Any] = {"urls": x["urls"]}
        for k in ("username", "credential"):
            if isinstance(x.get(k), str) and len(x[k]) <= 200:
                server[k] = x[k]
        out.append(server)
    return out


def parse_ice(text: str) -> list[dict[str, Any]]:
    r"""The ICE setting as the player types it: one server a line, ``stun:host:port``
    or ``turn:host:port user password``; lines that are not a server are dropped.

    >>> got = parse_ice("stun:stun.example.org:3478\nturn:t.example.org:3478 ann pw\nhttp://x")
    >>> got[0], got[1]["username"], len(got)
    ({'urls': 'stun:stun.example.org:3478'}, 'ann', 2)
    """
    out: list[dict[str, Any]] = []
    for line in text.splitlines()[:8]:
        parts = line.split()
        if not parts:
            continue
        server: dict[str, Any] = {"urls": parts[0]}
        if len(parts) == 3:
            server["username"], server["credential"] = parts[1], parts[2]
        out.extend(read_ice([server]))
    return out


def ice_text(servers: list[dict[str, Any]]) -> str:
    """The ICE setting as the page shows it (``parse_ice`` reads it back)."""
    return "\n".join(
        " ".join([s["urls"], *([s["username"], s["credential"]] if "username" in s else [])])
        for s in servers
    )


def qr_of(text: str) -> tuple[int, str]:
    """The QR code of ``text``: its width in modules and its dark modules' path
    ((0, "") when the text does not fit a QR code)."""
    from app.online.qr import QrTooLong, encode, path_data

    try:
        code = encode(text, "L")
    except QrTooLong:
        return 0, ""
    return code.size + 2 * QR_BORDER, path_data(code, QR_BORDER)


def qr_el(qr: tuple[int, str], label: str) -> El | None:
    """A QR code drawn on the page (``role="img"``, named by ``label``)."""
    n, d = qr
    if not n:
        return None
    return el(
        "svg",
        {
            "class": "qr",
            "viewBox": f"0 0 {n} {n}",
            "shape-rendering": "crispEdges",
            "role": "img",
            "aria-label": label,
        },
        el("rect", {"width": str(n), "height": str(n), "fill": "#fff"}),
        el("path", {"fill": "#000", "d": d}),
    )


def host_invitation(
    lobby: Lobby,
    conn: str,
    sdp: str,
    players: int,
    base_url: str,
    entropy: str | None = None,
    box: str = "",
    by: str = "",
    relays: list[str] | None = None,
) -> Seat:
    """The invitation of the seat whose link ``conn`` made the offer ``sdp``, its
    session id drawn from ``entropy`` (hex digits; the system's when not given).
    With ``box`` (96 hex digits of fresh randomness) the seat gets its mailbox,
    if it has none yet, and the link names it (``mb=``) and the host (``by=``)."""
    from app.online import invite as inv

    seat = next(s for s in lobby.seats if s.conn == conn)
    if entropy is None:
        sid = inv.new_session_id()
    else:
        sid = inv.new_session_id(lambda n: bytes.fromhex(entropy)[:n])
    invite = inv.Invite(sid, PROTOCOL, players, seat.seat, inv.parse_sdp(sdp))
    seat.code = inv.encode_invite(invite)
    seat.link = inv.invite_link(base_url, invite)
    if box and not seat.box:
        seat.box = Box.from_entropy(box).param()
    if box:
        got = Box.from_param(seat.box)
        assert got is not None
        seat.link += link_part(got, clean_name(by), relays or [])
    seat.qr = qr_of(seat.link)
    seat.session = sid
    return seat


def read_reply(lobby: Lobby, seat: int, text: str) -> tuple[Seat, str]:
    """The host's seat a pasted reply answers and the SDP to finish its link with;
    ``InviteError`` when the text is not a reply, or answers another invitation."""
    from app.online import invite as inv

    reply = inv.read_reply_text(text)
    target = next((s for s in lobby.seats if s.seat == seat), None)
    if target is None or reply.session != target.session:
        raise inv.InviteError("NOT_A_REPLY", "the reply answers another invitation")
    return target, inv.reply_sdp(reply)


def guest_reply(lobby: Lobby, invite: inv.Invite, sdp: str, base_url: str) -> None:
    """The guest's reply to ``invite``, made from its answer ``sdp``."""
    from app.online import invite as inv

    reply = inv.Reply(invite.session, PROTOCOL, inv.parse_sdp(sdp))
    lobby.reply = inv.encode_reply(reply)
    lobby.reply_link = inv.reply_link(base_url, reply)
    lobby.reply_qr = qr_of(lobby.reply_link)
    lobby.session = invite.session


class NetSession(Session):
    """A game at an online table: the table shows what ``peer`` may see."""

    def __init__(
        self,
        peer: net.Peer,
        lobby: Lobby,
        rules: str = "",
        bot_level: str = "normal",
        journal: Journal | None = None,
    ) -> None:
        self.peer = peer
        self.journal = journal  # what rebuilds the peer after a reload (app.online.netresume)
        self.clock = 0.0  # added to the runner's clock (it restarts with a reload)
        self.kept_snapshot = (-1, 0)  # (compactions, slot) of the snapshot in storage
        self.bot_level = bot_level
        self.lobby = lobby
        self.rules = rules
        self.seed = 0
        self.game_id = f"net-{peer.token[:12]}"
        self.undos = 0
        self.rev = 0
        self.secret = ""
        self.bot_rng = random.Random(peer.token)
        # the audited deals this page has shown a summary of (a resumed table: all)
        self.shown = peer.game.n_rows if peer.game is not None else 0
        self.version = 0
        self.key = id(self)  # (as ``Session.key``)
        self._undo_cache = None
        self.screened = False
        self.practice = None  # an online game is never a practice
        self._idle: State | None = None

    # -- what the table shows ------------------------------------------------------

    @property
    def state(self) -> State:  # type: ignore[override]
        """The deal as this page sees it; between deals the audited game; before the
        first deal an empty table (nobody's cards drawn: see ``observation``)."""
        s = self.peer.shadow()
        if s is not None:
            return s
        if self.peer.game is not None:
            return self.peer.game
        if self._idle is None or self._idle.n != self.peer.players:
            self._idle = State(self.peer.conv, random.Random(0), dealer=0)
        return self._idle

    @property
    def human(self) -> int:  # type: ignore[override]
        return max(self.peer.seat, 0)

    @property
    def levels(self) -> list[str]:  # type: ignore[override]
        n = self.peer.players
        return [
            "human" if s == self.human else self.bot_level if s in self.peer.bots else "online"
            for s in range(n)
        ]

    @property
    def names(self) -> list[str]:  # type: ignore[override]
        """The people's names (a computer seat has none: the page words it)."""
        got = [clean_name(x) for x in self.peer.names]
        got += [""] * (self.peer.players - len(got))
        return ["" if s in self.peer.bots else got[s] for s in range(self.peer.players)]

    @property
    def people(self) -> list[int]:
        return [s for s, k in enumerate(self.levels) if k in ("human", "online")]

    def is_person(self, seat: int) -> bool:
        return self.levels[seat] in ("human", "online")

    def bot(self, seat: int) -> Any:
        """The computer player the host runs at ``seat`` (made when asked, as
        ``Session.bot``)."""
        from thousand.bots import make_bot

        return make_bot(self.bot_level)

    def observation(self) -> Observation:
        """This page's seat's view; nothing private before the deal is dealt."""
        from app.table.session import public_view

        obs = self.peer.observation(self.human)
        if obs is not None:
            return obs
        st = self.state
        return public_view(st, st.observation(self.human))

    # -- turns ---------------------------------------------------------------------

    def human_to_act(self) -> bool:
        return self.peer.to_act() == self.human and not self.waiting_for_summary()

    def bot_to_act(self) -> int | None:
        return None  # the host's bots are asked by the peer (NeedsBot)

    def waiting_for_summary(self) -> bool:
        """A finished deal's summary is on show until this page's person closes it;
        the table goes on meanwhile (the others do not wait for this page), and this
        person's turn waits for the summary's *Next deal*."""
        return self.summary_row() is not None

    def summary_row(self) -> Any:
        """The newest audited deal not yet summarised on this page (played or conceded)."""
        game = self.peer.game
        if game is None:
            return None
        for r in reversed(game.rows[self.shown :]):
            if r.kind != "redeal":
                return r
        return None

    def acknowledge(self) -> None:
        """This page's person has seen the deal summary."""
        game = self.peer.game
        self.shown = game.n_rows if game is not None else 0
        self.version += 1

    def apply(self, action: int) -> None:
        raise RuntimeError("an online game's actions go through its peer")

    def undo_point(self) -> int | None:
        """The actions that stay if this page's person takes back a decision (with
        every other person's Allow, on their own pages), or None."""
        return self.peer.undo_target(self.human)

    def commitment(self) -> str:
        return ""  # online, the deal is shuffled by every peer (docs/PROTOCOL.md)

    def record(self) -> dict[str, Any]:
        rec = self.peer.record() or {
            "format": "thousand-record",
            "version": 1,
            "conventions": self.peer.conv.changes(),
            "players": self.peer.players,
            "deals": [],
        }
        rec["seats"] = [
            {"kind": k, **({"name": n} if n else {})}
            for k, n in zip(self.levels, self.names, strict=True)
        ]
        return rec


def new_host(
    name: str,
    conventions: Conventions,
    online_seats: list[int],
    bot_level: str = "normal",
    seed: str | None = None,
) -> NetSession:
    """The host's online table (the host sits at seat 0): its invitations still to be
    made, one link each; ``ProtocolError`` for rules online play cannot run yet.
    ``seed`` (64 hex digits of fresh randomness) seeds its peer's generator, the
    system's cryptographic source when not given."""
    from thousand.net.journal import start_host

    peer, journal = start_host(name, conventions, seed)  # on a Drbg: rebuilt after a reload
    lobby = Lobby("host", [Seat(s, f"p{i + 1}") for i, s in enumerate(online_seats)])
    return NetSession(peer, lobby, bot_level=bot_level, journal=journal)


def new_guest(name: str, invite: inv.Invite, seed: str | None = None) -> NetSession:
    """A guest's page answering ``invite`` (``seed`` as ``new_host``'s)."""
    from thousand.net.journal import start_guest

    peer, journal = start_guest(name, seed)
    return NetSession(peer, Lobby("guest", session=invite.session), journal=journal)


def rehost(s: NetSession, seed: str | None = None) -> NetSession:
    """This guest's page hosts its game anew, the host's page being gone: the same
    seat, an invitation to make for every other person's seat (the old host's
    included); ``ProtocolError`` (``NOT_NOW``) when the game has not begun or is over."""
    from thousand.net.journal import start_host
    from thousand.net.peer_state import Resume

    r = Resume.of(s.peer)
    peer, journal = start_host(r.names[r.seat], r.conventions, seed, resume=r)
    others = sorted(k for k in r.persons if k != r.seat)
    lobby = Lobby("host", [Seat(k, f"p{k}-anew") for k in others])
    return NetSession(peer, lobby, s.rules, s.bot_level, journal=journal)


def rejoin_anew(
    s: NetSession, invite: inv.Invite | None = None, seed: str | None = None
) -> NetSession | None:
    """This page rejoins its game hosted anew by another page, with what it holds of
    the game (the new host checks it): a guest turned away by the new host, or the
    old host's page opening the new host's ``invite`` for its own seat. None when it
    already did, holds no game to bring, or the invitation is for another seat."""
    from thousand.net.journal import start_guest
    from thousand.net.messages import ProtocolError
    from thousand.net.peer_state import Resume

    if s.peer.want_seat >= 0:
        return None  # (it rejoined already)
    if s.lobby.role != ("guest" if invite is None else "host"):
        return None
    try:
        r = Resume.of(s.peer)
    except ProtocolError:
        return None
    if invite is not None and (invite.seat != r.seat or invite.players != len(r.names)):
        return None  # (an invitation to another table)
    peer, journal = start_guest(r.names[r.seat], seed, resume=r)
    if invite is not None:
        lobby = Lobby("guest", session=invite.session)
    else:
        lobby = Lobby("guest", state=s.lobby.state, session=s.lobby.session)
    return NetSession(peer, lobby, s.rules, s.bot_level, journal=journal)


# -- the lobby as the page shows it -------------------------------------------------------


def seat_state(seat: Any) -> str:
    """An online seat's state as the page tells it to a script (``data-seat-state``,
    docs/AUTOMATION.md): ``invited`` (its invitation made or being made),
    ``joining`` (the friend's reply is in, the link is opening), ``connected``,
    ``lost``.

    >>> from types import SimpleNamespace as S
    >>> [seat_state(S(state=x, answered=a)) for x, a in
    ...  [("new", False), ("new", True), ("connecting", False), ("open", False), ("failed", True)]]
    ['invited', 'joining', 'joining', 'connected', 'lost']
    """
    if seat.state == "open":
        return "connected"
    if seat.state in ("closed", "failed"):
        return "lost"
    return "joining" if seat.answered or seat.state == "connecting" else "invited"


def _state_badge(lang: str, state: str) -> El:
    return el(
        "span",
        {"class": f"link-state {state}", "data-link-state": state},
        t(lang, "net.state." + state),
    )


def _copyable(lang: str, value: str, attr: str, ui: str, seat: int = -1, share: bool = False) -> El:
    extra = {"data-seat": str(seat)} if seat >= 0 else {}
    shared = (
        el(
            "button",
            {"type": "button", "class": "btn small", "data-ui": "share-invite", **extra},
            t(lang, "net.share"),
        )
        if share
        else None
    )
    return el(
        "div",
        {"class": "copy-row"},
        el(
            "input",
            {
                "type": "text",
                "readonly": True,
                "value": value,
                attr: value,
                "aria-label": t(lang, "net.link"),
            },
        ),
        el(
            "button",
            {"type": "button", "class": "btn small", "data-ui": ui, **extra},
            t(lang, "share_copy"),
        ),
        shared,
    )


def lobby_dialog(
    lang: str,
    session: NetSession,
    names: tuple[str, ...],
    ice: list[dict[str, Any]],
    relays: list[str] | None = None,
    share: bool = False,
) -> El:
    """The host's invitations (a link, its QR code and the reply field per online
    seat) or the guest's *Join* and reply, with the state of each link; the
    connection settings (STUN/TURN servers, the mailbox's relays) below."""
    from app.table.view import button, dialog

    lobby = session.lobby
    relays = relays or []
    note = el(
        "p",
        {"class": "net-note"},
        t(lang, "net.ice_note" if ice else "net.ice_none", stun="STUN"),
        " ",
        t(lang, "net.relays_note" if relays else "net.relays_none", nostr="Nostr"),
    )
    body: list[El | str | None] = [note]
    if lobby.role == "host":
        for seat in lobby.seats:
            parts: list[El | str | None] = [
                el(
                    "h3",
                    {},
                    t(lang, "seat_n", n=seat.seat + 1),
                    " ",
                    _state_badge(lang, seat.state),
                ),
            ]
            if seat.state == "open":
                name = names[seat.seat] if seat.seat < len(names) else ""
                parts.append(el("p", {}, t(lang, "net.seated", name=name)))
            elif seat.state in ("closed", "failed"):
                name = names[seat.seat] if seat.seat < len(names) else ""
                if seat.seat in session.peer.taken:
                    person = clean_name(session.peer.names[seat.seat])
                    parts.append(
                        el("p", {"data-taken": "1"}, t(lang, "net.taken_badge", name=person))
                    )
                parts.append(button(t(lang, "net.reinvite"), ui=f"reinvite-{seat.seat}", cls="btn"))
                if session.peer.seat_can_be_taken(seat.seat):
                    parts.append(
                        button(
                            t(lang, "net.take_seat", name=name),
                            ui=f"take-seat-{seat.seat}",
                            cls="btn",
                        )
                    )
            elif not seat.code:
                parts.append(el("p", {}, t(lang, "net.preparing")))
            else:
                mail = bool(seat.box and relays)
                if seat.answered:
                    parts.append(el("p", {"class": "net-status"}, t(lang, "net.joining_seat")))
                parts += [
                    el("p", {}, t(lang, "net.invite_text_mail" if mail else "net.invite_text")),
                    _copyable(lang, seat.link, "data-invite", "copy-invite", seat.seat, share),
                    qr_el(seat.qr, t(lang, "net.invite_qr")),
                    _by_hand(lang, seat.seat, open_=not mail),
                ]
            if seat.state == "failed":
                parts.append(_unreachable(lang, "net.ice_failed_host"))
            body.append(
                el(
                    "section",
                    {
                        "class": "net-seat",
                        "data-net-seat": str(seat.seat),
                        "data-seat-state": seat_state(seat),
                    },
                    parts,
                    key=f"s{seat.seat}",
                )
            )
        if any(seat.state in ("closed", "failed") for seat in lobby.seats):
            body += [
                el("p", {}, t(lang, "net.alone_text")),
                button(t(lang, "net.alone"), ui="continue-alone", cls="btn"),
            ]
            if session.peer.can_end():
                body += [
                    el("p", {}, t(lang, "net.end_text")),
                    button(t(lang, "net.end"), ui="end-online", cls="btn"),
                ]
        buttons = [
            button(t(lang, "net.begin"), ui="begin-online", cls="btn primary", data_autofocus="1"),
            button(t(lang, "close"), ui="close", cls="btn"),
        ]
        if session.peer.stage.value != "lobby":  # begun: new invitations only
            buttons = [button(t(lang, "close"), ui="close", cls="btn", data_autofocus="1")]
        title = t(lang, "net.invite_title")
    else:
        host = clean_name(lobby.host_name)
        mail = bool(lobby.box and relays)
        defaults = {t(x, "player_n", n=n) for x in LANGS for n in (2, 3, 4)}
        body = []  # (the technical note goes under Connection settings: the invitation first)
        asking = mail and not lobby.joined and lobby.state != "open"
        if lobby.state != "open" and session.peer.seat < 0:
            invited = t(lang, "net.invited_by", name=host) if host else t(lang, "net.invited")
            body.append(el("p", {"class": "net-status"}, invited))
        if not asking:
            body.append(el("p", {}, _state_badge(lang, lobby.state)))
        if lobby.state != "open" and session.peer.seat < 0:  # said in the first hello
            if asking:
                body.append(el("p", {}, t(lang, "net.join_hint")))
            body.append(
                el(
                    "label",
                    {"class": "field"},
                    el("span", {}, t(lang, "net.your_name")),
                    el(
                        "input",
                        {
                            "type": "text",
                            "data-ui": "guest-name",
                            "maxlength": "20",
                            # (a name of its own, not the seat's: typed at once)
                            "value": "" if session.peer.name in defaults else session.peer.name,
                            "placeholder": t(lang, "net.your_name_hint"),
                            "autocomplete": "name",
                        },
                    ),
                )
            )
            if asking:
                body.append(
                    button(t(lang, "net.join"), ui="join", cls="btn primary", data_autofocus="1")
                )
        waiting = lobby.state not in ("open", "closed", "failed")
        if mail and lobby.joined and waiting:
            status = t(lang, "net.connecting_to", name=host) if host else None
            body.append(el("p", {"class": "net-status"}, status or t(lang, "net.connecting_table")))
            if lobby.relays_total and not lobby.relays_up:
                body.append(el("p", {"class": "net-trouble"}, t(lang, "net.no_relay")))
        if lobby.state == "failed":
            body.append(_unreachable(lang, "net.ice_failed_guest"))
        manual = _manual_reply(lobby, session.peer.now, bool(relays))
        if lobby.state == "open":
            joined = t(lang, "net.connected_to", name=host) if host else t(lang, "net.joined")
            body.append(el("p", {}, joined))
        elif not lobby.reply or lobby.state in ("closed", "failed"):
            # (a reloaded page waits for an invitation; a lost link's reply is spent)
            if lobby.state not in ("closed", "failed") and (manual or not mail):
                body.append(el("p", {}, t(lang, "net.preparing_reply")))
        elif manual:
            body += [
                el("p", {}, t(lang, "net.reply_text" if not mail else "net.fallback")),
                _copyable(lang, lobby.reply_link, "data-reply", "copy-reply"),
                el(
                    "p",
                    {"class": "reply-code"},
                    el("code", {"data-reply-code": lobby.reply}, lobby.reply),
                ),
                qr_el(lobby.reply_qr, t(lang, "net.reply_qr")),
            ]
        if lobby.state in ("closed", "failed"):
            body += [
                el("p", {}, t(lang, "net.rejoin_text")),
                el(
                    "textarea",
                    {"data-ui": "invite-input", "rows": "2", "spellcheck": "false"},
                ),
                button(t(lang, "net.rejoin"), ui="rejoin", cls="btn"),
            ]
            if session.peer.stage in session.peer.IN_GAME:  # the host may be gone for good
                body += [
                    el("p", {}, t(lang, "net.host_anew_text")),
                    button(t(lang, "net.host_anew"), ui="host-anew", cls="btn"),
                ]
            body += [
                el("p", {}, t(lang, "net.alone_text")),
                button(t(lang, "net.alone"), ui="continue-alone", cls="btn"),
            ]
        buttons = [button(t(lang, "close"), ui="close", cls="btn", data_autofocus="1")]
        title = t(lang, "net.join_title")
    if lobby.role == "guest":
        body.append(_settings(lang, ice, relays, note))
    else:
        body.append(_settings(lang, ice, relays))
    return dialog("online", title, body, buttons, cls="online")


def _unreachable(lang: str, key: str) -> El:
    """The two browsers cannot reach each other: said, with what to try."""
    return el("p", {"class": "net-trouble"}, t(lang, key, turn="TURN", wifi="Wi-Fi"))


def _manual_reply(lobby: Lobby, now: float, relays: bool) -> bool:
    """Guest: whether its reply is shown to send by hand (``mailbox.manual_shown``)."""
    from app.online.mailbox import manual_shown

    return manual_shown(lobby.box, lobby.joined, lobby.state, lobby.joined_at, now, relays)


def _by_hand(lang: str, seat: int, open_: bool) -> El:
    """Host: the field for a reply sent back by hand (open when there is no mailbox)."""
    from app.table.view import button

    return el(
        "details",
        {"class": "by-hand", "open": open_},
        el("summary", {}, t(lang, "net.by_hand")),
        el(
            "label",
            {"class": "field"},
            el("span", {}, t(lang, "net.reply_label")),
            el(
                "textarea",
                {
                    "data-ui": "reply-input",
                    "data-seat": str(seat),
                    "rows": "2",
                    "spellcheck": "false",
                    "autocomplete": "off",
                },
            ),
        ),
        button(t(lang, "net.connect"), ui="connect", cls="btn", data_seat=str(seat)),
        key=f"hand{seat}",
    )


def _settings(
    lang: str, ice: list[dict[str, Any]], relays: list[str], note: El | None = None
) -> El:
    """*Connection settings*: the STUN/TURN servers and the mailbox's relays (and
    for a friend, the note on what they are)."""
    return el(
        "details",
        {"class": "ice"},
        el("summary", {}, t(lang, "net.ice_title")),
        note,
        el(
            "label",
            {"class": "field"},
            el("span", {}, t(lang, "net.ice_help", stun="STUN", turn="TURN")),
            el(
                "textarea",
                {"data-ui": "ice-servers", "rows": "3", "spellcheck": "false"},
                ice_text(ice),
            ),
        ),
        el(
            "button",
            {"type": "button", "class": "btn small", "data-ui": "ice-save"},
            t(lang, "net.ice_save"),
        ),
        el(
            "label",
            {"class": "field"},
            el("span", {}, t(lang, "net.relays_label", nostr="Nostr")),
            el(
                "textarea",
                {"data-ui": "relays-input", "rows": "3", "spellcheck": "false"},
                "\n".join(relays),
            ),
        ),
        el(
            "button",
            {"type": "button", "class": "btn small", "data-ui": "relays-save"},
            t(lang, "net.ice_save"),
        ),
        key="ice",
    )
