"""The page and its storage: a corrupt or hostile save never bricks it, refused or
failed writes are always said, and a second tab never silently overwrites the
first one's game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from e2e_support import READY
from play_support import TURN, act, version, wait_version

SAVE = "thousand.save"


def _with_save(page: Any, base_url: str, text: str) -> None:
    """Load the page once with ``text`` stored as the save (set before any script runs)."""
    page.add_init_script(
        f"""if (!sessionStorage.getItem('seeded')) {{
              localStorage.setItem({json.dumps(SAVE)}, {json.dumps(text)});
              sessionStorage.setItem('seeded', '1');
            }}"""
    )
    page.goto(base_url + "/?lang=en&level=easy&speed=fast")
    page.wait_for_selector(READY)


@pytest.mark.parametrize(
    "text",
    ["{broken", "[" * 9000 + "]" * 9000, '{"format": "thousand-save", "version": 1, "record": 5}'],
    ids=["not-json", "nested-9000", "bad-record"],
)
def test_a_bad_save_is_kept_aside_and_a_new_game_starts(
    page: Any, base_url: str, text: str
) -> None:
    _with_save(page, base_url, text)
    notice = page.locator(".notice.error")
    assert notice.count() == 1 and "thousand.save.corrupt" in notice.inner_text()
    assert page.evaluate(f"localStorage.getItem('{SAVE}.corrupt')") == text
    page.wait_for_selector(TURN)  # playable
    page.reload()
    page.wait_for_selector(READY)
    assert page.locator(".notice.error").count() == 0  # the new game's save reads fine


def test_refused_storage_is_said_and_play_goes_on(page: Any, base_url: str) -> None:
    page.add_init_script(
        """Object.defineProperty(window, 'localStorage', {
             get() { throw new DOMException('The operation is insecure.', 'SecurityError'); }
           });"""
    )
    page.goto(base_url + "/?lang=en&level=easy&speed=fast&seed=4&fresh=1")
    page.wait_for_selector(READY)
    assert "store anything" in page.locator(".notice.error").inner_text()
    act(page)  # play goes on


def test_a_failed_write_is_said_and_stays_said(page: Any, base_url: str) -> None:
    page.goto(base_url + "/?lang=en&level=easy&speed=fast&seed=6&fresh=1")
    page.wait_for_selector(READY)
    page.evaluate(
        """() => {
             Storage.prototype.setItem = function () {
               throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
             };
           }"""
    )
    act(page)
    page.wait_for_selector(".notice.error")
    assert "could not be saved" in page.locator(".notice.error").inner_text()
    act(page)
    act(page)
    assert page.locator(".notice.error").count() == 1  # a later move does not clear it


def test_a_second_tab_never_silently_overwrites_the_first(context: Any, base_url: str) -> None:
    first = context.new_page()
    first.goto(base_url + "/?lang=en&level=easy&speed=fast&seed=9&fresh=1")
    first.wait_for_selector(READY)
    first.wait_for_selector('#table[data-turn="human"]')
    second = context.new_page()
    second.goto(base_url + "/?lang=en&level=easy&speed=fast")
    second.wait_for_selector(READY)
    second.wait_for_selector('#table[data-turn="human"]')
    v = version(second)
    act(second)  # a move in the second tab ...
    wait_version(second, v)
    # ... makes the first tab follow it instead of overwriting it later.
    first.wait_for_selector('#table[data-follower="1"]')
    assert first.locator('[data-ui="take-over"]').count() == 1
    saved = json.loads(first.evaluate(f"localStorage.getItem('{SAVE}')"))
    shown = int(first.get_attribute("#table", "data-version") or 0)
    assert shown >= 0 and saved["rev"] >= 1
    # Taking over explicitly makes the second tab the follower.
    first.click('[data-ui="take-over"]')
    second.wait_for_selector('#table[data-follower="1"]')
