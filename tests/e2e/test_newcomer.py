"""What a new player hit, done as a person does it: a real click (or key) on the
visible control. Each of these failed on the page before it was mended: the file
pickers never opened, a marriage badge lay on the next card, a share link in
another tab froze the game, notices lay under a dialog's dim layer and never
closed, the last trick of a deal never showed before its summary."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from e2e_support import READY
from play_support import (
    BADGES_COVERED_JS,
    CARD_SPOT,
    TURN,
    act,
    open_table,
    seed_where_human_declares,
)

from app.replay.share import share_fragment


def open_dialog(page: Any, ui: str) -> None:
    page.click(f'.toolbar [data-ui="{ui}"]')
    page.wait_for_selector(".overlay .dialog")


@pytest.mark.parametrize("how", ["click", "keyboard"])
def test_import_a_game_opens_the_file_picker(page: Any, base_url: str, how: str) -> None:
    open_table(page, base_url, "/?lang=en&level=easy&speed=fast&seed=5&fresh=1")
    open_dialog(page, "games")
    label = page.locator("label.btn.file", has=page.locator('input[data-ui="import"]'))
    assert label.is_visible()
    with page.expect_file_chooser(timeout=5000) as chooser:
        if how == "click":
            label.click()
        else:
            page.focus('input[data-ui="import"]')
            page.keyboard.press("Enter")
    assert chooser.value.element.get_attribute("data-ui") == "import"


def test_import_a_rule_set_opens_the_file_picker(page: Any, base_url: str) -> None:
    open_table(page, base_url, "/?lang=en&level=easy&speed=fast&seed=5&fresh=1")
    open_dialog(page, "rules")
    if page.locator('[data-ui="rules-edit"]').count():
        page.click('[data-ui="rules-edit"]')
    label = page.locator("label.btn.file", has=page.locator('input[data-ui="set-import"]'))
    with page.expect_file_chooser(timeout=5000) as chooser:
        label.click()
    assert chooser.value.element.get_attribute("data-ui") == "set-import"


def test_a_bad_import_is_said_above_the_dialog_and_a_good_one_replaces_it(
    page: Any, base_url: str, tmp_path: Path
) -> None:
    open_table(page, base_url, "/?lang=en&level=easy&speed=fast&seed=5&fresh=1")
    open_dialog(page, "games")
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    label = page.locator("label.btn.file", has=page.locator('input[data-ui="import"]'))
    with page.expect_file_chooser() as chooser:
        label.click()
    chooser.value.set_files(str(bad))
    notice = page.locator(".notice.error")
    notice.wait_for()
    # Above the dialog's dim layer: its own dismiss button is what a tap there hits.
    box = page.locator('.notice.error [data-ui="dismiss"]').bounding_box()
    assert box is not None
    hit = page.evaluate(
        "([x, y]) => document.elementFromPoint(x, y).closest('[data-ui]')?.dataset.ui",
        [box["x"] + box["width"] / 2, box["y"] + box["height"] / 2],
    )
    assert hit == "dismiss"
    # above the box too, never over the dialog's title
    note = page.locator(".notice.error").bounding_box()
    dlg = page.locator(".overlay > .dialog").bounding_box()
    assert note is not None and dlg is not None
    assert note["y"] + note["height"] <= dlg["y"] + 1
    good = tmp_path / "good.json"
    record = json.loads(page.evaluate("localStorage.getItem('thousand.save')"))["record"]
    good.write_text(json.dumps(record))
    with page.expect_file_chooser() as chooser:
        label.click()
    chooser.value.set_files(str(good))
    page.wait_for_selector(".notice.passing")
    assert page.locator(".notice.error").count() == 0  # the newer outcome replaced it
    page.wait_for_selector(".notice.passing", state="detached", timeout=10_000)


def save_with_marriage_lead() -> str:
    """A save in which the human leads with a marriage (both cards showing badges)."""
    import random

    from app_helpers import bot_move, new_session

    from app.table.view import declarable
    from thousand.scene import Scene

    for seed in range(1, 400):
        s = new_session(seed=seed)
        rng = random.Random(seed)
        while s.state.n_rows == 0:
            playing = s.human_to_act() and s.state.phase.name == "PLAY"
            if playing and len(declarable(Scene.of(s.observation()))) >= 2:
                return json.dumps(s.to_save("test"))
            bot_move(s, rng)
    raise AssertionError("no marriage lead found")


@pytest.mark.parametrize(
    "size", [(390, 844), (844, 390), (1280, 800)], ids=["phone", "landscape", "desktop"]
)
def test_marriage_badges_lie_whole_on_their_own_card(
    browser: Any, base_url: str, size: Any
) -> None:
    ctx = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, service_workers="block"
    )
    page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('thousand.save', {save_with_marriage_lead()!r})")
    open_table(page, base_url, "/?lang=en&level=easy&speed=fast")
    page.wait_for_selector('#table[data-turn="human"]')
    page.wait_for_function(
        "Promise.all(document.getAnimations().map(a => a.finished)).then(() => true)"
    )
    assert page.locator(".hand-own .badge").count() >= 2
    assert page.evaluate(BADGES_COVERED_JS) == []
    ctx.close()


def test_a_share_link_in_another_tab_never_takes_the_game_over(context: Any, base_url: str) -> None:
    first = context.new_page()
    open_table(first, base_url, "/?lang=en&level=easy&speed=fast&seed=9&fresh=1")
    first.wait_for_selector('#table[data-turn="human"]')
    record = json.loads(first.evaluate("localStorage.getItem('thousand.save')"))["record"]
    from app_helpers import random_record

    link = share_fragment(random_record(1, seed=4))
    assert record["deals"]
    second = context.new_page()
    second.goto(base_url + "/?lang=en" + link)
    second.wait_for_selector('#table[data-phase="replay"]')
    # The first tab still plays: it is no follower and its bots still answer.
    assert first.get_attribute("#table", "data-follower") == "0"
    act(first)
    first.wait_for_selector(TURN)
    assert first.get_attribute("#table", "data-follower") == "0"
    second.close()
    act(first)
    assert first.get_attribute("#table", "data-follower") == "0"


def test_the_last_trick_shows_before_the_deal_summary(page: Any, base_url: str) -> None:
    """At the normal pace the deal's last trick stays on the felt before the summary."""
    seed = seed_where_human_declares()
    open_table(page, base_url, f"/?lang=en&level=easy&seed={seed}&fresh=1")
    page.evaluate(
        """() => { window.__lastTrick = -1;
          new MutationObserver(() => {
            if (document.querySelector('.overlay[data-dialog="summary"]') && window.__lastTrick < 0)
              window.__lastTrick = document.querySelectorAll('.trick .trick-card').length;
            if (!document.querySelector('.overlay[data-dialog="summary"]'))
              window.__cards = document.querySelectorAll('.trick .trick-card').length;
          }).observe(document.querySelector('#table'), {subtree: true, childList: true}); }"""
    )
    seen_full = False
    while True:
        page.wait_for_selector(TURN, timeout=120_000)
        phase = str(page.get_attribute("#table", "data-phase"))
        if phase == "deal-end":
            break
        if phase == "play" and page.locator('.hand-own [data-legal="1"]').count() == 1:
            page.locator('.hand-own [data-legal="1"]').first.click(position=CARD_SPOT)
            page.wait_for_function("window.__cards === 3", timeout=20_000)
            seen_full = True
            continue
        act(page)
    page.wait_for_selector('.overlay[data-dialog="summary"]')
    assert seen_full


