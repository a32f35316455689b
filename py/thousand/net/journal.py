"""A peer's journal: everything needed to rebuild it after a page reload. Pure.

A ``Peer`` is a deterministic function of how it was made (host or guest, the
name, the host's conventions, the build), its entropy and the events it
handled. With the entropy a ``Drbg`` (``thousand.net.drbg``), its seed is
enough: the journal keeps the seed, the construction arguments and every
event as JSON-safe data, and ``Journal.rebuild`` replays them into a peer with
the same keys, shuffles, proofs, logs and sequence numbers, which the runner
then reconnects (a guest says ``hello`` with its old token and ``have``; the
host resends its log from there).

The journal holds the seed, so it holds the deal's secret keys: it is as
private as the page's own memory (the page keeps it in its own storage,
never sends it).

>>> from thousand import Conventions
>>> peer, j = start_host("Ann", Conventions(), seed="ab" * 32)
>>> from .session import Start
>>> outs = j.step(peer, Start())
>>> again = Journal.from_data(j.to_data()).rebuild()
>>> again.token == peer.token and again.log == peer.log
True

Events: ``["c", peer]`` Connected, ``["d", peer]`` Dropped, ``["r", peer, text]``
Received, ``["f", peer]`` a received message that only took a rate-limit token
(a duplicate, a replay of an old number, a flood: kept short), ``["a", action,
seat, [deal, n] | null]`` LocalAction, ``["s"]`` Start, ``["t", now]`` Tick
(consecutive ticks kept as the last one), ``["n", name]`` the guest renamed
before being seated.

Size: a guest keeps every message of the host's log (the host only its
guests' messages); ``bench/net_journal.py`` measures a whole game's journal.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import math
from collections.abc import Callable
from typing import Any

from ..conventions import Conventions, ConventionsError
from ..fair import HEX64
from .drbg import Drbg, new_seed
from .messages import MAX_NAME, MAX_TEXT, ProtocolError, Refusal
from .session import (
    BUILD,
    Connected,
    Dropped,
    Event,
    LocalAction,
    Output,
    Peer,
    Received,
    Refused,
    Start,
    Tick,
)

FORMAT = "thousand-net-journal"
VERSION = 1
#: The most events a journal may hold (a long 4-player game has ~100 000).
MAX_EVENTS = 400_000
#: The most characters of message text a journal may hold.
MAX_CHARS = 40_000_000
MAX_PEER = 64  # characters of a link's name
MAX_BUILD = 64

# Refusals that leave the peer as it was, but for the rate limit's token.
_NO_CHANGE = frozenset({Refusal.DUPLICATE, Refusal.REPLAY, Refusal.TOO_BIG, Refusal.FLOOD})


class JournalError(ValueError):
    """A journal that cannot be used: ``code`` (``format``, ``version``, ``field``,
    ``check``, ``size``, ``replay``) and a short reason."""

    def __init__(self, code: str, why: str) -> None:
        super().__init__(f"{code}: {why}")
        self.code = code
        self.why = why


def _canon(x: Any) -> bytes:
    return json.dumps(x, ensure_ascii=False, separators=(",", ":"), sort_keys=True).encode()


def _link(x: Any) -> bool:
    return isinstance(x, str) and 0 < len(x) <= MAX_PEER


def _int(x: Any, lo: int, hi: int) -> bool:
    return type(x) is int and lo <= x <= hi


def encode_event(ev: Event) -> list[Any]:
    """A peer's event as JSON-safe data."""
    if isinstance(ev, Connected):
        return ["c", ev.peer]
    if isinstance(ev, Dropped):
        return ["d", ev.peer]
    if isinstance(ev, Received):
        return ["r", ev.peer, ev.text]
    if isinstance(ev, LocalAction):
        return ["a", ev.action, ev.seat, None if ev.version is None else list(ev.version)]
    if isinstance(ev, Start):
        return ["s"]
    if isinstance(ev, Tick):
        return ["t", ev.now]
    raise TypeError(f"not a peer event: {ev!r}")


