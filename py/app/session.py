"""A game at the table: the engine state, who sits where, bots, saving, undo. Pure Python.

The glue (``table.py``) asks this module what to do next and feeds it the
player's choices; everything here runs and is tested in CPython.

A save is ``{"format": "thousand-save", "version": 1, "record": <game record>,
"levels": [...], "human": 0, "seed": S, "shown": N, "rev": R, "tab": "...",
"undos": U, "id": "..."}``; loading replays the record through the engine, so
a save can never hold an illegal position. ``rev`` counts writes of one game
and ``tab`` names the tab that wrote it last (two tabs never silently
overwrite each other, see ``table.py``).

The deals after the first come from ``random.Random(f"{seed}:{rows}")``,
``rows`` being the sheet rows before the deal, so a saved, resumed or undone
game deals the same cards it would have dealt anyway.
"""

from __future__ import annotations

import random
from typing import Any

from thousand import Conventions, Game, IllegalActionError, Observation, State
from thousand.bots import Bot, make_bot
from thousand.conventions import ConventionsError
from thousand.record import RecordError, make_record, replay
from thousand.sheet import SheetRow

from .storage import SAVE_KEY, Aside, Store

SAVE_FORMAT = "thousand-save"
SAVE_VERSION = 1
LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"


class SaveError(ValueError):
    """A save that cannot be read; the message says why."""


def _rng(seed: int, rows: int) -> random.Random:
    return random.Random(f"{seed}:{rows}")


def _deal_start(state: State) -> State:
    """The current deal of ``state`` before its first action."""
    if not state.deal_actions or state.is_terminal():
        return state.clone()
    rec = make_record(state)
    rec["deals"][-1] = {**rec["deals"][-1], "actions": []}
    start = replay(rec)
    start.rng = state.rng
    return start


