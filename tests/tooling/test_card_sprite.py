"""The card art (``thousand.cardart``) and the committed sprite that
``cards_svg/make_cards.py`` writes from it."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import make_cards
import pytest

from thousand import cardart

SPRITE = make_cards.SPRITE
SVG = "{http://www.w3.org/2000/svg}"
ALL_CARDS = [r + s for s in "SCDH" for r in "9JQKTA"]


def test_committed_sprite_is_up_to_date() -> None:
    """Regenerate with python3 cards_svg/make_cards.py after editing the card art."""
    assert SPRITE.read_bytes() == cardart.sprite().encode("utf-8")


def test_make_cards_writes_the_sprite_byte_for_byte(tmp_path: Path) -> None:
    out = tmp_path / "cards.svg"
    assert make_cards.main(out) == 0
    assert out.read_bytes() == SPRITE.read_bytes()


def test_sprite_has_24_faces_in_engine_notation_and_a_back() -> None:
    root = ET.fromstring(cardart.sprite())
    ids = [el.get("id") for el in root.iter(f"{SVG}symbol")]
    cards = {i for i in ids if i and i.startswith("card-")}
    expected = {f"card-{c}" for c in ALL_CARDS} | {"card-back"}
    assert cards == expected


def test_ids_are_unique_and_namespaced() -> None:
    root = ET.fromstring(cardart.sprite())
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    assert all(i.startswith(("card-", "cards-")) for i in ids)


def test_sprite_is_small() -> None:
    assert len(cardart.sprite().encode()) < 150_000


@pytest.mark.parametrize(("card", "face"), [("TS", ">10<"), ("9H", ">9<"), ("QD", ">Q<")])
def test_face_shows_rank_with_ten_as_10(card: str, face: str) -> None:
    assert face in cardart.card_face(card[0], card[1])


def test_red_and_black_suits() -> None:
    assert cardart.RED in cardart.card_face("A", "H")
    assert cardart.RED in cardart.card_face("K", "D")
    assert cardart.RED not in cardart.card_face("A", "S")
    assert cardart.BLACK in cardart.card_face("J", "C")


def test_unknown_card_is_refused() -> None:
    with pytest.raises(ValueError):
        cardart.card_face("8", "S")
    with pytest.raises(ValueError):
        cardart.defs(["8S"])
    with pytest.raises(ValueError):
        cardart.defs(["TSX"])


def _defs_ids(markup: str) -> list[str]:
    root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">{markup}</svg>')
    return [el.get("id") or "" for el in root if el.tag == f"{SVG}symbol"]


@pytest.mark.parametrize(
    ("cards", "back", "suits"),
    [
        ([], True, ()),
        (["TS"], False, ()),
        (["QH", "9H", "AC"], True, ("D",)),
        (ALL_CARDS, True, ()),
    ],
)
def test_defs_hold_exactly_the_symbols_used(
    cards: list[str], back: bool, suits: tuple[str]
) -> None:
    got = _defs_ids(cardart.defs(cards, back=back, suits=suits))
    assert got == list(cardart.symbol_ids(cards, back=back, suits=suits))
    want_suits = {c[1] for c in cards} | set(suits)
    assert {i for i in got if i.startswith("cards-suit-")} == {
        f"cards-suit-{s}" for s in want_suits
    }
    assert {i for i in got if i.startswith("card-")} == {f"card-{c}" for c in cards} | (
        {"card-back"} if back else set()
    )


def test_defs_are_the_sprites_symbols() -> None:
    """A diagram's inlined card is the very symbol of the page's sprite."""
    sprite = cardart.sprite()
    for c in ALL_CARDS:
        assert cardart.defs([c]).split("</symbol>", 1)[1] in sprite
    assert cardart.card_back() in sprite
