"""Invitation and reply codes: a WebRTC offer or answer in a link, both ways.

Online play has no signalling server. The host's page gathers a complete,
non-trickle offer and turns it into an *invitation*: a code in a link
(``…/index.html#join=<code>``) and a QR code of that link. The friend's page
reads it, answers, and turns the answer into a *reply*: a link
(``#reply=<code>``) or just the code, to send back by chat or to paste. The
host's page reads the reply and the data channel opens.

Only what connecting needs is kept of an SDP (``Connection``): ICE ufrag and
password, the DTLS fingerprint and setup role, the data channel's mid, SCTP
port and largest message, and the candidates (foundation, component,
transport, priority, address, port, type, related address and port, TCP
type; their extensions such as ``generation`` are dropped, and so are
``tcptype active`` candidates, which can only reach a passive TCP peer, never
a browser). ``build_sdp`` writes a complete SDP again for
``setRemoteDescription``.

A code is ``J1`` (an invitation) or ``R1`` (a reply) followed by base64url,
without padding, of one flags byte (bit 0: raw deflate follows; the rest zero)
and the packed body (``_Writer``), deflated only when that is shorter. The
``1`` is the code format's version; another digit or letter there is
``WRONG_VERSION``. Reading is strict: the text is measured before anything
else, only the base64url alphabet is accepted and only in its canonical form,
inflation stops at ``MAX_BODY`` bytes, every field is range-checked and
nothing may be left over. Every refusal is an ``InviteError`` with a code
(``MALFORMED``, ``TOO_BIG``, ``WRONG_VERSION``, ``NOT_AN_INVITE``,
``NOT_A_REPLY``); the page words it.

Besides the connection, an invitation carries the session id (random, 6
bytes, echoed by the reply so the host knows which invitation it answers),
the game protocol version the host speaks, the number of players at the table
and the seat offered to the friend.

>>> conn = Connection(
...     ufrag="SCAp", pwd="ZJlJfkMSN6fMX9/gwos4jAO7", fingerprint_alg="sha-256",
...     fingerprint=bytes(range(32)), setup="actpass",
...     candidates=(Candidate("100925423", 1, "udp", 2113937151, "10.99.0.1", 50131, "host"),),
... )
>>> invite = Invite(session="AAECAwQF", protocol=1, players=3, seat=1, connection=conn)
>>> link = invite_link("https://example.org/1000/index.html?x#old", invite)
>>> link.startswith("https://example.org/1000/index.html?x#join=J1")
True
>>> read_fragment(link[link.index("#"):]) == invite
True
>>> decode_reply(encode_invite(invite))
Traceback (most recent call last):
...
app.online.invite.InviteError: NOT_A_REPLY: this is an invitation, not a reply
"""

from __future__ import annotations

import base64
import binascii
import ipaddress
import re
import secrets
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, TypeVar

FORMAT_VERSION = "1"
INVITE_PREFIX = "J"
REPLY_PREFIX = "R"
MAX_CODE = 3000  # characters of a code (a link's QR code holds at most 2953 bytes)
MAX_TEXT = 6000  # characters of anything pasted or of a fragment, checked first
MAX_BODY = 2048  # bytes of the packed body once inflated
MAX_CANDIDATES = 16
PLAYERS = (2, 3, 4)

ErrorCode = Literal[
    "MALFORMED", "TOO_BIG", "WRONG_VERSION", "NOT_AN_INVITE", "NOT_A_REPLY", "UNSUPPORTED_SDP"
]


class InviteError(ValueError):
    """A code, link or SDP that cannot be used; ``code`` says why, for the page to word."""

    def __init__(self, code: ErrorCode, detail: str) -> None:
        super().__init__(f"{code}: {detail}")
        self.code: ErrorCode = code
        self.detail = detail


# --- what a connection needs ----------------------------------------------------

