"""``embed.html``: the replay view alone, a guest in other people's pages.

The record comes from the fragment (``#record=…`` or ``#z=…``, see ``share``)
or from the host page by ``postMessage``. Options ride in the fragment, each
validated and otherwise ignored: ``step=N``, ``open=1``, ``seat=S``,
``lang=``, ``controls=0`` (no buttons: driven by the host), ``autoplay=<ms
per step>``, ``analysis=1``, ``practice=1`` (*Play from here* opens the game page,
practising from that step),
``fit=content`` (the table takes the height its content needs, not the
frame's; the host sizes the frame from ``thousand:size``).

Messages in (from any host): ``{type: "thousand:load", record, options?}``
(``record``: an object or JSON text; ``options``: the fragment's options by
name, e.g. ``{step: 3, lang: "ru"}``, checked the same way and kept for later
loads), ``{type: "thousand:goto", step}``, ``{type: "thousand:play"}``,
``{type: "thousand:pause"}``, ``{type: "thousand:fetch-failed", url, status}``
(the host could not fetch the record: said inside the embed; ``status`` 0 for
no answer). Messages out, to the parent window: ``{type: "thousand:ready"}``,
``{type: "thousand:step", step, of, phase}`` after every change of position,
``{type: "thousand:error", message}`` for a bad record (also said in words
inside the embed), ``{type: "thousand:size", height}`` whenever the height its
content needs changes (CSS px; ``static/embed.js`` sizes its iframe by it).

A guest never touches the player's storage: nothing is read from or written to
``localStorage``; the AI (the solver) is imported only for ``analysis=1``.

This module is the runner: it turns the page's events and the host's messages
into ``embed_update`` messages, carries out the effects, and patches the page
to ``embed_update.view``. What any input means is decided there.
"""

from __future__ import annotations

import contextlib
import math
from typing import Any

from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from app.embed import update as E
from app.page.page_msgs import Analyse, Autoplay, StopAnalysis
from app.page.runner_fx import Thoughts
from app.replay.share import parse_fragment
from app.shell import boot
from app.shell.dom import Attrs, Patcher


def _obj(data: dict[str, Any]) -> Any:
    return to_js(data, dict_converter=window.Object.fromEntries)


def _number(value: Any) -> Any:
    """A JS number as Python has it; anything else as None (checked by ``update``)."""
    return value if isinstance(value, (int, float)) else None


class Embed:
    """The replay of one record inside an iframe."""

    def __init__(self) -> None:
        self.root = document.getElementById("table")
        self.patcher = Patcher(document, self.root, getattr(window, "thousandBuild", None))
        self.root_attrs = Attrs(self.root)
        self.page_attrs = Attrs(document.documentElement)
        got = parse_fragment(str(window.location.hash or ""))
        nav = str(getattr(window.navigator, "language", "en") or "en")
        self.guest = E.Guest.of(got.options, nav, str(window.location.href))
        self.thoughts = Thoughts(self.dispatch, self.broken)
        self._height = 0
        self._proxies = [
            (self.root, "click", create_proxy(self.on_click)),
            (self.root, "change", create_proxy(self.on_change)),
            (document, "keydown", create_proxy(self.on_key)),
            (window, "message", create_proxy(self.on_message)),
        ]
        for target, name, proxy in self._proxies:
            target.addEventListener(name, proxy)
        self._size_proxy = create_proxy(lambda *_: self.post_size())
        with contextlib.suppress(Exception):  # a browser without ResizeObserver: no sizes
            window.ResizeObserver.new(self._size_proxy).observe(self.root)
        self.dispatch(E.Opened(got.record, got.error))

    def dispatch(self, msg: Any) -> None:
        """Every input goes through here: update, carry out, patch."""
        self.guest, effects = E.update(self.guest, msg)
        for e in effects:
            self.carry_out(e)
        self.render()

    def broken(self, error: BaseException) -> None:
        self.dispatch(E.Broken(f"{type(error).__name__}: {str(error)[:120]}"))

    def carry_out(self, e: Any) -> None:
        if isinstance(e, E.Post):
            self.post(e.message)
        elif isinstance(e, E.OpenTab):
            window.open(e.url, "_blank", "noopener")
        elif isinstance(e, Autoplay):
            self.thoughts.autoplay(e.token, e.ms)
        elif isinstance(e, Analyse):
            self.thoughts.analyse(e)
        elif isinstance(e, StopAnalysis):
            self.thoughts.stop(e.slot)

    def render(self) -> None:
        """Patch the embed to the guest."""
        attrs, children = E.view(self.guest)
        self.patcher.render(children)
        self.root_attrs.set(attrs)
        self.page_attrs.set({"lang": self.guest.ui.lang})

    def post(self, message: dict[str, Any]) -> None:
        """A message to the parent window (the host page)."""
        with contextlib.suppress(Exception):
            window.thousandPost(_obj(message))  # embed.html's helper (cross-origin safe)

    def post_size(self) -> None:
        """Tell the host the height the content needs (when it changed)."""
        rect = self.root.getBoundingClientRect()
        height = max(math.ceil(float(rect.height)), int(self.root.scrollHeight))
        if height != self._height:
            self._height = height
            self.post({"type": "thousand:size", "height": height})

    # -- input ---------------------------------------------------------------------------

    def on_message(self, event: Any) -> None:
        """A host page's message as Python values (``update`` checks them)."""
        try:
            data = event.data
            kind = str(getattr(data, "type", "") or "")
            if kind == "thousand:load":
                given: Any = getattr(data, "options", None)  # a JS object, else ignored
                options = given.to_py(depth=2) if hasattr(given, "to_py") else None
                record = data.record
                if not isinstance(record, str):
                    record = record.to_py(depth=12) if hasattr(record, "to_py") else record
                msg: Any = E.HostLoad(record, options)
            elif kind == "thousand:fetch-failed":
                msg = E.HostFetchFailed(str(getattr(data, "url", "") or ""), _number(data.status))
            elif kind == "thousand:goto":
                msg = E.HostGoto(_number(data.step))
            elif kind == "thousand:play":
                msg = E.HostPlay()
            elif kind == "thousand:pause":
                msg = E.HostPause()
            else:
                return
        except Exception as e:
            self.broken(e)
            return
        self.dispatch(msg)

    def on_click(self, event: Any) -> None:
        el_ = event.target.closest("[data-ui]") if event.target else None
        if el_ and not el_.hasAttribute("disabled"):
            self.dispatch(E.Pressed(str(el_.getAttribute("data-ui"))))

    def on_change(self, event: Any) -> None:
        if str(event.target.getAttribute("data-ui") or "") == "replay-view":
            self.dispatch(E.ViewChosen(str(event.target.value)))

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        tag = str(getattr(document.activeElement, "tagName", "") or "").lower()
        if E.takes_key(self.guest, key, in_select=tag == "select"):
            event.preventDefault()
            self.dispatch(E.KeyDown(key))


def start() -> Embed:
    """Take over the embed's placeholder and tell the host we are ready."""
    embed = Embed()
    boot.mark_ready(str(embed.root.getAttribute("data-phase") or "replay"))
    embed.root.setAttribute("aria-busy", "false")
    embed.post({"type": "thousand:ready"})
    return embed
