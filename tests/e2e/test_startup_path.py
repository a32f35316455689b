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
- the AI is imported only after the table is ready (when Python starts
  afresh; the build's snapshot holds it already);
- the interpreter is restored from the build's snapshot (tools/snapshot.mjs;
  asked for with ?snapshot where the restore itself is tested: without it a
  first visit restores only when its document comes within NEAR_MS, which
  on a busy localhost it may not),
  with a fresh random seed and the browser's time zone, and Python starts
  afresh, with nothing lost, when the snapshot is missing, corrupt or of
  another build, or with ?nosnapshot.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Iterator
from typing import Any

import pytest
from e2e_support import LoadLog, first_load
from play_support import act, seed_where_human_declares

#: A first load that restores the snapshot however far the server is (see the top).
RESTORE = "/?nosw&snapshot"

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
    "app": origin("app.table.view"),
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
    with first_load(browser, browser_context_args, base_url, "/?nosw&snapshot", ai) as page_log:
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
    assert not [p for p in paths if "micropip" in p or "python_stdlib" in p]
    assert "pyodide/dataclass-code.bin" not in paths  # the restored snapshot has the classes
    assert "pyodide/stdlib-page.zip" not in paths  # ... and most of the standard library
    expected = {
        "",
        "pyodide/pyodide.mjs",
        "pyodide/pyodide.asm.mjs",
        "pyodide/pyodide.asm.wasm",
        "pyodide/stdlib-restored.zip",
        "pyodide/pyodide-lock.json",
        "pyodide/snapshot.bin",
        "pyodide/thousand-0.1.0-py3-none-any.whl",
        "pyodide/thousand_app-0.1.0-py3-none-any.whl",
        "pyodide/thousand_ai-0.1.0-py3-none-any.whl",  # once the table is ready
        "pyscript/core.js",
        "pyscript/stdlib-pyc.zip",
        "static/interpreter.mjs",
    }
    assert expected <= set(paths)
    assert all(p in expected or p.startswith(("pyscript/", "static/")) for p in paths)
    assert not [p for p in paths if "cards.svg" in p]  # no sprite request at all


def test_python_runs_bytecode_compiled_at_build_time(loaded: tuple[Any, LoadLog]) -> None:
    page, _ = loaded
    found = json.loads(page.evaluate(PYTHON_CHECK))
    assert found["stdlib"].endswith("/python314.zip/json/__init__.pyc")
    assert found["engine"].endswith("-py3-none-any.whl/thousand/state.pyc")
    assert found["app"].endswith("-py3-none-any.whl/app/table/view.pyc")
    assert found["pyscript_pyc"] >= found["pyscript_modules"] > 0
    assert found["stale"] == [], "PyScript's package has bytecode for its exact sources"


LATER_IMPORTS = """async () => {
    const { ready } = await import("./static/interpreter.mjs");
    const pyodide = await ready;
    return pyodide.runPython(`
import importlib, json, sys
names = ("gzip", "email.message", "datetime")
held = [m for m in names if m in sys.modules]
mods = [importlib.import_module(m) for m in names]
json.dumps({
    "held": held,
    "origins": [m.__spec__.origin for m in mods],
    "gzip": mods[0].decompress(mods[0].compress(b"talon")).decode(),
    "date": str(mods[2].date(2026, 12, 2)),
})
`);
}"""


def test_a_restored_page_imports_the_rest_of_the_standard_library_from_its_own_zip(
    loaded: tuple[Any, LoadLog],
) -> None:
    page, _ = loaded
    found = json.loads(page.evaluate(LATER_IMPORTS))
    assert found["held"] == []  # (none of them in the snapshot: this test imports them)
    assert all(o.startswith("/lib/python314.zip/") for o in found["origins"]), found
    assert found["gzip"] == "talon"
    assert found["date"] == "2026-12-02"


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
    # ... and its wheel is asked for only then (app.shell.ai_code)
    fetched = page.evaluate(
        "performance.getEntriesByType('resource')"
        ".filter((e) => e.name.includes('thousand_ai-')).map((e) => e.startTime)"
    )
    assert len(fetched) == 1 and marks["py:ready"] < fetched[0] < marks["py:ai"]


# --- the snapshot ---------------------------------------------------------------

