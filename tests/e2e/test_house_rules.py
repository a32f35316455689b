"""House rules, saved games and statistics in the page, through the contract:
an edited convention reaches the new game's record and is remembered; export then
import in a fresh page resumes the same game; undo shortens the record by the
right actions; a corrupt stored rule set is moved aside with a message."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from e2e_support import READY
from play_support import (
    CARD_SPOT,
    TURN,
    act,
    open_table,
    seed_where_human_declares,
    version,
    wait_version,
)

SAVE = "thousand.save"


def _saved(page: Any) -> dict[str, Any]:
    return json.loads(page.evaluate(f"localStorage.getItem('{SAVE}')"))


def test_an_edited_convention_reaches_the_new_game_and_is_remembered(
    page: Any, base_url: str
) -> None:
    open_table(page, base_url, "?lang=en&fresh=1&seed=3&speed=fast&level=easy")
    page.click('[data-ui="new"]')
    page.click('.dialog [data-ui="rules"]')  # "Edit the rules…" from New game
    page.select_option('select[data-ui="rules-base"]', "classic")
    page.check('input[data-convention="must_beat"]')
    page.select_option('select[data-convention="bolts"]', "in_row")
    page.wait_for_selector('.conv.changed input[data-convention="must_beat"]')
    page.click('.dialog [data-ui="start"]')
    page.wait_for_selector(TURN)
    conv = _saved(page)["record"]["conventions"]
    assert conv.get("must_beat") is True and conv.get("bolts") == "in_row"
    page.reload()
    page.wait_for_selector(READY)
    page.click('[data-ui="rules"]')
    page.click('[data-ui="rules-edit"]')
    assert page.is_checked('input[data-convention="must_beat"]')


def test_export_then_import_in_a_fresh_page_resumes_the_same_game(
    browser: Any, browser_context_args: dict[str, Any], base_url: str, tmp_path: Path
) -> None:
    first = browser.new_context(**{**browser_context_args, "accept_downloads": True})
    page = first.new_page()
    open_table(page, base_url, "?lang=en&fresh=1&seed=7&speed=fast&level=easy")
    for _ in range(6):
        act(page)
    page.wait_for_selector(TURN)
    record = _saved(page)["record"]
    page.click('[data-ui="games"]')
    with page.expect_download() as info:
        page.click('[data-ui="export"]')
    path = tmp_path / "game.json"
    info.value.save_as(str(path))
    assert json.loads(path.read_text(encoding="utf-8")) == record
    first.close()

    second = browser.new_context(**browser_context_args)
    fresh = second.new_page()
    open_table(fresh, base_url, "?lang=en&fresh=1&seed=99&speed=fast&level=easy")
    fresh.click('[data-ui="games"]')
    fresh.set_input_files('input[data-ui="import"]', str(path))
    fresh.wait_for_function(
        "(n) => JSON.parse(localStorage.getItem('thousand.save'))"
        ".record.deals[0].actions.length >= n",
        arg=len(record["deals"][0]["actions"]),
    )
    back = _saved(fresh)["record"]
    assert back["deals"][: len(record["deals"])][0]["hands"] == record["deals"][0]["hands"]
    assert (
        back["deals"][0]["actions"][: len(record["deals"][0]["actions"])]
        == record["deals"][0]["actions"]
    )
    # A bad file changes nothing and says why.
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "thousand-record", "version": 1, "deals": [{"dealer": 9}]}')
    before = _saved(fresh)
    fresh.click('[data-ui="games"]') if not fresh.locator('[data-dialog="games"]').count() else None
    fresh.set_input_files('input[data-ui="import"]', str(bad))
    fresh.wait_for_selector(".notice.error")
    assert "nothing was changed" in fresh.locator(".notice.error").inner_text()
    assert _saved(fresh)["record"] == before["record"]
    second.close()


def test_undo_takes_back_the_players_last_decision(page: Any, base_url: str) -> None:
    """The human gives a card in the discard, then takes it back: the record loses
    exactly that action, and the undo is counted in the save."""
    seed = seed_where_human_declares(3)
    open_table(page, base_url, f"?lang=en&fresh=1&seed={seed}&speed=fast&level=easy")
    for _ in range(40):
        page.wait_for_selector(TURN)
        if page.get_attribute("#table", "data-phase") == "discard":
            break
        act(page)
    before = _saved(page)["record"]["deals"][-1]["actions"]
    v = version(page)
    page.locator('.hand-own [data-legal="1"]').first.click(position=CARD_SPOT)
    page.locator('[data-action^="give "]').first.click()
    wait_version(page, v)
    assert _saved(page)["record"]["deals"][-1]["actions"][: len(before)] == before
    page.click('[data-ui="undo"]')
    page.wait_for_function(
        "(n) => JSON.parse(localStorage.getItem('thousand.save')).record.deals.at(-1)"
        ".actions.length === n",
        arg=len(before),
    )
    after = _saved(page)
    assert after["record"]["deals"][-1]["actions"] == before
    assert after["undos"] == 1


def test_a_corrupt_stored_rule_set_is_moved_aside_with_a_message(page: Any, base_url: str) -> None:
    page.add_init_script(
        """if (!sessionStorage.getItem('seeded')) {
             localStorage.setItem('thousand.rulesets', '[{"id": 1, ' + '['.repeat(40));
             sessionStorage.setItem('seeded', '1');
           }"""
    )
    page.goto(base_url + "/?lang=en&speed=fast&level=easy")
    page.wait_for_selector(READY)
    assert "thousand.rulesets.corrupt" in page.locator(".notice.error").inner_text()
    assert page.evaluate("localStorage.getItem('thousand.rulesets.corrupt')") is not None
