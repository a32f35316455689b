"""The AI levels by name: ``make_ai_bot("strong")``.

Above both kinds of bot: the levels (``bot.AIBot`` with ``settings.LEVELS``) and the
benchmark oracle (``oracle.OracleBot``, an ``AIBot`` that sees the true deal), which
is imported only when asked for, so the page's wheel leaves it out.
"""

from __future__ import annotations

from .bot import AIBot
from .settings import LEVELS


def make_ai_bot(level: str) -> AIBot:
    """A bot by level name: ``normal`` or ``strong``; ``strong@2`` doubles its work.

    ``oracle`` is the benchmark oracle (``oracle.py``): it decides only on a deal
    the arena shows it, so the page never offers it; ``oracle_play``,
    ``oracle_auction``, ``oracle_bidding`` and ``oracle_talon`` see the deal in
    some phases only (``oracle.OPEN_PHASES``). The lab's variants of the levels are
    ``AIBot``s of its own settings and evaluators (``bench/lab/variants.py``).
    """
    key, _, work = level.strip().lower().partition("@")
    if key.partition("_")[0] == "oracle" and not work:
        from .oracle import OracleBot  # the arena only: not in the page's wheel

        return OracleBot(key.partition("_")[2] or "all")
    if key not in LEVELS:
        raise ValueError(f"unknown bot {level!r}; bots: random, easy, {', '.join(LEVELS)}")
    try:
        factor = float(work) if work else 1.0
    except ValueError:
        raise ValueError(f"bad work factor in {level!r} (e.g. strong@2)") from None
    if not 0 < factor <= 64:
        raise ValueError(f"work factor out of range in {level!r}")
    return AIBot(LEVELS[key].scaled(factor))
