"""A peer's state and what its role fills in: the base of ``thousand.net.peer.Peer``.

``PeerState`` holds every field of a peer (a snapshot and the journal's checks
read them all), the page's queries, and declares what the parts built on it fill
in; ``dealing.Dealing`` (keys, shuffles, the cut, shares and claims) and
``acting.Acting`` (actions and what this peer's seats owe) build on it in turn,
and ``peer.Peer`` (the door, the table's messages, seats, undo, the audit) on
them. Also here: the deal's state (``Deal``) and a game to host anew (``Resume``).
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import abstractmethod
from dataclasses import dataclass, field
from typing import Any

from ..conventions import Conventions
from ..record import Replay, make_record
from ..state import Observation, State
from . import mental as M
from .audit import DealRecord, Finding
from .events import (
    Stage,
)
from .link import Wire
from .messages import MAX_NAME, ProtocolError, Refusal
from .view import (
    DealView,
    ShadowError,
    ShadowState,
)

#: Seconds the audit waits for a connected page's key before naming it silent
#: (every honest page sends its key at once: a round trip and a page's work).
REVEAL_WAIT = 15.0

# A guest applies these messages of its own only when the host's log brings them
# back: whether they count depends on what the log holds before them (an undo's
# Allow that crosses an action is void), and the log's order is the table's.
AFTER_ECHO = ("undo", "undo_ok")


def record_hash(record: dict[str, Any]) -> str:
    """The short hash of a game record (16 hex digits)."""
    text = json.dumps(record, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


@dataclass(frozen=True)
class Resume:
    """A game in progress, as one page holds it, to host anew (or rejoin) after the
    host's page is gone: ``Resume.of(peer)`` from that page's peer (a guest's, or a
    rebuilt old host's).

    ``record`` is the game record of the audited deals (``peer.record()``; None:
    none yet), ``seat`` this page's seat, ``persons`` the seats people held (the
    others are computer players), ``names`` per seat, ``game`` the game's id.
    """

    game: str
    seat: int
    names: tuple[str, ...]
    persons: frozenset[int]
    conventions: Conventions
    record: dict[str, Any] | None

    @classmethod
    def of(cls, peer: PeerState) -> Resume:
        """What ``peer`` holds of its game; ``ProtocolError(NOT_NOW)`` before it was seated
        at a started table, or after its game ended or stopped."""
        if (
            peer.seat < 0
            or not peer.game_id
            or peer.stage in (Stage.LOBBY, Stage.OVER, Stage.HALTED)
        ):
            raise ProtocolError(Refusal.NOT_NOW, what="resume")
        return cls(
            peer.game_id,
            peer.seat,
            tuple(peer.names),
            frozenset(peer.persons),
            peer.conv,
            peer.record(),
        )

    def deals(self) -> int:
        """The audited deals the record holds."""
        return 0 if self.record is None else len(self.record["deals"])


def history_hash(record: dict[str, Any] | None, deals: int) -> str:
    """The short hash of a record's first ``deals`` deals ("": none)."""
    if record is None or deals == 0:
        return ""
    rec = dict(record)
    rec["deals"] = list(record["deals"][:deals])
    return record_hash(rec)


def rewind(record: dict[str, Any], deals: int) -> tuple[State, State, int]:
    """The true game after a record's first ``deals`` deals (at least one), the game
    just before that deal's last action, and that action (``base``, ``last``)."""
    rec = dict(record)
    rec["deals"] = list(record["deals"][:deals])
    r = Replay(rec)
    return r.final(), r.state(r.steps - 1), r.action(r.steps) or 0


