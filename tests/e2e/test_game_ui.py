"""Playing 1000 through the page: by mouse, by keyboard only, by touch on a phone;
every legal card's index stays visible; the deal summary and the sheet."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_support import OVERLAPS
from play_support import (
    CARD_SPOT,
    COVERED_JS,
    TURN,
    act,
    open_table,
    seed_where_human_declares,
    version,
    wait_version,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout


def test_a_whole_deal_by_mouse(page: Any, base_url: str, artifacts: Path) -> None:
    """Bidding, discard, contract and eight tricks by clicking; summary; the sheet."""
    seed = seed_where_human_declares(3)
    open_table(page, base_url, f"?seed={seed}&speed=fast&fresh=1&lang=en&level=easy")
    seen: list[str] = []
    covered: list[str] = []
    for _ in range(200):
        page.wait_for_selector(TURN)
        covered += page.evaluate(COVERED_JS)
        phase = act(page)
        seen.append(phase)
        if phase == "deal-end":
            break
    assert {"bidding", "discard", "contract", "play", "deal-end"} <= set(seen)
    assert seen.count("discard") == 2  # one card to each opponent
    assert covered == [], "a legal card's index was covered"
    summary = page.locator(".dialog.summary")
    summary.wait_for(state="visible")  # (after the last trick's pause on the felt)
    assert "You" in summary.inner_text()
    page.screenshot(path=str(artifacts / "table-deal-end.png"))
    page.click('[data-ui="next"]')
    page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'deal-end'")
    page.click('[data-ui="sheet"]')
    assert page.locator(".sheet-table tbody tr").count() >= 1
    page.keyboard.press("Escape")
    assert page.locator(".sheet-table").count() == 0


def test_a_deal_by_keyboard_only(page: Any, base_url: str) -> None:
    """Digits choose the n-th choice, arrows move the bid, Enter presses the focused button."""
    seed = seed_where_human_declares(3)
    open_table(page, base_url, f"?seed={seed}&speed=fast&fresh=1&lang=en&level=easy")
    phases: list[str] = []
    for _ in range(200):
        page.wait_for_selector(TURN)
        phase = str(page.get_attribute("#table", "data-phase"))
        if phase == "deal-end":
            break
        phases.append(phase)
        v = version(page)
        if phase in ("bidding", "contract"):
            if page.locator('[data-ui="raise"]').count():
                page.keyboard.press("ArrowUp")
                page.keyboard.press("ArrowDown")  # back to the lowest value
            page.keyboard.press("Enter")  # the focused Bid / Play button
        elif phase == "discard":
            page.keyboard.press("1")  # choose the first legal card ...
            page.wait_for_selector(".hand-own .selected")
            page.keyboard.press("1")  # ... then the first receiver
        else:
            page.keyboard.press("1")
        wait_version(page, v)
        # The page moves focus in the next animation frame (table.py _focus): the
        # version can be seen before that frame, so wait a moment for the focus.
        try:
            page.wait_for_function(
                "() => document.activeElement && document.activeElement.tagName !== 'BODY'",
                timeout=5_000,
            )
        except PlaywrightTimeout:
            pytest.fail("focus dropped to <body> and stayed there")
    assert {"bidding", "discard", "contract", "play"} <= set(phases)


#: Legal choices (cards and buttons) that lie outside the screen.
OFF_SCREEN_JS = """() => [...document.querySelectorAll(
    '#table .controls [data-action], #table .hand-own [data-legal="1"]')]
  .filter((e) => { const r = e.getBoundingClientRect();
                   return r.top < 0 || r.bottom > innerHeight + 1; })
  .map((e) => e.dataset.action || e.dataset.card)"""


@pytest.mark.parametrize(
    ("size", "players"),
    [((360, 560), 3), ((844, 390), 3), ((844, 390), 4), ((740, 360), 2), ((640, 360), 3)],
    ids=["360x560", "844x390", "844x390-4p", "740x360-2p", "640x360"],
)
def test_a_deal_on_a_short_screen_overlaps_nothing(
    page: Any, base_url: str, size: tuple[int, int], players: int
) -> None:
    """A phone's browser may leave 360 x 560 px, and a phone on its side 844 x 390
    to 640 x 360 (two or four players: a seat at the top takes a row): the talon
    and the trick covered the contract line and the banner there. Every human
    turn of a deal: no card over those words, no legal card's index covered, no
    legal choice off the screen, no error notice (two players: the talon pick,
    RULES §11, once raised one)."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    seed = seed_where_human_declares(players)
    query = f"?seed={seed}&speed=fast&fresh=1&lang=ru&level=easy&players={players}"
    open_table(page, base_url, query)
    seen: list[str] = []
    problems: list[Any] = []
    for _ in range(200):
        page.wait_for_selector(TURN)
        phase = str(page.get_attribute("#table", "data-phase"))
        if phase == "deal-end":
            break
        covered = page.evaluate(COVERED_JS)  # waits for the cards to come to rest
        for what, found in (
            ("overlap", page.evaluate(OVERLAPS)),
            ("covered", covered),
            ("off screen", page.evaluate(OFF_SCREEN_JS)),
            ("error notice", page.locator(".notice.error").all_inner_texts()),
        ):
            if found:
                problems.append((phase, what, found))
        seen.append(act(page))
    assert {"bidding", "discard", "contract", "play"} <= set(seen)
    assert problems == []


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True)
def test_a_deal_by_touch_on_a_phone(page: Any, base_url: str, artifacts: Path) -> None:
    """Taps on the visible strip of each card land; every index stays visible at 390 px."""
    seed = seed_where_human_declares(3)
    open_table(page, base_url, f"?seed={seed}&speed=fast&fresh=1&lang=ru&level=easy")
    taps = 0
    covered: list[str] = []
    for _ in range(200):
        page.wait_for_selector(TURN)
        phase = str(page.get_attribute("#table", "data-phase"))
        if phase == "deal-end":
            break
        covered += page.evaluate(COVERED_JS)
        v = version(page)
        if phase in ("play", "discard") and page.locator('.hand-own [data-legal="1"]').count():
            if page.locator('[data-action^="give "]').count() == 0:
                page.locator('.hand-own [data-legal="1"]').first.tap(position=CARD_SPOT)
                taps += 1
                if phase == "discard":
                    page.wait_for_selector('[data-action^="give "]')
            if phase == "discard":
                page.locator('[data-action^="give "]').first.tap()
                taps += 1
        else:
            act(page)
            continue
        wait_version(page, v)
    assert covered == []
    assert taps >= 10  # 8 cards played and 2 given, each with one tap (plus the give buttons)
    no_sideways = page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    assert no_sideways
    # the summary's every column inside its box (Total was cut off at 390 px)
    box = page.locator(".dialog.summary")
    assert box.evaluate("(d) => d.scrollWidth <= d.clientWidth")
    page.screenshot(path=str(artifacts / "phone-deal-end.png"))


