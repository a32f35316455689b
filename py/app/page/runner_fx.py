"""The browser side of the game page's effects: what only the page can do.

``table.py`` (the runner) hands each effect of ``update.update`` to these
helpers: the address and the storage of the browser, a download, the
clipboard, and the thoughts that run in the background between the page's
frames (the hint, an analysis, the replay's autoplay, the editor's computer
player, a file being read, a passing notice's time). Each thought reports back
as a message carrying the token or version it was started for; whether that
still matters is decided by ``update``. Nothing here decides what an input means.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
from collections.abc import Callable
from typing import Any

from pyodide.ffi import create_once_callable, create_proxy, to_js  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from app.editor.editor import EditorBotAnswered, EditorThink, state_at
from app.page.model import BotAnswered, HoldOver, Msg, Page
from app.page.page_msgs import (
    Analyse,
    AnalysisFound,
    AnalysisShown,
    AutoplayTick,
    BotThinking,
    FileRead,
    HandedOver,
    HintAnswered,
    HintProgress,
    OnlineCodeFailed,
    PassingOver,
    Slot,
)
from app.page.replay_ctl import run_analysis
from app.page.screen import build
from app.page.update import HOLD_ON, bots_next
from app.replay.replay_view import replay_attrs
from app.shell import ai_code
from app.shell.dom import Attrs, Patcher
from app.shell.storage import LANG_KEY
from app.shell.thinking import THINK_SLICE_MS, copy_of, decide, guarded
from app.table.view import Dialog, table_attrs
from thousand.record import Replay

#: The URL parameters the page reads.
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
    "ice",
    "relays",
)
#: Parameters longer than 40 characters (the others are cut there).
LONG_PARAMS = {"relays": 1000}
#: How long a passing notice ("The link is copied.") stays before it closes itself.
PASSING_S = 4.0


def entropy() -> int:
    """256 bits from the system's cryptographic source: the randomness an input brings
    to the door (``Clicked.entropy``, ``FileRead.entropy``, the start's), which draws
    a new game's secret, a practice's deals and an online peer's keys from it."""
    return random.SystemRandom().getrandbits(256)


def params() -> dict[str, str]:
    """The page's URL parameters (``PARAMS``, 40 characters at most but
    ``LONG_PARAMS``)."""
    out: dict[str, str] = {}
    try:
        got = window.URLSearchParams.new(str(window.location.search or ""))
        for key in PARAMS:
            v = got.get(key)  # JS null (absent) does not arrive as None: test for str
            if isinstance(v, str):
                out[key] = v[: LONG_PARAMS.get(key, 40)]
    except Exception:
        pass
    return out


def drop_one_shot_params() -> None:
    """``fresh``, ``seed`` and ``learn`` act once: a reload resumes instead."""
    try:
        got = window.URLSearchParams.new(str(window.location.search or ""))
        for key in ("fresh", "seed", "learn"):
            got.delete(key)
        rest = str(got.toString())
        loc = window.location
        url = str(loc.pathname) + (("?" + rest) if rest else "") + str(loc.hash or "")
        window.history.replaceState(None, "", url)
    except Exception:
        pass


def clear_address() -> None:
    """The address without its fragment (a share link's record, once closed)."""
    with contextlib.suppress(Exception):
        loc = window.location
        window.history.replaceState(None, "", str(loc.pathname) + str(loc.search))


class BrowserStorage:
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


def local_storage() -> BrowserStorage | None:
    """``window.localStorage`` as a Python Storage, or None where it is refused."""
    try:
        js = window.localStorage
        js.getItem(LANG_KEY)
    except Exception:
        return None
    return BrowserStorage(js)


def log(*parts: object) -> None:
    """A line on the console's error log."""
    with contextlib.suppress(Exception):
        window.console.error(" ".join(str(p) for p in parts))


def journal(store: Any, session: Any, keep: bool) -> str | None:
    """Write the online table's journal (``keep``) or forget it; why a write failed."""
    from app.online import netresume  # (with the online code: only once a table is online)

    if keep:
        return netresume.save(store, session)
    netresume.forget(store)
    return None


def download(name: str, text: str, mime: str = "application/json") -> None:
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


def copy(text: str) -> None:
    """Put ``text`` on the clipboard (where the browser lets the page)."""
    with contextlib.suppress(Exception):
        window.navigator.clipboard.writeText(text)


def can_share() -> bool:
    """Whether the browser has a share sheet (the Web Share API)."""
    try:
        return bool(getattr(window.navigator, "share", None))
    except Exception:
        return False


def share(text: str, url: str) -> None:
    """Offer ``url`` to the system's share sheet (a refusal or a cancel is no error)."""
    with contextlib.suppress(Exception):
        data = to_js({"title": text, "text": text, "url": url}, dict_converter=_object)
        got = window.navigator.share(data)
        got.catch(create_proxy(lambda _e: None))


#: The channel on which a tab opened with a reply link hands it to the hosting tab.
REPLY_CHANNEL = "thousand-reply"
#: Seconds a tab waits for the hosting tab to say it took the reply.
HAND_OVER_S = 2.0


class ReplyChannel:
    """This browser's tabs, as one: a reply link tapped on the host's own device
    opens a second tab, which gives the reply to the tab that hosts the table
    (``hand_over``); that tab's update takes it (``on_reply``) and says so
    (``taken``). A ``BroadcastChannel`` (same origin, this browser only)."""

    def __init__(self, on_reply: Callable[[str], None]) -> None:
        self.on_reply = on_reply
        self.answered: asyncio.Event | None = None
        self.channel: Any = None
        self.proxy: Any = None
        try:
            self.channel = window.BroadcastChannel.new(REPLY_CHANNEL)
            self.proxy = create_proxy(self._message)
            self.channel.onmessage = self.proxy
        except Exception:
            self.channel = None  # (no BroadcastChannel: the reply is pasted by hand)

    def _message(self, event: Any) -> None:
        data = event.data
        kind = getattr(data, "kind", None) if data is not None else None
        text = getattr(data, "text", None) if data is not None else None
        if kind == "reply" and isinstance(text, str) and len(text) <= 6000:
            self.on_reply(text)
        elif kind == "taken" and self.answered is not None:
            self.answered.set()

    def taken(self) -> None:
        """Tell the tab that handed a reply over that this tab's table took it."""
        if self.channel is not None:
            with contextlib.suppress(Exception):
                self.channel.postMessage(to_js({"kind": "taken"}, dict_converter=_object))

    async def hand_over(self, text: str, dispatch: Callable[[Msg], None]) -> None:
        """Give ``text`` to the other tabs; ``HandedOver`` says whether one took it."""
        self.answered = asyncio.Event()
        if self.channel is not None:
            self.channel.postMessage(to_js({"kind": "reply", "text": text}, dict_converter=_object))
        try:
            await asyncio.wait_for(self.answered.wait(), HAND_OVER_S)
            taken = True
        except TimeoutError:
            taken = False
        self.answered = None
        dispatch(HandedOver(taken))


def _object(pairs: Any) -> Any:
    return window.Object.fromEntries(pairs)


class Painter:
    """Patches ``#table`` to the page's model (keyed, ``dom.Patcher``), animates the
    cards between two patches (``static/motion.js``) and keeps the focus on a
    sensible control after each change."""

    def __init__(self, root: Any, log: Callable[[str], None]) -> None:
        self.root = root
        self.log = log
        self.patcher = Patcher(document, root, getattr(window, "thousandBuild", None))
        self.root_attrs = Attrs(root)
        self.page_attrs = Attrs(document.documentElement)
        self.reduced_motion = False
        with contextlib.suppress(Exception):
            query = "(prefers-reduced-motion: reduce)"
            self.reduced_motion = bool(window.matchMedia(query).matches)
        self._focus_pending = False
        self._focus_proxy = create_proxy(self._focus)

    def render(self, page: Page) -> None:
        """Patch the page to ``page``."""
        t0 = time.perf_counter()
        ui, s = page.ui, page.session
        m, children = build(s, ui)
        motion = getattr(window, "thousandMotion", None) or None
        if motion is not None:
            try:
                motion.snapshot(self.root)
            except Exception:
                motion = None
        self.patcher.render(children)
        if ui.replay is not None and ui.replay_data is not None:
            attrs = replay_attrs(m, ui.replay.step, ui.replay_data.steps)
        else:
            attrs = table_attrs(m)
            self.root_attrs.remove("data-step")
        attrs["data-follower"] = "1" if ui.follower else "0"
        attrs["data-version"] = str(s.version)
        self.root_attrs.set(attrs)
        self.page_attrs.set({"lang": ui.lang})
        if motion is not None:
            try:
                motion.play(self.root, to_js({"reduced": self.reduced_motion}))
            except Exception as e:
                log("motion:", e)
        # Focus after the frame's layout (moving focus forces one; see _focus).
        if not self._focus_pending:
            self._focus_pending = True
            window.requestAnimationFrame(self._focus_proxy)
        total = round((time.perf_counter() - t0) * 1000, 1)
        self.log(f"render total {total} ms (created {self.patcher.created})")

    def _focus(self, *_: Any) -> None:
        """Keep the focus on a sensible control after each change."""
        self._focus_pending = False
        try:
            root = self.root
            active = document.activeElement
            inside = bool(active) and bool(root.contains(active)) and active != root
            control = inside and str(active.tagName).lower() in ("button", "select", "input")
            in_dialog = bool(root.querySelector(".overlay"))
            if control and (not in_dialog or active.closest(".overlay")):
                return  # the player's control is still there: leave it
            target = None
            if in_dialog:
                target = root.querySelector(".overlay:last-of-type [data-autofocus]")
            if not target:
                target = root.querySelector(
                    "[data-lesson] [data-autofocus], .controls [data-autofocus], "
                    '.hand-own [data-legal="1"]'
                )
            if not target and not inside:
                target = root.querySelector(".controls")  # while the bots play
            if target:
                target.focus(to_js({"preventScroll": True}))
        except Exception:
            pass


class Thoughts:
    """The page's background tasks, one per kind at a time; each answers by message."""

    def __init__(self, dispatch: Callable[[Msg], None], fail: Callable[[BaseException], None]):
        self.dispatch = dispatch
        self.fail = fail
        self.tasks: dict[str, Any] = {}
        self.timers: set[Any] = set()
        self.timing = False
        self.wake = asyncio.Event()  # any input ends a pause early
        self.linger = 0.0  # until then a big moment stays on the felt (perf_counter)

    def start(self, kind: str, coro: Any) -> None:
        """Run ``coro`` as the task of ``kind`` (the older one is cancelled)."""
        self.stop(kind)
        self.tasks[kind] = asyncio.ensure_future(guarded(coro, self.fail))

    def stop(self, kind: str) -> None:
        """Cancel the task of ``kind``, if one runs."""
        task = self.tasks.pop(kind, None)
        if task is not None and not task.done():
            task.cancel()

    def later(self, seconds: float, msg: Msg) -> None:
        """Send ``msg`` after ``seconds`` (a passing notice's end)."""

        async def wait() -> None:
            await asyncio.sleep(seconds)
            self.dispatch(msg)

        task = asyncio.ensure_future(wait())
        self.timers.add(task)
        task.add_done_callback(self.timers.discard)

    async def online_code(self, then: Msg) -> None:
        """Load the online table's code (``page_msgs.LoadOnline``), then send ``then``."""
        try:
            import thousand_loader  # type: ignore[import-not-found]  # (static/interpreter.mjs)

            await thousand_loader.online()
        except Exception as e:
            self.dispatch(OnlineCodeFailed(str(getattr(e, "message", "") or e)))
            return
        self.dispatch(then)

    async def pause(self, seconds: float) -> None:
        """Wait a moment for a person to follow; any input ends it early."""
        self.wake.clear()
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(self.wake.wait(), seconds)

    async def drive(self, now: Callable[[], Page], session: Any, version: int, pace: Any) -> None:
        """The computer players act in turn, paced (``update.bots_next`` says what
        comes next), for the game of ``session`` at ``version`` while it is the page's
        (``now``). Each message gives the page a new session (the door changes a copy):
        the game is known by its ``key``, and each move is thought on the newest."""
        key = session.key

        def stale() -> bool:
            return now().session.key != key or now().session.version != version

        await ai_code.ready()  # (a bot's first move may come before the page's script has it)

        while not stale():
            seat = bots_next(now())
            if seat == HOLD_ON:
                await self.pause(pace.trick)
                if not stale():
                    self.dispatch(HoldOver(version))
                continue
            if seat < 0:
                return
            self.dispatch(BotThinking(version, seat))
            t0 = time.perf_counter()
            session = now().session
            obs = session.state.observation(seat)
            bot = session.bot(seat)
            rng = copy_of(session.bot_rng)
            got = await decide(bot, obs, rng, pace.think_ms, stale)
            if got is None:
                return
            t1 = time.perf_counter()
            wait = max(pace.bot - (t1 - t0), self.linger - t1)
            if wait > 0:
                await self.pause(wait)
            if stale():
                return
            self.dispatch(BotAnswered(version, got, rng.getstate()))
            version = now().session.version

    def passing(self, key: str, serial: int) -> None:
        """A passing notice closes itself after ``PASSING_S``."""
        self.later(PASSING_S, PassingOver(key, serial))

    def log(self, text: str) -> None:
        """A timing line on the console (``?debug=timing``)."""
        if self.timing:
            window.console.log(text)

    async def hint(self, obs: Any, seed: int, version: int, budget_ms: float) -> None:
        """The strongest bot thinks about ``obs`` step-wise, saying how far it got."""
        await ai_code.ready()
        from thousand.ai import make_ai_bot

        think = make_ai_bot("strong").start(obs, random.Random(seed), budget_ms=budget_ms)
        t0 = time.perf_counter()
        said = 0
        while not think.step(max_ms=THINK_SLICE_MS):
            await asyncio.sleep(0)
            pct = int(100 * (time.perf_counter() - t0) * 1000 / budget_ms)
            if pct >= said + 10:  # (a report, and a patch of the page, every tenth)
                said = pct
                self.dispatch(HintProgress(version, pct))
        choices = [(c.action, dict(c.values)) for c in think.choices] or [(think.action(), {})]
        declarer_view = obs.declarer == obs.seat
        self.dispatch(HintAnswered(version, tuple(choices), declarer_view, obs.conventions))

    def analyse(self, e: Analyse) -> None:
        """Analyse a finished deal in slices (``Analyse``)."""

        def show(rows: list[str], pct: int) -> None:
            self.dispatch(AnalysisShown(e.token, tuple(rows), pct))

        def found(result: Any) -> None:
            best = result.max_points
            self.dispatch(AnalysisFound(e.token, None if best is None else int(best)))

        names, lang = list(e.names), e.lang
        run = run_analysis(Replay(e.record), e.deal, names, lang, show, self.log, found, e.you)
        self.start(e.slot, run)

    def autoplay(self, token: int, ms: int) -> None:
        """An ``AutoplayTick`` every ``ms`` until token 0 stops it."""

        async def ticks() -> None:
            while True:
                await asyncio.sleep(ms / 1000)
                self.dispatch(AutoplayTick(token))

        if token:
            self.start(Slot.AUTOPLAY, ticks())
        else:
            self.stop(Slot.AUTOPLAY)

    async def editor_bot(self, e: EditorThink, now: Callable[[], Page], pace: Any) -> None:
        """A computer player's move in the editor's deal (dropped if the deal changed)."""
        from thousand.bots import make_bot

        def stale() -> bool:
            ed = now().ui.editor
            return ed is None or ed.version != e.version or now().ui.dialog != Dialog.EDITOR

        await asyncio.sleep(pace.bot)
        await ai_code.ready()
        if stale():
            return
        obs = state_at(now().ui.editor).observation(e.seat)
        rng = random.Random(f"editor:{e.version}")
        got = await decide(make_bot(e.level), obs, rng, pace.think_ms, stale)
        if got is not None and not stale():
            self.dispatch(EditorBotAnswered(e.version, got))

    async def read_file(self, el: Any, kind: str) -> None:
        """The text of the file picked in ``el`` (then the picker is cleared)."""
        files = el.files
        f = files.item(0) if files and files.length else None
        if not f:
            return
        text = str(await f.text())
        el.value = ""
        self.dispatch(FileRead(kind, text, entropy()))
