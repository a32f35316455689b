"""The private parts of Pyodide the page and the build rely on: one module of ours
uses them, and the pinned Pyodide still has each of them.

``static/pyodide-private.mjs`` is that module: it restores the build's snapshot
(``_loadSnapshot``), writes the browser's time zone into the C library's globals
through the Emscripten module (``pyodide._module``: ``_timezone``,
``_daylight``, ``_tzname``) and makes the snapshot at build time
(``_makeSnapshot``, ``_sysExecutable``, ``makeMemorySnapshot``);
``static/interpreter.mjs`` and ``tools/snapshot.mjs`` call its functions. None
of these is public API: a Pyodide upgrade may rename or drop one without notice.
These tests fail then, naming what changed, before the page silently starts
without its snapshot (which it does on any error) or keeps the build machine's
time zone; and they fail when another file of ours starts using one.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "node_modules" / "pyodide"
#: The one module of ours that touches Pyodide's private parts.
MODULE = "static/pyodide-private.mjs"

#: name -> (the Pyodide file that must define it, a pattern of that definition).
PRIVATE = {
    "_loadSnapshot": ("pyodide.mjs", r"\._loadSnapshot\b"),
    "_module": ("pyodide.asm.mjs", r"\._module=Module\b"),
    "_timezone": ("pyodide.asm.mjs", r"\b_timezone\b"),
    "_daylight": ("pyodide.asm.mjs", r"\b_daylight\b"),
    "_tzname": ("pyodide.asm.mjs", r"\b_tzname\b"),
    "_makeSnapshot": ("pyodide.asm.mjs", r"config\._makeSnapshot\b"),
    "makeMemorySnapshot": ("pyodide.asm.mjs", r"\bmakeMemorySnapshot\("),
    "_sysExecutable": ("pyodide.mjs", r"\._sysExecutable\b"),
}
#: Public-looking names that are private all the same (no leading underscore).
NAMED = ("makeMemorySnapshot",)
#: Our own names that Pyodide's JavaScript happens to have too (not its API).
OWN = {"_send": "static/embed.js: a method of <thousand-deal>"}
#: A private name of Pyodide's used by our JavaScript: an option or member `_name`.
USE = re.compile(r"(?:\.|\b)(_[a-z][A-Za-z]+)\b\s*[:=(\[]?")

pytestmark = pytest.mark.skipif(
    not (PYODIDE / "pyodide.mjs").is_file(), reason="needs node_modules (./build.sh runs npm ci)"
)


def _our_javascript() -> list[Path]:
    """Every JavaScript file and page of ours (what could call Pyodide)."""
    found = [ROOT / "index.html", ROOT / "embed.html"]
    for folder in ("static", "tools", "bench", "examples", "tests"):
        for ext in ("*.js", "*.mjs", "*.html"):
            found += (ROOT / folder).rglob(ext)
    return sorted(p for p in found if p.is_file() and "node_modules" not in p.parts)


def _code(path: Path) -> str:
    """``path``'s JavaScript without comments and template strings (Python in those
    is not Pyodide's API)."""
    code = re.sub(r"/\*.*?\*/", "", path.read_text(errors="replace"), flags=re.DOTALL)
    code = re.sub(r"(?m)(^|[^:])//.*$", r"\1", code)
    return re.sub(r"`[^`]*`", "``", code)


def _private_names_in(path: Path) -> set[str]:
    code = _code(path)
    names = {m for m in USE.findall(code) if m in _pyodide_names() and m not in OWN}
    return names | {n for n in NAMED if re.search(rf"\b{n}\b", code)}


@pytest.mark.parametrize("name", sorted(PRIVATE))
def test_pinned_pyodide_still_has_each_private_part_we_use(name: str) -> None:
    theirs, pattern = PRIVATE[name]
    assert name in _code(ROOT / MODULE), f"{MODULE} no longer uses {name}: drop it from PRIVATE"
    text = (PYODIDE / theirs).read_text(encoding="utf-8", errors="replace")
    assert re.search(pattern, text), f"Pyodide's {theirs} no longer has {name} ({pattern})"


def test_one_module_of_ours_uses_pyodides_private_parts() -> None:
    users = {}
    for path in _our_javascript():
        names = _private_names_in(path)
        if names:
            users[path.relative_to(ROOT).as_posix()] = names
    assert set(users) == {MODULE}, f"private Pyodide names outside {MODULE}: {users}"
    assert users[MODULE] == set(PRIVATE), f"listed {sorted(PRIVATE)}, used {sorted(users[MODULE])}"


def test_the_page_and_the_build_reach_them_through_that_module() -> None:
    for user in ("static/interpreter.mjs", "tools/snapshot.mjs"):
        assert "pyodide-private.mjs" in (ROOT / user).read_text(), user


def _pyodide_names() -> set[str]:
    """The ``_name`` identifiers Pyodide's JavaScript has (so ours are told from them)."""
    text = "".join(
        (PYODIDE / f).read_text(encoding="utf-8", errors="replace")
        for f in ("pyodide.mjs", "pyodide.asm.mjs")
    )
    return set(re.findall(r"\b(_[a-z][A-Za-z]+)\b", text))
