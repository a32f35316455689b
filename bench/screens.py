"""A contact sheet: every phase of the table and every dialog, screenshotted at each
screen size in each language, into one folder for a person to look at.

Serves ``dist/``, starts a seeded game in which the test player (the policy of
``tests/e2e/play_support.py``) declares, and at each moment (bidding, the talon
and discard with a card chosen, the contract, the first lead with a marriage
badge when the hand has one, a trick, a finished trick, the deal summary, and the
dialogs: sheet, log, rules, games, new game, replay, hint) switches the language
through the toolbar and shoots the page in each. Embeds are shot at a grid of
iframe sizes. Prints the folder and the number of pictures; names are
``<size>-<nn>-<moment>-<lang>.png`` so a folder listing reads in order.

    python3 bench/screens.py [--out artifacts/screens] [--sizes 1280x800,390x844,844x390]
        [--langs en,ru,uk,pl] [--seed N]
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
from play_support import CARD_SPOT, TURN, seed_where_human_declares, version  # noqa: E402
from serve import start_server  # noqa: E402

EMBED_SIZES = ("320x240", "390x300", "600x520", "1000x1000")


class Sheet:
    """Shoots one page in every language at each moment."""

    def __init__(self, page: Any, out: Path, size: str, langs: list[str]) -> None:
        self.page, self.out, self.size, self.langs = page, out, size, langs
        self.n = 0
        self.count = 0

    def shoot(self, moment: str) -> None:
        """The page now, in every language (the language is switched in the toolbar)."""
        self.n += 1
        page = self.page
        first = str(page.get_attribute("#table", "data-lang"))
        others = [x for x in self.langs if x != first]
        if not page.locator('[data-ui="lang"]').is_visible():
            others = []  # no language menu here (the replay): the page's language only
        for lang in [first, *others]:
            if lang != str(page.get_attribute("#table", "data-lang")):
                page.select_option('[data-ui="lang"]', lang)
                page.wait_for_function(
                    "(l) => document.querySelector('#table').dataset.lang === l", arg=lang
                )
            page.wait_for_timeout(150)
            # (the cards' flights between two patches, static/motion.js, have landed)
            page.wait_for_function(
                "document.getAnimations().every((a) => a.playState !== 'running'"
                " || a.effect?.getComputedTiming().endTime === Infinity)"
            )
            path = self.out / f"{self.size}-{self.n:02d}-{moment}-{lang}.png"
            page.screenshot(path=str(path))
            self.count += 1
        if others and first != str(page.get_attribute("#table", "data-lang")):
            page.select_option('[data-ui="lang"]', first)


def wait_turn(page: Any) -> str:
    page.wait_for_selector(TURN, timeout=120_000)
    return str(page.get_attribute("#table", "data-phase"))


def click_and_wait(page: Any, selector: str, spot: dict[str, int] | None = None) -> None:
    before = version(page)
    loc = page.locator(selector).first
    if spot:
        loc.click(position=spot)
    else:
        loc.click()
    page.wait_for_function(
        "(v) => Number(document.querySelector('#table').dataset.version) > v", arg=before
    )


def dialog(page: Any, sheet: Sheet, ui: str, moment: str) -> None:
    page.click(f'.toolbar [data-ui="{ui}"]')
    page.wait_for_selector(".overlay")
    sheet.shoot(moment)
    page.keyboard.press("Escape")
    page.wait_for_selector(".dialog", state="detached")


def walk(page: Any, sheet: Sheet) -> None:
    """One declared deal, shot at each moment."""
    phase = wait_turn(page)
    if phase == "bidding":
        sheet.shoot("bidding")
    while phase == "bidding":
        acts = page.locator(".controls [data-action]")
        texts = [acts.nth(i).get_attribute("data-action") for i in range(acts.count())]
        bid = [t for t in texts if t and t.startswith("bid ")]
        pick = bid[0] if bid else next(t for t in texts if t in ("pass", "keep", "look"))
        click_and_wait(page, f'.controls [data-action="{pick}"]')
        phase = wait_turn(page)
    if phase == "discard":
        sheet.shoot("talon")
        page.locator('.hand-own [data-legal="1"]').first.click(position=CARD_SPOT)
        sheet.shoot("discard-chosen")
        click_and_wait(page, '[data-action^="give "], [data-action^="aside "]')
        phase = wait_turn(page)
        if phase == "discard":
            page.locator('.hand-own [data-legal="1"]').first.click(position=CARD_SPOT)
            click_and_wait(page, '[data-action^="give "], [data-action^="aside "]')
            phase = wait_turn(page)
    if phase == "contract":
        sheet.shoot("contract")
        click_and_wait(page, '[data-action^="contract "]')
        phase = wait_turn(page)
    shot_lead = shot_trick = shot_dimmed = False
    while phase == "play":
        if not shot_lead:
            sheet.shoot("lead")
            shot_lead = True
            page.click('[data-ui="hint"]')
            page.wait_for_selector("[data-hint]", timeout=60_000)
            sheet.shoot("hint")
        elif not shot_trick and page.locator(".trick .trick-card").count():
            sheet.shoot("trick")
            shot_trick = True
        dimmed = page.locator(".hand-own .card-btn.off")
        if dimmed.count() and not shot_dimmed:
            dimmed.first.click(position=CARD_SPOT, force=True)
            sheet.shoot("dimmed-click")
            shot_dimmed = True
        click_and_wait(page, '.hand-own [data-legal="1"]', CARD_SPOT)
        phase = wait_turn(page)
    page.wait_for_selector('.overlay[data-dialog="summary"]')
    sheet.shoot("summary")
    page.click('.overlay [data-ui="replay-deal"]')
    page.wait_for_selector('#table[data-phase="replay"]')
    sheet.shoot("replay")
    page.click('[data-ui="replay-close"]')
    page.wait_for_selector('#table[data-phase="deal-end"]')
    page.click('[data-ui="next"]')
    page.wait_for_function("document.querySelector('#table').dataset.phase !== 'deal-end'")
    for ui, moment in (
        ("sheet", "sheet"),
        ("log", "log"),
        ("games", "games"),
        ("rules", "rules"),
        ("new", "new-game"),
    ):
        dialog(page, sheet, ui, moment)


def embeds(browser: Any, url: str, out: Path, langs: list[str]) -> int:
    """The embed at a grid of iframe sizes, hosted by a page of its own."""
    from app_helpers import random_record

    from app.replay.share import share_fragment

    frag = share_fragment(random_record(1, seed=4))
    count = 0
    ctx = browser.new_context(viewport={"width": 1100, "height": 1100}, service_workers="block")
    page = ctx.new_page()
    for lang in langs:
        for size in EMBED_SIZES:
            w, h = size.split("x")
            page.goto(url + "examples/explainer.html")  # a page of the same origin
            page.set_content(
                f'<iframe src="{url}embed.html{frag}&step=12&open=1&lang={lang}" '
                f'width="{w}" height="{h}" style="border:1px solid #888"></iframe>'
            )
            frame = page.frame_locator("iframe")
            frame.locator('#table[data-ready="1"]').wait_for(timeout=120_000)
            page.wait_for_timeout(300)
            page.screenshot(path=str(out / f"embed-{size}-{lang}.png"))
            count += 1
    ctx.close()
    return count


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "artifacts" / "screens"))
    ap.add_argument("--sizes", default="1280x800,390x844,844x390")
    ap.add_argument("--langs", default="en,ru,uk,pl")
    ap.add_argument("--seed", type=int, default=0, help="0: a seed where you declare")
    ap.add_argument("--no-embeds", action="store_true")
    args = ap.parse_args()
    from playwright.sync_api import sync_playwright

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.png"):
        old.unlink()
    langs = args.langs.split(",")
    seed = args.seed or seed_where_human_declares()
    server, url = start_server(ROOT / "dist")
    t0 = time.perf_counter()
    total = 0
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            for size in args.sizes.split(","):
                w, h = (int(x) for x in size.split("x"))
                ctx = browser.new_context(
                    viewport={"width": w, "height": h}, service_workers="block", has_touch=w < 600
                )
                page = ctx.new_page()
                page.goto(f"{url}?seed={seed}&fresh=1&level=easy&lang={langs[0]}", timeout=180_000)
                page.wait_for_selector('#table[data-ready="1"]', timeout=180_000)
                sheet = Sheet(page, out, size, langs)
                walk(page, sheet)
                total += sheet.count
                ctx.close()
            if not args.no_embeds:
                total += embeds(browser, url, out, langs)
            browser.close()
    finally:
        server.shutdown()
    print(f"{total} pictures in {out} ({time.perf_counter() - t0:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
