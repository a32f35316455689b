"""The private parts of Pyodide the page and the build rely on, listed in one place.

``static/interpreter.mjs`` restores the build's snapshot (``_loadSnapshot``)
and writes the browser's time zone into the C library's globals through the
Emscripten module (``pyodide._module``: ``_timezone``, ``_daylight``,
``_tzname``); ``tools/snapshot.mjs`` makes the snapshot (``_makeSnapshot``,
``makeMemorySnapshot``, ``_sysExecutable``). None of them is public API: a
Pyodide upgrade may rename or drop one without notice. This test fails then,
naming what changed, before the page silently starts without its snapshot
(which it does on any error) or keeps the build machine's time zone.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"

#: name -> (the file of ours that uses it, the Pyodide file that must define it,
#: a pattern of that definition).
PRIVATE = {
    "_loadSnapshot": ("static/interpreter.mjs", "pyodide.mjs", r"\._loadSnapshot\b"),
    "_module": ("static/interpreter.mjs", "pyodide.asm.mjs", r"\._module=Module\b"),
    "_timezone": ("static/interpreter.mjs", "pyodide.asm.mjs", r"\b_timezone\b"),
    "_daylight": ("static/interpreter.mjs", "pyodide.asm.mjs", r"\b_daylight\b"),
    "_tzname": ("static/interpreter.mjs", "pyodide.asm.mjs", r"\b_tzname\b"),
    "_makeSnapshot": ("tools/snapshot.mjs", "pyodide.asm.mjs", r"config\._makeSnapshot\b"),
    "makeMemorySnapshot": ("tools/snapshot.mjs", "pyodide.asm.mjs", r"\bmakeMemorySnapshot\("),
    "_sysExecutable": ("tools/snapshot.mjs", "pyodide.mjs", r"\._sysExecutable\b"),
}
#: Our files that may touch Pyodide's private parts (and must list each above).
OURS = ("static/interpreter.mjs", "tools/snapshot.mjs", "tools/pyc.mjs", "static/boot.js")
#: A private name of Pyodide's used by our JavaScript: an option or member `_name`.
USE = re.compile(r"(?:\.|\b)(_[a-z][A-Za-z]+)\b\s*[:=(\[]?")

pytestmark = pytest.mark.skipif(
    not (PYODIDE / "pyodide.mjs").is_file(), reason="needs node_modules (./build.sh runs npm ci)"
)


@pytest.mark.parametrize("name", sorted(PRIVATE))
def test_pinned_pyodide_still_has_each_private_part_we_use(name: str) -> None:
    ours, theirs, pattern = PRIVATE[name]
    assert name in (ROOT / ours).read_text(), f"{ours} no longer uses {name}: drop it from PRIVATE"
    text = (PYODIDE / theirs).read_text(encoding="utf-8", errors="replace")
    assert re.search(pattern, text), f"Pyodide's {theirs} no longer has {name} ({pattern})"


def test_every_private_part_our_javascript_uses_is_listed() -> None:
    used = set()
    for rel in OURS:
        code = re.sub(r"/\*.*?\*/", "", (ROOT / rel).read_text(), flags=re.DOTALL)
        code = re.sub(r"(?m)//.*$", "", code)
        code = re.sub(r"`[^`]*`", "``", code)  # Python in template strings is not Pyodide's API
        used |= {m for m in USE.findall(code) if m in _pyodide_names()}
    assert used <= set(PRIVATE), f"unlisted private Pyodide names: {sorted(used - set(PRIVATE))}"
    assert {"_loadSnapshot", "_makeSnapshot", "_module"} <= used  # (the scan sees them)


def _pyodide_names() -> set[str]:
    """The ``_name`` identifiers Pyodide's JavaScript has (so ours are told from them)."""
    text = "".join(
        (PYODIDE / f).read_text(encoding="utf-8", errors="replace")
        for f in ("pyodide.mjs", "pyodide.asm.mjs")
    )
    return set(re.findall(r"\b(_[a-z][A-Za-z]+)\b", text))
