"""A real Nostr relay for the browser tests: ``nostr-relay`` from PyPI (pinned in
pyproject.toml's test packages), started on a loopback port with its own
configuration and an empty database in a temporary folder, stopped after.

Only inside the tests' network namespace (``netns``): the pages reach it at
``ws://127.0.0.1:PORT``; nothing leaves the namespace. It starts in a few seconds.
"""

from __future__ import annotations

import contextlib
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

CONFIG = """\
DEBUG: false
relay_name: test relay
storage:
  sqlalchemy.url: sqlite+aiosqlite:///{db}
  num_concurrent_reqs: 10
  num_concurrent_adds: 2
  validators:
    - nostr_relay.validators.is_not_too_large
    - nostr_relay.validators.is_signed
    - nostr_relay.validators.is_recent
verification:
  nip05_verification: disabled
gunicorn:
  bind: 127.0.0.1:{port}
  workers: 1
  loglevel: warning
  reload: false
purple:
  host: 127.0.0.1
  port: {port}
  workers: 1
  disable_compression: true
authentication:
  enabled: false
message_timeout: 1800
subscription_limit: 32
max_limit: 6000
"""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Relay:
    """One ``nostr-relay`` process: ``url`` while it runs; ``stop`` and ``start``."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.port = free_port()
        self.url = f"ws://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self, timeout: float = 60) -> None:
        config = self.folder / "relay.yaml"
        db = self.folder / f"relay-{self.port}.sqlite3"
        config.write_text(CONFIG.format(db=db, port=self.port))
        exe = Path(sys.executable).with_name("nostr-relay")
        log = (self.folder / "relay.log").open("ab")
        self.proc = subprocess.Popen(
            [str(exe), "-c", str(config), "serve"], stdout=log, stderr=subprocess.STDOUT
        )
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"nostr-relay exited: {self.log()[-2000:]}")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=1),
            ):
                return
            time.sleep(0.2)
        raise RuntimeError(f"nostr-relay did not listen in {timeout} s: {self.log()[-2000:]}")

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None

    def log(self) -> str:
        path = self.folder / "relay.log"
        return path.read_text(errors="replace") if path.exists() else ""


@contextlib.contextmanager
def running_relay() -> Iterator[Relay]:
    """A relay running for the ``with`` block."""
    with tempfile.TemporaryDirectory(prefix="nostr-relay-") as folder:
        relay = Relay(Path(folder))
        relay.start()
        try:
            yield relay
        finally:
            relay.stop()
