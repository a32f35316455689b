"""The game page's runner: DOM events in as messages, effects out. Runs under PyScript.

Every input becomes a message for the one door, ``update.update``: a control's
click is ``Clicked`` with its ``data-ui``, its attributes and the value of the
field it names (``page_msgs.INPUT_OF``); a card, a key, a change, another tab's
save, a thought's answer are messages too. The model changes only there; the
runner carries out the effects (the browser's part in ``runner_fx`` and, online,
``online_glue``) and patches the page. ``#table[data-turn="human"]`` means that
a legal input now is applied at once. URL parameters (validated, the rest
ignored): ``lang``, ``seed`` and ``fresh=1`` (dropped once used), ``speed=fast``,
``players``, ``preset``, ``level``, ``think=<ms>``, ``learn=1``, ``debug=timing``.
"""

from __future__ import annotations

import contextlib
import random
import time
import traceback
from dataclasses import replace
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from app.editor.editor import Copy, Download, EditorCardDropped, EditorThink
from app.library.saved import drop_game, keep_game, now, saved_games
from app.page import model as door
from app.page import page_msgs as M
from app.page import runner_fx as fx
from app.page import update as U
from app.page.page_start import Pace, open_link, open_page, resume_lesson, resume_online
from app.shell import boot, online_code
from app.shell.storage import LESSON_KEY, NET_KEY, SAVE_KEY, SAVES_KEY, Store
from app.table.session import Session, save
from thousand import card_from_str, safejson