_ICE_CHARS = re.compile(r"[A-Za-z0-9+/]{1,255}")
_TOKEN = re.compile(r"[A-Za-z0-9+/._~!#$%&'*^`{|}-]{1,32}")  # foundation, mid
_UUID_LOCAL = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.local")
_HOSTNAME = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?")
_SETUPS = ("actpass", "active", "passive")
_KINDS = ("host", "srflx", "prflx", "relay")
_TCPTYPES = ("active", "passive", "so")
#: Fingerprint hash functions and their digest sizes (RFC 8122).
_HASHES = {"sha-1": 20, "sha-224": 28, "sha-256": 32, "sha-384": 48, "sha-512": 64}
_HASH_NAMES = tuple(_HASHES)


@dataclass(frozen=True)
class Candidate:
    """One ICE candidate, as an ``a=candidate`` line holds it (RFC 8839)."""

    foundation: str
    component: int
    transport: str  # "udp" or "tcp"
    priority: int
    address: str  # an IPv4 or IPv6 address, an mDNS name (<uuid>.local) or a host name
    port: int
    kind: str  # host, srflx, prflx, relay
    related_address: str | None = None
    related_port: int | None = None
    tcptype: str | None = None  # active, passive, so (TCP only)

    def __post_init__(self) -> None:
        _check(bool(_TOKEN.fullmatch(self.foundation)), "candidate foundation")
        _check(self.component in range(1, 256), "candidate component")
        _check(self.transport in ("udp", "tcp"), "candidate transport")
        _check(self.priority in range(1 << 32), "candidate priority")
        _address_kind(self.address)
        _check(self.port in range(1 << 16), "candidate port")
        _check(self.kind in _KINDS, "candidate type")
        _check((self.related_address is None) == (self.related_port is None), "related address")
        if self.related_address is not None:
            _address_kind(self.related_address)
            _check(self.related_port in range(1 << 16), "related port")
        _check(
            (self.tcptype is None) if self.transport == "udp" else self.tcptype in _TCPTYPES,
            "candidate tcptype",
        )

    def line(self) -> str:
        """The attribute's value: ``candidate:<foundation> 1 udp …``."""
        out = (
            f"candidate:{self.foundation} {self.component} {self.transport} {self.priority} "
            f"{self.address} {self.port} typ {self.kind}"
        )
        if self.related_address is not None:
            out += f" raddr {self.related_address} rport {self.related_port}"
        if self.tcptype is not None:
            out += f" tcptype {self.tcptype}"
        return out


@dataclass(frozen=True)
class Connection:
    """What one side's SDP must say for the other side to connect (one data channel)."""

    ufrag: str
    pwd: str
    fingerprint_alg: str
    fingerprint: bytes
    setup: str  # actpass in an offer; active or passive in an answer
    candidates: tuple[Candidate, ...]
    mid: str = "0"
    sctp_port: int = 5000
    max_message_size: int | None = 262144

    def __post_init__(self) -> None:
        _check(bool(_ICE_CHARS.fullmatch(self.ufrag)), "ice-ufrag")
        _check(bool(_ICE_CHARS.fullmatch(self.pwd)), "ice-pwd")
        _check(_HASHES.get(self.fingerprint_alg) == len(self.fingerprint), "fingerprint")
        _check(self.setup in _SETUPS, "setup")
        _check(bool(_TOKEN.fullmatch(self.mid)), "mid")
        _check(self.sctp_port in range(1, 1 << 16), "sctp-port")
        _check(
            self.max_message_size is None or self.max_message_size in range(1, 1 << 32),
            "max-message-size",
        )
        _check(len(self.candidates) in range(1, MAX_CANDIDATES + 1), "number of candidates")


@dataclass(frozen=True)
class Invite:
    """An invitation: the host's offer and the table it offers a seat at."""

    session: str  # 8 base64url characters (6 random bytes), see new_session_id
    protocol: int  # the game protocol version the host speaks, 0-255
    players: int  # 2, 3 or 4
    seat: int  # the seat offered to the friend, 0 .. players - 1
    connection: Connection = field(repr=False)

    def __post_init__(self) -> None:
        _check_session(self.session)
        _check(self.protocol in range(256), "protocol version")
        _check(self.players in PLAYERS, "number of players")
        _check(self.seat in range(self.players), "seat")


