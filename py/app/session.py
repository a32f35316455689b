"""A game at the table: the engine state, who sits where, bots, saving. Pure Python.

The browser glue (``main.py``) asks this module what to do next and feeds it
clicks; everything here runs and is tested in plain CPython. Storage is any
object with ``getItem``/``setItem``/``removeItem`` (``window.localStorage`` in
the browser, a dict-backed fake in tests).

A save is a JSON object ``{"format": "thousand-save", "version": 1,
"record": <engine game record>, "levels": [...], "human": 0, "seed": S,
"shown": N}``; loading replays the record through the engine, so a save can
never hold an illegal position. A save that cannot be read is moved aside
under another key (never deleted) and a new game starts.
"""

from __future__ import annotations

import importlib.util
import json
import random
from typing import Any, Protocol

from thousand import Conventions, Game, IllegalActionError, Observation, State
from thousand.bots import Bot, make_bot
from thousand.conventions import ConventionsError
from thousand.record import RecordError, make_record, replay
from thousand.sheet import SheetRow

SAVE_KEY = "thousand.save"
LANG_KEY = "thousand.lang"
SETUP_KEY = "thousand.setup"
SAVE_FORMAT = "thousand-save"
SAVE_VERSION = 1
LEVELS = ("easy", "normal", "strong")
PRESETS = ("classic", "strict", "family", "golden_dark", "two_players", "four_players")


class SaveError(ValueError):
    """A save that cannot be read; the message says why."""


