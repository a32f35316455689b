"""Learn to play in the browser, as a newcomer does it: *Learn to play* in the toolbar,
the first lesson followed by clicks on what its captions say (the caption's
``data-lesson-expect`` names the move it waits for), one wrong move and one the rules
refuse, each explained and not made, a reload that resumes the lesson where it was,
and the lesson's end; the game behind it comes back untouched. Screenshots at
1280 x 800 and 390 x 844 in English and Russian: the caption never covers the
hand or a card's index."""

from __future__ import annotations

from typing import Any

from e2e_support import LOAD_TIMEOUT_MS, READY
from play_support import CARD_SPOT, COVERED_JS

LESSON = "[data-lesson]"


def lesson_attr(page: Any, name: str) -> str:
    return str(page.get_attribute(LESSON, f"data-lesson-{name}") or "")


def state(page: Any) -> tuple[str, str, str]:
    """(step, what the lesson waits for, its caption)."""
    return (lesson_attr(page, "step"), lesson_attr(page, "wait"), caption(page))


def caption(page: Any) -> str:
    return str(page.locator("[data-lesson-text]").inner_text())


def wait_change(page: Any, before: tuple[str, str, str]) -> None:
    """Wait until the lesson's step, wait or caption is no longer ``before``."""
    page.wait_for_function(
        """([step, wait, text]) => {
          const box = document.querySelector('[data-lesson]');
          if (!box) return true;
          const t = box.querySelector('[data-lesson-text]');
          return box.dataset.lessonStep !== step || box.dataset.lessonWait !== wait
            || (t && t.textContent !== text);
        }""",
        arg=list(before),
        timeout=30_000,
    )


def click_card(page: Any, card: str) -> None:
    page.locator(f'.hand-own [data-card="{card}"]').click(position=CARD_SPOT)


def make(page: Any, move: str) -> None:
    """The expected move (engine notation) by clicks on what the table shows."""
    kind, *rest = move.split()
    if kind in ("bid", "contract"):
        target = f'.controls [data-action="{move}"]'
        for _ in range(30):
            if page.locator(target).count():
                break
            page.click('.controls [data-ui="raise"]')
        page.click(target)
    elif kind == "give":
        click_card(page, rest[0])
        page.click(f'.controls [data-action="{move}"]')
    elif kind in ("play", "declare"):
        click_card(page, rest[0])
    else:
        page.click(f'.controls [data-action="{move}"]')


def follow(page: Any, until_step: int | None = None) -> None:
    """Follow the lesson's captions until its end (or the step ``until_step``)."""
    for _ in range(300):
        page.wait_for_selector(LESSON)
        before = state(page)
        step, wait, _ = before
        if until_step is not None and int(step) >= until_step and wait in ("move", "end"):
            return
        if wait == "end":
            return
        if wait == "next":
            page.click('[data-ui="lesson-next"]')
        elif wait == "move":
            page.wait_for_selector('#table[data-turn="human"]')
            make(page, lesson_attr(page, "expect"))
        wait_change(page, before)
    raise AssertionError("the lesson did not end")


