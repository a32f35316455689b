"""Invitation and reply codes (``app.online.invite``): real SDPs in, hostile codes refused.

``data/chromium_sdp.json`` is an offer and its answer recorded from Chromium by
``tests/e2e/test_rtc_link.py`` (``THOUSAND_RECORD_SDP=1``), the answer made to
the offer as rebuilt from its invitation code; the other SDPs here are built
by hand in the shapes the RFCs allow (session-level attributes, upper-case
transports, TCP, server-reflexive, IPv6 and mDNS candidates).
"""

from __future__ import annotations

import base64
import contextlib
import json
import random
import time
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from app.online import invite as iv
from app.online import qr

SDP = json.loads((Path(__file__).parent / "data" / "chromium_sdp.json").read_text())
SESSION = "AAECAwQF"


def chromium_invite() -> iv.Invite:
    """An invitation holding the recorded Chromium offer."""
    return iv.Invite(
        session=SESSION, protocol=1, players=3, seat=2, connection=iv.parse_sdp(SDP["offer"])
    )


def chromium_reply() -> iv.Reply:
    """A reply holding the recorded Chromium answer."""
    return iv.Reply(session=SESSION, protocol=1, connection=iv.parse_sdp(SDP["answer"]))


HAND_MADE = "\r\n".join(
    [
        "v=0",
        "o=mozilla...THIS_IS_SDPARTA-99.0 1 0 IN IP4 0.0.0.0",
        "s=-",
        "t=0 0",
        "a=fingerprint:sha-256 " + ":".join(f"{b:02X}" for b in range(32)),
        "a=group:BUNDLE 0",
        "a=ice-options:trickle",
        "a=msid-semantic:WMS *",
        "m=application 54203 UDP/DTLS/SCTP webrtc-datachannel",
        "c=IN IP4 203.0.113.7",
        "a=candidate:0 1 UDP 2122252543 192.168.1.20 54203 typ host",
        "a=candidate:1 1 UDP 2122187007 2001:DB8:0:0::1 54204 typ host",
        "a=candidate:2 1 TCP 2105524479 192.168.1.20 9 typ host tcptype active",
        "a=candidate:3 1 TCP 2105458943 192.168.1.20 9 typ host tcptype passive",
        "a=candidate:4 1 UDP 1685987327 203.0.113.7 54203 typ srflx raddr 192.168.1.20 rport 54203",
        "a=candidate:f00d 1 udp 41885695 198.51.100.2 3478 typ relay raddr 0.0.0.0 rport 0 "
        "generation 0 network-id 3",
        "a=candidate:842163049 1 udp 2113937151 4b1f4a2e-8a3c-4f0e-9d4e-2a6b1c9d0e7f.local "
        "54205 typ host generation 0 network-cost 999",
        "a=sendrecv",
        "a=end-of-candidates",
        "a=ice-pwd:0123456789abcdef0123456789abcdef",
        "a=ice-ufrag:89abcdef",
        "a=mid:0",
        "a=setup:actpass",
        "a=sctp-port:5000",
        "a=max-message-size:1073741823",
        "",
    ]
)


# --- SDP in and out -------------------------------------------------------------------


def test_chromium_offer_keeps_what_connecting_needs() -> None:
    """ufrag, pwd, fingerprint, setup, mid, SCTP port and size, the one host candidate."""
    conn = iv.parse_sdp(SDP["offer"])
    assert conn.setup == "actpass" and conn.mid == "0" and conn.sctp_port == 5000
    assert conn.max_message_size == 262144 and conn.fingerprint_alg == "sha-256"
    assert f"a=ice-ufrag:{conn.ufrag}" in SDP["offer"] and f"a=ice-pwd:{conn.pwd}" in SDP["offer"]
    assert [(c.address, c.kind, c.transport) for c in conn.candidates] == [
        ("10.99.0.1", "host", "udp")
    ]
    rebuilt = iv.build_sdp(conn)
    assert iv.parse_sdp(rebuilt) == conn
    assert conn.fingerprint.hex(":").upper() in SDP["offer"]
    assert conn.candidates[0].line() in SDP["offer"]  # the same line minus its extensions


