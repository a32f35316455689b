"""Play whole games through the page in headless Chromium, as a person would click.

A smoke run too long for CI: serves ``dist/``, starts a new seeded game, and
clicks through every deal (lowest bid, first legal card, first give, the
summary's *Next deal*) until *Game over*, reloading the page every few deals
to check that the save resumes. Prints deals played, the winner, console
errors and the time taken.

    python3 bench/playthrough.py [--players 3] [--level easy] [--seed 1] [--lang ru]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "bench"))

from longtasks import ARGS, CHROMIUM, act  # noqa: E402
from serve import start_server  # noqa: E402


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--level", default="easy")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--lang", default="en")
    ap.add_argument("--reload-every", type=int, default=10)
    ap.add_argument("--max-deals", type=int, default=400)
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    server, url = start_server(ROOT / "dist")
    errors: list[str] = []
    t0 = time.perf_counter()
    deals = 0
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_context(service_workers="block").new_page()
            page.on("pageerror", lambda e: errors.append(str(e)))
            page.on("console", lambda m: m.type == "error" and errors.append(m.text))
            page.goto(
                f"{url}?seed={args.seed}&fresh=1&players={args.players}"
                f"&level={args.level}&lang={args.lang}&speed=fast",
                timeout=180_000,
            )
            page.wait_for_selector('#table[data-ready="1"]', timeout=180_000)
            while deals < args.max_deals:
                phase = act(page)
                if phase == "game-over":
                    break
                if phase == "deal-end":
                    deals += 1
                    page.click('[data-ui="next"]')
                    if deals % args.reload_every == 0:
                        page.reload()
                        page.wait_for_selector('#table[data-ready="1"]', timeout=180_000)
            totals = page.locator(".ranking li").all_inner_texts()
            page.screenshot(path=str(ROOT / "artifacts" / "playthrough-game-over.png"))
            browser.close()
    finally:
        server.shutdown()
    print(f"deals played: {deals} in {time.perf_counter() - t0:.0f} s")
    print("final ranking: " + "; ".join(totals))
    print(f"console errors: {len(errors)}")
    for e in errors[:5]:
        print("  " + e[:300])
    return 1 if errors or not totals else 0


if __name__ == "__main__":
    sys.exit(main())
