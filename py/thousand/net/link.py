"""The transport half of an online peer: its links, numbered logs, resends and rate limits.

Everything a peer says goes out numbered (the ``seq`` of ``messages.encode``)
and is kept. The host keeps one log of what it accepted and broadcast
(``log``), which every guest receives in order, and a ``Link`` per guest (the
guest's messages in order, its rate limit, when it was last heard); a guest
keeps what it sent the host (``out_log``, and ``echo``: what it waits to see
come back in the host's log) and the host's log as it arrives (``inbox``). A
link quiet for ``POLL`` seconds asks the other side for what follows the last
number it holds (``nack``); the other side resends it, if anything.

``Wire`` holds that state and the loop that sends what a peer's seats say
(``_say`` queues, ``_flush`` numbers and applies, ``_pump`` runs until quiet).
What a message means is the peer's (``thousand.net.peer``); who sends where,
the role's (``thousand.net.host``, ``thousand.net.guest``).

>>> w = Link(seat=2)
>>> w.seat, w.up, w.inbox.expected
(2, True, 0)
>>> echo_key({"v": 2, "t": "claim", "seq": 7, "from": 1, "deal": 1, "why": ""})
'{"deal": 1, "from": 1, "t": "claim", "v": 2, "why": ""}'
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from .events import Output, Refused, Send
from .messages import Inbox, ProtocolError, Refusal, TokenBucket, decode, encode

#: Seconds in which a side answers one resend request from a number, and ignores a
#: repeat of it (half the quiet that makes a side ask again: ``events.POLL``).
RESEND_EVERY = 0.5
#: Messages of one guest refused for flooding before the host cuts its link, as a
#: lost connection (an honest page never comes near the rate limit).
FLOOD_CUT = 100
#: Besides the whole rate limit, each kind of message an honest page sends seldom has a
#: budget of its own per sender: (a second, a burst). A resend request is sent when a
#: gap shows or the link is quiet for a second; a hello at (re)connecting; an undo, its
#: answer, an alarm or a halt a few times a deal; a refusal when a message is refused.
KIND_BUDGETS: dict[str, tuple[float, float]] = {
    "nack": (4.0, 20.0),
    "hello": (1.0, 12.0),
    "undo": (1.0, 5.0),
    "undo_ok": (2.0, 8.0),
    "alarm": (1.0, 3.0),
    "halt": (1.0, 3.0),
    "refuse": (2.0, 10.0),
}


@dataclass
class Link:
    """Host: one guest's connection."""

    seat: int
    inbox: Inbox = field(default_factory=Inbox)
    bucket: TokenBucket = field(default_factory=lambda: TokenBucket(100.0, 400.0))
    up: bool = True
    heard: float = 0.0  # when a message last came (or a nack was last sent)
    resent_from: int = -1  # the last resend to this guest: from which number, ...
    resent_to: int = -1  # ... up to which (not included) ...
    resent_at: float = 0.0  # ... and when (``Wire._may_resend``)
    floods: int = 0  # its messages refused for flooding since it was last cut off


def echo_key(m: dict[str, Any]) -> str:
    """A message as a guest recognises its own when the host's log brings it back
    (its number there is the host's, so it is left out)."""
    return json.dumps({k: v for k, v in m.items() if k not in ("seq",)}, sort_keys=True)


