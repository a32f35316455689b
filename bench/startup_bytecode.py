"""Does shipping bytecode make start-up faster? The built page against a copy without it.

    nice -n -10 python3 bench/startup_bytecode.py [--runs N] [--dist DIR]

build.sh byte-compiles (with Pyodide's own Python, tools/pyc.mjs) every
Python module the page loads: Pyodide's standard library, our two wheels and
PyScript's package. This makes a copy of dist/ without any of it (the stock
python_stdlib.zip from node_modules/pyodide, the wheels with their .pyc
removed, no pyscript/stdlib-pyc.zip), serves both, and loads in alternation,
first visits, fresh contexts:

- index.html with and without bytecode;
- the bare ``loadPyodide()`` page (bench/bare.html) of each copy, so the
  figures show what the compiled standard library does for Pyodide itself.

Prints medians of the ready times and the ratios.
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "bench"))

from buildlib import read_members, stamp, write_wheel  # noqa: E402
from e2e_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import start_server  # noqa: E402
from startup import first_visit  # noqa: E402


def without_bytecode(dist: Path, out: Path) -> None:
    """Copy ``dist`` to ``out`` with every build-time .pyc taken out."""
    shutil.copytree(dist, out)
    stock = ROOT / "node_modules" / "pyodide" / "python_stdlib.zip"
    shutil.copy(stock, out / "pyodide" / "python_stdlib.zip")
    (out / "pyscript" / "stdlib-pyc.zip").unlink()
    for wheel in (out / "pyodide").glob("thousand*.whl"):
        members = read_members(wheel)
        write_wheel(wheel, {n: d for n, d in members.items() if not n.endswith(".pyc")})
    match = re.search(r'name="thousand-build" content="([^"]+)"', (out / "index.html").read_text())
    assert match, "dist/index.html has its build id"
    stamp(out, match[1])  # same id; fixes the lock's sha256 of the rewritten wheels


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    args = parser.parse_args(argv)
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        plain = Path(tmp) / "dist"
        without_bytecode(args.dist, plain)
        server_a, base_a = start_server(args.dist)
        server_b, base_b = start_server(plain)
        pages = {
            "index.html, bytecode": base_a,
            "index.html, sources": base_b,
            "bare loadPyodide(), bytecode": base_a + "bench/bare.html",
            "bare loadPyodide(), sources": base_b + "bench/bare.html",
        }
        ready: dict[str, list[float]] = {name: [] for name in pages}
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
                first_visit(browser, pages["bare loadPyodide(), sources"], base_b)  # warm-up
                order = list(pages)
                for _ in range(args.runs):
                    for name in order:
                        ready[name].append(first_visit(browser, pages[name], "")["ready"])
                    order = order[1:] + order[:1]
                browser.close()
        finally:
            server_a.shutdown()
            server_b.shutdown()

    med = {name: statistics.median(times) for name, times in ready.items()}
    print(f"ready, median of {args.runs} first visits each (headless Chromium, localhost)")
    for name, value in med.items():
        print(f"  {name:<30} {value:6.2f} s")
    for what in ("index.html", "bare loadPyodide()"):
        ratio = med[f"{what}, bytecode"] / med[f"{what}, sources"]
        print(f"{what}: with bytecode / without: {ratio:.2f}")
    for kind in ("bytecode", "sources"):
        ratio = med[f"index.html, {kind}"] / med[f"bare loadPyodide(), {kind}"]
        print(f"index.html / bare loadPyodide(), {kind}: {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