#: The hint's box against the hand: the cards (``data-card``) whose box it meets.
HINT_OVER_HAND_JS = """() => {
  const h = document.querySelector('[data-hint]').getBoundingClientRect();
  return [...document.querySelectorAll('.hand-own [data-card]')].filter((c) => {
    const r = c.getBoundingClientRect();
    return r.left < h.right && h.left < r.right && r.top < h.bottom && h.top < r.bottom;
  }).map((c) => c.dataset.card);
}"""


@pytest.mark.parametrize(
    ("size", "touch"),
    [((1280, 800), False), ((390, 844), True), ((844, 390), True)],
    ids=["1280x800", "390x844", "844x390"],
)
def test_the_hint_never_covers_the_hand(
    browser: Any, base_url: str, artifacts: Path, size: tuple[int, int], touch: bool
) -> None:
    """The hint lay over the rightmost card of the hand at 1280 x 800. Opened by its
    visible button when bidding and again when setting the contract (the longest
    list: the contracts, the concession with the sheet's figures), its box meets
    no card of the hand at a desktop's, a phone's and a phone-on-its-side size."""
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=touch, service_workers="block"
    )
    page = context.new_page()
    page.set_default_timeout(180_000)
    seed = seed_where_human_declares(3)
    open_table(page, base_url, f"?seed={seed}&speed=fast&fresh=1&lang=en&level=easy")
    seen: list[str] = []
    for _ in range(60):
        page.wait_for_selector(TURN)
        phase = str(page.get_attribute("#table", "data-phase"))
        if phase in ("bidding", "contract") and phase not in seen:
            seen.append(phase)
            button = page.locator('.controls [data-ui="hint"]')
            button.tap() if touch else button.click()
            page.wait_for_selector("[data-hint] li", timeout=120_000)
            page.wait_for_function(
                "Promise.all(document.getAnimations().map(a => a.finished)).then(() => true)"
            )
            name = f"hint-{phase}-{size[0]}x{size[1]}.png"
            page.screenshot(path=str(artifacts / name))
            assert page.evaluate(HINT_OVER_HAND_JS) == [], (phase, size)
            if phase == "contract":
                text = page.locator("[data-hint]").inner_text()
                assert "Concede" in text and "you write −" in text, text
                break
        act(page)
    assert seen == ["bidding", "contract"]
    context.close()