class Session:
    """One game: the engine state, the human's seat, a bot level per other seat."""

    def __init__(
        self,
        state: State,
        levels: list[str],
        seed: int,
        human: int = 0,
        shown: int = 0,
        game_id: str = "",
        undos: int = 0,
        rules: str = "",
    ) -> None:
        self.state = state
        self.rules = rules  # the rule set it was started with: a preset id or the player's name
        self.human = human
        self.seed = seed
        self.game_id = game_id or f"g{seed:x}"
        self.undos = undos
        self.rev = 0
        self.levels = [lv if lv in LEVELS else DEFAULT_LEVEL for lv in levels]
        self.levels[human] = "human"
        self.bots: dict[int, Bot] = {}
        self.bot_rng = random.Random(f"bots:{seed}:{state.n_rows}")
        self.shown = shown  # sheet rows the player has seen summarised
        self.version = 0  # bumped on every change: a pending thought checks it
        self._undo_cache: tuple[int, int | None] | None = None
        self.deal_start = _deal_start(state)  # the current deal before its first action

    @classmethod
    def new(
        cls,
        conventions: Conventions,
        level: str = DEFAULT_LEVEL,
        seed: int | None = None,
        human: int = 0,
        rules: str = "classic",
    ) -> Session:
        """A new game: the human at ``human``, the first dealer drawn at random."""
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        state = Game(conventions).new_initial_state(random.Random(seed))
        levels = [level] * conventions.players
        return cls(
            state,
            levels,
            seed,
            human=human,
            game_id=f"g{seed:x}-{random.SystemRandom().randrange(1 << 20):x}",
            rules=rules,
        )

    # -- turn flow ------------------------------------------------------------------

    @property
    def n(self) -> int:
        """Number of seats."""
        return self.state.n

    def bot(self, seat: int) -> Bot:
        """The bot at ``seat`` (made on first use: the AI is imported only then)."""
        bot = self.bots.get(seat)
        if bot is None:
            try:
                bot = make_bot(self.levels[seat])
            except ValueError:
                bot = make_bot("easy")
            self.bots[seat] = bot
        return bot

    def observation(self) -> Observation:
        """What the human sees."""
        return self.state.observation(self.human)

    def summary_row(self) -> SheetRow | None:
        """The newest finished deal still to show (played or conceded), if any."""
        for r in reversed(self.state.rows[self.shown :]):
            if r.kind != "redeal":
                return r
        return None

    def acknowledge(self) -> None:
        """The player has seen the deal summary."""
        self.shown = self.state.n_rows
        self.version += 1

    def waiting_for_summary(self) -> bool:
        """Whether play pauses on a deal summary (a finished deal not yet seen)."""
        return self.summary_row() is not None

    def human_to_act(self) -> bool:
        """Whether the human must act now (a legal input now is applied)."""
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

    def apply(self, action: int) -> None:
        """Apply an action (the human's after a click, or a bot's)."""
        if self.state.is_terminal():
            raise IllegalActionError("the game is over")
        rows = self.state.n_rows
        self.state.rng = _rng(self.seed, rows)
        self.state.apply_action(action)
        self.version += 1
        if self.state.n_rows != rows:
            self.deal_start = self.state.clone()
            if not self.waiting_for_summary():
                self.shown = self.state.n_rows  # a redeal needs no summary

    def last_deal_tricks(self) -> list[Any]:
        """The tricks of the last finished deal (for the last-trick review)."""
        log = self.state.log
        return list(log[-1].get("tricks", [])) if log else []

    # -- undo -------------------------------------------------------------------------

    def undo_point(self) -> int | None:
        """How many actions of the current deal stay after an undo, or None.

        The human's last decision in this deal is taken back with the bot moves
        after it, as long as none of them revealed a card to the human (a card
        played, the talon shown, a card passed to them) and the deal has not
        ended. Worked out from the deal's first position (cheap; cached per
        version).
        """
        cached = self._undo_cache
        if cached is not None and cached[0] == self.version:
            return cached[1]
        point = self._undo_point()
        self._undo_cache = (self.version, point)
        return point

    def _undo_point(self) -> int | None:
        if self.state.is_terminal() or self.waiting_for_summary():
            return None
        actions = list(self.state.deal_actions)
        probe = self.deal_start.clone()
        mine = []
        for i, a in enumerate(actions):
            if probe.current_player() == self.human:
                mine.append(i)
            probe.apply_action(a)
        if not mine:
            return None
        i = mine[-1]
        probe = self.deal_start.clone()
        for a in actions[: i + 1]:
            probe.apply_action(a)
        before = probe.observation(self.human)
        for a in actions[i + 1 :]:
            probe.apply_action(a)
            after = probe.observation(self.human)
            if (
                after.played != before.played
                or after.talon != before.talon
                or after.received != before.received
                or after.hand & ~before.hand
            ):
                return None
            before = after
        return i

    def undo(self) -> bool:
        """Take back the human's last decision (and the bot moves after it)."""
        keep = self.undo_point()
        if keep is None:
            return False
        actions = list(self.state.deal_actions)[:keep]
        state = self.deal_start.clone()
        for a in actions:
            state.apply_action(a)
        state.rng = _rng(self.seed, state.n_rows)
        self.state = state
        self.undos += 1
        self.version += 1
        return True

    # -- saving ---------------------------------------------------------------------

    def to_save(self, tab: str = "") -> dict[str, Any]:
        """The save as a JSON-ready object."""
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "id": self.game_id,
            "record": make_record(self.state),
            "levels": self.levels,
            "human": self.human,
            "seed": self.seed,
            "shown": self.shown,
            "rev": self.rev,
            "tab": tab,
            "undos": self.undos,
            "rules": self.rules,
        }

    @classmethod
    def from_save(cls, data: Any) -> Session:
        """A session from a parsed save; ``SaveError`` says why one cannot be read."""
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SaveError("not a saved game of 1000")
        if type(data.get("version")) is not int or data.get("version") != SAVE_VERSION:
            raise SaveError("unsupported save version")
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
        fields: dict[str, int] = {}
        for name, default in (
            ("human", 0),
            ("seed", 0),
            ("shown", state.n_rows),
            ("rev", 0),
            ("undos", 0),
        ):
            v = data.get(name, default)
            if type(v) is not int or abs(v) >= 2**63:
                raise SaveError(f"{name} must be a whole number")
            fields[name] = v
        if not 0 <= fields["human"] < state.n or not 0 <= fields["shown"] <= state.n_rows:
            raise SaveError("the save's seats do not match its game")
        game_id = data.get("id", "")
        if not isinstance(game_id, str) or len(game_id) > 64:
            raise SaveError("the save's id is not valid")
        rules = data.get("rules", "")
        if not isinstance(rules, str):
            rules = ""
        state.rng = _rng(fields["seed"], state.n_rows)
        s = cls(
            state,
            list(levels),
            fields["seed"],
            human=fields["human"],
            shown=fields["shown"],
            game_id=game_id,
            undos=fields["undos"],
            rules=rules[:60],
        )
        s.rev = fields["rev"]
        return s


def load_or_new(store: Store, make_new: Any) -> tuple[Session, Aside | None]:
    """The saved game, or ``make_new()`` and a report when the save was unreadable
    (the bad save is moved aside by ``Store``, never deleted)."""
    data, aside = store.read(SAVE_KEY)
    if aside is not None:
        return make_new(), aside
    if data is None:
        return make_new(), None
    try:
        return Session.from_save(data), None
    except SaveError as e:
        text = store.get_text(SAVE_KEY) or ""
        return make_new(), store.move_aside(SAVE_KEY, text, str(e))


def save(store: Store, session: Session, tab: str = "") -> str | None:
    """Write the autosave; the reason when it failed (quota, refused), else None."""
    session.rev += 1
    return store.write(SAVE_KEY, session.to_save(tab))
