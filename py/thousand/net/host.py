"""The host's side of an online table: ``Host``, a ``thousand.net.peer.Peer``.

The host's page seats the guests as their ``hello``s come (a guest back after a
lost link by its token; a person of a game hosted anew by the game, seat and
name it had), relays every message it accepts into one numbered log that
every guest receives in order, starts the game (``table``: the empty seats get
its computer players), plays a person's seat by a computer player while their
link is lost (``TakeSeat``) and gives it back at the next deal once they are
back, asks the page for its bots' actions (``NeedsBot``) and may end the game.

>>> import random
>>> from thousand import Conventions
>>> from thousand.net.events import Start
>>> host = Host("Ann", Conventions(), random.Random(1))
>>> host.seat, host.names, host.can_end()
(0, ['Ann'], False)
>>> out = host.handle(Start())
>>> host.bots, host.can_end(), len(host.log) > 0
({1, 2}, True, True)
"""

from __future__ import annotations

import random
from typing import Any

from ..conventions import Conventions
from .events import (
    BUILD,
    POLL,
    Broadcast,
    NeedsBot,
    PeerLost,
    Seated,
    Send,
    Stage,
)
from .link import FLOOD_CUT, Link
from .messages import MAX_NAME, ProtocolError, Refusal, TokenBucket, decode, encode
from .peer import Peer, unsupported
from .peer_state import REVEAL_WAIT, Deal, Resume, history_hash