def decode_event(x: Any) -> Event | str:
    """The event of ``encode_event``'s data (a rename: the name as a str);
    ``JournalError`` for anything else."""
    bad = JournalError("field", "an event is not one")
    if not isinstance(x, list) or not x or not isinstance(x[0], str):
        raise bad
    k, n = x[0], len(x)
    if k in ("c", "d", "f") and n == 2 and _link(x[1]):
        if k == "f":
            return Received(x[1], "")
        return Connected(x[1]) if k == "c" else Dropped(x[1])
    if k == "r" and n == 3 and _link(x[1]) and isinstance(x[2], str) and len(x[2]) <= MAX_TEXT:
        return Received(x[1], x[2])
    if k == "a" and n == 4 and _int(x[1], 0, 1 << 16) and _int(x[2], 0, 3):
        v = x[3]
        if v is None:
            return LocalAction(x[1], x[2], None)
        if isinstance(v, list) and len(v) == 2 and all(_int(y, 0, 10_000) for y in v):
            return LocalAction(x[1], x[2], (v[0], v[1]))
    if k == "s" and n == 1:
        return Start()
    if k == "t" and n == 2 and type(x[1]) in (int, float) and math.isfinite(x[1]):
        if 0 <= x[1] < 1e12:
            return Tick(float(x[1]))
    if k == "n" and n == 2 and isinstance(x[1], str) and 0 < len(x[1]) <= MAX_NAME:
        return x[1]
    raise bad


