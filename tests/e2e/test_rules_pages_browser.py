"""The rules pages (``dist/rules/``) in Chromium: without JavaScript the Russian page
shows the rules and every example's static diagram; with it, the examples are live
``<thousand-deal>`` elements that get ready (their pictures hidden)."""

from __future__ import annotations

from typing import Any

import pytest
from e2e_support import LOAD_TIMEOUT_MS

NAMES = ("bidding", "marriage", "bolt", "barrel")


@pytest.mark.browser_context_args(java_script_enabled=False)
def test_the_rules_read_without_javascript_with_their_diagrams(page: Any, base_url: str) -> None:
    page.goto(base_url + "rules/ru.html")
    assert page.locator("html").get_attribute("lang") == "ru"
    assert "Правила" in page.title()
    assert page.locator("h2", has_text="§5").count() == 1
    assert "торговля" in page.locator("main").inner_text().lower()
    for name in NAMES:
        img = page.locator(f"#example-{name} img")
        img.scroll_into_view_if_needed()
        page.wait_for_function(
            "(el) => el.complete && el.naturalWidth > 0", arg=img.element_handle()
        )
        assert img.is_visible()
        assert page.locator(f"#example-{name} iframe").count() == 0  # nothing ran
    assert page.locator("#house-rules dt").count() > 50
    page.goto(base_url + "rules/")
    assert page.locator('a[href="ru.html"]').count() == 1


def test_the_examples_are_live_with_javascript(page: Any, base_url: str) -> None:
    page.goto(base_url + "rules/ru.html")
    deal = page.locator("#example-bidding thousand-deal")
    deal.scroll_into_view_if_needed()
    page.wait_for_selector(
        '#example-bidding thousand-deal[data-ready="1"]', state="attached", timeout=LOAD_TIMEOUT_MS
    )
    frame = page.frame_locator("#example-bidding iframe")
    frame.locator('#table[data-ready="1"][data-step="0"]').wait_for()
    assert frame.locator("html").get_attribute("lang") == "ru"
    assert "сотне" in frame.locator("[data-caption]").inner_text()
    assert not page.locator("#example-bidding img").is_visible()  # the fallback, hidden
    frame.locator('[data-ui="step-next"]').click()
    page.wait_for_selector('#example-bidding thousand-deal[step="1"]', state="attached")


def test_learn_to_play_from_a_rules_page_starts_the_lesson(page: Any, base_url: str) -> None:
    page.goto(base_url + "rules/uk.html")
    link = page.locator("nav a.learn")
    assert link.inner_text() == "Навчитися грати"
    link.click()
    page.wait_for_selector("[data-lesson]", state="visible", timeout=LOAD_TIMEOUT_MS)
    assert page.locator("html").get_attribute("lang") == "uk"
    assert "learn=1" not in page.url  # acted once: a reload resumes the lesson instead
