"""The deal editor, as an author uses it: open it from the toolbar, lay out a deal by
tapping cards into hands and the talon (one dragged), see a wrong layout said in words (and
*Play* and *Publish* refused), play a few steps (one seat by a computer player),
caption a step, publish, then open the share link in a new page and see the same
deal at the same step with the caption; the ``<thousand-deal>`` snippet on a page
of another origin shows it too. Screenshots at desktop and phone sizes in the four
languages are kept in the artifacts folder for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_support import LOAD_TIMEOUT_MS, READY
from serve import start_server

HANDS = [
    "AS TS KS QS AH TH KH",  # South
    "JS 9S AC TC KC QC JC",  # West
    "AD TD KD QD JD 9D 9C",  # East
]
TALON = "QH JH 9H"
CAPTION = "South leads the ace of spades"


def open_editor(page: Any, base_url: str, lang: str = "en") -> None:
    page.goto(base_url.rstrip("/") + f"/?lang={lang}&speed=fast&fresh=1&seed=3")
    page.wait_for_selector(READY)
    page.click('[data-ui="editor"]')
    page.wait_for_selector('[data-dialog="editor"]')


def put(page: Any, card: str, target: str) -> None:
    """Tap a card, then the place it goes to (its button: a tap on the hand's cards
    would choose one of them instead)."""
    page.click(f'[data-editor-card="{card}"]')
    page.wait_for_selector(f'[data-editor-card="{card}"][aria-pressed="true"]')
    page.click(f'[data-editor-target="{target}"] .ed-put')
    page.wait_for_selector(f'[data-editor-target="{target}"] [data-editor-card="{card}"]')


def step_is(page: Any, step: int) -> None:
    page.wait_for_selector(f'[data-editor-step="{step}"]')


def test_lay_out_play_caption_publish_and_open_the_link(
    page: Any, base_url: str, tmp_path: Path
) -> None:
    open_editor(page, base_url)
    page.select_option('[data-ui="editor-dealer"]', "1")  # West deals: South speaks first
    for seat, hand in enumerate(HANDS):
        for card in hand.split():
            put(page, card, str(seat))
    # the talon is still empty: said in words, and neither Play nor Publish
    problems = page.locator("[data-editor-problem]").all_inner_texts()
    assert "Talon holds 0 cards; it must hold 3" in problems
    assert any(p.startswith("3 cards are not placed yet") for p in problems)
    assert page.is_disabled('[data-ui="editor-play"]')
    assert page.is_disabled('[data-ui="editor-publish"]')
    for card in TALON.split():
        put(page, card, "talon")
    page.wait_for_selector("[data-editor-problem]", state="detached")
    # a bad layout: South's ace dragged to West
    page.drag_and_drop('[data-editor-card="AS"]', '[data-editor-target="1"] .ed-put')
    page.wait_for_selector('[data-editor-target="1"] [data-editor-card="AS"]')
    problems = page.locator("[data-editor-problem]").all_inner_texts()
    assert problems == [
        "South holds 6 cards; a hand holds 7",
        "West holds 8 cards; a hand holds 7",
    ]
    assert page.is_disabled('[data-ui="editor-publish"]')
    put(page, "AS", "0")
    page.wait_for_selector("[data-editor-problem]", state="detached")
    assert not page.is_disabled('[data-ui="editor-publish"]')

    page.click('[data-ui="editor-play"]')
    step_is(page, 0)
    for n, action in enumerate(
        ["bid 105", "pass", "pass", "give 9H 1", "give JH 2", "contract 120", "play AS"], 1
    ):
        page.click(f'[data-editor-action="{action}"]')
        step_is(page, n)
    # a computer player takes West: it follows at once
    page.select_option('[data-ui="editor-seat"][data-seat="1"]', "easy")
    step_is(page, 8)
    page.select_option('[data-ui="editor-seat"][data-seat="1"]', "author")
    # the caption of step 7 (South's lead)
    page.click('[data-ui="editor-prev"]')
    step_is(page, 7)
    page.fill('[data-ui="editor-caption"]', CAPTION)
    page.press('[data-ui="editor-caption"]', "Tab")
    page.click('[data-ui="editor-publish"]')
    page.wait_for_selector('[data-published="7"]')
    link = page.input_value('[data-publish="link"]')
    assert "#z=" in link and link.endswith("&step=7&open=1")
    for what in ("iframe", "element", "svg", "record"):
        assert page.input_value(f'[data-publish="{what}"]')
    assert CAPTION in page.input_value('[data-publish="record"]')
    assert CAPTION in page.input_value('[data-publish="svg"]')
    element = page.input_value('[data-publish="element"]')
    with page.expect_download() as got:
        page.click('[data-ui="editor-download"][data-what="record"]')
    assert got.value.suggested_filename == "deal.json"

    # the share link, in a new page: the same deal, at that step, with the caption
    other = page.context.new_page()
    other.set_default_timeout(LOAD_TIMEOUT_MS)
    other.goto(link)
    other.wait_for_selector('#table[data-phase="replay"][data-step="7"]')
    assert other.inner_text("[data-caption]").strip() == CAPTION
    south = set(other.locator(".seat-bottom [data-card]").evaluate_all(CARDS))
    expected = set((HANDS[0] + " " + TALON).split()) - {"9H", "JH", "AS"}
    assert south == expected
    # ... and the editor opened there holds the deal, at that step, moves and caption
    # included
    other.click('.replay-bar [data-ui="editor"]')
    other.wait_for_selector('[data-dialog="editor"] [data-editor-step="7"]')
    assert other.input_value('[data-ui="editor-caption"]') == CAPTION
    other.click('[data-ui="editor-next"]')
    other.wait_for_selector('[data-editor-step="8"]')
    # a record pasted that is not one is refused, in words, and changes nothing
    other.click('[data-ui="editor-layout"]')
    other.click(".ed-load summary")
    other.fill('[data-ui="editor-record"]', '{"format": "thousand-record", "version": 1}')
    other.click('[data-ui="editor-load"]')
    error = other.wait_for_selector(".ed-error")
    assert error.inner_text().startswith("This record cannot be opened: deals must be a list")
    assert other.locator('[data-editor-target="0"] [data-editor-card]').count() == 7
    other.close()

    # the element snippet on a page of another origin (another port) shows the same
    # step and caption
    root = tmp_path / "host"
    root.mkdir()
    (root / "index.html").write_text(
        f"<!doctype html><html><head><meta charset='utf-8'></head><body>{element}</body></html>",
        encoding="utf-8",
    )
    server, url = start_server(root)
    try:
        assert url != base_url
        host = page.context.new_page()
        host.set_default_timeout(LOAD_TIMEOUT_MS)
        host.goto(url)
        host.wait_for_selector('thousand-deal[data-ready="1"][step="7"]')
        frame = host.frame_locator("thousand-deal iframe")
        assert frame.locator("[data-caption]").inner_text().strip() == CAPTION
        host.close()
    finally:
        server.shutdown()
        server.server_close()


CARDS = "els => els.map(e => e.getAttribute('data-card'))"


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "pl"])
def test_the_editor_fits_desktop_and_phone(
    page: Any, base_url: str, artifacts: Path, lang: str
) -> None:
    open_editor(page, base_url, lang)  # one page load, both sizes
    for width, height in ((1280, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        if width != 1280:
            page.click('.dialog.editor [data-ui="close"]')
            page.wait_for_selector('[data-dialog="editor"]', state="detached")
            page.click('[data-ui="editor"]')
            page.wait_for_selector('[data-dialog="editor"]')
            page.click('[data-ui="editor-layout"]')  # it kept its deal: back to laying out
            page.wait_for_selector('[data-ui="editor-random"]')
        editor_fits(page, artifacts / f"editor-{lang}-{width}x{height}")


def editor_fits(page: Any, shot: Path) -> None:
    """Lay out, play and publish at this size, with screenshots; nothing in the
    dialog is wider than the screen."""
    page.screenshot(path=f"{shot}-empty.png")
    page.click('[data-ui="editor-random"]')
    page.wait_for_selector("[data-editor-problem]", state="detached")
    page.screenshot(path=f"{shot}-layout.png")
    page.click('[data-ui="editor-play"]')
    step_is(page, 0)
    page.screenshot(path=f"{shot}-play.png")
    page.click('[data-ui="editor-publish"]')
    page.wait_for_selector('[data-published="0"]')
    page.screenshot(path=f"{shot}-published.png", full_page=True)
    wide = page.evaluate(
        """() => {
          const box = document.querySelector('.dialog.editor');
          const out = [];
          for (const e of box.querySelectorAll('*')) {
            const r = e.getBoundingClientRect();
            const out_of_view = r.right > innerWidth + 1 || r.left < -1;
            if (r.width && out_of_view) out.push(e.outerHTML.slice(0, 80));
          }
          return out;
        }"""
    )
    assert wide == []


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True)
def test_the_editor_opened_from_a_replay_holds_its_deal(page: Any, base_url: str) -> None:
    """A replay on a phone, its ✎ tapped: the editor opens on that deal at the replay's
    step, every card placed (none left to place), as the replay dealt them."""
    from app_helpers import random_record

    from app.replay.share import share_fragment
    from thousand.cards import card_str, cards_list
    from thousand.record import Replay

    rec = random_record(2, seed=4)
    data = Replay(rec)
    step = data.deal_first_step(1) + 5  # the second deal, five moves in
    page.goto(base_url + share_fragment(rec) + f"&step={step}&lang=en")
    page.wait_for_selector(f'#table[data-phase="replay"][data-step="{step}"]')
    button = page.locator('.replay-bar [data-ui="editor"]')
    button.scroll_into_view_if_needed()
    assert button.is_visible()
    button.tap()
    page.wait_for_selector('[data-dialog="editor"] [data-editor-step="5"]')
    assert "Cards to place" not in page.inner_text('[data-dialog="editor"]')
    page.click('[data-ui="editor-layout"]')  # the layout of what is being played
    page.wait_for_selector('[data-editor-target="talon"]')
    dealt = data.deal_state(1)
    for seat in range(3):
        cards = page.locator(f'[data-editor-target="{seat}"] [data-editor-card]')
        got = set(cards.evaluate_all(EDITOR_CARDS))
        want = {card_str(c) for c in cards_list(dealt.dealt_hands[seat])}
        assert got == want
    assert page.locator('[data-editor-target="talon"] [data-editor-card]').count() == 3
    assert page.locator('[data-editor-target="deck"] [data-editor-card]').count() == 0
    assert page.locator("[data-editor-problem]").count() == 0


EDITOR_CARDS = "els => els.map(e => e.getAttribute('data-editor-card'))"
