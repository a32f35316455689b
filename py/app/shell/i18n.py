"""Every word of the page in English, Russian, Ukrainian and Polish.

The words live in one gettext catalogue per language, ``py/app/locale/<lang>.po``
(read by ``app.shell.catalog``); this module looks them up: ``t`` (a text),
``tn`` (a counted text in the language's plural form), ``reason`` (an engine
penalty reason), ``card_name`` and ``card_short``. The same keys in each
(``tests/app/test_i18n.py`` checks that, the placeholders, the plural forms, and
that no English is left in the others). Russian, Ukrainian
and Polish use the players' own words (прикуп, марьяж, бочка, болт, расписать;
прикуп, марʼяж, бочка, болт, розписати; musik, meldunek, beczka, bomba).
Cards are named in words for screen readers (``card_name``).

>>> t("ru", "talon")
'Прикуп'
>>> card_name(23, "uk"), card_name(11, "pl"), card_name(5, "en")
('туз чирви', 'as trefl', 'Ace of spades')
"""

from __future__ import annotations

import gettext
from collections.abc import Sequence
from dataclasses import dataclass

from app.shell import catalog

LANGS = catalog.LOCALES
LANG_NAMES = {"en": "English", "ru": "Русский", "uk": "Українська", "pl": "Polski"}
#: What the narrow toolbar shows for each (Ukrainian as UA: "UK" reads as Britain).
LANG_CODES = {"en": "EN", "ru": "RU", "uk": "UA", "pl": "PL"}


class _Catalogues:
    """Each language's gettext catalogue (``py/app/locale/<lang>.po``), loaded when
    first asked for: a page loads its own language's only (``app.shell.catalog``). Keys
    missing in one fall back to English, and so does a language whose catalogue
    cannot be had now (a switch while offline before its copy came)."""

    def __init__(self) -> None:
        self._loaded: dict[str, gettext.GNUTranslations] = {}

    def __getitem__(self, lang: str) -> gettext.GNUTranslations:
        cat = self._loaded.get(lang)
        if cat is not None:
            return cat
        if lang not in LANGS:
            raise KeyError(lang)
        if lang == catalog.IN_WHEEL:
            cat = self._loaded[lang] = catalog.load(lang)
            return cat
        english = self[catalog.IN_WHEEL]
        try:
            cat = catalog.load(lang)
        except (catalog.CatalogError, OSError) as e:
            print(f"the {lang} catalogue cannot be had now ({e}): English meanwhile")
            return english
        cat.add_fallback(english)
        self._loaded[lang] = cat
        return cat

    def __contains__(self, lang: object) -> bool:
        return lang in LANGS

    def loaded(self, lang: str) -> bool:
        """Whether ``lang``'s own catalogue has been loaded."""
        return lang in self._loaded

    def get(self, lang: str, default: gettext.GNUTranslations) -> gettext.GNUTranslations:
        """``lang``'s catalogue, or ``default`` for a language the page does not have."""
        return self[lang] if lang in LANGS else default


CATALOGUES = _Catalogues()


def tables() -> dict[str, dict[str, str]]:
    """Every key and its text per language (a counted text's forms joined by ``|``),
    read from the ``.po`` files: for the checks of the catalogues (not the page)."""
    out: dict[str, dict[str, str]] = {}
    for lang in LANGS:
        _, entries = catalog.read(lang)
        out[lang] = {
            e.msgid: "|".join(e.msgstr)
            for e in entries
            if e.context is None and not e.msgid.startswith(_CARD_KEYS)
        }
    return out


def has(key: str) -> bool:
    """Whether the catalogues have ``key`` (the English one holds every key), a plain
    or a counted text (``gettext`` finds a counted one only on Python 3.11.7 and later)."""
    en = CATALOGUES["en"]
    return en.gettext(key) != key or en.ngettext(key, key, 1) != key


_CARD_KEYS = ("rank.", "suit_of.", "suit_adj.", "rank_short.")

SUIT_SYMBOLS = "♠♣♦♥"


def _cards(lang: str, name: str, n: int) -> tuple[str, ...]:
    cat = CATALOGUES[lang if lang in CATALOGUES else "en"]
    return tuple(cat.gettext(f"{name}.{i}") for i in range(n))


class _CardWords(dict[str, tuple[str, ...]]):
    """One kind of card word per language, read from its catalogue when first asked for."""

    def __init__(self, name: str, n: int) -> None:
        super().__init__()
        self.name, self.n = name, n

    def __missing__(self, lang: str) -> tuple[str, ...]:
        if lang not in LANGS:
            raise KeyError(lang)
        words = _cards(lang, self.name, self.n)
        if CATALOGUES.loaded(lang):  # (not English meanwhile: kept once the real words came)
            self[lang] = words
        return words

    def __contains__(self, lang: object) -> bool:
        return lang in LANGS


#: Card words per language from the catalogues: ranks 9 J Q K 10 A, suits ♠ ♣ ♦ ♥.
RANKS = _CardWords("rank", 6)
SUIT_OF = _CardWords("suit_of", 4)  # as they follow a rank
SUIT_ADJ = _CardWords("suit_adj", 4)  # "the ♥ hearts marriage"
RANK_SHORT = _CardWords("rank_short", 6)  # "Q♠": the faces' letters (docs/GLOSSARY.md)


