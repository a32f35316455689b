"""The arena with a frozen copy of the AI beside the current one (head-to-head steps).

    cp -r py/thousand/ai /tmp/ai_base/ai          # freeze the baseline once
    PYTHONPATH=py python3 bench/lab/ai_vs_base.py --base /tmp/ai_base/ai -- \\
        --a strong --b base:strong --deals 50 --seed 11 --workers 2 --out F.jsonl

Everything after ``--`` goes to ``python -m thousand.arena``. A bot named
``base:LEVEL`` is ``LEVEL`` of the frozen copy: the copy is loaded as the
package ``thousand.ai_base`` (its relative imports reach the current engine,
so both levels see the same observations), and the arena's bot maker
(``thousand.arena.main(argv, make=...)``) builds such names from it, the lab's
variants and the levels as ``bench/lab/arena.py`` does. Only the AI package is
frozen; the rules engine is the current one.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "py"))

import variants

import thousand
from thousand import arena

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
    """The lab's ``make_bot`` (``variants.py``) that also builds ``base:LEVEL`` from the
    AI copy at ``path``."""
    base = load_base(path)

    def make(name: str) -> Any:
        if name.startswith(PREFIX):
            return base.make_ai_bot(name[len(PREFIX) :])
        return variants.make_bot(name)

    return make


# The factory of the run (``main``): the arena's processes, forked, inherit it.
_FACTORY: list[Callable[[str], Any]] = []


def make_bot(name: str) -> Any:
    """A bot by name from the run's factory (a module-level function, which the
    arena's ``--workers`` can hand to its processes)."""
    return _FACTORY[0](name)


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
    _FACTORY.append(bot_factory(args.base))
    return arena.main(rest, make=make_bot, prog="python bench/lab/ai_vs_base.py --base DIR --")


if __name__ == "__main__":
    raise SystemExit(main())
