"""Play whole deals through the page at normal speed, as a person would, and measure
how the table feels (issue: every input lands, every card readable).

Serves ``dist/``, starts a seeded game at each screen size, and clicks through
deals with the test player's policy (``tests/e2e/play_support.py``: lowest
bid, first legal card, first give, *Next deal*), reloading every few deals to
check that the save resumes. Prints, per size and in total:

* legal cards whose index (top-left corner) is covered by another element, checked
  at rest at every human turn (goal 0), and marriage badges not wholly on their own
  card (goal 0);
* inputs on a legal choice not applied within 0.5 s (``#table[data-version]``
  must change; goal 0), and the slowest one;
* sprite requests per visit (the card art is inlined; goal <= 1);
* the longest main-thread task (PerformanceObserver ``longtask``);
* console errors.

    python3 bench/playthrough.py [--deals 2] [--sizes 1280x800,390x844] [--lang en]
        [--level normal] [--seed 3] [--players 3] [--fast]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "tests" / "e2e"))
sys.path.insert(0, str(ROOT / "py"))

from e2e_support import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from play_support import BADGES_COVERED_JS, CARD_SPOT, COVERED_JS, TURN, version  # noqa: E402
from serve import start_server  # noqa: E402

OBSERVER = """
window.__long = [];
new PerformanceObserver(list => {
  for (const e of list.getEntries()) window.__long.push([e.startTime, e.duration]);
}).observe({type: 'longtask', buffered: true});
"""


def timed_click(page: Any, locator: Any, spot: dict[str, int] | None = None) -> float:
    """Click a legal choice; seconds until the game applied it."""
    before = version(page)
    t0 = time.perf_counter()
    if spot:
        locator.click(position=spot)
    else:
        locator.click()
    page.wait_for_function(
        "(v) => Number(document.querySelector('#table').dataset.version) > v",
        arg=before,
        timeout=30_000,
    )
    return time.perf_counter() - t0


def longest_after_ready(page: Any) -> float:
    """The longest main-thread task of this page since its table was ready (ms)."""
    return float(
        page.evaluate(
            "Math.max(0, ...(window.__long || [])"
            ".filter(([s]) => s > (window.__ready || 0)).map(([, d]) => d))"
        )
    )


def play(page: Any, deals: int, reload_every: int, figures: dict[str, Any]) -> None:
    """Click through ``deals`` deals, recording the figures."""
    done = 0
    while done < deals:
        page.wait_for_selector(TURN, timeout=300_000)
        phase = str(page.get_attribute("#table", "data-phase"))
        if phase == "game-over":
            return
        if phase == "deal-end":
            done += 1
            page.click('[data-ui="next"]')
            if done % reload_every == 0 and done < deals:
                figures["longest"] = max(figures["longest"], longest_after_ready(page))
                page.reload()
                page.wait_for_selector('#table[data-ready="1"]', timeout=180_000)
                page.evaluate("window.__ready = performance.now()")
            continue
        figures["covered"] += len(set(page.evaluate(COVERED_JS)))
        figures["badges"] += len(page.evaluate(BADGES_COVERED_JS))
        acts = page.locator(".controls [data-action]")
        texts = [acts.nth(i).get_attribute("data-action") for i in range(acts.count())]
        lat: list[float] = []
        if phase == "bidding":
            bid = [t for t in texts if t and t.startswith("bid ")]
            pick = bid[0] if bid else next(t for t in texts if t in ("pass", "keep", "look"))
            lat.append(timed_click(page, page.locator(f'.controls [data-action="{pick}"]')))
        elif phase == "discard":
            if "pick 0" in texts:
                lat.append(timed_click(page, page.locator('[data-action="pick 0"]')))
            else:
                page.locator('.hand-own [data-legal="1"]').first.click(position=CARD_SPOT)
                give = page.locator('[data-action^="give "], [data-action^="aside "]').first
                lat.append(timed_click(page, give))
        elif phase == "contract":
            lat.append(timed_click(page, page.locator('[data-action^="contract "]').first))
        else:
            card = page.locator('.hand-own [data-legal="1"]').first
            lat.append(timed_click(page, card, CARD_SPOT))
        figures["inputs"] += len(lat)
        figures["late"] += sum(1 for x in lat if x > 0.5)
        figures["slowest"] = max([figures["slowest"], *lat])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=2, help="deals per screen size")
    ap.add_argument("--sizes", default="1280x800,390x844")
    ap.add_argument("--lang", default="en")
    ap.add_argument("--level", default="normal")
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=3)
    ap.add_argument("--reload-every", type=int, default=2)
    ap.add_argument("--fast", action="store_true", help="short pauses (speed=fast)")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = start_server(ROOT / "dist")
    total: dict[str, Any] = {
        "covered": 0,
        "badges": 0,
        "inputs": 0,
        "late": 0,
        "slowest": 0.0,
        "errors": 0,
    }
    longest = 0.0
    sprite = 0
    visits = 0
    t0 = time.perf_counter()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for size in args.sizes.split(","):
                w, h = (int(x) for x in size.split("x"))
                ctx = browser.new_context(
                    viewport={"width": w, "height": h}, service_workers="block", has_touch=w < 600
                )
                ctx.add_init_script(OBSERVER)
                page = ctx.new_page()
                errors: list[str] = []
                sprites: list[str] = []
                page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                page.on(
                    "console",
                    lambda m, errors=errors: m.type == "error" and errors.append(m.text),
                )
                page.on(
                    "request",
                    lambda r, sprites=sprites: "cards.svg" in r.url and sprites.append(r.url),
                )
                page.on("load", lambda *_: None)
                speed = "&speed=fast" if args.fast else ""
                page.goto(
                    f"{url}?seed={args.seed}&fresh=1&players={args.players}&level={args.level}"
                    f"&lang={args.lang}{speed}",
                    timeout=180_000,
                )
                page.wait_for_selector('#table[data-ready="1"]', timeout=180_000)
                page.evaluate("window.__ready = performance.now()")
                figures = {
                    "covered": 0,
                    "badges": 0,
                    "inputs": 0,
                    "late": 0,
                    "slowest": 0.0,
                    "longest": 0.0,
                }
                play(page, args.deals, args.reload_every, figures)
                reloads = max(0, (args.deals - 1) // args.reload_every)
                visits += 1 + reloads
                # Tasks after the table is ready (the start-up is bench/startup.py's job).
                task = max(figures["longest"], longest_after_ready(page))
                longest = max(longest, task)
                sprite += len(sprites)
                print(
                    f"{size}: inputs {figures['inputs']}, late (>0.5 s) {figures['late']}, "
                    f"slowest {figures['slowest'] * 1000:.0f} ms, covered indices "
                    f"{figures['covered']}, badges off their card {figures['badges']}, "
                    f"longest task {task:.0f} ms, sprite requests "
                    f"{len(sprites)}, console errors {len(errors)}"
                )
                for k in ("covered", "badges", "inputs", "late"):
                    total[k] += figures[k]
                total["slowest"] = max(total["slowest"], figures["slowest"])
                total["errors"] += len(errors)
                for e in errors[:3]:
                    print("  " + e[:300])
                ctx.close()
            browser.close()
    finally:
        server.shutdown()
    print(f"time: {time.perf_counter() - t0:.0f} s")
    print(
        f"covered indices: {total['covered']}; badges off their card: {total['badges']}; "
        f"inputs not applied within 0.5 s: "
        f"{total['late']} of {total['inputs']} (slowest {total['slowest'] * 1000:.0f} ms); "
        f"sprite requests per visit: {sprite / max(visits, 1):.1f}; "
        f"longest main-thread task: {longest:.0f} ms; console errors: {total['errors']}"
    )
    bad = total["covered"] or total["badges"] or total["late"] or total["errors"]
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
