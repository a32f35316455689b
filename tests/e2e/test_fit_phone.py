"""Every dialog fits the screen it opens on, in every language, as a player sees it.

- The deal summary, the score sheet and the statistics: every cell's right edge
  inside the dialog's box, and nothing in the dialog scrolls sideways, at 320 and
  390 px wide (and on a desktop) in all four languages, with the widest cells a
  game makes: a marriage sum ("108 + 100 = 208"), a four-digit negative total, a
  negative score, a bolt, and statistics with five- and six-digit counts and
  long names. (At 390 px in Ukrainian the summary's Total column lay past the
  dialog's edge, reachable only by a sideways scroll.)
- The toolbar keeps its height and the table does not move when Undo becomes
  usable and when it is used, in every language at 1280 x 800, 390 x 844 and
  844 x 390 (in Russian the Undo button wrapped the language onto a second row).
- At 844 x 390 each dialog's primary button is in sight without scrolling, a
  chosen card never covers the talon's announcement, and no card of the last
  trick flies behind the deal summary over a nameplate.

The saves are found in CPython by random legal play (``app_helpers.bot_move``)
and loaded through the page's own autosave; the screenshots go to artifacts/.
"""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path
from typing import Any

import pytest
from app_helpers import bot_move, new_session
from e2e_support import READY
from play_support import CARD_SPOT, TURN, act, seed_where_human_declares, version, wait_version

from app.table.dialogs import _points_cell
from thousand.sheet import SheetRow

LANGS = ("uk", "ru", "pl", "en")

#: Cells of the open dialog's tables whose right edge lies outside the dialog's
#: inner box, and elements inside it that scroll sideways (the dialog included).
UNFIT_JS = """() => {
  const d = [...document.querySelectorAll('.overlay .dialog')].at(-1);  // the one on top
  const r = d.getBoundingClientRect();
  const right = r.left + d.clientLeft + d.clientWidth;
  const out = [...d.querySelectorAll('th, td, caption')]
    .filter((c) => c.getBoundingClientRect().right > right + 0.5)
    .map((c) => c.textContent.trim().slice(0, 30));
  const sideways = [d, ...d.querySelectorAll('*')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible')
    .map((e) => e.className || e.tagName);
  return {out, sideways, cells: d.querySelectorAll('td').length};
}"""

#: The dialog's primary button (the one it focuses) and whether it lies wholly in
#: the viewport and in the dialog's visible box, with the dialog scrolled to its top.
PRIMARY_JS = """() => {
  const d = [...document.querySelectorAll('.overlay .dialog')].at(-1);  // the one on top
  d.scrollTop = 0;
  const b = d.querySelector('.row.buttons [data-autofocus]')
    || d.querySelector('.row.buttons .btn');
  const q = b.getBoundingClientRect(), r = d.getBoundingClientRect();
  const seen = q.top >= r.top - 0.5 && q.bottom <= r.bottom + 0.5
    && q.top >= 0 && q.bottom <= innerHeight + 0.5;
  const hit = document.elementFromPoint(q.left + q.width / 2, q.top + q.height / 2);
  return {seen, top: hit === b || b.contains(hit), text: b.textContent,
          bottom: q.bottom, box: r.bottom};
}"""


def _widest(r: SheetRow, n: int) -> bool:
    """A summary with every wide cell at once: a marriage sum of three digits,
    a total of four digits below zero, a score below zero and a bolt."""
    return (
        r.kind == "play"
        and any(len(_points_cell(r, s)) >= len("100 + 100 = 200") for s in range(n))
        and min(r.totals) <= -1000
        and min(r.deltas) < 0
        and any(r.bolts)
    )


@functools.cache
def widest_summary_save(players: int = 4) -> str:
    """A save (``thousand.save``) that opens on such a deal summary."""
    for seed in range(1, 400):
        s = new_session(players=players, seed=seed)
        rng = random.Random(seed)
        while not s.state.is_terminal() and s.state.n_rows < 60:
            row = s.summary_row()
            if row is not None:
                if _widest(row, players):
                    return json.dumps(s.to_save("test"))
                s.acknowledge()
                continue
            bot_move(s, rng)
    raise AssertionError("no deal with every wide cell")


def finished_game_save() -> str:
    """A save of a four-player game that has just ended (it opens on the game-over dialog)."""
    for seed in range(1, 400):
        s = new_session(players=4, seed=seed)
        rng = random.Random(seed)
        while not s.state.is_terminal() and s.state.n_rows < 200:
            if s.summary_row() is not None:
                s.acknowledge()
                continue
            bot_move(s, rng)
        if s.state.is_terminal():
            return json.dumps(s.to_save("test"))
    raise AssertionError("no random game ended")


