"""Constants and helpers shared by the browser tests (imported by conftest and tests)."""

from __future__ import annotations

import os
import sys
import time
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
#: Where a run notes the browser's trouble it survived or died of: each renderer
#: crash (``conftest.py``) and each stalled load (``open_ready``), with the machine's
#: state then. The root ``conftest.py`` empties it at the start of a run and prints it
#: at the end; a run inside a test network namespace adds to its outer run's.
TROUBLE_LOG = ARTIFACTS / "browser-trouble.txt"
#: How long ``open_ready`` waits for one load before it notes a stall and loads again.
STALL_MS = 240_000

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


def _machine() -> str:
    """Memory, load and Chromium's processes now (for a note of trouble)."""
    lines = []
    try:
        meminfo = dict(
            line.split(":", 1) for line in Path("/proc/meminfo").read_text().splitlines()
        )
        lines.append(
            "memory: "
            + ", ".join(f"{k} {meminfo[k].strip()}" for k in ("MemAvailable", "Committed_AS"))
        )
        lines.append("load: " + Path("/proc/loadavg").read_text().strip())
        rss, count = 0, 0
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                if b"chrom" not in (proc / "cmdline").read_bytes()[:200]:
                    continue
                status = (proc / "status").read_text()
            except OSError:
                continue
            count += 1
            for line in status.splitlines():
                if line.startswith("VmRSS:"):
                    rss += int(line.split()[1])
        lines.append(f"chromium: {count} processes, {rss // 1024} MB resident")
    except (OSError, ValueError, KeyError) as e:
        lines.append(f"(could not read the machine: {e})")
    return "; ".join(lines)


def note_trouble(what: str) -> None:
    """Add ``what`` and the machine's state now to ``TROUBLE_LOG``."""
    ARTIFACTS.mkdir(exist_ok=True)
    with TROUBLE_LOG.open("a", encoding="utf-8") as out:
        out.write(f"{time.strftime('%H:%M:%S')} {what}: {_machine()}\n")


#: What a stalled page shows: how far the document got, and the table's attributes
#: (``data-stage`` names the loading stage it sits in).
_STALL_STATE = """() => {
  const t = document.querySelector('#table');
  return JSON.stringify({
    readyState: document.readyState,
    table: t ? Object.fromEntries(Object.entries(t.dataset)) : null,
  });
}"""


def open_ready(page: Any, url: str | None = None) -> None:
    """Load ``url`` in ``page`` (or reload it) and wait until its table is ready.

    A load that is not ready in ``STALL_MS`` is noted in ``TROUBLE_LOG`` (what the page
    showed, its last console lines, the machine) and loaded once more: on a busy 2-core
    box one first load in a few hundred has sat past four minutes while the loads
    beside it took seconds. A second stall fails the test with the same details.
    """
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    console: list[str] = []
    page.on("console", lambda m: console.append(f"{m.type}: {m.text}"[:300]))
    for attempt in (1, 2):
        if url is not None and attempt == 1:
            page.goto(url, timeout=STALL_MS)
        else:
            page.reload(timeout=STALL_MS)
        try:
            page.wait_for_selector(READY, timeout=STALL_MS)
            return
        except PlaywrightTimeout:
            try:
                state = page.evaluate(_STALL_STATE)
            except Exception as e:  # a page in trouble may not answer
                state = f"(the page did not answer: {e})"
            what = f"stalled load {attempt} of {url or page.url}: {state}; console: {console[-8:]}"
            note_trouble(what)
            if attempt == 2:
                raise AssertionError(what) from None


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


#: axe-core's audit of the page (injected from node_modules/axe-core): its violations,
#: each with the nodes it found and why.
AXE_RUN = """async () => {
  const r = await axe.run(document);
  return r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map((n) => `${n.target.join(' ')}: ${n.failureSummary.replace(/\\s+/g, ' ')}`),
  }));
}"""
