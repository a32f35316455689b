"""Every effect the page's door can answer with has a runner; any other is an error.

The runner (``app.page.runner``) needs the browser (``pyscript``, ``pyodide``): here
those modules are stand-ins that accept any call, and the runner's own helpers
(the thoughts, the online links) are recorders, so ``Table.run`` is the real
dispatch on every type of ``app.page.model.Effect``.
"""

from __future__ import annotations

import dataclasses
import importlib
import sys
import typing
from collections.abc import Iterator
from types import ModuleType
from typing import Any
from unittest import mock

import pytest
from app_helpers import new_session

from app.library.saved import SavedGame
from app.online.netplay import new_host
from app.page import model as door
from app.page.page_msgs import KeepGame
from app.page.screen import Screen
from app.shell.storage import MemoryStorage, Store
from thousand import Conventions

#: A plain value for a field of each of these types (a stand-in for any other).
PLAIN: dict[str, Any] = {"int": 0, "str": "", "Any": "", "object": "", "bool": False}

#: Effects that ``update.settle`` turns into others before the runner sees them.
SETTLED = (door.CountStats,)


@pytest.fixture
def runner(monkeypatch: pytest.MonkeyPatch) -> Iterator[ModuleType]:
    """``app.page.runner`` imported over stand-ins for the browser's modules (and
    forgotten afterwards, with them)."""
    for name in ("pyscript", "pyodide", "pyodide.ffi", "js"):
        monkeypatch.setitem(sys.modules, name, mock.MagicMock(name=name))
    yield importlib.import_module("app.page.runner")
    for name in ("app.page.runner", "app.page.runner_fx"):
        sys.modules.pop(name, None)


def sample(cls: type) -> Any:
    """An instance of the effect type ``cls`` with plain values in its fields."""
    if cls is KeepGame:
        s = new_session(seed=4)
        return cls(SavedGame(s.game_id, "", 0.0, 3, "classic", (0, 0, 0), s.to_save()))
    values: dict[str, Any] = {}
    for f in dataclasses.fields(cls):
        if f.default is not dataclasses.MISSING or f.default_factory is not dataclasses.MISSING:
            continue
        kind = str(f.type)
        values[f.name] = PLAIN[kind] if kind in PLAIN else mock.Mock()
    return cls(**values)


def table(runner: ModuleType, online: bool = False) -> tuple[Any, list[str]]:
    """A ``Table`` without a page around it (an online table's host with ``online``):
    its helpers record what they are asked."""
    heard: list[str] = []
    t = object.__new__(runner.Table)
    session = new_host("Ann", Conventions(), [1]) if online else new_session(seed=3)
    t.page = door.Page(session, Screen())
    t.store = Store(MemoryStorage())
    t.tab, t.inbox, t.file_el = "t1", [], None
    t.pace = mock.Mock(think_ms=10, headline=0.1, hint_ms=10)
    t.thoughts = mock.Mock(name="thoughts")
    t.thoughts.start.side_effect = lambda slot, *_: heard.append(f"start {slot}")
    t._links = mock.Mock(name="links")
    t._links.run.side_effect = lambda e, *_: heard.append(f"links {type(e).__name__}")
    t.replies = mock.Mock(name="replies")
    t.replies.taken.side_effect = lambda: heard.append("replies taken")
    return t, heard


def effect_types() -> list[type]:
    return [c for c in typing.get_args(door.Effect) if c not in SETTLED]


def test_every_effect_the_door_makes_has_a_runner(runner: ModuleType) -> None:
    kinds = effect_types()
    assert len(kinds) >= 25 and door.MakeOffer in kinds and door.Persist in kinds
    for cls in kinds:
        t, heard = table(runner, online=cls in (door.KeepJournal, door.ForgetJournal))
        t.run([sample(cls)])  # raises for an effect it does not know
        if cls in door.NET_EFFECTS:
            assert heard == [f"links {cls.__name__}"], cls


def test_an_effect_the_runner_does_not_know_is_an_error(runner: ModuleType) -> None:
    @dataclasses.dataclass(frozen=True)
    class Unheard:
        what: str = "?"

    t, _ = table(runner)
    with pytest.raises(TypeError, match="no runner for the effect"):
        t.run([Unheard()])
    with pytest.raises(TypeError, match="no runner for the effect"):
        t.run([door.CountStats()])  # (settled by the door, never run)