MARKS = "performance.getEntriesByType('mark').map((m) => m.name)"
# Python in the page: a random draw, the local hour of the epoch, the time
# module's zone, whether the AI is imported, sys.path ("" once), the program's
# name and the environment (the build machine's path once leaked into both).
PYTHON_STATE = """async () => {
    const { ready } = await import("./static/interpreter.mjs");
    const pyodide = await ready;
    return pyodide.runPython(`
import json, random, sys, time
zone = [time.timezone, time.altzone, time.daylight, time.tzname,
        time.strftime("%Z", time.localtime(0)), time.strftime("%Z", time.localtime(1719792000))]
import os
json.dumps([random.getrandbits(64), time.strftime("%H", time.localtime(0)), zone,
            "thousand.ai" in sys.modules, sys.path, sys.executable, sys.orig_argv,
            dict(os.environ)])
`);
}"""


def _started_afresh(page: Any, log: LoadLog) -> None:
    """The page is ready on an interpreter that started without the snapshot."""
    marks = page.evaluate(MARKS)
    assert "interpreter:ready" in marks and "interpreter:snapshot" not in marks
    assert page.locator("#table").get_attribute("data-phase") not in ("loading", "error")
    assert log.errors == [], log.errors


def test_the_interpreter_is_restored_from_the_builds_snapshot(
    loaded: tuple[Any, LoadLog],
) -> None:
    page, log = loaded
    assert "interpreter:snapshot" in page.evaluate(MARKS)
    assert not [m for m in log.console if "afresh" in m]
    line = next(m for m in log.console if " ready, build " in m)
    found = re.search(r"(\d+) of (\d+) dataclass sources from the build's code", line)
    assert found and found[1] == found[2], line  # none compiled at start-up


def test_each_restore_draws_its_own_seed_and_reads_the_browsers_time_zone(
    browser: Any, browser_context_args: dict[str, Any], base_url: str
) -> None:
    """The snapshot was made with fixed random bytes in the build machine's zone:
    restored, Python has a seed of its own and the zone a fresh start has."""
    args = {**browser_context_args, "timezone_id": "Europe/Warsaw"}  # UTC+1, summer time
    states = []
    for path in ("/?nosw&nosnapshot", "/?nosw&snapshot", "/?nosw&snapshot"):
        with first_load(browser, args, base_url, path) as (page, _log):
            restored = "interpreter:snapshot" in page.evaluate(MARKS)
            assert restored == path.endswith("&snapshot")
            states.append(json.loads(page.evaluate(PYTHON_STATE)))
    (_, *fresh), (draw1, *first), (draw2, *second) = states
    assert fresh[:2] == ["01", [-3600, -7200, 1, ["UTC+0100", "UTC+0200"], "UTC+0100", "UTC+0200"]]
    assert first.pop(2) is second.pop(2) is True  # the snapshot holds the AI
    fresh.pop(2)  # (a fresh start imports it once the table is ready)
    assert first == second == fresh
    assert draw1 != draw2


def test_nosnapshot_starts_python_afresh_with_the_builds_dataclass_code(
    browser: Any, browser_context_args: dict[str, Any], base_url: str
) -> None:
    with first_load(browser, browser_context_args, base_url, "/?nosw&nosnapshot") as (page, log):
        _started_afresh(page, log)
        assert not [u for u in log.requests if "snapshot" in u.split("?")[0]]
        line = next(m for m in log.console if " ready, build " in m)
        found = re.search(r"(\d+) of (\d+) dataclass sources from the build's code", line)
        assert found, line
        assert int(found[1]) == int(found[2]) >= 15, line
        assert "dataclass-code.bin" in [u.rsplit("/", 1)[-1] for u in log.requests]


@pytest.mark.parametrize(
    "connection", [{"saveData": True, "effectiveType": "4g"}, {"effectiveType": "3g"}]
)
def test_a_slow_or_data_saving_connection_skips_the_snapshot(
    browser: Any, browser_context_args: dict[str, Any], base_url: str, connection: dict[str, Any]
) -> None:
    """5.66 MB more is worth it on a fast connection only (the service worker's
    copy, when it controls the page, is always used)."""
    value = json.dumps(connection)
    script = f"Object.defineProperty(navigator, 'connection', {{value: {value}}});"

    def setup(page: Any) -> None:
        page.add_init_script(script)

    with first_load(browser, browser_context_args, base_url, "/?nosw", setup=setup) as loaded:
        page, log = loaded
        _started_afresh(page, log)
        assert not [u for u in log.requests if "snapshot" in u.split("?")[0]]


