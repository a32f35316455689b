"""The conventions editor's words (app.rules_text) against the engine's conventions.

Every convention of ``thousand.conventions.Conventions`` needs a group and a
label with a one-line explanation in every language, and every preset of
``Conventions.PRESETS`` (the one home of preset values) a name; ids specified in
docs/CONVENTIONS.md but not yet in the engine (``PLANNED``) would be tolerated.
"""

from __future__ import annotations

import dataclasses
import re
import typing

import pytest

from app import rules_text as R
from thousand.conventions import Conventions, ConventionsError

FIELDS = [f.name for f in dataclasses.fields(Conventions)]
HINTS = typing.get_type_hints(Conventions)
ALL_IDS = set(FIELDS) | set(R.PLANNED)

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


def all_texts(lang: str) -> list[str]:
    """Every string shown to a player in ``lang``."""
    out: list[str] = []
    for label, line in R.TEXT[lang].values():
        out += [label, line]
    for name, line in R.PRESET_TEXT[lang].values():
        out += [name, line]
    for values in R.VALUE_TEXT[lang].values():
        out += list(values.values())
    out += [titles[lang] for _, titles in R.GROUPS]
    return out


def explanations(lang: str) -> list[str]:
    """The one-line explanations and preset descriptions in ``lang``."""
    lines = [line for _, line in R.TEXT[lang].values()]
    return lines + [line for _, line in R.PRESET_TEXT[lang].values()]


def test_languages() -> None:
    assert R.LANGS == ("en", "ru", "uk", "pl")
    assert set(R.TEXT) == set(R.PRESET_TEXT) == set(R.VALUE_TEXT) == set(R.LANGS)


def test_every_engine_convention_has_a_group() -> None:
    missing = [f for f in FIELDS if f not in R.CONVENTION_GROUP]
    assert not missing, f"conventions without a group: {missing}"


def test_groups_are_known_and_each_used() -> None:
    group_ids = [g for g, _ in R.GROUPS]
    assert len(group_ids) == len(set(group_ids))
    assert set(R.CONVENTION_GROUP.values()) == set(group_ids)
    for _, titles in R.GROUPS:
        assert set(titles) == set(R.LANGS)


def test_grouped_ids_are_engine_fields_or_planned() -> None:
    unknown = set(R.CONVENTION_GROUP) - ALL_IDS
    assert not unknown, f"ids neither in Conventions nor PLANNED: {unknown}"


def test_planned_ids_are_really_new() -> None:
    # Once the engine has a planned id, it must leave PLANNED (and keep its texts).
    landed = R.PLANNED & set(FIELDS)
    assert not landed, f"move these out of PLANNED, the engine has them: {landed}"
    for cid, values in R.PLANNED_VALUES.items():
        assert cid in FIELDS
        for v in values:
            with pytest.raises(ConventionsError):
                Conventions.from_dict({cid: v})  # still new: the engine refuses it today


@pytest.mark.parametrize("lang", R.LANGS)
def test_every_convention_has_text(lang: str) -> None:
    assert set(R.TEXT[lang]) == set(R.CONVENTION_GROUP), lang


@pytest.mark.parametrize("lang", R.LANGS)
def test_no_empty_strings_and_one_line(lang: str) -> None:
    for text in all_texts(lang):
        assert text.strip(), f"empty text in {lang}"
        assert text == text.strip(), f"stray spaces in {lang}: {text!r}"
        assert "\n" not in text, f"more than one line in {lang}: {text!r}"
        assert "  " not in text, f"double space in {lang}: {text!r}"


@pytest.mark.parametrize("lang", R.LANGS)
def test_lengths(lang: str) -> None:
    for cid, (label, line) in R.TEXT[lang].items():
        assert len(label) <= 40, f"{lang} {cid} label too long: {label!r}"
        assert len(line) <= 140, f"{lang} {cid} explanation too long ({len(line)}): {line!r}"
        assert line.endswith("."), f"{lang} {cid}: an explanation is a sentence: {line!r}"
    for pid, (name, line) in R.PRESET_TEXT[lang].items():
        assert len(name) <= 30, f"{lang} preset {pid} name too long"
        assert len(line) <= 140, f"{lang} preset {pid} description too long ({len(line)})"


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
        lines = {R.TEXT[lang][cid][1] for lang in R.LANGS}
        assert len(lines) == len(R.LANGS), f"{cid}: an explanation was left untranslated"


def test_players_words() -> None:
    # The words the players of each country use, not engine jargon.
    assert "прикуп" in R.TEXT["ru"]["hide_talon_on_100"][0].lower()
    assert "розпис" in R.TEXT["uk"]["write_off"][0].lower()
    assert "musik" in R.TEXT["pl"]["hide_talon_on_100"][0].lower()
    assert "przymus" in R.TEXT["pl"]["must_beat"][0].lower()
    assert "meldunk" in R.TEXT["pl"]["bid_over_120_without_marriage"][0].lower()
    assert "beczk" in R.TEXT["pl"]["barrel"][0].lower()


def choice_values(cid: str) -> list[str]:
    """The values a non-boolean choice convention takes, as strings."""
    tp = HINTS.get(cid)
    if tp is not None and typing.get_origin(tp) is typing.Literal:
        return [str(v) for v in typing.get_args(tp)]
    known = {
        "players": ["2", "3", "4"],
        "min_raise": ["5", "10"],
        "barrel_at": ["800", "880", "900"],
        "bid_step": ["5", "10"],
        "round_to": ["5", "10"],
        "barrel_mode": ["finish", "declarer_only"],
    }
    return known.get(cid, [])


@pytest.mark.parametrize("lang", R.LANGS)
def test_choice_values_have_names(lang: str) -> None:
    literal_ids = [f for f in FIELDS if typing.get_origin(HINTS[f]) is typing.Literal]
    assert {"bolts", "barrel_bidding"} <= set(literal_ids)
    assert "barrel_mode" in literal_ids
    for cid in [*literal_ids, "players", "min_raise", "bid_step", "round_to", "barrel_at"]:
        values = choice_values(cid)
        if not values:
            continue
        assert cid in R.VALUE_TEXT[lang], f"{lang}: no value names for {cid}"
        assert set(R.VALUE_TEXT[lang][cid]) == set(values), f"{lang} {cid}"
    assert set(R.VALUE_TEXT[lang]) <= set(R.CONVENTION_GROUP)


@pytest.mark.parametrize("lang", R.LANGS)
def test_every_preset_has_a_name(lang: str) -> None:
    expected = set(Conventions.PRESETS)
    assert set(R.PRESET_TEXT[lang]) == expected, lang
    names = [name for name, _ in R.PRESET_TEXT[lang].values()]
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