@dataclass
class Deal:
    """One deal's crypto and view for this peer."""

    rec: DealRecord
    view: DealView
    keys: dict[int, M.Keys]
    rounds: int = 0  # dealing share rounds done
    talon_rounds: int = 0
    talon_order: tuple[int, ...] = ()
    talon_pos: tuple[int, ...] = ()
    talon_done: bool = False
    used: set[int] = field(default_factory=set)  # positions played
    used_at: dict[int, int] = field(default_factory=dict)  # action index -> its position
    dark: bool = False  # first hand may play in the dark: it opens its cards only once it looks
    first_open: bool = False  # ... and has opened them
    given: dict[int, tuple[int, int, tuple[int, int] | None]] = field(default_factory=dict)
    hidden: dict[int, list[tuple[int, str]]] = field(default_factory=dict)
    revealed: dict[int, tuple[int, list[tuple[int, str]]]] = field(default_factory=dict)
    alarm: int | None = None  # the seat that raised an alarm
    accused: int | None = None  # ... and the seat whose proof failed, when it knows
    cut_settled: bool = True  # cut_ritual: the cuts are done (the dealing may start)
    audit_since: float = -1.0  # when the audit began (its ``Tick`` clock; -1: not yet)


class PeerState(Wire):
    """A peer's state, the queries the page asks of it and what its role fills in:
    the base of ``Peer`` (``thousand.net.peer``), whose parts build on it in turn,
    ``dealing.Dealing`` (keys, shuffles, cuts, shares, claims) and
    ``acting.Acting`` (actions, what this peer's seats owe).

    ``step`` updates it in place and returns it: its engine states are large and
    mutable, so the runner owns one Peer and feeds it every event. Every field is
    a Peer's, whichever its role (a snapshot and the journal's checks read them all).
    """

    def __init__(self, is_host: bool, name: str, entropy: random.Random, build: str) -> None:
        super().__init__()
        self.is_host = is_host  # the role, as data: which class rebuilds it
        self.host_seat = 0  # the host's seat (a game hosted anew: the new host's own)
        self.want_seat = -1  # a guest rejoining a game hosted anew: its seat in that game
        self.resume_deals: dict[int, int] = {}  # host anew: audited deals per seat's page
        self.name = name[:MAX_NAME]
        self.rng = entropy
        self.build = build
        self.conv = Conventions()
        self.stage = Stage.LOBBY
        self.seat = -1
        self.local: set[int] = set()  # the seats this page plays (its person's, its bots)
        self.names: list[str] = []
        self.bots: set[int] = set()
        self.persons: set[int] = set()  # the seats people took (the table's word)
        self.taken: set[int] = set()  # persons' seats a computer player plays for now
        self.pending: dict[int, bool] = {}  # seat changes that take effect at the next deal
        self.ended_at: int | None = None  # the host ended the game after this many deals
        self.undo_req: tuple[int, int] | None = None  # (asker, n): an undo waiting for Allows
        self.undo_yes: set[int] = set()  # the people who allowed it
        self.game_id = ""
        self.token = format(entropy.getrandbits(128), "032x")
        self.tokens: dict[int, str] = {}  # host: each seat's hello token (rejoining)
        # the game
        self.commits: dict[int, str] = {}
        self.opens: dict[int, int] = {}
        self.draw_values: dict[int, int] = {}
        self.deal_no = 0
        self.base: State | None = None
        self.last: int | None = None
        self.game: State | None = None  # the true game after the audited deals
        self.deal: Deal | None = None
        # the last audited deal: (base, last, record, revealed), to show or re-check it
        self.audited: tuple[State | None, int | None, DealRecord, dict[int, Any]] | None = None
        self.asked: set[tuple[int, int]] = set()
        self.hashes: dict[int, str] = {}
        self.final_hash: str | None = None
        self.findings: list[Finding] = []
        self.halt_seat = -1  # the seat the cheat that stopped the table was found at
        self.out_seats: set[int] = set()  # persons out of the game for a cheat

    def _resume(self, r: Resume) -> None:
        self.conv = r.conventions
        self.names = list(r.names)
        self.persons = set(r.persons)
        self.game_id = r.game
        n = r.deals()
        if r.record is not None and n:
            self.game, self.base, self.last = rewind(r.record, n)

    # -- what only one role does ---------------------------------------------------

    @abstractmethod
    def _connected(self, peer: str) -> None:
        raise NotImplementedError

    @abstractmethod
    def _dropped(self, peer: str) -> None:
        raise NotImplementedError

    @abstractmethod
    def _silent(self, d: Deal) -> list[int]:
        """In the audit, the seats this role may call silent: unrevealed though their
        page is connected, ``REVEAL_WAIT`` (a guest: twice that) after it began."""
        raise NotImplementedError

    @abstractmethod
    def _tick(self) -> None:
        raise NotImplementedError

    def _welcome(self, m: dict[str, Any]) -> None:
        """A guest's welcome to the table (the host's page has none)."""

    def _before_table(self, m: dict[str, Any]) -> None:
        """A ``table`` message is about to be checked."""

    @abstractmethod
    def _may_resume(self) -> bool:
        """Whether a ``table`` may go on from audited deals (a game hosted anew)."""
        raise NotImplementedError

    @abstractmethod
    def _table_bots(self) -> None:
        """The table gave its seats: this page's share of the computer players."""
        raise NotImplementedError

    @abstractmethod
    def _seats_changed(self) -> None:
        """A seat went to a computer player or back: the seats this page plays."""
        raise NotImplementedError

    def _ask_bots(self, d: Deal) -> None:
        """The table waits for an action: ask a computer player of this page for it."""

    # -- queries for the page ----------------------------------------------------------------

    @property
    def players(self) -> int:
        """The number of seats."""
        return self.conv.players

    def shadow(self) -> State | None:
        """This peer's engine view of the deal in play (None outside play: during the
        audit the shadow has already dealt itself a made-up next deal)."""
        d = self.deal
        if d is None or self.stage is not Stage.PLAY:
            return None
        try:
            return d.view.shadow(d.rec.claims)
        except ShadowError:
            return None

    def observation(self, seat: int) -> Observation | None:
        """What ``seat`` (one of this peer's) may know now, for the page and bots."""
        s = self.shadow()
        return None if s is None or seat not in self.local else s.observation(seat)

    def to_act(self) -> int:
        """The seat whose action the table waits for (-1: none, e.g. during setup)."""
        s = self.shadow()
        if s is None or self.stage is not Stage.PLAY or not self._ready():
            return -1
        return s.current_player()

    def version(self) -> tuple[int, int]:
        """The (deal, action index) an action chosen now is for."""
        d = self.deal
        return (self.deal_no, len(d.view.actions) if d else 0)

    def record(self) -> dict[str, Any] | None:
        """The game record of the audited deals (``thousand.record``)."""
        if self.game is None:
            return None
        rec = make_record(self.game)
        n = len(self.game.log) if self.ended_at is None else self.ended_at
        if self.ended_at == 0:
            return None
        rec["deals"] = rec["deals"][:n]
        return rec

    # -- what the parts above fill in (declared here for those below them) ----------------

    @abstractmethod
    def _shadow(self, d: Deal) -> ShadowState:
        """The deal as this peer sees it (``acting``)."""
        raise NotImplementedError

    @abstractmethod
    def _ready(self) -> bool:
        """Whether the deal is set up for play (``acting``)."""
        raise NotImplementedError

    @abstractmethod
    def _look_claim_due(self, d: Deal) -> bool:
        """Whether a look at the cards owes its redeal claim first (``acting``)."""
        raise NotImplementedError

    @abstractmethod
    def _after_action(self, d: Deal) -> None:
        """What follows an action in the deal (``acting``)."""
        raise NotImplementedError

    @abstractmethod
    def _raise_alarm(self, accused: int | None) -> None:
        """A proof failed: everyone reveals now (``peer``)."""
        raise NotImplementedError

    @abstractmethod
    def _set_bot(self, s: int, bot: bool) -> None:
        """Seat ``s`` goes to a computer player, or back to its person (``peer``)."""
        raise NotImplementedError

    @abstractmethod
    def _void_undo(self) -> None:
        """An undo waiting for Allows is void (``peer``)."""
        raise NotImplementedError