@dataclass(frozen=True)
class Reply:
    """A reply: the friend's answer to one invitation (same session id)."""

    session: str
    protocol: int
    connection: Connection = field(repr=False)

    def __post_init__(self) -> None:
        _check_session(self.session)
        _check(self.protocol in range(256), "protocol version")


def _check(ok: bool, what: str) -> None:
    if not ok:
        raise InviteError("MALFORMED", f"bad {what}")


def _check_session(session: str) -> None:
    _check(len(session) == 8 and bool(_B64URL.fullmatch(session)), "session id")


def new_session_id(randbytes: Callable[[int], bytes] = secrets.token_bytes) -> str:
    """A fresh session id: 6 random bytes as 8 base64url characters.

    >>> new_session_id(lambda n: bytes(n))
    'AAAAAAAA'
    """
    return base64.urlsafe_b64encode(randbytes(6)).decode("ascii")


# --- SDP in and out ---------------------------------------------------------------


def parse_sdp(sdp: str) -> Connection:
    """Keep what connecting needs of a complete SDP with one data channel.

    Raises ``InviteError("UNSUPPORTED_SDP")`` for media other than one
    ``m=application`` section, or without ufrag, password, fingerprint, setup
    or a usable candidate. Of more than ``MAX_CANDIDATES`` candidates, those
    with the highest priorities are kept.
    """
    if len(sdp) > 64 * 1024:
        raise InviteError("UNSUPPORTED_SDP", "the SDP is too long")
    session: dict[str, str] = {}
    media: dict[str, str] = {}
    lines: list[str] = []
    m_lines = 0
    for raw in sdp.splitlines():
        line = raw.strip()
        if line.startswith("m="):
            m_lines += 1
            if not line.startswith("m=application ") or "webrtc-datachannel" not in line:
                raise InviteError("UNSUPPORTED_SDP", "only one data channel section is supported")
        elif line.startswith("a="):
            name, _, value = line[2:].partition(":")
            if name == "candidate":
                if m_lines:
                    lines.append(value)
            else:
                (media if m_lines else session).setdefault(name, value)
    if m_lines != 1:
        raise InviteError("UNSUPPORTED_SDP", f"{m_lines} media sections, not one")
    attrs = {**session, **media}  # media-level attributes win

    def need(name: str) -> str:
        if name not in attrs:
            raise InviteError("UNSUPPORTED_SDP", f"no a={name}")
        return attrs[name].strip()

    alg, _, digest = need("fingerprint").partition(" ")
    try:
        fingerprint = bytes.fromhex(digest.replace(":", ""))
    except ValueError:
        raise InviteError("UNSUPPORTED_SDP", "unreadable fingerprint") from None
    candidates = [c for c in (_parse_candidate(v) for v in lines) if c is not None]
    if not candidates:
        raise InviteError("UNSUPPORTED_SDP", "no usable candidate (no network?)")
    if len(candidates) > MAX_CANDIDATES:  # the highest priorities, in the browser's order
        best = sorted(range(len(candidates)), key=lambda i: -candidates[i].priority)
        candidates = [candidates[i] for i in sorted(best[:MAX_CANDIDATES])]
    mms = attrs.get("max-message-size")
    try:
        return Connection(
            ufrag=need("ice-ufrag"),
            pwd=need("ice-pwd"),
            fingerprint_alg=alg.lower(),
            fingerprint=fingerprint,
            setup=need("setup"),
            candidates=tuple(candidates),
            mid=attrs.get("mid", "0").strip(),
            sctp_port=int(need("sctp-port")),
            max_message_size=int(mms) if mms is not None else None,
        )
    except (InviteError, ValueError) as e:
        raise InviteError("UNSUPPORTED_SDP", str(e)) from None


