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
>>> from .events import Start
>>> outs = j.step(peer, Start())
>>> again = Journal.from_data(j.to_data()).rebuild()
>>> again.token == peer.token and again.log == peer.log
True

Events: ``["c", peer]`` Connected, ``["d", peer]`` Dropped, ``["r", peer, text]``
Received, ``["f", peer]`` a received message that only took a rate-limit token
(a duplicate, a replay of an old number, a flood: kept short), ``["a", action,
seat, [deal, n] | null]`` LocalAction, ``["s"]`` Start, ``["t", now]`` Tick
(consecutive ticks kept as the last one), ``["n", name]`` the guest renamed
before being seated, ``["x", kind]`` an event of a kind this module does not
know (refused at rebuild: teach ``encode_event``/``decode_event`` new events).

Size: a guest keeps every message of the host's log, the host its guests'
(tens of KB a deal), so after every audited deal the journal is compacted to
a snapshot of the peer (``Journal.compact``); ``bench/net_journal.py`` measures
a whole game's journal.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from typing import Any

from .. import safejson
from ..conventions import Conventions, ConventionsError
from ..fair import HEX64
from .drbg import Drbg, new_seed
from .events import (
    BUILD,
    AnswerUndo,
    AskUndo,
    Connected,
    DealAudited,
    Dropped,
    EndGame,
    Event,
    GoOnWithout,
    LocalAction,
    Output,
    Received,
    Refused,
    Start,
    TakeSeat,
    Tick,
)
from .guest import Guest
from .host import Host
from .messages import MAX_NAME, MAX_TEXT, ProtocolError, Refusal, decode
from .peer import Peer
from .peer_state import Resume
from .snapshot import SnapshotError
from .snapshot import decode as decode_peer
from .snapshot import encode as encode_peer

FORMAT = "thousand-net-journal"
#: 2: the group is RFC 3526's 1536-bit one (a journal of version 1 holds keys and
#: messages of the earlier 1024-bit group, which no page can go on with).
VERSION = 2
#: The most events a journal may hold (a long 4-player game has ~100 000).
MAX_EVENTS = 400_000
#: The most characters of message text a journal may hold.
MAX_CHARS = 40_000_000
MAX_PEER = 64  # characters of a link's name
VERIFY = 8  # every how many compactions one is read back before it is used
MAX_DEPTH = 40  # the deepest nesting of a journal's JSON (its snapshot's objects)
MAX_SNAPSHOT = 1_500_000  # characters of a snapshot (the page stores up to 2 MB a key)
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
    if isinstance(ev, TakeSeat):
        return ["k", ev.seat]
    if isinstance(ev, EndGame):
        return ["e"]
    if isinstance(ev, GoOnWithout):
        return ["o", ev.seat]
    if isinstance(ev, AskUndo):
        return ["u", ev.seat]
    if isinstance(ev, AnswerUndo):
        return ["v", ev.seat, ev.yes]
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
    if k in ("k", "u") and n == 2 and _int(x[1], 0, 3):
        return TakeSeat(x[1]) if k == "k" else AskUndo(x[1])
    if k == "e" and n == 1:
        return EndGame()
    if k == "o" and n == 2 and _int(x[1], 0, 3):
        return GoOnWithout(x[1])
    if k == "v" and n == 3 and _int(x[1], 0, 3) and type(x[2]) is bool:
        return AnswerUndo(x[1], x[2])
    if k == "t" and n == 2 and type(x[1]) in (int, float) and 0 <= x[1] < 1e12:
        return Tick(float(x[1]))  # (NaN fails the range; infinity too)
    if k == "n" and n == 2 and isinstance(x[1], str) and 0 < len(x[1]) <= MAX_NAME:
        return x[1]
    if k == "x" and n == 2 and isinstance(x[1], str):
        raise JournalError("replay", f"an event the journal cannot replay ({x[1][:40]})")
    raise bad