class Journal:
    """How a peer was made and what it handled; ``step`` feeds the peer and records."""

    def __init__(
        self,
        role: str,
        name: str,
        seed: str,
        conventions: dict[str, Any] | None = None,
        build: str = BUILD,
    ) -> None:
        self.role = role
        self.name = name
        self.seed = seed
        self.conventions = dict(conventions or {})
        self.build = build
        self.events: list[list[Any]] = []
        self.chars = 0  # message text held

    # -- the peer ----------------------------------------------------------------

    def new_peer(self) -> Peer:
        """The peer as it was made (before any event); ``JournalError`` when the
        arguments cannot make one."""
        rng = Drbg(self.seed)
        if self.role == "guest":
            return Peer.guest(self.name, rng, self.build)
        try:
            conv = Conventions.from_dict(self.conventions)
            return Peer.host(self.name, conv, rng, self.build)
        except ConventionsError as e:
            raise JournalError("field", f"conventions: {str(e)[:80]}") from None
        except ProtocolError as e:
            raise JournalError("field", f"conventions: {e.params.get('what', '')}") from None

    def step(self, peer: Peer, event: Event) -> list[Output]:
        """Apply ``event`` to ``peer`` (made by this journal) and record it."""
        outs = peer.handle(event)
        self.record(event, outs)
        return outs

    def rename(self, peer: Peer, name: str) -> None:
        """A guest not yet seated changed its name (said in its hello)."""
        peer.name = name[:MAX_NAME]
        self.events.append(["n", peer.name])

    def record(self, event: Event, outs: list[Output]) -> None:
        """Add ``event`` (which the peer answered with ``outs``) to the journal."""
        if isinstance(event, Tick):
            if self.events and self.events[-1][0] == "t":
                self.events[-1] = ["t", event.now]  # a later tick covers the last
            else:
                self.events.append(["t", event.now])
            return
        if (
            isinstance(event, Received)
            and len(outs) == 1
            and isinstance(outs[0], Refused)
            and outs[0].code in _NO_CHANGE
            and "theirs" not in outs[0].params  # the other side's refusal may stop us
        ):
            self.events.append(["f", event.peer])  # only a rate-limit token was spent
            return
        data = encode_event(event)
        if isinstance(event, Received):
            self.chars += len(event.text)
        self.events.append(data)

    def rebuild(self, progress: Callable[[int, int], None] | None = None) -> Peer:
        """A new peer with every event replayed: the same as the journal's peer (but
        for its poll timers). ``JournalError`` when the journal cannot make one."""
        peer = self.new_peer()
        total = len(self.events)
        for i, x in enumerate(self.events):
            ev = decode_event(x)
            try:
                if isinstance(ev, str):
                    peer.name = ev
                else:
                    peer.handle(ev)
            except Exception as e:  # a journal is untrusted text: never a traceback
                raise JournalError("replay", f"event {i}: {type(e).__name__}") from None
            if progress is not None and i % 500 == 0:
                progress(i, total)
        # the bots asked for before the reload never answered: ask again
        peer.asked.clear()
        return peer

    # -- storage -------------------------------------------------------------------

    def _head(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "role": self.role,
            "name": self.name,
            "seed": self.seed,
            "conventions": self.conventions,
            "build": self.build,
        }

    def check(self) -> str:
        """The journal's seal: HMAC-SHA256 under its seed of everything else (a
        journal cut short or edited by hand no longer matches)."""
        mac = hmac.new(bytes.fromhex(self.seed), _canon(self._head()), hashlib.sha256)
        mac.update(str(len(self.events)).encode())
        for x in self.events:
            mac.update(b"\n")
            mac.update(_canon(x))
        return mac.hexdigest()

    def to_data(self) -> dict[str, Any]:
        """The journal as JSON-ready data (``from_data`` reads it back)."""
        return {**self._head(), "events": self.events, "check": self.check()}

    @classmethod
    def from_data(cls, data: Any) -> Journal:
        """A journal from parsed JSON (untrusted: every field checked, the seal too);
        ``JournalError`` says why one cannot be used."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise JournalError("format", "not a journal of an online game")
        if type(data.get("version")) is not int or data["version"] != VERSION:
            raise JournalError("version", "a journal of another version")
        role, name, seed = data.get("role"), data.get("name"), data.get("seed")
        conv, build, events = data.get("conventions"), data.get("build"), data.get("events")
        if role not in ("host", "guest"):
            raise JournalError("field", "role")
        if not isinstance(name, str) or not 0 < len(name) <= MAX_NAME:
            raise JournalError("field", "name")
        if not isinstance(seed, str) or not HEX64.fullmatch(seed):
            raise JournalError("field", "seed")
        if not isinstance(conv, dict) or (role == "guest" and conv):
            raise JournalError("field", "conventions")
        if not isinstance(build, str) or not 0 < len(build) <= MAX_BUILD:
            raise JournalError("field", "build")
        if not isinstance(events, list):
            raise JournalError("field", "events")
        if len(events) > MAX_EVENTS:
            raise JournalError("size", f"more than {MAX_EVENTS} events")
        j = cls(role, name, seed, conv, build)
        for x in events:
            ev = decode_event(x)  # the shape of each, before anything replays
            if isinstance(ev, Received):
                j.chars += len(ev.text)
        if j.chars > MAX_CHARS:
            raise JournalError("size", f"more than {MAX_CHARS} characters of messages")
        j.events = list(events)
        got = data.get("check")
        if not isinstance(got, str) or not hmac.compare_digest(got, j.check()):
            raise JournalError("check", "the journal was cut short or changed")
        return j


def start_host(
    name: str, conventions: Conventions, seed: str | None = None, build: str = BUILD
) -> tuple[Peer, Journal]:
    """A host's peer on a ``Drbg`` and its journal (``ValueError`` for conventions
    online play cannot run yet)."""
    j = Journal("host", name[:MAX_NAME], seed or new_seed(), conventions.changes(), build)
    rng = Drbg(j.seed)
    return Peer.host(j.name, conventions, rng, build), j


def start_guest(name: str, seed: str | None = None, build: str = BUILD) -> tuple[Peer, Journal]:
    """A guest's peer on a ``Drbg`` and its journal."""
    j = Journal("guest", name[:MAX_NAME], seed or new_seed(), None, build)
    return Peer.guest(j.name, Drbg(j.seed), build), j


def rebuild(data: Any) -> tuple[Peer, Journal]:
    """The peer a stored journal describes, and the journal to go on recording in;
    ``JournalError`` when it cannot be used (never another exception)."""
    try:
        j = Journal.from_data(data)
        return j.rebuild(), j
    except JournalError:
        raise
    except Exception as e:  # noqa: BLE001 (untrusted data: refuse, never crash)
        raise JournalError("replay", type(e).__name__) from None
