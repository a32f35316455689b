"""Playing 1000 through the page, by clicking, via the automation contract.

The human's policy here is simple and deterministic (lowest bid, first legal
card, first give button), and the bots are the seeded Easy level, so the same
game can be simulated in CPython to pick a seed where the human wins the
auction (and so must pass cards and set a contract).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from e2e_support import READY

from app.session import Session
from thousand import Phase
from thousand import actions as A

TURN = '#table[data-turn="human"], #table[data-phase="deal-end"], #table[data-phase="game-over"]'


def human_choice(legal: tuple[int, ...], phase: Phase) -> int:
    """The test player's policy, mirrored by ``click_turn`` on the page."""
    bids = [a for a in legal if A.BID_BASE <= a < A.CONTRACT_BASE]
    if phase is Phase.BIDDING:
        return bids[0] if bids else A.PASS
    if phase is Phase.REDEAL:
        return A.KEEP
    if phase is Phase.DARK:
        return A.LOOK
    if phase is Phase.CONTRACT:
        return next(a for a in legal if A.CONTRACT_BASE <= a < A.PASS)
    if phase is Phase.PICK:
        return A.PICK_BASE
    if phase is Phase.DISCARD:
        gives = [a for a in legal if A.GIVE_BASE <= a < A.ASIDE_BASE + 24]
        first_card = min(A.action_card(a) for a in gives)  # the page's order differs; see below
        return next(a for a in gives if A.action_card(a) == first_card)
    return next(a for a in legal if a < A.DECLARE_BASE)


def seed_where_human_declares(players: int) -> int:
    """A seed whose first played deal the human declares under ``human_choice``."""
    for seed in range(1, 400):
        s = Session.new(players, "classic", ["easy"] * (players - 1), seed=seed)
        while not s.state.rows:
            if s.human_to_act():
                obs = s.observation()
                s.apply(human_choice(obs.legal_actions, obs.phase))
            else:
                s.apply(s.bot_action())
            if s.state.declarer == s.human and s.state.phase is Phase.DISCARD:
                return seed
    raise AssertionError("no seed found")


def open_table(page: Any, base_url: str, query: str) -> None:
    page.goto(base_url + query)
    page.wait_for_selector(READY)


def click_turn(page: Any) -> str:
    """Wait for the human's turn (or a deal end) and act once; returns the phase."""
    page.wait_for_selector(TURN)
    phase = page.get_attribute("#table", "data-phase")
    if phase in ("deal-end", "game-over"):
        return str(phase)
    acts = page.locator("[data-action]")
    texts = [acts.nth(i).get_attribute("data-action") for i in range(acts.count())]
    if phase == "bidding":
        bids = [t for t in texts if t and t.startswith("bid ")]
        pick = bids[0] if bids else next(t for t in texts if t in ("pass", "keep", "look"))
        page.click(f'[data-action="{pick}"]')
    elif phase == "discard":
        if any(t and t.startswith("pick") for t in texts):
            page.click('[data-action="pick 0"]')
        else:
            page.locator('[data-card][data-legal="1"]').first.click()
            page.locator('[data-action^="give "], [data-action^="aside "]').first.click()
    elif phase == "contract":
        page.locator('[data-action^="contract "]').first.click()
    else:
        page.locator('[data-card][data-legal="1"]').first.click()
    # Wait for the page to take the action before looking again.
    page.wait_for_function(
        "() => document.querySelector('#table').dataset.turn !== 'human' "
        "|| document.querySelector('[data-card].selected') === null"
    )
    return str(phase)


