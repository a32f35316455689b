"""The online table's runner: WebRTC links and the host's computer players. Glue.

``update`` answers network messages with effects (``MakeOffer``, ``FinishLink``,
``AcceptOffer``, ``NetSend``, ``NetBroadcast``, ``NetBot``); ``Links.run``
carries them out with ``app.online.rtc`` and feeds what happens back to the page as
messages (``OfferMade``, ``ReplyMade``, ``LinkChanged``, ``NetReceived``,
``NetBotAnswered``, ``NetTick``). Nothing here decides anything: the peer
(``thousand.net``) and ``update`` do.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from app.page.model import (
    AcceptOffer,
    Effect,
    FinishLink,
    LinkChanged,
    MakeOffer,
    Msg,
    NetBot,
    NetBotAnswered,
    NetBroadcast,
    NetReceived,
    NetSend,
    NetTick,
    OfferMade,
    ReplyMade,
)
from app.shell import ai_code
from app.shell.thinking import copy_of, decide, guarded

#: Seconds between the ticks that let the peer ask for lost messages again.
TICK_S = 0.5


class Links:
    """Every link of this page's online table, by its peer name."""

    def __init__(
        self, dispatch: Callable[[Msg], None], fail: Callable[[BaseException], None]
    ) -> None:
        self.dispatch = dispatch
        self.fail = fail
        self.links: dict[str, Any] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self.ticker: asyncio.Task[None] | None = None

    def _spawn(self, coro: Any) -> None:
        task = asyncio.ensure_future(coro)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def _link(self, conn: str) -> Any:
        from app.online.rtc import Link

        old = self.links.pop(conn, None)
        if old is not None:
            old.close()
        link = Link(
            on_message=lambda text: self.dispatch(NetReceived(conn, str(text))),
            on_state=lambda state: self.dispatch(LinkChanged(conn, str(state))),
        )
        self.links[conn] = link
        return link

    def run(self, e: Effect, session: Any, ice: list[dict[str, Any]], budget_ms: int) -> None:
        """Carry out a network effect (one of ``model.NET_EFFECTS``, which the runner
        hands here)."""
        if isinstance(e, MakeOffer):
            self._spawn(self._offer(e.conn, ice))
        elif isinstance(e, FinishLink):
            link = self.links.get(e.conn)
            if link is not None:
                self._spawn(guarded(link.finish(e.sdp), self.fail))
        elif isinstance(e, AcceptOffer):
            self._spawn(self._accept(e.sdp, ice))
        elif isinstance(e, NetSend):
            link = self.links.get(e.conn)
            if link is not None and link.state == "open":
                link.send(e.text)
        elif isinstance(e, NetBroadcast):
            for link in self.links.values():
                if link.state == "open":
                    link.send(e.text)
        elif isinstance(e, NetBot):
            self._spawn(self._bot(session, e.seat, e.version, budget_ms))
        else:
            raise TypeError(f"not a network effect: {e!r}")
        self._tick_on()

    def close(self) -> None:
        """Close every link (a new game, the page leaving the table)."""
        for link in self.links.values():
            link.close()
        self.links.clear()
        if self.ticker is not None:
            self.ticker.cancel()
            self.ticker = None

    def _tick_on(self) -> None:
        if self.ticker is None or self.ticker.done():
            self.ticker = asyncio.ensure_future(self._ticks())

    async def _ticks(self) -> None:
        while self.links:
            await asyncio.sleep(TICK_S)
            self.dispatch(NetTick(time.monotonic()))

    async def _offer(self, conn: str, ice: list[dict[str, Any]]) -> None:
        try:
            sdp = await self._link(conn).make_offer(ice)
        except asyncio.CancelledError:
            raise
        except Exception as e:
            self.fail(e)
            return
        self.dispatch(OfferMade(conn, str(sdp)))

    async def _accept(self, offer: str, ice: list[dict[str, Any]]) -> None:
        from app.online.netplay import GUEST_LINK

        try:
            sdp = await self._link(GUEST_LINK).accept(offer, ice)
        except asyncio.CancelledError:
            raise
        except Exception as e:
            self.fail(e)
            return
        self.dispatch(ReplyMade(str(sdp)))

    async def _bot(self, session: Any, seat: int, version: tuple[int, int], budget_ms: int) -> None:
        """The host's computer player at ``seat`` thinks in slices, then answers."""
        try:
            await ai_code.ready()
            obs = session.peer.observation(seat)
            if obs is None:
                return
            rng = copy_of(session.bot_rng)
            action = await decide(session.bot(seat), obs, rng, budget_ms)
            if action is None:
                return
            await asyncio.sleep(0.3)  # a person can follow the move
        except asyncio.CancelledError:
            raise
        except Exception as e:
            self.fail(e)
            return
        self.dispatch(NetBotAnswered(seat, version, action, rng.getstate()))
