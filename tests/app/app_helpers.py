"""Shared helpers of the app tests: sessions driven to interesting moments."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from app.page.screen import Screen, build
from app.replay.share import finished_record
from app.shell.dom import El, find_all, to_html
from app.table.session import Session
from thousand import Conventions

T = TypeVar("T")


def run_coroutine(coro: Coroutine[Any, Any, T]) -> T:
    """``asyncio.run(coro)`` in a thread of its own: the browser tests, when pytest
    runs them first in the same process, leave Playwright's loop running in this one."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def new_session(
    players: int = 3, preset: str = "classic", seed: int = 3, level: str = "easy"
) -> Session:
    return Session.new(Conventions.for_players(players, preset), level, seed=seed)


def bot_move(s: Session, rng: random.Random) -> None:
    """A bot (or the random stand-in for the human) moves."""
    legal = s.state.legal_actions()
    s.apply(legal[rng.randrange(len(legal))])


def to_human_turn(s: Session, rng: random.Random) -> bool:
    """Random legal play until the human is to act; False at the end of the game."""
    for _ in range(2000):
        if s.state.is_terminal():
            return False
        if s.waiting_for_summary():
            s.acknowledge()
            continue
        if s.human_to_act():
            return True
        bot_move(s, rng)
    return False


def page(s: Session, ui: Screen | None = None) -> str:
    _, kids = build(s, ui or Screen())
    return "".join(to_html(k) for k in kids)


def notices_said(p: Any) -> list[str]:
    """The notices of a page (``update.Page``) as its table words them now: in its
    language, seats by their names at the table."""
    return [notice_said(p, n) for n in p.ui.notices]


def notice_said(p: Any, n: Any) -> str:
    """One notice of a page as its table words it now."""
    m, _ = build(p.session, p.ui)
    return str(n.words.text(p.ui.lang, m.names))


def elements(s: Session, ui: Screen | None = None) -> list[El]:
    _, kids = build(s, ui or Screen())
    out: list[El] = []
    for k in kids:
        out += find_all(k, lambda e: True)
    return out


def actions_on_page(html: str) -> set[str]:
    return set(re.findall(r'data-action="([^"]+)"', html))


def legal_cards_on_page(html: str) -> set[str]:
    cards = set()
    for m in re.finditer(r"<button [^>]*data-card=\"(\w\w)\"[^>]*>", html):
        if 'data-legal="1"' in m.group(0):
            cards.add(m.group(1))
    return cards


def random_record(deals: int, seed: int) -> dict[str, Any]:
    """The record (``app.replay.share.finished_record``) of a classic 3-player game
    played at random for ``deals`` deals: for replays, share links and embeds."""
    s = new_session(seed=seed)
    rng = random.Random(seed)
    while s.state.n_rows < deals:
        bot_move(s, rng)
    rec = finished_record(s.state)
    assert rec is not None
    return rec


def sdps() -> tuple[str, str]:
    """A real Chromium offer and answer (``data/chromium_sdp.json``) for the lobby's codes."""
    import json
    from pathlib import Path

    data = json.loads((Path(__file__).parent / "data" / "chromium_sdp.json").read_text())
    return data["offer"], data["answer"]


def same(a: Any, b: Any) -> bool:
    """Whether session ``a`` is ``b`` as it was: the page's door hands back a copy of
    the model each time, so the same game is known by its key, unchanged by its
    version (``Session.key``, ``Session.version``)."""
    return a is not None and b is not None and (a.key, a.version) == (b.key, b.version)