def test_a_whole_deal_by_clicking(page: Any, base_url: str, artifacts: Path) -> None:
    """Bidding, discard, contract and eight tricks through the UI; then the summary."""
    seed = seed_where_human_declares(3)
    open_table(page, base_url, f"?seed={seed}&speed=fast&fresh=1&lang=en")
    seen = []
    for _ in range(200):
        phase = click_turn(page)
        seen.append(phase)
        if phase == "discard" and "shot" not in seen:
            seen.append("shot")
        if phase == "play" and seen.count("play") == 3:
            page.screenshot(path=str(artifacts / "table-play.png"))
        if phase == "deal-end":
            break
    assert {"bidding", "discard", "contract", "play", "deal-end"} <= set(seen)
    assert seen.count("discard") == 2  # one card to each opponent
    summary = page.locator(".dialog.summary")
    assert summary.is_visible()
    assert "You" in summary.inner_text()
    page.screenshot(path=str(artifacts / "table-deal-end.png"))
    page.click('[data-ui="next"]')
    page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'deal-end'")
    # The sheet now has the deal.
    page.click('[data-ui="sheet"]')
    rows = page.locator(".sheet-table tbody tr")
    assert rows.count() >= 1
    page.screenshot(path=str(artifacts / "table-sheet.png"))


def test_reload_resumes_the_same_position(page: Any, base_url: str) -> None:
    open_table(page, base_url, "?seed=11&speed=fast&fresh=1")
    for _ in range(6):
        if click_turn(page) == "deal-end":
            break
    page.wait_for_selector(TURN)
    before_cards = page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    before_phase = page.get_attribute("#table", "data-phase")
    saved = page.evaluate("() => localStorage.getItem('thousand.save')")
    assert json.loads(saved)["format"] == "thousand-save"
    page.reload()
    page.wait_for_selector(READY)
    page.wait_for_selector(TURN)
    after_cards = page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert after_cards == before_cards
    assert page.get_attribute("#table", "data-phase") == before_phase


def test_corrupt_save_is_moved_aside_with_a_message(page: Any, base_url: str) -> None:
    open_table(page, base_url, "?speed=fast")
    page.wait_for_selector(TURN)  # the bots are idle: nothing will save over the test's text
    page.evaluate("() => localStorage.setItem('thousand.save', '{\"format\": \"thousand-save\"')")
    page.reload()
    page.wait_for_selector(READY)
    message = page.locator(".message")
    assert "could not be read" in message.inner_text()
    kept = page.evaluate("() => localStorage.getItem('thousand.save.corrupt')")
    assert kept == '{"format": "thousand-save"'
    # A new game is on and saved again.
    page.wait_for_selector(TURN)
    assert page.evaluate("() => localStorage.getItem('thousand.save')") is not None


def test_two_and_four_player_deals_start(page: Any, base_url: str, artifacts: Path) -> None:
    for players in (2, 4):
        open_table(page, base_url, f"?players={players}&seed=5&speed=fast&fresh=1")
        assert page.get_attribute("#table", "data-players") == str(players)
        assert page.locator("section.seat").count() == players
        click_turn(page)
        page.wait_for_selector(TURN)
        page.screenshot(path=str(artifacts / f"table-{players}p.png"))


def test_language_switch_is_remembered(page: Any, base_url: str) -> None:
    open_table(page, base_url, "?speed=fast&fresh=1&lang=en")
    page.click('[data-ui="lang"]')
    assert page.get_attribute("#table", "data-lang") == "ru"
    assert "Запись" in page.locator('[data-ui="sheet"]').inner_text()
    page.goto(base_url + "?speed=fast")  # no lang parameter: the stored choice wins
    page.wait_for_selector(READY)
    assert page.get_attribute("#table", "data-lang") == "ru"
    page.wait_for_selector(TURN)
    page.screenshot(path=str(Path("artifacts") / "table-ru.png"))


def test_hostile_url_parameters_are_ignored(page: Any, base_url: str) -> None:
    open_table(
        page, base_url, "?players=9&seed=abc&lang=%3Cscript%3E&preset=%22%3E%3Cb%3E&speed=x&fresh=1"
    )
    assert page.get_attribute("#table", "data-players") == "3"
    assert page.get_attribute("#table", "data-lang") in ("en", "ru")
    assert page.locator("b:text('>')").count() == 0
