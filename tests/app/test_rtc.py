"""``app.online.rtc`` in CPython: its state rule, and ``Link`` against a fake browser.

The fake ``js`` module pairs two fake ``RTCPeerConnection`` objects the way
the browser would once offer and answer are exchanged: ICE gathering
completes a moment after ``setLocalDescription``, the host's
``setRemoteDescription(answer)`` connects both and opens the channel, a
message sent on one side arrives on the other, ``close`` closes both. The
real thing is in ``tests/e2e/test_rtc_link.py``. Also runs the module
examples (doctests) of ``app.online.qr``, ``app.online.invite`` and ``app.online.rtc``, which the
default test paths leave out for ``py/app``.
"""

from __future__ import annotations

import asyncio
import doctest
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from app_helpers import run_coroutine

from app.online import invite, qr, rtc


@pytest.mark.parametrize("module", [qr, invite, rtc], ids=lambda m: m.__name__)
def test_module_examples(module: types.ModuleType) -> None:
    """The examples in the module's docstrings hold."""
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


@pytest.mark.parametrize(
    ("connection", "channel", "state"),
    [
        ("new", None, "new"),
        ("new", "connecting", "connecting"),
        ("connecting", "connecting", "connecting"),
        ("connected", "connecting", "connecting"),
        ("connected", "open", "open"),
        ("disconnected", "open", "connecting"),
        ("connected", "closing", "closed"),
        ("closed", "open", "closed"),
        ("failed", "open", "failed"),
        ("failed", None, "failed"),
    ],
)
def test_link_state(connection: str, channel: str | None, state: str) -> None:
    """Open only while the channel is; disconnected may come back; failed wins."""
    assert rtc.link_state(connection, channel) == state


# --- a fake browser -------------------------------------------------------------------


class Proxy:
    """What ``create_proxy`` returns: callable until destroyed."""

    def __init__(self, fn: Callable[..., None]) -> None:
        self.fn: Callable[..., None] | None = fn

    def __call__(self, *args: Any) -> None:
        assert self.fn is not None, "a destroyed proxy was called"
        self.fn(*args)

    def destroy(self) -> None:
        self.fn = None


class Event:
    def __init__(self, **fields: Any) -> None:
        self.__dict__.update(fields)


class Channel:
    def __init__(self, pc: PeerConnection) -> None:
        self.pc = pc
        self.readyState = "connecting"
        self.onopen: Any = None
        self.onclose: Any = None
        self.onmessage: Any = None
        self.sent: list[str] = []

    def fire(self, name: str, event: Any = None) -> None:
        handler = getattr(self, name)
        if handler is not None:
            handler(event)

    def send(self, text: str) -> None:
        assert self.readyState == "open"
        peer = self.pc.peer
        assert peer is not None and peer.channel is not None
        peer.channel.fire("onmessage", Event(data=text))

    def close(self) -> None:
        for ch in (self, self.pc.peer.channel if self.pc.peer else None):
            if ch is not None and ch.readyState != "closed":
                ch.readyState = "closed"
                ch.fire("onclose")


