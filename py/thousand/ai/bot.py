"""The Normal and Strong bots: one interface for every decision.

``AIBot.act(obs, rng)`` answers at once (CPython, tests, the arena);
``AIBot.start(obs, rng)`` returns a step-able ``Think`` for the browser;
``AIBot.explain(obs, rng, budget_ms)`` ranks the legal choices with their
estimated values for hints. A bot sees only ``obs`` and draws all randomness
from ``rng``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ..bots import EasyBot
from ..state import Observation, Phase
from . import auction
from .evaluator import Evaluator, shared
from .play import play_decision
from .settings import LEVELS, Settings
from .think import Choice, Context, Decision, Think, as_pairs

_UNSET: Any = object()


class AIBot:
    """A sampling-and-solving bot at a level given by its ``Settings``."""

    def __init__(self, settings: Settings, evaluator: Evaluator | None = None) -> None:
        self.settings = settings
        self.name = settings.name
        self.evaluator = evaluator or shared()

    def start(
        self, obs: Observation, rng: random.Random, budget_ms: float | None = _UNSET
    ) -> Think:
        """Begin deciding for ``obs.seat``; drive it with ``Think.step(max_ms)``."""
        budget = self.settings.budget_ms if budget_ms is _UNSET else budget_ms
        legal = obs.legal_actions
        default = EasyBot().act(obs, random.Random(0)) if legal else -1
        return Think(self._decision(obs, rng), default, budget)

    def act(self, obs: Observation, rng: random.Random) -> int:
        """A legal action for ``obs.seat``."""
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        think = self.start(obs, rng)
        think.run()
        a = think.action()
        return a if a in legal else legal[0]

    def explain(
        self, obs: Observation, rng: random.Random, budget_ms: float | None = 1000.0
    ) -> list[tuple[int, dict[str, Any]]]:
        """The legal choices best first, each with its estimated values."""
        think = self.start(obs, rng, budget_ms)
        return as_pairs(think.run())

    def _decision(self, obs: Observation, rng: random.Random) -> Callable[[Context], Decision]:
        s = self.settings
        ev = self.evaluator

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


def make_ai_bot(level: str) -> AIBot:
    """A bot by level name: ``normal`` or ``strong``."""
    key = level.strip().lower()
    if key not in LEVELS:
        raise ValueError(f"unknown bot {level!r}; bots: random, easy, {', '.join(LEVELS)}")
    return AIBot(LEVELS[key])
