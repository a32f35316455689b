"""A peer as JSON and back: the journal's snapshot after an audited deal. Pure.

``encode(peer)`` walks the peer's attributes (whatever a ``peer.Peer`` holds:
no list of fields to keep in step with it) and writes each value with a tag
for its type; ``decode`` rebuilds an equal peer. Engine states are written as
their game records (``thousand.record``) and replayed, shared objects once
(a state the deal's view shares with the peer stays shared), caches not at
all (they are rebuilt when asked). Only the classes named here are made when
decoding, each only with its own fields: a snapshot is untrusted text.

A value of a type this module does not know raises ``SnapshotError`` when
encoding: the journal then simply keeps its events (a new attribute of the
peer costs a bigger journal, never a wrong one).
"""

from __future__ import annotations

import dataclasses
from collections import deque
from enum import Enum
from typing import Any

from ..conventions import Conventions, ConventionsError
from ..record import RecordError, make_record, replay
from ..state import State
from . import audit, events, link, mental, messages, view
from .drbg import Drbg
from .guest import Guest
from .host import Host
from .peer import Peer
from .peer_state import Deal

#: Attributes left out (rebuilt on demand or empty between events).
_SKIP = {
    "Host": {"out", "_queue"},
    "Guest": {"out", "_queue"},
    "DealView": {"_cache", "_applied", "_luck"},
}
_RESET: dict[str, dict[str, Any]] = {
    "Host": {"out": list, "_queue": list},
    "Guest": {"out": list, "_queue": list},
    "DealView": {"_cache": lambda: None, "_applied": lambda: 0, "_luck": lambda: None},
}

#: The classes a snapshot may make, by name.
_CLASSES: dict[str, type] = {
    c.__name__: c
    for c in (
        Host,
        Guest,
        link.Link,
        Deal,
        messages.Inbox,
        messages.TokenBucket,
        audit.DealRecord,
        audit.Finding,
        view.DealView,
        mental.Keys,
    )
}
#: The names snapshots written before the roles were classes of their own give
#: (a peer was one class, its role the ``is_host`` field).
_OLD_NAMES = {"_Link": "Link", "_Deal": "Deal"}
_ENUMS: dict[str, type[Enum]] = {e.__name__: e for e in (events.Stage, messages.Refusal)}
MAX_NODES = 2_000_000


class SnapshotError(ValueError):
    """A peer that cannot be written, or a snapshot that cannot be read."""


def _attrs(obj: Any) -> dict[str, Any]:
    name = type(obj).__name__
    skip = _SKIP.get(name, set())
    return {k: v for k, v in vars(obj).items() if k not in skip}


class _Writer:
    def __init__(self) -> None:
        self.memo: dict[int, int] = {}
        self.keep: list[Any] = []  # keeps memoized objects alive while writing

    def value(self, x: Any) -> Any:
        if x is None or type(x) in (bool, str, int):
            return x  # (a str enum is an enum: below)
        if type(x) is float:
            if x != x or x in (float("inf"), float("-inf")):
                raise SnapshotError("a float that is not finite")
            return x
        if isinstance(x, Enum):
            cls = type(x).__name__
            if cls not in _ENUMS:
                raise SnapshotError(f"an enum of {cls}")
            return {"t": "e", "c": cls, "v": x.value}
        if type(x) is list:
            blanks = 0
            while blanks < len(x) and x[blanks] == "":
                blanks += 1
            if blanks > 4:  # a log's forgotten head
                return {"t": "z", "n": blanks, "v": [self.value(y) for y in x[blanks:]]}
            return [self.value(y) for y in x]
        if type(x) is tuple:
            return {"t": "u", "v": [self.value(y) for y in x]}
        if type(x) in (set, frozenset):
            items = sorted(x, key=repr)
            return {"t": "s" if type(x) is set else "f", "v": [self.value(y) for y in items]}
        if type(x) is deque:
            return {"t": "q", "v": [self.value(y) for y in x]}
        if type(x) is dict:
            return {"t": "d", "v": [[self.value(k), self.value(v)] for k, v in x.items()]}
        if type(x) is Drbg:
            return {"t": "R", "v": list(x.getstate())}
        if type(x) is Conventions:
            return {"t": "C", "v": x.changes()}
        if id(x) in self.memo:
            return {"t": "r", "i": self.memo[id(x)]}
        if type(x) is State:
            out = {"t": "S", "i": self._remember(x), "v": make_record(x)}
            return out
        cls = type(x).__name__
        if _CLASSES.get(cls) is type(x):
            i = self._remember(x)
            return {
                "t": "o",
                "c": cls,
                "i": i,
                "v": {k: self.value(v) for k, v in _attrs(x).items()},
            }
        raise SnapshotError(f"a value of type {cls}")

    def _remember(self, x: Any) -> int:
        i = len(self.memo)
        self.memo[id(x)] = i
        self.keep.append(x)
        return i


