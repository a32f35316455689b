"""Longest main-thread task while computer opponents think, in headless Chromium.

Serves ``dist/`` on localhost, opens a new seeded game against two Strong
bots (their real 1 s budget, normal pacing off), plays one whole deal as the
human with a simple policy (lowest bid, first legal card, first give), and
records every main-thread long task (PerformanceObserver ``longtask``,
entries over 50 ms) from the moment the table is ready. Prints the figures;
the goal is no task over 100 ms while a bot thinks.

    python3 bench/longtasks.py [--level strong] [--deals 1] [--seed 7]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))

from e2e_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from serve import start_server  # noqa: E402

ARGS = CHROMIUM_ARGS  # the launch flags this closed network needs
OBSERVER = """
window.__long = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""
TURN = '#table[data-turn="human"], #table[data-phase="deal-end"], #table[data-phase="game-over"]'


def act(page: object) -> str:
    """One human action by the simple policy; returns the phase acted in."""
    p = page  # playwright Page
    p.wait_for_selector(TURN, timeout=300_000)  # type: ignore[attr-defined]
    phase = str(p.get_attribute("#table", "data-phase"))  # type: ignore[attr-defined]
    if phase in ("deal-end", "game-over"):
        return phase
    loc = p.locator  # type: ignore[attr-defined]
    if phase == "bidding":
        bids = loc('[data-action^="bid "]')
        (bids.first if bids.count() else loc("[data-action]").first).click()
    elif phase == "discard":
        if loc('[data-action^="pick"]').count():
            loc('[data-action^="pick"]').first.click()
        else:
            loc('[data-card][data-legal="1"]').first.click()
            loc('[data-action^="give "], [data-action^="aside "]').first.click()
    elif phase == "contract":
        loc('[data-action^="contract "]').first.click()
    else:
        loc('[data-card][data-legal="1"]').first.click()
    p.wait_for_timeout(50)  # type: ignore[attr-defined]
    return phase


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--level", default="strong")
    ap.add_argument("--deals", type=int, default=1)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = start_server(ROOT / "dist")
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            ctx = browser.new_context(
                viewport={"width": 1280, "height": 800}, service_workers="block"
            )
            page = ctx.new_page()
            page.add_init_script(OBSERVER)
            # speed=fast: short pauses between moves; think=1000: the real AI budget.
            page.goto(
                f"{url}?seed={args.seed}&fresh=1&level={args.level}&speed=fast&think=1000",
                timeout=180_000,
            )
            page.wait_for_selector('#table[data-ready="1"]', timeout=180_000)
            ready_at = page.evaluate("performance.now()")
            t0 = time.perf_counter()
            deals = 0
            actions = 0
            while deals < args.deals:
                phase = act(page)
                if phase == "deal-end":
                    deals += 1
                    if deals < args.deals:
                        page.click('[data-ui="next"]')
                elif phase == "game-over":
                    break
                else:
                    actions += 1
            wall = time.perf_counter() - t0
            tasks = page.evaluate("window.__long")
            browser.close()
    finally:
        server.shutdown()
    during = [d for start, d in tasks if start >= ready_at]
    print(
        f"level: {args.level}, deals played: {deals}, human actions: {actions}, wall: {wall:.1f} s"
    )
    print(f"long tasks after ready: {len(during)}")
    if during:
        during.sort()
        print(
            f"longest main-thread task while playing: {during[-1]:.0f} ms "
            f"(p50 of long tasks {during[len(during) // 2]:.0f} ms)"
        )
    else:
        print("longest main-thread task while playing: < 50 ms (no long task)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
