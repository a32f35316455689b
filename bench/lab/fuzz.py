"""The AI's decision checks (``thousand.ai.fuzz``) with the lab's variants of the levels.

    python bench/lab/fuzz.py --deals 40 --seed 36 --levels normal,strong,strong_net,strong_pm

The options and the report are ``python -m thousand.ai.fuzz``'s; ``--levels`` also
names the variants of ``variants.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from variants import make_ai_bot

from thousand.ai import fuzz


def main(argv: list[str] | None = None) -> int:
    """Entry point: the engine's checks, its bots made by ``variants.make_ai_bot``."""
    return fuzz.main(argv, make=make_ai_bot, prog="python bench/lab/fuzz.py")


if __name__ == "__main__":
    raise SystemExit(main())
