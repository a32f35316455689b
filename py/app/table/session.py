"""A game at the table: the engine state, who sits where, bots, saving, undo. Pure Python.

The glue (``table.py``) asks this module what to do next and feeds it the
player's choices; everything here runs and is tested in CPython.

A save is ``{"format": "thousand-save", "version": 1, "record": <game record>,
"levels": [...], "human": 0, "seed": S, "shown": N, "rev": R, "tab": "...",
"undos": U, "id": "...", "names": [...], "secret": "..."}``; loading replays
the record through the engine, so a save can never hold an illegal position.
``rev`` counts writes of one game and ``tab`` names the tab that wrote it last
(two tabs never silently overwrite each other, see ``table.py``).

**Seats.** ``levels`` holds each seat's kind: ``"human"`` (the player who
owns this page), ``"local"`` (another person at this device: pass-and-play) or a
computer player's level; ``names`` each seat's name ("" for the default).
``human`` is the seat the table is shown from: the owner's, or in
pass-and-play the person holding the device. ``screened`` is the privacy screen
of pass-and-play: up whenever the turn is another person's than the one whose
cards are shown, and after a reload; nothing private is shown until that person
taps *Show my cards* (``show_cards``).

**Deals.** A game has a ``secret`` (``thousand.fair``): deal ``k`` comes from
``random.Random(deal_seed(secret, k))``, its commitment shown before it is played
and its seed written into the record once it is over, so anyone can check
(``python -m thousand verify``) that no deal was changed after it began. Games
saved before commitments existed (no secret) deal from
``random.Random(f"{seed}:{rows}")``. Either way a saved, resumed or undone game
deals the same cards it would have dealt anyway.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from app.shell.storage import SAVE_KEY, Aside, Store
from thousand import Conventions, Game, IllegalActionError, Observation, State, fair
from thousand.bots import Bot, make_bot
from thousand.conventions import ConventionsError
from thousand.record import PEOPLE, RecordError, clean_name, make_record, replay
from thousand.sheet import SheetRow

SAVE_FORMAT = "thousand-save"
SAVE_VERSION = 1
LEVELS = ("easy", "normal", "strong")
DEFAULT_LEVEL = "normal"
#: The kinds of seat a person sits in at this device: the page's owner and
#: pass-and-play players (``thousand.record.PEOPLE`` adds people online).
HERE = ("human", "local")
#: Every kind of seat a game on this page has.
SEAT_KINDS = (*HERE, *LEVELS)


def public_view(state: State, obs: Observation) -> Observation:
    """``obs`` with everything private taken out: what any person at the table may see
    (behind the privacy screen). The hand shows as backs, the talon only once it was
    shown to all, a passed card only where the rules open the discards."""
    c = state.conv
    talon = obs.talon if state.declarer >= 0 and state.talon_shown else None
    open_gives = c.open_discard and not (state.dark and c.dark_hide_talon)
    return dataclasses.replace(
        obs,
        hand=0,
        looked=False,
        talon=talon,
        received=(),
        known_gives=tuple(state.gives) if open_gives else (),
        aside=None,
        legal_actions=(),
    )


class SaveError(ValueError):
    """A save that cannot be read; the message says why."""


def _rng(seed: int, rows: int) -> random.Random:
    """The generator of the next deal of a game saved without a secret."""
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
        names: list[str] | None = None,
        secret: str = "",
    ) -> None:
        self.state = state
        self.secret = secret  # thousand.fair: "" for a game saved before commitments
        self.practice: Any = None  # app.replay.practice.Practice: a practice, never saved
        self.rules = rules  # the rule set it was started with: a preset id or the player's name
        self.human = human
        self.seed = seed
        self.game_id = game_id or f"g{seed:x}"
        self.undos = undos
        self.rev = 0
        self.levels = [lv if lv in SEAT_KINDS else DEFAULT_LEVEL for lv in levels]
        if "human" not in self.levels:
            self.levels[human] = "human"
        elif self.levels[human] not in HERE:
            human = self.levels.index("human")
        self.human = human
        given = list(names or [])
        given += [""] * (state.n - len(given))
        # a name belongs to a person: a computer seat has none of its own
        self.names = [
            clean_name(x) if kind in PEOPLE else ""
            for x, kind in zip(given[: state.n], self.levels, strict=True)
        ]
        # Pass-and-play: the privacy screen is up from the start (and after a reload).
        self.screened = len(self.people) > 1
        self.bot_rng = random.Random(f"bots:{seed}:{state.n_rows}")
        self.shown = shown  # sheet rows the player has seen summarised
        self.version = 0  # bumped on every change: a pending thought checks it
        # Which game this is for a pending thought: the page's door changes a copy of
        # the session (``app.page.update.fork``), and copies keep the key of the one
        # made here (the object's id then: unique among the sessions alive at once).
        self.key = id(self)
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
        kinds: list[str] | None = None,
        names: list[str] | None = None,
        secret: str | None = None,
        entropy: str | None = None,
    ) -> Session:
        """A new game: the human at ``human``, the first dealer drawn at random.

        ``kinds`` gives each seat's kind (``SEAT_KINDS``; default: ``level`` at every
        seat but the human's); ``secret`` the game's secret (default: one that
        ``seed`` fixes when it is given, else one drawn from ``entropy``, 64 hex
        digits of fresh randomness: the page's inputs bring it, ``app.page.model.draw``;
        without either, the system's cryptographic source).
        """
        tag: int | None = None
        if entropy is not None and seed is None and secret is None:
            secret = fair.deal_seed(entropy, 0)
            seed = int(fair.deal_seed(entropy, 1)[:8], 16) % (1 << 31)
            tag = int(fair.deal_seed(entropy, 2)[:5], 16)
        if secret is None:
            # A game asked for by its seed (tests, a ?seed= link) deals the same every time.
            secret = fair.new_secret() if seed is None else fair.deal_seed(f"seed:{seed}", 0)
        if seed is None:
            seed = random.SystemRandom().randrange(1 << 31)
        if tag is None:
            tag = random.SystemRandom().randrange(1 << 20)
        state = Game(conventions).new_initial_state(fair.deal_rng(fair.deal_seed(secret, 0)))
        levels = list(kinds) if kinds else [level] * conventions.players
        if len(levels) != conventions.players:
            raise ValueError(f"{conventions.players} seats need {conventions.players} kinds")
        return cls(
            state,
            levels,
            seed,
            human=human,
            game_id=f"g{seed:x}-{tag:x}",
            rules=rules,
            names=names,
            secret=secret,
        )

    def next_rng(self, rows: int) -> random.Random:
        """The generator a deal started after ``rows`` sheet rows is shuffled by."""
        if self.secret:
            return fair.deal_rng(fair.deal_seed(self.secret, rows))
        return _rng(self.seed, rows - 1)

    # -- seats ----------------------------------------------------------------------

    @property
    def people(self) -> list[int]:
        """The seats people sit in (the owner's and pass-and-play players')."""
        return [s for s, kind in enumerate(self.levels) if kind in HERE]

    @property
    def owner(self) -> int:
        """The seat of the player who owns this page (their statistics)."""
        return self.levels.index("human")

    def is_person(self, seat: int) -> bool:
        """Whether a person (not a computer player) sits at ``seat``."""
        return self.levels[seat] in HERE

    def waiting_for(self) -> int:
        """The person the privacy screen waits for: the one to act, else the viewer."""
        if self.state.is_terminal():
            return self.human
        cur = self.state.current_player()
        return cur if self.is_person(cur) else self.human

    def show_cards(self) -> None:
        """The person the screen named has the device: show the table from their seat."""
        if self.screened:
            self.human = self.waiting_for()
            self.screened = False
            self.version += 1

    def _screen_if_handed_over(self) -> None:
        """Raise the privacy screen when the turn has passed to another person."""
        if (
            not self.screened
            and len(self.people) > 1
            and not self.state.is_terminal()
            and not self.waiting_for_summary()
            and self.is_person(cur := self.state.current_player())
            and cur != self.human
        ):
            self.screened = True

    def commitment(self) -> str:
        """The commitment to the current deal's seed ("" for a game without one)."""
        if not self.secret or self.state.is_terminal():
            return ""
        return fair.commitment(fair.deal_seed(self.secret, self.state.n_rows))

    def record(self) -> dict[str, Any]:
        """The game's record: its deals with their commitments (the finished ones'
        seeds revealed) and its seats."""
        rec = make_record(self.state)
        if self.secret:
            fair.attach(rec, self.secret, finished=len(self.state.log))
        rec["seats"] = [
            {"kind": kind, **({"name": name} if name else {})}
            for kind, name in zip(self.levels, self.names, strict=True)
        ]
        return rec

    # -- turn flow ------------------------------------------------------------------

    @property
    def n(self) -> int:
        """Number of seats."""
        return self.state.n

    def bots_drew(self, rng: tuple[Any, ...] | None) -> None:
        """The bots' generator as a decision left it: the state its answer carries
        (``app.shell.thinking.copy_of``); None leaves it as it is."""
        if rng is not None:
            self.bot_rng.setstate(rng)

    def bot(self, seat: int) -> Bot:
        """The bot at ``seat``: made when asked (the AI is imported only then), never
        kept, since a bot keeps nothing between decisions and the session is data."""
        try:
            return make_bot(self.levels[seat])
        except ValueError:
            return make_bot("easy")

    def observation(self) -> Observation:
        """What the human sees (behind the privacy screen: what everyone sees)."""
        obs = self.state.observation(self.human)
        return public_view(self.state, obs) if self.screened else obs

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
        self._screen_if_handed_over()

    def waiting_for_summary(self) -> bool:
        """Whether play pauses on a deal summary (a finished deal not yet seen)."""
        return self.summary_row() is not None

    def human_to_act(self) -> bool:
        """Whether the human must act now (a legal input now is applied)."""
        return (
            not self.state.is_terminal()
            and not self.waiting_for_summary()
            and not self.screened
            and self.state.current_player() == self.human
        )

    def bot_to_act(self) -> int | None:
        """The bot seat that acts next, or None."""
        if self.state.is_terminal() or self.waiting_for_summary():
            return None
        seat = self.state.current_player()
        return None if self.is_person(seat) else seat

    def apply(self, action: int) -> None:
        """Apply an action (the human's after a click, or a bot's)."""
        if self.state.is_terminal():
            raise IllegalActionError("the game is over")
        rows = self.state.n_rows
        self.state.rng = self.next_rng(rows + 1)
        self.state.apply_action(action)
        self.version += 1
        if self.state.n_rows != rows:
            self.deal_start = self.state.clone()
            if not self.waiting_for_summary():
                self.shown = self.state.n_rows  # a redeal needs no summary
        self._screen_if_handed_over()

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
        if self.state.is_terminal() or self.waiting_for_summary() or self.screened:
            return None
        actions = list(self.state.deal_actions)
        probe = self.deal_start.clone()
        mine = []
        others = -1  # the last decision of another person at this device
        for i, a in enumerate(actions):
            who = probe.current_player()
            if who == self.human:
                mine.append(i)
            elif self.is_person(who):
                others = i
            probe.apply_action(a)
        if not mine or others > mine[-1]:
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
        state.rng = self.next_rng(state.n_rows + 1)
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
            "record": self.record(),
            "levels": self.levels,
            "human": self.human,
            "seed": self.seed,
            "shown": self.shown,
            "rev": self.rev,
            "tab": tab,
            "undos": self.undos,
            "rules": self.rules,
            "names": self.names,
            "secret": self.secret,
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
        names = data.get("names", [])
        if not isinstance(names, list) or len(names) > state.n:
            raise SaveError("the save's seats do not match its game")
        secret = data.get("secret", "")
        if not isinstance(secret, str) or (secret and not fair.HEX64.fullmatch(secret)):
            raise SaveError("the save's deal secret is not valid")
        s = cls(
            state,
            list(levels),
            fields["seed"],
            human=fields["human"],
            shown=fields["shown"],
            game_id=game_id,
            undos=fields["undos"],
            rules=rules[:60],
            names=names,
            secret=secret,
        )
        s.state.rng = s.next_rng(state.n_rows + 1)
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
