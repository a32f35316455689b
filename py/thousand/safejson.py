"""JSON from untrusted text (records, saves, share links, stored settings).

``loads`` checks the size and the nesting depth *before* parsing, cheaply and
without recursion, so hostile text can neither exhaust the stack (deep nesting
crashes a WebAssembly runtime outright, not with ``RecursionError``) nor keep
the parser busy; every failure is one short ``ValueError``.

>>> loads('{"a": [1, 2]}')
{'a': [1, 2]}
>>> loads("[" * 100 + "]" * 100)
Traceback (most recent call last):
ValueError: nested 100 levels deep (at most 32 allowed)
"""

from __future__ import annotations

import json
import operator
import re
from itertools import accumulate, count
from typing import Any

MAX_BYTES = 2_000_000
MAX_DEPTH = 32

_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
# An opening bracket counts 2, a closing one 0: after k brackets the running sum
# minus k is the depth (C-level iteration, no Python loop per character).
_WEIGHT = bytes.maketrans(b"[{]}", b"\x02\x02\x00\x00")


def depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (strings skipped)."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text)).encode("ascii")
    if not brackets:
        return 0
    deepest: int = max(map(operator.sub, accumulate(brackets.translate(_WEIGHT)), count(1)))
    return deepest


def loads(text: Any, max_bytes: int = MAX_BYTES, max_depth: int = MAX_DEPTH) -> Any:
    """Parse JSON text after size and depth checks; ``ValueError`` (short) otherwise."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise ValueError("not UTF-8 text") from None
    if not isinstance(text, str):
        raise ValueError(f"expected JSON text, not {type(text).__name__}")
    if len(text) > max_bytes:
        raise ValueError(f"too large ({len(text):,} characters; at most {max_bytes:,})")
    d = depth(text)
    if d > max_depth:
        raise ValueError(f"nested {d} levels deep (at most {max_depth} allowed)")
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError(f"not JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except (ValueError, RecursionError, MemoryError) as e:
        if "digits" in str(e):  # Python refuses integers of more than 4,300 digits
            raise ValueError("not usable JSON (a number with too many digits)") from None
        raise ValueError(f"not usable JSON ({type(e).__name__})") from None