def test_hand_made_offer_round_trips_and_drops_active_tcp() -> None:
    """Session-level fingerprint, IPv6 made canonical, mDNS, srflx/relay; tcptype active dropped."""
    conn = iv.parse_sdp(HAND_MADE)
    assert conn.fingerprint == bytes(range(32)) and conn.ufrag == "89abcdef"
    assert [c.foundation for c in conn.candidates] == ["0", "1", "3", "4", "f00d", "842163049"]
    assert conn.candidates[1].address == "2001:db8::1"
    assert conn.candidates[2].tcptype == "passive"
    assert (conn.candidates[3].related_address, conn.candidates[3].related_port) == (
        "192.168.1.20",
        54203,
    )
    assert conn.candidates[5].address.endswith(".local")
    assert conn.max_message_size == 1073741823
    invite = iv.Invite(session=SESSION, protocol=7, players=4, seat=3, connection=conn)
    assert iv.decode_invite(iv.encode_invite(invite)) == invite
    assert iv.parse_sdp(iv.invite_sdp(invite)) == conn


def test_many_candidates_are_cut_to_the_cap() -> None:
    """The MAX_CANDIDATES of highest priority are kept, in the browser's order."""
    lines = [
        f"a=candidate:{i} 1 udp {(i * 7) % 40 + 1} 10.0.{i}.1 5000 typ host" for i in range(40)
    ]
    sdp = HAND_MADE.replace("a=sendrecv", "\r\n".join([*lines, "a=sendrecv"]))
    kept = iv.parse_sdp(sdp).candidates
    assert len(kept) == iv.MAX_CANDIDATES
    assert sorted(c.priority for c in kept[6:]) == list(range(31, 41))  # the best 10 added
    assert [c.foundation for c in kept[:6]] == ["0", "1", "3", "4", "f00d", "842163049"]


def test_unreadable_candidates_are_dropped() -> None:
    """A candidate this module cannot read does not stop the others."""
    odd = [
        "a=candidate:x 1 udp 5 10.0.0.1 5000 typ quantum",
        "a=candidate:y 1 sctp 5 10.0.0.1 5000 typ host",
        "a=candidate:z 1 udp 5 10.0.0.1 port typ host",
        "a=candidate:w 1 udp 5 10.0.0.1 99999 typ host",
        "a=candidate:short",
    ]
    sdp = HAND_MADE.replace("a=sendrecv", "\r\n".join([*odd, "a=sendrecv"]))
    assert iv.parse_sdp(sdp) == iv.parse_sdp(HAND_MADE)


@pytest.mark.parametrize(
    ("change", "why"),
    [
        (lambda s: s + "m=audio 9 UDP/TLS/RTP/SAVPF 111\r\n", "media"),
        (lambda s: s.replace("a=fingerprint", "a=x-fingerprint"), "fingerprint"),
        (lambda s: s.replace("a=ice-pwd", "a=x-pwd"), "ice-pwd"),
        (lambda s: s.replace("a=candidate", "a=x-candidate"), "no usable candidate"),
        (lambda s: s.replace("typ ", "type "), "no usable candidate"),
        (lambda s: s.replace("a=setup:actpass", "a=setup:both"), "setup"),
        (lambda s: s.replace("m=application", "m=apple"), "media"),
        (lambda s: s * 200, "too long"),
    ],
)
def test_sdp_without_a_usable_data_channel_is_unsupported(change: object, why: str) -> None:
    """The encoder's input is the local browser's SDP; what it cannot carry is said so."""
    assert callable(change)
    with pytest.raises(iv.InviteError) as got:
        iv.parse_sdp(change(HAND_MADE))
    assert got.value.code == "UNSUPPORTED_SDP"


# --- codes ------------------------------------------------------------------------------


def test_codes_round_trip_and_are_short() -> None:
    """A one-candidate Chromium offer of ~560 characters becomes a code under 150."""
    invite, reply = chromium_invite(), chromium_reply()
    code, back = iv.encode_invite(invite), iv.encode_reply(reply)
    assert code.startswith("J1") and back.startswith("R1")
    assert iv.decode_invite(code) == invite and iv.decode_reply(back) == reply
    assert len(SDP["offer"]) > 500 and len(code) < 150 and len(back) < 150
    link = iv.invite_link("https://example.github.io/thousand/index.html", invite)
    assert qr.encode(link, "M").version <= 10


