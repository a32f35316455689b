"""Collection for the whole repository (``pyproject.toml`` runs the doctests of py/).

The page's modules that import the browser (``js``, ``pyodide``, ``pyscript``) at their
top cannot be imported in CPython, so their doctests are not collected; every other
module of ``py/app`` runs its doctests with the tests.
"""

import os
from pathlib import Path
from typing import Any

import pytest

#: Where the browser tests note the browser's trouble: each renderer crash and each
#: stalled load (``tests/e2e/e2e_support.py``), those of a run inside a test network
#: namespace (``tests/e2e/netns.py``) too.
TROUBLE_LOG = Path(__file__).parent / "artifacts" / "browser-trouble.txt"
#: Set in a run that a test starts inside a network namespace (``netns.ENV_FLAG``).
INNER_RUN = "THOUSAND_TEST_NETNS"

collect_ignore = [
    "py/app/shell/boot.py",
    "py/app/embed/runner.py",
    "py/app/embed_main.py",
    "py/app/main.py",
    "py/app/page/runner_fx.py",
    "py/app/page/runner.py",
]


def pytest_sessionstart(session: pytest.Session) -> None:
    """Start each run with no notes of trouble (in the controller, or without workers;
    a run inside a test's network namespace adds to its outer run's)."""
    if not hasattr(session.config, "workerinput") and os.environ.get(INNER_RUN) != "1":
        TROUBLE_LOG.unlink(missing_ok=True)


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """Print this run's renderer crashes and stalled loads, with the machine then."""
    if TROUBLE_LOG.is_file() and os.environ.get(INNER_RUN) != "1":
        terminalreporter.section("browser trouble (renderer crashes, stalled loads)")
        terminalreporter.write(TROUBLE_LOG.read_text(encoding="utf-8"))
