"""The page's words as gettext catalogues: ``py/app/locale/<lang>.po``, read by the
standard library's ``gettext``.

A translator edits a ``.po`` file with any gettext tool (Poedit, Weblate,
``msgfmt --check``); nothing here needs Python to be read. ``msgid`` is the key
the code uses, ``msgstr`` the words; counted texts have ``msgid_plural`` and one
``msgstr[i]`` per plural form of the language's ``Plural-Forms`` header; the
engine's penalty reasons sit under ``msgctxt "reason"``. The build compiles each
file to its ``.mo`` form (``mo_bytes``, as ``msgfmt`` does): English, every
page's fallback, in the app wheel, each other language as a file of its own
(``dist/locale/<lang>.mo``), so that a page loads only its own language's;
``load(lang)`` hands the compiled catalogue (``mo_data``) to
``gettext.GNUTranslations``, which evaluates ``Plural-Forms`` itself (in a
checkout it compiles the ``.po`` on the spot).

>>> cat = load("ru")
>>> cat.ngettext("n_points", "n_points", 22).format(n=22)
'22 очка'
"""

from __future__ import annotations

import ast
import gettext
import io
import struct
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

LOCALES: tuple[str, ...] = ("en", "ru", "uk", "pl")
"""The page's languages, in the order its menu lists them (one list of locales)."""

#: The language whose catalogue the app wheel holds (every other one falls back to it).
IN_WHEEL = "en"
#: Where the page keeps the other languages' compiled catalogues it fetched
#: (static/interpreter.mjs: the page's own language before Python starts, the
#: others once the page is ready) ...
PAGE_DIR = "/lib/thousand/locale"
#: ... and where it fetches them from, relative to the page (dist/locale/).
PAGE_URL = "locale/{lang}.mo"

CONTEXT_SEP = "\x04"  # gettext's separator of msgctxt and msgid in a compiled catalogue


class CatalogError(ValueError):
    """A ``.po`` file that cannot be read (its line and why)."""


@dataclass
class Entry:
    """One message: its context, key, plural key and words (one per plural form)."""

    msgid: str
    msgstr: list[str] = field(default_factory=list)
    plural: str | None = None
    context: str | None = None


def parse_po(text: str) -> tuple[dict[str, str], list[Entry]]:
    """The header fields and the messages of a ``.po`` text."""
    entries: list[Entry] = []
    cur: Entry | None = None
    last: tuple[str, int] | None = None  # the field a continued string belongs to
    pending_ctx: str | None = None

    def close() -> None:
        nonlocal cur
        if cur is not None:
            entries.append(cur)
        cur = None

    for no, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        try:
            if line.startswith('"'):
                if cur is None or last is None:
                    raise CatalogError("a string continues nothing")
                value = _string(line)
                name, i = last
                if name == "msgid":
                    cur.msgid += value
                elif name == "msgid_plural":
                    cur.plural = (cur.plural or "") + value
                else:
                    cur.msgstr[i] += value
                continue
            word, _, rest = line.partition(" ")
            if word == "msgctxt":
                close()
                pending_ctx = _string(rest)
                last = None
            elif word == "msgid":
                close()
                cur = Entry(_string(rest), context=pending_ctx)
                pending_ctx = None
                last = ("msgid", 0)
            elif word == "msgid_plural" and cur is not None:
                cur.plural = _string(rest)
                last = ("msgid_plural", 0)
            elif word == "msgstr" and cur is not None:
                cur.msgstr = [_string(rest)]
                last = ("msgstr", 0)
            elif word.startswith("msgstr[") and word.endswith("]") and cur is not None:
                i = int(word[7:-1])
                if i != len(cur.msgstr):
                    raise CatalogError(f"plural form {i} out of order")
                cur.msgstr.append(_string(rest))
                last = ("msgstr", i)
            else:
                raise CatalogError(f"unexpected {word!r}")
        except (CatalogError, ValueError, SyntaxError) as e:
            raise CatalogError(f"line {no}: {e}") from None
    close()
    header: dict[str, str] = {}
    if entries and entries[0].msgid == "" and entries[0].context is None:
        for row in entries.pop(0).msgstr[0].splitlines():
            k, _, v = row.partition(":")
            if k.strip():
                header[k.strip()] = v.strip()
    return header, entries


