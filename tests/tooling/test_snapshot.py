"""tools/snapshot.mjs: the interpreter snapshot the page restores (run under node).

The page's own use of it (restore, fallbacks, seed and time zone) is checked in
tests/e2e/test_startup_path.py; here: the same dist gives the same bytes, and
everything but the modules that need the page is in it.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PYODIDE = ROOT / "dist" / "pyodide"

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not (PYODIDE / "pyodide-lock.json").is_file(),
    reason="needs node and a built dist/ (./build.sh)",
)


def _snapshot(out: Path) -> str:
    run = subprocess.run(
        ["node", str(ROOT / "tools" / "snapshot.mjs"), str(PYODIDE), str(out)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    return run.stdout


def test_the_same_dist_gives_the_same_snapshot_with_all_but_the_page_modules(
    tmp_path: Path,
) -> None:
    first, second = tmp_path / "a.bin", tmp_path / "b.bin"
    report = _snapshot(first)
    _snapshot(second)
    assert first.read_bytes() == second.read_bytes(), "deterministic: the build id depends on it"
    assert first.read_bytes() == (PYODIDE / "snapshot.bin").read_bytes(), "dist's is current"
    left = re.search(r"left to the page: (.*)$", report.strip())
    assert left, report
    assert left[1].split(", ") == [
        "app.embed.runner",
        "app.page.runner",
        "app.page.runner_fx",
        "app.shell.boot",
    ]
    # A memory snapshot of this very Pyodide: its header carries Pyodide's build id
    # (eight 32-bit words) after four words of its own, then the heap (tens of MB).
    data = first.read_bytes()  # (uncompressed: the server sends its .br or .gz copy)
    build = re.search(r'BUILD_ID:"([0-9a-f]{64})"', (PYODIDE / "pyodide.mjs").read_text())
    assert build, "pyodide.mjs names its build id"
    words = [int(build[1][i : i + 8], 16).to_bytes(4, "little") for i in range(0, 64, 8)]
    assert data[16:48] == b"".join(words)
    assert len(data) > 16 * 2**20
    assert str(ROOT).encode() not in data, (
        "nothing of the build machine (the page's sys.executable)"
    )
