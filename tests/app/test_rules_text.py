"""The conventions editor's words (catalogue keys ``group.*``, ``conv.*``,
``value.*``, ``preset.*``) and structure (``app.library.rules_text``) against the engine's
conventions.

Every convention of ``thousand.conventions.Conventions`` needs a group and a
label with a one-line explanation in every language, every choice value the
engine accepts a name, and every preset of ``Conventions.PRESETS`` (the one home
of preset values) a name.
"""

from __future__ import annotations

import dataclasses
import re
import typing

import pytest

from app.library import rules_text as R
from app.shell.i18n import LANGS, tables
from thousand.conventions import Conventions

TABLES = tables()
FIELDS = [f.name for f in dataclasses.fields(Conventions)]
HINTS = typing.get_type_hints(Conventions)

CYRILLIC = re.compile(r"[А-Яа-яЁёІіЇїЄєҐґʼ]")
UK_ONLY = set("ІіЇїЄєҐґ")
RU_ONLY = set("ЫыЭэЪъЁё")
PL_LETTERS = set("ąćęłńóśźżĄĆĘŁŃÓŚŹŻ")
# English words that must not be left in a Polish text (Polish words are ASCII too).
ENGLISH = {
    "the", "and", "with", "when", "each", "only", "from", "this", "that", "must", "may",
    "player", "players", "points", "trick", "tricks", "trump", "barrel", "dealer", "bid",
    "bids", "deal", "deals", "game", "score", "scores", "without", "hand", "talon",
    "marriage", "declarer", "penalty", "concede", "concession", "round", "total",
}  # fmt: skip
PREFIXES = ("group.", "conv.", "value.", "preset.")


def label(lang: str, cid: str) -> str:
    return TABLES[lang]["conv." + cid]


def line(lang: str, cid: str) -> str:
    return TABLES[lang][f"conv.{cid}.help"]


def all_texts(lang: str) -> list[str]:
    """Every string of the editor shown to a player in ``lang``."""
    return [v for k, v in TABLES[lang].items() if k.startswith(PREFIXES)]


def explanations(lang: str) -> list[str]:
    """The one-line explanations and preset descriptions in ``lang``."""
    return [
        v
        for k, v in TABLES[lang].items()
        if k.startswith(("conv.", "preset.")) and k.endswith(".help")
    ]


def test_every_engine_convention_has_a_group() -> None:
    missing = [f for f in FIELDS if f not in R.CONVENTION_GROUP]
    assert not missing, f"conventions without a group: {missing}"


def test_groups_are_known_and_each_used() -> None:
    assert len(R.GROUPS) == len(set(R.GROUPS))
    assert set(R.CONVENTION_GROUP.values()) == set(R.GROUPS)
    assert set(R.CONVENTION_GROUP) == set(FIELDS)  # no text for a convention the engine lacks
    for lang in LANGS:
        assert all(TABLES[lang]["group." + g] for g in R.GROUPS)


@pytest.mark.parametrize("lang", LANGS)
def test_every_convention_has_text(lang: str) -> None:
    labelled = {k[5:] for k in TABLES[lang] if k.startswith("conv.") and "." not in k[5:]}
    assert labelled == set(R.CONVENTION_GROUP), lang
    assert all(f"conv.{cid}.help" in TABLES[lang] for cid in labelled)


@pytest.mark.parametrize("lang", LANGS)
def test_no_empty_strings_and_one_line(lang: str) -> None:
    for text in all_texts(lang):
        assert text.strip(), f"empty text in {lang}"
        assert text == text.strip(), f"stray spaces in {lang}: {text!r}"
        assert "\n" not in text, f"more than one line in {lang}: {text!r}"
        assert "  " not in text, f"double space in {lang}: {text!r}"


@pytest.mark.parametrize("lang", LANGS)
def test_lengths(lang: str) -> None:
    for cid in R.CONVENTION_GROUP:
        short, text = label(lang, cid), line(lang, cid)
        assert len(short) <= 40, f"{lang} {cid} label too long: {short!r}"
        assert len(text) <= 140, f"{lang} {cid} explanation too long ({len(text)}): {text!r}"
        assert text.endswith("."), f"{lang} {cid}: an explanation is a sentence: {text!r}"
    for pid in Conventions.PRESETS:
        name, text = TABLES[lang]["preset." + pid], TABLES[lang][f"preset.{pid}.help"]
        assert len(name) <= 30, f"{lang} preset {pid} name too long"
        assert len(text) <= 140, f"{lang} preset {pid} description too long ({len(text)})"


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_english_left_in_cyrillic_texts(lang: str) -> None:
    for text in all_texts(lang):
        latin = re.findall(r"\b[A-Za-z]{4,}\b", text)
        assert not latin, f"{lang}: Latin words {latin} in {text!r}"
        if not re.fullmatch(r"[\d\s−+-]+", text):
            assert CYRILLIC.search(text), f"{lang}: not Cyrillic: {text!r}"


