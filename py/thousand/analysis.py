"""Post-deal analysis: what perfect play would have made of a finished deal.

For one deal of a record (or the deal just played), with all hands open and
the open-hand solver (``thousand.ai.solver``: the declarer against the
defenders, on the declarer's points):

* **max_points**: the declarer's deal points with perfect play by everybody
  from the actual hands after the discard (RULES §7, §8: cards, declared
  marriages, with 2 players the cards put aside and the last-trick talon);
* **best_contract**: the highest contract (a multiple of ``bid_step`` from 100
  up to the limit the rules allowed at the contract step, §6) that perfect
  play makes; **makeable**: whether the actual contract was;
* **the discard** (§6, §11): the best declarer points and the best contract
  over every possible discard (3 and 4 players: each card to each opponent,
  90 ways; 2 players: 66 pairs put aside), and whether it mattered;
* **each card play** (``PlayCheck``): the declarer points it gave away
  against perfect play for the side that played it, whether it changed the
  outcome (made <-> failed with perfect play after it), and a move that
  would have kept the value.

Conceded deals and bombs (no play) get what could have been made, dark and
golden deals and every play convention (``must_beat``, ``ace_marriage``,
``declare_on_first_lead``, the lead restrictions) are analysed as the engine
plays them: positions come from the engine's own states, the solver's rules
from ``Rules.of(conventions)``. The solver counts the declarer's points only,
so a defender's marriage is worth nothing here but its change of trump.

An analysis is anytime and never blocks: ``step(max_ms)`` works for a slice
(a solver search that would overrun it is aborted and resumed in the next
slice from the solver's transposition table), ``progress()`` says how far it
is, ``result()`` gives what is known so far. The results do not depend on
the slices: every figure is exact (no clock decides anything but where a
slice ends), and ``node_budget`` bounds the whole work deterministically::

    an = Analysis(Replay(record), deal=-1)     # the last finished deal
    while not an.step(max_ms=20):
        await asyncio.sleep(0)
    res = an.result()

>>> import random
>>> from thousand import Conventions, Game, make_record
>>> from thousand.bots import EasyBot
>>> state = Game(Conventions()).new_initial_state(random.Random(4))
>>> bot, rng = EasyBot(), random.Random(4)
>>> while state.n_rows < 1:
...     state.apply_action(bot.act(state.observation(state.current_player()), rng))
>>> res = Analysis.of_state(state, discards=False).run()
>>> res.kind, res.complete, len(res.plays)
('play', True, 24)
>>> swing = sum(-p.lost if p.declarer_side else p.lost for p in res.plays)
>>> res.points == res.max_points + swing      # every point off perfect play is accounted for
True
"""

from __future__ import annotations

import time
from collections.abc import Generator, Iterator
from dataclasses import dataclass

from . import actions as A
from .ai.common import position_from_obs
from .ai.solver import (
    Position,
    Rules,
    SearchAborted,
    Solver,
    apply_move,
    greedy_playout,
    legal_moves,
    upper_bound,
)
from .cards import mask_points
from .conventions import Conventions
from .record import Replay, make_record
from .scoring import declarer_made
from .sheet import SheetRow
from .state import Phase, State

#: The solver's transposition table is cleared above this many entries: a
#: bigger table makes one dict resize or clear a long main-thread task (clearing
#: 100,000 entries took about 8 ms in Pyodide); the analysis needs no more.
TT_ENTRIES = 50_000


@dataclass(frozen=True)
class PlayCheck:
    """One card play of the deal against perfect play (declarer points throughout).

    ``step`` is the record step before the play (the play is action ``step + 1``
    of the record); ``trick`` counts from 0. ``before`` and ``after`` are the
    declarer's final deal points with perfect play by everybody from before and
    after this play; ``lost`` is what the play cost its own side (the declarer:
    ``before - after``; a defender: ``after - before``), never negative.
    ``best_action`` is a move that keeps ``before`` (None when the play did).
    """

    step: int
    trick: int
    seat: int
    action: int  # the action played: a card id, or A.DECLARE_BASE + card declaring
    declarer_side: bool
    forced: bool  # the only legal move
    before: int
    after: int
    lost: int
    made_before: bool
    made_after: bool
    best_action: int | None

    @property
    def card(self) -> int:
        """The card played."""
        return A.played_card(self.action)

    @property
    def outcome_changed(self) -> bool:
        """Whether this play turned a made contract into a failed one or back."""
        return self.made_before != self.made_after


