"""AI opponents for 1000: open-hand solver, world sampler, Normal and Strong bots.

>>> import random
>>> from thousand import Game, Conventions
>>> from thousand.ai import make_ai_bot
>>> bot = make_ai_bot("strong")
>>> state = Game(Conventions()).new_initial_state(random.Random(1))
>>> obs = state.observation(state.current_player())
>>> bot.act(obs, random.Random(2)) in obs.legal_actions
True

Browser shell (step-wise, never blocking the page for more than a slice; a
slice overruns ``max_ms`` by at most one unit of work, ~15 ms in Pyodide, so
25 keeps every task under 50 ms)::

    think = bot.start(obs, rng, budget_ms=1000)
    while not think.step(max_ms=25):
        await asyncio.sleep(0)
    action = think.action()

Hints: ``bot.explain(obs, rng, budget_ms=1000)`` lists (action, values) best
first, e.g. ``{"make": 0.72, "defeat": 0.28, "declarer_points": 131.5, "ev": 54.3,
...}``; ``think.py`` lists the keys of every kind of decision and their units.
``python -m thousand.ai.fuzz`` checks the bots under random conventions.
"""

from .bot import AIBot
from .levels import make_ai_bot
from .settings import NORMAL, STRONG, Settings
from .think import Choice, Think

__all__ = ["NORMAL", "STRONG", "AIBot", "Choice", "Settings", "Think", "make_ai_bot"]