class PeerConnection:
    made: list[PeerConnection] = []  # noqa: RUF012 (the fake browser's registry)

    def __init__(self, config: dict[str, Any]) -> None:
        self.config = config
        self.connectionState = "new"
        self.iceGatheringState = "new"
        self.localDescription: Any = None
        self.channel: Channel | None = None
        self.peer: PeerConnection | None = None
        self.onconnectionstatechange: Any = None
        self.ondatachannel: Any = None
        self.onicegatheringstatechange: Any = None
        PeerConnection.made.append(self)

    @classmethod
    def new(cls, config: dict[str, Any]) -> PeerConnection:
        return cls(config)

    def createDataChannel(self, label: str, options: dict[str, Any]) -> Channel:
        assert label == rtc.CHANNEL_LABEL and options == {"ordered": True}
        self.channel = Channel(self)
        return self.channel

    async def createOffer(self) -> dict[str, str]:
        return {"type": "offer", "sdp": f"offer of {id(self)}"}

    async def createAnswer(self) -> dict[str, str]:
        return {"type": "answer", "sdp": f"answer of {id(self)}"}

    async def setLocalDescription(self, desc: dict[str, str]) -> None:
        self.iceGatheringState = "gathering"
        self.localDescription = Event(sdp=desc["sdp"] + " with candidates")
        asyncio.get_running_loop().call_later(0.01, self._gathered)

    def _gathered(self) -> None:
        self.iceGatheringState = "complete"
        if self.onicegatheringstatechange is not None:
            self.onicegatheringstatechange(None)

    async def setRemoteDescription(self, desc: dict[str, str]) -> None:
        owner = next(
            pc
            for pc in PeerConnection.made
            if desc["sdp"].startswith(f"{desc['type']} of {id(pc)}")
        )
        self.peer, owner.peer = owner, self
        if desc["type"] == "answer":  # the host finishes: both connect, the channel opens
            assert self.channel is not None
            owner.channel = Channel(owner)
            if owner.ondatachannel is not None:
                owner.ondatachannel(Event(channel=owner.channel))
            for pc in (self, owner):
                pc.connectionState = "connected"
                if pc.onconnectionstatechange is not None:
                    pc.onconnectionstatechange(None)
            for pc in (self, owner):
                assert pc.channel is not None
                pc.channel.readyState = "open"
                pc.channel.fire("onopen")

    def close(self) -> None:
        self.connectionState = "closed"


@pytest.fixture
def fake_browser(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """``js`` and ``pyodide.ffi`` as the fake browser above."""
    js = types.ModuleType("js")
    js.RTCPeerConnection = PeerConnection  # type: ignore[attr-defined]
    js.Object = types.SimpleNamespace(fromEntries=dict)  # type: ignore[attr-defined]
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = Proxy  # type: ignore[attr-defined]
    ffi.to_js = lambda data, dict_converter: data  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "js", js)
    monkeypatch.setitem(sys.modules, "pyodide", pyodide)
    monkeypatch.setitem(sys.modules, "pyodide.ffi", ffi)
    PeerConnection.made.clear()
    yield
    PeerConnection.made.clear()


def test_link_offer_accept_finish_send_close(fake_browser: None) -> None:
    """The three steps, messages both ways, states reported once each, handlers let go."""
    got: dict[str, list[str]] = {"host": [], "friend": []}
    states: dict[str, list[str]] = {"host": [], "friend": []}

    def link(name: str) -> rtc.Link:
        return rtc.Link(on_message=got[name].append, on_state=states[name].append)

    async def play() -> tuple[rtc.Link, rtc.Link]:
        host, friend = link("host"), link("friend")
        offer = await host.make_offer([])
        assert offer.endswith("with candidates")  # waited for gathering
        assert PeerConnection.made[0].config == {"iceServers": []}
        answer = await friend.accept(offer, [{"urls": "stun:stun.invalid"}])
        with pytest.raises(RuntimeError):
            friend.send("too early")
        await host.finish(answer)
        host.send("hello")
        friend.send("hi back")
        return host, friend

    host, friend = run_coroutine(play())
    assert got == {"host": ["hi back"], "friend": ["hello"]}
    assert states["host"] == ["connecting", "open"] and states["friend"][-1] == "open"
    host.close()
    assert states["host"][-1] == "closed" and states["friend"][-1] == "closed"
    assert host.state == friend.state == "closed"
    assert host.pc.onconnectionstatechange is None and host.channel.onmessage is None
    with pytest.raises(RuntimeError):
        host.send("after close")
    with pytest.raises(RuntimeError):
        run_coroutine(host.make_offer([]))  # a Link connects once


def test_finish_before_offer_is_refused(fake_browser: None) -> None:
    """``finish`` needs the offer made first."""
    with pytest.raises(RuntimeError):
        run_coroutine(rtc.Link().finish("v=0"))


def test_gathering_that_never_ends_uses_what_it_has(
    fake_browser: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After GATHER_TIMEOUT_S the SDP gathered so far is returned."""
    monkeypatch.setattr(rtc, "GATHER_TIMEOUT_S", 0.05)
    monkeypatch.setattr(PeerConnection, "_gathered", lambda self: None)
    sdp = run_coroutine(rtc.Link().make_offer([]))
    assert sdp.endswith("with candidates")