def test_no_english_left_in_polish_texts() -> None:
    for text in all_texts("pl"):
        words = {w.lower() for w in re.findall(r"[A-Za-z]+", text)}
        assert not words & ENGLISH, f"pl: English words {words & ENGLISH} in {text!r}"
        assert not CYRILLIC.search(text), f"pl: Cyrillic in {text!r}"


def test_ukrainian_is_ukrainian() -> None:
    for text in all_texts("uk"):
        assert not set(text) & RU_ONLY, f"uk: Russian letters in {text!r}"
    for line in explanations("uk"):
        assert set(line) & UK_ONLY, f"uk: no і/ї/є/ґ, reads like Russian: {line!r}"


def test_russian_is_russian() -> None:
    for text in all_texts("ru"):
        assert not set(text) & UK_ONLY, f"ru: Ukrainian letters in {text!r}"


def test_polish_is_polish() -> None:
    for line in explanations("pl"):
        assert set(line) & PL_LETTERS, f"pl: no Polish letter, reads like English: {line!r}"


def test_texts_differ_between_languages() -> None:
    for cid in R.CONVENTION_GROUP:
        lines = {line(lang, cid) for lang in LANGS}
        assert len(lines) == len(LANGS), f"{cid}: an explanation was left untranslated"


def test_players_words() -> None:
    # The words the players of each country use, not engine jargon.
    assert "прикуп" in label("ru", "hide_talon_on_100").lower()
    assert "розпис" in label("uk", "write_off").lower()
    assert "musik" in label("pl", "hide_talon_on_100").lower()
    assert "przymus" in label("pl", "must_beat").lower()
    assert "meldunk" in label("pl", "bid_over_120_without_marriage").lower()
    assert "beczk" in label("pl", "barrel").lower()


@pytest.mark.parametrize("lang", LANGS)
def test_choice_values_have_names(lang: str) -> None:
    """A choice offers every value of a Literal convention and nothing the engine
    refuses; each value has a name."""
    for cid in FIELDS:
        if typing.get_origin(HINTS[cid]) is typing.Literal:
            assert set(R.CHOICES[cid]) == {str(v) for v in typing.get_args(HINTS[cid])}, cid
    for cid, values in R.CHOICES.items():
        assert cid in R.CONVENTION_GROUP
        for v in values:
            value = int(v) if v.isdigit() else v
            # the engine takes it (bids in tens need raises in tens, CONVENTIONS.md)
            partners = {"min_raise": value} if cid == "bid_step" else {}
            Conventions.from_dict({cid: value, **partners})
            assert TABLES[lang][f"value.{cid}.{v}"].strip(), f"{lang} {cid} {v}"


@pytest.mark.parametrize("lang", LANGS)
def test_every_preset_has_a_name(lang: str) -> None:
    names = [TABLES[lang]["preset." + pid] for pid in Conventions.PRESETS]
    assert len(names) == len(set(names)), f"{lang}: two presets share a name"


def test_regional_sets() -> None:
    """The regional presets are engine presets; their values are read from there."""
    assert R.REGIONAL_PRESETS == ("russian", "ukrainian", "polish")
    assert not hasattr(R, "REGIONAL_SETS")  # preset values have one home: Conventions.PRESETS
    for name in R.REGIONAL_PRESETS:
        assert name in Conventions.PRESETS
        assert Conventions.preset(name).problems() == []


def test_polish_set_uses_the_new_conventions() -> None:
    pl = Conventions.preset("polish")
    assert pl.barrel_at == 800 and pl.barrel_mode == "declarer_only"
    assert pl.round_to == 10 and pl.bid_step == 10 and pl.min_raise == 10
    assert pl.bombs == 1 and pl.bomb_points == 60 and pl.write_off is False
    assert pl.must_beat is True
