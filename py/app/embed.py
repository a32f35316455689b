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
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
from typing import Any

from pyodide.ffi import create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from thousand import safejson

from . import boot
from .dom import Attrs, Patcher, el
from .i18n import normalize_lang, t
from .replay_ctl import STEP_KEYS, ReplayControl
from .replay_view import build_replay, replay_attrs
from .screen import Screen
from .share import parse_fragment, parse_options, practice_link
from .view import Notice, NoticeKind, notices


def _obj(data: dict[str, Any]) -> Any:
    return to_js(data, dict_converter=window.Object.fromEntries)


class Embed:
    """The replay of one record inside an iframe."""

    def __init__(self) -> None:
        self.root = document.getElementById("table")
        self.ui = Screen()
        self.patcher = Patcher(document, self.root, getattr(window, "thousandBuild", None))
        self.root_attrs = Attrs(self.root)
        self.page_attrs = Attrs(document.documentElement)
        got = parse_fragment(str(window.location.hash or ""))
        self.options = got.options
        nav = str(getattr(window.navigator, "language", "en") or "en")
        self.ui.lang = normalize_lang(self.options.get("lang") or nav)
        self.replay = ReplayControl(self.ui, self.render, on_step=self.post_step)
        self.error = ""
        self._height = 0
        self._proxies = [
            (self.root, "click", create_proxy(self.on_click)),
            (self.root, "change", create_proxy(self.on_change)),
            (document, "keydown", create_proxy(self.on_key)),
            (window, "message", create_proxy(self.on_message)),
        ]
        for target, name, proxy in self._proxies:
            target.addEventListener(name, proxy)
        self._fit()
        self._size_proxy = create_proxy(lambda *_: self.post_size())
        with contextlib.suppress(Exception):  # a browser without ResizeObserver: no sizes
            window.ResizeObserver.new(self._size_proxy).observe(self.root)
        if got.error:
            self.fail(got.error)
        elif got.record is not None:
            self.load(got.record)

    # -- the record ---------------------------------------------------------------------

    def take_options(self, options: dict[str, Any]) -> None:
        """A host's options (checked), over the fragment's, for this load and later ones."""
        if options:
            self.options = {**self.options, **options}
            if "lang" in options:
                self.ui.lang = options["lang"]
            self._fit()

    def load(self, record: Any) -> None:
        """Show a record with the options; a bad one is said and posted."""
        o = self.options
        error = self.replay.open(
            record,
            int(o.get("step", 0)),
            seat=None if o.get("open") or "seat" not in o else int(o["seat"]),
            controls=o.get("controls", True),
            autoplay_ms=int(o.get("autoplay", 1200)),
            analysis=bool(o.get("analysis", False)),
            embed=True,
            practice=bool(o.get("practice", False)),
        )
        if error is not None:
            self.fail(error)
            return
        self.error = ""
        self.render()
        self.post_step()
        if "autoplay" in o:
            self.replay.play()

    def fail(self, message: str) -> None:
        """A record that cannot be shown: said inside the embed and to the host."""
        self.error = message
        self.post({"type": "thousand:error", "message": message})
        self.render()

    # -- drawing and messages ----------------------------------------------------------

    def render(self) -> None:
        """Patch the embed to the current position (or the message)."""
        r, data = self.ui.replay, self.ui.replay_data
        lang = self.ui.lang
        if r is None or data is None:
            text = t(lang, "replay_bad", why=self.error) if self.error else t(lang, "embed_waiting")
            kids = [
                el(
                    "p",
                    {"class": "embed-message", "role": "alert" if self.error else "status"},
                    text,
                    key="msg",
                )
            ]
            self.patcher.render(kids)
            self.root_attrs.set({"data-phase": "error" if self.error else "waiting"})
            return
        m, children = build_replay(data, r, lang)
        if self.error:
            notice = Notice(t(lang, "replay_bad", why=self.error), NoticeKind.ERROR, "err")
            box = notices(dataclasses.replace(m, notices=(notice,)))
            if box is not None:
                children.append(box)
        self.patcher.render(children)
        self.root_attrs.set(replay_attrs(m, r.step, data.steps))
        self.page_attrs.set({"lang": lang})

    def post(self, message: dict[str, Any]) -> None:
        """A message to the parent window (the host page)."""
        with contextlib.suppress(Exception):
            window.thousandPost(_obj(message))  # embed.html's helper (cross-origin safe)

    def _fit(self) -> None:
        """``fit=content``: the table's own height, not the frame's (table.css)."""
        content = self.options.get("fit") == "content"
        self.root_attrs.set({"data-fit": "content" if content else None})

    def post_size(self) -> None:
        """Tell the host the height the content needs (when it changed)."""
        rect = self.root.getBoundingClientRect()
        height = max(math.ceil(float(rect.height)), int(self.root.scrollHeight))
        if height != self._height:
            self._height = height
            self.post({"type": "thousand:size", "height": height})

    def post_step(self) -> None:
        """Tell the host where the replay stands."""
        r, data = self.ui.replay, self.ui.replay_data
        if r is None or data is None:
            return
        phase = build_replay(data, r, self.ui.lang)[0].scene.phase.value
        self.post({"type": "thousand:step", "step": r.step, "of": data.steps, "phase": phase})

    # -- input ---------------------------------------------------------------------------

    def on_message(self, event: Any) -> None:
        """Messages from the host page (validated; anything else is ignored)."""
        try:
            data = event.data
            kind = str(getattr(data, "type", "") or "")
            if kind == "thousand:load":
                given: Any = getattr(data, "options", None)  # a JS object, else ignored
                self.take_options(
                    parse_options(given.to_py(depth=2) if hasattr(given, "to_py") else None)
                )
                record = data.record
                if isinstance(record, str):
                    try:
                        record = safejson.loads(record)
                    except ValueError as e:  # the reader's own words (size, depth, syntax)
                        self.fail(str(e)[:160])
                        return
                else:
                    record = record.to_py(depth=12) if hasattr(record, "to_py") else record
                self.load(record)
            elif kind == "thousand:fetch-failed":
                status = data.status
                url = str(getattr(data, "url", "") or "")[:200]
                ok = isinstance(status, (int, float)) and not isinstance(status, bool)
                code = int(status) if ok and 0 < status < 1000 else 0
                lang = self.ui.lang
                why = (
                    t(lang, "embed_fetch_status", url=url, status=str(code))
                    if code
                    else t(lang, "embed_fetch_network", url=url)
                )
                self.fail(why)
            elif kind == "thousand:goto":
                step = data.step
                if isinstance(step, (int, float)) and not isinstance(step, bool):
                    self.replay.pause()
                    self.replay.goto(int(step))
            elif kind == "thousand:play":
                self.replay.play()
                self.render()
            elif kind == "thousand:pause":
                self.replay.pause()
                self.render()
        except Exception as e:
            self.fail(f"{type(e).__name__}: {str(e)[:120]}")

    def on_click(self, event: Any) -> None:
        el_ = event.target.closest("[data-ui]") if event.target else None
        if el_ and not el_.hasAttribute("disabled"):
            name = str(el_.getAttribute("data-ui"))
            if name == "practice-here":
                self.practice_elsewhere()
            elif name != "replay-view":
                self.replay.act(name)

    def practice_elsewhere(self) -> None:
        """*Play from here* (``practice=1``): the game page, in a new tab, plays on from
        this position against the computer players (the embed stays as it is)."""
        r, data = self.ui.replay, self.ui.replay_data
        if r is None or data is None:
            return
        link = practice_link(str(window.location.href), data.record, r.step, r.seat, self.ui.lang)
        window.open(link, "_blank", "noopener")

    def on_change(self, event: Any) -> None:
        if str(event.target.getAttribute("data-ui") or "") == "replay-view":
            self.replay.set_view(str(event.target.value))

    def on_key(self, event: Any) -> None:
        key = str(event.key)
        tag = str(getattr(document.activeElement, "tagName", "") or "").lower()
        if tag == "select" or key not in STEP_KEYS or not self.ui.replay:
            return
        if not self.ui.replay.controls:
            return
        event.preventDefault()
        self.replay.act(STEP_KEYS[key])


def start() -> Embed:
    """Take over the embed's placeholder and tell the host we are ready."""
    embed = Embed()
    embed.render()
    boot.mark_ready(str(embed.root.getAttribute("data-phase") or "replay"))
    embed.root.setAttribute("aria-busy", "false")
    embed.post({"type": "thousand:ready"})
    return embed
