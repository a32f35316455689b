"""Every test of the page's door checks that the door changes nothing it was given.

``app.page.update.update`` (the game page's door) and ``app.embed.update.update``
(the embed's) are wrapped, before any test module imports them, by versions that
pickle the model before and after each message and fail when the two differ: a door
must change a copy (``app.page.update.fork``) and return it, never the model it was
handed (the runner or a test may still hold it). So every page test below, a whole
game, replays, practice, lessons, the editor, online tables, the embed, says so of
every message it sends.
"""

from __future__ import annotations

import pickle
from typing import Any

from app.embed import update as embed_door
from app.page import update as page_door


def checked(door: Any) -> Any:
    """``door``, failing if it changed the model it was given."""

    def update(model: Any, msg: Any) -> tuple[Any, list[Any]]:
        before = pickle.dumps(model)
        got = door(model, msg)
        if pickle.dumps(model) != before:
            raise AssertionError(f"the door changed the model it was given, on {msg!r:.200}")
        return got

    return update


page_door.update = checked(page_door.update)
embed_door.update = checked(embed_door.update)

# Not collected for --doctest-modules (the folders' conftest.py are one module name).
collect_ignore = ["conftest.py"]
