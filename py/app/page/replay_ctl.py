"""The replay's moving parts for any page: steps, autoplay, the analysis.

The game page (``update_page``) and ``embed.html`` (``embed_update``) show a
record through the same pure functions: a page model (``ReplayHost``: the
game page's ``update.Page``, the embed's ``embed_update.Guest``) keeps the
``Replay`` and its ``ReplayUI`` on its ``Screen`` (``ui.replay_data`` /
``ui.replay``); ``show_record``, ``replay_act``, ``autoplay_tick``,
``analysis_shown`` and ``close_replay`` change it and return the effects
(``Autoplay``, ``Analyse``, ``StopAnalysis``) that the page's runner carries
out (``runner_fx.Thoughts``), whose answers come back as messages with their
token. ``run_analysis`` is that analysis, in slices between
``await asyncio.sleep(0)`` calls.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from app.page.page_msgs import Analyse, Autoplay, Slot, StopAnalysis, new_token
from app.replay.replay_view import ReplayUI, replay_names
from app.shell import ai_code, dataclass_code
from app.shell.i18n import t
from thousand.record import Replay, load_seats

if TYPE_CHECKING:
    from app.page.screen import Screen

#: One slice of the analysis between yields to the page (as the bots' thinking).
SLICE_MS = 15  # a slice overshoots to ~1.8x in Pyodide (bench/analysis.py)
STEP_KEYS = {
    "ArrowLeft": "step-prev",
    "ArrowRight": "step-next",
    "Home": "step-first",
    "End": "step-last",
    " ": "step-play",
}


def replay_target(name: str, step: int, steps: int) -> int | None:
    """The step a stepping button (``step-first``, ``-prev``, ``-next``, ``-last``)
    goes to from ``step`` of ``steps``, unclamped; None for any other control."""
    return {
        "step-first": 0,
        "step-prev": step - 1,
        "step-next": step + 1,
        "step-last": steps,
    }.get(name)


def deal_at(data: Replay, step: int) -> int:
    """The deal a replay step belongs to (a step that ends a deal: that deal)."""
    deal, k = data.locate(step)
    return deal - 1 if k == 0 and step > 0 else deal


async def run_analysis(
    data: Replay,
    deal: int,
    names: Sequence[str],
    lang: str,
    show: Callable[[list[str], int], None],
    log: Callable[[str], None] | None = None,
    found: Callable[[Any], None] | None = None,
    you: int = -1,
) -> None:
    """Analyse a finished deal in slices, showing its findings in words as they come;
    ``found`` gets the result (``thousand.analysis.DealAnalysis``) as soon as the best
    the declarer could make is known (final from then on), and again at the end."""
    # Every piece below runs in a task of its own (the page's render after the
    # click, the import, each slice, each render of the findings): together in one
    # task they blocked the page for 50-120 ms on a 2-core machine.
    await asyncio.sleep(0)
    await ai_code.ready()  # (the solver comes with the AI's wheel)
    t0 = time.perf_counter()
    with dataclass_code.reusing():  # the solver: imported when first asked for
        from app.replay.analysis_view import analysis_lines
        from thousand.analysis import Analysis

    if log:
        log(f"analysis import {(time.perf_counter() - t0) * 1000:.0f} ms")
    await asyncio.sleep(0)
    t0 = time.perf_counter()
    try:
        an = Analysis(data, deal)
    except ValueError:
        show([t(lang, "analysis_none")], -1)
        return
    if log:
        log(f"analysis setup {(time.perf_counter() - t0) * 1000:.0f} ms")
    shown = -10
    told = False  # found() was given the best the declarer could make
    await asyncio.sleep(0)
    show([], 0)
    while True:
        await asyncio.sleep(0)
        s0 = time.perf_counter()
        done = an.step(max_ms=SLICE_MS)
        took = time.perf_counter() - s0
        if log and took > 0.045:
            log(f"analysis slice {took * 1000:.0f} ms")
        if done:
            break
        pct = int(an.progress() * 100)
        if pct >= shown + 10:
            shown = pct
            await asyncio.sleep(0)
            res = an.result()
            if found is not None and not told and res.max_points is not None:
                told = True
                found(res)
            show(analysis_lines(res, names, lang, you), pct)
    await asyncio.sleep(0)
    if found is not None:
        found(an.result())
    show(analysis_lines(an.result(), names, lang, you), -1)


class ReplayHost(Protocol):
    """A page model that shows records: its screen and its thoughts' tokens."""

    ui: Screen
    tokens: dict[Slot, int]
    made: int


ReplayEffect = Autoplay | Analyse | StopAnalysis