def test_learn_to_play_by_clicks_with_a_wrong_move_and_a_reload(page: Any, base_url: str) -> None:
    page.goto(base_url + "/?lang=en&speed=fast&level=easy&seed=11&fresh=1")
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT_MS)
    game_totals = page.locator(".nameplate .total").all_inner_texts()
    page.click('[data-ui="learn"]')
    page.wait_for_selector(f'{LESSON}[data-lesson-step="0"][data-lesson-wait="next"]')
    assert "24 cards" in caption(page)
    assert page.get_attribute("[data-lesson-text]", "aria-live") == "polite"
    follow(page, until_step=0)
    assert lesson_attr(page, "expect") == "bid 105"
    # a wrong move the rules allow: explained, not made
    before = state(page)
    page.click('.controls [data-action="pass"]')
    wait_change(page, before)
    assert lesson_attr(page, "outcome") == "wrong" and lesson_attr(page, "step") == "0"
    assert caption(page).startswith("Pass is allowed") and "Bid 105" in caption(page)
    assert page.locator('.controls [data-action="pass"]').count() == 1  # still bidding
    follow(page, until_step=7)
    # a reload in the middle of the lesson resumes it at the same step
    page.reload()
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT_MS)
    page.wait_for_selector(f'{LESSON}[data-lesson-step="7"]')
    assert lesson_attr(page, "expect") == "contract 150"
    follow(page, until_step=18)
    # a move the rules refuse (a spade at the duty to trump): its reason, not made
    assert lesson_attr(page, "expect") == "play 9H"
    before = state(page)
    page.locator('.hand-own [data-card="QS"]').click(position=CARD_SPOT, force=True)  # dimmed
    wait_change(page, before)
    assert lesson_attr(page, "outcome") == "refused"
    assert caption(page).startswith("You have none of the suit led, so you must trump (♥).")
    assert page.locator('.hand-own [data-card="QS"]').count() == 1
    follow(page)
    assert lesson_attr(page, "wait") == "end" and lesson_attr(page, "id") == "first"
    assert "Well done" in caption(page)
    assert page.locator(".seat-bottom .nameplate .total").inner_text() == "150"
    # leave: the game behind the lesson is back as it was
    page.click('[data-ui="lesson-leave"]')
    page.wait_for_function("() => !document.querySelector('[data-lesson]')")
    assert page.locator(".nameplate .total").all_inner_texts() == game_totals
    page.reload()
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT_MS)
    assert page.locator(LESSON).count() == 0  # left: a reload stays out of the lesson


def boxes_overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return not (
        a["x"] + a["width"] <= b["x"]
        or b["x"] + b["width"] <= a["x"]
        or a["y"] + a["height"] <= b["y"]
        or b["y"] + b["height"] <= a["y"]
    )


def test_the_caption_never_covers_the_hand(browser: Any, base_url: str, artifacts: Any) -> None:
    """At three steps of the first lesson, in two languages, on a desktop and a phone
    (one page: the language is switched by its control, the window resized)."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, service_workers="block")
    page = context.new_page()
    page.goto(base_url + "/?lang=en&speed=fast&level=easy&seed=12&fresh=1")
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT_MS)
    page.click('[data-ui="learn"]')
    for step in (0, 5, 18):
        follow(page, until_step=step)
        for lang in ("en", "ru"):
            page.select_option('select[data-ui="lang"]', lang)
            page.wait_for_selector(f'#table[data-lang="{lang}"]')
            for width, height in ((1280, 800), (390, 844)):
                page.set_viewport_size({"width": width, "height": height})
                page.wait_for_function(f"window.innerWidth === {width}")
                where = (width, lang, step)
                assert page.evaluate(COVERED_JS) == [], where  # (at rest)
                page.screenshot(path=str(artifacts / f"lesson-{width}x{height}-{lang}-{step}.png"))
                box = page.locator(LESSON).bounding_box()
                hand = page.locator(".hand-own").bounding_box()
                plate = page.locator(".seat-bottom .nameplate").bounding_box()
                assert box and hand and plate, where
                assert not boxes_overlap(box, hand) and not boxes_overlap(box, plate), where
                assert box["y"] + box["height"] <= height, where  # wholly on the screen
                buttons = page.locator(f"{LESSON} button").all()
                assert all(b.is_visible() for b in buttons), where
        page.select_option('select[data-ui="lang"]', "en")
        page.set_viewport_size({"width": 1280, "height": 800})
    context.close()


def test_the_toolbar_with_learn_to_play_fits_a_small_phone(browser: Any, base_url: str) -> None:
    """A seventh tool: every toolbar control stays on a 320 px screen in each language."""
    context = browser.new_context(viewport={"width": 320, "height": 640}, service_workers="block")
    page = context.new_page()
    page.goto(base_url + "/?lang=ru&speed=fast&level=easy&seed=2&fresh=1")
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT_MS)
    for lang in ("ru", "uk", "pl", "en"):
        page.select_option('select[data-ui="lang"]', lang)
        page.wait_for_selector(f'#table[data-lang="{lang}"]')
        right = page.evaluate(
            "Math.max(...[...document.querySelectorAll('.toolbar *')]"
            ".map((e) => e.getBoundingClientRect().right))"
        )
        assert right <= 320, lang
        assert page.locator('.toolbar [data-ui="learn"]').is_visible()
    context.close()
