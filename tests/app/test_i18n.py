"""The catalogues (``py/app/locale/*.po``): every locale has every key with the same
placeholders and every plural form of its language, no English is left in the
others, every key is used, and the files read as gettext reads them."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from app.library import rules_text
from app.shell import catalog
from app.shell.i18n import (
    LANGS,
    card_name,
    normalize_lang,
    number,
    plural_form,
    signed,
    t,
    tables,
)
from thousand import Conventions
from thousand.conventions import PROBLEM_WORDS

TABLES = tables()
EN = TABLES["en"]

APP = Path(__file__).resolve().parents[2] / "py" / "app"
PLACEHOLDER = re.compile(r"\{[a-z_]+\}")
#: Views that ask for their texts by key alone, and the prefix those keys have.
PREFIXED = {"hint": "table/hint", "analysis": "replay/analysis_view"}
#: The conventions editor's keys (``conv.<id>``, ...) and the ids they may name.
EDITOR = {
    "group": set(rules_text.GROUPS),
    "conv": set(rules_text.CONVENTION_GROUP),
    "value": {f"{c}.{v}" for c, vs in rules_text.CHOICES.items() for v in vs},
    "preset": set(Conventions.PRESETS),
    "problem": set(PROBLEM_WORDS),  # every engine objection has its words
}
# Words that are the same in English and the other languages (numbers, symbols).
SAME_OK = {"1000", "#", "{name}: {value}", "{name}: {card}", "{name} {v}", "bolt"}


@pytest.mark.parametrize("lang", LANGS)
def test_each_locale_has_every_key_with_the_same_placeholders(lang: str) -> None:
    table = TABLES[lang]
    assert set(table) == set(EN), set(EN) ^ set(table)
    for key, text in EN.items():
        assert set(PLACEHOLDER.findall(table[key])) == set(PLACEHOLDER.findall(text)), key
        assert table[key].strip(), key


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_no_latin_words_in_cyrillic_locales(lang: str) -> None:
    for key, text in TABLES[lang].items():
        words = re.findall(r"[A-Za-z]{3,}", PLACEHOLDER.sub("", text).replace(".json", ""))
        assert words == [], (key, words)


def test_ukrainian_is_not_russian() -> None:
    for key, text in TABLES["uk"].items():
        assert not re.search("[ыэъё]", text), key
    assert sum(text != TABLES["ru"][key] for key, text in TABLES["uk"].items()) > len(EN) * 0.8


def test_polish_is_not_english() -> None:
    same = [
        k for k, v in TABLES["pl"].items() if v == EN[k] and v not in SAME_OK and not v.isdigit()
    ]
    assert same == []
    english = re.compile(r"\b(the|you|your|and|with|of|is|not|cards?|game|deal)\b", re.I)
    for key, text in TABLES["pl"].items():
        assert not english.search(PLACEHOLDER.sub("", text)), key


def test_every_key_is_used_by_the_page() -> None:
    # The rules pages are made by the build from the same catalogues.
    tools = [APP.parents[1] / "tools" / name for name in ("rules_pages.py", "rule_examples.py")]
    source = "\n".join(
        p.read_text(encoding="utf-8") for p in [*APP.rglob("*.py"), *tools] if p.name != "i18n.py"
    )
    # the lessons' captions name catalogue keys as "@key" (app.lessons.lesson), in code and records
    source += "\n".join(p.read_text(encoding="utf-8") for p in (APP / "lessons").glob("*.json"))
    unused = []
    for key in EN:
        base = key.removesuffix("_you").removesuffix("_to")
        if f'"{key}"' in source or f"'{key}'" in source or f'"@{key}"' in source:
            continue
        view, dot, rest = key.partition(".")
        if (
            dot
            and view in PREFIXED
            and f'"{rest.removesuffix("_you")}"'
            in (APP / f"{PREFIXED[view]}.py").read_text(encoding="utf-8")
        ):
            continue  # a view's own texts, asked for without their prefix (hint.make)
        if dot and view in EDITOR and rest.removesuffix(".help") in EDITOR[view]:
            continue  # the editor's words of a group, convention, value or rule set
        prefix = key.rpartition(".")[0] + "."
        if prefix in ("net.state.", "net.code.", "net.refused.", "net.found.") and (
            f'"{prefix}"' in source
        ):
            continue  # a code worded by its prefix: "net.refused." + code
        if key.endswith("_you") and f'"{base}"' in source:
            continue  # the second-person form of a used key
        if key.startswith(
            ("ev_", "level_", "kind_", "made", "failed", "wrote_off", "why_", "refuse_")
        ) and (f'"{base}"' in source or base.split("_")[0] + "_" in source):
            continue  # built from a prefix: "ev_" + kind, "level_" + level, key + "_you"
        unused.append(key)
    assert unused == []


def test_card_names_and_language_codes() -> None:
    assert card_name(0, "en") == "Nine of spades"
    assert card_name(23, "uk") == "туз чирви"
    assert card_name(17, "pl") == "as karo"
    assert normalize_lang("uk-UA") == "uk" and normalize_lang("ua") == "uk"
    assert normalize_lang("<script>") == "en" and normalize_lang(None) == "en"
    assert t("pl", "talon") == "Musik"
    assert all(
        c in string.printable or ord(c) > 127 for c in t("ru", "save_corrupt", why="x", key="y")
    )


def test_scores_print_with_a_minus_sign() -> None:
    """Totals and changes of score use the minus sign (U+2212) everywhere: the summary
    printed "−100" in one column and "-100" in the next."""
    assert number(-100) == "\u2212100" and number(75) == "75" and number(0) == "0"
    assert signed(-120) == "\u2212120" and signed(105) == "+105" and signed(0) == "0"


@pytest.mark.parametrize("lang", LANGS)
def test_every_counted_text_has_every_plural_form_of_its_language(lang: str) -> None:
    """``msgid_plural`` entries: as many ``msgstr[i]`` as the header's nplurals, each
    with the count, in every catalogue for the same keys."""
    header, entries = catalog.read(lang)
    nplurals = int(re.search(r"nplurals=(\d+)", header["Plural-Forms"]).group(1))  # type: ignore[union-attr]
    assert nplurals == (2 if lang == "en" else 3)
    plural = {e.msgid: e.msgstr for e in entries if e.plural is not None}
    english = {e.msgid for e in catalog.read("en")[1] if e.plural is not None}
    assert set(plural) == english and english
    for key, forms in plural.items():
        assert len(forms) == nplurals, (lang, key)
        assert all("{n}" in f and f.strip() for f in forms), (lang, key)


def test_catalogues_read_back_as_gettext_reads_them() -> None:
    """The in-memory .mo form answers what the .po file says (contexts and plurals too)."""
    for lang in LANGS:
        _, entries = catalog.read(lang)
        cat = catalog.load(lang)
        for e in entries:
            if e.context is not None:
                assert cat.pgettext(e.context, e.msgid) == e.msgstr[0]
            elif e.plural is None:
                assert cat.gettext(e.msgid) == e.msgstr[0]
            else:
                for n in range(0, 30):
                    form = e.msgstr[plural_form(lang, n)]
                    assert cat.ngettext(e.msgid, e.plural, n) == form


def test_a_broken_catalogue_says_where() -> None:
    with pytest.raises(catalog.CatalogError, match="line 3"):
        catalog.parse_po('msgid "a"\nmsgstr "b"\nmsgstr[5] "c"\n')
    with pytest.raises(catalog.CatalogError, match="line 1"):
        catalog.parse_po("msgid unquoted\n")


@pytest.mark.parametrize("lang", LANGS)
def test_every_engine_objection_is_worded(lang: str) -> None:
    """Each code of ``thousand.conventions.Problem`` has its words (``problem.<code>``,
    or the two-convention forms), so no engine English reaches the editor."""
    worded = {k.removeprefix("problem.") for k in TABLES[lang] if k.startswith("problem.")}
    assert set(PROBLEM_WORDS) - worded == {"needs", "clash"}  # rules_needs, rules_contradict
