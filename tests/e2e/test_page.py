"""The built page in Chromium: reaches ready, stays on localhost, leaves a screenshot."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_support import ARTIFACTS, LoadLog, first_load


@pytest.fixture(scope="module")
def ready_page(
    browser: Any, browser_context_args: dict[str, Any], base_url: str
) -> Iterator[tuple[Any, LoadLog]]:
    """One first load of index.html, up to data-ready, shared by this module's tests."""
    with first_load(browser, browser_context_args, base_url) as loaded:
        yield loaded


def test_python_takes_over_the_table(ready_page: tuple[Any, LoadLog]) -> None:
    page, _ = ready_page
    table = page.locator("#table")
    assert table.get_attribute("data-ready") == "1"
    assert table.get_attribute("data-phase") != "loading"
    assert table.get_attribute("data-engine"), "boot.mark_ready records the engine version"
    # The UI may re-render the table and drop these; absent counts as hidden.
    assert page.locator("#load-error").is_hidden()
    assert page.locator("#loader").is_hidden()


def test_no_request_leaves_localhost(ready_page: tuple[Any, LoadLog], base_url: str) -> None:
    _, log = ready_page
    assert log.requests, "the recorder saw the page load"
    outside = [u for u in log.requests if not u.startswith((base_url, "data:", "blob:"))]
    assert outside == []


def test_every_request_succeeds_and_console_is_clean(ready_page: tuple[Any, LoadLog]) -> None:
    _, log = ready_page
    assert log.failed == []
    assert log.errors == []


def test_engine_loads_from_its_own_lock_entry(ready_page: tuple[Any, LoadLog]) -> None:
    """The wheel is installed by loadPyodide from pyodide-lock.json; micropip never loads."""
    _, log = ready_page
    names = [u.rsplit("/", 1)[-1] for u in log.requests]
    assert any(n.startswith("thousand-") and n.endswith(".whl") for n in names)
    assert not any(n.startswith("micropip-") for n in names)


def test_the_page_has_the_one_call_subtree_builder(ready_page: tuple[Any, LoadLog]) -> None:
    """static/dom.js is inlined, so app.shell.dom's Patcher makes big subtrees in one call."""
    page, _ = ready_page
    assert page.evaluate("typeof window.thousandBuild") == "function"
    made = page.evaluate(
        """() => thousandBuild(
                JSON.stringify(["svg", {"class": "c"}, [["use", {}, []], "t"]]), false
            ).map((n) => [n.nodeName, n.namespaceURI, n.parentNode && n.parentNode.nodeName])"""
    )
    svg = "http://www.w3.org/2000/svg"
    assert made == [["svg", svg, None], ["use", svg, "svg"], ["#text", None, "svg"]]


def test_page_runs_without_cross_origin_isolation(ready_page: tuple[Any, LoadLog]) -> None:
    # Python runs on the main thread and nothing uses SharedArrayBuffer: no
    # COOP/COEP headers (tools/serve.py, static/sw.js), so nothing isolates it.
    page, _ = ready_page
    assert page.evaluate("crossOriginIsolated") is False


def test_screenshots_of_the_table(ready_page: tuple[Any, LoadLog]) -> None:
    page, _ = ready_page
    ARTIFACTS.mkdir(exist_ok=True)
    shots = {"table-desktop.png": (1280, 800), "table-phone.png": (390, 844)}
    for name, (width, height) in shots.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(ARTIFACTS / name))
        assert Path(ARTIFACTS / name).stat().st_size > 10_000
    page.set_viewport_size({"width": 1280, "height": 800})
