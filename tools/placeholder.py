"""Render the table's loading placeholder with the page's own views (build step).

``python tools/placeholder.py dist/index.html`` fills ``<!-- table -->`` inside
``<main id="table">`` with the markup ``py/app/view.py`` draws for a table of
three with every card face down, so the page paints in its final layout before
Python loads, and nothing jumps when Python takes over (the first render
patches this same markup).
"""

from __future__ import annotations

import dataclasses
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "py"))

from app.dom import to_html  # noqa: E402
from app.view import Model, default_names, render  # noqa: E402
from thousand import Conventions, Game  # noqa: E402
from thousand.scene import Scene  # noqa: E402

MARK = "<!-- table -->"


def placeholder_html(lang: str = "en", embed: bool = False) -> str:
    """The children of ``#table`` for a quiet table of three, cards face down
    (``embed``: without the game's toolbar and controls, as the replay shows it)."""
    state = Game(Conventions()).new_initial_state(random.Random(0))
    scene = Scene.of(state.observation(0))
    seats = tuple(dataclasses.replace(s, cards=None, said=None) for s in scene.seats)
    scene = dataclasses.replace(scene, seats=seats, looked=False, legal=(), turn=-1, dealer=-1)
    model = Model(scene=scene, lang=lang, names=default_names(3, 0, lang))
    kids = render(model)
    if embed:
        kids = [k for k in kids if k.key not in ("toolbar", "controls")]
    return "".join(to_html(k) for k in kids)


def main(argv: list[str]) -> int:
    page = Path(argv[1])
    html = page.read_text(encoding="utf-8")
    if MARK not in html:
        print(f"placeholder: {page} has no {MARK}", file=sys.stderr)
        return 1
    embed = "--embed" in argv[2:]
    page.write_text(html.replace(MARK, placeholder_html(embed=embed), 1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