#: Statistics with wide numbers and the longest names a person can give (20 characters).
STATS = json.dumps(
    {
        "tables": {
            f"{p}-{lv}": {"games": 12345, "wins": 9876}
            for p in (2, 3, 4)
            for lv in ("easy", "normal", "strong", "people")
        },
        "deals": 123456,
        "points": -1234567,
        "declared": 45678,
        "made": 34567,
        "bolts": 12345,
        "barrels": 2345,
        "undos": 34567,
        "counted": {},
        "people": {
            "Wiesława Brzęczyszcz": {"games": 12345, "wins": 6789, "deals": 99999, "points": -9},
            "Анастасия-Феодосия": {"games": 5, "wins": 1, "deals": 80, "points": 900},
            "Bartholomew_Jonathan": {"games": 77, "wins": 7, "deals": 770, "points": -12345},
        },
    }
)


def _load(page: Any, base_url: str, save: str, size: tuple[int, int]) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.add_init_script(
        f"localStorage.setItem('thousand.save', {save!r});"
        f"localStorage.setItem('thousand.stats', {STATS!r});"
    )
    page.goto(base_url + "/?lang=en&level=easy&speed=fast")
    page.wait_for_selector(READY)


def _language(page: Any, lang: str) -> None:
    page.select_option('[data-ui="lang"]', lang)
    page.wait_for_selector(f'#table[data-lang="{lang}"]')


def _next_deal(page: Any) -> None:
    """Close the summary and wait for the player's turn, when the table waits for them
    (a four-player dealer sits a deal out: the computer players may finish it alone)."""
    for _ in range(5):
        title = page.inner_text('.overlay[data-dialog="summary"] h2')
        page.click('.overlay [data-ui="next"]')
        page.wait_for_function(
            """(title) => document.querySelector('#table').dataset.turn === 'human' ||
               (document.querySelector('.overlay[data-dialog="summary"] h2')?.textContent ?? title)
               !== title""",
            arg=title,
        )
        if page.get_attribute("#table", "data-turn") == "human":
            return
    raise AssertionError("the player never got a turn")


def _close(page: Any) -> None:
    page.click('.overlay .row.buttons [data-ui="close"]')
    page.wait_for_selector(".overlay", state="detached")


@pytest.mark.parametrize(
    "size", [(320, 640), (390, 844), (1280, 800)], ids=["320", "390", "desktop"]
)
def test_every_column_of_the_summary_sheet_and_statistics_fits(
    page: Any, base_url: str, artifacts: Path, size: tuple[int, int]
) -> None:
    _load(page, base_url, widest_summary_save(), size)
    problems: list[Any] = []
    for lang in LANGS:
        _language(page, lang)
        page.wait_for_selector(".overlay .summary-table")
        found = page.evaluate(UNFIT_JS)
        assert found["cells"] >= 16  # four seats, four columns of numbers
        if found["out"] or found["sideways"]:
            problems.append(("summary", lang, found))
        page.screenshot(path=str(artifacts / f"fit-summary-{size[0]}x{size[1]}-{lang}.png"))
    _next_deal(page)
    for lang in LANGS:
        _language(page, lang)
        page.click('.toolbar [data-ui="sheet"]')
        page.wait_for_selector(".overlay .sheet-table")
        found = page.evaluate(UNFIT_JS)
        if found["out"] or found["sideways"]:
            problems.append(("sheet", lang, found))
        _close(page)
        page.click('.toolbar [data-ui="games"]')
        page.click('.overlay [data-ui="stats"]')
        page.wait_for_selector('.overlay .stats-table[data-people="1"]')
        found = page.evaluate(UNFIT_JS)
        if found["out"] or found["sideways"]:
            problems.append(("statistics", lang, found))
        _close(page)
    assert problems == []


#: Whether a card of a trick flies (a ghost) or lies over a nameplate while a dialog
#: is open: sampled every frame from the moment the summary appears.
WATCH_JS = """() => {
  window.__behind = [];
  const look = () => {
    if (document.querySelector('.overlay')) {
      const plates = [...document.querySelectorAll('.nameplate')]
        .map((n) => n.getBoundingClientRect());
      for (const c of document.querySelectorAll('.trick-card')) {
        const q = c.getBoundingClientRect();
        const over = plates.some((p) => Math.min(p.right, q.right) - Math.max(p.left, q.left) > 2 &&
                                        Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top) > 2);
        if (c.classList.contains('ghost') || over) window.__behind.push(c.dataset.fly);
      }
    }
    requestAnimationFrame(look);
  };
  requestAnimationFrame(look);
}"""

BAR_JS = """() => [document.querySelector('.toolbar').getBoundingClientRect().height,
                  document.querySelector('.seat-left').getBoundingClientRect().top]"""

