"""tools/serve.py: types, caching and isolation headers the page relies on."""

from __future__ import annotations

import urllib.request
from pathlib import Path

import pytest
from serve import start_server


@pytest.fixture
def served(tmp_path: Path):  # type: ignore[no-untyped-def]
    for rel in ("index.html", "a.wasm", "b.mjs", "c.js", "m.webmanifest"):
        (tmp_path / rel).write_bytes(b"x")
    server, url = start_server(tmp_path)
    yield url
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    ("name", "mime"),
    [
        ("a.wasm", "application/wasm"),
        ("b.mjs", "text/javascript"),
        ("c.js", "text/javascript"),
        ("m.webmanifest", "application/manifest+json"),
    ],
)
def test_content_types(served: str, name: str, mime: str) -> None:
    with urllib.request.urlopen(served + name) as response:
        assert response.headers["Content-Type"] == mime


def test_headers_for_isolation_and_revalidation(served: str) -> None:
    with urllib.request.urlopen(served) as response:
        assert response.headers["Cache-Control"] == "no-cache"
        assert response.headers["Cross-Origin-Opener-Policy"] == "same-origin"
        assert response.headers["Cross-Origin-Embedder-Policy"] == "require-corp"


def test_refuses_a_folder_without_index(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"build\.sh"):
        start_server(tmp_path)