@dataclass(frozen=True)
class DealAnalysis:
    """What is known about one deal (partial until ``complete``).

    ``None`` marks what is not known (yet, or not applicable: a conceded deal
    has no ``points`` nor ``plays``; one conceded before the discard has no
    ``max_points``). Once ``max_points`` is known, ``best_contract`` None means
    that not even 100 could be made. The ``discard_*`` fields are the best over
    every discard checked so far (``discards_checked`` of ``discards_total``),
    the actual one included; ``discard_mattered`` is set when all are checked.
    """

    deal: int  # 0-based index in the record
    first_step: int  # the record step at which the deal starts
    kind: str  # the sheet row's kind: play, writeoff, bomb or redeal
    players: int
    declarer: int  # -1: no declarer (a redeal before the talon)
    bid: int
    contract: int
    dark: bool
    golden: bool
    points: int | None  # the declarer's deal points as played
    made: bool | None  # as played
    start_points: int | None  # declarer points before the first lead (2 players: the aside)
    max_points: int | None
    makeable: bool | None
    limit: int | None  # the highest contract the rules allowed with the hand after the discard
    best_contract: int | None
    plays: tuple[PlayCheck, ...]
    discards_total: int
    discards_checked: int
    discard_best_points: int | None
    discard_for_points: tuple[int, ...] | None  # the discard's actions (gives or asides)
    discard_best_contract: int | None
    discard_for_contract: tuple[int, ...] | None
    discard_mattered: bool | None
    complete: bool
    nodes: int  # solver nodes spent so far


@dataclass
class _PlayPoint:
    """A play of the deal: the engine state before it and the solver position."""

    step: int
    state: State
    action: int
    pos: Position
    already: int  # declarer deal points before the play
    legal: list[int]


@dataclass
class _Best:
    """The best over the discards so far."""

    points: int = -1
    points_discard: tuple[int, ...] | None = None
    contract: int | None = None
    contract_discard: tuple[int, ...] | None = None
    checked: int = 0
    total: int = 0


class _BudgetSpent(Exception):
    """The analysis used up its ``node_budget``."""


