"""How the table feels: inputs land during the pauses, nothing races, every
locale speaks its own words and is remembered, screen readers get names."""

from __future__ import annotations

import time
from typing import Any

import pytest
from e2e_support import READY
from play_support import CARD_SPOT, TURN, act, open_table, version, wait_version

from app.shell.i18n import LANG_CODES, tables

TABLES = tables()


def test_a_click_during_the_trick_hold_is_applied_at_once(page: Any, base_url: str) -> None:
    """At normal speed a finished trick stays on show 1.2 s; when the human is to
    lead next, a click on a card plays it at once (the hold ends early)."""
    open_table(page, base_url, "?seed=5&fresh=1&lang=en&level=easy&think=50")
    for _ in range(120):
        page.wait_for_selector(TURN, timeout=120_000)
        phase = page.get_attribute("#table", "data-phase")
        if phase == "deal-end":
            page.click('[data-ui="next"]')
            continue
        held = page.locator(".trick .trick-card.winner").count() > 0
        if phase == "play" and held:
            v = version(page)
            t0 = time.perf_counter()
            page.locator('.hand-own [data-legal="1"]').first.click(position=CARD_SPOT)
            wait_version(page, v)
            assert time.perf_counter() - t0 < 0.5, "the click waited for the hold"
            return
        act(page)
    raise AssertionError("seed 5: the human leads while a trick is on show within 120 moves")


def test_new_game_while_a_bot_thinks_and_during_a_hint(page: Any, base_url: str) -> None:
    """A pending bot thought or hint never touches the state it was not started for."""
    errors: list[str] = []
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    open_table(page, base_url, "?seed=8&fresh=1&lang=en&level=strong&think=800")
    for _ in range(3):
        # While a bot thinks: start a new game from the dialog.
        _until_a_bot_thinks(page)
        page.click('[data-ui="new"]')
        page.click('[data-ui="start"]')
        page.wait_for_selector(TURN, timeout=120_000)
        if page.get_attribute("#table", "data-turn") == "human":
            page.click('[data-ui="hint"]')  # a hint starts thinking ...
            page.click('[data-ui="new"]')  # ... and a new game starts under it
            page.click('[data-ui="start"]')
    page.wait_for_selector(TURN, timeout=120_000)
    time.sleep(1.5)
    assert page.locator(".notice.error").count() == 0
    assert page.locator(".nameplate .thinking").count() <= 1
    assert [e for e in errors if "thousand:" in e] == []


def _until_a_bot_thinks(page: Any) -> None:
    for _ in range(600):
        if page.locator(".nameplate .thinking").count():
            return
        if page.get_attribute("#table", "data-turn") == "human":
            act(page)
        elif page.get_attribute("#table", "data-phase") == "deal-end":
            page.click('[data-ui="next"]')
        page.wait_for_timeout(20)
    raise AssertionError("no bot started thinking")


def test_a_burst_of_clicks_never_shows_an_exception(page: Any, base_url: str) -> None:
    """Clicking everything as fast as possible: only legal inputs apply, no error."""
    open_table(page, base_url, "?seed=11&fresh=1&speed=fast&lang=en&level=easy")
    for _ in range(60):
        page.evaluate(
            """() => {
              for (let i = 0; i < 6; i++) {
                const els = document.querySelectorAll(
                  '.hand-own [data-legal="1"], .controls [data-action], [data-ui="next"]');
                for (const el of els) el.click();
              }
            }"""
        )
        time.sleep(0.05)
    time.sleep(1)
    errors = page.locator(".notice.error").all_inner_texts()
    assert errors == [], errors
    text = page.locator("#table").inner_text()
    assert "Error" not in text and "Traceback" not in text


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "pl"])
def test_each_locale_speaks_its_words_and_is_remembered(
    page: Any, base_url: str, lang: str
) -> None:
    open_table(page, base_url, f"?lang={lang}&fresh=1&seed=2&speed=fast&level=easy")
    table = page.locator("#table")
    assert table.get_attribute("data-lang") == lang
    assert page.evaluate("document.documentElement.lang") == lang
    words = TABLES[lang]
    assert page.locator('[data-ui="sheet"]').get_attribute("aria-label") == words["sheet"]
    other = "pl" if lang != "pl" else "uk"
    page.select_option('select[data-ui="lang"]', other)
    page.wait_for_selector(f'#table[data-lang="{other}"]')
    page.goto(base_url + "/")  # no parameter: the stored choice
    page.wait_for_selector(READY)
    assert table.get_attribute("data-lang") == other


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True)
def test_the_phone_toolbar_shows_the_language_whole(page: Any, base_url: str) -> None:
    """At 390 px the language select lies over its code (the select's own text was
    cut to "Русс"): the code shows, a tap on it lands on the select, and the
    toolbar fits the screen."""
    open_table(page, base_url, "?lang=uk&fresh=1&seed=2&speed=fast&level=easy")
    assert page.locator(".lang-code").inner_text() == LANG_CODES["uk"]
    hit = page.evaluate(
        """() => { const r = document.querySelector('.lang-pick').getBoundingClientRect();
                   return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2)
                     .matches('select[data-ui="lang"]'); }"""
    )
    assert hit
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('.toolbar *')]"
        ".map((e) => e.getBoundingClientRect().right))"
    )
    assert right <= 390
    page.select_option('select[data-ui="lang"]', "pl")
    page.wait_for_selector('#table[data-lang="pl"]')
    assert page.locator(".lang-code").inner_text() == LANG_CODES["pl"]


def test_screen_readers_get_cards_in_words_and_the_current_player(page: Any, base_url: str) -> None:
    open_table(page, base_url, "?lang=uk&fresh=1&seed=3&speed=fast&level=easy")
    page.wait_for_selector(TURN)
    snapshot = page.locator("#table").aria_snapshot()
    assert "туз" in snapshot or "король" in snapshot or "дама" in snapshot
    hand = page.get_by_role("group", name=TABLES["uk"]["your_hand"])
    assert hand.count() == 1
    assert page.locator('[aria-current="true"]').count() == 1
    assert page.locator('[aria-live="polite"][data-live]').count() == 1
