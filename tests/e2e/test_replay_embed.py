"""Replays, share links, the analysis and embed.html in Chromium.

A ``#record=`` link steps through a whole deal; the example host page served
from another origin than ``embed.html`` gets both embeds and its
``<thousand-deal>`` ready, drives one
with ``thousand:goto`` and hears ``thousand:step``; a bad record yields
``thousand:error`` and a message; nothing is written to ``localStorage``; the
analysis of a deal finishes without a main-thread task over 50 ms."""

from __future__ import annotations

import json
import urllib.parse
from collections.abc import Iterator
from typing import Any

import pytest
from app_helpers import random_record
from e2e_support import DIST, OVERLAPS, READY
from serve import start_server

from app.replay.share import plain_fragment

#: The analysis has finished: no progress line, and its findings listed.
ANALYSIS_DONE = """() => { const a = document.querySelector('[data-analysis]');
  return a && !a.querySelector('.analysis-progress') && a.querySelector('li'); }"""
LONG = """window.__long = [];
new PerformanceObserver((l) => {
  for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});"""


@pytest.fixture(scope="module")
def other_origin() -> Iterator[str]:
    """dist/ served a second time, on another port: another origin."""
    server, url = start_server(DIST)
    yield url.rstrip("/")
    server.shutdown()
    server.server_close()


# The table's data-phase at the moment it gets data-ready="1".
PHASE_AT_READY = """new MutationObserver((records, obs) => {
  for (const r of records) {
    if (r.target.id === "table" && r.target.dataset.ready === "1") {
      window.__phaseAtReady = r.target.dataset.phase;
      obs.disconnect();
      return;
    }
  }
}).observe(document, {attributes: true, attributeFilter: ["data-ready"], subtree: true});"""


def test_a_record_link_steps_through_a_whole_deal(page: Any, base_url: str) -> None:
    rec = random_record(1, seed=11)
    rec["notes"] = {"5": "A caption for step five"}
    page.add_init_script(PHASE_AT_READY)
    page.goto(base_url + "?lang=en" + plain_fragment(rec))
    page.wait_for_selector(READY)
    # Ready means the replay is on screen, not the game behind it.
    assert page.evaluate("window.__phaseAtReady") == "replay"
    table = page.locator("#table")
    assert table.get_attribute("data-phase") == "replay"
    steps = int(table.get_attribute("data-steps") or 0)
    assert steps == len(rec["deals"][0]["actions"]) > 20
    seen = set()
    for step in range(1, steps + 1):
        page.click('[data-ui="step-next"]')
        page.wait_for_selector(f'#table[data-step="{step}"]')
        seen.add(step)
        if step == 5:
            assert page.locator("[data-caption]").inner_text() == "A caption for step five"
    assert seen == set(range(1, steps + 1))
    page.keyboard.press("Home")
    page.wait_for_selector('#table[data-step="0"]')
    # The hands are open: every card of the deal is on the table at the start.
    assert page.locator(".seat [data-fly]").count() >= 21
    page.click('[data-ui="replay-close"]')
    page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'replay'")


def _analysis_long_tasks(page: Any, base_url: str, rec: dict[str, Any]) -> list[float]:
    """Open the record's replay, run the analysis to its end; the main-thread tasks
    over 50 ms from the analysis's first progress on (ms, in order). The click's
    own task and the solver's import come before it and are not counted."""
    page.goto("about:blank")  # a new document each run, not a same-page fragment change
    page.goto(base_url + "?lang=en" + plain_fragment(rec) + "&step=30")
    page.wait_for_selector(READY)
    page.evaluate(PROGRESS)
    page.click('[data-ui="analysis"]')
    page.wait_for_function(ANALYSIS_DONE, timeout=300_000)
    assert "perfect play" in page.locator("[data-analysis]").inner_text()
    long: list[float] = page.evaluate(
        "window.__long.filter(([s, d]) => s >= window.__progress && d > 50).map(([, d]) => d)"
    )
    return long


#: Notes when the analysis's progress line first shows: a mutation observer runs
#: in the same task as the render that shows it, before the first slice.
PROGRESS = """window.__progress = Infinity;
new MutationObserver((_, obs) => {
  if (document.querySelector('[data-analysis] .analysis-progress')) {
    window.__progress = performance.now(); obs.disconnect();
  }
}).observe(document.getElementById('table'), {childList: true, subtree: true});"""


