"""cards_svg/make_cards.py and the committed sprite it writes."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import make_cards
import pytest

SPRITE = Path(make_cards.__file__).with_name("cards.svg")
SVG = "{http://www.w3.org/2000/svg}"


def test_committed_sprite_is_up_to_date() -> None:
    """Regenerate with python3 cards_svg/make_cards.py after editing the generator."""
    assert SPRITE.read_text(encoding="utf-8") == make_cards.sprite()


def test_sprite_has_24_faces_in_engine_notation_and_a_back() -> None:
    root = ET.fromstring(make_cards.sprite())
    ids = [el.get("id") for el in root.iter(f"{SVG}symbol")]
    cards = {i for i in ids if i and i.startswith("card-")}
    expected = {f"card-{r}{s}" for r in "9JQKTA" for s in "SCDH"} | {"card-back"}
    assert cards == expected


def test_ids_are_unique_and_namespaced() -> None:
    root = ET.fromstring(make_cards.sprite())
    ids = [el.get("id") for el in root.iter() if el.get("id")]
    assert len(ids) == len(set(ids))
    assert all(i.startswith(("card-", "cards-")) for i in ids)


def test_sprite_is_small() -> None:
    assert len(make_cards.sprite().encode()) < 150_000


@pytest.mark.parametrize(("card", "face"), [("TS", ">10<"), ("9H", ">9<"), ("QD", ">Q<")])
def test_face_shows_rank_with_ten_as_10(card: str, face: str) -> None:
    assert face in make_cards.card_face(card[0], card[1])


def test_red_and_black_suits() -> None:
    assert make_cards.RED in make_cards.card_face("A", "H")
    assert make_cards.RED in make_cards.card_face("K", "D")
    assert make_cards.RED not in make_cards.card_face("A", "S")
    assert make_cards.BLACK in make_cards.card_face("J", "C")


def test_unknown_card_is_refused() -> None:
    with pytest.raises(ValueError):
        make_cards.card_face("8", "S")
