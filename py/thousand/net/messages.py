"""The wire protocol between peers: versioned JSON, size-capped, schema-checked.

Every message is one JSON object ``{"v": 2, "t": "<type>", "seq": n, "from": seat,
...}`` of at most ``MAX_TEXT`` characters. ``decode`` checks the size, the
version, the type and every field (type, range, allowed keys) before anything
reads it; a message that fails raises ``ProtocolError`` with a ``Refusal`` code
and parameters, never prose (the page words codes from its catalogue;
``TEXTS`` holds the English fallback for the CLI and tests).

>>> text = encode("claim", seq=3, sender=1, deal=1, why="")
>>> decode(text)
{'v': 2, 't': 'claim', 'seq': 3, 'from': 1, 'deal': 1, 'why': ''}
>>> decode('{"v": 1, "t": "claim"}')
Traceback (most recent call last):
thousand.net.messages.ProtocolError: wrong_version {'ours': 2, 'theirs': 1}
>>> bucket = TokenBucket(rate=1.0, burst=2.0)
>>> [bucket.take(0.0) for _ in range(3)]
[True, True, False]
>>> bucket.take(1.0)
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ..safejson import loads

PROTOCOL = 2  # the "v" of every message; a peer on another one is refused (WRONG_VERSION)
MAX_TEXT = 64 * 1024  # characters of one message's text
MAX_NAME = 20  # a player's name (the page escapes it)
MAX_HEX = 1024  # hex digits of one group element or exponent (a 4096-bit number)


class Refusal(StrEnum):
    """Why a peer's message (or a local request) was refused: the page's catalogue keys."""

    MALFORMED = "malformed"  # not JSON, a missing or extra field, a wrong type or range
    TOO_BIG = "too_big"  # more than MAX_TEXT characters
    WRONG_VERSION = "wrong_version"  # another protocol version or build
    OUT_OF_TURN = "out_of_turn"  # not this seat's turn, or not this phase's message
    ILLEGAL = "illegal"  # the engine (or its public part) refuses the action
    DUPLICATE = "duplicate"  # a message received before (same sequence number, same text)
    REPLAY = "replay"  # an old sequence number with other text, or an old action again
    FLOOD = "flood"  # more messages than the rate limit allows
    BAD_PROOF = "bad_proof"  # a decryption share or card proof that does not check
    CHEAT = "cheat"  # the audit found a lie (a finding names the seat and the action)
    UNKNOWN_PEER = "unknown_peer"  # a message from a peer that has not said hello
    TABLE_FULL = "table_full"  # no seat left for a newcomer
    UNSUPPORTED = "unsupported"  # conventions online play does not support yet
    STALE = "stale"  # a message for a deal that is over
    NOT_NOW = "not_now"  # a local action while it is not this page's turn
    OTHER_GAME = "other_game"  # a game hosted anew: a hello for another game, seat or name
    HISTORY = "history"  # a game hosted anew: its audited deals differ from this page's


# English fallback texts, one per code, for the CLI and tests (the page has its own).
TEXTS: dict[Refusal, str] = {
    Refusal.MALFORMED: "a message that is not in the protocol's shape ({why})",
    Refusal.TOO_BIG: "a message of {size} characters (at most {limit})",
    Refusal.WRONG_VERSION: "another version: ours {ours}, theirs {theirs}",
    Refusal.OUT_OF_TURN: "out of turn: seat {seat} sent {what}",
    Refusal.ILLEGAL: "an illegal action {action} from seat {seat}",
    Refusal.DUPLICATE: "message {seq} received twice",
    Refusal.REPLAY: "an old message {seq} sent again",
    Refusal.FLOOD: "too many messages from {peer}",
    Refusal.BAD_PROOF: "a proof that does not check from seat {seat} ({what})",
    Refusal.CHEAT: "seat {seat} cheated in deal {deal}: {what}",
    Refusal.UNKNOWN_PEER: "a message from {peer}, who has not joined",
    Refusal.TABLE_FULL: "the table is full",
    Refusal.UNSUPPORTED: "online play does not support {what} yet",
    Refusal.STALE: "a message for deal {deal}, now deal {now}",
    Refusal.NOT_NOW: "not now: {what}",
    Refusal.OTHER_GAME: "not a player of this game ({why})",
    Refusal.HISTORY: "the new host's record of the first {deals} deals is not ours ({why})",
}


class ProtocolError(ValueError):
    """A refused message: a ``Refusal`` code and its parameters (no prose)."""

    def __init__(self, code: Refusal, **params: Any) -> None:
        super().__init__(code.value, params)
        self.code = code
        self.params = params

    def __str__(self) -> str:
        return f"{self.code.value} {self.params}"

    def text(self) -> str:
        """The English fallback (CLI, tests)."""
        return describe(self.code, self.params)


def describe(code: Refusal, params: Mapping[str, Any]) -> str:
    """``TEXTS[code]`` filled with ``params`` (missing ones shown as ``?``)."""

    class _Missing(dict[str, Any]):
        def __missing__(self, key: str) -> str:
            return "?"

    return TEXTS[code].format_map(_Missing(params))


# -- the schema --------------------------------------------------------------------

# A field's spec: ("int", lo, hi) | ("str", max_len) | ("hex", max_len) | ("bool",)
# | ("list", item_spec, max_len) | ("pair", spec_a, spec_b) | ("obj",)  (a JSON object,
# checked by its reader) ; a name ending in "?" is optional.
Spec = tuple[Any, ...]
SEAT: Spec = ("int", 0, 3)
DEAL: Spec = ("int", 1, 10_000)
HEX: Spec = ("hex", MAX_HEX)
POS: Spec = ("int", 0, 23)
PROOF: Spec = ("pair", HEX, HEX)

SCHEMAS: dict[str, dict[str, Spec]] = {
    # guest -> host: join (resume: the token of a seat held before and the last host
    # message received, to rejoin after a drop)
    "hello": {
        "name": ("str", MAX_NAME),
        "build": ("str", 40),
        "token": ("hex", 32),
        "have?": ("int", 0, 1 << 40),
        # rejoining a game hosted anew: its id, the seat held, the deals audited
        "game?": ("hex", 32),
        "seat?": SEAT,
        "deals?": ("int", 0, 10_000),
    },
    # host -> guest: your seat and the table
    "welcome": {
        "seat": SEAT,
        "token": ("hex", 32),
        "build": ("str", 40),
        "conventions": ("obj",),
        "host?": SEAT,  # the host's seat (a game hosted anew), else 0
        "game?": ("hex", 32),  # ... and that game's id
    },
    "refuse": {"code": ("str", 20), "params": ("obj",)},
    # host -> all: the game starts: names per seat, seats run by the host's bots
    "table": {
        "names": ("list", ("str", MAX_NAME), 4),
        "bots": ("list", SEAT, 3),
        "game": ("hex", 32),
        # a game hosted anew: the host's seat, the people's seats its computer player
        # plays until they are back, the audited deals it goes on from and their hash
        "host?": SEAT,
        "taken?": ("list", SEAT, 3),
        "deals?": ("int", 0, 10_000),
        "hash?": ("hex", 16),
    },
    # joint randomness (who deals first): commit, then open
    "commit": {"deal": DEAL, "h": ("hex", 64)},
    "open": {"deal": DEAL, "r": ("hex", 64)},
    # a seat's key commitment for a deal: g^d
    "key": {"deal": DEAL, "h": HEX},
    # the deck after a seat's encryption and shuffle
    "deck": {"deal": DEAL, "stage": SEAT, "cards": ("list", HEX, 24)},
    # layers removed by a seat: (position, value) pairs
    "shares": {"deal": DEAL, "part": ("str", 8), "items": ("list", ("pair", POS, HEX), 24)},
    # cut_ritual: the dealer's word on the bottom card after cut n (a nine: cut again)
    "cut": {"deal": DEAL, "n": ("int", 1, 3), "nine": ("bool",)},
    # a seat's claim that its dealt hand allows a redeal (checked at the audit); with
    # ``after`` a receiver's claim that it holds four nines after the discard
    "claim": {"deal": DEAL, "why": ("str", 12), "after?": ("bool",)},
    # an action: n its index in the deal; a its notation ("give?" hidden); a card
    # played carries its position and proof, a marriage its partner's (or partners') too
    "act": {
        "deal": DEAL,
        "n": ("int", 0, 200),
        "a": ("str", 12),
        "to?": SEAT,
        "pos?": POS,
        "proof?": PROOF,
        "pos2?": POS,
        "proof2?": PROOF,
        "pos3?": POS,  # the ace marriage (ace_marriage): the three other aces
        "proof3?": PROOF,
        "pos4?": POS,
        "proof4?": PROOF,
    },
    # a message only its receiver can read (a card passed: position, card, proof)
    "sealed": {"deal": DEAL, "to": SEAT, "r": HEX, "ct": ("hex", 4096), "tag": ("hex", 32)},
    # the end of a deal: the seat's key and its hidden actions, for the audit
    "reveal": {
        "deal": DEAL,
        "d": HEX,
        "hidden": ("list", ("pair", ("int", 0, 200), ("str", 12)), 8),
    },
    # something did not check: everyone reveals at once (the audit names who)
    "alarm": {"deal": DEAL, "code": ("str", 20), "seat?": SEAT},
    # this seat found a cheat and stops (everyone stops, saying why)
    "halt": {"what": ("str", 20), "seat": ("int", -1, 3)},
    # please resend your messages from this sequence number on
    "nack": {"from_seq": ("int", 0, 1 << 40)},
    # the final short hash of the game record
    "done": {"hash": ("hex", 16)},
    # host -> all: a person's seat is played by the host's computer player from deal
    # ``deal`` (the one in play, dealt again) or by its person again (the next deal)
    "seat": {"deal": ("int", 0, 10_000), "seat": SEAT, "bot": ("bool",), "out?": ("bool",)},
    # a person asks to take back the deal's actions from index n on (its last decision)
    "undo": {"deal": DEAL, "n": ("int", 0, 200)},
    # each other person: allow that undo or not
    "undo_ok": {"deal": DEAL, "n": ("int", 0, 200), "yes": ("bool",)},
    # host -> all: the game ends with its first ``deals`` deals (those the host audited)
    "end": {"deals": ("int", 0, 10_000)},
    # host -> all: a guest's connection to the host is lost (``up`` false) or back
    "link": {"seat": SEAT, "up": ("bool",)},
}
ENVELOPE = ("v", "t", "seq", "from")


def _check(spec: Spec, value: Any, where: str) -> None:
    kind = spec[0]
    if kind == "int":
        if type(value) is not int or not spec[1] <= value <= spec[2]:
            raise ProtocolError(Refusal.MALFORMED, why=f"{where}: int {spec[1]}..{spec[2]}")
    elif kind == "bool":
        if type(value) is not bool:
            raise ProtocolError(Refusal.MALFORMED, why=f"{where}: bool")
    elif kind == "str":
        if type(value) is not str or len(value) > spec[1]:
            raise ProtocolError(Refusal.MALFORMED, why=f"{where}: text of <= {spec[1]}")
    elif kind == "hex":
        if (
            type(value) is not str
            or not 0 < len(value) <= spec[1]
            or value.strip("0123456789abcdef") != ""
        ):
            raise ProtocolError(Refusal.MALFORMED, why=f"{where}: hex of <= {spec[1]}")
    elif kind == "list":
        if type(value) is not list or len(value) > spec[2]:
            raise ProtocolError(Refusal.MALFORMED, why=f"{where}: list of <= {spec[2]}")
        for i, item in enumerate(value):
            _check(spec[1], item, f"{where}[{i}]")
    elif kind == "pair":
        if type(value) is not list or len(value) != 2:
            raise ProtocolError(Refusal.MALFORMED, why=f"{where}: pair")
        _check(spec[1], value[0], f"{where}[0]")
        _check(spec[2], value[1], f"{where}[1]")
    elif kind == "obj":
        if type(value) is not dict:
            raise ProtocolError(Refusal.MALFORMED, why=f"{where}: object")
    else:  # pragma: no cover - a spec typo
        raise AssertionError(kind)


def decode(text: Any) -> dict[str, Any]:
    """A message checked against its schema; ``ProtocolError`` says what is wrong."""
    if not isinstance(text, str):
        raise ProtocolError(Refusal.MALFORMED, why="not text")
    if len(text) > MAX_TEXT:
        raise ProtocolError(Refusal.TOO_BIG, size=len(text), limit=MAX_TEXT)
    try:
        msg = loads(text, max_bytes=MAX_TEXT, max_depth=6)
    except ValueError:
        raise ProtocolError(Refusal.MALFORMED, why="not JSON") from None
    if type(msg) is not dict:
        raise ProtocolError(Refusal.MALFORMED, why="not an object")
    v = msg.get("v")
    if v != PROTOCOL or type(v) is not int:
        theirs = v if type(v) is int and abs(v) < 1 << 31 else "?"
        raise ProtocolError(Refusal.WRONG_VERSION, ours=PROTOCOL, theirs=theirs)
    t = msg.get("t")
    schema = SCHEMAS.get(t) if type(t) is str else None
    if schema is None:
        raise ProtocolError(Refusal.MALFORMED, why="type")
    _check(("int", 0, 1 << 40), msg.get("seq"), "seq")
    _check(SEAT, msg.get("from"), "from")
    allowed = {k.rstrip("?") for k in schema}
    for k in msg:
        if k not in allowed and k not in ENVELOPE:
            raise ProtocolError(Refusal.MALFORMED, why=f"key {k[:20]}")
    for k, spec in schema.items():
        name = k.rstrip("?")
        if name in msg:
            _check(spec, msg[name], name)
        elif not k.endswith("?"):
            raise ProtocolError(Refusal.MALFORMED, why=f"missing {name}")
    return msg


def encode(t: str, seq: int, sender: int, **body: Any) -> str:
    """A message's text (checked against its schema, so a peer never sends junk)."""
    msg = {"v": PROTOCOL, "t": t, "seq": seq, "from": sender, **body}
    text = json.dumps(msg, separators=(",", ":"))
    decode(text)
    return text


