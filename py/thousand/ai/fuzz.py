"""Bots under random conventions: every answer legal, every hint well formed.

    PYTHONPATH=py python3 -m thousand.ai.fuzz [--deals N] [--seed S] [--levels normal,strong]

Plays deals under random valid convention sets (``thousand.fuzz.random_conventions``:
2, 3 and 4 players, every catalogue entry drawn) with the given bots in the
seats; every other game starts with totals near the target, so seats sit on the
barrel. Each non-forced decision runs to its end and is checked: the chosen
action is in ``legal_actions()``, the ranked choices name legal actions, each
at most once, and every choice carries ``ev`` (``think.py`` lists the keys).
A failure raises ``DecisionCheckError`` naming the conventions, the phase and
the action. The last line is ``decisions: N, deals: D, failures: 0``.
``main(argv, make=...)`` makes the bots ``--levels`` names with another maker (the
AI lab's ``bench/lab/fuzz.py`` checks its variants so).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
from collections.abc import Callable, Sequence
from typing import Protocol

from ..conventions import ConventionsError
from ..fuzz import random_conventions
from ..state import Observation, State
from .bot import AIBot
from .levels import make_ai_bot


class DecisionCheckError(AssertionError):
    """A bot's decision broke a rule of the interface (see the module docstring)."""


class _Actor(Protocol):
    name: str

    def act(self, obs: Observation, rng: random.Random) -> int: ...


def check_decision(bot: AIBot, obs: Observation, rng: random.Random) -> int:
    """Decide for ``obs`` and check the answer and the hints; returns the action."""
    think = bot.start(obs, rng, budget_ms=None)
    choices = think.run()
    action = think.action()
    legal = set(obs.legal_actions)
    where = f"{bot.name}, {obs.phase.value}, conventions {obs.conventions.changes()}"
    if action not in legal:
        raise DecisionCheckError(f"illegal action {action} ({where})")
    acts = [c.action for c in choices]
    if len(acts) != len(set(acts)):
        raise DecisionCheckError(f"duplicate actions among the choices {acts} ({where})")
    if not set(acts) <= legal:
        raise DecisionCheckError(f"choices {sorted(set(acts) - legal)} not legal ({where})")
    if len(legal) > 1 and any("ev" not in c.values for c in choices):
        raise DecisionCheckError(f"a choice without 'ev' ({where})")
    return action


def fuzz(
    bots: Sequence[AIBot | _Actor], deals: int, seed: int, deals_per_game: int = 2
) -> tuple[int, int]:
    """Play ``deals`` deals in games of ``deals_per_game`` under random conventions,
    the bots in turn in the seats; returns (decisions checked, deals played)."""
    rng = random.Random(seed)
    checked = played = 0
    g = 0
    while played < deals:
        conv = random_conventions(random.Random(seed * 7919 + g))
        totals = None
        if g % 2:
            # Every other game starts near its end, so that the barrel and the
            # target (RULES §9) come into play under the drawn conventions.
            near = random.Random(seed * 31 + g)
            if not conv.barrel and near.random() < 0.5:
                # Switched on where the drawn conventions allow it (not below the target).
                with contextlib.suppress(ConventionsError):
                    conv = conv.replace(barrel=True)
            lo = conv.barrel_at - 40 if conv.barrel else conv.target - 200
            totals = [near.randrange(lo, conv.target, 5) for _ in range(conv.players)]
        state = State(conv, random.Random(seed * 104_729 + g), totals=totals)
        g += 1
        rows = 0
        while not state.is_terminal() and rows < deals_per_game and played < deals:
            seat = state.current_player()
            obs = state.observation(seat)
            bot = bots[(seat + g) % len(bots)]
            if isinstance(bot, AIBot) and len(obs.legal_actions) > 1:
                a = check_decision(bot, obs, rng)
                checked += 1
            else:
                a = bot.act(obs, rng)
                if a not in obs.legal_actions:
                    raise DecisionCheckError(f"{bot.name}: illegal action {a}")
            state.apply_action(a)
            if state.n_rows > rows:
                played += state.n_rows - rows
                rows = state.n_rows
    return checked, played


def main(
    argv: list[str] | None = None,
    make: Callable[[str], AIBot] = make_ai_bot,
    prog: str = "python -m thousand.ai.fuzz",
) -> int:
    """Entry point; ``make`` makes the bots ``--levels`` names."""
    p = argparse.ArgumentParser(prog=prog, description=__doc__)
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--levels", default="normal,strong")
    args = p.parse_args(argv)
    from ..bots import EasyBot  # here, not at the top: the AI modules never import bots

    bots: list[AIBot | _Actor] = [make(x) for x in args.levels.split(",")]
    bots.append(EasyBot())
    try:
        checked, played = fuzz(bots, args.deals, args.seed)
    except DecisionCheckError as e:
        print(f"FAILED: {e}")
        print("decisions: ?, deals: ?, failures: 1")
        return 1
    print(f"decisions: {checked}, deals: {played}, failures: 0")
    return 0


if __name__ == "__main__":
    sys.exit(main())
