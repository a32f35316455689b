"""Serve a built ``dist/`` on localhost, the way the page expects to be served.

Used by ``./build.sh serve [PORT]`` and, through :func:`start_server`, by the
browser tests and the start-up benchmark, so all three serve bytes the same way:

- ``.wasm`` as ``application/wasm`` (streaming compilation needs it), ``.mjs``
  and ``.js`` as ``text/javascript``, ``.webmanifest`` and ``.svg`` typed too;
- ``Cache-Control: no-cache``: the browser may keep a copy but revalidates it
  on every load (``Last-Modified`` / 304), so a rebuild is always seen;
- ``Cross-Origin-Resource-Policy: cross-origin``, so that embed.html and
  embed.js may be used from pages of any origin, cross-origin isolated ones
  too; no COOP/COEP: the page needs no cross-origin isolation (Python runs on
  the main thread; nothing uses ``SharedArrayBuffer``);
- a file's precompressed copy (``FILE.br``, else ``FILE.gz``, written by
  ``tools/precompress.mjs``) when the browser accepts that encoding, sent with
  ``Content-Encoding`` and the type of ``FILE`` (``Vary: Accept-Encoding``);
- bound to 127.0.0.1 only.

Example::

    python3 tools/serve.py dist 8000
    # or, from Python:
    server, url = start_server(Path("dist"))
    ...
    server.shutdown()
"""

from __future__ import annotations

import argparse
import email.utils
import functools
import http.server
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

EXTRA_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
}

EXTRA_HEADERS = {
    "Cross-Origin-Resource-Policy": "cross-origin",  # embed.html may sit in any page
}


class DistHandler(http.server.SimpleHTTPRequestHandler):
    """Static file handler with the MIME types and headers the page needs."""

    extensions_map = {  # noqa: RUF012 (the stdlib declares it per instance)
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **EXTRA_TYPES,
    }
    quiet = False
    on_request: Callable[[str], None] | None = None

    def do_GET(self) -> None:
        """Serve a file; tell ``on_request`` (tests count what reached the server)."""
        if self.on_request is not None:
            self.on_request(self.path)
        super().do_GET()

    def send_head(self) -> Any:
        """Like the stdlib's, but a precompressed copy the browser accepts wins."""
        path = self.translate_path(self.path)
        if os.path.isdir(path):
            if not self.path.split("?", 1)[0].endswith("/"):
                return super().send_head()  # (the redirect to the folder's address)
            path = os.path.join(path, "index.html")
        found = self._encoded(path)
        if found is None:
            return super().send_head()
        copy, encoding = found
        f = open(copy, "rb")  # noqa: SIM115 (the caller closes it, as the stdlib's)
        stat = os.fstat(f.fileno())
        since = self.headers.get("If-Modified-Since")
        if since and "If-None-Match" not in self.headers:
            try:
                when = email.utils.parsedate_to_datetime(since).timestamp()
            except (TypeError, ValueError, IndexError, OverflowError):
                when = None
            if when is not None and int(stat.st_mtime) <= when:
                f.close()
                self.send_response(http.HTTPStatus.NOT_MODIFIED)
                self.send_header("Vary", "Accept-Encoding")
                self.end_headers()
                return None
        self.send_response(http.HTTPStatus.OK)
        self.send_header("Content-type", self.guess_type(path))
        self.send_header("Content-Encoding", encoding)
        self.send_header("Content-Length", str(stat.st_size))
        self.send_header("Last-Modified", self.date_time_string(stat.st_mtime))
        self.send_header("Vary", "Accept-Encoding")
        self.end_headers()
        return f

    def _encoded(self, path: str) -> tuple[str, str] | None:
        """(copy, encoding) of the precompressed copy of ``path`` to send, if any."""
        accepted = {
            part.split(";")[0].strip()
            for part in self.headers.get("Accept-Encoding", "").split(",")
        }
        for suffix, encoding in ((".br", "br"), (".gz", "gzip")):
            if encoding in accepted and os.path.isfile(path + suffix) and os.path.isfile(path):
                return path + suffix, encoding
        return None

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        for name, value in EXTRA_HEADERS.items():
            self.send_header(name, value)
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        if not self.quiet:
            super().log_message(format, *args)


class _Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def handle_error(self, request: Any, client_address: Any) -> None:
        """Stay quiet when the browser drops a connection (page closed mid-download)."""
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


def make_server(
    root: Path,
    port: int = 0,
    *,
    quiet: bool = False,
    on_request: Callable[[str], None] | None = None,
) -> _Server:
    """Return a server for ``root`` on 127.0.0.1:``port`` (0 picks a free port).

    ``root`` is looked up on every request, so it may be a symlink that is
    switched to another build while serving (the service-worker update test).
    """
    if not (root / "index.html").is_file():
        raise FileNotFoundError(f"{root}/index.html is missing: run ./build.sh first")
    attrs = {"quiet": quiet, "on_request": staticmethod(on_request) if on_request else None}
    handler_class = type("DistHandler", (DistHandler,), attrs)
    return _Server(("127.0.0.1", port), functools.partial(handler_class, directory=str(root)))


def start_server(
    root: Path,
    port: int = 0,
    *,
    quiet: bool = True,
    on_request: Callable[[str], None] | None = None,
) -> tuple[_Server, str]:
    """Serve ``root`` from a background thread; return the server and its base URL."""
    server = make_server(root, port, quiet=quiet, on_request=on_request)
    threading.Thread(target=server.serve_forever, name="dist-server", daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    """Command line: ``serve.py [DIR] [PORT]``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("root", nargs="?", default="dist", type=Path)
    parser.add_argument("port", nargs="?", default=8000, type=int)
    args = parser.parse_args(argv)
    try:
        server = make_server(args.root, args.port)
    except (FileNotFoundError, OSError) as exc:
        print(f"serve.py: {exc}", file=sys.stderr)
        return 1
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    print(f"Serving {args.root}/ at {url}  (Ctrl-C to stop)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
