"""The mailbox: what an online table's pages say through public Nostr relays. Pure.

An invitation link carries, besides its WebRTC offer, a *box* in its fragment
(``mb=``: 16 random bytes that name it and a 32-byte secret, base64url): one
box per invited seat, so a friend can read and write only their own. The
pages exchange through it what players once sent back and forth by chat:

- ``reply``: the friend's answer to the offer (a reply code, ``app.online.invite``);
- ``knock``: a friend whose offer is spent (a reload, a lost link, the same
  link tapped again) asks for a new invitation;
- ``invite``: the host's new invitation for that seat.

The friend's page drives: it posts its reply, or knocks, every ``REPOST_S``
seconds until its link is open (relays pass ephemeral events only to whoever
is listening at that moment and keep nothing); the host's page answers a knock
with the seat's pending invitation, or a new one.

Each text is an *envelope* (``seal``): JSON of the format version, a random id,
the sender's clock in milliseconds, the sender's role and the body. The
runner's mailbox (``static/online/mailbox.mjs``) encrypts and authenticates it
under the box's secret (NIP-44 v2) and signs the event with a throwaway key;
what comes back is checked here (``read``): a text that is not an envelope,
is from this page's own role, is older than ``STALE_S`` or from the future,
was seen before, or whose body is not one of the three is dropped. The
relay's tag is a hash of the box's name (``Box.tag``): relays never see the
name, the secret or the table.

>>> box = Box.from_entropy("ab" * 48)
>>> Box.from_param(box.param()) == box
True
>>> text = seal("guest", {"k": "knock", "session": "AAECAwQF"}, 1_000_000, "0" * 16)
>>> read(text, "host", 1_000_500, ())
Letter(role='guest', id='0000000000000000', body={'k': 'knock', 'session': 'AAECAwQF'})
>>> read(text, "guest", 1_000_500, ()) is None  # (this page's own)
True
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

#: The envelope's format version.
VERSION = 1
#: Seconds between a friend's posts while its link is not open.
REPOST_S = 3.0
#: Seconds a page waits for a relay before it shows the way by hand.
FALLBACK_S = 8.0
#: An envelope older (or newer, by a wrong clock) than this is dropped (seconds).
STALE_S = 120.0
#: Characters of an envelope, checked before it is parsed.
MAX_TEXT = 8000
#: Ids of envelopes taken, kept to drop a replayed one.
SEEN_MAX = 200
#: The relays used unless the player set others: well-known public Nostr relays,
#: contacted only once a player opens or joins an online table.
DEFAULT_RELAYS = ("wss://relay.damus.io", "wss://nos.lol", "wss://relay.primal.net")
#: Relays a setting may hold.
MAX_RELAYS = 8

_ID = re.compile(r"[0-9a-f]{16}")
_ROLES = ("host", "guest")
_CODE = re.compile(r"[A-Za-z0-9_-]{4,3000}")
_SESSION = re.compile(r"[A-Za-z0-9_-]{1,16}")
_RELAY = re.compile(r"wss?://[A-Za-z0-9.\-\[\]:]{1,200}(/[A-Za-z0-9._~/-]{0,100})?")


@dataclass(frozen=True)
class Box:
    """One seat's mailbox: its name and its secret (hex)."""

    name: str  # 32 hex digits
    secret: str  # 64 hex digits

    @classmethod
    def from_entropy(cls, entropy: str) -> Box:
        """A box from 96 hex digits of fresh randomness."""
        raw = bytes.fromhex(entropy[:96])
        if len(raw) != 48:
            raise ValueError("a box needs 48 random bytes")
        return cls(raw[:16].hex(), raw[16:].hex())

    @property
    def tag(self) -> str:
        """What relays index the box's events by: a hash of its name, never the name."""
        return hashlib.sha256(b"thousand mailbox " + bytes.fromhex(self.name)).hexdigest()

    def param(self) -> str:
        """The box as a link's fragment holds it (``mb=`` this)."""
        raw = bytes.fromhex(self.name + self.secret)
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    @classmethod
    def from_param(cls, text: str) -> Box | None:
        """The box of a fragment's ``mb=`` value; None when it is not one."""
        if not re.fullmatch(r"[A-Za-z0-9_-]{64}", text):
            return None
        try:
            raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
        except (binascii.Error, ValueError):
            return None
        if len(raw) != 48 or base64.urlsafe_b64encode(raw).decode().rstrip("=") != text:
            return None
        return cls(raw[:16].hex(), raw[16:].hex())


@dataclass(frozen=True)
class Letter:
    """An envelope that passed every check: who sent it, its id and its body."""

    role: str
    id: str
    body: dict[str, str]


def seal(role: str, body: dict[str, str], now_ms: int, letter_id: str) -> str:
    """The envelope of ``body`` from ``role`` at ``now_ms`` (``letter_id``: 16 random
    hex digits), as the runner's mailbox seals it."""
    return json.dumps(
        {"v": VERSION, "id": letter_id, "at": now_ms, "from": role, "body": body},
        separators=(",", ":"),
    )