def _parse_candidate(value: str) -> Candidate | None:
    """An ``a=candidate`` value as a ``Candidate``; None for one that is dropped.

    Dropped: active TCP candidates and any this module cannot read (a future
    kind of candidate must not stop the others from being used).
    """
    parts = value.split()
    if len(parts) < 8 or parts[6] != "typ":
        return None
    ext = dict(zip(parts[8::2], parts[9::2], strict=False))
    transport = parts[2].lower()
    tcptype = ext.get("tcptype") if transport == "tcp" else None
    if tcptype == "active" or transport not in ("udp", "tcp"):
        return None  # an active TCP candidate can only reach a passive one, never a browser
    try:
        return Candidate(
            foundation=parts[0],
            component=int(parts[1]),
            transport=transport,
            priority=int(parts[3]),
            address=_canonical(parts[4]),
            port=int(parts[5]),
            kind=parts[7],
            related_address=_canonical(ext["raddr"]) if "raddr" in ext else None,
            related_port=int(ext["rport"]) if "rport" in ext else None,
            tcptype=tcptype,
        )
    except (InviteError, ValueError):
        return None


def build_sdp(conn: Connection, session_id: int = 1) -> str:
    """A complete SDP for ``setRemoteDescription`` (the browser's type is offer or answer).

    >>> conn = Connection(ufrag="abcd", pwd="p" * 24, fingerprint_alg="sha-1",
    ...     fingerprint=bytes(20), setup="active",
    ...     candidates=(Candidate("1", 1, "udp", 9, "10.0.0.1", 4000, "host"),))
    >>> for line in build_sdp(conn).splitlines():  # lines end in CRLF
    ...     print(line)  # doctest: +ELLIPSIS
    v=0
    o=- 1 2 IN IP4 127.0.0.1
    s=-
    t=0 0
    a=group:BUNDLE 0
    m=application 9 UDP/DTLS/SCTP webrtc-datachannel
    c=IN IP4 0.0.0.0
    a=candidate:1 1 udp 9 10.0.0.1 4000 typ host
    a=ice-ufrag:abcd
    a=ice-pwd:pppppppppppppppppppppppp
    a=fingerprint:sha-1 00:00:...:00
    a=setup:active
    a=mid:0
    a=sctp-port:5000
    a=max-message-size:262144
    """
    lines = [
        "v=0",
        f"o=- {session_id} 2 IN IP4 127.0.0.1",
        "s=-",
        "t=0 0",
        f"a=group:BUNDLE {conn.mid}",
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 0.0.0.0",
        *(f"a={c.line()}" for c in conn.candidates),
        f"a=ice-ufrag:{conn.ufrag}",
        f"a=ice-pwd:{conn.pwd}",
        f"a=fingerprint:{conn.fingerprint_alg} {conn.fingerprint.hex(':').upper()}",
        f"a=setup:{conn.setup}",
        f"a=mid:{conn.mid}",
        f"a=sctp-port:{conn.sctp_port}",
    ]
    if conn.max_message_size is not None:
        lines.append(f"a=max-message-size:{conn.max_message_size}")
    return "\r\n".join(lines) + "\r\n"


def session_number(session: str) -> int:
    """The session id as the number on the rebuilt SDP's ``o=`` line."""
    return int.from_bytes(_b64decode(session), "big")


def invite_sdp(invite: Invite) -> str:
    """The host's offer, rebuilt, for the friend's ``setRemoteDescription``."""
    return build_sdp(invite.connection, session_number(invite.session))


def reply_sdp(reply: Reply) -> str:
    """The friend's answer, rebuilt, for the host's ``setRemoteDescription``."""
    return build_sdp(reply.connection, session_number(reply.session) + 1)


# --- packing ------------------------------------------------------------------------

#: Address kinds in the packed form.
_IPV4, _IPV6, _MDNS, _NAME = range(4)


def _address_kind(address: str) -> int:
    if _UUID_LOCAL.fullmatch(address):
        return _MDNS
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        _check(bool(_HOSTNAME.fullmatch(address)) and ":" not in address, "address")
        return _NAME
    _check(str(ip) == address, "address (not in its canonical form)")
    return _IPV4 if ip.version == 4 else _IPV6


def _canonical(address: str) -> str:
    """An IP address in the form ``ipaddress`` writes (what the decoder rebuilds)."""
    try:
        return str(ipaddress.ip_address(address))
    except ValueError:
        return address


