"""Notices, the toolbar over the deal summary and an accessibility audit, done as a
person does it: a real click (or tap) on the visible control, at the sizes where
they failed. A refused import's notice stayed over later dialogs, survived Esc,
stayed in English after a switch to Russian and lay over the toolbar on a phone;
the score sheet and the log did nothing behind a deal summary; axe-core found
contrast, naming, list and heading faults.

The audit runs axe-core (``node_modules/axe-core``, a devDependency of
package.json that ``npm ci`` installs for ``./build.sh``; never in ``dist/``)
injected into the page."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from e2e_support import AXE_RUN, ROOT
from play_support import open_table

from app.shell.i18n import LANGS, t

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SIZES = pytest.mark.parametrize(
    "size", [PHONE, DESKTOP], ids=lambda s: f"{s['width']}x{s['height']}"
)
#: Every button and the language select of the toolbar whose middle is the
#: toolbar's own (nothing lies over it): their data-ui, for those covered.
TOOLBAR_COVERED = """() => [...document.querySelectorAll('.toolbar [data-ui]')]
  .filter((b) => {
    const r = b.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !hit || !b.contains(hit) && !hit.contains(b);
  })
  .map((b) => b.dataset.ui)"""


def _context(browser: Any, base_url: str, size: dict[str, int]) -> Any:
    return browser.new_context(
        viewport=size, has_touch=size["width"] < 500, service_workers="block", base_url=base_url
    )


def _press(page: Any, selector: str, size: dict[str, int]) -> None:
    """A tap on a phone, a click on a desktop."""
    if size["width"] < 500:
        page.tap(selector)
    else:
        page.click(selector)


def _refuse_an_import(page: Any, tmp_path: Path, size: dict[str, int]) -> None:
    """Open Games from the toolbar and pick a file that is not a saved game."""
    if not page.locator('[data-dialog="games"]').count():
        _press(page, '.toolbar [data-ui="games"]', size)
    page.wait_for_selector('[data-dialog="games"]')
    bad = tmp_path / "notes.json"
    bad.write_text("{not json")
    label = page.locator("label.btn.file", has=page.locator('input[data-ui="import"]'))
    with page.expect_file_chooser() as chooser:
        label.click()
    chooser.value.set_files(str(bad))
    page.wait_for_selector(".notice.error")


@SIZES
def test_a_refused_imports_notice_closes_is_reworded_and_leaves_the_toolbar_free(
    browser: Any, base_url: str, tmp_path: Path, artifacts: Path, size: dict[str, int]
) -> None:
    ctx = _context(browser, base_url, size)
    page = ctx.new_page()
    open_table(page, base_url, "?lang=en&level=easy&speed=fast&seed=5&fresh=1")
    english = t("en", "import_bad", why=t("en", "import_not_game"))
    russian = t("ru", "import_bad", why=t("ru", "import_not_game"))
    note = page.locator(".notice.error")

    # its own close control closes it
    _refuse_an_import(page, tmp_path, size)
    assert note.locator("p").inner_text() == english
    close = note.locator('[data-ui="dismiss"]')
    assert close.is_visible() and close.get_attribute("aria-label") == t("en", "dismiss")
    _press(page, '.notice.error [data-ui="dismiss"]', size)
    note.wait_for(state="detached")

    # the dialog closes: the notice stays on the table to be read; Esc closes it
    _refuse_an_import(page, tmp_path, size)
    page.keyboard.press("Escape")
    page.wait_for_selector('[data-dialog="games"]', state="detached")
    assert note.is_visible()
    page.keyboard.press("Escape")
    note.wait_for(state="detached")

    # the language changes: the notice is worded anew
    _refuse_an_import(page, tmp_path, size)
    _press(page, '[data-dialog="games"] [data-ui="close"]', size)
    page.wait_for_selector('[data-dialog="games"]', state="detached")
    page.select_option('.toolbar select[data-ui="lang"]', "ru")
    page.wait_for_function(
        "(text) => document.querySelector('.notice.error p')?.textContent === text", arg=russian
    )
    assert "could not be used" not in note.inner_text()

    # below the toolbar, never over it: every tool can be pressed
    bar = page.locator(".toolbar").bounding_box()
    box = note.bounding_box()
    assert bar is not None and box is not None
    assert box["y"] >= bar["y"] + bar["height"] - 1, (bar, box)
    assert page.evaluate(TOOLBAR_COVERED) == []
    name = "phone" if size["width"] < 500 else "desktop"
    page.screenshot(path=str(artifacts / f"notice-{name}.png"))
    # the score sheet opens for real; the stale error goes
    _press(page, '.toolbar [data-ui="sheet"]', size)
    page.wait_for_selector('[data-dialog="sheet"] .dialog')
    assert note.count() == 0
    ctx.close()


def _summary_save() -> str:
    """A save of a game whose first deal has just ended (its summary up)."""
    from app_helpers import new_session

    rng = random.Random(3)
    s = new_session(seed=4)
    while not s.waiting_for_summary():
        legal = s.state.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    return json.dumps(s.to_save("test"))


@SIZES
@pytest.mark.parametrize("tool", ["sheet", "log"])
def test_the_toolbar_works_over_the_deal_summary(
    browser: Any, base_url: str, artifacts: Path, size: dict[str, int], tool: str
) -> None:
    ctx = _context(browser, base_url, size)
    page = ctx.new_page()
    page.add_init_script(f"localStorage.setItem('thousand.save', {_summary_save()!r})")
    open_table(page, base_url, "?lang=en&level=easy&speed=fast")
    page.wait_for_selector('[data-dialog="summary"] .dialog')
    # the toolbar is not under the summary's dim layer: its buttons are pressable
    assert page.evaluate(TOOLBAR_COVERED) == []
    name = "phone" if size["width"] < 500 else "desktop"
    found: list[str] = []
    if tool == "sheet":
        page.screenshot(path=str(artifacts / f"summary-{name}.png"))
        page.add_script_tag(path=str(AXE))
        _audit(page, "summary", found)
    _press(page, f'.toolbar [data-ui="{tool}"]', size)
    page.wait_for_selector(f'[data-dialog="{tool}"] .dialog')
    top = page.evaluate(
        "() => document.elementFromPoint(innerWidth / 2, innerHeight / 2)"
        "?.closest('[data-dialog]')?.dataset.dialog"
    )
    assert top == tool  # over the summary
    if tool == "sheet":
        page.screenshot(path=str(artifacts / f"summary-sheet-{name}.png"))
        _audit(page, "the score sheet over the summary", found)
    assert not found, "axe-core found:\n" + "\n".join(found)
    _press(page, f'[data-dialog="{tool}"] [data-ui="close"]', size)
    page.wait_for_selector(f'[data-dialog="{tool}"]', state="detached")
    assert page.locator('[data-dialog="summary"] .dialog').is_visible()  # back to it
    assert page.get_attribute("#table", "data-phase") == "deal-end"
    ctx.close()


# -- the accessibility audit ----------------------------------------------------------


#: The dialogs the toolbar opens (the lesson is the table itself).
TOOL_DIALOGS = ("sheet", "log", "rules", "games", "editor", "new")


def _audit(page: Any, where: str, found: list[str]) -> None:
    for v in page.evaluate(AXE_RUN):
        found.append(f"{where}: {v['id']} ({v['impact']}): {v['help']}")
        found += [f"    {n}" for n in v["nodes"][:8]]


def test_every_screen_passes_axe_in_every_language_on_a_phone_and_a_desktop(
    page: Any, base_url: str
) -> None:
    """axe-core on the game page, each toolbar dialog opened by its visible button
    (and the statistics and the rules editor they open), a notice up, at 1280x800
    and 390x844, in Russian, Ukrainian, Polish and English: no violation."""
    assert AXE.is_file(), "node_modules/axe-core is missing: run ./build.sh (npm ci)"
    open_table(page, base_url, "?lang=ru&level=easy&speed=fast&seed=5&fresh=1")
    page.add_script_tag(path=str(AXE))
    found: list[str] = []
    for lang in ("ru", *(x for x in LANGS if x != "ru")):
        if page.get_attribute("#table", "data-lang") != lang:
            page.select_option('.toolbar select[data-ui="lang"]', lang)
            page.wait_for_selector(f'#table[data-lang="{lang}"]')
        for size in (DESKTOP, PHONE):
            page.set_viewport_size(size)
            at = f"{lang} {size['width']}x{size['height']}"
            _audit(page, f"{at} table", found)
            for tool in TOOL_DIALOGS:
                page.click(f'.toolbar [data-ui="{tool}"]')
                page.wait_for_selector(f'[data-dialog="{tool}"] .dialog')
                _audit(page, f"{at} {tool}", found)
                # and the dialog each opens further: the statistics, the rules editor
                inner = {"games": ("stats", "stats"), "new": ("rules", "rules")}.get(tool)
                if inner is not None:
                    page.click(f'[data-dialog="{tool}"] [data-ui="{inner[0]}"]')
                    page.wait_for_selector(f'[data-dialog="{inner[1]}"] .dialog')
                    _audit(page, f"{at} {tool} > {inner[1]}", found)
                page.keyboard.press("Escape")
                page.wait_for_selector(".overlay", state="detached")
    # a notice up: a refused file, in the Games dialog and then on the table
    page.set_viewport_size(PHONE)
    page.click('.toolbar [data-ui="games"]')
    page.wait_for_selector('[data-dialog="games"]')
    page.set_input_files('input[data-ui="import"]', files=[_not_a_game()])
    page.wait_for_selector(".notice.error")
    _audit(page, "notice in a dialog", found)
    page.keyboard.press("Escape")
    page.wait_for_selector('[data-dialog="games"]', state="detached")
    _audit(page, "notice on the table", found)
    assert not found, "axe-core found:\n" + "\n".join(found)


def _not_a_game() -> dict[str, Any]:
    return {"name": "notes.json", "mimeType": "application/json", "buffer": b"{not json"}
