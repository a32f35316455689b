"""The code of our dataclasses' methods, compiled by the build, reused at start-up.

``@dataclass`` writes the source of each class's ``__init__``, ``__repr__``,
``__eq__``, ``__hash__`` and (frozen) ``__setattr__`` and compiles it when the
class is created, that is, on import. Pyodide's compiler is slow: measured
under node, compiling those sources was about half of the time it took to
import the engine and py/app (``Conventions`` alone, ~70 fields, took 40 ms),
all of it on the page's critical path.

The build (``tools/pycompile.py``'s ``dataclasses`` job, run in Pyodide's own
Python) imports every page module with :func:`recording` and writes each
source's code object to ``dataclass-code.bin``; ``static/interpreter.mjs``
puts that file at :data:`PATH`. While :func:`reusing` is active, a source that
was compiled at build time runs from its stored code; any other source (a
class the build did not see, another Python, a missing or damaged file) is
compiled as before, so the cache can only make imports faster, never change
what they define.

How: ``dataclasses`` calls ``exec(source, globals, namespace)`` by its module
global name ``exec``; both context managers put a wrapper there for their
duration and remove it after. A source is found by its CRC-32 and length
(the build refuses two sources with the same key); the file starts with
:data:`MAGIC` and the running Python's bytecode magic, and is ignored under
any other Python.
"""

from __future__ import annotations

import builtins
import dataclasses
import functools
import importlib.util
import marshal
import types
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

#: Where ``static/interpreter.mjs`` writes the build's file in the page.
PATH = "/lib/thousand/dataclass-code.bin"
#: The file's first bytes (format 2), followed by ``importlib.util.MAGIC_NUMBER``
#: and the marshal of {key: code}, not compressed: the server sends the build's
#: brotli copy (a third smaller than deflating it here, see docs/HOSTING.md).
MAGIC = b"TDC2"

Key = tuple[int, int]


def key(source: str) -> Key:
    """The lookup key of a generated source: (CRC-32 of its UTF-8, length)."""
    return zlib.crc32(source.encode()), len(source)


def _without_lines(code: types.CodeType) -> types.CodeType:
    """``code`` (and the functions in it) without line tables: generated code
    has no source file to point into, and the file is a third smaller."""
    consts = tuple(
        _without_lines(c) if isinstance(c, types.CodeType) else c for c in code.co_consts
    )
    return code.replace(co_linetable=b"", co_consts=consts)


def dump(codes: dict[Key, types.CodeType]) -> bytes:
    """The file's bytes for ``codes``."""
    return MAGIC + importlib.util.MAGIC_NUMBER + marshal.dumps(codes)


def load(data: bytes) -> dict[Key, types.CodeType]:
    """The codes in ``data``; empty if it is not a file of this format for
    the running Python (the caller then simply compiles)."""
    head = MAGIC + importlib.util.MAGIC_NUMBER
    if not data.startswith(head):
        return {}
    try:
        codes = marshal.loads(data[len(head) :])
    except (EOFError, ValueError, TypeError):
        return {}
    if not isinstance(codes, dict):
        return {}
    return {
        k: v
        for k, v in codes.items()
        if isinstance(k, tuple) and len(k) == 2 and isinstance(v, types.CodeType)
    }


@functools.cache
def read(path: str = PATH) -> dict[Key, types.CodeType]:
    """The codes in the file at ``path`` (read once); empty if it is missing or unreadable."""
    try:
        with open(path, "rb") as f:
            return load(f.read())
    except OSError:
        return {}


@contextmanager
def _exec_hook(hook: Callable[..., None]) -> Iterator[None]:
    """``dataclasses`` calls ``hook`` instead of ``exec`` inside the block."""
    had = "exec" in vars(dataclasses)
    previous = vars(dataclasses).get("exec")
    dataclasses.exec = hook  # type: ignore[attr-defined]
    try:
        yield
    finally:
        if had:
            dataclasses.exec = previous  # type: ignore[attr-defined]
        else:
            del dataclasses.exec  # type: ignore[attr-defined]


class Stats:
    """How many dataclass sources (one per class) were run from stored code, and
    how many compiled."""

    def __init__(self) -> None:
        self.reused = 0
        self.compiled = 0

    def __str__(self) -> str:
        total = self.reused + self.compiled
        return f"{self.reused} of {total} dataclass sources from the build's code"


@contextmanager
def reusing(codes: dict[Key, types.CodeType] | None = None) -> Iterator[Stats]:
    """Create dataclasses inside the block from the build's code where it has
    it (``codes``, by default the file at :data:`PATH`)."""
    table = read() if codes is None else codes
    stats = Stats()

    def exec_(source: Any, globals: Any = None, locals: Any = None) -> None:
        code = table.get(key(source)) if isinstance(source, str) else None
        if code is not None:
            stats.reused += 1
        else:
            stats.compiled += 1
            # No future flags, as when dataclasses calls exec itself.
            code = compile(source, "<string>", "exec", dont_inherit=True)
        builtins.exec(code, globals, locals)

    with _exec_hook(exec_):
        yield stats


@contextmanager
def recording() -> Iterator[dict[Key, types.CodeType]]:
    """Collect the code of every dataclass created inside the block (the build)."""
    codes: dict[Key, types.CodeType] = {}
    sources: dict[Key, str] = {}

    def exec_(source: Any, globals: Any = None, locals: Any = None) -> None:
        code = compile(source, "<string>", "exec", dont_inherit=True)
        if isinstance(source, str):
            k = key(source)
            if sources.setdefault(k, source) != source:
                raise ValueError(f"two dataclass sources share the key {k}")
            codes[k] = _without_lines(code)
        builtins.exec(code, globals, locals)

    with _exec_hook(exec_):
        yield codes