class Host(Peer):
    """The host's peer (seat 0, or its own seat of a game hosted anew);
    ``ProtocolError(UNSUPPORTED)`` for conventions not supported online.

    ``resume``: host anew a game whose host's page is gone (``Resume.of`` this
    page's guest peer; ``conventions`` and ``name`` are then the game's own). This
    page keeps its seat; the other people rejoin theirs by new invitations (their
    ``hello`` names the game, the seat and the name it had); the seats nobody
    reclaims by ``Start`` (the old host's among them) are played by this page's
    computer player until their person joins; the deal that was interrupted is
    dealt again, and the scores and deals go on from the audited record.
    """

    def __init__(
        self,
        name: str,
        conventions: Conventions,
        entropy: random.Random,
        build: str = BUILD,
        resume: Resume | None = None,
    ) -> None:
        bad = unsupported(conventions)
        if bad:
            raise ProtocolError(Refusal.UNSUPPORTED, what=",".join(bad))
        super().__init__(True, name, entropy, build)
        self.seat = 0
        self.local = {0}
        self.names = [self.name]
        self.conv = conventions
        if resume is not None:
            bad = unsupported(resume.conventions)
            if bad:
                raise ProtocolError(Refusal.UNSUPPORTED, what=",".join(bad))
            self._resume(resume)
            self.seat = self.host_seat = resume.seat
            self.local = {resume.seat}
            self.resume_deals = {resume.seat: resume.deals()}

    # -- links: one per guest ---------------------------------------------------------

    def _connected(self, peer: str) -> None:
        return  # the guest speaks first (hello)

    def _flooding(self, peer: str) -> None:
        """A guest that keeps flooding is cut off: its link counts as lost (said on
        every page; a computer player may take the seat) and what it sends is
        ignored until it comes back with a new hello."""
        link = self.links.get(peer)
        if link is not None and link.up:
            link.floods += 1
            if link.floods >= FLOOD_CUT:
                link.floods = 0
                self._dropped(peer)

    def _dropped(self, peer: str) -> None:
        link = self.links.get(peer)
        if link is not None and link.up:
            link.up = False
            self.out.append(PeerLost(link.seat))
            if link.seat >= 0 and self.stage is not Stage.LOBBY:
                self._say_host("link", seat=link.seat, up=False)  # told to the others

    def _tick(self) -> None:
        """Ask a guest for a resend when its messages are missing, or when its link has
        been quiet for a second (the last messages may be the lost ones): a nack from
        the next number expected; the guest resends what follows, if anything."""
        for peer, link in self.links.items():
            if link.up and self.now - link.heard >= POLL:
                link.heard = self.now
                self.out.append(Send(peer, self._raw("nack", from_seq=link.inbox.expected)))

    def _heard_from(self, peer: str) -> TokenBucket:
        link = self.links.get(peer)
        if link is None:
            return self.bucket
        link.heard = self.now
        return link.bucket

    def _undecodable(self, peer: str, e: ProtocolError) -> None:
        if e.code is Refusal.WRONG_VERSION and peer not in self.links:
            self.out.append(Send(peer, self._raw("refuse", code=e.code.value, params=e.params)))

    def _resend(self, peer: str, start: int) -> None:
        link = self.links.get(peer)
        if link is not None and self._may_resend(link, start, len(self.log)):
            self.out.extend(Send(peer, t) for t in self.log[start:])

    def _reply_to(self, peer: str) -> str:
        return peer

    def _emit(self, t: str, seat: int, body: dict[str, Any]) -> str:
        text = encode(t, len(self.log), seat, **body)
        self.log.append(text)
        self.out.append(Broadcast(text))
        return text

    def _applies_own(self, t: str) -> bool:
        return t != "welcome"

    def _silent(self, d: Deal) -> list[int]:
        if self.now - d.audit_since < REVEAL_WAIT:
            return []
        return [
            s
            for s in range(self.players)
            if s not in d.revealed and s not in self.local and self._link_up(s)
        ]

    def _link_up(self, seat: int) -> bool:
        return any(link.seat == seat and link.up for link in self.links.values())

    # -- a guest's messages: checked, applied, relayed ------------------------------

    def _message(self, peer: str, msg: dict[str, Any], text: str) -> None:
        if msg["t"] == "hello":
            self._hello(peer, msg)
            return
        if msg["t"] == "refuse":
            self._told_refused(peer, msg)
            if msg["code"] in (Refusal.HISTORY.value, Refusal.OTHER_GAME.value):
                self._dropped(peer)  # that page left the table: its seat may be taken
            return
        link = self.links.get(peer)
        if link is None:
            raise ProtocolError(Refusal.UNKNOWN_PEER, peer=peer)
        if not link.up:
            return  # a link cut off (or lost): nothing from it counts until its hello
        for t in link.inbox.accept(msg["seq"], text):
            m = decode(t)
            if link.seat in self.bots:
                continue  # sent before the seat was given to a computer player: void
            if m["from"] != link.seat or m["t"] in ("hello", "welcome", "table", "refuse"):
                self._refuse(peer, ProtocolError(Refusal.MALFORMED, why="from"))
                continue
            try:
                self._apply(link.seat, m)
            except ProtocolError as e:
                self._tell_refused(peer, e)
                if e.code is Refusal.BAD_PROOF:
                    self._raise_alarm(link.seat if m["t"] in ("act", "sealed") else None)
                continue
            self._relay(m)
            self._pump()

    def _relay(self, m: dict[str, Any]) -> None:
        body = {k: v for k, v in m.items() if k not in ("v", "t", "seq", "from")}
        text = encode(m["t"], len(self.log), m["from"], **body)
        self.log.append(text)
        self.out.append(Broadcast(text))

    # -- seating -----------------------------------------------------------------------

    def _hello(self, peer: str, msg: dict[str, Any]) -> None:
        if msg["build"] != self.build:
            e = ProtocolError(Refusal.WRONG_VERSION, ours=self.build, theirs=msg["build"])
            self.out.append(Send(peer, self._raw("refuse", code=e.code.value, params=e.params)))
            raise e
        for old, link in list(self.links.items()):
            if self.tokens.get(link.seat) == msg["token"]:  # a guest back after a drop
                del self.links[old]
                link.up = True
                self.links[peer] = link
                self.out.extend(Send(peer, t) for t in self.log[msg.get("have", 0) :])
                self.out.append(Send(peer, self._raw("nack", from_seq=link.inbox.expected)))
                if self.stage is not Stage.LOBBY:
                    self._say_host("link", seat=link.seat, up=True)
                return
        if self.game_id and self.host_seat in self.resume_deals:
            self._rehello(peer, msg)
            return
        if self.stage is not Stage.LOBBY or len(self.names) >= self.players:
            self.out.append(Send(peer, self._raw("refuse", code="table_full", params={})))
            raise ProtocolError(Refusal.TABLE_FULL)
        seat = len(self.names)
        self.names.append(msg["name"][:MAX_NAME])
        self._seat_link(peer, seat, msg["token"])
        self.out.append(Seated(tuple(self.names)))

    def _seat_link(self, peer: str, seat: int, token: str, **extra: Any) -> None:
        """Seat the page on link ``peer``: the log so far, then its welcome."""
        self.tokens[seat] = token
        self.links[peer] = Link(seat)
        self.out.extend(Send(peer, t) for t in self.log)
        self._say_host(
            "welcome",
            seat=seat,
            token=token,
            build=self.build,
            conventions=self.conv.changes(),
            **extra,
        )

    def _rehello(self, peer: str, msg: dict[str, Any]) -> None:
        """A game hosted anew: a person of that game takes back their seat (matched by
        the game's id, the seat and the name the game's record gave it)."""
        seat = msg.get("seat", -1)
        why = ""
        if msg.get("game") != self.game_id:
            why = "game"
        elif seat not in self.persons or seat == self.host_seat or seat >= self.players:
            why = "seat"
        elif self.names[seat] != msg["name"][:MAX_NAME]:
            why = "name"
        elif self._link_up(seat) or (self.stage is not Stage.LOBBY and seat not in self.taken):
            why = "taken"
        if why:
            e = ProtocolError(Refusal.OTHER_GAME, why=why)
            self.out.append(Send(peer, self._raw("refuse", code=e.code.value, params=e.params)))
            raise e
        for old, link in list(self.links.items()):
            if link.seat == seat:
                del self.links[old]  # an earlier link of this seat's page, now gone
        self.resume_deals[seat] = msg.get("deals", 0)
        self._seat_link(peer, seat, msg["token"], host=self.host_seat, game=self.game_id)
        self.out.append(Seated(tuple(self.names)))

    # -- the page's requests -------------------------------------------------------------

    def _start(self) -> None:
        if self.stage is not Stage.LOBBY:
            raise ProtocolError(Refusal.NOT_NOW, what="start")
        if self.game_id and self.host_seat in self.resume_deals:  # a game hosted anew
            back = {link.seat for link in self.links.values() if link.up}
            # from the deals every page back has audited: at most one fewer than this
            # page's (the host's page went during the reveals); a page further behind
            # cannot check them and refuses the table
            own = self.resume_deals[self.host_seat]
            n = min([own, *(c for s in back if (c := self.resume_deals[s]) >= own - 1)])
            taken = sorted(self.persons - back - {self.host_seat})
            extra: dict[str, Any] = {"deals": n}
            if n:
                extra["hash"] = history_hash(self.record(), n)
            self._say_host(
                "table",
                names=list(self.names),
                bots=sorted(set(range(self.players)) - self.persons),
                game=self.game_id,
                host=self.host_seat,
                taken=taken,
                **extra,
            )
            return
        bots = list(range(len(self.names), self.players))
        names = [*self.names, *(f"bot {s}" for s in bots)]
        self._say_host(
            "table", names=names, bots=bots, game=format(self.rng.getrandbits(64), "016x")
        )

    def seat_can_be_taken(self, seat: int) -> bool:
        """Whether a computer player may now play for the person at ``seat``."""
        return (
            self.stage in self.IN_GAME
            and seat != self.host_seat
            and seat in self.persons
            and seat not in self.bots
            and not self._link_up(seat)
        )

    def can_end(self) -> bool:
        """Whether the game can be ended now."""
        return self.stage in self.IN_GAME

    def _take_seat(self, seat: int) -> None:
        if not self.seat_can_be_taken(seat):
            raise ProtocolError(Refusal.NOT_NOW, what="take_seat", seat=seat)
        self._say_host("seat", deal=self.deal_no, seat=seat, bot=True)

    def _end_game(self) -> None:
        if not self.can_end():
            raise ProtocolError(Refusal.NOT_NOW, what="end")
        self._say_host("end", deals=len(self.game.log) if self.game is not None else 0)

    def can_go_on_without(self) -> int:
        """The seat whose person the table can go on without (a cheat stopped the
        table there; -1: none)."""
        s = self.halt_seat
        ok = self.stage is Stage.HALTED and s != self.host_seat and s in self.persons
        return s if ok and self.deal is not None and s not in self.out_seats else -1

    def _go_on_without(self, seat: int) -> None:
        if seat < 0 or seat != self.can_go_on_without():
            raise ProtocolError(Refusal.NOT_NOW, what="go_on")
        self._say_host("seat", deal=self.deal_no, seat=seat, bot=True, out=True)

    # -- the host's part of the game --------------------------------------------------

    def _may_resume(self) -> bool:
        return True

    def _table_bots(self) -> None:
        self.local |= self.bots  # this page plays the computer players

    def _seats_changed(self) -> None:
        self.local = {self.host_seat} | self.bots

    def _owe(self) -> bool:
        if self.stage in (Stage.SETUP, Stage.PLAY, Stage.AUDIT):
            for s in sorted(self.taken - set(self.pending) - self.out_seats):
                if self._link_up(s):  # back: their seat again from the next deal
                    self._say_host("seat", deal=self.deal_no + 1, seat=s, bot=False)
                    return True
        return super()._owe()

    def _ask_bots(self, d: Deal) -> None:
        cur = d.view.shadow(d.rec.claims).current_player()
        v = self.version()
        if cur in self.bots and v not in self.asked and self.undo_req is None:
            self.asked.add(v)
            self.out.append(NeedsBot(cur, v))