def read(text: str, me: str, now_ms: int, seen: Iterable[str]) -> Letter | None:
    """The letter in an opened envelope for the page of role ``me`` at ``now_ms``,
    or None to drop it: not an envelope, this role's own, stale or early, seen
    before, or a body that is none of the three.

    >>> read('{"v":1}', "host", 0, ())
    >>> old = seal("guest", {"k": "knock", "session": "x"}, 0, "1" * 16)
    >>> read(old, "host", int(STALE_S * 1000) + 1, ()) is None
    True
    >>> read(old, "host", 5, ["1" * 16]) is None
    True
    """
    if not isinstance(text, str) or len(text) > MAX_TEXT:
        return None
    try:
        x = json.loads(text)
    except ValueError:
        return None
    if not isinstance(x, dict) or x.get("v") != VERSION:
        return None
    role, lid, at, body = x.get("from"), x.get("id"), x.get("at"), x.get("body")
    if role not in _ROLES or role == me or not isinstance(lid, str) or not _ID.fullmatch(lid):
        return None
    if type(at) is not int or abs(now_ms - at) > STALE_S * 1000 or lid in set(seen):
        return None
    checked = _body(body, role)
    return None if checked is None else Letter(role, lid, checked)


def _body(body: Any, role: str) -> dict[str, str] | None:
    """A body as its sender's role may send it, or None."""
    if not isinstance(body, dict) or not all(isinstance(v, str) for v in body.values()):
        return None
    kind = body.get("k")
    if role == "guest" and kind == "reply" and set(body) == {"k", "code"}:
        return body if _CODE.fullmatch(body["code"]) else None
    if role == "guest" and kind == "knock" and set(body) == {"k", "session"}:
        return body if _SESSION.fullmatch(body["session"]) or not body["session"] else None
    if role == "host" and kind == "invite" and set(body) == {"k", "code"}:
        return body if _CODE.fullmatch(body["code"]) else None
    return None


def manual_shown(
    box: str, joined: bool, state: str, joined_at: float, now: float, relays: bool
) -> bool:
    """Guest: whether the dialog shows its reply to send back by hand: there is no
    mailbox, or no link is open ``FALLBACK_S`` seconds after *Join* (or after the
    link was lost).

    >>> manual_shown("", False, "new", -1.0, 0.0, True)
    True
    >>> manual_shown("b", True, "connecting", 10.0, 12.0, True)
    False
    >>> manual_shown("b", True, "connecting", 10.0, 10.0 + FALLBACK_S, True)
    True
    """
    if not box or not relays:
        return True
    return joined and state != "open" and now - joined_at >= FALLBACK_S


def read_relays(stored: Any) -> list[str]:
    """The relays from the stored setting (a list of addresses), else the defaults;
    bad entries dropped. ``[]`` is a setting too: the manual way only."""
    if not isinstance(stored, list):
        return list(DEFAULT_RELAYS)
    return [x for x in stored[:MAX_RELAYS] if isinstance(x, str) and _RELAY.fullmatch(x)]


def parse_relays(text: str) -> list[str]:
    r"""The relays as the player types them (one a line, or separated by commas, as
    the ``relays=`` parameter has them); anything that is not a ``ws://`` or
    ``wss://`` address is dropped.

    >>> parse_relays("wss://relay.example.org\nhttp://x, ws://10.0.0.1:7000")
    ['wss://relay.example.org', 'ws://10.0.0.1:7000']
    """
    items = [x.strip() for line in text.splitlines() for x in line.split(",")]
    return read_relays([x for x in items if x])


def from_fragment(fragment: str) -> tuple[Box | None, str, list[str]]:
    """The box (``mb=``), the host's name (``by=``, at most 20 characters) and the
    host's relays when they are not the defaults (``rl=``, comma-separated) of an
    invitation link's fragment; (None, "", []) for what is not there or not valid.

    >>> box = Box.from_entropy("cd" * 48)
    >>> from_fragment(f"#join=J1x&mb={box.param()}&by=Ivan%20K") == (box, "Ivan K", [])
    True
    >>> from_fragment("#join=J1x&mb=nonsense&by=%3Cb%3E&rl=ws%3A%2F%2Fa%3A1%2Cjavascript%3Ax")
    (None, '<b>', ['ws://a:1'])
    """
    from urllib.parse import unquote

    from app.online.invite import InviteError, fragment_parts
    from thousand.record import clean_name

    try:
        parts = fragment_parts(fragment)
    except InviteError:  # (too long: no invitation either)
        return None, "", []
    box = Box.from_param(parts.get("mb", ""))
    by = clean_name(unquote(parts.get("by", "")[:200]))
    relays = parse_relays(unquote(parts.get("rl", "")[:2000]))
    return box, by, relays if "rl" in parts else []


def link_part(box: Box, by: str, relays: list[str]) -> str:
    """What an invitation link adds for its mailbox: its box, the host's name and
    the host's relays when they are not the defaults (``from_fragment`` reads it)."""
    from urllib.parse import quote

    part = f"&mb={box.param()}"
    if by:
        part += "&by=" + quote(by, safe="")
    if relays and relays != list(DEFAULT_RELAYS):
        part += "&rl=" + quote(",".join(relays), safe="")
    return part


def joined_relays(own: list[str], host: list[str]) -> list[str]:
    """A friend's relays for a table: its own and the host's, at most ``MAX_RELAYS``
    (none when the friend chose the manual way: its own list is empty)."""
    if not own:
        return []
    return list(dict.fromkeys([*host, *own]))[:MAX_RELAYS]