class Journal:
    """How a peer was made and what it handled; ``step`` feeds the peer and records.

    After every audited deal the journal is compacted: a snapshot of the peer
    (``thousand.net.snapshot``) replaces the events so far, so it holds about
    one deal of messages, and a reload replays at most that.
    """

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
        self.snapshot: dict[str, Any] | None = None
        self.marks: dict[str, Any] = {}  # sequence numbers at the last snapshot
        self.events: list[list[Any]] = []
        self.chars = 0  # message text held
        self.compactions = 0
        self._chain(None)

    # -- the peer ----------------------------------------------------------------

    def new_peer(self) -> Peer:
        """The peer as it was made (before any event), or as its snapshot holds it;
        ``JournalError`` when the arguments cannot make one."""
        if self.snapshot is not None:
            try:
                return decode_peer(self.snapshot)
            except SnapshotError as e:
                raise JournalError("field", f"snapshot: {str(e)[:80]}") from None
        rng = Drbg(self.seed)
        if self.role == "guest":
            return Guest(self.name, rng, self.build)
        try:
            conv = Conventions.from_dict(self.conventions)
            return Host(self.name, conv, rng, self.build)
        except ConventionsError as e:
            raise JournalError("field", f"conventions: {str(e)[:80]}") from None
        except ProtocolError as e:
            raise JournalError("field", f"conventions: {e.params.get('what', '')}") from None

    def step(self, peer: Peer, event: Event) -> list[Output]:
        """Apply ``event`` to ``peer`` (made by this journal) and record it."""
        outs = peer.handle(event)
        self.record(event, outs, peer)
        return outs

    def rename(self, peer: Peer, name: str) -> None:
        """A guest not yet seated changed its name (said in its hello)."""
        peer.name = name[:MAX_NAME]
        self.events.append(["n", peer.name])

    def record(self, event: Event, outs: list[Output], peer: Peer | None = None) -> None:
        """Add ``event`` (which the peer answered with ``outs``) to the journal; with
        the ``peer``, compact after an audited deal."""
        if isinstance(event, Tick):
            if self.events and self.events[-1][0] == "t":
                self.events[-1] = ["t", event.now]  # a later tick covers the last
            else:
                self.events.append(["t", event.now])
            return
        if isinstance(event, Received) and _only_a_token(event, outs):
            self.events.append(["f", event.peer])  # only a rate-limit token was spent
            return
        try:
            data = encode_event(event)
        except TypeError:  # an event this module does not know yet: say so at rebuild
            data = ["x", type(event).__name__[:40]]
        if isinstance(event, Received):
            self.chars += len(event.text)
        self.events.append(data)
        if peer is not None and any(isinstance(o, DealAudited) for o in outs):
            self.compact(peer)

    def compact(self, peer: Peer) -> bool:
        """Replace the events with a snapshot of ``peer`` (True: done). What no page
        can ask for again is forgotten first, in the peer too: the host's log and a
        guest's sent messages below the numbers of the last snapshot (a deal ago:
        every page has them, as the deal since could not be audited without every
        seat's reveal), and the duplicate check's memory of them."""
        marks = {
            "log": len(peer.log),
            "out": len(peer.out_log),
            "in": peer.inbox.expected,
            "links": {k: v.inbox.expected for k, v in peer.links.items()},
        }
        if self.marks and not peer.taken:  # a person away keeps the log: they catch up on it
            _forget(peer.log, self.marks["log"])
            _forget(peer.out_log, self.marks["out"])
            _trim(peer.inbox.seen, self.marks["in"])
            for k, link in peer.links.items():
                _trim(link.inbox.seen, self.marks["links"].get(k, 0))
        try:
            text = json.dumps(encode_peer(peer))
            snap = safejson.loads(text, max_bytes=MAX_SNAPSHOT, max_depth=MAX_DEPTH)
            # the first snapshot, and every VERIFY-th, must read back to the same peer
            # or it is not used (reading replays the game's records: the costly part)
            if self.compactions % VERIFY == 0 and encode_peer(decode_peer(snap)) != snap:
                return False
        except Exception:  # compacting is a saving, never a reason to stop
            return False
        self.snapshot, self.marks = snap, marks
        self.events, self.chars = [], 0
        self.compactions += 1
        self._chain(snap)
        return True

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
            if progress is not None and i % 100 == 0:
                progress(i, total)
        # the bots asked for before the reload never answered: ask again
        peer.asked.clear()
        try:  # what the page asks of its peer (a sealed but strange journal fails here)
            peer.version(), peer.to_act(), peer.record(), peer.players
            for seat in sorted(peer.local):
                peer.observation(seat)
        except Exception as e:
            raise JournalError("replay", f"the rebuilt peer: {type(e).__name__}") from None
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
            "marks": self.marks,
        }

    def _chain(self, snap: Any) -> None:
        """Start the seal's chain: the head and the snapshot (events are folded in
        one by one as they become final, so sealing costs little per event)."""
        mac = hmac.new(bytes.fromhex(self.seed), _canon(self._head()), hashlib.sha256)
        mac.update(_canon(snap))
        self._h = mac.digest()
        self._folded = 0

    def check(self) -> str:
        """The journal's seal: HMAC-SHA256 under its seed of everything else (a
        journal cut short or edited by hand no longer matches)."""
        final = len(self.events) - 1  # the last event may still change (a tick)
        while self._folded < final:
            self._h = hashlib.sha256(self._h + _canon(self.events[self._folded])).digest()
            self._folded += 1
        mac = hmac.new(bytes.fromhex(self.seed), self._h, hashlib.sha256)
        mac.update(str(len(self.events)).encode())
        if self.events:
            mac.update(_canon(self.events[-1]))
        return mac.hexdigest()

    def to_data(self) -> dict[str, Any]:
        """The journal as JSON-ready data (``from_data`` reads it back)."""
        return {
            **self._head(),
            "snapshot": self.snapshot,
            "events": self.events,
            "check": self.check(),
        }

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
        snap, marks = data.get("snapshot"), data.get("marks")
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
        if snap is not None and not isinstance(snap, dict):
            raise JournalError("field", "snapshot")
        if not _marks_ok(marks):
            raise JournalError("field", "marks")
        if len(events) > MAX_EVENTS:
            raise JournalError("size", f"more than {MAX_EVENTS} events")
        j = cls(role, name, seed, conv, build)
        for x in events:
            ev = decode_event(x)  # the shape of each, before anything replays
            if isinstance(ev, Received):
                j.chars += len(ev.text)
        if j.chars > MAX_CHARS:
            raise JournalError("size", f"more than {MAX_CHARS} characters of messages")
        j.snapshot, j.marks = snap, marks if isinstance(marks, dict) else {}
        j._chain(snap)
        j.events = list(events)
        got = data.get("check")
        if not isinstance(got, str) or not hmac.compare_digest(got, j.check()):
            raise JournalError("check", "the journal was cut short or changed")
        return j


