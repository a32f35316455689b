"""Share links and embed options: a game record in a URL fragment, both ways.

``#record=`` + the URL-encoded record JSON, or ``#z=`` + base64url of the
raw-deflated JSON (much shorter for whole games). Both are accepted wherever
a record is (the main page's replay view, ``embed.html``). Options ride in the
same fragment, each validated and otherwise ignored: ``step=N``, ``open=1``,
``seat=S``, ``lang=``, ``controls=0``, ``autoplay=<ms per step>``,
``analysis=1``, ``practice=1`` (the game page plays on from ``step``; an embed
offers *Play from here*, which opens it so) and
``fit=content`` (``embed.html`` takes its content's height instead of the
frame's, for ``<thousand-deal>``). Hostile fragments are refused before parsing with one short
message (size, decompression bomb, depth, the record reader's own checks).

>>> link = share_fragment({"format": "thousand-record"})
>>> link.startswith("#z=")
True
>>> parse_fragment(link + "&step=3&seat=9&open=1").options
{'step': 3, 'open': True}
"""

from __future__ import annotations

import base64
import json
import zlib
from dataclasses import dataclass, field
from typing import Any

from app.shell.catalog import LOCALES
from thousand import safejson
from thousand.record import make_record

MAX_FRAGMENT = 400_000  # characters of the fragment itself
MAX_JSON = 1_000_000  # characters of the record once decompressed


@dataclass
class Fragment:
    """What a page address's fragment holds."""

    record: Any = None  # the parsed record JSON (None: none given)
    error: str = ""  # why the record part could not be read
    options: dict[str, Any] = field(default_factory=dict)


def share_fragment(record: dict[str, Any]) -> str:
    """The fragment of a share link: ``#z=`` + base64url(deflate-raw(JSON))."""
    text = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode()
    comp = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = comp.compress(text) + comp.flush()
    return "#z=" + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def practice_link(
    embed_href: str, record: dict[str, Any], step: int, seat: int | None, lang: str
) -> str:
    """The game page (``index.html`` beside ``embed.html``) at ``step`` of ``record``,
    practising from there (``practice=1``): what an embed's *Play from here* opens.

    >>> practice_link("https://a.b/x/embed.html?x#z=q", {"v": 1}, 5, 1, "ru")
    'https://a.b/x/index.html#z=q1YqU7IyrAUA&step=5&practice=1&lang=ru&seat=1'
    """
    base = embed_href.split("#", 1)[0].split("?", 1)[0].rsplit("/", 1)[0] + "/index.html"
    tail = f"&step={step}&practice=1&lang={lang}"
    if seat is not None:
        tail += f"&seat={seat}"
    return base + share_fragment(record) + tail


def plain_fragment(record: dict[str, Any]) -> str:
    """The fragment of a readable link: ``#record=`` + URL-encoded JSON."""
    from urllib.parse import quote  # here: off the start-up path (see _unquote)

    text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
    return "#record=" + quote(text, safe="")


def _inflate(data: str) -> str:
    raw = base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))
    d = zlib.decompressobj(-15)
    out = d.decompress(raw, MAX_JSON + 1)
    if len(out) > MAX_JSON or d.unconsumed_tail:
        raise ValueError("the record is too large")
    return out.decode("utf-8")


def _int(text: str, lo: int, hi: int) -> int | None:
    if not text.isdigit() or len(text) > 9:
        return None
    v = int(text)
    return v if lo <= v <= hi else None


def parse_fragment(fragment: str) -> Fragment:
    """The record and options of a fragment (``#z=...&step=3``), all checked."""
    out = Fragment()
    if not isinstance(fragment, str):
        return out
    if len(fragment) > MAX_FRAGMENT:
        out.error = "the link is too long"
        return out
    for part in fragment.lstrip("#").split("&"):
        key, _, value = part.partition("=")
        if key in ("record", "z") and out.record is None and not out.error:
            try:
                text = _unquote(value) if key == "record" else _inflate(value)
                out.record = safejson.loads(text, max_bytes=MAX_JSON)
            except (ValueError, zlib.error, UnicodeDecodeError) as e:
                out.error = f"the link's record cannot be read ({str(e)[:80]})"
        elif key == "step" and (v := _int(value, 0, 100_000)) is not None:
            out.options["step"] = v
        elif key == "seat" and (v := _int(value, 0, 3)) is not None:
            out.options["seat"] = v
        elif key == "autoplay" and (v := _int(value, 100, 60_000)) is not None:
            out.options["autoplay"] = v
        elif key in ("open", "analysis", "practice", "editor") and value in ("0", "1"):
            out.options[key] = value == "1"
        elif key == "controls" and value in ("0", "1"):
            out.options["controls"] = value == "1"
        elif key == "lang" and value in LOCALES:
            out.options["lang"] = value
        elif key == "fit" and value in ("frame", "content"):
            out.options["fit"] = value
    return out


#: The options a host may send with ``thousand:load`` (never a record by this door).
OPTION_KEYS = ("step", "seat", "autoplay", "open", "analysis", "practice", "controls", "lang")


def parse_options(given: Any) -> dict[str, Any]:
    """Options sent by a host page (a mapping of the fragment's option names to
    strings, numbers or booleans), checked as the fragment's are; others ignored.

    >>> parse_options({"step": 4, "open": True, "lang": "xx", "record": "{}"})
    {'step': 4, 'open': True}
    """
    if not isinstance(given, dict):
        return {}
    parts = []
    for key in OPTION_KEYS:
        value = given.get(key)
        if isinstance(value, bool):
            value = "1" if value else "0"
        elif isinstance(value, float) and value.is_integer():
            value = int(value)
        if isinstance(value, (int, str)) and len(str(value)) <= 12:
            parts.append(f"{key}={value}")
    return parse_fragment("&".join(p for p in parts if "&" not in p and "#" not in p)).options


def finished_record(state: Any, rec: dict[str, Any] | None = None) -> dict[str, Any] | None:
    """The record of a game's finished deals only: the deal in progress holds
    cards nobody has seen, so it is never shared or replayed (None: no deal yet).
    ``rec``: the game's whole record when the page has it (``Session.record()``,
    with its seats and commitments), else it is made from ``state``."""
    rec = make_record(state) if rec is None else rec
    done = len(state.log)
    if done == 0:
        return None
    return {**rec, "deals": rec["deals"][:done]}


def _unquote(value: str) -> str:
    """``urllib.parse.unquote``, imported only when a share link is opened (the
    module and what it imports cost the page's start ~10 ms in Pyodide)."""
    from urllib.parse import unquote

    return unquote(value)