class Wire(ABC):
    """A peer's links and logs, and the sending of what its seats say.

    The role fills in who hears what (``_heard_from``, ``_emit``, ``_resend``,
    ``_reply_to``, ``_message``); the peer what a message does (``_apply``) and
    what its seats owe next (``_owe``).
    """

    seat: int  # this page's seat (-1: a guest not seated yet)

    def __init__(self) -> None:
        self.now = 0.0
        self.links: dict[str, Link] = {}  # host: one per guest's connection
        self.log: list[str] = []  # host: the numbered broadcast log
        self.inbox = Inbox()  # guest: the host's log
        self.bucket = TokenBucket(200.0, 2000.0)
        self.kind_buckets: dict[str, TokenBucket] = {}  # "<peer> <kind>": KIND_BUDGETS
        self.out_log: list[str] = []  # guest: what it sent, for resends
        self.echo: deque[str] = deque()  # guest: its messages the host's log has not brought back
        self.heard = 0.0  # guest: when the host was last heard (or a nack last sent)
        self.host_up = False  # guest: its link to the host is open
        self.resent_from = -1  # guest: its last resend to the host, from which number, ...
        self.resent_to = -1  # ... up to which (not included) ...
        self.resent_at = 0.0  # ... and when (``_may_resend``)
        self.out: list[Output] = []
        self._queue: list[tuple[str, int, dict[str, Any]]] = []

    # -- what the role and the peer fill in ---------------------------------------

    @abstractmethod
    def _heard_from(self, peer: str) -> TokenBucket:
        """Note that ``peer`` was heard now; the rate limit its message takes from."""
        raise NotImplementedError

    @abstractmethod
    def _undecodable(self, peer: str, e: ProtocolError) -> None:
        """A text from ``peer`` that is no message was refused (and said so locally)."""
        raise NotImplementedError

    @abstractmethod
    def _message(self, peer: str, msg: dict[str, Any], text: str) -> None:
        """A decoded message (not a resend request) from ``peer``."""
        raise NotImplementedError

    @abstractmethod
    def _resend(self, peer: str, start: int) -> None:
        """``peer`` asks for this side's messages from number ``start`` on."""
        raise NotImplementedError

    @abstractmethod
    def _reply_to(self, peer: str) -> str:
        """The link a word to ``peer`` goes on."""
        raise NotImplementedError

    @abstractmethod
    def _emit(self, t: str, seat: int, body: dict[str, Any]) -> str:
        """Number, keep and send a message of this peer's ``seat``; its text."""
        raise NotImplementedError

    @abstractmethod
    def _applies_own(self, t: str) -> bool:
        """Whether this peer applies its own message of type ``t`` when it sends it."""
        raise NotImplementedError

    @abstractmethod
    def _apply(self, seat: int, m: dict[str, Any], own: bool = False) -> None:
        raise NotImplementedError

    @abstractmethod
    def _owe(self) -> bool:
        raise NotImplementedError

    # -- receiving ----------------------------------------------------------------

    def _may_resend(self, holder: Any, start: int, end: int) -> bool:
        """Whether a request to resend this side's messages ``start`` to ``end`` (not
        included: all it has) is answered: not when the last resend, less than
        ``RESEND_EVERY`` ago, held message ``start`` (it is on its way and answers
        this one too), so a flood of requests costs one resend a ``RESEND_EVERY``,
        never the log once per request. ``holder`` (a host's ``Link``, or the guest
        itself) keeps the last one."""
        recent = 0 <= self.now - holder.resent_at < RESEND_EVERY
        if recent and holder.resent_from <= start < holder.resent_to:
            return False
        holder.resent_from, holder.resent_to, holder.resent_at = start, end, self.now
        return True

    def _flooding(self, peer: str) -> None:
        """``peer``'s message was refused for flooding (the host counts them; a guest
        hears only the host, whose flood it refuses and nothing more)."""
        return

    def _raw(self, t: str, **body: Any) -> str:
        """An unnumbered message (a resend request, a refusal, a hello)."""
        return encode(t, 0, max(self.seat, 0), **body)

    def _refuse(self, peer: str, e: ProtocolError) -> None:
        self.out.append(Refused(peer, e.code, e.params))

    def _received(self, peer: str, text: str) -> None:
        bucket = self._heard_from(peer)
        if not bucket.take(self.now):
            self._refuse(peer, ProtocolError(Refusal.FLOOD, peer=peer))
            self._flooding(peer)
            return
        try:
            msg = decode(text)
        except ProtocolError as e:
            self._refuse(peer, e)
            self._undecodable(peer, e)
            return
        if not self._within_budget(peer, msg["t"]):
            self._refuse(peer, ProtocolError(Refusal.FLOOD, peer=peer))
            self._flooding(peer)
            return
        try:
            if msg["t"] == "nack":
                self._resend(peer, msg["from_seq"])
            else:
                self._message(peer, msg, text)
        except ProtocolError as e:
            self._refuse(peer, e)
        except (ValueError, KeyError, IndexError, TypeError) as e:
            # a message the checks above should have refused: refuse it, never crash
            # the page (the property test hunts for these)
            self._refuse(peer, ProtocolError(Refusal.MALFORMED, why=type(e).__name__))

    def _within_budget(self, peer: str, kind: str) -> bool:
        """Whether ``peer``'s message of ``kind`` is within its kind's budget
        (``KIND_BUDGETS``; the kinds not named there have only the whole rate limit)."""
        budget = KIND_BUDGETS.get(kind)
        if budget is None:
            return True
        key = f"{peer} {kind}"
        bucket = self.kind_buckets.get(key)
        if bucket is None:
            bucket = self.kind_buckets[key] = TokenBucket(*budget)
        return bucket.take(self.now)

    def _told_refused(self, peer: str, msg: dict[str, Any]) -> None:
        """The other side refused one of our messages: say so (code and parameters)."""
        known = msg["code"] in Refusal._value2member_map_
        code = Refusal(msg["code"]) if known else Refusal.MALFORMED
        self.out.append(Refused(peer, code, {"theirs": True, **dict(msg["params"])}))

    def _tell_refused(self, peer: str, e: ProtocolError) -> None:
        """Refuse a peer's message and tell it (unnumbered: a refusal is never refused)."""
        self._refuse(peer, e)
        params = {k: v for k, v in e.params.items() if isinstance(v, (int, str, bool))}
        self.out.append(
            Send(self._reply_to(peer), self._raw("refuse", code=e.code.value, params=params))
        )

    # -- saying things ------------------------------------------------------------

    def _say(self, t: str, sender: int, /, **body: Any) -> None:
        """A message from one of this peer's seats: applied here, then sent."""
        self._queue.append((t, sender, body))

    def _flush(self) -> bool:
        if not self._queue:
            return False
        t, seat, body = self._queue.pop(0)
        text = self._emit(t, seat, body)
        if self._applies_own(t):
            self._apply(seat, decode(text), own=True)
        return True

    def _pump(self) -> None:
        """Send what is queued, then what this peer's seats owe, until quiet."""
        for _ in range(10_000):
            if self._flush():
                continue
            if not self._owe():
                return
