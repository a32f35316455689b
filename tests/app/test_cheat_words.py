"""What a page says of a cheat and of a refused message: the players' words in every
language, the person named as the table names them, and nothing of the protocol's
own (no code, no Python value, no seat number counted from zero)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from app.page.update_online import finding_words, refusal_words
from app.shell.i18n import LANGS, Words
from thousand.net.messages import Refusal

NET = Path(__file__).resolve().parents[2] / "py" / "thousand" / "net"
NAMES = ("Ann", "Olena", "Computer 3")
#: What must never reach a player: a Python value, a placeholder left, a code.
LEAKS = re.compile(r"Finding\(|<Refusal|Refusal\.|seat=|\{|\}|\bNone\b|_[a-z]+_|\bseat [0-9]")


def finding_kinds() -> set[str]:
    """Every ``what`` a ``Finding`` is made with in the protocol's source."""
    kinds = set()
    for path in NET.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Finding":
                args = [*node.args, *(k.value for k in node.keywords if k.arg == "what")]
                texts = [a for a in args if isinstance(a, ast.Constant)]
                kinds |= {a.value for a in texts if isinstance(a.value, str)}
    return kinds


def said(words: Words, lang: str) -> str:
    return words.text(lang, NAMES)


def test_every_kind_of_cheat_the_protocol_finds_has_words() -> None:
    kinds = finding_kinds()
    assert {"proof", "key", "shuffle", "illegal", "alarm"} <= kinds  # (the reading works)
    for kind in kinds:
        assert finding_words(kind, 1, 3).key == f"net.found.{kind}", kind


@pytest.mark.parametrize("lang", LANGS)
def test_a_cheat_names_the_person_and_the_deal_in_words(lang: str) -> None:
    for kind in finding_kinds():
        text = said(finding_words(kind, 1, 3), lang)
        assert not LEAKS.search(text), (kind, text)
        if kind not in ("unfinished",):
            assert "Olena" in text, (kind, text)
        if kind not in ("commitment",):
            assert "3" in text, (kind, text)
    whole = said(Words.of("net.cheat", what=finding_words("proof", 1, 3)), lang)
    assert "Olena" in whole and not LEAKS.search(whole)


@pytest.mark.parametrize("lang", LANGS)
def test_a_hostile_pages_halt_is_worded_without_its_values(lang: str) -> None:
    for what, seat in [
        ("<img src=x onerror=alert(1)>", 1),
        ("__class__", 1),
        (None, "1"),
        (["proof"], 99),
        ("proof", True),
        ("x" * 500, -7),
    ]:
        text = said(finding_words(what, seat, "3"), lang)
        assert not LEAKS.search(text) and "<img" not in text and "xxxx" not in text, text


@pytest.mark.parametrize("lang", LANGS)
def test_every_refusal_is_worded_and_names_its_seat(lang: str) -> None:
    params = {
        "seat": 1,
        "what": "act",
        "action": "play 9S",
        "size": 70000,
        "limit": 65536,
        "ours": "b1",
        "theirs": "b2",
        "seq": 4,
        "peer": "p1",
        "deal": 2,
        "now": 3,
        "why": "bad json",
        "deals": 2,
    }
    for code in Refusal:
        text = said(refusal_words(code.value, params), lang)
        assert not LEAKS.search(text), (code, text)
        if "{seat}" in Words.of(f"net.refused.{code.value}").key:
            assert "Olena" in text
    for code in ("out_of_turn", "illegal", "bad_proof"):
        assert "Olena" in said(refusal_words(code, params), lang), code
