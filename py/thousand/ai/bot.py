"""The Normal and Strong bots: one interface for every decision.

``AIBot.act(obs, rng)`` answers at once (CPython, tests, the arena);
``AIBot.start(obs, rng, budget_ms)`` returns a step-able ``Think`` for the
browser; ``AIBot.explain(obs, rng, budget_ms)`` ranks the legal choices with
their estimated values for hints (the keys are listed in ``think.py``). A bot
sees only ``obs`` and draws all randomness from ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from .. import actions as A
from ..cards import POINTS
from ..conventions import Conventions
from ..state import Observation, Phase
from . import auction
from .evaluator import Evaluator, shared
from .play import play_decision
from .settings import Settings
from .think import Choice, Context, Decision, Think, as_pairs

_UNSET: Any = object()


class IllegalDecisionError(RuntimeError):
    """A decision produced an action that is not legal (a bug in the AI)."""


class AIBot:
    """A sampling-and-solving bot at a level given by its ``Settings``."""

    def __init__(self, settings: Settings, evaluator: Evaluator | None = None) -> None:
        self.settings = settings
        self.name = settings.name
        self.evaluator = (evaluator or shared()).valuing_play_by(settings.value_model)

    def evaluator_for(self, conv: Conventions) -> Evaluator:
        """The evaluator this bot values hands by under the conventions ``conv``: with
        ``Settings.rule_models``, the models fitted under their play rules where any
        are (``Evaluator.under``)."""
        return self.evaluator.under(conv) if self.settings.rule_models else self.evaluator

    def start(
        self, obs: Observation, rng: random.Random, budget_ms: float | None = _UNSET
    ) -> Think:
        """Begin deciding for ``obs.seat``; drive it with ``Think.step(max_ms)``."""
        budget = self.settings.budget_ms if budget_ms is _UNSET else budget_ms
        default = safe_default(obs) if obs.legal_actions else -1
        return Think(self._decision(obs, rng), default, budget)

    def act(self, obs: Observation, rng: random.Random) -> int:
        """A legal action for ``obs.seat``; raises ``IllegalDecisionError`` on a bug."""
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        think = self.start(obs, rng)
        think.run()
        a = think.action()
        if a not in legal:
            raise IllegalDecisionError(
                f"{self.name} {obs.phase.value} decision for seat {obs.seat} chose "
                f"{A.action_str(a) if a >= 0 else a}, not among "
                f"{', '.join(A.action_str(x) for x in legal)}"
            )
        return a

    def explain(
        self, obs: Observation, rng: random.Random, budget_ms: float | None = 1000.0
    ) -> list[tuple[int, dict[str, Any]]]:
        """The legal choices best first, each with its estimated values."""
        think = self.start(obs, rng, budget_ms)
        return as_pairs(think.run())

    def _decision(self, obs: Observation, rng: random.Random) -> Callable[[Context], Decision]:
        s = self.settings
        ev = self.evaluator_for(obs.conventions)

        def make(ctx: Context) -> Decision:
            legal = obs.legal_actions
            if len(legal) == 1:
                return _forced(legal[0])
            if obs.phase is Phase.PLAY:
                return play_decision(ctx, obs, rng, s, ev)
            return auction.decision(ctx, obs, rng, s, ev)

        return make


def _forced(action: int) -> Decision:
    """The decision when only one action is legal: nothing to weigh."""
    yield from ()
    return [Choice(action, 0.0, {})]


def safe_default(obs: Observation) -> int:
    """A cautious legal action, the answer while nothing better is known yet.

    Pass, keep, look, the lowest contract, the cheapest card (and, when the
    declarer must pass a card, the cheapest one to the first seat it may go to).
    """
    legal = obs.legal_actions
    for a in (A.PASS, A.LOOK, A.KEEP):
        if a in legal:
            return a
    if obs.phase is Phase.CONTRACT:
        return min(a for a in legal if a != A.WRITEOFF)
    cards = [a for a in legal if A.action_card(a) >= 0]
    if not cards:
        return legal[0]
    return min(cards, key=lambda a: (POINTS[A.action_card(a)], a))