class Storage(Protocol):
    """The part of the Web Storage API the table uses."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


class MemoryStorage:
    """A dict-backed Storage (tests; a fallback where localStorage is refused)."""

    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        """The stored text or None."""
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        """Store a text."""
        self.data[key] = str(value)

    def removeItem(self, key: str) -> None:
        """Forget a key."""
        self.data.pop(key, None)


AI_LEVELS = ("normal", "strong")


class LazyBot:
    """A Normal or Strong bot that imports ``thousand.ai`` on its first decision.

    Keeps the AI (nearly half of the engine's code) out of the page's start-up.
    """

    def __init__(self, level: str) -> None:
        self.name = level
        self._bot: Any = None

    def _real(self) -> Any:
        if self._bot is None:
            self._bot = make_bot(self.name)
        return self._bot

    def act(self, obs: Observation, rng: random.Random) -> int:
        """The AI bot's action."""
        return int(self._real().act(obs, rng))

    def start(self, *args: Any, **kwargs: Any) -> Any:
        """The AI bot's step-able decision (``Think``)."""
        return self._real().start(*args, **kwargs)


def new_bot(level: str) -> Bot:
    """A bot by level name, as ``make_bot``, but AI levels load lazily (``LazyBot``)."""
    if level in AI_LEVELS:
        if importlib.util.find_spec("thousand.ai") is None:
            raise ValueError(f"bot level {level!r} needs thousand.ai")
        return LazyBot(level)
    return make_bot(level)


def conventions_for(players: int, preset: str) -> Conventions:
    """The conventions of a preset for a number of players (the barrel off for 2)."""
    return Conventions.for_players(players, preset if preset in PRESETS else "classic")


class Session:
    """One game: the engine state, the human's seat, a bot level per other seat."""

    def __init__(
        self, state: State, levels: list[str], seed: int, human: int = 0, shown: int = 0
    ) -> None:
        self.state = state
        self.human = human
        self.seed = seed
        self.levels = [lv if lv in LEVELS else "easy" for lv in levels]
        self.bots: dict[int, Bot] = {}
        for s in range(state.n):
            if s != human:
                try:
                    self.bots[s] = new_bot(self.levels[s])
                except ValueError:
                    self.levels[s] = "easy"
                    self.bots[s] = new_bot("easy")
        self.bot_rng = random.Random(seed * 31 + len(state.rows))
        self.shown = shown  # sheet rows the player has seen summarised

    @classmethod
    def new(
        cls,
        players: int = 3,
        preset: str = "classic",
        levels: list[str] | None = None,
        seed: int | None = None,
    ) -> Session:
        """A new game: the human at seat 0, the first dealer drawn at random."""
        conv = conventions_for(players, preset)
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        state = Game(conv).new_initial_state(random.Random(seed))
        lv = levels or []
        full = ["human"] + [lv[i] if i < len(lv) else "easy" for i in range(players - 1)]
        return cls(state, full, seed)

    # -- turn flow ----------------------------------------------------------

    @property
    def n(self) -> int:
        """Number of seats."""
        return self.state.n

    def observation(self) -> Observation:
        """What the human sees."""
        return self.state.observation(self.human)

    def pending_rows(self) -> list[SheetRow]:
        """Deals finished since the player last closed the summary."""
        return list(self.state.rows[self.shown :])

    def summary_row(self) -> SheetRow | None:
        """The newest finished deal still to show (play or concession), if any."""
        rows = [r for r in self.pending_rows() if r.kind != "redeal"]
        return rows[-1] if rows else None

    def acknowledge(self) -> None:
        """The player has seen the deal summaries."""
        self.shown = len(self.state.rows)

    def waiting_for_summary(self) -> bool:
        """Whether play pauses on a deal summary (a finished deal not yet seen)."""
        return self.summary_row() is not None

    def human_to_act(self) -> bool:
        """Whether the human must act now."""
        return (
            not self.state.is_terminal()
            and not self.waiting_for_summary()
            and self.state.current_player() == self.human
        )

    def bot_to_act(self) -> int | None:
        """The bot seat that acts next, or None."""
        if self.state.is_terminal() or self.waiting_for_summary():
            return None
        seat = self.state.current_player()
        return seat if seat != self.human else None

    def bot_action(self) -> int:
        """The action the bot to act chooses (runs to completion)."""
        seat = self.state.current_player()
        return self.bots[seat].act(self.state.observation(seat), self.bot_rng)

    def apply(self, action: int) -> None:
        """Apply an action (the human's after a click, or a bot's)."""
        if self.state.is_terminal():
            raise IllegalActionError("the game is over")
        self.state.apply_action(action)
        if (
            self.state.rows
            and self.state.rows[-1].kind == "redeal"
            and not self.waiting_for_summary()
        ):
            self.shown = len(self.state.rows)  # a redeal needs no summary

    def last_deal_tricks(self) -> list[Any]:
        """The tricks of the last finished deal (for the last-trick review)."""
        if not self.state.log:
            return []
        return list(self.state.log[-1].get("tricks", []))

    # -- saving ---------------------------------------------------------------

    def to_save(self) -> str:
        """The save as JSON text."""
        return json.dumps(
            {
                "format": SAVE_FORMAT,
                "version": SAVE_VERSION,
                "record": make_record(self.state),
                "levels": self.levels,
                "human": self.human,
                "seed": self.seed,
                "shown": self.shown,
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @classmethod
    def from_save(cls, text: str) -> Session:
        """A session from save text; ``SaveError`` says why one cannot be read."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError, ValueError) as e:
            raise SaveError(f"not JSON: {e}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a saved game of 1000")
        if data.get("version") != SAVE_VERSION:
            raise SaveError(f"unsupported save version {data.get('version')!r}")
        try:
            state = replay(data.get("record"))
        except (RecordError, ConventionsError) as e:
            raise SaveError(str(e)) from None
        levels = data.get("levels")
        if (
            not isinstance(levels, list)
            or len(levels) != state.n
            or not all(isinstance(x, str) for x in levels)
        ):
            raise SaveError("the save's seats do not match its game")
        human = data.get("human", 0)
        seed = data.get("seed", 0)
        shown = data.get("shown", len(state.rows))
        for name, v in (("human", human), ("seed", seed), ("shown", shown)):
            if not isinstance(v, int) or isinstance(v, bool):
                raise SaveError(f"{name} must be a whole number")
        if not 0 <= human < state.n or not 0 <= shown <= len(state.rows):
            raise SaveError("the save's seats do not match its game")
        # Future deals: a generator of its own, since the original one is not saved.
        state.rng = random.Random(f"{seed}:{len(state.rows)}")
        return cls(state, list(levels), seed, human=human, shown=shown)


def load_or_new(storage: Storage, make_new: Any) -> tuple[Session, str | None]:
    """The saved game, or ``make_new()`` with a message when the save was unreadable.

    A corrupt save is moved to ``thousand.save.corrupt[.N]`` (never deleted).
    Storage that refuses access is treated as empty.
    """
    try:
        text = storage.getItem(SAVE_KEY)
    except Exception:
        text = None
    if not text:
        return make_new(), None
    try:
        return Session.from_save(text), None
    except SaveError as e:
        key = SAVE_KEY + ".corrupt"
        n = 1
        try:
            while storage.getItem(key) is not None and n < 1000:
                n += 1
                key = f"{SAVE_KEY}.corrupt.{n}"
            storage.setItem(key, text)
            storage.removeItem(SAVE_KEY)
        except Exception:
            key = SAVE_KEY
        return make_new(), f"save_corrupt|{e}|{key}"


def save(storage: Storage, session: Session) -> str | None:
    """Write the save; returns an error text instead of raising (quota, private mode)."""
    try:
        storage.setItem(SAVE_KEY, session.to_save())
    except Exception as e:
        return str(e) or type(e).__name__
    return None