def show_record(page: ReplayHost, data: Replay, step: int = 0, **options: Any) -> list[Any]:
    """Show ``data`` at ``step`` (clamped; ``ReplayUI`` fields as options), in place
    of any replay on show."""
    fx: list[Any] = close_replay(page)
    page.ui.replay_data = data
    page.ui.replay = ReplayUI(step=data.clamp(step), **options)
    return [*fx, *follow_analysis(page)]


def close_replay(page: ReplayHost) -> list[Any]:
    """Leave the replay view (its autoplay and analysis stop)."""
    ui = page.ui
    if ui.replay is None:
        return []
    ui.replay = None
    ui.replay_data = None
    page.tokens.pop(Slot.REPLAY, None)
    page.tokens.pop(Slot.AUTOPLAY, None)
    return [Autoplay(0), StopAnalysis(Slot.REPLAY)]


def follow_analysis(page: ReplayHost) -> list[Any]:
    """The replay's analysis follows the deal on show."""
    r, data, lang = page.ui.replay, page.ui.replay_data, page.ui.lang
    if r is None or data is None or not r.analysis:
        return []
    deal = deal_at(data, r.step)
    if r.analysis_deal == deal:
        return []
    r.analysis_deal = deal
    n = data.conventions.players
    names = tuple(replay_names(n, lang, r.own, load_seats(data.record, n)))
    token = new_token(page, Slot.REPLAY)
    you = 0 if r.own else -1  # the player's own game: seat 0 is "You" (replay_names)
    return [Analyse(Slot.REPLAY, token, data.record, deal, names, lang, you)]


def pause(page: ReplayHost) -> list[Any]:
    """The replay stops stepping on by itself."""
    r = page.ui.replay
    if r is None or not r.playing:
        return []
    r.playing = False
    page.tokens.pop(Slot.AUTOPLAY, None)
    return [Autoplay(0)]


def play(page: ReplayHost) -> list[Any]:
    """The replay steps on by itself every ``autoplay_ms`` (from the last step it
    stops at the first tick)."""
    r, data = page.ui.replay, page.ui.replay_data
    if r is None or data is None or r.playing:
        return []
    r.playing = True
    return [Autoplay(new_token(page, Slot.AUTOPLAY), r.autoplay_ms)]


def goto(page: ReplayHost, step: int) -> list[Any]:
    """Show the position after ``step`` actions (clamped); stepping on by itself stops."""
    r, data = page.ui.replay, page.ui.replay_data
    if r is None or data is None:
        return []
    fx = pause(page)
    r.step = data.clamp(step)
    return [*fx, *follow_analysis(page)]


def replay_act(page: ReplayHost, name: str) -> list[Any]:
    """A replay button or key (``step-*``, ``replay-sheet``, ``analysis``)."""
    r, data = page.ui.replay, page.ui.replay_data
    if r is None or data is None:
        return []
    target = replay_target(name, r.step, data.steps)
    if target is not None:
        return goto(page, target)
    if name == "step-play":
        return pause(page) if r.playing else play(page)
    if name == "replay-sheet":
        r.sheet = not r.sheet
    elif name == "analysis":
        r.analysis = not r.analysis
        r.analysis_deal = -1
        if not r.analysis:
            page.tokens.pop(Slot.REPLAY, None)
            return [StopAnalysis(Slot.REPLAY)]
        return follow_analysis(page)
    return []


def set_view(page: ReplayHost, value: str) -> None:
    """All hands open (``"open"``) or one seat's view (its number)."""
    r, data = page.ui.replay, page.ui.replay_data
    if r is None or data is None:
        return
    seat = int(value) if value.isdigit() else None
    r.seat = seat if seat is None or seat < data.conventions.players else r.seat


def autoplay_tick(page: ReplayHost, token: int) -> list[Any]:
    """The replay steps on by itself; at the last step it stops."""
    r, data = page.ui.replay, page.ui.replay_data
    if r is None or data is None or token != page.tokens.get(Slot.AUTOPLAY) or not r.playing:
        return []
    if r.step < data.steps:
        r.step += 1
    fx = follow_analysis(page)
    if r.step >= data.steps:
        fx += pause(page)
    return fx


def analysis_shown(page: ReplayHost, token: int, rows: Sequence[str], pct: int) -> None:
    """The replay's analysis ``token`` found ``rows`` so far (kept if it is the one on show)."""
    r = page.ui.replay
    if r is not None and token == page.tokens.get(Slot.REPLAY):
        r.analysis_rows, r.analysis_pct = list(rows), pct
