"""Playing together on one device: three people pass one page round a whole deal.

Set up as a player does it (the New game dialog's seat controls, names typed),
then every turn: the privacy screen names who is next, no card is on the page
until that person taps *Show my cards*, and the hand then shown shares no card
with the hand another person was last shown (a card the declarer gave is the one
exception: it is marked as received). A reload resumes behind the screen.
"""

from __future__ import annotations

import re
from typing import Any

from e2e_support import READY
from play_support import TURN, act, open_table

SCREEN = "#table[data-screen]"
NAMES = {1: "Olena", 2: "Piotr"}
#: A card face (not a back) in the own hand.
FACES = '.hand-own use[href^="#card-"]:not([href="#card-back"])'
#: The own hand's cards, but those the declarer gave (marked received).
OWN_JS = "bs => bs.filter(b => !b.classList.contains('received')).map(b => b.dataset.card)"
#: The deal's seal on the felt (shown while the deal is bid), or null.
SEAL_JS = "() => document.querySelector('.center [data-commitment]')?.dataset.commitment ?? null"


def start_hot_seat(page: Any, base_url: str) -> None:
    open_table(page, base_url, "/?lang=en&level=easy&speed=fast&seed=7&fresh=1")
    page.click('.toolbar [data-ui="new"]')
    page.wait_for_selector('[data-dialog="new"]')
    page.check('input[data-setup="players"][value="3"]')
    for seat, name in NAMES.items():
        page.select_option(f'[data-seat-kind="{seat}"]', "local")
        field = page.locator(f'[data-seat-name="{seat}"]')
        field.fill(name)
        field.press("Tab")  # the change lands as a person leaves the field
    page.fill('[data-seat-name="0"]', "Ann")
    page.press('[data-seat-name="0"]', "Tab")
    page.click('[data-ui="start"]')
    page.wait_for_selector(SCREEN)


def test_three_people_play_a_deal_on_one_page(page: Any, base_url: str) -> None:
    start_hot_seat(page, base_url)
    assert page.get_attribute("#table", "data-seat") is None  # no seat of its own
    seal = page.get_attribute("[data-commitment]", "data-commitment")
    assert seal and re.fullmatch(r"[0-9a-f]{64}", seal)
    last_hand: dict[str, set[str]] = {}
    taps = 0
    reloaded = False
    for _ in range(300):
        page.wait_for_selector(f"{TURN}, {SCREEN}")
        phase = page.get_attribute("#table", "data-phase")
        if phase in ("deal-end", "game-over"):
            break
        if page.locator(SCREEN).count():
            assert page.locator(".hand-own [data-card]").count() == 0
            assert page.locator(FACES).count() == 0
            title = page.inner_text(".privacy-title")
            who = next(n for n in ("Ann", *NAMES.values()) if n in title)
            now = page.evaluate(SEAL_JS)
            if now and now != seal:  # a redeal: new hands, sealed anew
                seal, last_hand = now, {}
            if taps == 3 and not reloaded:
                page.reload()  # the game resumes behind the screen
                page.wait_for_selector(READY)
                page.wait_for_selector(SCREEN)
                assert page.locator(".hand-own [data-card]").count() == 0
                reloaded = True
                continue
            page.locator('[data-ui="show-cards"]').click()
            page.wait_for_selector("#table:not([data-screen])")
            taps += 1
            cards = set(page.locator(".hand-own [data-card]").evaluate_all(OWN_JS))
            assert cards, "the person's cards show after the tap"
            for other, hand in last_hand.items():
                if other != who:
                    assert not (cards & hand), (who, other, cards & hand)
            last_hand[who] = cards
            continue
        act(page)
    assert reloaded and taps >= 4
    assert len(last_hand) == 3  # each of the three held the device
    # the summary names the declarer: whoever holds the device is not "You"
    verdict = page.inner_text(".dialog.summary .verdict")
    assert verdict.split(" ")[0] in ("Ann", *NAMES.values()), verdict
    assert "You" not in page.inner_text(".dialog.summary")
    # the deal is over: its seed is revealed in the log once the next deal is dealt
    page.click('[data-ui="next"]')
    page.wait_for_selector(f"{TURN}, {SCREEN}")
    if page.locator(SCREEN).count():
        page.locator('[data-ui="show-cards"]').click()
    page.click('.toolbar [data-ui="log"]')
    revealed = page.locator("[data-fair-log] [data-seed]")
    assert revealed.first.get_attribute("data-fair") == "1"
