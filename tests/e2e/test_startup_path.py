"""What start-up loads and in which order (speed itself is measured by bench/startup.py).

Checks the decisions that keep start-up short, so a change that undoes one
fails here rather than only showing up as slower figures:

- every request of the first load is one of the files the page needs, each
  fetched once: no ``py/app/*.py`` one by one, no PyScript config file, no
  micropip, no runtime file twice;
- the Python that runs is bytecode compiled at build time: the standard
  library, both wheels (imported from the wheel files themselves) and
  PyScript's own package (whose .pyc must match the sources PyScript writes);
- the page, py/app and the engine are one build;
- the AI is imported only after the table is ready.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_support import LoadLog, first_load

PYTHON_CHECK = """async () => {
    const { ready } = await import("./static/interpreter.mjs");
    const pyodide = await ready;
    return pyodide.runPython(`
import importlib.util, json, pathlib, sys
def origin(name):
    return sys.modules[name].__spec__.origin
stale = []
for pyc in sorted(pathlib.Path("pyscript/__pycache__").glob("*.pyc")):
    source = pathlib.Path("pyscript", pyc.name.split(".")[0] + ".py")
    if pyc.read_bytes()[8:16] != importlib.util.source_hash(source.read_bytes()):
        stale.append(pyc.name)
json.dumps({
    "stdlib": origin("json"),
    "engine": origin("thousand.state"),
    "app": origin("app.view"),
    "pyscript_pyc": len(list(pathlib.Path("pyscript/__pycache__").glob("*.pyc"))),
    "pyscript_modules": len([m for m in sys.modules if m.startswith("pyscript.")]),
    "stale": stale,
})
`);
}"""


@pytest.fixture(scope="module")
def loaded(
    browser: Any, browser_context_args: dict[str, Any], base_url: str
) -> Iterator[tuple[Any, LoadLog]]:
    """One first load of index.html up to ready and the AI's import after it."""
    ai = "performance.getEntriesByName('py:ai').length > 0"
    with first_load(browser, browser_context_args, base_url, "/?nosw", ai) as page_log:
        yield page_log


def test_each_file_is_fetched_once_and_nothing_else(
    loaded: tuple[Any, LoadLog], base_url: str
) -> None:
    _, log = loaded
    paths = [u.removeprefix(base_url).split("?")[0] for u in log.requests]
    twice = [p for p, n in Counter(paths).items() if n > 1]
    images = ("static/icon.svg",)  # the favicon; the card sprite is inlined in the page
    assert [p for p in twice if not p.startswith(images)] == []
    assert not [p for p in paths if p.startswith("py/") or p == "pyscript.json"]
    assert not [p for p in paths if "micropip" in p]
    expected = {
        "",
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.mjs",
        "pyodide/pyodide.asm.wasm",
        "pyodide/python_stdlib.zip",
        "pyodide/pyodide-lock.json",
        "pyodide/dataclass-code.bin",
        "pyodide/thousand-0.1.0-py3-none-any.whl",
        "pyodide/thousand_app-0.1.0-py3-none-any.whl",
        "pyscript/core.js",
        "pyscript/stdlib-pyc.zip",
        "static/interpreter.mjs",
    }
    assert expected <= set(paths)
    assert all(p in expected or p.startswith(("pyscript/", "static/")) for p in paths)
    assert not [p for p in paths if "cards.svg" in p]  # no sprite request at all


def test_python_runs_bytecode_compiled_at_build_time(loaded: tuple[Any, LoadLog]) -> None:
    page, _ = loaded
    import json

    found = json.loads(page.evaluate(PYTHON_CHECK))
    assert found["stdlib"].endswith("/python314.zip/json/__init__.pyc")
    assert found["engine"].endswith("-py3-none-any.whl/thousand/state.pyc")
    assert found["app"].endswith("-py3-none-any.whl/app/view.pyc")
    assert found["pyscript_pyc"] >= found["pyscript_modules"] > 0
    assert found["stale"] == [], "PyScript's package has bytecode for its exact sources"


def test_page_app_and_engine_are_one_build(loaded: tuple[Any, LoadLog]) -> None:
    page, _ = loaded
    table = page.locator("#table")
    build = page.evaluate('document.querySelector("meta[name=thousand-build]").content')
    assert build and build != "dev"
    assert table.get_attribute("data-build") == build
    assert table.get_attribute("data-engine-build") == build
    assert table.get_attribute("data-engine") == "0.1.0"


def test_the_ai_is_imported_after_the_table_is_ready(loaded: tuple[Any, LoadLog]) -> None:
    page, _ = loaded
    marks = page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('mark').map(m => [m.name, m.startTime]))"
    )
    assert marks["py:ready"] < marks["py:ai"]
    assert marks["py:main"] < marks["py:engine"] < marks["py:app"] < marks["py:ready"]
