"""Where start-up time goes: a timeline of index.html against a bare loadPyodide() page.

    nice -n -10 python3 bench/startup_trace.py [--runs N] [--dist DIR] [--sw]

Loads the pages alternately (fresh context each, like bench/startup.py) and
prints, per page, the median time from navigation start of each step:
resource downloads (request start / response end of the runtime files, our
wheel and scripts), PyScript's ``py:progress`` steps, the ``performance.mark``
entries that py/app/main.py and static/boot.js set, and ready.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from e2e_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import start_server  # noqa: E402
from startup import READY_PROBE, install_worker  # noqa: E402

PROBE = (
    """
window.__events = [];
const at = (name) => () => __events.push([name, performance.now()]);
addEventListener("py:progress", (e) => at("progress: " + e.detail)());
addEventListener("py:ready", at("event: py:ready"), true);
addEventListener("DOMContentLoaded", at("event: DOMContentLoaded"));
addEventListener("load", at("event: load"));
"""
    + READY_PROBE  # window.__readyAt, as bench/startup.py times it
)
COLLECT = """() => {
  const out = [...window.__events];
  for (const m of performance.getEntriesByType("mark")) out.push(["mark: " + m.name, m.startTime]);
  for (const r of performance.getEntriesByType("resource")) {
    const name = r.name.split("/").slice(-2).join("/");
    out.push(["fetch " + name + " start", r.startTime]);
    out.push(["fetch " + name + " end", r.responseEnd]);
  }
  const fcp = performance.getEntriesByName("first-contentful-paint")[0];
  if (fcp) out.push(["first paint", fcp.startTime]);
  out.push(["ready", window.__readyAt]);
  return out;
}"""


def trace(browser: Any, url: str, sw: bool, block: list[str], index: str = "") -> dict[str, float]:
    """One load of ``url`` (with ``sw``: after a visit of ``index``, the page that
    registers the service worker); return each step's first time (s)."""
    context = browser.new_context(service_workers="allow" if sw else "block")
    try:
        page = context.new_page()
        for pattern in block:
            page.route(pattern, lambda route: route.abort())
        page.add_init_script(PROBE)
        if sw:  # a visit of index.html installs the worker; the traced load is the next one
            install_worker(page, index)
        page.goto(url, wait_until="commit")
        page.wait_for_function("window.__readyAt !== undefined", timeout=120_000, polling=50)
        page.wait_for_timeout(200)
        steps: dict[str, float] = {}
        for name, at in page.evaluate(COLLECT):
            steps.setdefault(name, at / 1000)
        return steps
    finally:
        context.close()


def main(argv: list[str] | None = None) -> int:
    """Trace the pages and print the median timeline."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--sw", action="store_true", help="trace repeat visits (service worker)")
    parser.add_argument("--page", action="append", help="extra page path to trace")
    parser.add_argument("--block", action="append", default=[], help="URL glob to fail")
    parser.add_argument(
        "--without",
        action="append",
        default=[],
        metavar="GLOB",
        help="also trace index.html with requests matching GLOB failed (e.g. **/stdlib-pyc.zip)",
    )
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    server, base = start_server(args.dist)
    pages = {"index.html": base, "bare": base + "bench/bare.html"}
    blocks: dict[str, list[str]] = {name: args.block for name in pages}
    for extra in args.page or []:
        pages[extra] = base + extra
        blocks[extra] = args.block
    for glob in args.without:
        pages[f"index.html without {glob}"] = base
        blocks[f"index.html without {glob}"] = [*args.block, glob]
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in pages}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            trace(browser, pages["bare"], False, [])  # warm-up
            index = pages["index.html"]
            order = list(pages)
            for _ in range(args.runs):
                for name in order:
                    runs[name].append(trace(browser, pages[name], args.sw, blocks[name], index))
                order = order[1:] + order[:1]
            browser.close()
    finally:
        server.shutdown()
    for name, results in runs.items():
        print(f"{name}: median of {len(results)} loads (s from navigation start)")
        keys = {k for r in results for k in r}
        med = {k: statistics.median(r[k] for r in results if k in r) for k in keys}
        for key in sorted(med, key=med.__getitem__):
            print(f"  {med[key]:7.3f}  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
