"""The page's work in the background: a computer player's decision thought out in
slices between yields, and any task's error reported rather than lost.

The table's bots (``table.py``) and the host's computer players at an online table
(``online_glue.py``) both ask a bot this way, so the page answers clicks while
the AI thinks; both runners start their tasks through ``guarded``. Runs under
Pyodide; its logic is plain Python.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Awaitable, Callable
from typing import Any

# One slice of AI thinking between yields to the page. A slice overruns by about one
# unit of work, slower in Pyodide than in CPython: at 25 ms Strong's slices made main-
# thread tasks of 50-55 ms in Chromium, at 15 ms none over 50 ms, with the same worlds
# per decision in its 1 s budget (bench/longtasks.py; bench/lab/ai_results.md, entry 36).
THINK_SLICE_MS = 15


def copy_of(rng: random.Random) -> random.Random:
    """A generator in the state of ``rng`` for a decision to think with: the page's
    model keeps its own, which only ``update`` moves on (to the state the answer
    carries, ``getstate()`` of this copy)."""
    out = random.Random()
    out.setstate(rng.getstate())
    return out


async def decide(
    bot: Any,
    obs: Any,
    rng: random.Random,
    budget_ms: float,
    stale: Callable[[], bool] = lambda: False,
) -> int | None:
    """The bot's action for ``obs`` (a bot without ``start`` acts at once); None when
    ``stale()`` says the game moved on while it thought."""
    start = getattr(bot, "start", None)
    if start is None:
        return int(bot.act(obs, rng))
    think = start(obs, rng, budget_ms=budget_ms)
    while not think.step(max_ms=THINK_SLICE_MS):
        await asyncio.sleep(0)
        if stale():
            return None
    return int(think.action())


async def guarded(coro: Awaitable[Any], fail: Callable[[BaseException], None]) -> None:
    """Await ``coro``; an error in it goes to ``fail`` (the page's error report)
    instead of vanishing with the task, a cancellation goes on as one."""
    try:
        await coro
    except asyncio.CancelledError:
        raise
    except Exception as e:
        fail(e)
