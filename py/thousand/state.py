"""The game of 1000 (Тысяча) for 2, 3 and 4 players as an OpenSpiel-style state.

Rules: ``docs/RULES.md`` (the §-numbers below) with every convention of
``docs/CONVENTIONS.md`` (named by id). A ``Game`` holds the conventions; a ``State``
is one whole game: ``current_player()``, ``legal_actions()``,
``apply_action(a)``, ``is_terminal()``, ``returns()``, ``clone()`` and
``observation(seat)``. Deals follow each other inside one state: when a deal
ends it is scored onto the sheet and the next one is dealt at once (from the
injected ``random.Random``, or from an explicit deal queued with
``queue_deal``), so a state is never between deals.

Choices the rules leave open, as implemented here:

* The cut (``cut_ritual``): the cutter is the seat to the dealer's right; the
  dealer always asks for a re-cut when the bottom card is a nine; the third
  nine in a row costs the cutter ``penalty``.
* A barrel player who fails their own contract loses it and leaves the
  barrel; every departure from the barrel without winning (attempts used up,
  knocked off, arriving together, failing a contract, a penalty) is a failed
  barrel (``three_barrels_zero`` counts them).
* Concession is offered to the declarer after taking the talon (before the
  first card is passed) and again at the final contract.
* ``write_off_third_penalty`` costs ``penalty`` on every third concession.
* Several players reaching the target in one deal: the highest total wins,
  ties go to the declarer, then in seat order from first hand.
* A bomb (``bombs``) is offered at the same two moments as a concession, also
  when ``write_off`` is off and on the barrel, never in a golden deal or a dark
  game; it is not a concession (``write_off_limit`` and
  ``write_off_third_penalty`` do not count it); the deal passes to the left.
* ``barrel_mode`` = ``declarer_only``: a player is on the barrel for a deal when
  the total at its start lies from ``barrel_at`` up to the target; there is no
  barrel contract, no cap, no count of deals and no failed barrel.
* ``barrel_freezes_defenders``: a second player on the barrel stands still with
  the others, so that deal does not count as one of their deals on the barrel.
* ``bid_step`` 10: the unblinding bid is 130, a barrel contract is rounded up
  to the step (``over_1000`` from 880: 130).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from . import actions as A
from . import rules
from .cards import (
    ACE,
    ACE_MARRIAGE,
    ACE_MARRIAGE_VALUE,
    BIT,
    MARRIAGE_VALUE,
    NINE,
    NINES_MASK,
    POINTS,
    SUIT_SYMBOLS,
    cards_list,
    cards_mask,
    cards_tuple,
    marriage_total,
    mask_points,
    mask_str,
    trick_winner_card,
)
from .conventions import Conventions
from .duties import declaring_leads, follow_mask, lead_mask
from .phase import Phase as Phase  # re-exported: thousand.state.Phase
from .refusals import why_illegal
from .scoring import DealFacts, Standing, reached_target, score_deal, score_redeal
from .sheet import SheetRow


class IllegalActionError(ValueError):
    """An action that the rules do not allow now; the message says why."""


def shuffled_deal(
    conventions: Conventions, dealer: int, rng: random.Random
) -> tuple[list[int], Any, int]:
    """The hands, talon and cut nines that ``rng`` deals from ``dealer`` (§3, §8, §11).

    The one shuffle of the engine: a new deal, and ``thousand.fair`` checking that a
    deal came from its seed.
    """
    c, n = conventions, conventions.players
    cut_nines = 0
    # A uniform shuffle: sort by 24 random keys (C-level, unlike random.shuffle).
    rand = rng.random
    keys = [rand() for _ in range(24)]
    deck = sorted(range(24), key=keys.__getitem__)
    if c.cut_ritual:
        # cut_ritual: a nine at the bottom after the cut is cut again.
        for _ in range(3):
            k = rng.randrange(1, 24)
            deck = deck[k:] + deck[:k]
            if deck[-1] % 6 != NINE:
                break
            cut_nines += 1
    hands = [0] * n
    # Round the table from the dealer's left, a card at a time (§3); the
    # 4-player dealer sits out on the talon (§8).
    act = _seating(n, dealer)[1]
    k = len(act)
    talon: Any
    if n == 2:
        talon = (BIT[deck[0]] | BIT[deck[1]], BIT[deck[2]] | BIT[deck[3]])
        rest = deck[4:]
    else:
        talon = BIT[deck[0]] | BIT[deck[1]] | BIT[deck[2]]
        rest = deck[3:]
    bit = BIT.__getitem__
    for j in range(k):
        hands[act[j]] = sum(map(bit, rest[j::k]))
    return hands, talon, cut_nines


class GameOverError(ValueError):
    """A deal asked for after the game's end (RULES §9: a total has reached the
    target); the message says whose total."""


# Module constants for the phases: on CPython 3.11 ``Phase.PLAY`` is a slow class
# attribute lookup (about 130 ns), a global is about 10 ns.
_DARK = Phase.DARK
_REDEAL = Phase.REDEAL
_BIDDING = Phase.BIDDING
_PICK = Phase.PICK
_DISCARD = Phase.DISCARD
_CONTRACT = Phase.CONTRACT
_PLAY = Phase.PLAY
_GAME_OVER = Phase.GAME_OVER
_DECLARE_BASE = A.DECLARE_BASE


@dataclass(frozen=True)
class Observation:
    """What one seat may know: its own cards and everything public."""

    seat: int
    players: int
    phase: Phase
    current_player: int
    dealer: int
    first_hand: int
    active: tuple[int, ...]
    hand: int
    hand_sizes: tuple[int, ...]
    looked: bool
    talon: int | None
    talon_size: int
    bids: tuple[tuple[int, int], ...]
    high_bid: int
    high_seat: int
    declarer: int
    bid: int
    contract: int
    dark: bool
    golden: bool
    on_100: bool
    received: tuple[tuple[int, int], ...]
    known_gives: tuple[tuple[int, int], ...]
    aside: int | None
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[int, tuple[tuple[int, int], ...], int], ...]
    trump: int
    trump_seat: int
    marriages: tuple[tuple[int, int], ...]
    tricks_won: tuple[int, ...]
    points_taken: tuple[int, ...]
    played: int
    totals: tuple[int, ...]
    bolt_counts: tuple[int, ...]
    on_barrel: tuple[int, ...]
    writeoffs: tuple[int, ...]
    bombs: tuple[int, ...]  # bombs thrown per seat so far (``bombs``)
    sheet: tuple[SheetRow, ...]
    legal_actions: tuple[int, ...]
    conventions: Conventions
    winner: int | None
    barrel_falls: tuple[int, ...]  # failed barrels per seat so far (RULES §9)
    cut_nines: int = 0  # cut_ritual: the nines the cutter brought to the bottom this deal


def deal_problem(players: int, dealer: int, hands: list[int], talon: Any) -> str | None:
    """Why a deal is not a deal of 1000 for ``players`` (None when it is).

    Hands of 7 (the 4-player dealer: 0) and a 3-card talon, or with 2 players
    hands of 10 and two 2-card talons; all 24 cards exactly once.
    """
    if type(dealer) is not int or not 0 <= dealer < players:
        return f"dealer must be a seat from 0 to {players - 1}"
    if not isinstance(hands, (list, tuple)) or len(hands) != players:
        return f"hands must list {players} hands"
    if not all(type(h) is int and 0 <= h < 1 << 24 for h in hands):
        return "each hand must be a set of cards"
    if players == 2:
        if not isinstance(talon, (tuple, list)) or len(talon) != 2:
            return "talon must be two 2-card talons for 2 players"
        if not all(type(x) is int and 0 <= x < 1 << 24 for x in talon):
            return "each talon must be a set of cards"
        talons = [int(x) for x in talon]
        sizes = [10, 10]
        tsizes = [2, 2]
    else:
        if type(talon) is not int or not 0 <= talon < 1 << 24:
            return "the talon must be a set of cards"
        talons = [talon]
        sizes = [0 if (players == 4 and s == dealer) else 7 for s in range(players)]
        tsizes = [3]
    for s in range(players):
        if hands[s].bit_count() != sizes[s]:
            return f"hand {s} must hold {sizes[s]} cards"
    for k, t in enumerate(talons):
        if t.bit_count() != tsizes[k]:
            return f"talon must hold {tsizes[k]} cards"
    union = 0
    total = 0
    for m in [*hands, *talons]:
        union |= m
        total += m.bit_count()
    if total != 24 or union.bit_count() != 24:
        return "the hands and talon must hold all 24 cards once each"
    return None


_SEATINGS: dict[tuple[int, int], tuple[int, tuple[int, ...], tuple[int, ...]]] = {}


def _seating(n: int, dealer: int) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    """(first hand, active seats from first hand, next-active-seat table) for a deal."""
    key = (n, dealer)
    got = _SEATINGS.get(key)
    if got is None:
        active = tuple((dealer + 1 + i) % n for i in range(3 if n == 4 else n))
        nxt = [-1] * n
        for i, seat in enumerate(active):
            nxt[seat] = active[(i + 1) % len(active)]
        got = _SEATINGS[key] = ((dealer + 1) % n, active, tuple(nxt))
    return got


class Game:
    """The game's parameters: the conventions in force."""

    def __init__(self, conventions: Conventions | None = None) -> None:
        self.conventions = conventions or Conventions()
        self.players = self.conventions.players

    def new_initial_state(
        self, rng: random.Random | None = None, dealer: int | None = None
    ) -> State:
        """A new game; the first dealer is drawn at random unless given (§2)."""
        return State(self.conventions, rng or random.Random(), dealer=dealer)


