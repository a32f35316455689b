"""The online table's runner: WebRTC links and the host's computer players. Glue.

``update`` answers network messages with effects (``MakeOffer``, ``FinishLink``,
``AcceptOffer``, ``NetSend``, ``NetBroadcast``, ``NetBot``, ``MailWatch``,
``MailPost``); ``Links.run`` carries them out with ``app.online.rtc`` and the
mailbox (``static/online/mailbox.mjs``, loaded with the first ``MailWatch``) and
feeds what happens back to the page as messages (``OfferMade``, ``ReplyMade``,
``LinkChanged``, ``NetReceived``, ``NetBotAnswered``, ``NetTick``, ``MailGot``,
``MailState``). Nothing here decides anything: the peer (``thousand.net``) and
``update`` do.
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import Callable
from typing import Any

from app.page.model import (
    AcceptOffer,
    DropLink,
    Effect,
    FinishLink,
    LinkChanged,
    MailGot,
    MailPost,
    MailState,
    MailWatch,
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
#: The mailbox's module and the relay library it loads (dist/online/, build.sh).
MAILBOX_JS = "online/mailbox.mjs"
NOSTR_JS = "online/nostr-tools.js"


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
        self.mail: Any = None  # the open mailbox (mailbox.mjs's open())
        self.mail_relays: tuple[str, ...] = ()
        self.mail_waiting: list[MailPost] = []  # posts made while it opens
        self.mail_opening: asyncio.Task[None] | None = None
        self._mail_proxies: list[Any] = []

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
        elif isinstance(e, DropLink):
            link = self.links.pop(e.conn, None)
            if link is not None:
                link.close()
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
        elif isinstance(e, MailWatch):
            self.mail_opening = asyncio.ensure_future(self._watch(e, self.mail_opening))
        elif isinstance(e, MailPost):
            self.mail_waiting.append(e)
            if self.mail is not None and (self.mail_opening is None or self.mail_opening.done()):
                self._flush()
        else:
            raise TypeError(f"not a network effect: {e!r}")
        self._tick_on()

    def close(self) -> None:
        """Close every link and the mailbox (a new game, the page leaving the table)."""
        for link in self.links.values():
            link.close()
        self.links.clear()
        self._close_mail()
        if self.ticker is not None:
            self.ticker.cancel()
            self.ticker = None

    def _tick_on(self) -> None:
        if self.ticker is None or self.ticker.done():
            self.ticker = asyncio.ensure_future(self._ticks())

    async def _ticks(self) -> None:
        while self.links or self.mail is not None:
            await asyncio.sleep(TICK_S)
            self.dispatch(NetTick(time.monotonic()))

    # -- the mailbox ----------------------------------------------------------------

    async def _watch(self, e: MailWatch, before: asyncio.Task[None] | None) -> None:
        """Open the mailbox on the effect's relays (again, when they changed) and
        listen to its boxes; none: close it."""
        if before is not None and not before.done():
            await asyncio.wait([before])  # (watches apply in their order)
        try:
            if not e.relays or not e.boxes:
                self._close_mail()
                return
            if self.mail is None or e.relays != self.mail_relays:
                self._close_mail()
                module = await _mailbox_module()
                got = self._mail_proxy(
                    lambda tag, text, at: self.dispatch(MailGot(str(tag), str(text), int(at)))
                )
                state = self._mail_proxy(
                    lambda up, total: self.dispatch(MailState(int(up), int(total)))
                )
                self.mail = module.open(_js_list(list(e.relays)), got, state)
                self.mail_relays = e.relays
            self.mail.watch(_js_list([list(b) for b in e.boxes]))
            self._tick_on()
        except asyncio.CancelledError:
            raise
        except Exception as err:
            self.fail(err)
            return
        self._flush()

    def _flush(self) -> None:
        """Post what waited for the mailbox (sealed now: time and a random id)."""
        from app.online.mailbox import seal

        waiting, self.mail_waiting = self.mail_waiting, []
        if self.mail is None:
            return
        import js  # type: ignore[import-not-found]

        for post in waiting:
            text = seal(post.role, dict(post.body), int(js.Date.now()), secrets.token_hex(8))
            self.mail.post(post.tag, text)

    def _mail_proxy(self, fn: Callable[..., None]) -> Any:
        from pyodide.ffi import create_proxy  # type: ignore[import-not-found]

        proxy = create_proxy(fn)
        self._mail_proxies.append(proxy)
        return proxy

    def _close_mail(self) -> None:
        if self.mail is not None:
            self.mail.close()
        self.mail = None
        self.mail_relays = ()
        for proxy in self._mail_proxies:
            proxy.destroy()
        self._mail_proxies.clear()

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


_module: Any = None


async def _mailbox_module() -> Any:
    """``static/online/mailbox.mjs``, imported once, with its relay library loaded."""
    global _module
    if _module is None:
        import js
        from pyodide.code import run_js  # type: ignore[import-not-found]

        base = str(js.document.baseURI)
        url = str(js.URL.new(MAILBOX_JS, base).href)
        module = await run_js(f"import({url!r})")
        await module.loadTools(str(js.URL.new(NOSTR_JS, base).href))
        _module = module
    return _module


def _js_list(items: list[Any]) -> Any:
    from pyodide.ffi import to_js

    return to_js(items)
