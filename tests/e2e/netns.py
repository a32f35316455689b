"""Run browser tests inside a network namespace of their own, so WebRTC stays local.

Chromium offers no ICE candidate on a machine with only ``lo`` and never
offers 127.0.0.1 when another interface exists (see
``/work/shared/notes/webrtc-tests.md``). So the WebRTC tests run in a network
namespace made for them (``unshare -n``, root only) holding ``lo`` and one
veth pair, 10.99.0.1 <-> 10.99.0.2, with a default route through it: Chromium
then gathers the single host candidate 10.99.0.1 and two pages connect.
Nothing can leave the namespace; no STUN or TURN server is ever configured.

A test module uses it in two halves: tests that need the namespace call
``require_netns()`` (they skip outside it), and one outer test runs the
module again inside a fresh namespace with ``run_pytest_in_netns`` (it skips
with the reason when that cannot be done, and inside). A whole pytest run can
be put inside one too::

    python3 tests/e2e/netns.py -m pytest -q tests/e2e/test_rtc_link.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

#: Set in the namespace's environment, so tests know where they are.
ENV_FLAG = "THOUSAND_TEST_NETNS"
HOST_ADDRESS = "10.99.0.1"
SETUP = """
set -e
ip link set lo up
ip link add v0 type veth peer name v1
ip addr add 10.99.0.1/24 dev v0
ip addr add 10.99.0.2/24 dev v1
ip link set v0 up
ip link set v1 up
ip route add default via 10.99.0.2 dev v0
exec "$@"
"""
#: Chromium flags WebRTC needs here: real addresses instead of mDNS names.
WEBRTC_ARGS = [
    "--disable-features=WebRtcHideLocalIpsWithMdns",
    "--allow-loopback-in-peer-connection",
]


def inside() -> bool:
    """Whether this process runs in a namespace ``netns_command`` made."""
    return os.environ.get(ENV_FLAG) == "1"


def unavailable() -> str | None:
    """Why a namespace cannot be made here (None: it can)."""
    if sys.platform != "linux":
        return "network namespaces need Linux"
    if os.geteuid() != 0:
        return "making a network namespace needs root (unshare -n)"
    for tool in ("unshare", "ip", "sh"):
        if shutil.which(tool) is None:
            return f"{tool} not found"
    probe = subprocess.run(
        netns_command(["true"]), capture_output=True, text=True, timeout=30, check=False
    )
    if probe.returncode != 0:
        return f"unshare -n with a veth pair failed: {probe.stderr.strip()[:200]}"
    return None


def netns_command(argv: list[str]) -> list[str]:
    """``argv`` wrapped to run in a new network namespace set up as above."""
    return ["unshare", "-n", "sh", "-c", SETUP, "netns", *argv]


def run_in_netns(
    argv: list[str], timeout: float, cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    """Run ``argv`` in a fresh namespace, ``ENV_FLAG`` set; output captured."""
    env = {**os.environ, ENV_FLAG: "1"}
    return subprocess.run(
        netns_command(argv),
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=timeout,
        env=env,
        check=False,
    )


def run_pytest_in_netns(test_file: Path, timeout: float = 900) -> None:
    """Run ``test_file``'s tests in a fresh namespace; fail with their output if they fail."""
    if inside():
        pytest.skip("already inside the test network namespace (the tests run directly)")
    reason = unavailable()
    if reason:
        pytest.skip(reason)
    root = Path(__file__).resolve().parents[2]
    got = run_in_netns(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs", str(test_file)],
        timeout,
        cwd=root,
    )
    report = f"{got.stdout[-6000:]}\n{got.stderr[-3000:]}"
    assert got.returncode == 0, f"in the namespace (cwd {root}):\n{report}"
    assert " passed" in got.stdout, report
    print(got.stdout[-2000:])  # the inner summary, shown with -s or -rP


def require_netns() -> None:
    """Skip the calling test unless it runs inside the test network namespace."""
    if not inside():
        pytest.skip("runs inside a network namespace (the module's outer test starts one)")


if __name__ == "__main__":
    reason = unavailable()
    if reason:
        sys.exit(f"netns.py: {reason}")
    os.environ[ENV_FLAG] = "1"
    os.execvp("unshare", netns_command([sys.executable, *sys.argv[1:]]))