class _Writer:
    def __init__(self) -> None:
        self.out = bytearray()

    def int(self, value: int, size: int) -> None:
        self.out += value.to_bytes(size, "big")

    def text(self, value: str) -> None:
        data = value.encode("ascii")
        self.int(len(data), 1)
        self.out += data

    def address(self, address: str) -> None:
        kind = _address_kind(address)
        self.int(kind, 1)
        if kind == _MDNS:
            self.out += bytes.fromhex(address[: -len(".local")].replace("-", ""))
        elif kind == _NAME:
            self.text(address)
        else:
            self.out += ipaddress.ip_address(address).packed

    def connection(self, conn: Connection) -> None:
        self.int(_SETUPS.index(conn.setup), 1)
        self.int(_HASH_NAMES.index(conn.fingerprint_alg), 1)
        self.out += conn.fingerprint
        self.text(conn.ufrag)
        self.text(conn.pwd)
        self.text(conn.mid)
        self.int(conn.sctp_port, 2)
        self.int(conn.max_message_size or 0, 4)
        self.int(len(conn.candidates), 1)
        for c in conn.candidates:
            numeric = c.foundation.isdigit() and int(c.foundation) < 1 << 32
            numeric = numeric and str(int(c.foundation)) == c.foundation
            flags = (
                (c.transport == "tcp")
                | _KINDS.index(c.kind) << 1
                | numeric << 3
                | (c.related_address is not None) << 4
            )
            self.int(flags, 1)
            if numeric:
                self.int(int(c.foundation), 4)
            else:
                self.text(c.foundation)
            self.int(c.component, 1)
            self.int(c.priority, 4)
            self.address(c.address)
            self.int(c.port, 2)
            if c.tcptype is not None:
                self.int(_TCPTYPES.index(c.tcptype), 1)
            if c.related_address is not None and c.related_port is not None:
                self.address(c.related_address)
                self.int(c.related_port, 2)


T = TypeVar("T")


class _Reader:
    """Reads the packed body; any short read or out-of-range value is MALFORMED."""

    def __init__(self, data: bytes) -> None:
        self.data = data
        self.at = 0

    def bytes(self, n: int) -> bytes:
        if self.at + n > len(self.data):
            raise InviteError("MALFORMED", "the code is cut short")
        out = self.data[self.at : self.at + n]
        self.at += n
        return out

    def int(self, size: int) -> int:
        return int.from_bytes(self.bytes(size), "big")

    def pick(self, options: tuple[T, ...], what: str) -> T:
        i = self.int(1)
        _check(i < len(options), what)
        return options[i]

    def text(self) -> str:
        raw = self.bytes(self.int(1))
        _check(raw.isascii(), "text")
        return raw.decode("ascii")

    def address(self) -> str:
        kind = self.int(1)
        if kind == _IPV4:
            return str(ipaddress.IPv4Address(self.bytes(4)))
        if kind == _IPV6:
            return str(ipaddress.IPv6Address(self.bytes(16)))
        if kind == _MDNS:
            h = self.bytes(16).hex()
            return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}.local"
        _check(kind == _NAME, "address kind")
        name = self.text()
        _check(_address_kind(name) == _NAME, "host name")
        return name

    def connection(self) -> Connection:
        setup = self.pick(_SETUPS, "setup")
        alg = self.pick(_HASH_NAMES, "fingerprint hash")
        fingerprint = self.bytes(_HASHES[alg])
        ufrag, pwd, mid = self.text(), self.text(), self.text()
        sctp_port = self.int(2)
        mms = self.int(4)
        candidates = [self.candidate() for _ in range(self.int(1))]
        return Connection(
            ufrag=ufrag,
            pwd=pwd,
            fingerprint_alg=alg,
            fingerprint=fingerprint,
            setup=setup,
            candidates=tuple(candidates),
            mid=mid,
            sctp_port=sctp_port,
            max_message_size=mms or None,
        )

    def candidate(self) -> Candidate:
        flags = self.int(1)
        _check(flags < 1 << 5, "candidate flags")
        tcp = bool(flags & 1)
        foundation = str(self.int(4)) if flags & 8 else self.text()
        component = self.int(1)
        priority = self.int(4)
        address = self.address()
        port = self.int(2)
        tcptype = self.pick(_TCPTYPES, "tcptype") if tcp else None
        related = (self.address(), self.int(2)) if flags & 16 else (None, None)
        return Candidate(
            foundation=foundation,
            component=component,
            transport="tcp" if tcp else "udp",
            priority=priority,
            address=address,
            port=port,
            kind=_KINDS[flags >> 1 & 3],
            related_address=related[0],
            related_port=related[1],
            tcptype=tcptype,
        )

    def done(self) -> None:
        if self.at != len(self.data):
            raise InviteError("MALFORMED", "bytes left over after the code")


