"""Practice from a replay, as a player does it: a deal played, its replay opened from
the summary, *Play from here* at a step, the deal played on to its end, the
comparison with the game as played, then *Back to the game*."""

from __future__ import annotations

from typing import Any

from play_support import TURN, act, open_table, seed_where_human_declares


def test_play_from_here_and_back(page: Any, base_url: str) -> None:
    seed = seed_where_human_declares(3)
    open_table(page, base_url, f"/?lang=en&level=easy&speed=fast&seed={seed}&fresh=1")
    for _ in range(200):
        if act(page) == "deal-end":
            break
    totals = page.locator(".nameplate .total").all_inner_texts()
    page.click('.dialog [data-ui="replay-deal"]')
    page.wait_for_selector('#table[data-phase="replay"]')
    page.click('[data-ui="step-last"]')
    for _ in range(6):
        page.click('[data-ui="step-prev"]')
    page.click('[data-ui="practice-here"]')
    page.wait_for_selector(f"{TURN}")
    for _ in range(200):
        if act(page) == "deal-end":
            break
    section = page.wait_for_selector("[data-practice]")
    text = section.inner_text()
    assert "You made" in text and "as played" in text
    assert page.locator('.dialog [data-ui="next"]').count() == 0
    # the solver looks at the deal by itself: the best the declarer (you) could make
    page.wait_for_function(
        "() => document.querySelector('[data-practice]').textContent.includes('best possible')",
        timeout=90_000,
    )
    page.click('[data-ui="practice-end"]')
    page.wait_for_selector('#table[data-phase="deal-end"]')  # the game's own summary again
    assert page.locator("[data-practice]").count() == 0
    assert page.locator(".nameplate .total").all_inner_texts() == totals


def test_an_embeds_play_from_here_opens_the_game_page_practising(page: Any, base_url: str) -> None:
    from app_helpers import random_record
    from e2e_support import READY

    from app.share import share_fragment

    fragment = share_fragment(random_record(1, seed=7)) + "&step=12&seat=0&practice=1&lang=en"
    page.goto(base_url + "embed.html" + fragment)
    page.wait_for_selector('#table[data-ready="1"][data-step="12"]')
    with page.expect_popup() as popup:
        page.click('[data-ui="practice-here"]')
    game = popup.value
    game.wait_for_selector(READY)
    game.wait_for_selector(TURN)
    assert game.locator('#table[data-phase="replay"]').count() == 0  # playing, not replaying
    for _ in range(200):
        if act(game) == "deal-end":
            break
    assert "You made" in game.wait_for_selector("[data-practice]").inner_text()
    assert page.locator('#table[data-step="12"]').count() == 1  # the embed stays where it was
