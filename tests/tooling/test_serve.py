"""tools/serve.py: types, caching and isolation headers the page relies on."""

from __future__ import annotations

import urllib.request
from pathlib import Path
from typing import Any

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


def test_headers_for_revalidation_and_embedding_without_isolation(served: str) -> None:
    with urllib.request.urlopen(served) as response:
        assert response.headers["Cache-Control"] == "no-cache"
        assert response.headers["Cross-Origin-Resource-Policy"] == "cross-origin"
        assert "Cross-Origin-Opener-Policy" not in response.headers
        assert "Cross-Origin-Embedder-Policy" not in response.headers


def test_refuses_a_folder_without_index(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError, match=r"build\.sh"):
        start_server(tmp_path)


def test_a_precompressed_copy_is_sent_to_a_browser_that_accepts_it(tmp_path: Path) -> None:
    import gzip

    (tmp_path / "index.html").write_bytes(b"<p>page</p>")
    (tmp_path / "index.html.br").write_bytes(b"brotli page")
    (tmp_path / "a.wasm").write_bytes(b"plain")
    (tmp_path / "a.wasm.gz").write_bytes(gzip.compress(b"plain"))
    (tmp_path / "a.wasm.br").write_bytes(b"brotli bytes")
    (tmp_path / "only.gz").write_bytes(b"a file of its own")  # no "only": not a copy
    server, url = start_server(tmp_path)
    try:

        def get(name: str, accept: str) -> tuple[bytes, Any]:
            request = urllib.request.Request(url + name, headers={"Accept-Encoding": accept})
            with urllib.request.urlopen(request) as response:
                return response.read(), response.headers

        body, headers = get("a.wasm", "gzip, deflate, br")
        assert (body, headers["Content-Encoding"]) == (b"brotli bytes", "br")
        assert headers["Content-Type"] == "application/wasm"
        assert headers["Vary"] == "Accept-Encoding"
        body, headers = get("a.wasm", "gzip")
        assert (gzip.decompress(body), headers["Content-Encoding"]) == (b"plain", "gzip")
        body, headers = get("a.wasm", "identity")
        assert (body, headers["Content-Encoding"]) == (b"plain", None)
        body, headers = get("", "br")
        assert headers["Content-Type"] == "text/html"
        body, headers = get("only.gz", "gzip, br")
        assert (body, headers["Content-Encoding"]) == (b"a file of its own", None)
    finally:
        server.shutdown()
        server.server_close()
