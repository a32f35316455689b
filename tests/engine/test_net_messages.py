"""The wire protocol (thousand.net.messages): schema, size, version, sequence, rate."""

from __future__ import annotations

import json

import pytest

from thousand.net.messages import (
    MAX_TEXT,
    PROTOCOL,
    TEXTS,
    Inbox,
    ProtocolError,
    Refusal,
    TokenBucket,
    decode,
    describe,
    encode,
)


def code_of(text: str) -> Refusal:
    with pytest.raises(ProtocolError) as e:
        decode(text)
    return e.value.code


def test_every_code_has_one_english_fallback() -> None:
    assert set(TEXTS) == set(Refusal)
    assert "?" not in describe(Refusal.WRONG_VERSION, {"ours": 1, "theirs": 2})
    assert describe(Refusal.FLOOD, {}) == "too many messages from ?"


def test_round_trip_and_envelope() -> None:
    text = encode("act", seq=5, sender=2, deal=3, n=0, a="pass")
    msg = decode(text)
    assert msg == {"v": PROTOCOL, "t": "act", "seq": 5, "from": 2, "deal": 3, "n": 0, "a": "pass"}


@pytest.mark.parametrize(
    "change",
    [
        {"extra": 1},  # a key the schema does not allow
        {"n": -1},  # out of range
        {"n": True},  # a bool is not an int
        {"a": "x" * 13},  # too long
        {"deal": "3"},  # wrong type
        {"from": 4},  # no such seat
        {"seq": 1.5},
        {"t": "nonsense"},
        {"pos": 24},
    ],
)
def test_schema_refuses_malformed_fields(change: dict[str, object]) -> None:
    msg = json.loads(encode("act", seq=5, sender=2, deal=3, n=0, a="pass"))
    msg.update(change)
    assert code_of(json.dumps(msg)) is Refusal.MALFORMED


def test_missing_field_and_bad_hex() -> None:
    assert code_of('{"v":2,"t":"act","seq":0,"from":0,"deal":1,"n":0}') is Refusal.MALFORMED
    bad = '{"v":2,"t":"key","seq":0,"from":0,"deal":1,"h":"XYZ"}'
    assert code_of(bad) is Refusal.MALFORMED
    assert code_of("not json") is Refusal.MALFORMED
    assert code_of("[1, 2]") is Refusal.MALFORMED
    assert code_of("[" * 50 + "]" * 50) is Refusal.MALFORMED


def test_too_big_is_refused_before_parsing() -> None:
    text = '{"v":1,"t":"claim","pad":"' + "x" * MAX_TEXT + '"}'
    with pytest.raises(ProtocolError) as e:
        decode(text)
    assert e.value.code is Refusal.TOO_BIG
    assert e.value.params == {"size": len(text), "limit": MAX_TEXT}


def test_wrong_version_names_both() -> None:
    with pytest.raises(ProtocolError) as e:
        decode('{"v": 7, "t": "claim"}')
    assert e.value.code is Refusal.WRONG_VERSION
    assert e.value.params == {"ours": PROTOCOL, "theirs": 7}
    assert f"ours {PROTOCOL}, theirs 7" in e.value.text()


def test_encode_refuses_to_send_junk() -> None:
    with pytest.raises(ProtocolError):
        encode("act", seq=0, sender=0, deal=1, n=0, a="pass", junk=1)


def test_token_bucket_refills_with_the_injected_clock() -> None:
    b = TokenBucket(rate=10.0, burst=3.0)
    assert [b.take(0.0) for _ in range(4)] == [True, True, True, False]
    assert not b.take(0.05)  # half a token
    assert b.take(0.1)
    assert not b.take(0.1)


def test_inbox_orders_refuses_duplicates_and_replays() -> None:
    box = Inbox()
    assert box.accept(1, "b") == []  # early: waits
    assert box.gap()
    assert box.accept(0, "a") == ["a", "b"]
    assert not box.gap()
    with pytest.raises(ProtocolError) as e:
        box.accept(0, "a")
    assert e.value.code is Refusal.DUPLICATE
    with pytest.raises(ProtocolError) as e:
        box.accept(1, "other")
    assert e.value.code is Refusal.REPLAY
    with pytest.raises(ProtocolError) as e:
        box.accept(10_000, "far")
    assert e.value.code is Refusal.FLOOD