def t(lang: str, key: str, /, **kw: object) -> str:
    """The text for ``key`` in ``lang`` (English when missing), formatted with ``kw``."""
    text = CATALOGUES.get(lang, CATALOGUES["en"]).gettext(key)
    return text.format(**kw) if kw else text


def you_key(key: str, you: bool) -> str:
    """The key of a sentence whose subject is a seat: its "you" form ``<key>_you``
    ("You deal", «Вы сдаёте», "Rozdajesz") when that seat is the player spoken to and
    the catalogue has one, else ``key`` ("West deals"). Every such sentence has one
    (``tests/app/test_you_forms.py``); the named forms avoid a past tense that would
    need the name's gender.

    >>> t("ru", you_key("ev_pass", True)), t("ru", you_key("ev_pass", False), name="Запад")
    ('Вы пасуете.', 'Запад пасует.')
    """
    return key + "_you" if you and has(key + "_you") else key


def plural_form(lang: str, n: int) -> int:
    """Which plural form a count takes: the catalogue's own ``Plural-Forms`` rule
    (en 1 / other; ru, uk 1, 21 / 2-4, 22-24 / 5-20, 25; pl 1 / 2-4, 22-24 / 5-21)."""
    cat = CATALOGUES.get(lang, CATALOGUES["en"])
    return int(cat.plural(abs(n)))  # type: ignore[attr-defined]


def tn(lang: str, key: str, n: int, /, **kw: object) -> str:
    """A counted text in the plural form of ``n`` (``msgid_plural`` in the catalogue)."""
    text = CATALOGUES.get(lang, CATALOGUES["en"]).ngettext(key, key, abs(n))
    return text.format(n=number(n), **kw)


MINUS = "\u2212"  # the minus sign players write, not the hyphen


def number(v: int) -> str:
    """A score as the table prints it: 75, −100 (a minus sign, as ``signed``)."""
    return str(v).replace("-", MINUS)


def signed(v: int) -> str:
    """A change of score as players write it: +105, −120, 0."""
    return f"{v:+d}".replace("-", MINUS) if v else "0"


def normalize_lang(value: object) -> str:
    """A supported language code from anything (a stored value, a URL parameter)."""
    if isinstance(value, str):
        code = value[:2].lower()
        if code == "ua":
            code = "uk"
        if code in LANGS:
            return code
    return "en"


def card_name(card: int, lang: str) -> str:
    """A card in words: ``Ace of clubs``, ``туз треф``, ``туз трефи``, ``as trefl``."""
    lang = lang if lang in RANKS else "en"
    return f"{RANKS[lang][card % 6]} {SUIT_OF[lang][card // 6]}"


def card_short(card: int, lang: str) -> str:
    """A card as its face shows it: ``Q♠``, ``10♦`` (the same letters in every language)."""
    lang = lang if lang in RANK_SHORT else "en"
    return RANK_SHORT[lang][card % 6] + SUIT_SYMBOLS[card // 6]


def reason(lang: str, text: str) -> str:
    """A penalty reason from the engine in ``lang`` (``msgctxt "reason"``)."""
    return CATALOGUES.get(lang, CATALOGUES["en"]).pgettext("reason", text)


@dataclass(frozen=True)
class Seat:
    """A seat's name as a parameter of ``Words``: the table's name for that seat
    when the words are shown (a computer player's is worded in the page's language)."""

    seat: int


#: What a parameter of ``Words`` may be: text as it is (a player's name, a number,
#: the engine's own detail), other words, or a seat's name.
Param = str | int | Seat
Params = tuple[tuple[str, "Param | Words"], ...]


@dataclass(frozen=True)
class Words:
    """Words of the page kept as data: a catalogue key and its parameters, worded in
    the page's language only when shown, so that a switch of language words them
    anew (a notice never holds a sentence in the language it was made in).
    ``then``: sentences that follow it.

    >>> w = Words.of("import_bad", why=Words.of("import_too_large"))
    >>> w.text("en")
    'That file could not be used (the file is larger than 1 MB); nothing was changed.'
    >>> w.text("ru")
    'Этот файл не подходит (файл больше 1 МБ); ничего не изменилось.'
    """

    key: str
    params: Params = ()
    then: tuple[Words, ...] = ()

    @classmethod
    def of(cls, key: str, /, **params: Param | Words) -> Words:
        """The words of ``key`` with ``params``."""
        return cls(key, tuple(params.items()))

    def text(self, lang: str, names: Sequence[str] = ()) -> str:
        """The words in ``lang`` (``names``: the table's names of the seats)."""
        kw = {k: _param(v, lang, names) for k, v in self.params}
        out = t(lang, self.key, **kw)
        return " ".join([out, *(w.text(lang, names) for w in self.then)])


def _param(value: Param | Words, lang: str, names: Sequence[str]) -> str:
    if isinstance(value, Words):
        return value.text(lang, names)
    if isinstance(value, Seat):
        return names[value.seat] if 0 <= value.seat < len(names) else "—"
    return str(value)
