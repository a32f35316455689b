"""One peer of an online table as a pure state machine: ``step(peer, event)``.

What the host's page and a guest's page share: the table's and the deal's
messages (``MESSAGES``, ``DEAL_MESSAGES``: a message's type to the method that
applies it), the deal's state (``Deal``), the audit and undo. The roles are
``thousand.net.host.Host`` (seats the guests, relays, runs the bots of the
empty seats) and ``thousand.net.guest.Guest`` (seated by the host's welcome);
the links and numbered logs are ``thousand.net.link``; the events and outputs
``thousand.net.events``.

The runner (the page's WebRTC glue) turns what happens into events and the
outputs back into calls; the peer holds every rule of the protocol and
touches no clock, network or global random (``entropy`` is injected:
``drbg.Drbg`` online: reproducible from its secret seed by the journal;
``random.Random(seed)`` in tests).

Topology: a star. The host's page seats the guests, runs the bots of the
empty seats (it holds their keys) and relays: every message it accepts goes
into one numbered log that every guest receives in order (``Broadcast``); a
guest talks to the host only (``Send("host", ...)``). A deal runs:

1. keys: every seat publishes ``g^d`` (``key``);
2. shuffle: seat 0, 1, ... in turn encrypt and permute the deck (``deck``);
3. dealing: seat 0, 1, ... in turn remove their layer from the positions of
   the other seats (``shares``); each holder removes its own last and says
   whether its hand allows a redeal (``claim``);
4. play: ``act`` messages in the engine's turn order; a card comes with its
   position and a proof; a card passed comes with a ``sealed`` note to its
   receiver; the talon is opened (to all, or to the declarer on 100) by
   ``shares`` when the declarer takes it;
5. audit: every seat ``reveal``s its key and hidden actions; every peer
   checks and replays the deal (``audit``) and the true game moves on.

>>> import random
>>> from thousand.net.events import Connected, Received, Start
>>> from thousand.net.guest import Guest
>>> from thousand.net.host import Host
>>> host = Host("Ann", Conventions(), random.Random(1))
>>> guest = Guest("Bob", random.Random(2))
>>> guest, out = step(guest, Connected("host"))
>>> host, out = step(host, Received("p1", out[0].text))
>>> [type(o).__name__ for o in out], host.names
(['Seated', 'Broadcast'], ['Ann', 'Bob'])
>>> guest, out = step(guest, Received("host", out[1].text))  # the welcome: seated
>>> guest.seat, guest.players
(1, 3)
>>> host, out = step(host, Start())  # seat 2 gets a bot; the draw for the dealer starts
>>> host.bots, [type(o).__name__ for o in out][:3]
({2}, ['Broadcast', 'Seated', 'Broadcast'])
>>> sorted(MESSAGES)[:3], sorted(DEAL_MESSAGES)[:3]
(['commit', 'done', 'end'], ['act', 'alarm', 'claim'])

When the host's page is gone for good, any person hosts the same game anew
from what their page holds, and the others rejoin their seats
(docs/PROTOCOL.md, "Hosting a game anew")::

    r = Resume.of(peer)  # this page's peer of the game
    new = Host(peer.name, r.conventions, entropy, resume=r)  # keeps its seat
    new = Guest(peer.name, entropy, resume=r)  # each other person's page

then as any table: invitations, ``Connected``/``Received``, ``Start`` (the seats
nobody reclaimed go to the host's computer player until their person joins).
A guest whose own audited deals differ from the new host's refuses
(``Refused`` with ``Refusal.HISTORY``) and stops.
"""

from __future__ import annotations

import hashlib
import json
import random
from abc import abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import actions as A
from ..cards import ACE, KING, NINE, NINES_MASK, QUEEN
from ..conventions import Conventions
from ..record import Replay, make_record
from ..rules import hand_redeal
from ..state import Observation, Phase, State
from . import mental as M
from .audit import AuditResult, DealRecord, Finding, audit
from .events import (
    HOST,
    AnswerUndo,
    AskUndo,
    CheatFound,
    Connected,
    CutMade,
    DealAudited,
    DealReady,
    Dropped,
    Ended,
    EndGame,
    Event,
    GameAdvanced,
    GameOver,
    GoOnWithout,
    LocalAction,
    Output,
    PeerBack,
    PeerLost,
    Progress,
    Received,
    Refused,
    SeatChanged,
    Seated,
    Stage,
    Start,
    TakeSeat,
    Tick,
    UndoAnswered,
    UndoAsked,
    Undone,
    UndoVoid,
)
from .link import Wire
from .messages import MAX_NAME, ProtocolError, Refusal, hx, unhex
from .view import (
    CLAIM,
    HIDDEN_ASIDE,
    HIDDEN_GIVE,
    DealView,
    ShadowError,
    ShadowState,
    after_key,
)

# Conventions that need more than the protocol does yet (a hidden card seen by
# the rules in ways the shadow does not model).
UNSUPPORTED: tuple[str, ...] = ()


#: Seconds the audit waits for a connected page's key before naming it silent
#: (every honest page sends its key at once: a round trip and a page's work).
REVEAL_WAIT = 15.0

# A guest applies these messages of its own only when the host's log brings them
# back: whether they count depends on what the log holds before them (an undo's
# Allow that crosses an action is void), and the log's order is the table's.
AFTER_ECHO = ("undo", "undo_ok")


def unsupported(conv: Conventions) -> list[str]:
    """The conventions online play cannot run yet (empty: fine)."""
    return [k for k in UNSUPPORTED if getattr(conv, k)]


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
    def of(cls, peer: Peer) -> Resume:
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


