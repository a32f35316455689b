"""A guest's side of an online table: ``Guest``, a ``thousand.net.peer.Peer``.

A guest talks to the host only, on its one link (``HOST``): it says ``hello``
(again after a lost link, with its token and the number of the host's log it
has), is seated by the host's ``welcome`` and takes the host's log in order.
Its own messages come back in that log: each must be one it sent (anything
else is forged), and an undo's request or answer counts only there, where the
table's order puts it. Rejoining a game hosted anew (``resume``), it checks
that the new host's game, seat and audited deals are its own.

>>> import random
>>> from thousand.net.events import HOST, Connected
>>> guest = Guest("Bob", random.Random(2))
>>> out = guest.handle(Connected(HOST))
>>> guest.seat, guest.host_up, [o.to for o in out], '"t":"hello"' in out[0].text
(-1, True, ['host'], True)
"""

from __future__ import annotations

import random
from typing import Any

from ..conventions import Conventions, ConventionsError
from .audit import Finding
from .events import BUILD, HOST, POLL, PeerLost, Send, Stage
from .link import echo_key
from .messages import ProtocolError, Refusal, TokenBucket, decode, encode
from .peer import Peer, unsupported
from .peer_state import AFTER_ECHO, REVEAL_WAIT, Deal, Resume


class Guest(Peer):
    """A guest's peer (seated by the host's welcome). ``resume``: rejoin this page's
    seat of a game hosted anew by another of its people (``Resume.of`` this page's
    old peer): the new host must welcome it to that game and seat, and the table's
    audited deals must be this page's own, or it refuses (``Refusal.HISTORY``)."""

    def __init__(
        self, name: str, entropy: random.Random, build: str = BUILD, resume: Resume | None = None
    ) -> None:
        super().__init__(False, name, entropy, build)
        if resume is not None:
            self._resume(resume)
            self.want_seat = resume.seat

    # -- its one link, to the host ------------------------------------------------------

    def _connected(self, peer: str) -> None:
        self.host_up = True
        have: dict[str, Any] = {"have": self.inbox.expected} if self.seat >= 0 else {}
        if self.want_seat >= 0:  # rejoining a game hosted anew
            deals = len(self.game.log) if self.game is not None else 0
            have.update(game=self.game_id, seat=self.want_seat, deals=deals)
        self.out.append(
            Send(
                HOST, self._raw("hello", name=self.name, build=self.build, token=self.token, **have)
            )
        )

    def _silent(self, d: Deal) -> list[int]:
        """Only the host's own seat: another guest's silence is the host's to judge."""
        waited = self.now - d.audit_since >= 2 * REVEAL_WAIT
        host = self.host_seat
        return [host] if waited and self.host_up and host not in d.revealed else []

    def _dropped(self, peer: str) -> None:
        if self.host_up:
            self.host_up = False
            self.out.append(PeerLost(self.host_seat))

    def _tick(self) -> None:
        """Ask the host for a resend when its log has a gap, or when the link has been
        quiet for a second (the last messages may be the lost ones): a nack from the
        next number expected; the host resends what follows, if anything."""
        if self.host_up and self.now - self.heard >= POLL:
            self.heard = self.now
            if self.seat < 0:  # no welcome yet: the hello may have been lost
                self._connected(HOST)
            else:
                self.out.append(Send(HOST, self._raw("nack", from_seq=self.inbox.expected)))

    def _heard_from(self, peer: str) -> TokenBucket:
        self.heard = self.now
        return self.bucket

    def _undecodable(self, peer: str, e: ProtocolError) -> None:
        return  # the host's words are all it hears: nothing to answer

    def _resend(self, peer: str, start: int) -> None:
        if self._may_resend(self, start, len(self.out_log)):
            self.out.extend(Send(HOST, t) for t in self.out_log[start:])

    def _reply_to(self, peer: str) -> str:
        return HOST

    def _emit(self, t: str, seat: int, body: dict[str, Any]) -> str:
        text = encode(t, len(self.out_log), seat, **body)
        self.out_log.append(text)
        self.echo.append(echo_key(decode(text)))
        self.out.append(Send(HOST, text))
        return text

    def _applies_own(self, t: str) -> bool:
        return t != "welcome" and t not in AFTER_ECHO

    # -- the host's log -----------------------------------------------------------------

    def _message(self, peer: str, msg: dict[str, Any], text: str) -> None:
        if msg["t"] == "refuse":
            self._told_refused(HOST, msg)
            if self.seat < 0:
                self.stage = Stage.HALTED  # the host would not seat us
            return
        if msg["t"] == "hello":
            raise ProtocolError(Refusal.MALFORMED, why="hello")
        for t in self.inbox.accept(msg["seq"], text):
            m = decode(t)
            if m["from"] in self.local and m["t"] != "welcome":
                # our own message back: it must be one we sent (the host may have
                # refused some in between; anything else is forged)
                body = echo_key(m)
                while self.echo and self.echo[0] != body:
                    self.echo.popleft()
                if not self.echo:
                    f = Finding(0, self.deal_no, -1, "forged", (("seat", m["from"]),))
                    self._cheat([f])
                    continue
                self.echo.popleft()
                if m["t"] not in AFTER_ECHO:
                    continue  # applied when sent
            try:
                self._apply(m["from"], m, own=m["from"] in self.local)
            except ProtocolError as e:
                self._tell_refused(HOST, e)
                if e.code is Refusal.BAD_PROOF:
                    self._raise_alarm(m["from"] if m["t"] in ("act", "sealed") else None)
            self._pump()

    # -- the guest's part of the game ---------------------------------------------------

    def _welcome(self, m: dict[str, Any]) -> None:
        if m["token"] != self.token or self.seat >= 0:
            return
        try:
            conv = Conventions.from_dict(m["conventions"])
        except ConventionsError:
            raise ProtocolError(Refusal.MALFORMED, why="conventions") from None
        if unsupported(conv):
            raise ProtocolError(Refusal.UNSUPPORTED, what=",".join(unsupported(conv)))
        if self.want_seat >= 0 and (
            m.get("game") != self.game_id or m["seat"] != self.want_seat or conv != self.conv
        ):
            self._stop()  # not the game this page holds
            raise ProtocolError(Refusal.OTHER_GAME, why="welcome")
        self.conv = conv
        self.seat = m["seat"]
        self.host_seat = m.get("host", 0)
        self.local = {self.seat} - self.bots  # a late comer's seat: the computer's for now

    def _before_table(self, m: dict[str, Any]) -> None:
        if self.want_seat >= 0 and self.seat < 0 and "host" in m:
            self.host_seat = m["host"]  # a late comer to a game hosted anew: its welcome
            # comes after the log it missed

    def _may_resume(self) -> bool:
        return self.want_seat >= 0  # only a page that brought its game

    def _table_bots(self) -> None:
        if self.seat in self.bots:
            self.local = set()  # its computer player plays it until the next deal

    def _seats_changed(self) -> None:
        if self.seat >= 0:
            self.local = {self.seat} - self.bots
