"""static/sw.js under interleavings no browser test can force (run under node).

tests/e2e/test_sw_update.py drives real updates in Chromium, where the order of
the two workers' steps is up to the machine. Here tests/tooling/sw_harness.mjs
runs build A's and build B's workers, as build.sh renders them, against one
in-memory Cache Storage with their cache operations interleaved at random, many
schedules over: A's page reloads (A's worker answers it and cleans up after)
while B installs. After each schedule B's next page must come from B's cache
alone (the promise of the first e2e test; a late clean-up of A's once deleted
B's cache as B's install was filling it, and B's page then came from the network).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from buildlib import content_version, precache_list, precache_manifest, render_sw

ROOT = Path(__file__).resolve().parents[2]
HARNESS = Path(__file__).with_name("sw_harness.mjs")
SCOPE = "http://site.test/"

pytestmark = pytest.mark.skipif(shutil.which("node") is None, reason="needs node")


def _build(root: Path, name: str, files: dict[str, str]) -> dict[str, object]:
    """A tiny dist of ``files`` and its rendered sw.js, as build.sh makes them."""
    dist = root / name
    for rel, text in files.items():
        (dist / rel).parent.mkdir(parents=True, exist_ok=True)
        (dist / rel).write_text(text)
    urls = precache_list(dist)
    version = content_version(dist, urls)
    sw = root / f"sw-{name}.js"
    template = (ROOT / "static" / "sw.js").read_text()
    sw.write_text(render_sw(template, version, precache_manifest(dist, urls)))
    served = {url: (dist / (url if url != "./" else "index.html")).read_text() for url in urls}
    return {"version": version, "sw": str(sw), "files": served}


def _run(tmp_path: Path, seeds: int) -> dict[str, object]:
    builds = {
        name: _build(
            tmp_path,
            name,
            {
                "index.html": f"<meta name=thousand-build content=build-{name}>",
                "static/app.js": f"// app of build {name}",
                "pyodide/engine.whl": f"engine {name}",
                "static/icon.svg": "<svg/>",  # the same in both builds: B reuses A's copy
            },
        )
        for name in ("a", "b")
    }
    spec = tmp_path / "spec.json"
    spec.write_text(json.dumps({"scope": SCOPE, "seeds": seeds, "builds": builds}))
    run = subprocess.run(
        ["node", str(HARNESS), str(spec)], capture_output=True, text=True, timeout=300, check=False
    )
    assert run.returncode == 0, run.stderr[-3000:]
    result: dict[str, object] = json.loads(run.stdout)
    return result


def test_an_old_workers_clean_up_never_empties_a_new_build_it_races(tmp_path: Path) -> None:
    result = _run(tmp_path, seeds=400)
    assert result["schedules"] == 400
    assert result["failures"] == []
