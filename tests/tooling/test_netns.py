"""tests/e2e/netns.py: the namespace wrapper's command and its reasons to skip."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "e2e"))
import netns  # a helper of the browser tests (tests/e2e is no package)


def test_command_sets_up_the_veth_pair_then_runs_the_argv() -> None:
    """unshare -n, then sh runs the set-up and execs the command unchanged."""
    cmd = netns.netns_command(["python3", "-m", "pytest", "a b"])
    assert cmd[:4] == ["unshare", "-n", "sh", "-c"]
    assert "ip link add v0 type veth peer name v1" in cmd[4]
    assert "ip route add default via 10.99.0.2 dev v0" in cmd[4]
    assert cmd[4].rstrip().endswith('exec "$@"') and "set -e" in cmd[4]
    assert cmd[5:] == ["netns", "python3", "-m", "pytest", "a b"]


def test_reasons_to_skip(monkeypatch: pytest.MonkeyPatch) -> None:
    """Not root, or a tool missing: a reason, and no namespace is tried."""
    monkeypatch.setattr(netns.sys, "platform", "linux")
    monkeypatch.setattr(netns.os, "geteuid", lambda: 1000)
    assert "root" in (netns.unavailable() or "")
    monkeypatch.setattr(netns.os, "geteuid", lambda: 0)
    monkeypatch.setattr(netns.shutil, "which", lambda tool: None if tool == "ip" else tool)
    assert netns.unavailable() == "ip not found"


def test_inside_is_told_by_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tests inside run directly; outside, they skip and the outer test starts a namespace."""
    monkeypatch.setenv(netns.ENV_FLAG, "1")
    assert netns.inside()
    netns.require_netns()  # no skip
    monkeypatch.delenv(netns.ENV_FLAG)
    assert not netns.inside()
    with pytest.raises(pytest.skip.Exception):
        netns.require_netns()