def test_a_server_over_a_real_network_skips_the_snapshot(
    browser: Any, browser_context_args: dict[str, Any], base_url: str
) -> None:
    """Over a 10 Mbit/s link with a 40 ms round trip (Chromium's network
    emulation) the snapshot's megabytes cost more than Python's start-up: the
    page, whose document took round trips to come, starts afresh at once and
    never asks for it."""

    def setup(page: Any) -> None:
        cdp = page.context.new_cdp_session(page)
        cdp.send("Network.enable")
        conditions = {"latency": 40, "downloadThroughput": 10e6 / 8, "uploadThroughput": 5e6 / 8}
        cdp.send("Network.emulateNetworkConditions", {"offline": False, **conditions})

    with first_load(browser, browser_context_args, base_url, "/?nosw", setup=setup) as loaded:
        page, log = loaded
        _started_afresh(page, log)
        assert not [u for u in log.requests if "snapshot" in u.split("?")[0]]
        assert "dataclass-code.bin" in [u.rsplit("/", 1)[-1] for u in log.requests]
        near = page.evaluate("performance.getEntriesByName('interpreter:near')[0].detail")
        assert near["ms"] >= 40, near  # (one emulated round trip at least)


@pytest.mark.parametrize(
    "snapshot",
    [
        pytest.param({"status": 404, "body": "gone"}, id="missing"),
        pytest.param({"status": 200, "body": b"\x1f\x8b\x08\x00broken"}, id="corrupt"),
    ],
)
def test_python_starts_afresh_without_a_usable_snapshot(
    browser: Any,
    browser_context_args: dict[str, Any],
    base_url: str,
    snapshot: dict[str, Any],
) -> None:
    def setup(page: Any) -> None:
        page.route("**/snapshot.bin", lambda route: route.fulfill(**snapshot))

    with first_load(browser, browser_context_args, base_url, RESTORE, setup=setup) as loaded:
        page, log = loaded
        if snapshot["status"] == 404:  # the browser reports the 404 itself, and nothing else
            log.errors = [e for e in log.errors if "404" not in e]
        _started_afresh(page, log)
        assert [m for m in log.console if "without snapshot.bin" in m]


def test_a_snapshot_of_another_build_is_not_used(
    browser: Any, browser_context_args: dict[str, Any], base_url: str
) -> None:
    """A page of build X never runs the engine that build Y's snapshot holds."""

    def other_build(route: Any) -> None:
        html = route.fetch().text()
        html = re.sub(
            r'name="thousand-build" content="[^"]*"',
            'name="thousand-build" content="other"',
            html,
        )
        route.fulfill(body=html, content_type="text/html")

    def setup(page: Any) -> None:
        page.route(re.compile(r".*/(\?nosw&snapshot)?$"), other_build)

    with first_load(browser, browser_context_args, base_url, RESTORE, setup=setup) as loaded:
        page, log = loaded
        assert "interpreter:snapshot" not in page.evaluate(MARKS)
        assert [m for m in log.console if "not other: starting Python afresh" in m]


# --- the page's standard library -------------------------------------------------

STDLIB_CHECK = """async () => {
    const { ready } = await import("./static/interpreter.mjs");
    const pyodide = await ready;
    return pyodide.runPython(`
import json, sys, zipfile
stdlib = next(p for p in sys.path if p.endswith(".zip"))
names = zipfile.ZipFile(stdlib).namelist()
try:
    import pydoc
    missing = None
except ModuleNotFoundError as error:
    missing = error.name
json.dumps({"entries": len(names), "missing": missing,
            "ai": "thousand.ai" in sys.modules})
`);
}"""


def test_a_whole_deal_imports_nothing_the_page_standard_library_lacks(
    browser: Any, browser_context_args: dict[str, Any], base_url: str
) -> None:
    """stdlib-page.zip holds only the modules the page's Python can import (build.sh):
    a whole deal on a fresh start (nothing imported in advance by the snapshot)
    plays without an error, and a module left out fails loudly."""
    seed = seed_where_human_declares(3)
    path = f"/?nosw&nosnapshot&seed={seed}&speed=fast&fresh=1&lang=en&level=easy"
    with first_load(browser, browser_context_args, base_url, path) as (page, log):
        while act(page) not in ("deal-end", "game-over"):
            pass
        page.wait_for_load_state("networkidle")
        found = json.loads(page.evaluate(STDLIB_CHECK))
        assert log.errors == [], log.errors
        assert "interpreter:snapshot" not in page.evaluate(MARKS)
    assert found["ai"]
    assert found["missing"] == "pydoc"
    assert 150 < found["entries"] < 400  # of the full standard library's 614
