"""Step-able, anytime decisions: ``Think`` runs a decision in slices.

A decision is a generator that yields between small units of work and
finally returns its ranked ``Choice`` list. ``Think.step(max_ms)`` advances it
for about ``max_ms`` milliseconds and returns whether it has finished, so a
browser shell can interleave it with the event loop::

    think = bot.start(obs, rng, budget_ms=1000)
    while not think.step(max_ms=25):
        await asyncio.sleep(0)
    action = think.action()

A solver search that would overrun the slice is aborted
(``SearchAborted``) and retried in the next slice from its transposition
table, so no slice runs much longer than asked. The work is counted: sample
counts and node limits, and for a level whose ``Settings.extend`` is above 1
(Strong) more sampled worlds in the card play, the discard and the contract (up to
``extend`` times the worlds and ``extend_nodes`` times the node budget, the card play
stopping early once the best move leads clearly; ``Settings.extends``),
work that fits the page's 1 s in Pyodide (``bench/ai_latency.py``). Without a budget
(CPython, the arena) a decision is therefore reproducible. With one (the page),
when the budget is spent the generator returns the best answer so far;
``Think.action()`` also answers before the end (the best so far, or a safe
default).

What ``Think.choices`` holds (for hints)
-----------------------------------------

``choices`` lists every legal action at most once, best first. Each
``Choice`` has ``.action`` (an action id), ``.utility`` (what it was ranked
by) and ``.values``, a dict of floats. Units:

* ``ev``: the expected *relative score* of the deal if this action is taken,
  in points: the seat's own score minus the mean score of the other seats in
  the deal (penalties aside, bolts and the game situation counted). Every
  choice of every decision has it and it is on one scale across the choices
  of a decision, so differences compare actions: "bid 105: -24 on average,
  against -20 if you pass".
* ``make``: the chance (0..1) that the declarer makes the contract, where a
  contract is at stake (0 for a concession).
* ``sure``: a concession's or a bomb's exact relative score (the deal is not
  played, so nothing is left to chance: ``scoring.score_deal`` scores it);
  its ``ev`` is the same, less for a bomb what keeping it for a later deal is
  worth (``auction.BOMB_RESERVE``).
* ``defeat``: 1 - ``make`` (card play only, for the defenders' wording).
* ``expected_points``: the declarer's expected deal points (cards + marriages)
  when this seat declares (bid, unblind, discard, contract).
* ``declarer_points``: the declarer's expected final deal points (card play).
* ``worlds``, ``fallbacks``: card play only: how many sampled deals the
  figures rest on, and how many searches fell back to a greedy playout.

Per decision kind:

=============  ================================================  ==================
decision       actions                                           keys
=============  ================================================  ==================
bid            ``pass``                                          ev
               ``bid N``                                         ev, make, expected_points
unblind        ``pass`` (defend the dark game)                   ev
               ``unblind``                                       ev, make, expected_points
dark           ``dark``                                          ev, make
               ``look``                                          ev (0: the reference)
redeal         ``redeal`` (a fresh deal, 0: the reference)       ev
               ``keep``                                          ev, make
pick (2 pl.)   ``pick 0``/``pick 1`` (face down, equal)          ev (0)
discard        ``give``/``aside`` (the first card of a plan)     ev, make, expected_points
               ``redeal``                                        ev (0)
               ``writeoff``, ``bomb``                            ev, make (0), sure
contract       ``contract N``                                    ev, make, expected_points
               ``writeoff``, ``bomb``                            ev, make (0), sure
play           ``play``/``declare``                              ev, make, defeat,
                                                                 declarer_points,
                                                                 worlds, fallbacks
=============  ================================================  ==================

A forced move (one legal action) has one choice with empty ``values``.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, TypeVar

from .solver import SearchAborted, Solver

if TYPE_CHECKING:
    from .sampler import WorldSource

T = TypeVar("T")


@dataclass
class Choice:
    """An action with its estimated values (for hints) and the utility it was ranked by."""

    action: int
    utility: float
    values: dict[str, float] = field(default_factory=dict)


Decision = Generator[None, None, list[Choice]]


class Context:
    """Time limits of one decision: the whole budget and the current slice."""

    def __init__(self, budget_ms: float | None) -> None:
        self.started = time.perf_counter()
        self.budget_end = None if budget_ms is None else self.started + budget_ms / 1000.0
        self.slice_end: float | None = None
        self.partial: list[Choice] = []  # the best choices so far, for an early answer
        # The true deal, for the benchmark oracle only (see ``oracle.py``).
        self.known: WorldSource | None = None

    def out_of_time(self) -> bool:
        """Whether the whole budget is spent (never, without a budget)."""
        return self.budget_end is not None and time.perf_counter() >= self.budget_end

    def slice_over(self) -> bool:
        """Whether the current slice is used up."""
        return self.slice_end is not None and time.perf_counter() >= self.slice_end

    def search(
        self, solver: Solver, fn: Callable[[], T], nodes: int | None = None
    ) -> Generator[None, None, T | None]:
        """Run ``fn`` (a solver search) within ``nodes``, yielding whenever a slice ends.

        Returns None when the node limit (a deterministic fallback) or the whole
        budget is used up.
        """
        used = 0
        while True:
            ends = [t for t in (self.slice_end, self.budget_end) if t is not None]
            solver.limit(None if nodes is None else nodes - used, min(ends) if ends else None)
            start = solver.nodes
            try:
                return fn()
            except SearchAborted as e:
                used += solver.nodes - start
                if str(e) == "node limit" or self.out_of_time():
                    return None
            finally:
                solver.limit()
            yield


class Think:
    """One decision in progress (see the module docstring)."""

    def __init__(
        self, make: Callable[[Context], Decision], default: int, budget_ms: float | None
    ) -> None:
        self.ctx = Context(budget_ms)
        self._gen = make(self.ctx)
        self._default = default
        self.done = False
        self.choices: list[Choice] = []

    def step(self, max_ms: float | None = 40.0) -> bool:
        """Work for about ``max_ms`` (None: to the end); True once the decision is made."""
        if self.done:
            return True
        t0 = time.perf_counter()
        self.ctx.slice_end = None if max_ms is None else t0 + max_ms / 1000.0
        try:
            while True:
                next(self._gen)
                if self.ctx.slice_over():
                    break
        except StopIteration as stop:
            self.choices = stop.value or []
            self.done = True
        return self.done

    def run(self) -> list[Choice]:
        """Run to the end and return the ranked choices."""
        while not self.step(None):
            pass
        return self.choices

    def explain(self) -> list[tuple[int, dict[str, Any]]]:
        """The ranked choices with their values (so far, while still thinking)."""
        return as_pairs(self.choices or self.ctx.partial)

    def action(self) -> int:
        """The chosen action (the best so far or a safe default while still thinking)."""
        if self.choices:
            return self.choices[0].action
        if self.ctx.partial:
            return self.ctx.partial[0].action
        return self._default


def finish(gen: Generator[None, None, T]) -> T:
    """Run a thinking generator to its end, in one go and without a budget, and
    return its result (for tools and tests; the page steps a ``Think``)."""
    while True:
        try:
            next(gen)
        except StopIteration as stop:
            result: T = stop.value
            return result


def ranked(choices: list[Choice]) -> list[Choice]:
    """Choices best first."""
    return sorted(choices, key=lambda c: -c.utility)


def as_pairs(choices: list[Choice]) -> list[tuple[int, dict[str, Any]]]:
    """(action, values) pairs for hints."""
    return [(c.action, dict(c.values)) for c in choices]