def test_the_summary_and_the_table_keep_the_score_in_words(page: Any, base_url: str) -> None:
    seed = seed_where_human_declares()
    open_table(page, base_url, f"/?lang=ru&level=easy&speed=fast&seed={seed}&fresh=1")
    tally = False
    while act(page) not in ("deal-end", "game-over"):
        tally = tally or page.locator(".nameplate .taken").count() > 0
    assert tally, "no running tally of tricks and points on the nameplates"
    page.wait_for_selector(".overlay .summary-table")
    text = page.locator(".overlay .dialog").inner_text()
    assert "Взятки" in text and ("при заказе" in text)
    page.wait_for_selector(READY)


def save_with_a_refused_card() -> tuple[str, str, str]:
    """A save in which the human must follow a suit and holds cards of another:
    (the save, a dimmed card, the suit led)."""
    import random

    from app_helpers import bot_move, new_session

    from thousand import actions as A

    for seed in range(1, 400):
        s = new_session(seed=seed)
        rng = random.Random(seed)
        while s.state.n_rows == 0:
            if s.human_to_act() and s.state.phase.name == "PLAY" and s.state.trick:
                legal = {A.played_card(a) for a in s.state.legal_actions() if A.is_play(a)}
                hand = s.observation().hand
                off = [c for c in range(24) if hand >> c & 1 and c not in legal]
                led = s.state.trick[0] // 6
                if off and any(c // 6 == led for c in legal):
                    from thousand.cards import card_str

                    return json.dumps(s.to_save("test")), card_str(off[0]), "♠♣♦♥"[led]
            bot_move(s, rng)
    raise AssertionError("no refused card found")


def test_a_dimmed_card_says_why_in_every_language(page: Any, base_url: str) -> None:
    save, card, suit = save_with_a_refused_card()
    page.add_init_script(f"localStorage.setItem('thousand.save', {save!r})")
    open_table(page, base_url, "/?lang=en&level=easy&speed=fast")
    page.wait_for_selector('#table[data-turn="human"]')
    want = {
        "en": "You must follow",
        "ru": "Нужно ходить в масть",
        "uk": "Треба ходити в масть",
        "pl": "Musisz dołożyć do koloru",
    }
    for lang, words in want.items():
        page.select_option('[data-ui="lang"]', lang)
        page.wait_for_selector(f'#table[data-lang="{lang}"]')
        version = page.get_attribute("#table", "data-version")
        # At rest (force=True below skips Playwright's own wait for the card to
        # stop moving, so a click during the deal's fly-in could land elsewhere).
        page.wait_for_function(
            "Promise.all(document.getAnimations().map(a => a.finished)).then(() => true)"
        )
        # A real mouse click on the card's visible strip; force=True only because
        # Playwright holds an aria-disabled button not clickable (a person can).
        page.locator(f'.hand-own [data-card="{card}"]').click(position=CARD_SPOT, force=True)
        notice = page.locator(".notice.passing")
        notice.wait_for()
        assert words in notice.inner_text() and suit in notice.inner_text()
        assert page.get_attribute("#table", "data-version") == version  # nothing was played
        page.locator('.notice.passing [data-ui="dismiss"]').click()


def test_the_hint_floats_and_follows_the_language(page: Any, base_url: str) -> None:
    """Opening the hint moves nothing on the table (it pushed everything up by its
    height), and switching the language words it anew (it stayed in the old one)."""
    open_table(page, base_url, "/?lang=en&level=easy&speed=fast&seed=5&fresh=1")
    page.wait_for_selector('#table[data-turn="human"]')
    before = page.locator(".seat-bottom").bounding_box()
    page.click('[data-ui="hint"]')
    page.wait_for_selector("[data-hint] li", timeout=60_000)
    after = page.locator(".seat-bottom").bounding_box()
    assert before is not None and after is not None
    assert abs(before["y"] - after["y"]) < 2, (before, after)
    english = page.locator("[data-hint]").inner_text()
    page.select_option('[data-ui="lang"]', "ru")
    page.wait_for_selector('#table[data-lang="ru"]')
    russian = page.locator("[data-hint]").inner_text()
    assert russian != english and re.search("[а-я]", russian), russian


def test_a_name_typed_as_the_dialog_closes_is_kept_and_nothing_breaks(
    page: Any, base_url: str
) -> None:
    """Escape closes the New game dialog while its name field still holds the focus
    and an unsaved name: the patch that removes the field fires its ``change``. That
    input waits for the patch (a patch inside it moved nodes from under it, threw
    ``NotFoundError`` and lost the name, as a guest's name was lost when the host
    connected), then is taken: the name is there when the dialog opens again."""
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: m.type == "error" and errors.append(m.text))
    page.goto(base_url + "/?lang=en&fresh=1")
    page.wait_for_selector(READY)
    open_dialog(page, "new")
    field = page.locator('[data-seat-name="0"]')
    field.click()
    field.fill("")
    page.keyboard.type("Zoë")  # (no Tab: the field keeps the focus)
    page.keyboard.press("Escape")
    page.wait_for_selector(".overlay .dialog", state="detached")
    page.wait_for_timeout(300)
    assert not errors, errors
    assert not page.locator('.notice[data-kind="error"]').count()
    open_dialog(page, "new")
    assert page.locator('[data-seat-name="0"]').input_value() == "Zoë"