#: The chosen card rises no higher than its hand's top margin (above it lies the
#: middle: the talon's announcement, the contract), and covers none of those words.
CHOSEN_JS = """() => {
  const s = document.querySelector('.hand-own .selected').getBoundingClientRect();
  const hand = document.querySelector('.hand-own').getBoundingClientRect();
  const out = s.top < hand.top - 0.5 ? ['above the hand by ' + (hand.top - s.top)] : [];
  return out.concat([...document.querySelectorAll('#table .banner, #table .info')].filter((e) => {
    const r = e.getBoundingClientRect();
    return Math.min(r.right, s.right) - Math.max(r.left, s.left) > 0 &&
           Math.min(r.bottom, s.bottom) - Math.max(r.top, s.top) > 0;
  }).map((e) => e.textContent));
}"""


@pytest.mark.parametrize(
    "size", [(1280, 800), (390, 844), (844, 390)], ids=["desktop", "phone", "landscape"]
)
def test_undo_moves_nothing_and_no_card_flies_behind_the_summary(
    page: Any, base_url: str, size: tuple[int, int]
) -> None:
    page.set_viewport_size({"width": size[0], "height": size[1]})
    seed = seed_where_human_declares(3)
    page.goto(base_url + f"/?seed={seed}&speed=fast&fresh=1&lang=ru&level=easy")
    page.wait_for_selector(READY)
    for _ in range(40):
        page.wait_for_selector(TURN)
        if (
            page.get_attribute("#table", "data-phase") == "discard"
            and not page.locator('[data-action="pick 0"]').count()
        ):
            break
        act(page)
    page.wait_for_function(
        "Promise.all(document.getAnimations().map(a => a.finished)).then(() => true)"
    )
    assert page.locator('.toolbar [data-ui="undo"][disabled]').count() == 1  # the talon is seen
    before = {}
    for lang in LANGS:
        _language(page, lang)
        before[lang] = page.evaluate(BAR_JS)
        assert before[lang][0] < 60, f"the toolbar takes two rows in {lang}"
    page.locator('.hand-own [data-legal="1"]').first.click(position=CARD_SPOT)
    page.wait_for_selector(".hand-own .selected")
    page.wait_for_function(
        "Promise.all(document.getAnimations().map(a => a.finished)).then(() => true)"
    )
    assert page.evaluate(CHOSEN_JS) == [], "the chosen card covers the words above the hand"
    v = version(page)
    page.locator('[data-action^="give "]').first.click()
    wait_version(page, v)
    undo = page.locator('.toolbar [data-ui="undo"]:not([disabled])')
    undo.wait_for()
    for lang in LANGS:
        _language(page, lang)
        assert page.evaluate(BAR_JS) == before[lang], f"the table moved in {lang}"
    v = version(page)
    undo.click()  # the visible Undo takes the card back
    wait_version(page, v)
    page.wait_for_selector('.toolbar [data-ui="undo"][disabled]')
    assert page.evaluate(BAR_JS) == before["en"]
    page.evaluate(WATCH_JS)
    for _ in range(60):
        if act(page) == "deal-end":
            break
    page.wait_for_selector('.overlay[data-dialog="summary"]')
    page.wait_for_timeout(600)  # longer than any card's flight
    assert page.evaluate("window.__behind") == []


def test_every_dialog_shows_its_primary_button_on_a_phone_on_its_side(
    page: Any, base_url: str, artifacts: Path
) -> None:
    _load(page, base_url, widest_summary_save(), (844, 390))
    problems: list[Any] = []

    def check(what: str) -> None:
        found = page.evaluate(PRIMARY_JS)
        if not (found["seen"] and found["top"]):
            problems.append((what, found))

    for lang in LANGS:
        _language(page, lang)
        page.wait_for_selector(".overlay .summary-table")
        check(f"summary {lang}")
        page.screenshot(path=str(artifacts / f"fit-summary-844x390-{lang}.png"))
    _language(page, "ru")
    page.click('.overlay [data-ui="share"]')
    page.wait_for_selector('.overlay[data-dialog="share"]')
    check("share")
    page.click('.overlay .row.buttons [data-ui="close"]')
    page.wait_for_selector('.overlay[data-dialog="summary"]')
    _next_deal(page)
    for ui, key in (("sheet", "sheet"), ("log", "log"), ("games", "games"), ("new", "new")):
        page.click(f'.toolbar [data-ui="{ui}"]')
        page.wait_for_selector(f'.overlay[data-dialog="{key}"]')
        check(key)
        page.keyboard.press("Escape")
        page.wait_for_selector(".overlay", state="detached")
    page.click('.toolbar [data-ui="games"]')
    page.click('.overlay [data-ui="stats"]')
    page.wait_for_selector('.overlay[data-dialog="stats"]')
    check("stats")
    assert problems == []


def test_the_game_over_dialog_shows_new_game_on_a_phone_on_its_side(
    page: Any, base_url: str
) -> None:
    _load(page, base_url, finished_game_save(), (844, 390))
    page.wait_for_selector('.overlay[data-dialog="game-over"]')
    found = page.evaluate(PRIMARY_JS)
    assert found["seen"] and found["top"], found
    assert page.evaluate(UNFIT_JS)["out"] == []