class _Reader:
    def __init__(self) -> None:
        self.made: dict[int, Any] = {}
        self.nodes = 0

    def value(self, x: Any) -> Any:
        self.nodes += 1
        if self.nodes > MAX_NODES:
            raise SnapshotError("too many values")
        if x is None or isinstance(x, (bool, str, float)) or type(x) is int:
            return x
        if isinstance(x, list):
            return [self.value(y) for y in x]
        if not isinstance(x, dict) or not isinstance(x.get("t"), str):
            raise SnapshotError("not a snapshot value")
        t, v = x["t"], x.get("v")
        if t == "e":
            enum = _ENUMS.get(x.get("c"))  # type: ignore[arg-type]
            if enum is None:
                raise SnapshotError("an unknown enum")
            return enum(v)
        if t == "r":
            i = x.get("i")
            if type(i) is not int or i not in self.made:
                raise SnapshotError("a reference to nothing")
            return self.made[i]
        if t == "R":
            rng = Drbg(bytes(32))
            rng.setstate(tuple(v) if isinstance(v, list) else v)
            return rng
        if t == "C":
            return Conventions.from_dict(v)
        if t == "S":
            state = replay(v)
            self._made(x, state)
            return state
        if not isinstance(v, (list, dict)):
            raise SnapshotError("not a snapshot value")
        if t == "z":
            n = x.get("n")
            if type(n) is not int or not 0 <= n <= 1_000_000 or not isinstance(v, list):
                raise SnapshotError("a cut list")
            self.nodes += n
            return [""] * n + [self.value(y) for y in v]
        if t == "o":
            return self._object(x)
        if not isinstance(v, list):
            raise SnapshotError("not a snapshot value")
        if t == "u":
            return tuple(self.value(y) for y in v)
        if t in ("s", "f"):
            items = [self.value(y) for y in v]
            return set(items) if t == "s" else frozenset(items)
        if t == "q":
            return deque(self.value(y) for y in v)
        if t == "d":
            out = {}
            for pair in v:
                if not isinstance(pair, list) or len(pair) != 2:
                    raise SnapshotError("a dict entry")
                out[self.value(pair[0])] = self.value(pair[1])
            return out
        raise SnapshotError(f"an unknown tag {t[:8]!r}")

    def _made(self, x: dict[str, Any], obj: Any) -> None:
        i = x.get("i")
        if type(i) is not int or i in self.made:
            raise SnapshotError("an object's number")
        self.made[i] = obj

    def _object(self, x: dict[str, Any]) -> Any:
        name, fields = x.get("c"), x["v"]
        if isinstance(name, str) and isinstance(fields, dict):
            name = _OLD_NAMES.get(name, name)
            if name == "Peer":
                name = "Host" if fields.get("is_host") is True else "Guest"
        cls = _CLASSES.get(name) if isinstance(name, str) else None
        if cls is None or not isinstance(fields, dict):
            raise SnapshotError("an unknown class")
        assert isinstance(name, str)
        obj: Any = object.__new__(cls)
        self._made(x, obj)
        if dataclasses.is_dataclass(cls):
            allowed = {f.name for f in dataclasses.fields(cls)}
        else:  # a peer: the attributes a new one has, whatever they are
            allowed = set(vars(Guest("x", Drbg(bytes(32)))))
        allowed -= _SKIP.get(name, set())
        if set(fields) != allowed:
            raise SnapshotError(f"the fields of a {name}")
        for k, v in fields.items():
            object.__setattr__(obj, k, self.value(v))
        for k, make in _RESET.get(name, {}).items():
            object.__setattr__(obj, k, make())
        return obj


def encode(peer: Peer) -> dict[str, Any]:
    """The peer as JSON-ready data (``SnapshotError``: a value it cannot write)."""
    if peer._queue:
        raise SnapshotError("the peer is in the middle of an event")
    out = _Writer().value(peer)
    assert isinstance(out, dict)
    return out


def decode(data: Any) -> Peer:
    """The peer ``encode`` wrote; ``SnapshotError`` when the data is not one."""
    try:
        peer = _Reader().value(data)
    except SnapshotError:
        raise
    except (RecordError, ConventionsError) as e:
        raise SnapshotError(f"a game record: {str(e)[:80]}") from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError) as e:
        raise SnapshotError(type(e).__name__) from None
    if not isinstance(peer, Peer) or type(peer) not in (Host, Guest):
        raise SnapshotError("not a peer")
    if peer.is_host is not (type(peer) is Host):
        raise SnapshotError("not a peer")
    fresh = Guest("x", Drbg(bytes(32)))
    for k, v in vars(fresh).items():  # each attribute of the type a new peer's has
        if v is not None and k not in _SKIP["Guest"] and type(getattr(peer, k)) is not type(v):
            raise SnapshotError(f"the peer's {k}")
    return peer
