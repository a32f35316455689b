"""The browser glue: DOM events, pacing, localStorage. Runs only under PyScript.

Data flows one way: a click becomes an engine action (``data-action`` /
``data-card``), ``Session`` applies it, the table is re-rendered from the new
observation by ``view.render_table``; bots act only when the engine says it is
their turn, paced so a person can follow them.

URL parameters (all optional, validated; anything else is ignored):
``lang=en|ru``, ``seed=<int>`` (a new game's deal seed), ``speed=fast`` (short
pauses, for tests), ``players=2|3|4``, ``preset=<name>``, ``level=<name>``,
``think=<ms>`` (the bots' thinking budget), ``fresh=1`` (start a new game even
when one is saved; the old save is kept aside).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from pyodide.ffi import create_proxy  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]

from thousand import IllegalActionError, Phase, action_from_str, card_from_str
from thousand import actions as A

from . import boot
from .i18n import normalize_lang, t
from .session import (
    LANG_KEY,
    LEVELS,
    PRESETS,
    SAVE_KEY,
    SETUP_KEY,
    MemoryStorage,
    Session,
    load_or_new,
    save,
)
from .view import TableModel, render_table, ui_phase


def _params() -> dict[str, str]:
    out: dict[str, str] = {}
    try:
        search = str(window.location.search or "")
        params = window.URLSearchParams.new(search)
        for key in ("lang", "seed", "speed", "players", "preset", "fresh", "level", "think"):
            v = params.get(key)  # JS null (absent) does not arrive as None: test for str
            if isinstance(v, str):
                out[key] = v[:40]
    except Exception:
        pass
    return out


def _int(text: str | None, lo: int, hi: int) -> int | None:
    try:
        v = int(str(text))
    except (TypeError, ValueError):
        return None
    return v if lo <= v <= hi else None


# One slice of AI thinking between yields to the page. A slice overruns by at most
# one unit of work (~2.5x slower in Pyodide than CPython), so 25 ms keeps the main
# thread's tasks under 50 ms (bench/ai_results.md, "Responsiveness").
THINK_SLICE_MS = 25


class BrowserStorage:
    """``window.localStorage`` with Python values: JS null becomes None."""

    def __init__(self, js: Any) -> None:
        self.js = js

    def getItem(self, key: str) -> str | None:
        """The stored text or None."""
        v = self.js.getItem(key)
        return v if isinstance(v, str) else None

    def setItem(self, key: str, value: str) -> None:
        """Store a text (raises on quota or refused storage)."""
        self.js.setItem(key, value)

    def removeItem(self, key: str) -> None:
        """Forget a key."""
        self.js.removeItem(key)


class Table:
    """The running table."""

    def __init__(self) -> None:
        self.root = document.getElementById("table")
        self.params = _params()
        try:
            self.storage: Any = BrowserStorage(window.localStorage)
            self.storage.getItem(LANG_KEY)
        except Exception:
            self.storage = MemoryStorage()
        stored_lang = None
        with contextlib.suppress(Exception):
            stored_lang = self.storage.getItem(LANG_KEY)
        nav = str(getattr(window.navigator, "language", "en") or "en")
        self.lang = normalize_lang(self.params.get("lang") or stored_lang or nav)
        fast = self.params.get("speed") == "fast"
        self.bot_delay = 0.05 if fast else 0.7
        self.trick_delay = 0.1 if fast else 1.2
        self.ai_budget_ms = float(
            _int(self.params.get("think"), 50, 10000) or (300 if fast else 1000)
        )
        self.hint_budget_ms = 300.0 if fast else 1000.0
        self.setup = self._load_setup()
        self.message = ""
        if self.params.get("fresh") == "1":
            self._set_aside_save()
        self.session, problem = load_or_new(self.storage, self._new_session)
        self._drop_one_shot_params()
        if problem:
            _, why, key = problem.split("|", 2)
            self.message = t(self.lang, "save_corrupt", why=why, key=key)
        self.selected = -1
        self.hold: tuple[tuple[int, int], ...] = ()
        self.hold_winner = -1
        self.show_sheet = False
        self.show_last = False
        self.show_new = False
        self.thinking = -1
        self.hint: list[tuple[str, str]] = []
        self.busy = False
        self.task: Any = None
        self.handler = create_proxy(self.on_click)
        self.root.addEventListener("click", self.handler)
        self.key_handler = create_proxy(self.on_key)
        document.addEventListener("keydown", self.key_handler)

    # -- setup ----------------------------------------------------------------

    def _load_setup(self) -> dict[str, Any]:
        setup: dict[str, Any] = {"players": 3, "preset": "classic", "level": "easy"}
        try:
            import json

            stored = json.loads(self.storage.getItem(SETUP_KEY) or "{}")
            if isinstance(stored, dict):
                if stored.get("players") in (2, 3, 4):
                    setup["players"] = stored["players"]
                if stored.get("preset") in PRESETS:
                    setup["preset"] = stored["preset"]
                if stored.get("level") in LEVELS:
                    setup["level"] = stored["level"]
        except Exception:
            pass
        p = _int(self.params.get("players"), 2, 4)
        if p:
            setup["players"] = p
        if self.params.get("preset") in PRESETS:
            setup["preset"] = self.params["preset"]
        if self.params.get("level") in LEVELS:
            setup["level"] = self.params["level"]
        setup["levels"] = self._available_levels()
        return setup

    @staticmethod
    def _available_levels() -> tuple[str, ...]:
        from .session import new_bot as make_bot  # AI levels: not imported until a bot moves

        out = []
        for lv in LEVELS:
            try:
                make_bot(lv)
                out.append(lv)
            except ValueError:
                continue
        return tuple(out)

    def _new_session(self) -> Session:
        seed = _int(self.params.pop("seed", None), 0, 2**31 - 1)
        lv = self.setup["level"] if self.setup["level"] in self.setup["levels"] else "easy"
        return Session.new(
            self.setup["players"],
            self.setup["preset"],
            [lv] * (self.setup["players"] - 1),
            seed=seed,
        )

    @staticmethod
    def _drop_one_shot_params() -> None:
        """``fresh`` and ``seed`` act once: a reload resumes instead of restarting."""
        try:
            params = window.URLSearchParams.new(str(window.location.search or ""))
            params.delete("fresh")
            params.delete("seed")
            rest = str(params.toString())
            url = str(window.location.pathname) + (("?" + rest) if rest else "")
            window.history.replaceState(None, "", url)
        except Exception:
            pass

    def _set_aside_save(self) -> None:
        try:
            old = self.storage.getItem(SAVE_KEY)
            if old:
                self.storage.setItem(SAVE_KEY + ".previous", old)
                self.storage.removeItem(SAVE_KEY)
        except Exception:
            pass

    # -- rendering ------------------------------------------------------------

    def render(self) -> None:
        """Redraw the table from the session."""
        s = self.session
        obs = s.observation()
        summary = s.summary_row()
        last: tuple[tuple[int, int], ...] = ()
        if self.show_last:
            if obs.tricks:
                last = obs.tricks[-1][1]
            else:
                prev = s.last_deal_tricks()
                last = prev[-1][1] if prev else ()
        model = TableModel(
            obs=obs,
            lang=self.lang,
            levels=s.levels,
            selected=self.selected,
            hold_trick=self.hold,
            hold_winner=self.hold_winner,
            summary=summary,
            show_sheet=self.show_sheet,
            show_last_trick=last,
            show_new_game=self.show_new,
            thinking=self.thinking,
            message=self.message,
            hint=self.hint,
            setup=self.setup,
        )
        if not s.human_to_act():
            model.obs = obs if obs.legal_actions == () else _without_legal(obs)
        self.root.innerHTML = render_table(model)
        self.root.setAttribute("data-phase", ui_phase(obs, summary is not None))
        self.root.setAttribute("data-lang", self.lang)
        self.root.setAttribute("data-players", str(obs.players))
        self.root.setAttribute("data-turn", "human" if s.human_to_act() else "bot")
        document.documentElement.setAttribute("lang", self.lang)

    def persist(self) -> None:
        """Autosave after every action."""
        err = save(self.storage, self.session)
        if err:
            self.message = t(self.lang, "storage_failed", why=err)

    # -- events ---------------------------------------------------------------

    def on_key(self, event: Any) -> None:
        """Keyboard: digits play the n-th legal card; Enter on a focused card clicks it."""
        key = str(event.key)
        if not key.isdigit() or not self.session.human_to_act():
            return
        cards = self.root.querySelectorAll('[data-card][data-legal="1"]')
        i = int(key) - 1
        if 0 <= i < cards.length:
            cards.item(i).click()

    def on_click(self, event: Any) -> None:
        """One handler for every click on the table (event delegation)."""
        el = event.target.closest("[data-action],[data-card],[data-ui]")
        if not el or el.hasAttribute("disabled"):  # JS null is falsy, not None
            return
        event.preventDefault()
        ui = el.getAttribute("data-ui")
        if ui:
            self.on_ui(str(ui))
            return
        if self.busy or not self.session.human_to_act():
            return
        action_text = el.getAttribute("data-action")
        if action_text:
            self.human(str(action_text))
            return
        card_text = el.getAttribute("data-card")
        if card_text and el.getAttribute("data-legal") == "1":
            self.on_card(card_from_str(str(card_text)))

    def on_card(self, card: int) -> None:
        """A legal card: play it, or choose it for the discard."""
        obs = self.session.observation()
        if obs.phase is Phase.PLAY:
            self.human("play " + _card(card))
        elif obs.phase is Phase.DISCARD:
            self.selected = -1 if self.selected == card else card
            self.render()

    def on_ui(self, ui: str) -> None:
        """Table-level buttons."""
        if ui == "next":
            self.session.acknowledge()
            self.persist()
            self.render()
            self.schedule()
        elif ui == "lang":
            self.lang = "ru" if self.lang == "en" else "en"
            with contextlib.suppress(Exception):
                self.storage.setItem(LANG_KEY, self.lang)
            self.render()
        elif ui == "sheet":
            self.show_sheet = not self.show_sheet
            self.render()
        elif ui == "last-trick":
            self.show_last = not self.show_last
            self.render()
        elif ui == "new":
            self.show_new = True
            self.render()
        elif ui == "close":
            self.show_new = self.show_sheet = self.show_last = False
            self.render()
        elif ui == "dismiss":
            self.message = ""
            self.render()
        elif ui == "start":
            self.start_new()
        elif ui == "hint":
            self.give_hint()

    def start_new(self) -> None:
        """Start the game chosen in the new-game dialog."""
        import json

        def val(elem_id: str) -> str:
            el = document.getElementById(elem_id)
            return str(el.value) if el else ""  # JS null is falsy, not None

        players = _int(val("ng-players"), 2, 4) or 3
        preset = val("ng-preset")
        level = val("ng-level")
        self.setup.update(
            players=players,
            preset=preset if preset in PRESETS else "classic",
            level=level if level in self.setup["levels"] else "easy",
        )
        with contextlib.suppress(Exception):
            self.storage.setItem(
                SETUP_KEY, json.dumps({k: self.setup[k] for k in ("players", "preset", "level")})
            )
        self.session = self._new_session()
        self.show_new = False
        self.selected = -1
        self.hold = ()
        self.hint = []
        self.persist()
        self.render()
        self.schedule()

    def give_hint(self) -> None:
        """Ask the strongest bot available what it would do now (thought out step-wise)."""
        if self.session.human_to_act() and not self.busy:
            self.task = asyncio.ensure_future(self._hint())

    async def _hint(self) -> None:
        s = self.session
        obs = s.observation()
        self.busy = True
        self.hint = [(t(self.lang, "hint"), "…")]
        self.render()
        try:
            rows = await self._explain(obs)
        finally:
            self.busy = False
        if s is not self.session or s.observation() != obs:
            return  # the table moved on meanwhile
        self.hint = []
        for action, values in rows[:3]:
            text = ", ".join(_value_text(k, v) for k, v in values.items())
            self.hint.append((A.action_str(action), text))
        self.render()

    async def _explain(self, obs: Any) -> list[tuple[int, dict[str, Any]]]:
        """(action, values) best first: Strong's reasoning, or the greedy bot's choice."""
        import random

        try:
            from thousand.ai import make_ai_bot
        except ImportError:
            from thousand.bots import EasyBot

            return [(EasyBot().act(obs, random.Random(0)), {})]
        think = make_ai_bot("strong").start(
            obs, random.Random(len(obs.sheet) * 7919 + 1), budget_ms=self.hint_budget_ms
        )
        while not think.step(max_ms=THINK_SLICE_MS):
            await asyncio.sleep(0)
        return [(c.action, dict(c.values)) for c in think.choices] or [(think.action(), {})]

    def human(self, text: str) -> None:
        """Apply the human's action."""
        try:
            action = action_from_str(text)
            self._apply(action)
        except (IllegalActionError, ValueError) as e:
            self.message = t(self.lang, "illegal", why=str(e))
            self.render()
            return
        self.selected = -1
        self.hint = []
        self.message = ""  # a notice stays up until the player's next move (or ×)
        self.after_action()

    def _apply(self, action: int) -> None:
        s = self.session
        before = len(s.state.tricks)
        trick = tuple(zip(s.state.trick_seats, s.state.trick, strict=True))
        rows = len(s.state.rows)
        seat = s.state.current_player()
        s.apply(action)
        # A finished trick stays on show for a moment (visible trick taking).
        if action < A.GIVE_BASE:
            card = action if action < A.DECLARE_BASE else action - A.DECLARE_BASE
            full = (*trick, (seat, card))
            if len(s.state.tricks) > before:
                self.hold = s.state.tricks[-1][1]
                self.hold_winner = s.state.tricks[-1][2]
            elif len(s.state.rows) > rows:
                prev = s.last_deal_tricks()
                self.hold = prev[-1][1] if prev else full
                self.hold_winner = prev[-1][2] if prev else -1
        self.persist()

    def after_action(self) -> None:
        self.render()
        self.schedule()

    def schedule(self) -> None:
        """Let the bots move (one task at a time)."""
        if not self.busy:
            self.task = asyncio.ensure_future(self.run_bots())

    async def run_bots(self) -> None:
        """Bots act in turn, paced; finished tricks are held on show."""
        self.busy = True
        try:
            while True:
                if self.hold:
                    await asyncio.sleep(self.trick_delay)
                    self.hold = ()
                    self.hold_winner = -1
                    self.render()
                seat = self.session.bot_to_act()
                if seat is None:
                    break
                self.thinking = seat
                self.render()
                await asyncio.sleep(self.bot_delay)
                action = await self._think()
                self.thinking = -1
                self._apply(action)
                self.render()
        except Exception as e:
            self.message = f"{type(e).__name__}: {e}"
            self.render()
        finally:
            self.busy = False
            self.thinking = -1

    async def _think(self) -> int:
        """The bot's decision; a step-able AI yields to the page between steps."""
        s = self.session
        seat = s.state.current_player()
        bot = s.bots[seat]
        start = getattr(bot, "start", None)
        if start is None:
            return s.bot_action()
        think = start(s.state.observation(seat), s.bot_rng, budget_ms=self.ai_budget_ms)
        while not think.step(max_ms=THINK_SLICE_MS):
            await asyncio.sleep(0)  # the page stays responsive while the bot thinks
        return int(think.action())


def _value_text(key: str, value: Any) -> str:
    """One estimated value of a hint, readable: chances as %, points rounded."""
    if isinstance(value, float) and key in ("make", "defeat", "win") and 0 <= value <= 1:
        return f"{key} {value:.0%}"
    if isinstance(value, float):
        return f"{key} {value:.0f}"
    return f"{key} {value}"


def _card(card: int) -> str:
    from thousand.cards import card_str

    return card_str(card)


def _without_legal(obs: Any) -> Any:
    import dataclasses

    return dataclasses.replace(obs, legal_actions=())


def start() -> Table:
    """Take over the static table."""
    table = Table()
    table.persist()  # a new game is saved at once, a resumed one unchanged
    table.render()
    boot.mark_ready(ui_phase(table.session.observation(), table.session.summary_row() is not None))
    table.root.setAttribute("aria-busy", "false")
    table.schedule()
    return table