def test_what_cannot_be_read_back_is_not_written() -> None:
    """Sixteen candidates with 250-character host names: TOO_BIG when encoding."""
    conn = iv.parse_sdp(HAND_MADE)
    names = tuple(
        replace(conn.candidates[0], address=f"h{i}-" + "x" * 240 + ".example") for i in range(16)
    )
    big = iv.Invite(SESSION, 1, 3, 0, replace(conn, candidates=names))
    with pytest.raises(iv.InviteError) as got:
        iv.encode_invite(big)
    assert got.value.code == "TOO_BIG"


def test_deflate_is_used_when_it_is_shorter() -> None:
    """Flags bit 0: a body with long repeats is deflated, a random one is stored."""
    conn = iv.parse_sdp(HAND_MADE)
    many = tuple(replace(conn.candidates[0], port=1000 + i) for i in range(16))
    dull = iv.Invite(SESSION, 1, 3, 0, replace(conn, candidates=many))
    assert base64.urlsafe_b64decode(iv.encode_invite(dull)[2:] + "==")[0] == 1
    assert base64.urlsafe_b64decode(iv.encode_invite(chromium_invite())[2:] + "==")[0] == 0
    assert iv.decode_invite(iv.encode_invite(dull)) == dull


def test_links_and_fragments() -> None:
    """#join= and #reply= replace the page's fragment; other fragment parts are ignored."""
    invite, reply = chromium_invite(), chromium_reply()
    link = iv.invite_link("https://a.example/x/index.html?v=2#step=4", invite)
    assert link.startswith("https://a.example/x/index.html?v=2#join=J1")
    assert iv.read_fragment(link[link.index("#") :] + "&lang=ru") == invite
    back = iv.reply_link("https://a.example/x/index.html", reply)
    assert iv.read_fragment(back.split("index.html")[1]) == reply
    assert iv.read_fragment("") is None and iv.read_fragment("#record=abc") is None
    code = iv.encode_reply(reply)
    for pasted in (code, back, back[back.index("#") :], f"\n {code[:30]}\n{code[30:]} \t"):
        assert iv.read_reply_text(pasted) == reply


def test_session_ids() -> None:
    """Eight base64url characters of six bytes from the given source."""
    rng = random.Random(21)
    ids = {iv.new_session_id(rng.randbytes) for _ in range(100)}
    assert len(ids) == 100 and all(len(s) == 8 for s in ids)
    assert len(iv.new_session_id()) == 8


@pytest.mark.parametrize(
    "fields",
    [
        {"players": 5},
        {"players": 1, "seat": 0},
        {"seat": 3},
        {"seat": -1},
        {"protocol": 256},
        {"session": "short"},
        {"session": "AAAA AAA"},
    ],
)
def test_invite_fields_are_checked(fields: dict[str, object]) -> None:
    """Players 2-4, a seat at the table, a one-byte protocol, an 8-character session."""
    with pytest.raises(iv.InviteError) as got:
        replace(chromium_invite(), **fields)
    assert got.value.code == "MALFORMED"


# --- hostile input ------------------------------------------------------------------------


def refusal(code: str, read: object = iv.decode_invite) -> str:
    """The error code reading ``code`` gives; anything but an InviteError fails the test."""
    assert callable(read)
    try:
        read(code)
    except iv.InviteError as e:
        return e.code
    return "OK"


def deflated_code(prefix: str, body: bytes, tail: bytes = b"") -> str:
    """A code whose payload is ``body`` deflated (plus ``tail`` after the stream)."""
    z = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = b"\x01" + z.compress(body) + z.flush() + tail
    return prefix + base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_each_refusal_has_its_code() -> None:
    """Wrong kind, wrong version, too big, malformed: each said by its code."""
    invite = iv.encode_invite(chromium_invite())
    reply = iv.encode_reply(chromium_reply())
    assert refusal(reply) == "NOT_AN_INVITE"
    assert refusal(invite, iv.decode_reply) == "NOT_A_REPLY"
    assert refusal("J2" + invite[2:]) == "WRONG_VERSION"
    assert refusal("Jx" + invite[2:]) == "WRONG_VERSION"
    assert refusal("J1" + "A" * 3000) == "TOO_BIG"
    assert refusal("X1" + invite[2:]) == "MALFORMED"
    assert refusal(invite + "A") == "MALFORMED"  # not base64url (or bytes left over)
    assert refusal(invite[:-1] + ("B" if invite[-1] == "A" else "A")) in ("MALFORMED", "OK")
    assert refusal("") == refusal("J") == refusal("J1") == "MALFORMED"
    assert refusal("J1AA==") == "MALFORMED"  # padding is not part of the alphabet
    assert refusal("J1\u0410\u0411") == "MALFORMED"
    with pytest.raises(iv.InviteError) as got:
        iv.read_reply_text("https://a.example/#join=" + invite)
    assert got.value.code == "NOT_A_REPLY"
    with pytest.raises(iv.InviteError) as got:
        iv.read_reply_text("https://a.example/#step=3")
    assert got.value.code == "MALFORMED"


