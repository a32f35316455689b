"""Practice from a replay, as a player does it: a deal played, its replay opened from
the summary, *Play from here* at a step, the banner on the felt saying whose cards the
player holds, the deal played on to its end, the comparison with the game as played
and the best possible, then *Back to the game* (the replay at its step, the game's
summary behind it). Screenshots of the banner at desktop, phone and phone-on-its-side
sizes in the four languages are kept in the artifacts folder for a person to look at."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from e2e_support import LOAD_TIMEOUT_MS, READY
from play_support import TURN, act, human_choice, open_table, seed_where_human_declares

from app.table.session import Session
from thousand import Conventions


def seed_where_another_declares(start: int = 1) -> tuple[int, int]:
    """A seed (and the declarer's seat) whose first deal another seat declares and
    plays out, under the test player's policy (``human_choice``) against Easy bots."""
    for seed in range(start, start + 400):
        s = Session.new(Conventions.for_players(3), "easy", seed=seed)
        while not s.state.rows:
            if s.human_to_act():
                s.apply(human_choice(s.state.legal_actions(), s.state.phase))
            else:
                seat = s.state.current_player()
                s.apply(s.bot(seat).act(s.state.observation(seat), s.bot_rng))
        row = s.state.rows[0]
        if row.kind == "play" and row.declarer not in (None, s.human):
            return seed, row.declarer
    raise AssertionError("no seed found")


def play_to_deal_end(page: Any) -> None:
    for _ in range(200):
        if act(page) == "deal-end":
            return
    raise AssertionError("the deal never ended")


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
    step = page.get_attribute("#table", "data-step")
    page.click('[data-ui="practice-here"]')
    page.wait_for_selector(f"{TURN}")
    for _ in range(200):
        if act(page) == "deal-end":
            break
    section = page.wait_for_selector("[data-practice]")
    page.wait_for_selector("[data-analysis]")  # the analysis opens by itself ...
    assert page.locator('.dialog [data-ui="analysis"]').count() == 0  # ... no button repeats it
    assert page.locator("[data-analysis]").count() == 1
    text = section.inner_text()
    assert "You made" in text and "as played" in text
    assert page.locator('.dialog [data-ui="next"]').count() == 0
    # the solver looks at the deal by itself: the best the declarer (you) could make
    page.wait_for_function(
        "() => document.querySelector('[data-practice]').textContent.includes('best possible')",
        timeout=90_000,
    )
    page.click('.dialog [data-ui="practice-end"]')
    # back where the practice started: the replay at its step, the game behind it
    page.wait_for_selector('#table[data-phase="replay"]')
    assert page.get_attribute("#table", "data-step") == step
    assert page.locator("[data-practice], [data-practice-banner]").count() == 0
    page.click('[data-ui="replay-close"]')
    page.wait_for_selector('#table[data-phase="deal-end"]')  # the game's own summary again
    assert page.locator(".nameplate .total").all_inner_texts() == totals


def test_an_embeds_play_from_here_opens_the_game_page_practising(page: Any, base_url: str) -> None:
    from app_helpers import random_record
    from e2e_support import READY

    from app.replay.share import share_fragment

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


SIZES = [
    pytest.param({"viewport": {"width": 390, "height": 844}, "has_touch": True}, id="390x844"),
    pytest.param({"viewport": {"width": 1280, "height": 800}}, id="1280x800"),
]


@pytest.mark.parametrize("size", SIZES)
def test_the_practice_says_so_on_the_felt_and_goes_back(
    browser: Any, base_url: str, size: dict[str, Any]
) -> None:
    """A replay with every hand open, *Play from here*: the player now holds the
    declarer's cards, every seat keeps its name ("You" stays at the player's old
    seat), a banner on the felt says so with *Back to the game*, and a tap on it
    shows the replay again at the step the practice started from."""
    seed, declarer = seed_where_another_declares()
    context = browser.new_context(**size, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(LOAD_TIMEOUT_MS)
    open_table(page, base_url, f"?lang=en&level=easy&speed=fast&seed={seed}&fresh=1")
    play_to_deal_end(page)
    page.click('.dialog [data-ui="replay-deal"]')
    page.wait_for_selector('#table[data-phase="replay"]')
    names = page.locator(".nameplate .name").all_inner_texts()
    page.click('[data-ui="step-last"]')
    for _ in range(5):
        page.click('[data-ui="step-prev"]')
    step = page.get_attribute("#table", "data-step")
    assert page.input_value('[data-ui="replay-view"]') == "open"
    press(page, '[data-ui="practice-here"]', size)
    page.wait_for_selector(TURN)
    banner = page.locator("[data-practice-banner]")
    assert banner.is_visible()
    seat_name = "East" if declarer == 2 else "West"
    assert banner.inner_text().startswith(f"Practice: you play {seat_name}'s cards")
    # the seats keep their names: the player's hand is East's (or West's), "You" is
    # the computer player's now, at the seat the player had
    assert page.locator(".seat-bottom .nameplate .name").inner_text() == seat_name
    assert sorted(page.locator(".nameplate .name").all_inner_texts()) == sorted(names)
    back = banner.locator('[data-ui="practice-end"]')
    assert back.is_visible() and back.inner_text() == "Back to the game"
    box, view = back.bounding_box(), page.viewport_size
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= view["height"]
    press(page, '[data-practice-banner] [data-ui="practice-end"]', size)
    page.wait_for_selector(f'#table[data-phase="replay"][data-step="{step}"]')
    assert page.locator("[data-practice-banner]").count() == 0
    page.click('[data-ui="replay-close"]')
    page.wait_for_selector('#table[data-phase="deal-end"]')  # the game's summary, as it was
    assert page.locator(".seat-bottom .nameplate .name").inner_text() == "You"
    context.close()


def press(page: Any, selector: str, size: dict[str, Any]) -> None:
    """A tap on a touch screen, else a click (on the visible control)."""
    target = page.locator(selector)
    target.scroll_into_view_if_needed()
    assert target.is_visible()
    if size.get("has_touch"):
        target.tap()
    else:
        target.click()


@pytest.mark.parametrize("lang", ["en", "ru", "uk", "pl"])
def test_the_practice_banner_fits_every_size(
    browser: Any, base_url: str, artifacts: Path, lang: str
) -> None:
    """The banner at 1280x800, 390x844 and 844x390 (screenshots kept): one line or two,
    inside the screen, clear of the toolbar and of the player's cards, its button whole."""
    from app_helpers import random_record

    from app.replay.share import share_fragment

    fragment = share_fragment(random_record(1, seed=7)) + f"&step=12&seat=2&practice=1&lang={lang}"
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    page = context.new_page()
    page.set_default_timeout(LOAD_TIMEOUT_MS)
    page.goto(base_url + fragment)
    page.wait_for_selector(READY)
    page.wait_for_selector("[data-practice-banner]")
    for width, height in ((1280, 800), (390, 844), (844, 390)):
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_timeout(300)
        page.screenshot(path=str(artifacts / f"practice-banner-{lang}-{width}x{height}.png"))
        boxes = page.evaluate(
            """() => {
              const box = (s) => { const e = document.querySelector(s);
                return e ? e.getBoundingClientRect().toJSON() : null; };
              return {banner: box('[data-practice-banner]'), bar: box('.toolbar'),
                      back: box('[data-practice-banner] [data-ui="practice-end"]'),
                      hand: box('.seat-bottom')};
            }"""
        )
        banner, bar, back, hand = boxes["banner"], boxes["bar"], boxes["back"], boxes["hand"]
        assert banner["left"] >= 0 and banner["right"] <= width + 0.5
        assert banner["top"] >= bar["bottom"] - 0.5  # below the toolbar
        assert banner["bottom"] <= hand["top"] + 0.5  # above the player's cards
        assert back["right"] <= banner["right"] and back["height"] >= 28
    context.close()