class Peer(Wire):
    """One page's side of an online table: ``Host`` or ``Guest`` (``thousand.net.host``,
    ``thousand.net.guest``), which fill in what only their role does.

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

    # -- the one door ------------------------------------------------------------------------

    def handle(self, event: Event) -> list[Output]:
        """Apply one event; the outputs to carry out."""
        self.out = []
        try:
            self._event(event)
            self._pump()
        except ProtocolError as e:  # a local request refused
            self.out.append(Refused("local", e.code, e.params))
        except (ValueError, KeyError, IndexError, TypeError) as e:  # never crash the page
            self.out.append(Refused("local", Refusal.MALFORMED, {"why": type(e).__name__}))
        return self.out

    def _event(self, ev: Event) -> None:
        if isinstance(ev, Tick):
            self.now = max(self.now, ev.now)
            self._tick()
            self._audit_overdue()
        elif isinstance(ev, Received):
            self._received(ev.peer, ev.text)
        elif isinstance(ev, LocalAction):
            self._local_action(ev)
        elif isinstance(ev, Connected):
            self._connected(ev.peer)
        elif isinstance(ev, Dropped):
            self._dropped(ev.peer)
        elif isinstance(ev, Start):
            self._start()
        elif isinstance(ev, TakeSeat):
            self._take_seat(ev.seat)
        elif isinstance(ev, EndGame):
            self._end_game()
        elif isinstance(ev, GoOnWithout):
            self._go_on_without(ev.seat)
        elif isinstance(ev, AskUndo):
            self._ask_undo(ev.seat)
        elif isinstance(ev, AnswerUndo):
            self._answer_undo(ev.seat, ev.yes)

    def _start(self) -> None:
        raise ProtocolError(Refusal.NOT_NOW, what="start")  # the host's word

    def _take_seat(self, seat: int) -> None:
        raise ProtocolError(Refusal.NOT_NOW, what="take_seat", seat=seat)  # the host's word

    def _end_game(self) -> None:
        raise ProtocolError(Refusal.NOT_NOW, what="end")  # the host's word

    def _go_on_without(self, seat: int) -> None:
        raise ProtocolError(Refusal.NOT_NOW, what="go_on")  # the host's word

    def _say_host(self, t: str, /, **body: Any) -> None:
        self._say(t, self.host_seat, **body)

    # -- the table's messages (``MESSAGES``) -------------------------------------------------

    def _apply(self, seat: int, m: dict[str, Any], own: bool = False) -> None:
        """Apply a message of ``seat`` (``own``: one of this page's seats said it):
        by its type, from ``MESSAGES`` or, within the deal in play, ``DEAL_MESSAGES``."""
        t = m["t"]
        table = MESSAGES.get(t)
        if table is not None:
            table(self, seat, m, own)
            return
        d = self.deal
        if d is None or self.stage in (Stage.LOBBY, Stage.DRAW):
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what=t)
        if m.get("deal") != self.deal_no:
            raise ProtocolError(Refusal.STALE, deal=m.get("deal"), now=self.deal_no)
        DEAL_MESSAGES[t](self, d, seat, m, own)

    def _m_welcome(self, seat: int, m: dict[str, Any], own: bool) -> None:
        self._welcome(m)

    def _m_link(self, seat: int, m: dict[str, Any], own: bool) -> None:
        """``link``: the host says a seat's player lost (or got back) its connection."""
        if seat != self.host_seat:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="link")
        if not own and m["seat"] != self.seat:  # (the host said it already)
            self.out.append(PeerBack(m["seat"]) if m["up"] else PeerLost(m["seat"]))

    def _m_halt(self, seat: int, m: dict[str, Any], own: bool) -> None:
        """``halt``: another seat found a cheat: stop too, saying who and what."""
        if self.halt_seat < 0 and m["seat"] >= 0:
            self.halt_seat = m["seat"]
        if not own:
            self.out.append(
                Refused(HOST, Refusal.CHEAT, {"by": seat, "seat": m["seat"], "what": m["what"]})
            )
            self._stop()

    def _m_table(self, seat: int, m: dict[str, Any], own: bool) -> None:
        """``table``: the host seats the table (names, bots) and the draw starts."""
        self._before_table(m)
        if seat != self.host_seat or self.stage is not Stage.LOBBY:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="table")
        names, bots, taken = m["names"], m["bots"], m.get("taken", [])
        h = self.host_seat
        if (
            len(names) != self.players
            or m.get("host", 0) != h
            or any(b >= self.players or b == h for b in [*bots, *taken])
            or set(bots) & set(taken)
        ):
            raise ProtocolError(Refusal.MALFORMED, why="table")
        if "deals" in m:
            self._resume_table(m)
        self.names = list(names)
        self.bots = set(bots) | set(taken)
        self.taken = set(taken)
        self.persons = set(range(self.players)) - set(bots)
        self._table_bots()
        self.game_id = m["game"]
        self.stage = Stage.DRAW
        self.out.append(Seated(tuple(self.names)))
        if "deals" in m and m["deals"] > 0:
            assert self.base is not None and self.last is not None
            probe = self.base.clone()
            probe.apply_action(self.last)
            self._new_deal(probe.dealer)

    def _resume_table(self, m: dict[str, Any]) -> None:
        """A game hosted anew goes on from its first ``deals`` audited deals: they must
        be this page's own (the same hash), or it refuses and stops."""
        if m["game"] != self.game_id or not self._may_resume():
            self._stop()
            raise ProtocolError(Refusal.OTHER_GAME, why="table")
        n = m["deals"]
        rec = self.record()
        ours = 0 if rec is None else len(rec["deals"])
        why = ""
        if n > ours:
            why = "more"  # deals this page did not see audited: it cannot check them
        elif n < ours - 1:
            why = "fewer"  # only a deal the host's page left during may be played again
        elif n and history_hash(rec, n) != m.get("hash"):
            why = "differ"
        if why:
            self._stop()
            raise ProtocolError(Refusal.HISTORY, deals=n, ours=ours, why=why)
        if n and rec is not None:
            self.game, self.base, self.last = rewind(rec, n)
        else:
            self.game = self.base = self.last = None
        self.deal_no = n
        self.audited = None

    def _m_draw(self, seat: int, m: dict[str, Any], own: bool) -> None:
        if self.stage is not Stage.DRAW or m["deal"] != 1:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what=m["t"])
        if m["t"] == "commit":
            if seat in self.commits:
                raise ProtocolError(Refusal.REPLAY, seq=m["seq"])
            self.commits[seat] = m["h"]
            return
        if len(self.commits) < self.players or seat in self.opens:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="open")
        r = unhex(m["r"])
        if M.commitment(r) != self.commits[seat]:
            self._cheat([Finding(seat, 0, -1, "commitment")])
            return
        self.opens[seat] = r
        if len(self.opens) == self.players:
            dealer = M.joint([self.opens[s] for s in range(self.players)], self.players)
            self._new_deal(dealer)

    def _m_done(self, seat: int, m: dict[str, Any], own: bool) -> None:
        self.hashes[seat] = m["hash"]
        if self.final_hash is not None and m["hash"] != self.final_hash:
            self.out.append(Refused(HOST, Refusal.CHEAT, {"seat": seat, "what": "hash"}))

    def _m_seat(self, sender: int, m: dict[str, Any], own: bool) -> None:
        """``seat``: from the host only, for a person's seat; a computer player takes
        it now (the deal in play is dealt again), or gives it back at the next deal;
        ``out``: for good, the person at the seat a cheat stopped the table at."""
        s = m["seat"]
        if m.get("out"):
            self._seat_out(sender, s, m["deal"])
            return
        if sender != self.host_seat or self.stage not in self.IN_GAME:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=sender, what="seat")
        if s == self.host_seat or s not in self.persons:
            raise ProtocolError(Refusal.MALFORMED, why="seat")
        if m["bot"]:
            if s in self.bots or m["deal"] != self.deal_no:
                raise ProtocolError(Refusal.OUT_OF_TURN, seat=sender, what="seat")
            self._set_bot(s, True)
            self.out.append(SeatChanged(s, True, redealt=self._redeal(s)))
        else:
            back = s in self.taken and s not in self.pending and s not in self.out_seats
            if not back or m["deal"] != self.deal_no + 1:
                raise ProtocolError(Refusal.OUT_OF_TURN, seat=sender, what="seat")
            self.pending[s] = False
            self.out.append(SeatChanged(s, False))

    def _seat_out(self, sender: int, s: int, deal: int) -> None:
        """A cheat stopped the table at seat ``s``; the host takes that person out of
        the game: the host's computer player plays the seat for good, the deal in play
        is dealt again from its start (its audit failed) and the table goes on."""
        ok = (
            sender == self.host_seat
            and self.stage is Stage.HALTED
            and s == self.halt_seat
            and s != self.host_seat
            and s in self.persons
            and deal == self.deal_no
        )
        d = self.deal
        if not ok or d is None:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=sender, what="seat")
        self.out_seats.add(s)
        self.halt_seat = -1
        self.pending.pop(s, None)
        if s not in self.bots:
            self._set_bot(s, True)
        self._new_deal(d.rec.dealer)
        self.out.append(SeatChanged(s, True, redealt=True, out=True))

    def _m_end(self, sender: int, m: dict[str, Any], own: bool) -> None:
        """``end``: the game's record is its first ``deals`` deals (a guest may have
        audited one more when the host's word comes: that deal is left out)."""
        if sender != self.host_seat or self.stage not in self.IN_GAME:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=sender, what="end")
        if m["deals"] > (len(self.game.log) if self.game is not None else 0):
            raise ProtocolError(Refusal.MALFORMED, why="deals")
        self.ended_at = m["deals"]
        self.stage = Stage.OVER
        self._queue.clear()
        rec = self.record()
        self.final_hash = record_hash(rec) if rec is not None else ""
        self.out.append(Ended(self.final_hash))

    # -- a person's seat played by a computer player -----------------------------------------

    IN_GAME = (Stage.DRAW, Stage.SETUP, Stage.PLAY, Stage.AUDIT)

    def seat_can_be_taken(self, seat: int) -> bool:
        """Host: whether a computer player may now play for the person at ``seat``."""
        return False

    def can_end(self) -> bool:
        """Host: whether the game can be ended now."""
        return False

    def can_go_on_without(self) -> int:
        """Host: the seat whose person the table can go on without (-1: none)."""
        return -1

    def _set_bot(self, s: int, bot: bool) -> None:
        if bot:
            self.bots.add(s)
            self.taken.add(s)
        else:
            self.bots.discard(s)
            self.taken.discard(s)
        self._seats_changed()

    def _redeal(self, s: int) -> bool:
        """The seat ``s`` changed hands: the draw forgets its unopened commitment, a
        deal in progress is dealt again (same dealer, new keys). True: dealt again."""
        if self.stage is Stage.DRAW:
            if s not in self.opens:
                self.commits.pop(s, None)
                self.draw_values.pop(s, None)
            return False
        d = self.deal
        assert d is not None
        self._new_deal(d.rec.dealer)
        return True

    # -- undo: a person takes back a decision with every other person's Allow ----------------

    def undo_target(self, seat: int) -> int | None:
        """How many of the deal's actions stay if ``seat`` takes back its last
        decision, or None. Only a bid or pass while the bidding goes on (with the
        computer players' bids after it), or the card it played last while nobody
        has played since: nothing another player revealed is taken back."""
        d = self.deal
        if (
            d is None
            or self.stage is not Stage.PLAY
            or seat not in self.persons
            or seat in self.bots
            or self.undo_req is not None
            or not self._ready()
        ):
            return None
        acts = d.view.actions
        mine = [k for k, (who, _, _) in enumerate(acts) if who == seat]
        if not mine:
            return None
        n = mine[-1]
        a = acts[n][2]
        later = acts[n + 1 :]
        phase = self._shadow(d).phase
        if A.is_bid(a) or a == A.PASS:
            ok = phase is Phase.BIDDING and all(
                who in self.bots and (A.is_bid(b) or b == A.PASS) for who, _, b in later
            )
        elif A.is_play(a) or A.is_declare(a):
            ok = phase is Phase.PLAY and not later
        else:
            ok = False
        return n if ok else None

    def undo_waiting(self) -> tuple[int, ...]:
        """The people whose Allow the pending undo still needs."""
        if self.undo_req is None:
            return ()
        asker = self.undo_req[0]
        need = self.persons - self.bots - {asker} - self.undo_yes
        return tuple(sorted(need))

    def _ask_undo(self, seat: int) -> None:
        n = self.undo_target(seat) if seat in self.local else None
        if n is None:
            raise ProtocolError(Refusal.NOT_NOW, what="undo")
        self._say("undo", seat, deal=self.deal_no, n=n)

    def _answer_undo(self, seat: int, yes: bool) -> None:
        if self.undo_req is None or seat not in self.local or seat not in self.undo_waiting():
            raise ProtocolError(Refusal.NOT_NOW, what="undo")
        self._say("undo_ok", seat, deal=self.deal_no, n=self.undo_req[1], yes=yes)

    def _m_undo(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        if m["n"] != self.undo_target(seat):
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="undo")
        self.undo_req, self.undo_yes = (seat, m["n"]), set()
        self.out.append(UndoAsked(seat, m["n"], self.undo_waiting()))
        if not self.undo_waiting():
            self._undo(d)

    def _m_undo_ok(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        req = self.undo_req
        if req is None or m["n"] != req[1] or seat not in self.undo_waiting():
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="undo_ok")
        self.out.append(UndoAnswered(seat, m["yes"]))
        if not m["yes"]:
            self.undo_req = None
            return
        self.undo_yes.add(seat)
        if not self.undo_waiting():
            self._undo(d)

    def _undo(self, d: Deal) -> None:
        assert self.undo_req is not None
        seat, n = self.undo_req
        self.undo_req, self.undo_yes = None, set()
        del d.view.actions[n:]
        d.view._cache = None
        for k in [k for k in d.used_at if k >= n]:
            d.used.discard(d.used_at.pop(k))
        self.asked = {v for v in self.asked if v[0] != self.deal_no or v[1] < n}
        self.out.append(Undone(seat, n))

    def _void_undo(self) -> None:
        if self.undo_req is not None:
            self.out.append(UndoVoid(self.undo_req[0]))
        self.undo_req, self.undo_yes = None, set()

    # -- the deal's messages (``DEAL_MESSAGES``): keys and shuffles --------------------------

    def _new_deal(self, dealer: int) -> None:
        self._void_undo()
        for s, bot in sorted(self.pending.items()):
            self._set_bot(s, bot)
        self.pending.clear()
        self.deal_no += 1
        rec = DealRecord(self.deal_no, dealer)
        view = DealView(self.conv, self.base, self.last, dealer, self._known())
        keys = {s: M.new_keys(self.rng) for s in sorted(self.local)}
        self.deal = Deal(rec, view, keys)
        self.deal.dark = view.opening_phase() is Phase.DARK
        self.deal.cut_settled = not self.conv.cut_ritual
        self.stage = Stage.SETUP

    def _known(self) -> frozenset[int]:
        """The seats whose cards this peer's engine view holds exactly (its own)."""
        return frozenset(self.local)

    def _holders(self, dealer: int) -> list[int]:
        n = self.players
        return [s for s in range(n) if not (n == 4 and s == dealer)]

    def _progress(self, d: Deal) -> None:
        n = self.players
        total = 3 * n + len(self._holders(d.rec.dealer)) - d.dark
        done = len(d.rec.publics) + len(d.rec.decks) + d.rounds + len(d.rec.claims)
        self.out.append(Progress(done, total))

    def _m_key(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        if self.stage is not Stage.SETUP or seat in d.rec.publics:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="key")
        h = unhex(m["h"])
        if not 1 < h < M.P:
            raise ProtocolError(Refusal.MALFORMED, why="key")
        d.rec.publics[seat] = h
        self._progress(d)

    def _m_deck(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        stage = len(d.rec.decks)
        if (
            self.stage is not Stage.SETUP
            or len(d.rec.publics) < self.players
            or m["stage"] != stage
            or seat != stage
        ):
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="deck")
        cards = [unhex(x) for x in m["cards"]]
        if len(cards) != 24 or not all(1 < x < M.P for x in cards):
            raise ProtocolError(Refusal.MALFORMED, why="deck")
        d.rec.decks[stage] = cards
        self._progress(d)

    # -- cut_ritual: the cutter cuts, the dealer looks at the bottom card --------------------

    def _cut_order(self, d: Deal) -> list[int]:
        """The seats that open the bottom card to the dealer, in turn (all but it)."""
        return [s for s in range(self.players) if s != d.rec.dealer]

    def _cut_value(self, d: Deal) -> tuple[int, int]:
        """The bottom card's index in the shuffled deck after the cut under way, and its
        value after the shares so far."""
        shuffled = d.rec.decks[self.players - 1]
        i = len(d.rec.cut_calls)
        b = M.cut_bottom(shuffled, i + 1)
        chain = d.rec.cut_chains[i] if i < len(d.rec.cut_chains) else []
        return b, chain[-1][1] if chain else shuffled[b]

    def _owe_cut(self, d: Deal) -> bool:
        """The share of the bottom card this peer's next seat owes, or the dealer's
        word on it (a nine: cut again)."""
        rec, i = d.rec, len(d.rec.cut_calls)
        chain = rec.cut_chains[i] if i < len(rec.cut_chains) else []
        order = self._cut_order(d)
        b, y = self._cut_value(d)
        if len(chain) < len(order):
            seat = order[len(chain)]
            if seat not in d.keys:
                return False
            items = [[b, hx(M.decrypt(y, d.keys[seat]))]]
            self._say("shares", seat, deal=self.deal_no, part="cut", items=items)
            return True
        if rec.dealer not in d.keys:
            return False
        card = M.CODE_CARD.get(M.decrypt(y, d.keys[rec.dealer]))
        if card is None:  # a share lied (the keys tell which): audit now
            self.out.append(Refused(HOST, Refusal.BAD_PROOF, {"seat": rec.dealer, "pos": b}))
            self._raise_alarm(None)
            return True
        nine = card % 6 == NINE
        self._say("cut", rec.dealer, deal=self.deal_no, n=i + 1, nine=nine)
        return True

    def _m_cut(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        rec = d.rec
        i = len(rec.cut_calls)
        chain = rec.cut_chains[i] if i < len(rec.cut_chains) else []
        if (
            self.stage is not Stage.SETUP
            or d.cut_settled
            or len(rec.decks) < self.players
            or seat != rec.dealer
            or len(chain) < len(self._cut_order(d))
            or m["n"] != i + 1
        ):
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="cut")
        rec.cut_calls.append(m["nine"])
        if not m["nine"] or len(rec.cut_calls) == 3:
            rec.cut = len(rec.cut_calls)
            d.cut_settled = True
            d.view.cut_nines = sum(rec.cut_calls)
            d.view._cache = None
        self.out.append(CutMade(seat, i + 1, m["nine"]))

    # -- dealing shares, the talon and claims ------------------------------------------------

    def _share_targets(self, d: Deal, seat: int) -> list[int]:
        places = d.view.places()
        return [p for p, h in enumerate(places) if h >= 0 and h != seat]

    def _m_shares(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        items = [(p, unhex(x)) for p, x in m["items"]]
        if m["part"] == "cut":
            i = len(d.rec.cut_calls)
            chain = d.rec.cut_chains[i] if i < len(d.rec.cut_chains) else []
            order = self._cut_order(d)
            if (
                self.stage is not Stage.SETUP
                or d.cut_settled
                or len(d.rec.decks) < self.players
                or len(chain) >= len(order)
                or seat != order[len(chain)]
            ):
                raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="cut")
            b = self._cut_value(d)[0]
            if [p for p, _ in items] != [b] or not all(1 < x < M.P for _, x in items):
                raise ProtocolError(Refusal.MALFORMED, why="shares")
            if i == len(d.rec.cut_chains):
                d.rec.cut_chains.append(chain)
            chain.append((seat, items[0][1]))
            return
        if m["part"] == "deal":
            if (
                self.stage is not Stage.SETUP
                or len(d.rec.decks) < self.players
                or not d.cut_settled
                or seat != d.rounds
            ):
                raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="shares")
            want = self._share_targets(d, seat)
        elif m["part"] == "talon":
            if not d.talon_order or d.talon_done or seat != d.talon_order[d.talon_rounds]:
                raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="talon")
            want = list(d.talon_pos)
        else:
            raise ProtocolError(Refusal.MALFORMED, why="part")
        if [p for p, _ in items] != want or not all(1 < x < M.P for _, x in items):
            raise ProtocolError(Refusal.MALFORMED, why="shares")
        for p, x in items:
            d.rec.chains.setdefault(p, []).append((seat, x))
        if m["part"] == "deal":
            d.rounds += 1
            self._progress(d)
            if d.rounds == self.players:
                self._open_own(d)
        else:
            d.talon_rounds += 1
            if d.talon_rounds == len(d.talon_order):
                self._open_talon(d)

    def _first(self, d: Deal) -> int:
        return (d.rec.dealer + 1) % self.players

    def _open_own(self, d: Deal, only: int | None = None) -> None:
        """After the dealing shares: each of this peer's seats removes its own layer
        (first hand, when it may play in the dark, only once it looks: ``only``)."""
        places = d.view.places()
        first = self._first(d)
        if only == first:
            d.first_open = True
        for p, h in enumerate(places):
            if d.dark and h == first and only != first:
                continue
            if only is not None and h != only:
                continue
            if h in d.keys:
                y = d.rec.value(p, self.players)
                card = M.CODE_CARD.get(M.decrypt(y, d.keys[h])) if y else None
                if card is None or d.view.learn(p, card):
                    # a share lied (which one, only the keys can tell): audit now
                    self.out.append(Refused(HOST, Refusal.BAD_PROOF, {"seat": h, "pos": p}))
                    self._raise_alarm(None)
                    return

    def _open_talon(self, d: Deal) -> None:
        s = self._shadow(d)
        decl = s.declarer
        for p in d.talon_pos:
            y = d.rec.value(p, self.players)
            if s.talon_shown:
                card = M.CODE_CARD.get(y or 0)
            elif decl in d.keys and y:
                card = M.CODE_CARD.get(M.decrypt(y, d.keys[decl]))
            else:
                continue
            if card is None or d.view.learn(p, card):
                d.talon_done = True
                self.out.append(Refused(HOST, Refusal.BAD_PROOF, {"seat": decl, "pos": p}))
                self._raise_alarm(None)
                return
        d.talon_done = True

    def _after_due(self, d: Deal) -> list[int]:
        """redeal_four_nines_after_discard: the receivers of the declarer's cards whose
        claim (four nines now, or not) the table still waits for."""
        if not self.conv.redeal_four_nines_after_discard or self.stage is not Stage.PLAY:
            return []
        to = [x[2] for x in d.view.actions if x[1] == HIDDEN_GIVE]
        if len(to) < 2:
            return []
        return [r for r in to if after_key(r) not in d.rec.claims]

    def _m_claim(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        if m.get("after"):
            if seat not in self._after_due(d):
                raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="claim")
            if m["why"] not in ("", CLAIM):
                raise ProtocolError(Refusal.MALFORMED, why="claim")
            d.rec.claims[after_key(seat)] = m["why"]
            d.view._cache = None  # the shadow asks that seat now, or not
            return
        if self._look_claim_due(d) and seat == self._first(d):
            if m["why"] not in ("", CLAIM):
                raise ProtocolError(Refusal.MALFORMED, why="claim")
            d.rec.claims[seat] = m["why"]  # first hand looked: its claim now
            d.view._cache = None
            return
        if (
            self.stage is not Stage.SETUP
            or d.rounds < self.players
            or seat in d.rec.claims
            or seat not in self._holders(d.rec.dealer)
            or (d.dark and seat == self._first(d))
        ):
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="claim")
        if m["why"] not in ("", CLAIM):
            raise ProtocolError(Refusal.MALFORMED, why="claim")
        d.rec.claims[seat] = m["why"]
        self._progress(d)
        if len(d.rec.claims) == len(self._holders(d.rec.dealer)) - d.dark:
            self.stage = Stage.PLAY
            self.out.append(DealReady(self.deal_no))
            self._after_action(d)

    # -- actions -----------------------------------------------------------------------------

    def _shadow(self, d: Deal) -> ShadowState:
        """The deal's shadow; a ``ProtocolError`` when what was learned contradicts the
        actions (a lie: the alarm's audit names it)."""
        try:
            return d.view.shadow(d.rec.claims)
        except ShadowError as e:
            raise ProtocolError(Refusal.BAD_PROOF, seat=-1, what="replay", n=e.n) from None

    def _shadow_start(self, d: Deal) -> int:
        return 1 if d.view.base is None else d.view.base.deal_no + 1

    def _look_claim_due(self, d: Deal) -> bool:
        """Dark allowed and first hand chose to look: the table waits for its claim."""
        first = self._first(d)
        return (
            d.dark
            and self.stage is Stage.PLAY
            and first not in d.rec.claims
            and any(who == first and a == A.LOOK for who, _, a in d.view.actions)
        )

    def _ready(self) -> bool:
        d = self.deal
        return (
            d is not None
            and (not d.talon_order or d.talon_done)
            and not self._after_due(d)
            and not self._look_claim_due(d)
        )

    def _card_source(
        self, d: Deal, seat: int, pos: int, card: int, proof: list[str] | None
    ) -> bool:
        """Check that ``seat`` may play ``card`` from ``pos``; True when it was passed to it."""
        s = self._shadow(d)
        place = d.view.places()[pos]
        decl = s.declarer
        talon = pos in d.talon_pos and d.talon_done
        if pos in d.used:
            raise ProtocolError(Refusal.REPLAY, seq=pos)
        if place == seat or (talon and seat == decl):
            owner, passed = seat, False
        elif seat != decl and (place == decl or talon) and any(t == seat for _, t in s.gives):
            owner, passed = decl, True  # passed to seat (hidden), opened under the declarer's key
        else:
            raise ProtocolError(Refusal.ILLEGAL, seat=seat, action=f"pos {pos}")
        y = d.rec.value(pos, self.players)
        if y is None:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="card")
        if talon and s.talon_shown:
            ok = y == M.CARD_CODES[card]
        else:
            ok = proof is not None and M.verify(
                d.rec.publics[owner], y, M.CARD_CODES[card], (unhex(proof[0]), unhex(proof[1]))
            )
        if not ok:
            raise ProtocolError(Refusal.BAD_PROOF, seat=seat, what="card", pos=pos)
        if d.view.learn(pos, card):
            raise ProtocolError(Refusal.BAD_PROOF, seat=seat, what="card", pos=pos)
        return passed

    def _m_act(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        if self.stage is not Stage.PLAY:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="act")
        n = len(d.view.actions)
        if m["n"] < n:
            raise ProtocolError(Refusal.REPLAY, seq=m["seq"])
        s = self._shadow(d)
        if m["n"] > n or s.current_player() != seat or not self._ready():
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what=m["a"])
        text = m["a"]
        to = m.get("to", -1)
        if own:
            pass  # checked by _local_action
        elif text == HIDDEN_GIVE:
            if "to" not in m:
                raise ProtocolError(Refusal.MALFORMED, why="to")
        elif text == HIDDEN_ASIDE:
            if "to" in m:
                raise ProtocolError(Refusal.MALFORMED, why="to")
        else:
            try:
                a = A.action_from_str(text)
            except ValueError:
                raise ProtocolError(Refusal.MALFORMED, why="action") from None
            if A.is_aside(a) or (A.is_give(a) and not self.conv.open_discard):
                raise ProtocolError(Refusal.ILLEGAL, seat=seat, action=text)
            if A.is_play(a) or A.is_declare(a) or A.is_give(a):
                if "pos" not in m or A.action_str(a) != text:
                    raise ProtocolError(Refusal.MALFORMED, why="pos")
                snapshot = (list(d.view.cards), set(d.view.seen), dict(d.view.gives))
                try:
                    if A.is_give(a):  # open_discard: shown to all, from the declarer's cards
                        card = A.action_card(a)
                        self._card_source(d, seat, m["pos"], card, m.get("proof"))
                        shows = 1 << card
                    else:
                        shows = self._check_play(d, seat, m, a, A.played_card(a))
                    why = d.view.try_action(d.rec.claims, seat, text, to, shows)
                    if why:
                        raise ProtocolError(Refusal.ILLEGAL, seat=seat, action=text)
                except ProtocolError:
                    d.view.cards, d.view.seen, d.view.gives = snapshot
                    d.view._cache = None
                    raise
                self._acted(d, seat, m, text, to, n)
                return
        why = d.view.try_action(d.rec.claims, seat, text, to)
        if why:
            code = Refusal.OUT_OF_TURN if why == "turn" else Refusal.ILLEGAL
            raise ProtocolError(code, seat=seat, action=text)
        self._acted(d, seat, m, text, to, n)

    def _acted(self, d: Deal, seat: int, m: dict[str, Any], text: str, to: int, n: int) -> None:
        last = d.view.actions[-1][2]
        if A.is_give(last) and "pos" in m:  # open_discard: the receiver plays it by this proof
            card, got = divmod(last - A.GIVE_BASE, 4)
            proof = m.get("proof")
            d.view.learn_give(got, card)
            d.rec.received[got] = card
            d.given[got] = (m["pos"], card, (unhex(proof[0]), unhex(proof[1])) if proof else None)
        if (A.is_play(last) or A.is_declare(last)) and "pos" in m:
            d.used.add(m["pos"])
            d.used_at[n] = m["pos"]
        if self.undo_req is not None and seat not in self.bots:
            self._void_undo()  # a person acted: the table went on
        shown: int | None
        if text == HIDDEN_GIVE:
            mine = seat in self.local or to in self.local
            shown = A.give(d.view.gives[to], to) if mine and to in d.view.gives else None
        elif text == HIDDEN_ASIDE:
            aside = d.view.asides.get(n)
            shown = A.aside(aside) if seat in self.local and aside is not None else None
        else:
            shown = d.view.actions[-1][2]
        self.out.append(GameAdvanced(self.deal_no, n, seat, shown))
        self._after_action(d)

    def _check_play(self, d: Deal, seat: int, m: dict[str, Any], a: int, card: int) -> int:
        """Check a card's (and a marriage partner's) source; the mask of cards shown."""
        shows = 1 << card
        passed = self._card_source(d, seat, m["pos"], card, m.get("proof"))
        if passed:
            d.view.learn_give(seat, card)
        if A.is_declare(a):
            if card % 6 not in (KING, QUEEN) and not (card % 6 == ACE and self.conv.ace_marriage):
                raise ProtocolError(Refusal.ILLEGAL, seat=seat, action=m["a"])
            for i, partner in enumerate(partners(card), 2):
                if f"pos{i}" not in m:
                    raise ProtocolError(Refusal.ILLEGAL, seat=seat, action=m["a"])
                shows |= 1 << partner
                if self._card_source(d, seat, m[f"pos{i}"], partner, m.get(f"proof{i}")):
                    d.view.learn_give(seat, partner)
        return shows

    def _after_action(self, d: Deal) -> None:
        s = self._shadow(d)
        if s.is_terminal() or s.deal_no != self._shadow_start(d):
            self.stage = Stage.AUDIT
            d.audit_since = self.now
            self._void_undo()
            return
        if not d.talon_order and s.declarer >= 0 and s.phase not in (Phase.BIDDING, Phase.PICK):
            # the declarer took the talon (with 2 players the one it picked): open it
            # (to all, or on 100 to the declarer); the other talon stays shut
            places = d.view.places()
            which = M.TALON
            picks = [a for _, _, a in d.view.actions if a in (A.pick(0), A.pick(1))]
            if picks and picks[-1] == A.pick(1):
                which = M.TALON2
            d.talon_pos = tuple(p for p, h in enumerate(places) if h == which)
            others = tuple(x for x in range(self.players) if x != s.declarer)
            d.talon_order = (*others, s.declarer) if s.talon_shown else others

    def _m_sealed(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        s = self._shadow(d)
        to = m["to"]
        last = d.view.actions[-1] if d.view.actions else None
        if last is None or last[0] != seat or last[1] != HIDDEN_GIVE or last[2] != to:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="sealed")
        if to not in d.keys:
            return
        data = M.unseal(d.keys[to], unhex(m["r"]), bytes.fromhex(m["ct"]), bytes.fromhex(m["tag"]))
        try:
            note: Any = json.loads(data.decode()) if data else None
            pos, card, proof = int(note["pos"]), int(note["card"]), note["proof"]
            if not (0 <= pos < 24 and 0 <= card < 24):
                raise ValueError
        except (ValueError, TypeError, KeyError, AttributeError, UnicodeDecodeError):
            raise ProtocolError(Refusal.BAD_PROOF, seat=seat, what="sealed") from None
        place = d.view.places()[pos]
        y = d.rec.value(pos, self.players)
        talon = pos in d.talon_pos
        if y is None or not (place == s.declarer or talon):
            raise ProtocolError(Refusal.BAD_PROOF, seat=seat, what="sealed", pos=pos)
        if talon and s.talon_shown:
            ok = y == M.CARD_CODES[card]
        else:
            ok = proof is not None and M.verify(
                d.rec.publics[seat], y, M.CARD_CODES[card], (unhex(proof[0]), unhex(proof[1]))
            )
        if not ok or d.view.learn(pos, card):
            raise ProtocolError(Refusal.BAD_PROOF, seat=seat, what="sealed", pos=pos)
        d.view.learn_give(to, card)
        d.rec.received[to] = card
        d.given[to] = (pos, card, (unhex(proof[0]), unhex(proof[1])) if proof else None)

    def _local_action(self, ev: LocalAction) -> None:
        d = self.deal
        if d is None or self.stage is not Stage.PLAY or ev.seat not in self.local:
            raise ProtocolError(Refusal.NOT_NOW, what="action")
        if ev.version is not None and ev.version != self.version():
            raise ProtocolError(Refusal.STALE, deal=ev.version[0], now=self.deal_no)
        s = self._shadow(d)
        if s.current_player() != ev.seat or not self._ready():
            raise ProtocolError(Refusal.NOT_NOW, what="turn")
        if self.undo_req is not None and ev.seat not in self.bots:
            raise ProtocolError(Refusal.NOT_NOW, what="undo")  # answer the undo first
        a = ev.action
        if not self._allowed(s, a):
            raise ProtocolError(Refusal.ILLEGAL, seat=ev.seat, action=a)
        if a == A.LOOK and d.dark and not d.first_open:
            self._open_own(d, only=ev.seat)  # its own view needs its cards before it looks
            s = self._shadow(d)
        seat, n = ev.seat, len(d.view.actions)
        body: dict[str, Any] = {"deal": self.deal_no, "n": n}
        if A.is_aside(a):  # 2 players: a card set aside, seen by the declarer only
            d.hidden.setdefault(seat, []).append((n, A.action_str(a)))
            d.view.asides[n] = A.action_card(a)
            self._say("act", seat, **body, a=HIDDEN_ASIDE)
            return
        if A.is_give(a) and self.conv.open_discard:  # shown to everybody, with its proof
            body.update(self._card_fields(d, seat, A.action_card(a), ""))
            self._say("act", seat, **body, a=A.action_str(a))
            return
        if A.is_give(a):
            card, to = divmod(a - A.GIVE_BASE, 4)
            pos = d.view.cards.index(card)
            proof = self._proof(d, seat, pos)
            d.hidden.setdefault(seat, []).append((n, A.action_str(a)))
            d.view.learn_give(to, card)
            self._say("act", seat, **body, a=HIDDEN_GIVE, to=to)
            note = json.dumps({"pos": pos, "card": card, "proof": proof}).encode()
            gr, ct, tag = M.seal(d.rec.publics[to], note, self.rng)
            self._say(
                "sealed", seat, deal=self.deal_no, to=to, r=hx(gr), ct=ct.hex(), tag=tag.hex()
            )
            return
        if A.is_play(a) or A.is_declare(a):
            card = A.played_card(a)
            body.update(self._card_fields(d, seat, card, ""))
            if A.is_declare(a):
                for i, partner in enumerate(partners(card), 2):
                    body.update(self._card_fields(d, seat, partner, str(i)))
        self._say("act", seat, **body, a=A.action_str(a))

    def _allowed(self, s: State, a: int) -> bool:
        """Whether this peer's seat may take ``a`` now (the engine's word)."""
        return a in s.legal_actions()

    def _proof(self, d: Deal, owner: int, pos: int) -> list[str] | None:
        if pos in d.talon_pos and self._shadow(d).talon_shown:
            return None
        y = d.rec.value(pos, self.players)
        assert y is not None
        c, s = M.prove(d.keys[owner], y, self.rng)
        return [hx(c), hx(s)]

    def _card_fields(self, d: Deal, seat: int, card: int, suffix: str) -> dict[str, Any]:
        pos = d.view.cards.index(card)
        got = d.given.get(seat)
        if got is not None and got[0] == pos:
            proof = [hx(got[2][0]), hx(got[2][1])] if got[2] else None
        else:
            proof = self._proof(d, seat, pos)
        out: dict[str, Any] = {"pos" + suffix: pos}
        if proof is not None:
            out["proof" + suffix] = proof
        return out

    # -- what this peer's seats owe ----------------------------------------------------------

    def _owe(self) -> bool:
        """Queue the next message one of this peer's seats owes; False: none."""
        if self.stage is Stage.DRAW:
            for s in sorted(self.local):
                if s not in self.commits:
                    r = self.rng.getrandbits(256)
                    self.draw_values[s] = r
                    self._say("commit", s, deal=1, h=M.commitment(r))
                    return True
            if len(self.commits) == self.players:
                for s in sorted(self.local):
                    if s not in self.opens:
                        self._say("open", s, deal=1, r=hx(self.draw_values[s]))
                        return True
            return False
        d = self.deal
        if d is None:
            return False
        rec = d.rec
        if self.stage is Stage.SETUP:
            for s, k in d.keys.items():
                if s not in rec.publics:
                    self._say("key", s, deal=self.deal_no, h=hx(k.public))
                    return True
            stage = len(rec.decks)
            if len(rec.publics) == self.players and stage < self.players and stage in d.keys:
                src = rec.decks[stage - 1] if stage else list(M.CARD_CODES)
                deck = M.shuffle(src, d.keys[stage], self.rng)
                self._say(
                    "deck", stage, deal=self.deal_no, stage=stage, cards=[hx(x) for x in deck]
                )
                return True
            if stage == self.players and not d.cut_settled:
                return self._owe_cut(d)
            if stage == self.players and d.rounds < self.players and d.rounds in d.keys:
                seat = d.rounds
                items = [
                    [p, hx(M.decrypt(rec.value(p, self.players) or 0, d.keys[seat]))]
                    for p in self._share_targets(d, seat)
                ]
                self._say("shares", seat, deal=self.deal_no, part="deal", items=items)
                return True
            if d.rounds == self.players:
                first = (rec.dealer + 1) % self.players
                for s in self._holders(rec.dealer):
                    if d.dark and s == first:
                        continue  # it has not seen its cards: it claims once it looks
                    if s in d.keys and s not in rec.claims:
                        hand = sum(
                            1 << d.view.cards[p] for p, h in enumerate(d.view.places()) if h == s
                        )
                        self._say(
                            "claim",
                            s,
                            deal=self.deal_no,
                            why=CLAIM if hand_redeal(self.conv, hand, s == first) else "",
                        )
                        return True
            return False
        if self.stage is Stage.PLAY:
            first = self._first(d)
            if d.dark and first in d.keys and not d.first_open and self._shadow(d).looked:
                self._open_own(d, only=first)  # it looked (or plays on after the dark)
            if self._look_claim_due(d) and first in d.keys:
                hand = sum(
                    1 << d.view.cards[p] for p, h in enumerate(d.view.places()) if h == first
                )
                why = CLAIM if hand_redeal(self.conv, hand, True) else ""
                self._say("claim", first, deal=self.deal_no, why=why)
                return True
            for r in self._after_due(d):
                if r in d.keys and r in d.view.gives:  # it knows the card it received
                    own = {d.view.cards[p] for p, h in enumerate(d.view.places()) if h == r}
                    hand = sum(1 << c for c in own | {d.view.gives[r]})
                    four = hand & NINES_MASK == NINES_MASK
                    self._say("claim", r, deal=self.deal_no, why=CLAIM if four else "", after=True)
                    return True
            if d.talon_order and not d.talon_done:
                seat = d.talon_order[d.talon_rounds]
                if seat in d.keys:
                    items = [
                        [p, hx(M.decrypt(rec.value(p, self.players) or 0, d.keys[seat]))]
                        for p in d.talon_pos
                    ]
                    self._say("shares", seat, deal=self.deal_no, part="talon", items=items)
                    return True
                return False
            if self._ready():
                self._ask_bots(d)
            return False
        if self.stage is Stage.AUDIT:
            for s, k in d.keys.items():
                if s not in d.revealed:
                    self._say(
                        "reveal",
                        s,
                        deal=self.deal_no,
                        d=hx(k.d),
                        hidden=[list(x) for x in d.hidden.get(s, [])],
                    )
                    return True
        return False

    # -- alarms and the audit ----------------------------------------------------------------

    def _raise_alarm(self, accused: int | None) -> None:
        """A proof failed: everyone reveals now. A card proof that fails names its
        sender (anyone can check it); a share that opens to no card names nobody
        (the audit finds who lied)."""
        d = self.deal
        if d is None or self.stage in (Stage.AUDIT, Stage.HALTED, Stage.OVER):
            return
        seat = min(self.local) if self.local else 0
        extra = {} if accused is None else {"seat": accused}
        self._say("alarm", seat, deal=self.deal_no, code="bad_proof", **extra)

    def _m_alarm(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        if self.stage in (Stage.SETUP, Stage.PLAY):
            d.alarm = seat
            d.accused = m.get("seat")
            d.audit_since = self.now
            self.stage = Stage.AUDIT
            self._void_undo()

    def _audit_overdue(self) -> None:
        """The audit (a deal's end, or an alarm's) waits for every seat's key; a page
        that stays silent while connected (a cheat would show in its key) is named
        for it and the table stops (``halt``), so no honest page waits with nothing
        to do. A page whose link is lost is waited for, as in play."""
        d = self.deal
        if d is None or self.stage is not Stage.AUDIT or d.audit_since < 0:
            return
        silent = self._silent(d)
        if silent:
            self._cheat([Finding(s, self.deal_no, -1, "silent") for s in silent])

    def _m_reveal(self, d: Deal, seat: int, m: dict[str, Any], own: bool) -> None:
        if self.stage is not Stage.AUDIT or seat in d.revealed:
            raise ProtocolError(Refusal.OUT_OF_TURN, seat=seat, what="reveal")
        hidden = [(k, str(t)) for k, t in m["hidden"]]
        d.revealed[seat] = (unhex(m["d"]), hidden)
        if len(d.revealed) == self.players:
            self._finish_deal(d)

    def _finish_deal(self, d: Deal) -> None:
        d.rec.actions = list(d.view.actions)
        result: AuditResult = audit(self.conv, self.base, self.last, d.rec, d.revealed)
        found = result.findings
        if d.alarm is not None:
            found = [f for f in found if f.what not in ("unfinished",)]
            if not found and d.accused is not None:
                n = len(d.view.actions)
                found = [Finding(d.accused, self.deal_no, n, "proof", (("by", d.alarm),))]
            elif not found:
                found = [Finding(d.alarm, self.deal_no, -1, "alarm")]
        if found:
            self._cheat(found)
            return
        assert result.state is not None and result.before_last is not None
        self.audited = (self.base, self.last, d.rec, d.revealed)
        self.game = result.state
        self.base, self.last = result.before_last, result.last
        self.out.append(DealAudited(self.deal_no))
        if self.game.is_terminal():
            self.stage = Stage.OVER
            rec = self.record()
            assert rec is not None
            self.final_hash = record_hash(rec)
            self.out.append(GameOver(self.final_hash))
            for s in sorted(self.local - self.bots):
                self._say("done", s, hash=self.final_hash)
            return
        probe = self.base.clone()
        assert self.last is not None
        probe.apply_action(self.last)
        self._new_deal(probe.dealer)

    def _cheat(self, found: list[Finding]) -> None:
        """Report the findings and stop; tell the table (``halt``) so every page stops."""
        already = self.stage is Stage.HALTED
        if not already and found[0].seat >= 0:
            self.halt_seat = found[0].seat
        self.findings.extend(found)
        self.out.extend(CheatFound(f) for f in found)
        self._stop()
        if not already and self.local:
            f = found[0]
            self._say("halt", min(self.local), what=f.what, seat=f.seat)

    def _stop(self) -> None:
        self.stage = Stage.HALTED
        self._queue.clear()


#: The table's messages: a message's type to the method that applies it.
MESSAGES: dict[str, Callable[[Peer, int, dict[str, Any], bool], None]] = {
    "welcome": Peer._m_welcome,
    "table": Peer._m_table,
    "commit": Peer._m_draw,
    "open": Peer._m_draw,
    "done": Peer._m_done,
    "seat": Peer._m_seat,
    "end": Peer._m_end,
    "link": Peer._m_link,
    "halt": Peer._m_halt,
}

#: The deal's messages: applied to the deal in play, when the message is for it.
DEAL_MESSAGES: dict[str, Callable[[Peer, Deal, int, dict[str, Any], bool], None]] = {
    "key": Peer._m_key,
    "deck": Peer._m_deck,
    "cut": Peer._m_cut,
    "shares": Peer._m_shares,
    "claim": Peer._m_claim,
    "act": Peer._m_act,
    "sealed": Peer._m_sealed,
    "alarm": Peer._m_alarm,
    "reveal": Peer._m_reveal,
    "undo": Peer._m_undo,
    "undo_ok": Peer._m_undo_ok,
}


def partners(card: int) -> list[int]:
    """The cards a marriage led with ``card`` shows beside it: the king's queen or the
    queen's king; with ``ace_marriage`` an ace's three other aces."""
    suit, rank = divmod(card, 6)
    if rank == ACE:
        return [6 * x + ACE for x in range(4) if x != suit]
    return [6 * suit + (QUEEN if rank == KING else KING)]


def step(peer: Peer, event: Event) -> tuple[Peer, list[Output]]:
    """The one door: apply ``event`` to ``peer``; the peer and the outputs to carry out."""
    return peer, peer.handle(event)
