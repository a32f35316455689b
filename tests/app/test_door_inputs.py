"""Randomness and time enter the page's door only in its messages.

``update`` never asks the system for randomness or the time: a new game's secret,
a practice's deals, an online peer's keys and an invitation's session id are drawn
from the entropy the click (or the file read, or the runner at start) brought
(``app.page.model.draw``), and a download is named by the local time the click
carried. Here the system's sources fail loudly while a page starts, begins a game,
practises from a replay, hosts an online table and makes its invitation, goes on
alone, and exports a game; and the same messages to the same page give the same
games.
"""

from __future__ import annotations

import random
import secrets
import time
from collections.abc import Iterator
from typing import Any

import pytest
from app_helpers import random_record, sdps

from app.page import update_page as P
from app.page.model import OfferMade, Page
from app.page.page_msgs import Clicked
from app.page.page_start import open_page
from app.page.update import update
from app.shell.storage import MemoryStorage, Store

#: A replay to practise from (made before the system's sources are closed).
RECORD = random_record(1, 13)


def _refused(*_: object, **__: object) -> Any:
    raise AssertionError("the door asked the system for randomness or the time")


@pytest.fixture
def no_system_sources(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(secrets, "token_hex", _refused)
    monkeypatch.setattr(secrets, "token_bytes", _refused)
    monkeypatch.setattr(secrets, "randbits", _refused)
    monkeypatch.setattr(random, "SystemRandom", _refused)
    monkeypatch.setattr(time, "time", _refused)
    monkeypatch.setattr(time, "localtime", _refused)
    yield


def click(page: Page, ui: str, entropy: int, **data: str) -> tuple[Page, list[Any]]:
    return update(page, Clicked(ui, dict(data), entropy=entropy, now=1_700_000_000.0, zone=7200))


def play(entropy: int) -> dict[str, Any]:
    """One page through every input that makes something random; what it made."""
    page, _ = open_page(Store(MemoryStorage()), {"fresh": "1"}, "en", "t1", "", entropy=entropy)
    made: dict[str, Any] = {"first": (page.session.secret, page.session.game_id)}
    page, _ = click(page, "new", entropy + 1)
    page, _ = click(page, "start", entropy + 2)
    made["game"] = (page.session.secret, page.session.game_id, page.session.seed)
    P.open_replay(page, RECORD, 5)
    page, _ = click(page, "practice-here", entropy + 3)
    assert page.session.practice is not None
    made["practice"] = page.session.seed
    page, _ = click(page, "practice-end", entropy + 4)
    page, fx = click(page, "export", entropy + 5)
    made["export"] = fx[-1].name
    page.ui.setup["kinds"][1] = "online"
    page, _ = click(page, "start", entropy + 6)
    lobby = page.session.lobby  # type: ignore[attr-defined]
    made["host"] = page.session.peer.rng.getrandbits(64)  # type: ignore[attr-defined]
    offer, _ = sdps()
    page, _ = update(page, OfferMade(lobby.seats[0].conn, offer))
    made["invite"] = page.session.lobby.seats[0].session  # type: ignore[attr-defined]
    page, _ = click(page, "continue-alone", entropy + 7)
    made["alone"] = (page.session.secret, page.session.game_id)
    return made


def test_the_door_draws_on_its_messages_never_on_the_system(no_system_sources: None) -> None:
    made = play(11)
    # 1,700,000,000 s is 22:13 UTC on 14 November 2023; the click said UTC+2
    assert "20231115-0013" in made["export"], made["export"]
    secrets_made = [made["first"][0], made["game"][0], made["alone"][0]]
    assert len(set(secrets_made)) == 3 and all(len(x) == 64 for x in secrets_made)


def test_the_same_messages_make_the_same_games(no_system_sources: None) -> None:
    assert play(11) == play(11)
    other = play(12)
    assert other["game"] != play(11)["game"] and other["invite"] != play(11)["invite"]
