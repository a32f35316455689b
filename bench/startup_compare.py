"""Two builds side by side: start-up of index.html and of its bare loadPyodide() page.

    nice -n -10 python3 bench/startup_compare.py OLD_DIST NEW_DIST [--runs N] [--sw]

Serves both dist folders (e.g. one built from main with ``git archive main |
tar -x -C /tmp/old && (cd /tmp/old && ./build.sh)``), and loads, in rotating
order, index.html and bench/bare.html of each: first visits, fresh contexts,
service worker blocked (with ``--sw``: repeat visits, each after a visit of
that build's index.html has installed its service worker). On a shared
machine, comparing two builds in one run is the only fair comparison; prints
medians of first paint and ready, and each build's ratio to its own bare page.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))

from e2e_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import start_server  # noqa: E402
from startup import first_visit, repeat_visit  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Load both builds in alternation and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("old", type=Path)
    parser.add_argument("new", type=Path)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--sw", action="store_true", help="repeat visits (service worker)")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    servers = {label: start_server(path) for label, path in (("old", args.old), ("new", args.new))}
    pages = {}
    index = {}
    for label, (_, base) in servers.items():
        pages[f"{label} index.html"] = base
        pages[f"{label} bare"] = base + "bench/bare.html"
        index[f"{label} index.html"] = index[f"{label} bare"] = base
    visit = repeat_visit if args.sw else first_visit
    runs: dict[str, list[dict[str, float]]] = {name: [] for name in pages}
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            first_visit(browser, pages["old bare"], "")  # warm-up
            order = list(pages)
            for _ in range(args.runs):
                for name in order:
                    runs[name].append(visit(browser, pages[name], index[name]))
                order = order[1:] + order[:1]
            browser.close()
    finally:
        for server, _ in servers.values():
            server.shutdown()

    def med(name: str, key: str) -> float:
        return statistics.median(r[key] for r in runs[name])

    kind = "repeat" if args.sw else "first"
    print(f"median of {args.runs} {kind} visits each (headless Chromium, localhost)")
    for name in pages:
        fcp, ready = med(name, "fcp"), med(name, "ready")
        print(f"  {name:<16} first paint {fcp:6.3f} s   ready {ready:6.2f} s")
    for label in servers:
        ratio = med(f"{label} index.html", "ready") / med(f"{label} bare", "ready")
        print(f"{label}: index.html / bare loadPyodide(): {ratio:.3f}")
    change = med("new index.html", "ready") / med("old index.html", "ready")
    print(f"new index.html / old index.html: {change:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
