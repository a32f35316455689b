"""Every word of the page in English, Russian, Ukrainian and Polish.

The words live in one gettext catalogue per language, ``py/app/locale/<lang>.po``
(read by ``app.catalog``); this module looks them up: ``t`` (a text),
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

from . import catalog

LANGS = catalog.LOCALES
LANG_NAMES = {"en": "English", "ru": "Русский", "uk": "Українська", "pl": "Polski"}
#: What the narrow toolbar shows for each (Ukrainian as UA: "UK" reads as Britain).
LANG_CODES = {"en": "EN", "ru": "RU", "uk": "UA", "pl": "PL"}

CATALOGUES = {lang: catalog.load(lang) for lang in LANGS}
"""Each language's gettext catalogue (``py/app/locale/<lang>.po``); keys missing
in one fall back to English."""
for _lang in LANGS[1:]:
    CATALOGUES[_lang].add_fallback(CATALOGUES["en"])


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
    """Whether the catalogues have ``key`` (the English one holds every key)."""
    return CATALOGUES["en"].gettext(key) != key


_CARD_KEYS = ("rank.", "suit_of.", "suit_adj.", "rank_short.")

SUIT_SYMBOLS = "♠♣♦♥"


def _cards(lang: str, name: str, n: int) -> tuple[str, ...]:
    cat = CATALOGUES[lang if lang in CATALOGUES else "en"]
    return tuple(cat.gettext(f"{name}.{i}") for i in range(n))


#: Card words per language from the catalogues: ranks 9 J Q K 10 A, suits ♠ ♣ ♦ ♥.
RANKS = {lang: _cards(lang, "rank", 6) for lang in LANGS}
SUIT_OF = {lang: _cards(lang, "suit_of", 4) for lang in LANGS}  # as they follow a rank
SUIT_ADJ = {lang: _cards(lang, "suit_adj", 4) for lang in LANGS}  # "the ♥ hearts marriage"
RANK_SHORT = {lang: _cards(lang, "rank_short", 6) for lang in LANGS}  # "Q♠", "Д♠"


def t(lang: str, key: str, /, **kw: object) -> str:
    """The text for ``key`` in ``lang`` (English when missing), formatted with ``kw``."""
    text = CATALOGUES.get(lang, CATALOGUES["en"]).gettext(key)
    return text.format(**kw) if kw else text


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
    """A card as a player writes it: ``Q♠``, ``Д♠``."""
    lang = lang if lang in RANK_SHORT else "en"
    return RANK_SHORT[lang][card % 6] + SUIT_SYMBOLS[card // 6]


def reason(lang: str, text: str) -> str:
    """A penalty reason from the engine in ``lang`` (``msgctxt "reason"``)."""
    return CATALOGUES.get(lang, CATALOGUES["en"]).pgettext("reason", text)
