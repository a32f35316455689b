"""WebRTC glue for Pyodide: one data channel to one friend, text messages only.

The host makes an offer, the friend accepts it and answers, the host finishes
with the answer; then both can ``send`` text. Offers and answers are
complete (non-trickle): each waits until ICE gathering is over (or
``GATHER_TIMEOUT_S`` has passed, then takes the candidates found so far), so
the whole SDP can travel in one invitation or reply (``app.online.invite``).

Everything else is the page model's business: this module holds one
``RTCPeerConnection`` and one ``RTCDataChannel``, turns their events into
``on_message(text)`` and ``on_state(state)`` calls and nothing more. The
state (``new``, ``connecting``, ``open``, ``closed``, ``failed``) is the pure
``link_state`` of the connection's and the channel's own states, reported
when it changes. ``ice_servers`` is a list of ``RTCIceServer`` dicts
(``{"urls": "stun:…"}``); an empty list is valid on one network.

Host::

    link = Link(on_message=show, on_state=status)
    offer = await link.make_offer([])      # SDP text -> app.online.invite
    await link.finish(answer_sdp)          # from the friend's reply
    link.send("hello")

Friend::

    link = Link(on_message=show, on_state=status)
    answer = await link.accept(offer_sdp, [])   # SDP text -> app.online.invite

This module imports ``js`` and ``pyodide`` only when a ``Link`` is made, so
CPython can import it to test ``link_state``.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Callable
from typing import Any, Literal

State = Literal["new", "connecting", "open", "closed", "failed"]
CHANNEL_LABEL = "thousand"
GATHER_TIMEOUT_S = 15.0


def link_state(connection: str, channel: str | None) -> State:
    """The link's state from ``RTCPeerConnection.connectionState`` and the channel's.

    ``channel`` is ``RTCDataChannel.readyState`` (None before there is one). A
    link is open only while its channel is; an ICE connection that is
    ``disconnected`` may come back, so it counts as connecting.

    >>> link_state("new", None), link_state("connecting", "connecting")
    ('new', 'connecting')
    >>> link_state("connected", "open"), link_state("disconnected", "open")
    ('open', 'connecting')
    >>> link_state("failed", "open"), link_state("connected", "closed")
    ('failed', 'closed')
    """
    if connection == "failed":
        return "failed"
    if connection == "closed" or channel in ("closing", "closed"):
        return "closed"
    if channel == "open" and connection != "disconnected":
        return "open"
    if connection == "new" and channel in (None, "connecting"):
        return "new" if channel is None else "connecting"
    return "connecting"


class Link:
    """One peer connection with one data channel, driven from Pyodide."""

    def __init__(
        self,
        on_message: Callable[[str], None] | None = None,
        on_state: Callable[[State], None] | None = None,
    ) -> None:
        import js  # type: ignore[import-not-found]
        from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]

        self._js = js
        self._create_proxy = create_proxy
        self._to_js = to_js
        self.on_message = on_message or (lambda _text: None)
        self.on_state = on_state or (lambda _state: None)
        self.pc: Any = None
        self.channel: Any = None
        self.state: State = "new"
        self._proxies: list[Any] = []

    # --- the three steps ---------------------------------------------------------

    async def make_offer(self, ice_servers: list[dict[str, Any]]) -> str:
        """Host: open a channel and return the complete offer's SDP."""
        pc = self._open(ice_servers)
        self._attach(pc.createDataChannel(CHANNEL_LABEL, self._obj({"ordered": True})))
        await pc.setLocalDescription(await pc.createOffer())
        return await self._gathered()

    async def accept(self, offer_sdp: str, ice_servers: list[dict[str, Any]]) -> str:
        """Friend: take the host's offer and return the complete answer's SDP."""
        pc = self._open(ice_servers)
        pc.ondatachannel = self._proxy(lambda event: self._attach(event.channel))
        await pc.setRemoteDescription(self._obj({"type": "offer", "sdp": offer_sdp}))
        await pc.setLocalDescription(await pc.createAnswer())
        return await self._gathered()

    async def finish(self, reply_sdp: str) -> None:
        """Host: take the friend's answer; the channel opens soon after."""
        if self.pc is None:
            raise RuntimeError("finish() before make_offer()")
        await self.pc.setRemoteDescription(self._obj({"type": "answer", "sdp": reply_sdp}))

    def send(self, text: str) -> None:
        """Send one text message; RuntimeError unless the link is open."""
        if self.channel is None or str(self.channel.readyState) != "open":
            raise RuntimeError("the link is not open")
        self.channel.send(text)

    def close(self) -> None:
        """Close the channel and the connection and let go of the event handlers."""
        if self.channel is not None:
            self.channel.close()
        if self.pc is not None:
            self.pc.close()
            self._update()
        for target, names in (
            (self.pc, ("onconnectionstatechange", "ondatachannel", "onicegatheringstatechange")),
            (self.channel, ("onopen", "onclose", "onmessage")),
        ):
            if target is not None:
                for name in names:
                    setattr(target, name, None)
        for proxy in self._proxies:
            proxy.destroy()
        self._proxies.clear()

    # --- plumbing ----------------------------------------------------------------

    def _obj(self, data: dict[str, Any]) -> Any:
        return self._to_js(data, dict_converter=self._js.Object.fromEntries)

    def _proxy(self, fn: Callable[..., None]) -> Any:
        proxy = self._create_proxy(fn)
        self._proxies.append(proxy)
        return proxy

    def _open(self, ice_servers: list[dict[str, Any]]) -> Any:
        if self.pc is not None:
            raise RuntimeError("a Link connects once; make a new one")
        pc = self._js.RTCPeerConnection.new(self._obj({"iceServers": ice_servers}))
        pc.onconnectionstatechange = self._proxy(lambda _event: self._update())
        self.pc = pc
        return pc

    def _attach(self, channel: Any) -> None:
        self.channel = channel
        channel.onopen = self._proxy(lambda _event: self._update())
        channel.onclose = self._proxy(lambda _event: self._update())
        channel.onmessage = self._proxy(self._message)
        self._update()

    def _message(self, event: Any) -> None:
        data = event.data
        if isinstance(data, str):  # binary messages are not part of the protocol
            self.on_message(data)

    def _update(self) -> None:
        channel = None if self.channel is None else str(self.channel.readyState)
        state = link_state(str(self.pc.connectionState), channel)
        if state != self.state:
            self.state = state
            self.on_state(state)

    async def _gathered(self) -> str:
        """The local SDP once ICE gathering is complete (or has taken too long)."""
        pc = self.pc
        if str(pc.iceGatheringState) != "complete":
            done = asyncio.get_running_loop().create_future()

            def changed(_event: Any) -> None:
                if str(pc.iceGatheringState) == "complete" and not done.done():
                    done.set_result(None)

            pc.onicegatheringstatechange = self._proxy(changed)
            changed(None)
            with contextlib.suppress(TimeoutError):  # then use the candidates found so far
                await asyncio.wait_for(done, GATHER_TIMEOUT_S)
        return str(pc.localDescription.sdp)
