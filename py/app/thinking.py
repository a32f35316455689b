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

# One slice of AI thinking between yields to the page. A slice overruns by at most
# one unit of work (~2.5x slower in Pyodide than CPython), so 25 ms keeps the main
# thread's tasks under 50 ms (bench/ai_results.md, "Responsiveness").
THINK_SLICE_MS = 25


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