def test_the_analysis_finishes_without_a_long_task(page: Any, base_url: str) -> None:
    """The analysis works in slices (replay_ctl.SLICE_MS), each in a task of its
    own, as is each render of its findings: from its first progress on, no task
    blocks the page for long. An analysis that does not yield fails every time
    (one task of seconds); a busy 2-core machine stretches a task over 50 ms now
    and then, so one such task is let pass, none over 150 ms, and the run is
    repeated (up to three times) before it fails."""
    page.add_init_script(LONG)
    rec = random_record(1, seed=11)
    runs = []
    for _ in range(3):
        long = _analysis_long_tasks(page, base_url, rec)
        runs.append(long)
        if len(long) <= 1 and all(d <= 150 for d in long):
            return
    pytest.fail(f"tasks over 50 ms (ms) in each of {len(runs)} runs: {runs}")


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True)
def test_a_long_analysis_can_be_read_to_its_end_on_a_phone(page: Any, base_url: str) -> None:
    """The table is one screen high and does not scroll: the analysis box scrolls
    instead (before, its last lines were cut off below the screen's edge)."""
    rec = random_record(1, seed=11)
    page.goto(base_url + "?lang=ru" + plain_fragment(rec) + "&step=30")
    page.wait_for_selector(READY)
    page.click('[data-ui="analysis"]')
    page.wait_for_function(ANALYSIS_DONE, timeout=300_000)
    box = page.locator("[data-analysis]")
    assert box.evaluate("(a) => a.scrollHeight > a.clientHeight")  # long enough to need it
    last = page.locator("[data-analysis] li").last
    last.scroll_into_view_if_needed()
    r = last.bounding_box()
    assert r is not None and r["y"] + r["height"] <= 844
    buttons = page.locator(".replay-bar .replay-buttons").bounding_box()
    assert box.bounding_box()["y"] >= buttons["y"]


@pytest.mark.parametrize("size", [(320, 480), (600, 400)])
def test_a_small_embed_with_controls_and_analysis_overlaps_nothing(
    page: Any, base_url: str, size: tuple[int, int]
) -> None:
    """The controls and the analysis took the middle's height in a small iframe, and
    the trick's cards covered the banner and the contract line; the replay's table
    now scrolls instead, and every control can be reached."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    rec = random_record(1, seed=11)
    page.goto(base_url + "embed.html" + plain_fragment(rec) + "&step=30&analysis=1&lang=ru")
    page.wait_for_selector(READY)
    page.wait_for_function(ANALYSIS_DONE, timeout=300_000)
    assert page.evaluate(OVERLAPS) == []
    for name in ("step-first", "step-next", "analysis"):
        button = page.locator(f'[data-ui="{name}"]')
        button.scroll_into_view_if_needed()
        r = button.bounding_box()
        assert r is not None and r["y"] >= 0 and r["y"] + r["height"] <= size[1]
    page.locator('[data-ui="step-next"]').click()
    page.wait_for_selector('#table[data-step="31"]')


def test_the_example_host_page_drives_embeds_from_another_origin(
    page: Any, base_url: str, other_origin: str
) -> None:
    messages: list[Any] = []
    page.expose_function("hostHeard", lambda m: messages.append(m))
    page.add_init_script(
        "addEventListener('message', (e) => e.data && e.data.type && window.hostHeard(e.data));"
    )
    embed = other_origin + "/embed.html"
    page.goto(base_url + "examples/explainer.html?embed=" + urllib.parse.quote(embed, safe=""))
    frames = [page.frame_locator("#open"), page.frame_locator("#driven")]
    for f in frames:
        f.locator(READY).wait_for()
    page.wait_for_function("() => document.querySelector('#where').textContent.startsWith('step')")
    # The element form beside them, its embed.js from the other origin too.
    page.wait_for_selector('thousand-deal#element[data-ready="1"]')
    page.wait_for_function(
        "() => document.querySelector('#el-where').textContent.startsWith('step 20 of')"
    )
    page.click("#pause")
    page.evaluate(
        "(o) => document.getElementById('driven').contentWindow"
        ".postMessage({type: 'thousand:goto', step: 12}, o)",
        other_origin,
    )
    frames[1].locator('#table[data-step="12"]').wait_for()
    page.wait_for_function(
        "() => document.querySelector('#where').textContent.startsWith('step 12')"
    )
    assert any(m.get("type") == "thousand:step" and m.get("step") == 12 for m in messages)
    assert any(m.get("type") == "thousand:ready" for m in messages)
    # A bad record: thousand:error, and a message inside the embed.
    page.evaluate(
        "(o) => document.getElementById('driven').contentWindow"
        ".postMessage({type: 'thousand:load', record: {format: 'nope'}}, o)",
        other_origin,
    )
    page.wait_for_function("() => document.querySelector('#where').textContent.startsWith('error')")
    assert any(m.get("type") == "thousand:error" for m in messages)
    assert frames[1].locator(".notice.error, .embed-message").count() >= 1
    # A guest writes nothing to the player's storage.
    for frame in page.frames:
        if frame.url.startswith(other_origin):
            assert frame.evaluate("localStorage.length") == 0


def test_an_embed_fits_small_iframes_and_says_what_is_wrong(page: Any, base_url: str) -> None:
    rec = random_record(1, seed=11)
    page.set_viewport_size({"width": 320, "height": 240})
    page.goto(base_url + "embed.html" + plain_fragment(rec) + "&step=10&seat=1&controls=0")
    page.wait_for_selector(READY)
    assert page.get_attribute("#table", "data-step") == "10"
    assert page.locator('[data-ui="step-next"]').count() == 0  # host-driven
    fits = page.evaluate("() => document.documentElement.scrollWidth <= innerWidth + 1")
    assert fits
    bad = urllib.parse.quote(json.dumps({"format": 1}))
    page.goto(base_url + "embed.html?again=1#record=" + bad)  # a new document, not a hash change
    page.wait_for_selector(READY)
    assert page.get_attribute("#table", "data-phase") == "error"
    assert "cannot be shown" in page.locator(".embed-message").inner_text()
    assert page.evaluate("localStorage.length") == 0