def _string(token: str) -> str:
    """A quoted ``.po`` string (C escapes, as Python's) as text."""
    token = token.strip()
    if len(token) < 2 or not (token.startswith('"') and token.endswith('"')):
        raise CatalogError(f"not a quoted string: {token[:30]}")
    value = ast.literal_eval(token)
    if not isinstance(value, str):  # pragma: no cover - a quoted literal is a str
        raise CatalogError("not a string")
    return value


def mo_bytes(header: dict[str, str], entries: list[Entry]) -> bytes:
    """The compiled (``.mo``) form of a catalogue, as ``msgfmt`` writes it."""
    pairs: list[tuple[bytes, bytes]] = [
        (b"", "".join(f"{k}: {v}\n" for k, v in header.items()).encode())
    ]
    for e in entries:
        key = e.msgid if e.context is None else e.context + CONTEXT_SEP + e.msgid
        if e.plural is not None:
            key += "\0" + e.plural
        pairs.append((key.encode(), "\0".join(e.msgstr).encode()))
    pairs.sort()
    n = len(pairs)
    keys_at = 28
    values_at = keys_at + 8 * n
    data_at = values_at + 8 * n
    key_table, value_table, blob = [], [], b""
    for k, _ in pairs:
        key_table.append((len(k), data_at + len(blob)))
        blob += k + b"\0"
    for _, v in pairs:
        value_table.append((len(v), data_at + len(blob)))
        blob += v + b"\0"
    out = struct.pack("<7I", 0x950412DE, 0, n, keys_at, values_at, 0, 0)
    out += b"".join(struct.pack("<2I", *x) for x in key_table)
    out += b"".join(struct.pack("<2I", *x) for x in value_table)
    return out + blob


def read(lang: str) -> tuple[dict[str, str], list[Entry]]:
    """The parsed ``.po`` file of a language shipped with the page."""
    text = resources.files("app").joinpath("locale", f"{lang}.po").read_text(encoding="utf-8")
    return parse_po(text)


def mo_data(lang: str) -> bytes:
    """The compiled catalogue of a language: the app wheel's (English), the one the
    page fetched into ``PAGE_DIR``, else the ``.po`` compiled now (a checkout), else
    (the page, asked for a language before its copy has come) fetched now."""
    if lang not in LOCALES:
        raise CatalogError(f"no language {lang!r}")
    locale = resources.files("app").joinpath("locale")
    mo = locale.joinpath(f"{lang}.mo")
    if mo.is_file():
        return mo.read_bytes()
    fetched = Path(PAGE_DIR, f"{lang}.mo")
    if fetched.is_file():
        return fetched.read_bytes()
    if locale.joinpath(f"{lang}.po").is_file():
        return mo_bytes(*read(lang))
    return _fetch(PAGE_URL.format(lang=lang))  # pragma: no cover - the page only


def _fetch(url: str) -> bytes:  # pragma: no cover - the page only (tests/e2e)
    """``url``'s bytes, by a synchronous request: a language switch needs its words
    at once. Online only: Chromium's service worker does not answer synchronous
    requests, so offline a language whose copy has not come yet (the page
    fetches them all once ready) shows English meanwhile (``i18n``)."""
    from js import XMLHttpRequest  # type: ignore[import-not-found]  # (Pyodide's)

    request = XMLHttpRequest.new()
    request.open("GET", url, False)
    request.overrideMimeType("text/plain; charset=x-user-defined")  # bytes as chars
    try:
        request.send()
    except Exception as e:  # (a JavaScript NetworkError: offline, say)
        raise CatalogError(f"{url}: {e}") from None
    if request.status != 200:
        raise CatalogError(f"{url}: HTTP {request.status}")
    text: str = request.responseText
    return bytes(ord(c) & 0xFF for c in text)


def load(lang: str) -> gettext.GNUTranslations:
    """The catalogue of a language, ready for ``gettext``, ``ngettext`` and
    ``pgettext`` (its compiled form: ``mo_data``)."""
    return gettext.GNUTranslations(io.BytesIO(mo_data(lang)))