class Analysis:
    """The analysis of one finished deal, worked in slices (see the module doc)."""

    def __init__(
        self,
        replay: Replay,
        deal: int = -1,
        *,
        discards: bool = True,
        node_budget: int | None = None,
    ) -> None:
        finished = [i for i in range(replay.deals) if replay.deal_finished(i)]
        if deal < 0:
            if not finished or deal < -len(finished):
                raise ValueError("the record has no such finished deal")
            deal = finished[deal]
        elif deal >= replay.deals or not replay.deal_finished(deal):
            raise ValueError(f"deal {deal + 1} is not a finished deal of the record")
        self._setup(
            replay.deal_state(deal),
            replay.deal_actions(deal),
            replay.final().rows[deal],
            deal,
            replay.deal_first_step(deal),
            discards,
            node_budget,
        )

    def _setup(
        self,
        start: State,
        actions: tuple[int, ...],
        row: SheetRow,
        deal: int,
        first_step: int,
        discards: bool,
        node_budget: int | None,
    ) -> None:
        self.deal = deal
        self.conv: Conventions = start.conv
        self.rules = Rules.of(self.conv)
        self.solver = Solver(self.rules, max_entries=TT_ENTRIES)
        self._first = first_step
        self._actions = actions
        self._start = start
        self._row = row
        self._want_discards = discards
        self._budget = node_budget
        self._slice_end: float | None = None
        self._gen = self._work()
        self.done = False
        self.stopped = False  # the node budget ran out before the end
        # what is known so far
        self._plays: list[PlayCheck] = []
        self._n_plays = 0  # plays to check (for progress)
        self._max_points: int | None = None
        self._limit: int | None = None
        self._start_points: int | None = None
        self._best = _Best()
        self._declarer = -1
        self._bid = 0
        self._contract = 0
        self._dark = False
        self._golden = False
        self._units_done = 0

    # -- construction from a state ---------------------------------------------------

    @classmethod
    def of_state(
        cls, state: State, deal: int = -1, *, discards: bool = True, node_budget: int | None = None
    ) -> Analysis:
        """The analysis of a deal of a game in progress (default: the last finished one).

        Replays the whole game (a 60-deal game: about 20 ms in CPython); a caller
        that keeps the deal's start state uses ``of_deal_start`` instead.
        """
        return cls(Replay(make_record(state)), deal, discards=discards, node_budget=node_budget)

    @classmethod
    def of_deal_start(
        cls,
        start: State,
        later: State,
        *,
        discards: bool = True,
        node_budget: int | None = None,
    ) -> Analysis:
        """The analysis of the deal that ``start`` (a copy kept when it was dealt, before
        its first action) begins, finished in ``later`` (a later state of the same game)."""
        deal = start.n_rows
        if start.deal_actions or start.is_terminal():
            raise ValueError("start must be a state at the start of a deal")
        log = later.log
        if later.n_rows <= deal or len(log) <= deal:
            raise ValueError(f"deal {deal + 1} is not finished in the later state")
        if log[deal]["hands"] != start.dealt_hands:
            raise ValueError("the later state is not the same game")
        an = cls.__new__(cls)
        an._setup(
            start.clone(),
            tuple(log[deal]["actions"]),
            later.rows[deal],
            deal,
            sum(len(d["actions"]) for d in log[:deal]),
            discards,
            node_budget,
        )
        return an

    # -- driving -------------------------------------------------------------------

    def step(self, max_ms: float | None = 20.0) -> bool:
        """Work for about ``max_ms`` (None: to the end); True once the analysis is done."""
        if self.done:
            return True
        t0 = time.perf_counter()
        self._slice_end = None if max_ms is None else t0 + max_ms / 1000.0
        try:
            while True:
                next(self._gen)
                if self._slice_end is not None and time.perf_counter() >= self._slice_end:
                    break
        except StopIteration:
            self.done = True
        except _BudgetSpent:
            self.done = self.stopped = True
        return self.done

    def run(self) -> DealAnalysis:
        """Work to the end and return the result."""
        while not self.step(None):
            pass
        return self.result()

    def progress(self) -> float:
        """How far the analysis is, from 0 to 1."""
        if self.done:
            return 1.0
        total = 2 + self._n_plays + self._best.total
        return min(0.99, self._units_done / total)

    def result(self) -> DealAnalysis:
        """What is known so far."""
        row = self._row
        d = self._declarer
        mp = self._max_points
        best = self._best
        all_checked = best.total > 0 and best.checked == best.total
        mattered: bool | None = None
        if all_checked and not self.stopped and mp is not None:
            mattered = best.points > (mp if mp is not None else -1) or (
                (best.contract or 0) > (self._best_contract() or 0)
            )
        played = row.kind == "play"
        return DealAnalysis(
            deal=self.deal,
            first_step=self._first,
            kind=row.kind,
            players=self.conv.players,
            declarer=d,
            bid=self._bid,
            contract=self._contract,
            dark=self._dark,
            golden=self._golden,
            points=row.points[d] if played and d >= 0 else None,
            made=row.made if played else None,
            start_points=self._start_points,
            max_points=mp,
            makeable=None if mp is None else declarer_made(self.conv, mp, self._contract),
            limit=self._limit,
            best_contract=self._best_contract(),
            plays=tuple(self._plays),
            discards_total=best.total,
            discards_checked=best.checked,
            discard_best_points=best.points if best.points >= 0 else None,
            discard_for_points=best.points_discard,
            discard_best_contract=best.contract,
            discard_for_contract=best.contract_discard,
            discard_mattered=mattered,
            complete=self.done and not self.stopped,
            nodes=self.solver.nodes,
        )

    def _best_contract(self) -> int | None:
        if self._max_points is None or self._limit is None:
            return None
        return best_contract(self.conv, self._max_points, self._limit)

    # -- searches in slices ------------------------------------------------------------

    def _reach(self, pos: Position, target: int) -> Generator[None, None, bool]:
        """``Solver.reach`` resumed across slices (aborted at a slice's end)."""
        if target <= 0:
            return True
        s = self.solver
        while True:
            left = None if self._budget is None else self._budget - s.nodes
            if left is not None and left <= 0:
                raise _BudgetSpent
            s.limit(left, self._slice_end)
            try:
                return s.reach(pos, target)
            except SearchAborted as e:
                if str(e) == "node limit":
                    raise _BudgetSpent from None
            finally:
                s.limit()
            yield

    def _exact(
        self, pos: Position, lo: int = 0, guess: int | None = None
    ) -> Generator[None, None, int]:
        """The exact future declarer points of ``pos`` (``lo``: a known lower bound).

        Probes the guess, then gallops away from it (1, 2, 4, ... points) until
        the value is bracketed, then bisects: a good guess costs two probes, a
        value at the solver's upper bound one (proving a target the declarer
        reaches costs more the further it lies below the value).
        """
        hi = upper_bound(pos, self.rules)
        lo = max(lo, 0)
        if lo >= hi:
            return lo
        g = min(max(lo + 1, (lo + hi + 1) // 2 if guess is None else guess), hi)
        if (yield from self._reach(pos, g)):
            lo = g
            gap = 1
            while lo < hi:  # upwards: lo + 1, lo + 2, lo + 4, ...
                t = min(hi, lo + gap)
                if (yield from self._reach(pos, t)):
                    lo = t
                    gap *= 2
                else:
                    hi = t - 1
                    break
                yield
        else:
            hi = g - 1
            gap = 1
            while lo < hi:  # downwards: hi, hi - 1, hi - 3, hi - 7, ...
                t = max(lo + 1, hi - gap + 1)
                if (yield from self._reach(pos, t)):
                    lo = t
                    break
                hi = t - 1
                gap *= 2
                yield
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if (yield from self._reach(pos, mid)):
                lo = mid
            else:
                hi = mid - 1
            yield
        return lo

    # -- the work --------------------------------------------------------------------

    def _work(self) -> Generator[None, None, None]:
        st = self._start
        disc: State | None = None  # the first discard decision (talon taken)
        contract_state: State | None = None
        points: list[_PlayPoint] = []
        for j, a in enumerate(self._actions):
            if st.phase is Phase.DISCARD and disc is None:
                disc = st.clone()
            if st.phase is Phase.CONTRACT and contract_state is None:
                contract_state = st.clone()
            if st.phase is Phase.PLAY:
                points.append(self._play_point(self._first + j, st, a))
            if j == len(self._actions) - 1:
                # the state about to end the deal still holds its facts
                self._declarer = st.declarer
                self._bid = st.bid
                self._contract = st.contract
                self._dark = st.dark
                self._golden = st.golden_deal
            st.apply_action(a)
        self._n_plays = sum(1 for p in points if len(p.legal) > 1)
        redeal = self._row.kind == "redeal" or self._declarer < 0
        if self._want_discards and disc is not None and not redeal:
            k = disc.hands[disc.declarer].bit_count()
            self._best.total = k * (k - 1) // 2 if self.conv.players == 2 else k * (k - 1)
        self._units_done += 1
        yield
        if redeal:  # §4: nothing was played, nothing to analyse
            return
        # 1. perfect play from the actual hands after the discard
        if contract_state is not None:
            self._limit = contract_limit(contract_state)
            start = _play_start(contract_state)
            pos, already = _position(start)
            self._start_points = already
            guess = greedy_playout(pos, self.rules)
            v = yield from self._exact(pos, guess=guess)
            self._max_points = already + v
            self._best.points = self._max_points
            self._best.points_discard = _discard_actions(contract_state)
            bc = self._best_contract()
            if bc is not None:
                self._best.contract = bc
                self._best.contract_discard = self._best.points_discard
        self._units_done += 1
        yield
        # 2. every card play against perfect play
        if points:
            yield from self._check_plays(points)
        # 3. every other discard
        if self._want_discards and disc is not None:
            yield from self._check_discards(disc)

    def _play_point(self, step: int, st: State, action: int) -> _PlayPoint:
        pos, already = _position(st)
        return _PlayPoint(step, st.clone(), action, pos, already, legal_moves(pos, self.rules))

    def _check_plays(self, points: list[_PlayPoint]) -> Generator[None, None, None]:
        assert self._max_points is not None
        conv, contract = self.conv, self._contract
        value = self._max_points - points[0].already  # future points from the first lead
        for k, p in enumerate(points):
            q = p.pos.copy()
            gain = apply_move(q, p.action)
            mover = p.pos.to_move()
            if k + 1 < len(points):
                nxt = points[k + 1]
                if len(p.legal) == 1:
                    after = value - gain  # forced: nothing changes
                else:
                    after = yield from self._exact(nxt.pos, guess=value - gain)
                    self._units_done += 1
            else:
                after = 0  # the last card: nothing is left to play
            before_total = p.already + value
            after_total = p.already + gain + after
            lost = before_total - after_total if mover == 0 else after_total - before_total
            if lost < 0:
                raise AssertionError(f"step {p.step}: the solver found a play better than best")
            best: int | None = None
            if lost:
                for m in p.legal:
                    if m == p.action:
                        continue
                    q2 = p.pos.copy()
                    g2 = apply_move(q2, m)
                    if mover == 0:
                        ok = yield from self._reach(q2, value - g2)
                    else:
                        ok = not (yield from self._reach(q2, value - g2 + 1))
                    if ok:
                        best = m
                        break
            self._plays.append(
                PlayCheck(
                    step=p.step,
                    trick=len(p.state.tricks),
                    seat=p.state.current_player(),
                    action=p.action,
                    declarer_side=mover == 0,
                    forced=len(p.legal) == 1,
                    before=before_total,
                    after=after_total,
                    lost=lost,
                    made_before=declarer_made(conv, before_total, contract),
                    made_after=declarer_made(conv, after_total, contract),
                    best_action=best,
                )
            )
            value = after
            yield

    def _check_discards(self, disc: State) -> Generator[None, None, None]:
        best = self._best
        step = self.conv.bid_step
        self.solver.tt.clear()  # other hands: little to share with the play's searches
        for actions, cstate in _discards(disc):
            limit = contract_limit(cstate)
            pos, already = _position(_play_start(cstate))
            if (yield from self._reach(pos, best.points + 1 - already)):
                v = already + (yield from self._exact(pos, lo=best.points + 1 - already))
                best.points, best.points_discard = v, actions
                bc = best_contract(self.conv, v, limit)
                if bc is not None and bc > (best.contract or 0):
                    best.contract, best.contract_discard = bc, actions
            else:
                # no more points, but a kept marriage may allow a higher contract
                nxt = max(100, (best.contract or 0) + step)
                while nxt <= limit and threshold(self.conv, nxt) <= best.points:
                    if not (yield from self._reach(pos, threshold(self.conv, nxt) - already)):
                        break
                    best.contract, best.contract_discard = nxt, actions
                    nxt += step
            best.checked += 1
            self._units_done += 1
            yield


# -- helpers on engine states ----------------------------------------------------------


def _position(st: State) -> tuple[Position, int]:
    """The solver position of a play-phase state and the declarer's points so far."""
    d = st.declarer
    obs = st.observation(d)
    talon_points = 0
    if st.n == 2:
        # §11 the talon nobody took goes to the winner of the last trick
        other = st.talons[1] if st.talon == st.talons[0] else st.talons[0]
        talon_points = mask_points(other)
    pos = position_from_obs(obs, {s: st.hands[s] for s in st.active}, talon_points)
    return pos, st.deal_points()[d]


def _play_start(cstate: State) -> State:
    """The state at the first lead after a contract step (any contract: same cards)."""
    s = cstate.clone()
    contracts = [a for a in s.legal_actions() if A.is_contract(a)]
    s.apply_action(contracts[0])
    return s


def _discard_actions(cstate: State) -> tuple[int, ...]:
    """The discard actions of the deal so far (gives or asides)."""
    return tuple(a for a in cstate.deal_actions if A.is_discard(a))


def contract_limit(cstate: State) -> int:
    """The highest contract the rules allow at a contract step (§6)."""
    return max(A.action_value(a) for a in cstate.legal_actions() if A.is_contract(a))


def threshold(conv: Conventions, contract: int) -> int:
    """The fewest deal points that make ``contract`` (``round_declarer`` rounds them)."""
    p = contract
    while p > 0 and declarer_made(conv, p - 1, contract):
        p -= 1
    return p


def best_contract(conv: Conventions, points: int, limit: int) -> int | None:
    """The highest contract from 100 to ``limit`` in steps of ``bid_step`` that
    ``points`` make (None: not even 100)."""
    step = conv.bid_step
    v = limit - (limit - 100) % step
    while v >= 100:
        if declarer_made(conv, points, v):
            return v
        v -= step
    return None


def _discards(disc: State) -> Iterator[tuple[tuple[int, ...], State]]:
    """Every discard from the first discard decision: (its actions, the state at the
    contract step), each resulting set of hands once, in the engine's action order."""
    seen: set[tuple[int, ...]] = set()
    two = disc.n == 2
    for a in disc.legal_actions():
        if not A.is_discard(a):
            continue
        s1 = disc.clone()
        s1.apply_action(a)
        for b in s1.legal_actions():
            if not A.is_discard(b) or (two and b <= a):
                continue
            s2 = s1.clone()
            s2.apply_action(b)
            while s2.phase is Phase.REDEAL:  # redeal_four_nines_after_discard: kept
                s2.apply_action(A.KEEP)
            key = tuple(s2.hands)
            if key in seen or s2.phase is not Phase.CONTRACT:
                continue
            seen.add(key)
            yield (a, b), s2


def analyse(replay: Replay, deal: int = -1, *, discards: bool = True) -> DealAnalysis:
    """The whole analysis of a deal at once (CPython, tests, the command line)."""
    return Analysis(replay, deal, discards=discards).run()
