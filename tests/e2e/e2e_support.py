"""Constants and helpers shared by the browser tests (imported by conftest and tests)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
DIST = ROOT / "dist"
ARTIFACTS = ROOT / "artifacts"
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "app"))  # app_helpers: sessions and records

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
]
#: A Pyodide page takes 4-10 s to become ready on a 2-core box; allow for a busy one.
LOAD_TIMEOUT_MS = 120_000
READY = '#table[data-ready="1"]'

#: Pairs of the middle's words (the contract line, the banner, the nameplates) and
#: cards (the talon, the trick's cards) whose boxes intersect by more than 2 px
#: each way; cards among themselves overlap by design and are not compared.
OVERLAPS = """() => {
  const words = [...document.querySelectorAll('#table .info, #table .banner, #table .nameplate')];
  const cards = [...document.querySelectorAll('#table .talon .pile, #table .trick-card')];
  const name = (e) => e.className.baseVal ?? e.className;
  const out = [];
  const meet = (a, b) => {
    const r = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    const w = Math.min(r.right, q.right) - Math.max(r.left, q.left);
    const h = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top);
    if (w > 2 && h > 2 && !a.contains(b) && !b.contains(a)) out.push([name(a), name(b)]);
  };
  words.forEach((a, i) => words.slice(i + 1).forEach((b) => meet(a, b)));
  words.forEach((a) => cards.forEach((b) => meet(a, b)));
  return out;
}"""


@dataclass
class LoadLog:
    """Everything a page asked for and what went wrong while it loaded."""

    requests: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    console: list[str] = field(default_factory=list)

    def attach(self, page: Any) -> None:
        """Start recording ``page``'s requests, failures and console messages."""
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("requestfailed", lambda r: self.failed.append(f"{r.url}: {r.failure}"))
        page.on(
            "response",
            lambda r: r.status >= 400 and self.failed.append(f"{r.url}: HTTP {r.status}"),
        )
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("console", lambda m: self.console.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))


@contextmanager
def first_load(
    browser: Any,
    context_args: dict[str, Any],
    base_url: str,
    path: str = "/",
    until: str = "",
    setup: Callable[[Any], None] | None = None,
) -> Iterator[tuple[Any, LoadLog]]:
    """A first load of ``path`` in a fresh context, recorded by a LoadLog, up to
    ready (and ``until``, a JS condition, if given) and network idle; ``setup``
    gets the page first (routes, init scripts)."""
    context = browser.new_context(**{**context_args, "base_url": base_url})
    try:
        page = context.new_page()
        page.set_default_timeout(LOAD_TIMEOUT_MS)
        log = LoadLog()
        log.attach(page)
        if setup:
            setup(page)
        page.goto(path)
        page.wait_for_selector(READY)
        if until:
            page.wait_for_function(until)
        page.wait_for_load_state("networkidle")
        yield page, log
    finally:
        context.close()
