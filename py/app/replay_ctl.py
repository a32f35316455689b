"""The replay's moving parts for any page: steps, autoplay, the analysis.

The main page (``table.py``) and ``embed.html`` (``embed.py``) both show a
record through ``ReplayControl``: it keeps the ``Replay`` and its
``ReplayUI`` on the page's ``Screen`` (``screen.replay_data`` /
``screen.replay``), moves the step on the replay buttons and keys, steps on
by itself while playing, and runs the post-deal analysis in slices between
``await asyncio.sleep(0)`` calls. The page passes the callback that
re-renders it. Runs under Pyodide; its logic is plain Python.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any

from thousand.record import RecordError, Replay

from .i18n import t
from .replay_view import ReplayUI, replay_names

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
) -> None:
    """Analyse a finished deal in slices, showing its findings in words as they come;
    ``found`` gets the whole result (``thousand.analysis.DealAnalysis``) at the end."""
    # Every piece below runs in a task of its own (the page's render after the
    # click, the import, each slice, each render of the findings): together in one
    # task they blocked the page for 50-120 ms on a 2-core machine.
    await asyncio.sleep(0)
    t0 = time.perf_counter()
    from . import dataclass_code

    with dataclass_code.reusing():  # the solver: imported when first asked for
        from thousand.analysis import Analysis

        from .analysis_view import analysis_lines

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
            show(analysis_lines(an.result(), names, lang), pct)
    await asyncio.sleep(0)
    if found is not None:
        found(an.result())
    show(analysis_lines(an.result(), names, lang), -1)


class ReplayControl:
    """Steps, autoplay and the analysis of the record a page shows."""

    def __init__(
        self,
        screen: Any,
        render: Callable[[], None],
        log: Callable[[str], None] | None = None,
        on_step: Callable[[], None] | None = None,
    ) -> None:
        self.screen = screen  # has .lang, .replay, .replay_data
        self.render = render
        self.log = log
        self.on_step = on_step  # told after every change of position (embed: postMessage)
        self.play_task: Any = None
        self.analysis_task: Any = None

    @property
    def ui(self) -> ReplayUI | None:
        """The replay's UI state (None: no replay up)."""
        ui: ReplayUI | None = self.screen.replay
        return ui

    @property
    def data(self) -> Replay | None:
        """The record shown (None: none)."""
        data: Replay | None = self.screen.replay_data
        return data

    def open(self, record: Any, step: int = 0, **options: Any) -> str | None:
        """Show a record (``ReplayUI`` fields as options); the reason when it cannot be."""
        try:
            data = Replay(record)
        except (RecordError, ValueError) as e:
            return str(e)[:200]
        self.stop()
        self.screen.replay_data = data
        self.screen.replay = ReplayUI(step=data.clamp(step), **options)
        if self.screen.replay.analysis:
            self._follow_analysis()
        return None

    def close(self) -> None:
        """Leave the replay."""
        self.stop()
        self.screen.replay = None
        self.screen.replay_data = None

    def stop(self) -> None:
        """Stop stepping on and analysing."""
        self.pause()
        if self.analysis_task is not None and not self.analysis_task.done():
            self.analysis_task.cancel()
        self.analysis_task = None

    def goto(self, step: int) -> None:
        """Show the position after ``step`` actions (clamped)."""
        r, data = self.ui, self.data
        if r is None or data is None:
            return
        r.step = data.clamp(step)
        self._changed()

    def play(self) -> None:
        """Step on by itself every ``autoplay_ms``."""
        r, data = self.ui, self.data
        if r is None or data is None or r.playing:
            return
        r.playing = True
        self.play_task = asyncio.ensure_future(self._autoplay(data, r))

    def pause(self) -> None:
        """Stop stepping on by itself."""
        if self.ui is not None:
            self.ui.playing = False
        if self.play_task is not None and not self.play_task.done():
            self.play_task.cancel()
        self.play_task = None

    def act(self, name: str) -> bool:
        """A replay button (``data-ui``) or key; False when it is not one."""
        r, data = self.ui, self.data
        if r is None or data is None:
            return False
        target = replay_target(name, r.step, data.steps)
        if target is not None:
            self.pause()
            self.goto(target)
            return True
        if name == "step-play":
            if r.playing:
                self.pause()
            else:
                self.play()
        elif name == "replay-sheet":
            r.sheet = not r.sheet
        elif name == "analysis":
            r.analysis = not r.analysis
            if not r.analysis and self.analysis_task is not None:
                self.analysis_task.cancel()
            r.analysis_deal = -1
            self._follow_analysis()
        else:
            return False
        self.render()
        return True

    def set_view(self, value: str) -> None:
        """All hands open (``"open"``) or one seat's view."""
        r = self.ui
        if r is None:
            return
        r.seat = int(value) if value.isdigit() else None
        self.render()

    def _changed(self) -> None:
        self._follow_analysis()
        self.render()
        if self.on_step is not None:
            self.on_step()

    def _follow_analysis(self) -> None:
        """The analysis follows the deal on show."""
        r, data = self.ui, self.data
        if r is None or data is None or not r.analysis:
            return
        deal = deal_at(data, r.step)
        if r.analysis_deal == deal:
            return
        if self.analysis_task is not None and not self.analysis_task.done():
            self.analysis_task.cancel()
        r.analysis_deal = deal
        lang = self.screen.lang
        names = replay_names(data.conventions.players, lang, r.own)

        def show(rows: list[str], pct: int) -> None:
            if self.ui is r:
                r.analysis_rows, r.analysis_pct = rows, pct
                self.render()

        self.analysis_task = asyncio.ensure_future(
            run_analysis(data, deal, names, lang, show, self.log)
        )

    async def _autoplay(self, data: Replay, r: ReplayUI) -> None:
        while r.playing and self.ui is r and r.step < data.steps:
            await asyncio.sleep(r.autoplay_ms / 1000)
            if not r.playing or self.ui is not r:
                return
            r.step += 1
            self._changed()
        r.playing = False
        if self.ui is r:
            self.render()
