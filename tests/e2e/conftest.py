"""Browser tests against the built ``dist/``, in Debian's Chromium, on localhost.

``./test.sh`` builds ``dist/`` first; these tests only serve it. The server is
``tools/serve.py`` (the one ``./build.sh serve`` uses) on a free port in a
background thread. Chromium comes from ``/usr/bin/chromium`` (override with
``$CHROMIUM``); ``playwright install`` is never needed.

Contexts block the service worker unless a test asks for it, so every load is
a first load served straight from ``dist/``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_support import (
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    DIST,
    LOAD_TIMEOUT_MS,
    LoadLog,
    note_trouble,
)
from serve import start_server

#: Chromium's renderer has died in some full runs, each time in a different test
#: (Playwright words it "Target crashed" or, in a wait, "Page crashed"): none in
#: most runs on this 2-core box, once seven and once twelve in one run, in bursts a
#: minute long, with and without the interpreter snapshot; Chromium gives no reason
#: and the kernel logged no OOM kill. Such a test runs again, twice at most and
#: after a pause that lets a burst pass, and only for that error; the summary counts
#: the reruns (pytest-rerunfailures), so a crash that keeps coming back fails. What
#: the machine looked like at each crash goes to ``artifacts/browser-trouble.txt``,
#: which the root ``conftest.py`` prints at the end of the run.
RENDERER_CRASH = "Target crashed|Page crashed"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Mark every test in this folder ``e2e`` (and run it again on a renderer crash)."""
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.e2e)
            item.add_marker(
                pytest.mark.flaky(reruns=2, reruns_delay=10, only_rerun=[RENDERER_CRASH])
            )


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Any:
    """Note the machine's state when a test failed with a renderer crash."""
    report = yield
    if report.failed and call.excinfo is not None:
        text = str(call.excinfo.value)
        if re.search(RENDERER_CRASH, text):  # (the pattern the reruns match)
            note_trouble(f"renderer crash in {item.nodeid} ({call.when})")
    return report


@pytest.fixture(scope="session")
def dist_dir() -> Path:
    """The built dist/ (``./test.sh`` runs ``./build.sh`` before pytest)."""
    if not (DIST / "index.html").is_file():
        pytest.fail("dist/ is not built: run ./build.sh (./test.sh does it for you)")
    return DIST


@pytest.fixture(scope="session")
def base_url(dist_dir: Path) -> Iterator[str]:
    """URL of dist/ served on 127.0.0.1 and a free port (overrides pytest-base-url)."""
    server, url = start_server(dist_dir)
    yield url
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    """Launch Debian's Chromium with the flags this closed network needs."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} not found: apt-get install chromium (see .ci/run)")
    return {**browser_type_launch_args, "executable_path": CHROMIUM, "args": CHROMIUM_ARGS}


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    """Desktop-size viewport, service worker blocked (tests that want it opt in)."""
    return {
        **browser_context_args,
        "viewport": {"width": 1280, "height": 800},
        "service_workers": "block",
    }


@pytest.fixture
def artifacts() -> Path:
    """Folder for screenshots kept after the run (gitignored)."""
    ARTIFACTS.mkdir(exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def load_log() -> LoadLog:
    """A fresh request/error recorder for one page."""
    return LoadLog()


@pytest.fixture
def page(page: Any) -> Any:
    """Playwright's page with timeouts sized for a Pyodide start on a slow machine."""
    page.set_default_timeout(LOAD_TIMEOUT_MS)
    page.set_default_navigation_timeout(LOAD_TIMEOUT_MS)
    return page


# Not collected for --doctest-modules: both test folders' conftest.py would be
# imported as one module "conftest" (pytest tests/e2e tests/tooling failed so).
collect_ignore = ["conftest.py"]