# --- codes ----------------------------------------------------------------------------

_B64URL = re.compile(r"[A-Za-z0-9_-]*")
_CODE = re.compile(r"[A-Za-z][0-9A-Za-z][A-Za-z0-9_-]*")


def _b64decode(text: str) -> bytes:
    try:
        return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise InviteError("MALFORMED", "not base64url") from None


def _pack(prefix: str, body: bytes) -> str:
    """The code of ``body``; TOO_BIG if ``_unpack`` would refuse it (many long host names)."""
    if len(body) > MAX_BODY:
        raise InviteError("TOO_BIG", f"{len(body)} bytes to pack (at most {MAX_BODY})")
    squeezed = zlib.compressobj(9, zlib.DEFLATED, -15)
    deflated = squeezed.compress(body) + squeezed.flush()
    data = b"\x01" + deflated if len(deflated) < len(body) else b"\x00" + body
    code = prefix + FORMAT_VERSION + base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")
    if len(code) > MAX_CODE:
        raise InviteError("TOO_BIG", f"a code of {len(code)} characters (at most {MAX_CODE})")
    return code


def _unpack(code: str, prefix: str) -> bytes:
    """The packed body of a code of kind ``prefix``, or InviteError."""
    if len(code) > MAX_CODE:
        raise InviteError("TOO_BIG", f"{len(code)} characters (at most {MAX_CODE})")
    if not _CODE.fullmatch(code):
        raise InviteError("MALFORMED", "not a code of this game")
    kind, version, text = code[0], code[1], code[2:]
    if kind not in (INVITE_PREFIX, REPLY_PREFIX):
        raise InviteError("MALFORMED", "not a code of this game")
    if version != FORMAT_VERSION:
        raise InviteError("WRONG_VERSION", f"code format {version!r}, this page reads 1")
    if kind != prefix:
        if prefix == INVITE_PREFIX:
            raise InviteError("NOT_AN_INVITE", "this is a reply, not an invitation")
        raise InviteError("NOT_A_REPLY", "this is an invitation, not a reply")
    data = _b64decode(text)
    if base64.urlsafe_b64encode(data).decode("ascii").rstrip("=") != text:
        raise InviteError("MALFORMED", "not canonical base64url")
    if not data or data[0] > 1:
        raise InviteError("MALFORMED", "bad flags")
    if data[0] == 0:
        body = data[1:]
    else:
        inflater = zlib.decompressobj(-15)
        try:
            body = inflater.decompress(data[1:], MAX_BODY + 1)
        except zlib.error:
            raise InviteError("MALFORMED", "bad deflate stream") from None
        if len(body) > MAX_BODY:
            raise InviteError("TOO_BIG", f"more than {MAX_BODY} bytes once inflated")
        if not inflater.eof or inflater.unused_data:
            raise InviteError("MALFORMED", "bad deflate stream")
    if len(body) > MAX_BODY:
        raise InviteError("TOO_BIG", f"more than {MAX_BODY} bytes")
    return body


def encode_invite(invite: Invite) -> str:
    """The invitation's code (``J1…``); ``InviteError("TOO_BIG")`` past the caps."""
    w = _Writer()
    w.out += _b64decode(invite.session)
    w.int(invite.protocol, 1)
    w.int(invite.players, 1)
    w.int(invite.seat, 1)
    w.connection(invite.connection)
    return _pack(INVITE_PREFIX, bytes(w.out))


