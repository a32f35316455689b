"""Render the table's loading placeholder with the page's own views (build step).

``python tools/placeholder.py dist/index.html`` fills ``<!-- table -->`` inside
``<main id="table">`` with the markup ``py/app/table/view.py`` draws for a table of
three with every card face down (and ``<!-- loader -->`` with the loading
stages, the same for both pages), so the page paints in its final layout before
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

from app.shell.dom import to_html  # noqa: E402
from app.table.view import Model, default_names, render  # noqa: E402
from thousand import Conventions, Game  # noqa: E402
from thousand.scene import Scene  # noqa: E402

MARK = "<!-- table -->"
LOADER_MARK = "<!-- loader -->"
#: The loading stages and the start-up error (static/boot.js drives them by
#: id), one copy for index.html and embed.html.
LOADER = """\
  <div class="loader" id="loader">
    <div class="progress" id="progress" role="progressbar" aria-label="Loading"
         aria-valuemin="0" aria-valuemax="100" aria-valuenow="5">
      <div class="progress-bar" id="progress-bar"></div>
    </div>
    <ol class="stages" id="progress-stages">
      <li data-stage="runtime">Runtime</li>
      <li data-stage="engine">Engine</li>
      <li data-stage="ready">Ready</li>
    </ol>
    <p class="progress-label" id="progress-label" aria-live="polite">Loading the Python runtime…</p>
  </div>
  <div class="load-error" id="load-error" role="alert" hidden>
    <strong>The game could not start.</strong>
    <p class="load-error-message" id="load-error-message"></p>
    <button type="button" onclick="location.reload()">Try again</button>
  </div>
  <noscript><p class="load-error">This game needs JavaScript and WebAssembly.</p></noscript>
"""


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
    if LOADER_MARK not in html:
        print(f"placeholder: {page} has no {LOADER_MARK}", file=sys.stderr)
        return 1
    embed = "--embed" in argv[2:]
    html = html.replace(MARK, placeholder_html(embed=embed), 1)
    page.write_text(html.replace(LOADER_MARK, LOADER.strip(), 1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