def _only_a_token(event: Received, outs: list[Output]) -> bool:
    """Whether a message received changed nothing but the rate limit (and the time
    its link was last heard): not even a message (junk a hostile peer may send at
    full rate), or refused as a duplicate, an old number or a flood (but the other
    side's ``refuse``, which may stop us)."""
    if len(outs) != 1 or not isinstance(outs[0], Refused):
        return False
    try:
        msg = decode(event.text)
    except ProtocolError:
        return True
    return outs[0].code in _NO_CHANGE and msg["t"] != "refuse"


def _forget(texts: list[str], below: int) -> None:
    for i in range(min(below, len(texts)) - 1, -1, -1):
        if texts[i] == "":
            break  # forgotten at an earlier snapshot, and everything before it
        texts[i] = ""


def _trim(seen: dict[int, Any], below: int) -> None:
    for k in [k for k in seen if k < below]:
        del seen[k]


def _marks_ok(m: Any) -> bool:
    if m == {}:
        return True
    if not isinstance(m, dict) or set(m) != {"log", "out", "in", "links"}:
        return False
    nums = [m["log"], m["out"], m["in"]]
    links = m["links"]
    if not isinstance(links, dict) or len(links) > 8:
        return False
    nums += list(links.values())
    return all(_link(k) for k in links) and all(_int(x, 0, MAX_EVENTS * 4) for x in nums)


def start_host(
    name: str,
    conventions: Conventions,
    seed: str | None = None,
    build: str = BUILD,
    resume: Resume | None = None,
) -> tuple[Peer, Journal]:
    """A host's peer on a ``Drbg`` and its journal (``ValueError`` for conventions
    online play cannot run yet). ``resume``: host a game anew (``Host``); the
    journal then starts from a snapshot of the new peer (its construction holds
    the game so far)."""
    j = Journal("host", name[:MAX_NAME], seed or new_seed(), conventions.changes(), build)
    rng = Drbg(j.seed)
    peer = Host(j.name, conventions, rng, build, resume=resume)
    if resume is not None:
        _start_from_snapshot(j, peer)
    return peer, j


def start_guest(
    name: str, seed: str | None = None, build: str = BUILD, resume: Resume | None = None
) -> tuple[Peer, Journal]:
    """A guest's peer on a ``Drbg`` and its journal. ``resume``: rejoin a game hosted
    anew (``Guest``), the journal starting from a snapshot of the new peer."""
    j = Journal("guest", name[:MAX_NAME], seed or new_seed(), None, build)
    peer = Guest(j.name, Drbg(j.seed), build, resume=resume)
    if resume is not None:
        _start_from_snapshot(j, peer)
    return peer, j


def _start_from_snapshot(j: Journal, peer: Peer) -> None:
    if not j.compact(peer):
        raise JournalError("field", "the resumed peer cannot be written")


def rebuild(data: Any) -> tuple[Peer, Journal]:
    """The peer a stored journal describes, and the journal to go on recording in;
    ``JournalError`` when it cannot be used (never another exception)."""
    try:
        j = Journal.from_data(data)
        return j.rebuild(), j
    except JournalError:
        raise
    except Exception as e:
        raise JournalError("replay", type(e).__name__) from None