class Table:
    """The running table: the page's model, its inputs and its effects."""

    def __init__(self) -> None:
        self.root = document.getElementById("table")
        self.params = fx.params()
        self.store = Store(fx.local_storage())
        self.tab = f"t{random.SystemRandom().randrange(1 << 40):x}"
        self.pace = Pace.of(self.params)
        nav = str(getattr(window.navigator, "language", "en") or "en")
        base_url = str(window.location.href).split("#")[0].split("?")[0]
        start = fx.entropy()
        self.page, effects = open_page(self.store, self.params, nav, self.tab, base_url, start)
        fx.drop_one_shot_params()
        self.inbox: list[door.Msg] = []
        self.busy = False
        self.thoughts = fx.Thoughts(self.dispatch, self.fail)
        self.thoughts.timing = self.params.get("debug") == "timing"  # timings logged
        self.painter = fx.Painter(self.root, self.thoughts.log)
        self._links: Any = None
        self.file_el: Any = None  # the file input of the import under way
        events = [(self.root, "click", self.on_click), (self.root, "change", self.on_change)]
        events += [(document, "keydown", self.on_key), (window, "storage", self.on_storage)]
        events += [(self.root, k, self.on_drag) for k in ("dragstart", "dragover", "drop")]
        self._proxies = [create_proxy(handler) for _, _, handler in events]
        for (target, name, _), proxy in zip(events, self._proxies, strict=True):
            target.addEventListener(name, proxy)
        self.page.ui.can_share = fx.can_share()
        self.replies = fx.ReplyChannel(self.on_reply)
        self.run(effects)
        # (a tab opened with a reply link hands it to the tab that hosts: never a second host)
        hosting = not str(window.location.hash or "").startswith("#reply=")
        if self.params.get("fresh") != "1" and hosting:
            self.page, effects = resume_online(self.page, self.store)
            self.run(effects)

    @property
    def links(self) -> Any:
        """The online table's connections (``online_glue``, loaded when first needed)."""
        if self._links is None:
            from app.page.online_glue import Links

            self._links = Links(self.dispatch, self.fail)
        return self._links

    # -- the one door ---------------------------------------------------------------

    def dispatch(self, msg: door.Msg) -> None:
        """Every input goes through ``update``; its effects are carried out here."""
        self.inbox.append(msg)
        if not self.busy:
            self.drain()

    def drain(self) -> None:
        """Take the waiting messages in turn (an effect's answer among them), then patch.
        An input the patch itself fires (a focused field's ``change`` as the patch
        removes the field) waits for the patch to end and is taken after it: a patch
        inside a patch moved nodes under the outer one (``NotFoundError``) and lost
        the input (a name typed as the table changed)."""
        self.busy = True
        try:
            while True:
                while self.inbox:
                    self.page, effects = U.update(self.page, self.inbox.pop(0))
                    self.run(effects)
                self.painter.render(self.page)
                if not self.inbox:
                    break
        except Exception as e:
            self.inbox.clear()
            self.busy = False
            self.fail(e)
        finally:
            self.busy = False

    def stored(self, key: str, err: str | None, games: Any = None) -> None:
        """A write's outcome, for ``update`` (only a failure, or the saved games)."""
        if err is not None or games is not None:
            self.inbox.append(M.Stored(key, err, err is not None and self.store.refused, games))

    def run(self, effects: list[door.Effect]) -> None:
        """Carry out what ``update`` asked for."""
        s, ui, th = self.page.session, self.page.ui, self.thoughts
        for e in effects:
            if isinstance(e, door.Persist):
                self.stored(SAVE_KEY, save(self.store, s, self.tab))
            elif isinstance(e, door.Bots | door.Cancel):
                th.stop("bots")
                if isinstance(e, door.Cancel):
                    th.stop("hint")
                elif e.go:
                    th.start("bots", th.drive(lambda: self.page, s, s.version, self.pace))
            elif isinstance(e, door.Linger):
                th.linger = time.perf_counter() + self.pace.headline
            elif isinstance(e, door.ClosePassing):
                th.passing(e.key, e.serial)
            elif isinstance(e, door.Log):
                fx.log(e.text)
            elif isinstance(e, door.Remember):
                self.stored(e.key, self.store.write(e.key, e.value))
            elif isinstance(e, door.KeepJournal | door.ForgetJournal):
                self.stored(NET_KEY, fx.journal(self.store, s, isinstance(e, door.KeepJournal)))
            elif isinstance(e, EditorThink):
                th.start("editor", th.editor_bot(e, lambda: self.page, self.pace))
            elif isinstance(e, Download):
                fx.download(e.name, e.text, e.mime)
            elif isinstance(e, Copy):
                fx.copy(e.text)
            elif isinstance(e, M.StartHint):
                seed = s.state.n_rows * 7919 + 1
                th.start("hint", th.hint(s.observation(), seed, e.version, self.pace.hint_ms))
            elif isinstance(e, M.Analyse):
                th.analyse(e)
            elif isinstance(e, M.StopAnalysis):
                th.stop(e.slot)
            elif isinstance(e, M.Autoplay):
                th.autoplay(e.token, e.ms)
            elif isinstance(e, M.ReadFile):
                if self.file_el is not None:
                    th.start("file", th.read_file(self.file_el, e.kind))
            elif isinstance(e, M.ReadLesson):
                self.inbox.append(door.LessonStarted(self.store.read(LESSON_KEY)[0]))
            elif isinstance(e, M.KeepGame | M.DropGame):
                if isinstance(e, M.KeepGame):
                    err = keep_game(self.store, replace(e.game, date=now()))
                else:
                    err = drop_game(self.store, e.game_id)
                self.stored(SAVES_KEY, err, tuple(saved_games(self.store)[0]))
            elif isinstance(e, M.LoadOnline):
                th.start("online-code", th.online_code(e.then))
            elif isinstance(e, M.ClearAddress):
                fx.clear_address()
            elif isinstance(e, M.Share):
                fx.share(e.text, e.url)
            elif isinstance(e, M.HandOver):
                th.start("hand-over", self.replies.hand_over(e.text, self.dispatch))
            elif isinstance(e, door.ReplyTaken):
                self.replies.taken()
            elif isinstance(e, M.CloseLinks):
                if self._links is not None:
                    self._links.close()
            elif isinstance(e, door.NET_EFFECTS):
                self.links.run(e, s, ui.ice, int(self.pace.think_ms))
            else:  # (``update.settle`` takes CountStats; anything else is a mistake)
                raise TypeError(f"no runner for the effect {e!r}")

    # -- input ----------------------------------------------------------------------

    def on_reply(self, text: str) -> None:
        """A reply another tab of this browser was opened with (``fx.ReplyChannel``)."""
        if online_code.available():  # (a page with an online table has its code)
            self.dispatch(door.ReplyHandedOver(text))

    def on_click(self, event: Any) -> None:
        """One handler for every click on the table (event delegation)."""
        try:
            self.thoughts.wake.set()
            target = event.target
            el = target.closest("[data-action],[data-card],[data-ui]") if target else None
            if not el or el.hasAttribute("disabled"):  # JS null is falsy, not None
                return
            ui = el.getAttribute("data-ui")
            if ui and str(el.tagName).lower() in ("select", "input"):
                return  # handled on change (a file input's click opens its picker)
            event.preventDefault()
            if ui:
                data = _attrs(el, M.CLICK_DATA)
                where = el.closest("[data-editor-target]")
                if where:
                    data["data-editor-target"] = str(where.getAttribute("data-editor-target"))
                field = M.INPUT_OF.get(str(ui))
                if field:
                    seat = data.get("data-seat")
                    box = self.root.querySelector(
                        f'[data-ui="{field}"]' + (f'[data-seat="{seat}"]' if seat else "")
                    )
                    data["value"] = str(box.value or "") if box else ""
                zone = time.localtime().tm_gmtoff
                self.dispatch(M.Clicked(str(ui), data, fx.entropy(), time.time(), zone))
            elif action := el.getAttribute("data-action"):
                self.dispatch(door.Act(str(action)))
            elif card := el.getAttribute("data-card"):
                legal = el.getAttribute("data-legal") == "1"
                self.dispatch(door.CardClicked(card_from_str(str(card)), legal))
        except Exception as e:
            self.fail(e)

    def on_change(self, event: Any) -> None:
        """Selects, radio buttons, checkboxes, a file picked for an import."""
        try:
            el = event.target
            ui = str(el.getAttribute("data-ui") or "")
            if ui in ("import", "set-import"):
                files = el.files
                f = files.item(0) if files and files.length else None
                kind = "set" if ui == "set-import" else "game"
                if f:
                    self.file_el = el
                    self.dispatch(M.FileChosen(kind, int(f.size)))
                return
            checked = bool(getattr(el, "checked", False))
            data = _attrs(el, M.CHANGE_DATA)
            self.dispatch(M.Changed(ui, str(el.value or ""), data, checked))
        except Exception as e:
            self.fail(e)

    def on_key(self, event: Any) -> None:
        """A key, as the model says the table takes it (``update.key_use``)."""
        try:
            key = str(event.key)
            self.thoughts.wake.set()
            tag = str(getattr(document.activeElement, "tagName", "") or "").lower()
            mods = bool(event.ctrlKey or event.metaKey or event.altKey)
            use = U.key_use(self.page, key, tag in ("input", "select", "textarea") or mods)
            if use is not U.KeyUse.IGNORE:
                if use is U.KeyUse.TAKE:
                    event.preventDefault()
                self.dispatch(door.KeyPressed(key))
        except Exception as e:
            self.fail(e)

    def on_storage(self, event: Any) -> None:
        """Another tab wrote the game: follow it (this tab stops driving the bots)."""
        try:
            if str(event.key or "") != SAVE_KEY or not isinstance(event.newValue, str):
                return
            data = safejson.loads(event.newValue, max_bytes=600_000)
            if not isinstance(data, dict) or data.get("tab") == self.tab:
                return
            other = Session.from_save(data)
        except Exception:
            return
        self.dispatch(door.OtherTabSaved(other))

    def on_drag(self, event: Any) -> None:
        """The deal editor's cards dragged onto a hand or the talon."""
        try:
            target = event.target
            if not target or not hasattr(target, "closest"):
                return
            if str(event.type) == "dragstart":
                card = target.closest("[data-editor-card]")
                if card:
                    text = str(card.getAttribute("data-editor-card"))
                    event.dataTransfer.setData("text/plain", text)
                return
            box = target.closest("[data-editor-target]")
            if not box:
                return
            event.preventDefault()  # dragover: this is a place to drop on
            if str(event.type) == "drop":
                text = str(event.dataTransfer.getData("text/plain") or "")
                with contextlib.suppress(ValueError):
                    where = str(box.getAttribute("data-editor-target"))
                    self.dispatch(EditorCardDropped(card_from_str(text[:4]), where))
        except Exception as e:
            self.fail(e)

    def fail(self, e: BaseException) -> None:
        """Log an unexpected error and tell the player in words (never the exception)."""
        fx.log("thousand:", "".join(traceback.format_exception(e)).rstrip())
        try:
            self.page, _ = U.update(self.page, M.Failed())
            self.painter.render(self.page)
        except Exception as e2:
            fx.log("thousand: render failed:", e2)


def _attrs(el: Any, names: tuple[str, ...]) -> dict[str, str]:
    """The element's attributes among ``names`` that it has."""
    return {k: str(v) for k in names if isinstance(v := el.getAttribute(k), str)}


def start() -> Table:
    """Take over the static table."""
    table = Table()
    table.page, effects = open_link(table.page, str(window.location.hash or ""))
    table.run(effects)
    if table.page.ui.replay is None:  # a new game is saved at once, a resumed one unchanged
        learn = table.params.get("learn") == "1"
        table.page, effects = resume_lesson(table.page, table.store, learn)
        table.run(U.settle(table.page, [door.Persist(), *effects]))
    table.drain()
    # The phase render() just set (a share link's replay, not the game behind it).
    boot.mark_ready(str(table.root.getAttribute("data-phase") or "loading"))
    table.root.setAttribute("aria-busy", "false")
    table.run(U.settle(table.page, [door.Bots()]))
    return table