def decode_invite(code: str) -> Invite:
    """Read an invitation's code; ``InviteError`` for anything else."""
    r = _Reader(_unpack(code, INVITE_PREFIX))
    session = base64.urlsafe_b64encode(r.bytes(6)).decode("ascii")
    protocol, players, seat = r.int(1), r.int(1), r.int(1)
    conn = r.connection()
    r.done()
    return Invite(session=session, protocol=protocol, players=players, seat=seat, connection=conn)


def encode_reply(reply: Reply) -> str:
    """The reply's code (``R1…``), also the text a friend pastes; TOO_BIG past the caps."""
    w = _Writer()
    w.out += _b64decode(reply.session)
    w.int(reply.protocol, 1)
    w.connection(reply.connection)
    return _pack(REPLY_PREFIX, bytes(w.out))


def decode_reply(code: str) -> Reply:
    """Read a reply's code; ``InviteError`` for anything else."""
    r = _Reader(_unpack(code, REPLY_PREFIX))
    session = base64.urlsafe_b64encode(r.bytes(6)).decode("ascii")
    protocol = r.int(1)
    conn = r.connection()
    r.done()
    return Reply(session=session, protocol=protocol, connection=conn)


# --- links and pasted text ----------------------------------------------------------------


def _page_url(base_url: str) -> str:
    return base_url.split("#", 1)[0]


def invite_link(base_url: str, invite: Invite) -> str:
    """The page's address (its fragment replaced) with ``#join=<code>``."""
    return f"{_page_url(base_url)}#join={encode_invite(invite)}"


def reply_link(base_url: str, reply: Reply) -> str:
    """The page's address (its fragment replaced) with ``#reply=<code>``."""
    return f"{_page_url(base_url)}#reply={encode_reply(reply)}"


def fragment_parts(fragment: str) -> dict[str, str]:
    """An address fragment's ``key=value`` parts (joined by ``&``; the first of a key
    counts); ``InviteError`` ``TOO_BIG`` past ``MAX_TEXT`` characters."""
    if len(fragment) > MAX_TEXT:
        raise InviteError("TOO_BIG", f"{len(fragment)} characters (at most {MAX_TEXT})")
    out: dict[str, str] = {}
    for part in fragment.removeprefix("#").split("&"):
        key, _, value = part.partition("=")
        out.setdefault(key, value)
    return out


def read_fragment(fragment: str) -> Invite | Reply | None:
    """An invitation or reply from an address's fragment; None if it holds neither.

    Other ``key=value`` parts (joined by ``&``) are ignored.

    >>> read_fragment("#step=3&lang=ru") is None
    True
    >>> read_fragment("#join=J1AAAA")
    Traceback (most recent call last):
    ...
    app.online.invite.InviteError: MALFORMED: the code is cut short
    """
    parts = fragment_parts(fragment)
    if "join" in parts:
        return decode_invite(parts["join"])
    if "reply" in parts:
        return decode_reply(parts["reply"])
    return None


def read_reply_text(text: str) -> Reply:
    """A reply pasted by the host: the code alone, or a link or fragment with ``#reply=``.

    White space anywhere (a chat app's line breaks) is ignored.

    >>> read_reply_text("https://example.org/#join=J1AAAA")
    Traceback (most recent call last):
    ...
    app.online.invite.InviteError: NOT_A_REPLY: this is an invitation, not a reply
    """
    if len(text) > MAX_TEXT:
        raise InviteError("TOO_BIG", f"{len(text)} characters (at most {MAX_TEXT})")
    squeezed = "".join(text.split())
    if "#" not in squeezed:
        return decode_reply(squeezed)
    parts = fragment_parts(squeezed[squeezed.index("#") :])
    if "reply" in parts:
        return decode_reply(parts["reply"])
    if "join" in parts:
        raise InviteError("NOT_A_REPLY", "this is an invitation, not a reply")
    raise InviteError("MALFORMED", "no reply in this link")
