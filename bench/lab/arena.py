"""The AI lab's arena: ``thousand.arena`` with the lab's variants of the levels.

    python bench/lab/arena.py --a strong_no_extend --b normal --deals N --seed S [--preset polish]
        [--players 3] [--workers 2] [--games G] [--start K] [--out FILE]
    python bench/lab/arena.py --combine FILE [FILE ...]

The options and the report are ``python -m thousand.arena``'s; ``--a`` and ``--b``
also name the variants of ``variants.py`` (``strong_no_pass_shift``, ``strong_net``, ...), and
a run of two levels gives the engine's arena's figures exactly.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from variants import make_bot

from thousand import arena


def main(argv: list[str] | None = None) -> int:
    """Entry point: the engine's arena, its bots made by ``variants.make_bot``."""
    return arena.main(argv, make=make_bot, prog="python bench/lab/arena.py")


if __name__ == "__main__":
    raise SystemExit(main())
