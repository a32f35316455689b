"""A Nostr relay that lies, for the mailbox's browser test: it passes every event
on (so the pages can still meet through it) and around each one sends what a
hostile relay could: the event again (a replay), a copy with its content
changed (its signature no longer holds), the same sealed content under a new
id and key of its own (a replay a signature cannot catch), a validly signed
event of garbage on the same tag, events of other kinds, malformed frames and a
NOTICE of markup. Runs on a loopback port in a thread (``websockets``,
``coincurve`` for Schnorr signatures: both come with ``nostr-relay``).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import threading
import time
from typing import Any

from coincurve import PrivateKey
from websockets.asyncio.server import ServerConnection, serve

MARK = "HOSTILE-RELAY"


def signed(key: PrivateKey, kind: int, tags: list[list[str]], content: str) -> dict[str, Any]:
    """A NIP-01 event of ``key``'s, with a valid id and Schnorr signature."""
    pub = key.public_key_xonly.format().hex()
    at = int(time.time())
    body = json.dumps([0, pub, at, kind, tags, content], separators=(",", ":"), ensure_ascii=False)
    eid = hashlib.sha256(body.encode()).hexdigest()
    sig = key.sign_schnorr(bytes.fromhex(eid)).hex()
    return {
        "id": eid,
        "pubkey": pub,
        "created_at": at,
        "kind": kind,
        "tags": tags,
        "content": content,
        "sig": sig,
    }


class HostileRelay:
    """The relay: ``url`` once started; ``lies`` counts what it sent besides the truth."""

    def __init__(self) -> None:
        self.key = PrivateKey()
        self.subs: dict[ServerConnection, list[str]] = {}
        self.lies = 0
        self.loop = asyncio.new_event_loop()
        self.ready = threading.Event()
        self.port = 0
        self.thread = threading.Thread(target=self._run, daemon=True)

    @property
    def url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> None:
        self.thread.start()
        if not self.ready.wait(30):
            raise RuntimeError("the hostile relay did not start")

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.done.set)
        self.thread.join(10)

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.done = asyncio.Event()

        async def main() -> None:
            async with serve(self._client, "127.0.0.1", 0) as server:
                self.port = next(iter(server.sockets)).getsockname()[1]
                self.ready.set()
                await self.done.wait()

        self.loop.run_until_complete(main())
        self.loop.close()

    async def _client(self, ws: ServerConnection) -> None:
        self.subs[ws] = []
        try:
            async for frame in ws:
                try:
                    msg = json.loads(frame)
                except ValueError:
                    continue
                if not isinstance(msg, list) or not msg:
                    continue
                if msg[0] == "REQ" and len(msg) >= 2:
                    self.subs[ws].append(str(msg[1]))
                    await ws.send(json.dumps(["EOSE", msg[1]]))
                    await self._junk(ws, str(msg[1]))
                elif msg[0] == "EVENT" and len(msg) == 2 and isinstance(msg[1], dict):
                    event = msg[1]
                    await ws.send(json.dumps(["OK", event.get("id", ""), True, ""]))
                    await self._pass_on(event)
                elif msg[0] == "CLOSE" and len(msg) == 2:
                    self.subs[ws] = [s for s in self.subs[ws] if s != msg[1]]
        finally:
            self.subs.pop(ws, None)

    async def _junk(self, ws: ServerConnection, sub: str) -> None:
        """What a hostile relay sends a new subscription: nothing of it is an event."""
        for frame in (
            "not json at all",
            json.dumps(["EVENT"]),
            json.dumps(["EVENT", sub, 42]),
            json.dumps(["EVENT", sub, {"id": "x", "content": f"<b>{MARK}</b>"}]),
            json.dumps(["NOTICE", f"<img src=x onerror=alert(1)>{MARK}"]),
        ):
            self.lies += 1
            await ws.send(frame)

    async def _pass_on(self, event: dict[str, Any]) -> None:
        """The event to every subscription, with the lies around it."""
        tags = event.get("tags") if isinstance(event.get("tags"), list) else []
        content = str(event.get("content", ""))
        changed = dict(event, content=content[:-4] + ("AAAA" if content[-4:] != "AAAA" else "BBBB"))
        resealed = signed(self.key, int(event.get("kind", 0)), tags, content)
        garbage = signed(self.key, int(event.get("kind", 0)), tags, f"<script>{MARK}</script>")
        other = signed(self.key, 1, tags, MARK)
        for ws, subs in list(self.subs.items()):
            for sub in subs:
                for lie in (changed, resealed, garbage, other):
                    self.lies += 1
                    await ws.send(json.dumps(["EVENT", sub, lie]))
                await ws.send(json.dumps(["EVENT", sub, event]))  # the truth
                self.lies += 1
                await ws.send(json.dumps(["EVENT", sub, event]))  # and again
