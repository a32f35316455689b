"""The browser glue: DOM events, pacing, the bots' turns, storage. Runs under PyScript.

Data flows one way: an input becomes an engine action (``data-action`` /
``data-card``), ``Session`` applies it, the table is re-rendered from the new
state by the pure views (``view``, ``dialogs``) and patched into the page by
``dom.Patcher`` (keyed: a card keeps its element while it stays in a hand).
Bots act only when the engine says it is their turn.

Inputs and races: ``#table[data-turn="human"]`` means exactly that a legal
input now is applied, at once, in every phase. Pauses that let a person
follow the bots (a finished trick on show, a bot's pacing) end early on any
input and never swallow it. Every bot decision and every hint belongs to the
exact state it was started for (``Session.version``): a new game, an undo, a
reload or another input cancels it. No Python exception text reaches the
player: errors are logged to the console and the player gets a short notice.

URL parameters (all optional, validated; anything else is ignored):
``lang=en|ru|uk|pl``, ``seed=<int>`` and ``fresh=1`` (start a new seeded game;
both are dropped from the address once used), ``speed=fast`` (short pauses,
for tests and demos), ``players=2|3|4``, ``preset=<name>``,
``level=easy|normal|strong``, ``think=<ms>`` (the bots' thinking budget),
``learn=1`` (*Learn to play* at once, as the rules pages link it; dropped once used).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
import traceback
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from thousand import Conventions, card_from_str, safejson
from thousand.record import RecordError, Replay, replay

from . import boot, netresume
from .dom import Attrs, Patcher
from .editor import (
    MAX_RECORD_TEXT,
    Copy,
    Download,
    EditorActed,
    EditorBotAnswered,
    EditorCardDropped,
    EditorCardTapped,
    EditorChanged,
    EditorEffect,
    EditorOpened,
    EditorPressed,
    EditorTargetTapped,
    EditorThink,
)
from .hint import hint_rows
from .i18n import LANGS, normalize_lang, t
from .library import (
    EMPTY_STATS,
    RuleSet,
    SavedGame,
    builtin_sets,
    count_game,
    drop_game,
    export_set,
    import_set,
    keep_game,
    load_draft,
    load_stats,
    new_set_id,
    now,
    save_draft,
    save_stats,
    save_user_sets,
    saved_games,
    user_sets,
)
from .netplay import NetSession, new_guest, new_host, read_ice
from .online_glue import Links
from .replay_ctl import STEP_KEYS, ReplayControl, run_analysis
from .replay_view import replay_attrs
from .rules_view import RulesUI, set_name, set_value
from .screen import Screen, build
from .seats import kinds as seat_kinds
from .seats import names as seat_names
from .seats import names_of, read_setup, start_problem
from .seats import stored as stored_setup
from .session import Session, load_or_new, save
from .share import finished_record, parse_fragment, share_fragment
from .storage import ICE_KEY, LANG_KEY, LESSON_KEY, SAVE_KEY, SETUP_KEY, Aside, Store
from .thinking import THINK_SLICE_MS, decide
from .update import (
    AcceptOffer,
    Act,
    BeginOnline,
    BotAnswered,
    Bots,
    Cancel,
    CardClicked,
    ClosePassing,
    ContinueAlone,
    CountStats,
    Effect,
    EndOnline,
    ForgetJournal,
    HoldOver,
    HostAnew,
    IceChanged,
    InvitationPasted,
    KeepJournal,
    KeyPressed,
    LessonLeft,
    LessonNext,
    LessonStarted,
    Linger,
    Log,
    MakeOffer,
    Msg,
    NameChanged,
    NextDeal,
    OtherTabSaved,
    Page,
    Persist,
    PlainLeadToggled,
    Reinvite,
    Reloaded,
    Remember,
    ReplyPasted,
    SetupChanged,
    ShowCards,
    Stepped,
    TakeOver,
    TakeSeatPressed,
    UndoAllowed,
    UndoPressed,
    UndoRefused,
    announce,
    follow_notice,
    notice,
    retell,
    update,
)
from .view import Dialog, Notice, NoticeKind, table_attrs

PARAMS = (
    "lang",
    "seed",
    "speed",
    "players",
    "preset",
    "fresh",
    "level",
    "think",
    "debug",
    "learn",
)

#: How long a passing notice ("The link is copied.") stays before it closes itself.
PASSING_S = 4.0
#: Keys the table takes while it is the human's turn (the stepper's), besides digits.
KEYS = frozenset(("ArrowUp", "ArrowRight", "+", "ArrowDown", "ArrowLeft", "-"))


def _params() -> dict[str, str]:
    out: dict[str, str] = {}
    try:
        params = window.URLSearchParams.new(str(window.location.search or ""))
        for key in PARAMS:
            v = params.get(key)  # JS null (absent) does not arrive as None: test for str
            if isinstance(v, str):
                out[key] = v[:40]
    except Exception:
        pass
    return out


def _int(text: object, lo: int, hi: int) -> int | None:
    try:
        v = int(str(text))
    except (TypeError, ValueError):
        return None
    return v if lo <= v <= hi else None


def _local_storage() -> Any:
    """``window.localStorage`` as a Python Storage, or None where it is refused."""
    try:
        js = window.localStorage
        js.getItem(LANG_KEY)
    except Exception:
        return None
    return _BrowserStorage(js)


class _BrowserStorage:
    """``window.localStorage`` with Python values: JS null becomes None."""

    def __init__(self, js: Any) -> None:
        self.js = js

    def getItem(self, key: str) -> str | None:
        v = self.js.getItem(key)
        return v if isinstance(v, str) else None

    def setItem(self, key: str, value: str) -> None:
        self.js.setItem(key, value)

    def removeItem(self, key: str) -> None:
        self.js.removeItem(key)


def _log(*parts: object) -> None:
    with contextlib.suppress(Exception):
        window.console.error(" ".join(str(p) for p in parts))


class Table:
    """The running table."""

    def __init__(self) -> None:
        self.root = document.getElementById("table")
        self.params = _params()
        self._notice_tasks: set[Any] = set()
        self.store = Store(_local_storage())
        self.tab = f"t{random.SystemRandom().randrange(1 << 40):x}"
        ui = Screen()
        stored_lang, _ = self.store.read(LANG_KEY)
        nav = str(getattr(window.navigator, "language", "en") or "en")
        ui.lang = normalize_lang(self.params.get("lang") or stored_lang or nav)
        self._screen = ui  # the page model's Screen (the model is made with the session)
        fast = self.params.get("speed") == "fast"
        self.timing = self.params.get("debug") == "timing"  # render timings in the console
        self.bot_delay = 0.05 if fast else 0.7
        self.trick_delay = 0.1 if fast else 1.2
        self.headline_delay = 0.1 if fast else 2.4  # a marriage, a redeal, a talon
        self.linger = 0.0  # until then a big moment stays on the felt (perf_counter)
        self.ai_budget_ms = float(
            _int(self.params.get("think"), 50, 10000) or (300 if fast else 1000)
        )
        self.hint_budget_ms = 300.0 if fast else 1000.0
        self._load_library()
        self.ui.setup = self._load_setup()
        if self.params.get("fresh") == "1":
            self.session = self._new_session()
        else:
            self.session, aside = load_or_new(self.store, self._new_session)
            if aside is not None:
                self._aside_notice(aside)
        self._drop_one_shot_params()
        if self.store.refused:
            self.notice(t(self.ui.lang, "storage_refused"), NoticeKind.ERROR, "storage")
        self.bot_task: Any = None
        self.hint_task: Any = None
        self.hint_choices: Any = None  # the hint's (choices, declarer view, conventions)
        self.file_task: Any = None
        self.summary_task: Any = None
        self.replay = ReplayControl(self.ui, self.render, self._timing_log)
        self.links = Links(self.dispatch, self.fail)  # the online table's connections
        self.practice_back: Session | None = None  # the game a practice returns to
        self.editor_task: Any = None  # a computer player's move in the deal editor
        self.ui.ice = self._load_ice()
        self.ui.base_url = str(window.location.href).split("#")[0].split("?")[0]
        self.wake = asyncio.Event()
        self.reduced_motion = False
        with contextlib.suppress(Exception):
            self.reduced_motion = bool(
                window.matchMedia("(prefers-reduced-motion: reduce)").matches
            )
        self.patcher = Patcher(document, self.root, getattr(window, "thousandBuild", None))
        self.root_attrs = Attrs(self.root)
        self.page_attrs = Attrs(document.documentElement)
        self._focus_pending = False
        self._focus_proxy = create_proxy(self._focus)
        self._proxies = [
            (self.root, "click", create_proxy(self.on_click)),
            (self.root, "change", create_proxy(self.on_change)),
            (document, "keydown", create_proxy(self.on_key)),
            (window, "storage", create_proxy(self.on_storage)),
            (self.root, "dragstart", create_proxy(self.on_drag)),
            (self.root, "dragover", create_proxy(self.on_drag)),
            (self.root, "drop", create_proxy(self.on_drag)),
        ]
        for target, name, proxy in self._proxies:
            target.addEventListener(name, proxy)
        announce(self.page, initial=True)
        if self.params.get("fresh") != "1":
            self.resume_online()

    # -- the one door ---------------------------------------------------------------------

    @property
    def session(self) -> Session:
        """The game on the table (the page model's)."""
        return self.page.session

    @session.setter
    def session(self, value: Session) -> None:
        if not hasattr(self, "page"):
            self.page = Page(value, self._screen)
        self.page.session = value

    @property
    def ui(self) -> Screen:
        """What the table shows besides the game (the page model's)."""
        return self._screen

    def dispatch(self, msg: Msg) -> None:
        """Every game input goes through ``update``; its effects are carried out here."""
        self.page, effects = update(self.page, msg)
        self.run(effects)
        s = self.session
        if (
            s.practice is not None
            and not s.practice.asked
            and s.summary_row() is not None
            and not self.ui.hold_summary
            and self.ui.analysis is None
        ):
            s.practice.asked = True
            self.summary_analysis()  # a practice ends with the solver's best line
        self.render()

    def run(self, effects: list[Effect]) -> None:
        """Carry out what ``update`` asked for."""
        for e in effects:
            if isinstance(e, Persist):
                self.persist()
            elif isinstance(e, Bots):
                self.schedule()
            elif isinstance(e, Cancel):
                self._cancel()
            elif isinstance(e, CountStats):
                self._count()
            elif isinstance(e, Linger):
                self.linger = time.perf_counter() + self.headline_delay
            elif isinstance(e, ClosePassing):
                note = next((n for n in self.ui.notices if n.key == e.key), None)
                if note is not None:
                    task = asyncio.ensure_future(self._close_notice(note))
                    self._notice_tasks.add(task)
                    task.add_done_callback(self._notice_tasks.discard)
            elif isinstance(e, Log):
                _log(e.text)
            elif isinstance(e, Remember):
                self.store.write(e.key, e.value)
            elif isinstance(e, EditorEffect):
                self.editor_effect(e)
            elif isinstance(e, KeepJournal):
                self.keep_journal()
            elif isinstance(e, ForgetJournal):
                netresume.forget(self.store)
            else:
                self.links.run(e, self.session, self.ui.ice, int(self.ai_budget_ms))

    # -- setup ------------------------------------------------------------------------

    def _load_library(self) -> None:
        """The player's rule sets, saved games, statistics and the editor's draft."""
        own, aside = user_sets(self.store)
        self.ui.sets = builtin_sets() + own
        games, aside2 = saved_games(self.store)
        self.ui.games = games
        self.ui.stats, aside3 = load_stats(self.store)
        draft, aside4 = load_draft(self.store)
        if draft is not None:
            try:
                values = Conventions.from_dict(draft["values"]).to_dict()
                base = str(draft.get("base", "classic"))[:40]
                self.ui.rules = RulesUI(mode="edit", base=base, values=values)
            except Exception:
                self.ui.rules = RulesUI(mode="edit")  # the draft no longer validates
        for a in (aside, aside2, aside3, aside4):
            if a is not None:
                self.notice(
                    t(self.ui.lang, "corrupt_settings", key=a.key or "—"),
                    NoticeKind.ERROR,
                    a.key or "x",
                )

    def _set(self, set_id: str) -> RuleSet | None:
        return next((s for s in self.ui.sets if s.id == set_id), None)

    def _load_setup(self) -> dict[str, Any]:
        stored, aside = self.store.read(SETUP_KEY)
        if aside is not None:
            self.notice(
                t(self.ui.lang, "corrupt_settings", key=aside.key or "—"), NoticeKind.INFO, "setup"
            )
        params = {k: str(v) for k, v in self.params.items() if isinstance(v, str)}
        return read_setup(stored, params, [s.id for s in self.ui.sets])

    def _conventions(self) -> Conventions:
        chosen = self._set(self.ui.setup["preset"]) or builtin_sets()[0]
        return chosen.conventions().with_players(self.ui.setup["players"])

    def _new_session(self, conv: Conventions | None = None, rules: str = "") -> Session:
        seed = _int(self.params.pop("seed", None), 0, 2**31 - 1)
        if conv is None:
            conv, rules = self._conventions(), self.ui.setup["preset"]
        setup = self.ui.setup
        return Session.new(
            conv,
            setup["level"],
            seed=seed,
            rules=rules,
            kinds=seat_kinds(setup) if start_problem(setup) == "" else None,
            names=seat_names(setup),
        )

    @staticmethod
    def _drop_one_shot_params() -> None:
        """``fresh``, ``seed`` and ``learn`` act once: a reload resumes instead."""
        try:
            params = window.URLSearchParams.new(str(window.location.search or ""))
            params.delete("fresh")
            params.delete("seed")
            params.delete("learn")
            rest = str(params.toString())
            url = (
                str(window.location.pathname)
                + (("?" + rest) if rest else "")
                + str(window.location.hash or "")
            )
            window.history.replaceState(None, "", url)
        except Exception:
            pass

    # -- notices ----------------------------------------------------------------------

    def notice(
        self,
        text: str,
        kind: NoticeKind = NoticeKind.INFO,
        key: str = "",
        action: tuple[str, str] | None = None,
    ) -> None:
        """Show a message (``update.notice``: one per key, passing ones close by
        themselves after ``PASSING_S``)."""
        self.run(notice(self.ui, text, kind, key, action))

    async def _close_notice(self, note: Notice) -> None:
        await asyncio.sleep(PASSING_S)
        if any(n is note for n in self.ui.notices):  # this one (an equal newer one stays)
            self.ui.notices = [n for n in self.ui.notices if n is not note]
            self.render()

    def _aside_notice(self, aside: Aside) -> None:
        lang = self.ui.lang
        if aside.kept == "whole":
            text = t(lang, "save_corrupt", why=aside.reason, key=aside.key)
        elif aside.kept == "head":
            text = t(lang, "save_corrupt_head", why=aside.reason, key=aside.key, kb=aside.kb)
        else:
            text = t(lang, "save_lost", why=aside.reason)
        self.notice(text, NoticeKind.ERROR, "save")

    def persist(self) -> None:
        """Autosave after every action; a failed write is always said (a practice is
        never saved: the game it came from stays the saved one, nor an online table
        before its first audited deal: its journal keeps it)."""
        if (
            self.ui.follower
            or self.session.practice is not None
            or self.page.lesson_back is not None
        ):
            return  # (a lesson is never saved: the game behind it stays the saved one)
        if isinstance(self.session, NetSession) and self.session.peer.game is None:
            return
        err = save(self.store, self.session, self.tab)
        if err is not None:
            key = "storage"
            if self.store.refused:
                if not any(n.key == key for n in self.ui.notices):
                    self.notice(t(self.ui.lang, "storage_refused"), NoticeKind.ERROR, key)
            else:
                self.notice(t(self.ui.lang, "storage_failed", why=err), NoticeKind.ERROR, key)

    # -- rendering ----------------------------------------------------------------------

    def render(self) -> None:
        """Patch the page to the current state."""
        t0 = time.perf_counter()
        m, children = build(self.session, self.ui)
        t1 = time.perf_counter()
        motion = self._motion()
        if motion is not None:
            try:
                motion.snapshot(self.root)
            except Exception:
                motion = None
        t2 = time.perf_counter()
        self.patcher.render(children)
        t3 = time.perf_counter()
        r = self.ui.replay
        if r is not None and self.ui.replay_data is not None:
            attrs = replay_attrs(m, r.step, self.ui.replay_data.steps)
        else:
            attrs = table_attrs(m)
            self.root_attrs.remove("data-step")
        attrs["data-follower"] = "1" if self.ui.follower else "0"
        attrs["data-version"] = str(self.session.version)
        self.root_attrs.set(attrs)
        self.page_attrs.set({"lang": self.ui.lang})
        t4 = time.perf_counter()
        if motion is not None:
            try:
                motion.play(self.root, to_js({"reduced": self.reduced_motion}))
            except Exception as e:
                _log("motion:", e)
        t5 = time.perf_counter()
        # Focus after the frame's layout (moving focus forces one; see _focus).
        if not self._focus_pending:
            self._focus_pending = True
            window.requestAnimationFrame(self._focus_proxy)
        if self.timing:
            ms = [
                round((b - a) * 1000, 1)
                for a, b in ((t0, t1), (t1, t2), (t2, t3), (t3, t4), (t4, t5))
            ]
            total = round((time.perf_counter() - t0) * 1000, 1)
            window.console.log(
                f"render build {ms[0]} snapshot {ms[1]} patch {ms[2]} "
                f"(created {self.patcher.created}) attrs {ms[3]} motion {ms[4]} total {total}"
            )

    def _motion(self) -> Any:
        try:
            m = window.thousandMotion
            return m if m else None
        except Exception:
            return None

    def _focus(self, *_: Any) -> None:
        """Keep the focus on a sensible control after each change."""
        self._focus_pending = False
        try:
            active = document.activeElement
            inside = bool(active) and bool(self.root.contains(active)) and active != self.root
            control = inside and str(active.tagName).lower() in ("button", "select", "input")
            in_dialog = bool(self.root.querySelector(".overlay"))
            if control and (not in_dialog or active.closest(".overlay")):
                return  # the player's control is still there: leave it
            target = None
            if in_dialog:
                target = self.root.querySelector(".overlay:last-of-type [data-autofocus]")
            if not target:
                target = self.root.querySelector(
                    "[data-lesson] [data-autofocus], .controls [data-autofocus], "
                    '.hand-own [data-legal="1"]'
                )
            if not target and not inside:
                target = self.root.querySelector(".controls")  # while the bots play
            if target:
                target.focus(to_js({"preventScroll": True}))
        except Exception:
            pass

    # -- input ---------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        """One handler for every click on the table (event delegation)."""
        try:
            self.wake.set()
            target = event.target
            el = target.closest("[data-action],[data-card],[data-ui]") if target else None
            if not el or el.hasAttribute("disabled"):  # JS null is falsy, not None
                return
            ui = el.getAttribute("data-ui")
            if ui:
                if str(el.tagName).lower() in ("select", "input"):
                    return  # handled on change (a file input's click opens its picker)
                event.preventDefault()
                self.on_ui(str(ui), el)
                return
            event.preventDefault()
            action_text = el.getAttribute("data-action")
            if action_text:
                self.dispatch(Act(str(action_text)))
                return
            card_text = el.getAttribute("data-card")
            if card_text:
                legal = el.getAttribute("data-legal") == "1"
                self.dispatch(CardClicked(card_from_str(str(card_text)), legal))
        except Exception as e:
            self.fail(e)

    def on_change(self, event: Any) -> None:
        """Selects and radio buttons: the language, the new-game choices."""
        try:
            el = event.target
            ui = el.getAttribute("data-ui")
            if ui == "lang":
                self.set_lang(str(el.value))
                return
            if ui == "guest-name":
                self.dispatch(NameChanged(str(el.value)))
                return
            if ui and str(ui).startswith("editor-"):
                name = str(ui).removeprefix("editor-")
                seat = _int(el.getAttribute("data-seat"), 0, 3)
                target = str(el.getAttribute("data-target") or "")
                value = str(el.value or "")[:2000]
                self.dispatch(EditorChanged(name, value, -1 if seat is None else seat, target))
                return
            if ui == "replay-view":
                self.replay.set_view(str(el.value))
                return
            if ui in ("import", "set-import"):
                kind = "set" if ui == "set-import" else "game"
                self.file_task = asyncio.ensure_future(self.read_file(el, kind))
                return
            if ui == "rules-base":
                chosen = self._set(str(el.value))
                if chosen is not None:
                    self.ui.rules.base = chosen.id
                    self.ui.rules.values = chosen.conventions().to_dict()
                    self.ui.rules.confirm = ""
                    save_draft(self.store, chosen.id, self.ui.rules.values)
                    self.render()
                return
            cid = el.getAttribute("data-convention")
            if cid and self.ui.rules.mode == "edit":
                part = str(el.getAttribute("data-part") or "")
                checked = bool(getattr(el, "checked", False))
                r = self.ui.rules
                r.values = set_value(r.values, str(cid), part, str(el.value), checked)
                save_draft(self.store, r.base, r.values)
                self.render()
                return
            name = el.getAttribute("data-setup")
            if name:
                value = str(el.value)
                seat = el.getAttribute("data-seat-kind") or el.getAttribute("data-seat-name")
                if name == "preset" and not self._set(value):
                    return
                at = _int(seat, 0, 3) if seat else None
                self.dispatch(SetupChanged(str(name), value, -1 if at is None else at))
        except Exception as e:
            self.fail(e)

    def on_key(self, event: Any) -> None:
        """Digits choose the n-th choice (card or button); arrows move the value; Esc closes."""
        try:
            key = str(event.key)
            self.wake.set()
            if key == "Escape" and self.ui.dialog:
                self.dispatch(KeyPressed(key))
                return
            tag = str(getattr(document.activeElement, "tagName", "") or "").lower()
            if (
                tag in ("input", "select", "textarea")
                or event.ctrlKey
                or event.metaKey
                or event.altKey
            ):
                return
            if self.ui.replay is not None and not self.ui.dialog:
                if key in STEP_KEYS:
                    event.preventDefault()
                    self.replay.act(STEP_KEYS[key])
                return
            if self.ui.dialog or not self.session.human_to_act() or self.ui.follower:
                return
            if key in KEYS or (len(key) == 1 and key.isdigit() and key != "0"):
                event.preventDefault()  # the stepper's arrows, the digits' choices
                self.dispatch(KeyPressed(key))
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
        self.dispatch(OtherTabSaved(other))

    def on_ui(self, ui: str, el: Any) -> None:
        """Table-level buttons."""
        if ui == "editor" or ui.startswith("editor-"):
            self.on_editor(ui, el)
        elif ui == "next":
            if self.summary_task is not None and not self.summary_task.done():
                self.summary_task.cancel()
            self.dispatch(NextDeal())
        elif ui in ("sheet", "log", "new", "games", "stats"):
            self.ui.dialog = Dialog.NONE if self.ui.dialog == ui else Dialog(ui)
            self.ui.confirm = ""
            self.render()
        elif ui == "rules":
            from_new = self.ui.dialog == Dialog.NEW
            self.ui.dialog = Dialog.RULES
            if from_new or self.session.state.is_terminal():
                self.ui.rules.mode = "edit"
            else:
                self.ui.rules.mode = "view"  # the rules of the game in progress, read-only
            self.render()
        elif ui == "close":
            self.ui.dialog = Dialog.NONE
            self.ui.confirm = ""
            self.render()
        elif ui.startswith(("replay", "step-", "game-replay")) or ui in (
            "share",
            "analysis",
            "copy-link",
            "practice-here",
            "practice-deal",
        ):
            self.on_replay(ui, el)
        elif ui.startswith(("rules-", "set-")):
            self.on_rules(ui)
        elif ui.startswith(("game-", "stats-")) or ui == "export":
            self.on_library(ui, el)
        elif ui == "dismiss":
            key = el.getAttribute("data-notice")
            self.ui.notices = [n for n in self.ui.notices if n.key != key]
            self.render()
        elif ui == "start":
            self.start_new(from_draft=el.getAttribute("data-rules") == "draft")
        elif ui == "hint":
            self.give_hint()
        elif ui in ("raise", "lower"):
            self.dispatch(Stepped(+1 if ui == "raise" else -1))
        elif ui == "plain-lead":
            self.dispatch(PlainLeadToggled())
        elif ui == "undo":
            self.dispatch(UndoPressed())
        elif ui == "take-over":
            self.dispatch(TakeOver())
        elif ui == "learn":
            self.ui.dialog = Dialog.NONE
            if self.ui.replay is not None:
                self.replay.close()  # the lesson takes the table (the game waits behind it)
            self.dispatch(LessonStarted(self.store.read(LESSON_KEY)[0]))
        elif ui == "lesson-next":
            self.dispatch(LessonNext())
        elif ui == "lesson-leave":
            self.dispatch(LessonLeft())
        elif ui in ("practice-end", "practice-again") and self.session.practice is not None:
            p = self.session.practice
            self._cancel()
            if ui == "practice-again":
                from thousand.record import Replay as _Replay

                again = _Replay(p.source)
                from .practice import start as start_practice

                self.session = start_practice(again, p.step, p.seat, self.ui.setup["level"]).session
            else:
                self.session = self.practice_back or self._new_session()
                self.practice_back = None
            retell(self.page)
            self.render()
            self.schedule()
        elif ui == "show-cards":
            self.dispatch(ShowCards())
        elif ui == "connect":
            seat = _int(el.getAttribute("data-seat"), 0, 3)
            box = self.root.querySelector(f'[data-ui="reply-input"][data-seat="{seat}"]')
            if seat is not None and box is not None:
                self.dispatch(ReplyPasted(seat, str(box.value or "")[:6000]))
        elif ui.startswith("reinvite-"):
            seat = _int(ui.removeprefix("reinvite-"), 0, 3)
            if seat is not None:
                self.dispatch(Reinvite(seat))
        elif ui.startswith("take-seat-"):
            seat = _int(ui.removeprefix("take-seat-"), 0, 3)
            if seat is not None:
                self.dispatch(TakeSeatPressed(seat))
        elif ui == "end-online":
            self.dispatch(EndOnline())
        elif ui == "rejoin":
            box = self.root.querySelector('[data-ui="invite-input"]')
            if box is not None:
                self.dispatch(InvitationPasted(str(box.value or "")[:6000]))
        elif ui == "online":
            self.ui.dialog = Dialog.ONLINE
            self.render()
        elif ui == "continue-alone":
            self.links.close()
            self.dispatch(ContinueAlone())
        elif ui == "host-anew":
            self.links.close()  # the link to the host that is gone
            self.dispatch(HostAnew())
        elif ui == "ice-save":
            box = self.root.querySelector('[data-ui="ice-servers"]')
            if box is not None:
                self.dispatch(IceChanged(str(box.value or "")))
        elif ui == "begin-online":
            self.ui.dialog = Dialog.NONE
            self.dispatch(BeginOnline())
        elif ui in ("copy-invite", "copy-reply"):
            field = el.parentElement.querySelector("input")
            if field is not None:
                with contextlib.suppress(Exception):
                    window.navigator.clipboard.writeText(str(field.value))
                self.notice(t(self.ui.lang, "share_copied"), NoticeKind.PASSING, "share")
                self.render()
        elif ui == "refuse-undo":
            self.dispatch(UndoRefused())
        elif ui == "allow-undo":
            seat = _int(el.getAttribute("data-seat"), 0, 3)
            if seat is not None:
                self.dispatch(UndoAllowed(seat))

    def set_lang(self, value: str) -> None:
        """Switch the language (remembered)."""
        if value not in LANGS:
            return
        self.ui.lang = value
        self.store.write(LANG_KEY, value)
        self._word_hint()
        self.page.seen = (-1, 0)
        announce(self.page, initial=True)
        self.render()

    def start_new(self, from_draft: bool = False) -> None:
        """Start the game chosen in the new-game dialog (or with the editor's rules)."""
        problem = start_problem(self.ui.setup)
        if problem:
            self.notice(t(self.ui.lang, problem), NoticeKind.ERROR, "setup")
            self.render()
            return
        self.store.write(SETUP_KEY, stored_setup(self.ui.setup))
        conv: Conventions | None = None
        rules = ""
        if from_draft:
            try:
                conv = Conventions.from_dict(self.ui.rules.values)
            except Exception:
                return  # the editor shows what is wrong; Start is disabled meanwhile
            base = self._set(self.ui.rules.base)
            same = base is not None and base.conventions().to_dict() == conv.to_dict()
            rules = base.id if same and base else t(self.ui.lang, "rules_custom")
        self._cancel()
        if "online" in seat_kinds(self.ui.setup, online=True):
            self.open_online(conv or self._conventions(), rules or self.ui.setup["preset"])
            return
        self._keep_current()
        self._switch(self._new_session(conv, rules))

    # -- online ---------------------------------------------------------------------------

    def _load_ice(self) -> list[dict[str, Any]]:
        """The ICE servers: the player's (``thousand.ice``), else the defaults; the URL
        parameter ``ice=none`` empties them (one network, and every test)."""
        if self.params.get("ice") == "none":
            return []
        stored, _ = self.store.read(ICE_KEY)
        return read_ice(stored)

    def keep_journal(self) -> None:
        """Write the online table's journal (after every event that changed its peer)."""
        s = self.session
        if self.ui.follower or not isinstance(s, NetSession):
            return
        err = netresume.save(self.store, s)
        if err is not None and not self.store.refused:
            self.notice(t(self.ui.lang, "storage_failed", why=err), NoticeKind.ERROR, "storage")

    def resume_online(self) -> None:
        """An online table the page had before a reload comes back from its journal,
        its links gone: the host invites its friends again, a guest waits for that."""
        got, why = netresume.load(self.store)
        if why is not None:
            text = t(self.ui.lang, "net.restore_failed", why=why[:120])
            self.notice(text, NoticeKind.ERROR, "reloaded")
        if got is None:
            return
        self.session = got
        self.page, effects = update(self.page, Reloaded())
        self.run(effects)

    def open_online(self, conv: Conventions, rules: str) -> None:
        """Host: an online table, its invitations made one link at a time."""
        kinds = seat_kinds(self.ui.setup, online=True)
        # the host sits at seat 0, friends take the next seats as they join, the
        # computer players the rest
        online = list(range(1, 1 + sum(1 for k in kinds if k == "online")))
        me = seat_names(self.ui.setup)[kinds.index("human")] if "human" in kinds else ""
        try:
            session = new_host(me or t(self.ui.lang, "you"), conv, online, self.ui.setup["level"])
        except ValueError as e:
            what = str(getattr(e, "params", {}).get("what", e))
            self.notice(
                t(self.ui.lang, "net.unsupported", what=what[:80]), NoticeKind.ERROR, "setup"
            )
            self.render()
            return
        self._keep_current()
        self.links.close()
        self.session = session
        self.keep_journal()  # a reload before anyone joins still finds the table
        self.ui.dialog = Dialog.ONLINE
        self.run([MakeOffer(seat.conn) for seat in session.lobby.seats])
        self.render()

    def open_invitation(self) -> bool:
        """Guest: a ``#join=`` link opens the reply to its invitation."""
        try:
            fragment = str(window.location.hash or "")
        except Exception:
            return False
        if not fragment.startswith("#join="):
            return False
        # read once: a reload must not answer it again (the journal holds what it led to)
        with contextlib.suppress(Exception):
            loc = window.location
            window.history.replaceState(None, "", str(loc.pathname) + str(loc.search or ""))
        from .invite import Invite, InviteError, invite_sdp, read_fragment

        try:
            got = read_fragment(fragment)
        except InviteError as e:
            self.notice(t(self.ui.lang, "net.code." + e.code.lower()), NoticeKind.ERROR, "join")
            return False
        if not isinstance(got, Invite):
            return False
        s = self.session
        if isinstance(s, NetSession) and s.lobby.role == "guest" and s.peer.seat in (-1, got.seat):
            if got.session != s.lobby.session:  # a new invitation for the reloaded table
                self.dispatch(InvitationPasted(fragment))
            return True
        self._keep_current()
        name = next(
            (
                n
                for n, k in zip(seat_names(self.ui.setup), seat_kinds(self.ui.setup), strict=False)
                if k == "human" and n
            ),
            "",
        )
        self.session = new_guest(name or t(self.ui.lang, "player_n", n=got.seat + 1), got)
        self.ui.joining = got
        self.ui.dialog = Dialog.ONLINE
        self.run([AcceptOffer(invite_sdp(got))])
        return True

    # -- replay -------------------------------------------------------------------------

    def open_fragment(self) -> None:
        """A share link (``#record=`` or ``#z=``) opens its record in the replay view."""
        try:
            fragment = str(window.location.hash or "")
        except Exception:
            return
        if not fragment.startswith(("#record=", "#z=")):
            return
        got = parse_fragment(fragment)
        opts = got.options
        if "lang" in opts:
            self.ui.lang = str(opts["lang"])
        if got.error or got.record is None:
            self.notice(
                t(self.ui.lang, "replay_bad", why=got.error or "—"), NoticeKind.ERROR, "replay"
            )
            return
        seat = None if opts.get("open") else opts.get("seat")
        if self.open_replay(got.record, int(opts.get("step", 0)), seat=seat) and opts.get(
            "practice"
        ):
            self.on_replay("practice-here", None)  # an embed's Play from here

    def open_replay(self, record: Any, step: int = 0, **options: Any) -> bool:
        """Show a record in the replay view (the game waits behind it)."""
        self._cancel()
        error = self.replay.open(record, step, **options)
        if error is not None:
            self.notice(t(self.ui.lang, "replay_bad", why=error), NoticeKind.ERROR, "replay")
            return False
        self.ui.dialog = Dialog.NONE
        return True

    def on_replay(self, ui: str, el: Any) -> None:
        """The replay view's buttons, and the ways into it."""
        lang = self.ui.lang
        r = self.ui.replay
        data = self.ui.replay_data
        if ui in ("replay-deal", "replay-game"):
            rec = finished_record(self.session.state, self.session.record())
            if rec is None or not self.open_replay(rec, own=True):
                return
            if ui == "replay-deal" and self.ui.replay is not None and self.ui.replay_data:
                number = _int(el.getAttribute("data-deal"), 1, 10_000) or 1
                deal = min(number, self.ui.replay_data.deals) - 1
                self.ui.replay.step = self.ui.replay_data.deal_first_step(deal)
        elif ui == "game-replay":
            game = next((g for g in self.ui.games if g.id == el.getAttribute("data-game")), None)
            if game is not None:
                try:
                    rec = finished_record((g := Session.from_save(game.save)).state, g.record())
                except Exception:
                    rec = None
                if rec is not None:
                    self.open_replay(rec, own=True)
        elif ui == "analysis" and r is None:
            self.summary_analysis()
        elif ui == "share":
            rec = finished_record(self.session.state, self.session.record())
            if r is not None and data is not None:
                rec = data.record
            if rec is None:
                return
            link = str(window.location.origin) + str(window.location.pathname) + share_fragment(rec)
            if r is not None:
                link += f"&step={r.step}"
            self.ui.share_link = link
            self.ui.dialog = Dialog.SHARE
            with contextlib.suppress(Exception):
                window.navigator.clipboard.writeText(link)
        elif ui == "copy-link":
            with contextlib.suppress(Exception):
                window.navigator.clipboard.writeText(self.ui.share_link)
            self.notice(t(lang, "share_copied"), NoticeKind.PASSING, "share")
        elif ui in ("practice-here", "practice-deal") and r is not None and data is not None:
            from .practice import start as start_practice

            p = start_practice(data, r.step, r.seat, self.ui.setup["level"], ui == "practice-deal")
            self.practice_back = (
                self.session if self.session.practice is None else self.practice_back
            )
            self.replay.close()
            self._cancel()
            self.session = p.session
            retell(self.page)
            self.render()
            self.schedule()
            return
        elif ui == "replay-close":
            self.replay.close()
            if self.ui.follower:
                follow_notice(self.page)
            with contextlib.suppress(Exception):
                window.history.replaceState(
                    None, "", str(window.location.pathname) + str(window.location.search)
                )
            self.render()
            self.schedule()
            return
        elif self.replay.act(ui):
            return
        self.render()

    def summary_analysis(self) -> None:
        """The deal summary's analysis of the deal just finished (again: hide it)."""
        if self.summary_task is not None and not self.summary_task.done():
            self.summary_task.cancel()
        if self.ui.analysis is not None:
            self.ui.analysis = None
            return
        rec = finished_record(self.session.state, self.session.record())
        if rec is None:
            return
        names = names_of(self.session, self.ui.lang)

        def show(rows: list[str], pct: int) -> None:
            self.ui.analysis, self.ui.analysis_pct = rows, pct
            self.render()

        practice = self.session.practice

        def found(result: Any) -> None:
            if practice is not None and result.max_points is not None:
                practice.best = int(result.max_points)  # the practice's "best possible"

        self.summary_task = asyncio.ensure_future(
            run_analysis(Replay(rec), -1, names, self.ui.lang, show, self._timing_log, found)
        )

    def _timing_log(self, text: str) -> None:
        if self.timing:
            window.console.log(text)

    def _keep_current(self) -> None:
        """Keep the game on the table among the saved games (a new one replaces it)."""
        if self.page.lesson_back is not None:
            self.run(update(self.page, LessonLeft())[1])  # the game behind the lesson
        s = self.session
        if isinstance(s, NetSession):
            netresume.forget(self.store)  # the online table leaves the page
        if s.state.is_terminal() or (s.state.n_rows == 0 and not s.state.deal_actions):
            return
        game = SavedGame(
            s.game_id,
            "",  # worded when shown, in the page's language (games_name, by date)
            now(),
            s.n,
            s.rules,  # the rule set's id (or a custom set's name), worded when shown
            tuple(s.state.totals),
            s.to_save(self.tab),
        )
        err = keep_game(self.store, game)
        if err is not None:
            self.notice(t(self.ui.lang, "storage_failed", why=err), NoticeKind.ERROR, "storage")
        self.ui.games, _ = saved_games(self.store)

    def on_rules(self, ui: str) -> None:
        """The conventions editor and the rule sets."""
        r = self.ui.rules
        lang = self.ui.lang
        name_el = self.root.querySelector('[data-ui="set-name"]')
        typed = str(name_el.value) if name_el else ""
        r.name = typed
        r.message = ""
        if ui == "rules-edit":
            r.mode = "edit"
            r.values = self.session.state.conv.to_dict()
            r.base = self.session.rules if self._set(self.session.rules) else "classic"
        elif ui in ("set-save", "set-duplicate"):
            try:
                conv = Conventions.from_dict(r.values)
            except Exception:
                return
            base = self._set(r.base)
            default = (set_name(base, lang) if base else "1000") + (
                " 2" if ui == "set-duplicate" else ""
            )
            name = typed.strip() or default
            own = [s for s in self.ui.sets if not s.builtin]
            new = RuleSet(new_set_id(self.ui.sets), name[:60], conv.changes())
            self._store_sets([*own, new], t(lang, "rules_saved", name=new.name))
            r.base = new.id
        elif ui == "set-rename":
            base = self._set(r.base)
            if base and not base.builtin and typed.strip():
                own = [
                    RuleSet(s.id, typed.strip()[:60], s.changes) if s.id == base.id else s
                    for s in self.ui.sets
                    if not s.builtin
                ]
                self._store_sets(own, t(lang, "rules_saved", name=typed.strip()[:60]))
        elif ui == "set-delete":
            self.ui.rules.confirm = "delete"
        elif ui == "set-delete-sure":
            base = self._set(r.base)
            if base and not base.builtin:
                own = [s for s in self.ui.sets if not s.builtin and s.id != base.id]
                self._store_sets(own, t(lang, "rules_deleted", name=base.name))
                r.base = "classic"
            r.confirm = ""
        elif ui == "set-export":
            base = self._set(r.base)
            try:
                conv = Conventions.from_dict(r.values)
            except Exception:
                return
            name = typed.strip() or (set_name(base, lang) if base else "1000")
            data = export_set(name, conv)
            self._download(
                _file_name(name, "rules"), json.dumps(data, ensure_ascii=False, indent=1)
            )
        if ui != "set-delete":
            r.confirm = ""
        save_draft(self.store, r.base, r.values)
        self.render()

    def _store_sets(self, own: list[RuleSet], message: str) -> None:
        err = save_user_sets(self.store, own)
        self.ui.sets = builtin_sets() + own
        self.ui.rules.message = (
            message if err is None else t(self.ui.lang, "storage_failed", why=err)
        )

    def on_library(self, ui: str, el: Any) -> None:
        """Saved games, export, statistics."""
        lang = self.ui.lang
        game_id = str(el.getAttribute("data-game") or "")
        if ui == "export":
            record = self.session.record()
            name = _file_name(t(lang, "title") + "-" + time.strftime("%Y%m%d-%H%M"), "game")
            self._download(name, json.dumps(record, ensure_ascii=False))
            return
        if ui == "game-continue":
            game = next((g for g in self.ui.games if g.id == game_id), None)
            if game is None:
                return
            try:
                other = Session.from_save(game.save)
            except Exception as e:
                self.notice(t(lang, "import_bad", why=str(e)[:160]), NoticeKind.ERROR, "import")
                self.render()
                return
            self._cancel()
            drop_game(self.store, game_id)
            self._keep_current()
            self._switch(other)
            return
        if ui == "game-delete":
            self.ui.confirm = game_id
        elif ui == "game-delete-sure":
            drop_game(self.store, game_id)
            self.ui.games, _ = saved_games(self.store)
            self.ui.confirm = ""
        elif ui == "stats-reset":
            self.ui.confirm = "stats"
        elif ui == "stats-reset-sure":
            self.ui.stats = {
                k: (dict(v) if isinstance(v, dict) else v) for k, v in EMPTY_STATS.items()
            }
            save_stats(self.store, self.ui.stats)
            self.ui.confirm = ""
        self.render()

    def _switch(self, session: Session) -> None:
        """Put another game on the table."""
        self.session = session
        self.ui.follower = False
        self.ui.dialog = Dialog.NONE
        self._retell()
        self.render()
        self.schedule()

    def _retell(self) -> None:
        """Another game on the table: fresh UI state, its story told anew, saved."""
        retell(self.page)
        self.persist()

    def _download(self, name: str, text: str, mime: str = "application/json") -> None:
        """Offer ``text`` as a file download."""
        blob = window.Blob.new(
            to_js([text]),
            to_js({"type": mime}, dict_converter=window.Object.fromEntries),
        )
        url = window.URL.createObjectURL(blob)
        a = document.createElement("a")
        a.href = url
        a.download = name
        document.body.appendChild(a)
        a.click()
        a.remove()
        window.setTimeout(create_once_callable(lambda: window.URL.revokeObjectURL(url)), 1000)

    async def read_file(self, el: Any, kind: str) -> None:
        """An imported rule set or game record, validated before anything changes."""
        lang = self.ui.lang
        try:
            files = el.files
            f = files.item(0) if files and files.length else None
            if not f:
                return
            if int(f.size) > 1_000_000:
                raise ValueError(t(lang, "import_too_large"))
            text = str(await f.text())
            el.value = ""
            data = safejson.loads(text, max_bytes=1_000_000)
            if kind == "set":
                name, conv = import_set(data)
                own = [s for s in self.ui.sets if not s.builtin]
                new = RuleSet(new_set_id(self.ui.sets), name, conv.changes())
                self.ui.notices = [n for n in self.ui.notices if n.key != "import"]
                self._store_sets([*own, new], t(lang, "rules_imported", name=name))
                self.ui.rules.base = new.id
                self.ui.rules.values = conv.to_dict()
                save_draft(self.store, new.id, self.ui.rules.values)
                self.render()
                return
            state = replay(data)
            if state.is_terminal():
                raise ValueError(t(lang, "import_over"))
            seed = random.SystemRandom().randrange(1 << 31)
            levels = [self.ui.setup["level"]] * state.n
            imported = Session(state, levels, seed, rules=t(lang, "rules_imported_game"))
            imported.state.rng = random.Random(f"{seed}:{state.n_rows}")
        except asyncio.CancelledError:
            raise
        except (ValueError, RecordError) as e:
            self.notice(t(lang, "import_bad", why=str(e)[:200]), NoticeKind.ERROR, "import")
            self.render()
            return
        except Exception as e:
            _log("import:", type(e).__name__, e)
            self.notice(t(lang, "import_bad", why=type(e).__name__), NoticeKind.ERROR, "import")
            self.render()
            return
        self._cancel()
        self._keep_current()
        self.notice(t(lang, "import_done"), NoticeKind.PASSING, "import")
        self._switch(imported)

    def resume_lesson(self) -> None:
        """A reload while a lesson was on the table resumes it where it was; the
        rules pages' *Learn to play* (``?learn=1``) starts it (or resumes it)."""
        from .lesson import active

        stored, _ = self.store.read(LESSON_KEY)
        if active(stored) or self.params.get("learn") == "1":
            self.page, effects = update(self.page, LessonStarted(stored))
            self.run(effects)

    def _count(self) -> None:
        """Statistics: the finished deals and games, each counted once."""
        if self.page.lesson_back is not None:
            return  # a lesson is never counted
        if count_game(self.ui.stats, self.session):
            save_stats(self.store, self.ui.stats)

    # -- bots and hints -----------------------------------------------------------------------

    def _cancel(self) -> None:
        for task in (self.bot_task, self.hint_task):
            if task is not None and not task.done():
                task.cancel()
        self.bot_task = self.hint_task = None
        self.ui.thinking = -1

    def schedule(self) -> None:
        """Let the bots move, bound to this exact state (never behind a replay: a
        share link or a replay is read-only and must not take the game over)."""
        if self.bot_task is not None and not self.bot_task.done():
            self.bot_task.cancel()
        if self.ui.follower or self.ui.replay is not None:
            return
        self.bot_task = asyncio.ensure_future(self.drive(self.session, self.session.version))

    async def pause(self, seconds: float) -> None:
        """Wait a moment for a person to follow; any input ends it early."""
        self.wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.wake.wait(), seconds)

    async def drive(self, session: Session, version: int) -> None:
        """Bots act in turn, paced; a finished trick stays on show a moment."""

        def stale() -> bool:
            return session is not self.session or session.version != version

        try:
            while True:
                if stale():
                    return
                if self.ui.hold_summary:
                    # the deal's last trick stays on show before its summary covers it
                    await self.pause(self.trick_delay)
                    if stale():
                        return
                    self.dispatch(HoldOver(version))
                if self.ui.hold and not session.state.trick and session.bot_to_act() is not None:
                    await self.pause(self.trick_delay)
                    if stale():
                        return
                    self.dispatch(HoldOver(version))
                seat = session.bot_to_act()
                if seat is None:
                    return
                self.ui.thinking = seat
                self.render()
                t0 = time.perf_counter()
                obs = session.state.observation(seat)
                got = await decide(
                    session.bot(seat), obs, session.bot_rng, self.ai_budget_ms, stale
                )
                if got is None:
                    return
                action = got
                now = time.perf_counter()
                wait = max(self.bot_delay - (now - t0), self.linger - now)
                if wait > 0:
                    await self.pause(wait)
                if stale():
                    return
                self.dispatch(BotAnswered(version, action))
                version = session.version
        except asyncio.CancelledError:
            raise
        except Exception as e:
            self.fail(e)

    # -- the deal editor ----------------------------------------------------------------

    def on_editor(self, ui: str, el: Any) -> None:
        """The deal editor's taps, as its messages (``app.editor``)."""
        if ui == "editor":
            self.dispatch(EditorOpened())
            return
        if ui == "editor-card":
            text = str(el.getAttribute("data-editor-card") or "")
            with contextlib.suppress(ValueError):
                self.dispatch(EditorCardTapped(card_from_str(text)))
        elif ui == "editor-target":
            box = el.closest("[data-editor-target]")
            if box:
                self.dispatch(EditorTargetTapped(str(box.getAttribute("data-editor-target"))))
        elif ui == "editor-act":
            self.dispatch(EditorActed(str(el.getAttribute("data-editor-action") or "")[:40]))
        elif ui == "editor-load":
            box = self.root.querySelector('[data-ui="editor-record"]')
            text = str(box.value or "") if box else ""
            self.dispatch(EditorPressed("load", text[: MAX_RECORD_TEXT + 1]))
        elif ui in ("editor-copy", "editor-download"):
            what = str(el.getAttribute("data-what") or "")
            self.dispatch(EditorPressed(ui.removeprefix("editor-"), what))
        elif ui == "editor-record":
            return  # the text field for a record: read by editor-load
        else:
            seed = random.SystemRandom().randrange(1 << 62)
            self.dispatch(EditorPressed(ui.removeprefix("editor-"), seed=seed))

    def on_drag(self, event: Any) -> None:
        """The deal editor's cards dragged onto a hand or the talon (a tap on the card,
        then on its place, does the same)."""
        try:
            target = event.target
            if not target or not hasattr(target, "closest"):
                return
            kind = str(event.type)
            if kind == "dragstart":
                card = target.closest("[data-editor-card]")
                if card:
                    text = str(card.getAttribute("data-editor-card"))
                    event.dataTransfer.setData("text/plain", text)
                return
            box = target.closest("[data-editor-target]")
            if not box:
                return
            event.preventDefault()  # dragover: this is a place to drop on
            if kind == "drop":
                text = str(event.dataTransfer.getData("text/plain") or "")
                with contextlib.suppress(ValueError):
                    where = str(box.getAttribute("data-editor-target"))
                    self.dispatch(EditorCardDropped(card_from_str(text[:4]), where))
        except Exception as e:
            self.fail(e)

    def editor_effect(self, e: EditorEffect) -> None:
        """The editor's effects: a computer player's move, a file, the clipboard."""
        if isinstance(e, EditorThink):
            if self.editor_task is not None and not self.editor_task.done():
                self.editor_task.cancel()
            self.editor_task = asyncio.ensure_future(self._editor_bot(e))
        elif isinstance(e, Download):
            self._download(e.name, e.text, e.mime)
        elif isinstance(e, Copy):
            with contextlib.suppress(Exception):
                window.navigator.clipboard.writeText(e.text)
            self.notice(t(self.ui.lang, "share_copied"), NoticeKind.PASSING, "share")

    async def _editor_bot(self, e: EditorThink) -> None:
        """A computer player's move in the editor's deal (dropped if the deal changed)."""
        from thousand.bots import make_bot

        from .editor import state_at

        def stale() -> bool:
            ed = self.ui.editor
            return ed is None or ed.version != e.version or self.ui.dialog != Dialog.EDITOR

        try:
            await asyncio.sleep(self.bot_delay)
            ed = self.ui.editor
            if stale() or ed is None:
                return
            obs = state_at(ed).observation(e.seat)
            rng = random.Random(f"editor:{e.version}")
            got = await decide(make_bot(e.level), obs, rng, self.ai_budget_ms, stale)
            if got is None or stale():
                return
            self.dispatch(EditorBotAnswered(e.version, got))
        except asyncio.CancelledError:
            raise
        except Exception as ex:
            self.fail(ex)

    def give_hint(self) -> None:
        """Ask the strongest bot what it would do now (thought out step-wise)."""
        if not self.session.human_to_act():
            return
        if self.hint_task is not None and not self.hint_task.done():
            return
        self.hint_task = asyncio.ensure_future(self._hint(self.session, self.session.version))

    async def _hint(self, session: Session, version: int) -> None:
        obs = session.observation()
        self.ui.hint = ()
        self.ui.hint_pct = 0
        self.render()
        try:
            from thousand.ai import make_ai_bot

            think = make_ai_bot("strong").start(
                obs, random.Random(session.state.n_rows * 7919 + 1), budget_ms=self.hint_budget_ms
            )
            t0 = time.perf_counter()
            while not think.step(max_ms=THINK_SLICE_MS):
                await asyncio.sleep(0)
                if session is not self.session or session.version != version:
                    return
                pct = min(99, int(100 * (time.perf_counter() - t0) * 1000 / self.hint_budget_ms))
                if pct >= self.ui.hint_pct + 10:
                    self.ui.hint_pct = pct
                    self.render()
            choices = [(c.action, dict(c.values)) for c in think.choices] or [(think.action(), {})]
        except asyncio.CancelledError:
            raise
        except Exception as e:
            self.fail(e)
            return
        if session is not self.session or session.version != version:
            return
        self.hint_choices = (choices, obs.declarer == obs.seat, obs.conventions)
        self._word_hint()
        self.ui.hint_pct = -1
        self.render()

    def _word_hint(self) -> None:
        """The hint's findings in the page's language (again after a switch)."""
        if self.ui.hint is None or self.hint_choices is None:
            return
        choices, declarer_view, conv = self.hint_choices
        names = names_of(self.session, self.ui.lang)
        self.ui.hint = hint_rows(
            choices, self.ui.lang, names, declarer_view=declarer_view, conv=conv
        )

    def fail(self, e: BaseException) -> None:
        """Log an unexpected error and tell the player in words (never the exception)."""
        _log("thousand:", "".join(traceback.format_exception(e)).rstrip())
        self.ui.thinking = -1
        self.notice(t(self.ui.lang, "oops"), NoticeKind.ERROR, "oops")
        try:
            self.render()
        except Exception as e2:
            _log("thousand: render failed:", e2)


def _file_name(name: str, kind: str) -> str:
    """A safe download name: letters, digits and dashes."""
    base = "".join(c if c.isalnum() else "-" for c in name).strip("-")[:40] or kind
    return f"{base}.{kind}.json" if kind == "rules" else f"{base}.json"


def start() -> Table:
    """Take over the static table."""
    table = Table()
    if not table.open_invitation():
        table.open_fragment()
    if table.ui.replay is None:
        table.persist()  # a new game is saved at once, a resumed one unchanged
        table.resume_lesson()
    table.render()
    # The phase render() just set (a share link's replay, not the game behind it).
    boot.mark_ready(str(table.root.getAttribute("data-phase") or "loading"))
    table.root.setAttribute("aria-busy", "false")
    table.schedule()
    return table
