"""The arena with a frozen copy of the AI beside the current one (head-to-head steps).

    cp -r py/thousand/ai /tmp/ai_base/ai          # freeze the baseline once
    PYTHONPATH=py python3 bench/ai_vs_base.py --base /tmp/ai_base/ai -- \\
        --a strong --b base:strong --deals 50 --seed 11 --workers 2 --out F.jsonl

Everything after ``--`` goes to ``python -m thousand.arena``. A bot named
``base:LEVEL`` is ``LEVEL`` of the frozen copy: the copy is loaded as the
package ``thousand.ai_base`` (its relative imports reach the current engine,
so both levels see the same observations), and ``thousand.arena`` is told to
build such names from it. Only the AI package is frozen; the rules engine is
the current one.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

import thousand
from thousand import arena, bots

PREFIX = "base:"


def load_base(path: str) -> ModuleType:
    """Import the AI package at ``path`` as ``thousand.ai_base``."""
    root = Path(path).resolve()
    name = f"{thousand.__name__}.ai_base"
    spec = importlib.util.spec_from_file_location(
        name, root / "__init__.py", submodule_search_locations=[str(root)]
    )
    if spec is None or spec.loader is None:
        raise SystemExit(f"no AI package at {root}")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def bot_factory(path: str) -> Callable[[str], Any]:
    """``thousand.bots.make_bot`` that also builds ``base:LEVEL`` from the AI copy at ``path``."""
    base = load_base(path)

    def make(name: str) -> Any:
        if name.startswith(PREFIX):
            return base.make_ai_bot(name[len(PREFIX) :])
        return bots.make_bot(name)

    return make


def main() -> int:
    """Parse ``--base``, hook the bot factory and run the arena."""
    argv = sys.argv[1:]
    rest: list[str] = []
    if "--" in argv:
        i = argv.index("--")
        argv, rest = argv[:i], argv[i + 1 :]
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--base", required=True, help="a copy of py/thousand/ai")
    args = p.parse_args(argv)
    make = bot_factory(args.base)
    setattr(arena, "make_bot", make)  # noqa: B010 (arena looks the factory up by name)
    return arena.main(rest)


if __name__ == "__main__":
    raise SystemExit(main())