def test_non_canonical_base64_is_refused() -> None:
    """A last character with stray low bits decodes to the same bytes: refused all the same."""
    code = iv.encode_invite(chromium_invite())
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    unused = (len(code) - 2) * 6 % 8  # low bits of the last character that carry no data
    assert unused  # this code's length leaves some
    last = alphabet.index(code[-1])
    for bit in range(unused):
        assert refusal(code[:-1] + alphabet[last ^ 1 << bit]) == "MALFORMED"


def test_zip_bombs_and_deflate_tricks() -> None:
    """Inflation stops at MAX_BODY; a stream cut short or with bytes after it is refused."""
    bomb = deflated_code("J1", b"\0" * 2_000_000)
    assert len(bomb) < iv.MAX_CODE
    start = time.perf_counter()
    assert refusal(bomb) == "TOO_BIG"
    assert time.perf_counter() - start < 0.5
    body = base64.urlsafe_b64decode(iv.encode_invite(chromium_invite())[2:] + "==")[1:]
    assert refusal(deflated_code("J1", body)) == "OK"
    assert refusal(deflated_code("J1", body, tail=b"\0")) == "MALFORMED"
    cut = deflated_code("J1", body)
    assert refusal(cut[: len(cut) - 8]) == "MALFORMED"
    assert refusal("J1" + base64.urlsafe_b64encode(b"\x01garbage").decode().rstrip("=")) == (
        "MALFORMED"
    )
    assert refusal("J1" + base64.urlsafe_b64encode(b"\x02" + body).decode().rstrip("=")) == (
        "MALFORMED"
    )
    assert refusal(deflated_code("J1", body + b"\0")) == "MALFORMED"  # bytes left over


def test_huge_input_is_refused_at_once() -> None:
    """Megabytes of text are measured, never parsed."""
    start = time.perf_counter()
    for text in ("J1" + "A" * 10_000_000, "#join=" + "x" * 10_000_000):
        assert refusal(text) == "TOO_BIG"
        with pytest.raises(iv.InviteError) as got:
            iv.read_fragment(text)
        assert got.value.code == "TOO_BIG"
        with pytest.raises(iv.InviteError):
            iv.read_reply_text(text)
    assert time.perf_counter() - start < 1.0


def test_every_prefix_and_every_flipped_bit_is_handled() -> None:
    """Cut or corrupted codes give an invitation or an InviteError, never another exception."""
    for make in (iv.encode_invite(chromium_invite()), iv.encode_invite(replace(
        chromium_invite(), connection=iv.parse_sdp(HAND_MADE)
    ))):  # fmt: skip
        for n in range(len(make)):
            assert refusal(make[:n]) != "OK"
        data = bytearray(base64.urlsafe_b64decode(make[2:] + "=="))
        for i in range(len(data)):
            for bit in range(8):
                data[i] ^= 1 << bit
                refusal("J1" + base64.urlsafe_b64encode(bytes(data)).decode().rstrip("="))
                data[i] ^= 1 << bit


def test_random_garbage_never_escapes_as_another_exception() -> None:
    """Seeded fuzz: random text, random payloads after a valid prefix, random deflate."""
    rng = random.Random(2121)
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=#&%. \n\u0416"
    start = time.perf_counter()
    for _ in range(3000):
        kind = rng.randrange(3)
        if kind == 0:
            text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(60)))
        elif kind == 1:
            payload = bytes([rng.randrange(2)]) + rng.randbytes(rng.randrange(200))
            text = rng.choice("JR") + "1" + base64.urlsafe_b64encode(payload).decode().rstrip("=")
        else:
            text = deflated_code(rng.choice(("J1", "R1")), rng.randbytes(rng.randrange(300)))
        for read in (iv.decode_invite, iv.decode_reply, iv.read_fragment, iv.read_reply_text):
            with contextlib.suppress(iv.InviteError):
                read(text if read in (iv.decode_invite, iv.decode_reply) else "#join=" + text)
    assert time.perf_counter() - start < 20