def hx(x: int) -> str:
    """A non-negative number as lower-case hex (the wire form of group elements)."""
    return format(x, "x")


def unhex(s: str) -> int:
    """The number of a checked hex field."""
    return int(s, 16)


@dataclass
class TokenBucket:
    """A rate limit with an injected clock: ``rate`` messages a second, bursts of ``burst``."""

    rate: float = 50.0
    burst: float = 200.0
    tokens: float = -1.0
    last: float = 0.0

    def take(self, now: float) -> bool:
        """Spend a token at time ``now`` (seconds); False: over the limit (FLOOD)."""
        if self.tokens < 0:
            self.tokens, self.last = self.burst, now
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.last) * self.rate)
        self.last = max(self.last, now)
        if self.tokens < 1.0:
            return False
        self.tokens -= 1.0
        return True


@dataclass
class Inbox:
    """One sender's sequence numbers: in order, once each; early ones wait (reordering).

    ``accept(seq, text)`` returns the texts now deliverable in order; an old number
    raises DUPLICATE (same text) or REPLAY (other text).
    """

    expected: int = 0
    seen: dict[int, int] = field(default_factory=dict)  # seq -> hash of its text
    early: dict[int, str] = field(default_factory=dict)
    limit: int = 256

    def accept(self, seq: int, text: str) -> list[str]:
        """The texts deliverable after ``seq`` arrived (in order)."""
        if seq < self.expected:
            same = self.seen.get(seq) == hash(text)
            raise ProtocolError(Refusal.DUPLICATE if same else Refusal.REPLAY, seq=seq)
        if seq in self.early:
            same = hash(self.early[seq]) == hash(text)
            raise ProtocolError(Refusal.DUPLICATE if same else Refusal.REPLAY, seq=seq)
        if seq - self.expected > self.limit:
            raise ProtocolError(Refusal.FLOOD, peer=seq)
        self.early[seq] = text
        out = []
        while self.expected in self.early:
            t = self.early.pop(self.expected)
            self.seen[self.expected] = hash(t)
            out.append(t)
            self.expected += 1
        return out

    def gap(self) -> bool:
        """Whether later messages wait for a missing one (ask for a resend)."""
        return bool(self.early)
