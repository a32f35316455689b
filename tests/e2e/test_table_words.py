"""The discard as a new player plays it at 1280x800, by clicking the visible cards
and give buttons: the buttons stand in the order the seats sit (West, on the left,
first), and the line on the felt announces each card given when it is given, the
second one too (it used to repeat the first)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from play_support import CARD_SPOT, TURN, act, open_table, seed_where_human_declares, version

from app.table.session import Session
from thousand import Conventions

VIEWPORT = {"width": 1280, "height": 800}


def later_receiver_first(seed: int) -> tuple[str, str]:
    """The receivers ("West", "East") in the order that the deal's seat order would
    have told wrongly: the one after the other in the seats' turn first."""
    s = Session.new(Conventions.for_players(3), "easy", seed=seed)
    dealer = s.state.dealer
    turn = [(dealer + 1 + i) % 3 for i in range(3)]  # the seats from first hand
    west, east = 1, 2  # seat 0 is the person's, West on the left (clockwise)
    return ("West", "East") if turn.index(west) > turn.index(east) else ("East", "West")


@pytest.mark.browser_context_args(viewport=VIEWPORT)
def test_each_give_is_announced_and_the_buttons_follow_the_seats(
    page: Any, base_url: str, artifacts: Path
) -> None:
    seed = seed_where_human_declares(3)
    order = later_receiver_first(seed)
    open_table(page, base_url, f"?seed={seed}&speed=fast&fresh=1&lang=en&level=easy")
    for _ in range(40):
        page.wait_for_selector(TURN)
        if page.get_attribute("#table", "data-phase") == "discard":
            break
        act(page)
    assert page.get_attribute("#table", "data-phase") == "discard"
    banner = page.locator("#table .banner")
    for i, to in enumerate(order):
        page.wait_for_selector(TURN)
        card = page.locator('.hand-own [data-legal="1"]').first
        card.click(position=CARD_SPOT)
        gives = page.locator('.controls [data-action^="give "]')
        page.wait_for_selector('.controls [data-action^="give "]')
        labels = [gives.nth(k).inner_text() for k in range(gives.count())]
        left = ["West", "East"] if i == 0 else [to]  # the second card: one receiver left
        assert [x.rsplit(" ", 1)[-1] for x in labels] == left, labels
        boxes = [gives.nth(k).bounding_box() for k in range(gives.count())]
        assert all(b and b["y"] + b["height"] <= VIEWPORT["height"] for b in boxes)
        if i == 0:
            page.screenshot(path=str(artifacts / "discard-give-buttons-1280.png"))
        pick = gives.nth(labels.index(next(x for x in labels if x.endswith(to))))
        said = pick.inner_text()  # "Give Q♠ to West"
        before = version(page)
        pick.click()
        page.wait_for_function(
            "(v) => Number(document.querySelector('#table').dataset.version) > v", arg=before
        )
        want = "You give " + said.removeprefix("Give ") + "."
        page.wait_for_function(
            "(w) => document.querySelector('#table .banner')?.textContent === w", arg=want
        )
        assert banner.is_visible() and banner.inner_text() == want
    page.screenshot(path=str(artifacts / "discard-second-give-1280.png"))


@pytest.mark.browser_context_args(viewport={"width": 390, "height": 844}, has_touch=True)
def test_the_cut_with_nines_turned_on_is_told_on_the_felt_and_in_the_log(
    page: Any, base_url: str, artifacts: Path
) -> None:
    """On a phone, in Russian: New game, Edit the rules, the cut with nines, Start.
    The felt says who deals and who cut; the deal log keeps both."""
    open_table(page, base_url, "?seed=5&fresh=1&lang=ru&level=easy")
    assert "сдвигает" not in page.locator("#table .banner").inner_text()  # off: not a word
    page.locator('[data-ui="new"]').tap()
    page.locator('.dialog [data-ui="rules"]').tap()
    page.select_option('select[data-ui="rules-base"]', "classic")
    box = page.locator('input[data-convention="cut_ritual"]')
    box.scroll_into_view_if_needed()
    box.tap()
    assert box.is_checked()
    page.locator('.dialog [data-ui="start"]').tap()
    page.wait_for_function("() => !document.querySelector('.dialog')")
    banner = page.locator("#table .banner")
    said = banner.inner_text()
    assert said.startswith("Сдача 1: ") and re.search(r"(сдвигает|Вы сдвигаете) колоду", said)
    box_ = banner.bounding_box()
    assert box_ and box_["x"] >= 0 and box_["x"] + box_["width"] <= 390
    page.screenshot(path=str(artifacts / "cut-on-the-felt-390.png"))
    page.locator('[data-ui="log"]').tap()
    lines = page.locator(".deal-log li").all_inner_texts()
    # (the new game is a random one: a redeal for three nines may come first)
    deal = next(i for i, line in enumerate(lines) if line.startswith("Сдача 1: "))
    assert all("пересдач" in line for line in lines[:deal]), lines
    assert "колоду" in lines[deal + 1], lines