class State:
    """A whole game of 1000 in progress."""

    __slots__ = (
        "_log",
        "_nlog",
        "_rows",
        "_rows_t",
        "active",
        "aside",
        "bid",
        "bids",
        "contract",
        "conv",
        "cur",
        "cut_nines",
        "dark",
        "deal_actions",
        "deal_info",
        "deal_no",
        "dealer",
        "dealt_hands",
        "declarer",
        "first",
        "gives",
        "golden_deal",
        "hands",
        "high",
        "high_seat",
        "lcache",
        "leader",
        "looked",
        "mar",
        "marriages",
        "n",
        "n_rows",
        "nines_bonus",
        "nxt",
        "on_100",
        "orig_talon",
        "passed",
        "phase",
        "played",
        "pts",
        "queue",
        "raised",
        "redeal_queue",
        "rng",
        "standing",
        "start_totals",
        "talon",
        "talon_shown",
        "talons",
        "trick",
        "trick_seats",
        "tricks",
        "tricks_won",
        "trump",
        "trump_seat",
        "winner",
    )
    conv: Conventions
    n: int
    rng: random.Random
    standing: Standing  # totals, bolts, barrel, concessions (immutable; see scoring)
    start_totals: tuple[int, ...]  # the totals the game started from (records keep them)
    _rows: list[SheetRow]
    _rows_t: tuple[SheetRow, ...] | None
    n_rows: int
    deal_no: int
    dealer: int
    winner: int | None
    _log: list[dict[str, Any]]
    _nlog: int
    queue: list[tuple[int, list[int], Any, int]]
    deal_info: dict[str, Any]
    deal_actions: list[int]
    phase: Phase
    cur: int
    first: int
    nxt: tuple[int, ...]
    active: tuple[int, ...]
    hands: list[int]
    talon: int
    talons: tuple[int, int]
    orig_talon: int
    dark: bool
    looked: bool
    golden_deal: bool
    high: int
    high_seat: int
    passed: int
    raised: bool
    bids: list[tuple[int, int]]
    redeal_queue: list[int]
    declarer: int
    contract: int
    bid: int
    on_100: bool
    talon_shown: bool
    gives: list[tuple[int, int]]
    aside: int
    trick: list[int]
    trick_seats: list[int]
    leader: int
    trump: int
    trump_seat: int
    tricks_won: list[int]
    pts: list[int]
    mar: list[int]
    marriages: list[tuple[int, int]]
    played: int
    tricks: list[tuple[int, tuple[tuple[int, int], ...], int]]
    nines_bonus: int
    cut_nines: int
    dealt_hands: tuple[int, ...]
    lcache: list[int] | None  # legal actions of this position (never handed out)

    def __init__(
        self,
        conventions: Conventions,
        rng: random.Random,
        dealer: int | None = None,
        totals: list[int] | None = None,
        deal: tuple[Any, ...] | None = None,
    ) -> None:
        c = self.conv = conventions
        n = self.n = c.players
        self.rng = rng
        if totals is not None and (
            len(totals) != n or not all(type(t) is int and abs(t) < 100_000 for t in totals)
        ):
            raise ValueError(f"totals must list {n} whole numbers")
        if totals is not None and (reached := reached_target(c, totals)):
            # §9 a total at the target ends the game: no deal is played after it.
            raise GameOverError(
                f"the game is over: seat {reached[0]} has {totals[reached[0]]}, "
                f"the target is {c.target}"
            )
        self.standing = Standing.start(c, totals)
        self.start_totals = self.standing.totals
        self._rows = []
        self._rows_t = ()
        self.n_rows = 0
        self.deal_no = 0
        self.winner = None
        self._log = []
        self._nlog = 0
        self.queue: list[tuple[int, list[int], Any, int]] = []
        self.dealer = rng.randrange(n) if dealer is None else dealer
        if deal is not None:
            self.queue.append((self.dealer, deal[0], deal[1], deal[2] if len(deal) > 2 else 0))
        self._start_deal()

    @classmethod
    def from_deal(
        cls,
        conventions: Conventions,
        dealer: int,
        hands: list[Any],
        talon: Any,
        totals: list[int] | None = None,
        rng: random.Random | None = None,
    ) -> State:
        """A game whose first deal is given explicitly (tests, explainer embeds).

        ``hands`` holds a card mask (or a list of notation strings) per seat, the
        4-player dealer's empty; ``talon`` a mask or list (2 players: a pair of them).
        Starting ``totals`` in which a seat has reached the target are refused with
        ``GameOverError`` (§9: the game is over, as a record refuses a deal after its
        end).
        """

        def m(x: Any) -> int:
            return x if isinstance(x, int) else cards_mask(x)

        try:
            hs = [m(h) for h in hands]
            tal: Any = (m(talon[0]), m(talon[1])) if conventions.players == 2 else m(talon)
        except (TypeError, ValueError, IndexError, KeyError) as e:
            raise ValueError(f"not a deal: {e}") from None
        problem = deal_problem(conventions.players, dealer, hs, tal)
        if problem:
            raise ValueError(problem)
        return cls(
            conventions, rng or random.Random(0), dealer=dealer, totals=totals, deal=(hs, tal)
        )

    # -- OpenSpiel-style API ------------------------------------------------

    def current_player(self) -> int:
        """The seat to act, or -4 when the game is over."""
        return self.cur

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self.phase is _GAME_OVER

    def returns(self) -> list[int]:
        """The running totals (final when terminal)."""
        return list(self.standing.totals)

    # The standing's counters as lists (copies), for callers and tests.
    @property
    def totals(self) -> list[int]:
        """The running totals."""
        return list(self.standing.totals)

    @property
    def bolt_count(self) -> list[int]:
        """Bolt marks per seat not yet turned into a penalty."""
        return list(self.standing.bolt_count)

    @property
    def on_barrel(self) -> list[int]:
        """Per seat: deals played on the barrel + 1 (0: not on it)."""
        return list(self.standing.on_barrel)

    @property
    def writeoffs(self) -> list[int]:
        """Concessions per seat so far."""
        return list(self.standing.writeoffs)

    @property
    def bombs(self) -> list[int]:
        """Bombs thrown per seat so far (``bombs``)."""
        return list(self.standing.bombs)

    @property
    def barrel_falls(self) -> list[int]:
        """Failed barrels per seat so far."""
        return list(self.standing.barrel_falls)

    def clone(self) -> State:
        """A cheap independent copy (shares the random generator and past rows)."""
        s = State.__new__(State)
        s.conv = self.conv
        s.n = self.n
        s.rng = self.rng
        s.standing = self.standing
        s.start_totals = self.start_totals
        s._rows = self._rows  # shared, append-only (see _add_row)
        s._rows_t = self._rows_t
        s.n_rows = self.n_rows
        s.deal_no = self.deal_no
        s.dealer = self.dealer
        s.winner = self.winner
        s._log = self._log  # shared, append-only (see _close_log)
        s._nlog = self._nlog
        s.queue = self.queue[:]
        s.deal_info = self.deal_info
        s.deal_actions = self.deal_actions[:]
        s.phase = self.phase
        s.cur = self.cur
        s.first = self.first
        s.active = self.active
        s.nxt = self.nxt
        s.hands = self.hands[:]
        s.talon = self.talon
        s.talons = self.talons
        s.orig_talon = self.orig_talon
        s.dark = self.dark
        s.looked = self.looked
        s.golden_deal = self.golden_deal
        s.high = self.high
        s.high_seat = self.high_seat
        s.passed = self.passed
        s.raised = self.raised
        s.bids = self.bids[:]
        s.redeal_queue = self.redeal_queue[:]
        s.declarer = self.declarer
        s.contract = self.contract
        s.bid = self.bid
        s.on_100 = self.on_100
        s.talon_shown = self.talon_shown
        s.gives = self.gives[:]
        s.aside = self.aside
        s.trick = self.trick[:]
        s.trick_seats = self.trick_seats[:]
        s.leader = self.leader
        s.trump = self.trump
        s.trump_seat = self.trump_seat
        s.tricks_won = self.tricks_won[:]
        s.pts = self.pts[:]
        s.mar = self.mar[:]
        s.marriages = self.marriages[:]
        s.played = self.played
        s.tricks = self.tricks[:]
        s.nines_bonus = self.nines_bonus
        s.cut_nines = self.cut_nines
        s.dealt_hands = self.dealt_hands
        s.lcache = self.lcache
        return s

    def queue_deal(self, dealer: int, hands: list[int], talon: Any, cut_nines: int = 0) -> None:
        """Deal these cards next instead of shuffling (record replay).

        ``hands`` and ``talon`` are card masks as in ``from_deal``; a deal that is
        not a deal of 1000 for this table raises ``ValueError`` at once.
        """
        if isinstance(talon, list):
            talon = tuple(talon)
        problem = deal_problem(self.n, dealer, hands, talon)
        if problem:
            raise ValueError(problem)
        if type(cut_nines) is not int or not 0 <= cut_nines <= 3:
            raise ValueError("cut_nines must be 0 to 3")
        self.queue.append((dealer, list(hands), talon, cut_nines))

    # -- dealing ----------------------------------------------------------

    def _start_deal(self) -> None:
        """Deal (§3, §11, four players §8) and open the first phase."""
        c, n = self.conv, self.n
        self.deal_no += 1
        dealer = self.dealer
        cut_nines = 0
        if self.queue:
            qd, hands, talon, cut_nines = self.queue.pop(0)
            self.dealer = dealer = qd
            hands = list(hands)
        else:
            hands, talon, cut_nines = shuffled_deal(c, dealer, self.rng)
        # §2 first hand: the dealer's left; nxt: the next active seat clockwise.
        self.first, self.active, self.nxt = _seating(n, dealer)
        self.hands = hands
        self.dealt_hands = tuple(hands)
        if n == 2:
            self.talons = talon
            self.talon = 0
            self.orig_talon = talon[0] | talon[1]
        else:
            self.talons = (0, 0)
            self.talon = talon
            self.orig_talon = talon
        self.cut_nines = cut_nines
        self.deal_info = {
            "dealer": dealer,
            "hands": self.dealt_hands,
            "talon": talon,
            "cut": cut_nines,
        }
        self.deal_actions = []
        self.dark = False
        self.looked = True
        self.golden_deal = self.standing.golden_left > 0
        self.high = 100
        self.high_seat = self.first
        self.passed = 0
        self.raised = False
        self.bids = []
        self.redeal_queue = []
        self.declarer = -1
        self.contract = 0
        self.bid = 0
        self.on_100 = False
        self.talon_shown = False
        self.gives = []
        self.aside = 0
        self.trick = []
        self.trick_seats = []
        self.leader = -1
        self.trump = -1
        self.trump_seat = -1
        self.tricks_won = [0] * n
        self.pts = [0] * n
        self.mar = [0] * n
        self.marriages = []
        self.played = 0
        self.tricks = []
        self.nines_bonus = 0
        self.lcache = None
        self._open_deal()

    def _barrel_seat_in(self) -> int:
        """The first active seat (from first hand) that sits on the barrel, or -1."""
        for s in self.active:
            if self.standing.on_barrel[s]:
                return s
        return -1

    def _dark_allowed(self) -> bool:
        """dark_game and its limits (dark_not_on_barrel, dark_min_total)."""
        c = self.conv
        if not c.dark_game or self.golden_deal:
            return False
        if c.dark_not_on_barrel and any(self.standing.on_barrel):
            return False
        if c.barrel and c.barrel_bidding == "talon_to_barrel" and self._barrel_seat_in() >= 0:
            return False
        return c.dark_min_total is None or self.standing.totals[self.first] >= c.dark_min_total

    def _open_deal(self) -> None:
        """The first decision of a deal: dark, redeal requests, or bidding."""
        if self._dark_allowed():
            self.looked = False
            self.phase = _DARK
            self.cur = self.first
            return
        self._open_redeal_checks()

    def _open_redeal_checks(self) -> None:
        """§4: every seat whose hand qualifies is asked, from first hand on."""
        self.redeal_queue = [
            s for s in self.active if (s != self.first or self.looked) and self._hand_redeal(s)
        ]
        self._next_redeal_or_bidding()

    def _hand_redeal(self, seat: int) -> str:
        """§4 redeal before bidding: why the hand allows one, or "" (``rules``)."""
        return rules.hand_redeal(self.conv, self.hands[seat], seat == self.first)

    def _next_redeal_or_bidding(self) -> None:
        if self.redeal_queue:
            self.phase = _REDEAL
            self.cur = self.redeal_queue[0]
            return
        if self.declarer >= 0:  # checks after the discard: go on to the contract
            self._open_contract()
            return
        self._open_bidding()

    def _open_bidding(self) -> None:
        """§5 bidding, or a declarer fixed without bidding (golden round, barrel)."""
        c = self.conv
        if self.golden_deal:
            # golden_round: first hand must play 120 without bidding.
            self._set_declarer(self.first, 120, on_100=False)
            return
        bs = self._barrel_seat_in() if c.finish_barrel else -1
        if bs >= 0 and c.barrel_bidding == "talon_to_barrel":
            # barrel_bidding=talon_to_barrel: the talon goes to the barrel player.
            self._set_declarer(bs, c.barrel_need(), on_100=False)
            return
        if not self.dark:
            self.high = 100
            if bs == self.first and c.barrel_bidding == "from_120":
                self.high = c.barrel_need()  # from_120: first hand on the barrel holds 120
            self.high_seat = self.first
        self.phase = _BIDDING
        self.cur = self._next_bidder(self.first)
        if self.cur < 0:
            self._end_bidding()

    def _next_bidder(self, after: int) -> int:
        """The next seat after ``after`` that has not passed (-1 if only one remains)."""
        passed = self.passed
        if len(self.active) - passed.bit_count() <= 1:  # only active seats pass
            return -1
        nxt = self.nxt
        s = nxt[after]
        while passed >> s & 1:
            s = nxt[s]
        return s

    def seat_bid_limit(self, seat: int) -> int:
        """§5 the bid limit: 120 + marriages held, capped (``rules.bid_limit``)."""
        return rules.bid_limit(self.conv, self.hands[seat])

    # -- legal actions ----------------------------------------------------

    def legal_actions(self) -> list[int]:
        """The legal action ids for the current player (empty when the game is over)."""
        lc = self.lcache
        if lc is None:
            lc = self.lcache = self._legal()
        return lc[:]

    def _legal(self) -> list[int]:
        ph = self.phase
        if ph is _PLAY:
            return self._play_actions()
        if ph is _BIDDING:
            return self._bid_actions()
        if ph is _DISCARD:
            return self._discard_actions()
        if ph is _CONTRACT:
            return self._contract_actions()
        if ph is _REDEAL:
            return [A.REDEAL, A.KEEP]
        if ph is _DARK:
            return [A.DARK, A.LOOK]
        if ph is _PICK:
            return [A.PICK_BASE, A.PICK_BASE + 1]
        return []

    def _bid_actions(self) -> list[int]:
        c, seat = self.conv, self.cur
        if self.dark:
            # dark_unblind: an opponent holding a marriage may bid 125 (§10).
            if c.dark_unblind and self._may_unblind(seat):
                return [A.PASS, A.UNBLIND]
            return [A.PASS]
        if c.silence_below is not None and self.standing.totals[seat] < c.silence_below:
            return [A.PASS]  # silence_below: this player always passes
        lo = self.high + c.min_raise
        if c.barrel and c.barrel_bidding == "from_120" and self.standing.on_barrel[seat]:
            lo = max(lo, c.barrel_need())  # from_120: the barrel player bids from 120
        hi = self.seat_bid_limit(seat)
        out = [A.PASS]
        if lo <= hi:
            if c.no_jumps:
                out.append(A.BID_BASE + lo // 5)  # no_jumps: only the smallest raise
            else:
                # bid_step: multiples of the step (lo and hi are: see Conventions)
                out.extend(range(A.BID_BASE + lo // 5, A.BID_BASE + hi // 5 + 1, c.bid_step // 5))
        return out

    def _may_unblind(self, seat: int) -> bool:
        """dark_unblind: a marriage in the hand lets ``seat`` cancel a dark game."""
        return marriage_total(self.hands[seat]) > 0

    def _writeoff_allowed(self) -> bool:
        """§8 concession and its conventions (``rules.may_concede``)."""
        return rules.may_concede(
            self.conv,
            golden=self.golden_deal,
            dark=self.dark,
            barrel=self.standing.on_barrel,
            writeoffs=self.standing.writeoffs[self.declarer],
        )

    def _bomb_allowed(self) -> bool:
        """bombs: the declarer may throw one while bombs are left, never in a golden
        deal or a dark game; allowed on the barrel (offered where concession is)."""
        c = self.conv
        if not c.bombs or self.golden_deal or self.dark:
            return False
        return self.standing.bombs[self.declarer] < c.bombs

    def _talon_redeal(self) -> str:
        """§4 redeal after taking the talon (talon below, two nines: ``rules``; four
        nines in the declarer's hand): why the declarer may ask, or ""."""
        c = self.conv
        why = rules.talon_redeal(c, self.talon, self.on_100)
        four = (self.hands[self.declarer] & NINES_MASK).bit_count() == 4
        if not why and c.redeal_four_nines_after_discard and four:
            why = "four_nines"
        return why

    def _discard_actions(self) -> list[int]:
        hand = self.hands[self.cur]
        out: list[int] = []
        if not self.gives and not self.aside:
            if self._talon_redeal():
                out.append(A.REDEAL)
            if self._writeoff_allowed():
                out.append(A.WRITEOFF)
            if self._bomb_allowed():
                out.append(A.BOMB)
        cards = cards_tuple(hand)
        if self.n == 2:
            out.extend([A.ASIDE_BASE + c for c in cards])
            return out
        given_to = [s for _, s in self.gives]
        targets = [s for s in self.active if s != self.declarer and s not in given_to]
        base = A.GIVE_BASE
        out.extend([base + c * 4 + s for c in cards for s in targets])
        return out

    def contract_values(self) -> list[int]:
        """§6 final contract: at least the bid, up to the limit of the new hand."""
        c = self.conv
        lo = self.bid
        if self.golden_deal and not c.golden_raise:
            return [lo]  # golden_round: 120, raised only with golden_raise
        if c.finish_barrel and self.standing.on_barrel[self.declarer]:
            lo = max(lo, c.barrel_need())  # §9 the contract must reach the target
        hi = self.seat_bid_limit(self.declarer)
        if hi < lo:
            return [lo]
        return list(range(lo, hi + 1, c.bid_step))  # bid_step

    def _contract_actions(self) -> list[int]:
        out = [A.CONTRACT_BASE + v // 5 for v in self.contract_values()]
        if self._writeoff_allowed():
            out.append(A.WRITEOFF)
        if self._bomb_allowed():
            out.append(A.BOMB)
        return out

    def _play_masks(self) -> tuple[int, list[int]]:
        """§7 playable cards (a mask) and the cards that may be led declaring."""
        c = self.conv
        seat = self.cur
        hand = self.hands[seat]
        if not self.trick:
            plays = lead_mask(
                hand,
                self.trump,
                self.trump_seat == seat,
                c.must_lead_trump,
                c.no_lead_foreign_trump,
            )
            may_declare = bool(self.tricks_won[seat]) or c.declare_on_first_lead
            return plays, declaring_leads(hand, plays, may_declare, c.ace_marriage)
        return self._follow_mask(), []

    def _follow_mask(self) -> int:
        """§7 the cards the player to act may follow with (``duties.follow_mask``)."""
        return follow_mask(self.hands[self.cur], self.trick, self.trump, self.conv.must_beat)

    def _play_actions(self) -> list[int]:
        """§7 the playable cards, then (leading) the declaring leads."""
        trick = self.trick
        if not trick:
            plays, decl = self._play_masks()
            out = cards_list(plays)
            if decl:
                out.extend([_DECLARE_BASE + x for x in decl])
            return out
        return cards_list(self._follow_mask())

    # -- applying actions -------------------------------------------------

    def apply_action(self, action: int) -> None:
        """Apply a legal action; ``IllegalActionError`` says why one is not."""
        ph = self.phase
        lc = self.lcache
        if lc is None:
            lc = self.lcache = self._legal()
        # type(): 10.0 == 10 and True == 1, but neither is an action id.
        if type(action) is not int or action not in lc:
            raise IllegalActionError(why_illegal(self, action))
        self.lcache = None
        self.deal_actions.append(action)
        if ph is not _PLAY:
            # An if-chain, not a dict: hashing an Enum member runs Python code.
            if ph is _BIDDING:
                self._apply_bidding(action)
            elif ph is _DISCARD:
                self._apply_discard(action)
            elif ph is _CONTRACT:
                self._apply_contract(action)
            elif ph is _REDEAL:
                self._apply_redeal(action)
            elif ph is _DARK:
                self._apply_dark(action)
            else:
                self._apply_pick(action)
            return
        # §7 play a card (the hot path, inlined); a declaring lead first declares.
        seat = self.cur
        if action >= _DECLARE_BASE:
            action -= _DECLARE_BASE
            self._declare(seat, action)
        bit = BIT[action]
        self.hands[seat] ^= bit
        self.played |= bit
        trick = self.trick
        trick.append(action)
        self.trick_seats.append(seat)
        if len(trick) < len(self.active):
            self.cur = self.nxt[seat]
        else:
            self._end_trick()

    def apply_str(self, text: str) -> None:
        """Apply an action given in notation (``IllegalActionError`` for anything else)."""
        try:
            a = A.action_from_str(text)
        except ValueError as e:
            raise IllegalActionError(str(e)) from None
        self.apply_action(a)

    def _apply_dark(self, a: int) -> None:
        if a == A.DARK:
            # dark_game: contract 120 before looking.
            self.dark = True
            self.high = 120
            self.high_seat = self.first
            self.bids.append((self.first, a))
            self._open_redeal_checks()
        else:
            self.looked = True
            self._open_redeal_checks()

    def _apply_redeal(self, a: int) -> None:
        seat = self.redeal_queue.pop(0)
        if a == A.REDEAL:
            # before bidding the hand's reason; after the discard four nines received
            self._redeal(seat, self._hand_redeal(seat) if self.declarer < 0 else "four_nines")
            return
        self._next_redeal_or_bidding()

    def _apply_bidding(self, a: int) -> None:
        seat = self.cur
        self.bids.append((seat, a))
        if a == A.PASS:
            self.passed |= 1 << seat
        elif a == A.UNBLIND:
            # dark_unblind: the dark game is cancelled, bidding goes on from 125
            # (120 + bid_step: 130 in steps of 10).
            self.dark = False
            self.looked = True
            self.high = self.conv.unblind_bid()
            self.high_seat = seat
            self.raised = True
            if self.conv.dark_unblind_takes_talon:
                self._set_declarer(seat, self.high, on_100=False)
                return
        else:
            self.high = A.action_value(a)
            self.high_seat = seat
            self.raised = True
        nxt = self._next_bidder(seat)
        if nxt < 0:
            self._end_bidding()
        else:
            self.cur = nxt

    def _end_bidding(self) -> None:
        live = [s for s in self.active if not self.passed >> s & 1]
        winner = live[0] if len(live) == 1 else self.high_seat
        if self.dark:
            winner = self.first
        # §5 everybody passed without a raise: first hand plays 100 on the hundred.
        on_100 = not self.raised and not self.dark and self.high == 100
        self._set_declarer(winner, self.high, on_100=on_100)

    def _set_declarer(self, seat: int, bid: int, on_100: bool) -> None:
        """§6 the declarer takes the talon (2 players: picks one first)."""
        self.declarer = seat
        self.bid = bid
        self.contract = bid
        self.on_100 = on_100
        self.cur = seat
        self.looked = True
        if self.n == 2:
            self.phase = _PICK
            return
        self._take_talon()

    def _take_talon(self) -> None:
        c = self.conv
        hidden = (self.on_100 and c.hide_talon_on_100) or (self.dark and c.dark_hide_talon)
        self.talon_shown = not hidden
        self.hands[self.declarer] |= self.talon
        self.phase = _DISCARD
        self.cur = self.declarer

    def _apply_pick(self, a: int) -> None:
        i = a - A.PICK_BASE
        self.talon = self.talons[i]
        self.deal_info = {**self.deal_info, "picked": i}
        self._take_talon()

    def _apply_discard(self, a: int) -> None:
        if a == A.REDEAL:
            self._redeal(self.declarer, self._talon_redeal())
            return
        if a == A.WRITEOFF:
            self._score_deal(writeoff=True)
            return
        if a == A.BOMB:
            self._score_deal(writeoff=False, bomb=True)
            return
        d = self.declarer
        if A.is_aside(a):
            card = A.action_card(a)
            self.hands[d] &= ~(1 << card)
            self.aside |= 1 << card
            done = self.aside.bit_count() == 2
            if done:
                self.pts[d] += mask_points(self.aside)  # §11 the 2 aside count for the declarer
        else:
            card, s = divmod(a - A.GIVE_BASE, 4)
            self.hands[d] &= ~(1 << card)
            self.hands[s] |= 1 << card
            self.gives.append((card, s))
            done = len(self.gives) == 2
        if not done:
            return
        c = self.conv
        if c.four_nines_bonus:
            for s in self.active:
                if self.hands[s] & NINES_MASK == NINES_MASK:
                    self.nines_bonus |= 1 << s
        if c.redeal_four_nines_after_discard:
            # redeal_four_nines_after_discard: a receiver now holding four nines may ask.
            self.redeal_queue = [s for _, s in self.gives if self._nines_after_discard(s)]
            if self.redeal_queue:
                self.phase = _REDEAL
                self.cur = self.redeal_queue[0]
                return
        self._open_contract()

    def _nines_after_discard(self, seat: int) -> bool:
        """redeal_four_nines_after_discard: whether ``seat`` holds four nines now."""
        return self.hands[seat] & NINES_MASK == NINES_MASK

    def _open_contract(self) -> None:
        self.phase = _CONTRACT
        self.cur = self.declarer

    def _apply_contract(self, a: int) -> None:
        if a == A.WRITEOFF:
            self._score_deal(writeoff=True)
            return
        if a == A.BOMB:
            self._score_deal(writeoff=False, bomb=True)
            return
        self.contract = A.action_value(a)
        self.phase = _PLAY
        self.cur = self.leader = self.declarer  # §7 the declarer leads first

    def _declare(self, seat: int, card: int) -> None:
        """§7 a marriage declared with the lead of ``card``."""
        if card % 6 == ACE:
            # ace_marriage: 200, trump unchanged.
            self.mar[seat] += ACE_MARRIAGE_VALUE
            self.marriages.append((seat, ACE_MARRIAGE))
        else:
            s = card // 6
            self.mar[seat] += MARRIAGE_VALUE[s]
            self.marriages.append((seat, s))
            self.trump = s  # §7 the declared suit becomes trump
            self.trump_seat = seat

    def _end_trick(self) -> None:
        """§7 the highest trump, else the highest card of the led suit, wins the trick."""
        trick, seats = self.trick, self.trick_seats
        winner = seats[trick.index(trick_winner_card(trick, self.trump))]
        pts = 0
        for c in trick:
            pts += POINTS[c]
        self.pts[winner] += pts
        self.tricks_won[winner] += 1
        pairs: tuple[tuple[int, int], ...]
        if len(trick) == 3:
            pairs = ((seats[0], trick[0]), (seats[1], trick[1]), (seats[2], trick[2]))
        else:
            pairs = ((seats[0], trick[0]), (seats[1], trick[1]))
        self.tricks.append((self.leader, pairs, winner))
        self.trick = []
        self.trick_seats = []
        self.cur = self.leader = winner
        if not self.hands[winner]:
            if self.n == 2:
                # §11 the other talon goes to whoever wins the last trick.
                other = self.talons[0] if self.talon == self.talons[1] else self.talons[1]
                self.pts[winner] += mask_points(other)
            self._score_deal(writeoff=False)

    # -- redeal and scoring -----------------------------------------------

    def _redeal(self, seat: int, why: str) -> None:
        """§4 a redeal: nothing is scored; the same dealer deals again by default."""
        self._close_log()
        self.standing, row = score_redeal(
            self.conv,
            self.n_rows + 1,
            self.dealer,
            seat,
            why,
            self.cut_nines,
            self.golden_deal,
            self.standing,
        )
        self._add_row(row)
        if not self.conv.redeal_same_dealer:
            self.dealer = (self.dealer + 1) % self.n  # redeal_same_dealer off
        self._start_deal()

    def _close_log(self) -> None:
        info = dict(self.deal_info)
        # Tuples of ints only: the collector stops tracking them, so a long game's
        # history does not slow garbage collection down.
        info["actions"] = tuple(self.deal_actions)
        info["tricks"] = tuple(self.tricks)
        lg = self._log
        if len(lg) != self._nlog:
            lg = self._log = lg[: self._nlog]  # a clone appended first: branch off
        lg.append(info)
        self._nlog += 1

    def _add_row(self, row: SheetRow) -> None:
        # Clones share the row list; each knows its own length. Appending to a list
        # another state has already extended copies the shared prefix first, so
        # ending a deal costs O(1), not O(game length).
        rl = self._rows
        if len(rl) != self.n_rows:
            rl = self._rows = rl[: self.n_rows]
        rl.append(row)
        self.n_rows += 1
        self._rows_t = None

    @property
    def rows(self) -> tuple[SheetRow, ...]:
        """The score sheet so far, a row per deal (``n_rows`` counts them cheaply)."""
        t = self._rows_t
        if t is None:
            t = self._rows_t = tuple(self._rows[: self.n_rows])
        return t

    @property
    def log(self) -> list[dict[str, Any]]:
        """Per finished deal: dealer, hands, talon, cut, actions and tricks (a copy)."""
        return self._log[: self._nlog]

    def _score_deal(self, writeoff: bool, bomb: bool = False) -> None:
        """§8-§10 (``scoring.score_deal``): the sheet row, then the next deal or the end."""
        facts = DealFacts(
            number=self.n_rows + 1,
            dealer=self.dealer,
            active=self.active,
            declarer=self.declarer,
            contract=self.contract,
            writeoff=writeoff,
            card_points=tuple(self.pts),
            marriage_points=tuple(self.mar),
            tricks_won=tuple(self.tricks_won),
            golden=self.golden_deal,
            dark=self.dark,
            on_100=self.on_100,
            nines_bonus=self.nines_bonus,
            talon=self.orig_talon,
            cut_nines=self.cut_nines,
            bomb=bomb,
        )
        self.standing, row, winner = score_deal(self.conv, facts, self.standing)
        self._close_log()
        self._add_row(row)
        if winner is not None:
            self.winner = winner
            self.phase = _GAME_OVER
            self.cur = -4
            return
        self.dealer = (self.dealer + 1) % self.n  # §2 the deal passes to the left
        self._start_deal()

    # -- views --------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """Exactly what ``seat`` may know now."""
        c = self.conv
        st = self.standing
        shown = self.talon_shown
        talon: int | None = None
        if self.declarer >= 0 and (shown or seat == self.declarer):
            talon = self.talon
        received = tuple((self.declarer, card) for card, s in self.gives if s == seat)
        see_all = seat == self.declarer or (
            c.open_discard and not (self.dark and c.dark_hide_talon)
        )
        known = (
            tuple(self.gives)
            if see_all
            else tuple((card, s) for card, s in self.gives if s == seat)
        )
        pts = [0] * self.n
        for _, cards, w in self.tricks:
            pts[w] += sum(POINTS[card] for _, card in cards)
        is_cur = seat == self.cur
        return Observation(
            seat=seat,
            players=self.n,
            phase=self.phase,
            current_player=self.cur,
            dealer=self.dealer,
            first_hand=self.first,
            active=self.active,
            hand=self.hands[seat] if (self.looked or seat != self.first) else 0,
            hand_sizes=tuple(h.bit_count() for h in self.hands),
            looked=self.looked or seat != self.first,
            talon=talon,
            talon_size=(2 if self.n == 2 else 3),
            bids=tuple(self.bids),
            high_bid=self.high,
            high_seat=self.high_seat,
            declarer=self.declarer,
            bid=self.bid,
            contract=self.contract,
            dark=self.dark,
            golden=self.golden_deal,
            on_100=self.on_100,
            received=received,
            known_gives=known,
            aside=self.aside if seat == self.declarer else None,
            trick=tuple(zip(self.trick_seats, self.trick, strict=True)),
            tricks=tuple(self.tricks),
            trump=self.trump,
            trump_seat=self.trump_seat,
            marriages=tuple(self.marriages),
            tricks_won=tuple(self.tricks_won),
            points_taken=tuple(pts),
            played=self.played,
            totals=st.totals,
            bolt_counts=st.bolt_count,
            on_barrel=st.on_barrel,
            writeoffs=st.writeoffs,
            bombs=st.bombs,
            sheet=self.rows,
            legal_actions=tuple(self.legal_actions()) if is_cur else (),
            conventions=c,
            winner=self.winner,
            barrel_falls=st.barrel_falls,
            cut_nines=self.cut_nines,
        )

    def deal_points(self) -> list[int]:
        """Card points + declared marriages per seat in the current deal."""
        return [self.pts[s] + self.mar[s] for s in range(self.n)]

    def __str__(self) -> str:
        lines = [
            f"deal {self.deal_no} dealer {self.dealer} phase {self.phase.value} "
            f"to act {self.cur} totals {self.totals}"
        ]
        for s in range(self.n):
            lines.append(f"  seat {s}: {mask_str(self.hands[s])}")
        if self.trump >= 0:
            lines.append(f"  trump {SUIT_SYMBOLS[self.trump]}")
        return "\n".join(lines)
