"""The command line shared by the benches that play numbered deals and report on them
(``play`` with a preset, a level, the deals' seed and range; ``report``)."""

from __future__ import annotations

import argparse
from typing import Any


def parsers(doc: str | None, seed: int) -> tuple[argparse.ArgumentParser, Any, Any]:
    """The bench's parser, its ``play`` subparser (``--preset``, ``--level``,
    ``--deals``, ``--start``, ``--seed``) and its subparsers, to add the rest to."""
    p = argparse.ArgumentParser(
        description=doc, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = p.add_subparsers(dest="cmd", required=True)
    play = sub.add_parser("play")
    play.add_argument("--preset", default="classic")
    play.add_argument("--level", default="strong")
    play.add_argument("--deals", type=int, default=100)
    play.add_argument("--start", type=int, default=0)
    play.add_argument("--seed", type=int, default=seed)
    return p, play, sub
