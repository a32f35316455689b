"""The players' rules pages (``dist/rules/<lang>/``, ``tools/rules_site.py``) in Chromium.

Without JavaScript every page of every language reads with its examples' pictures;
with it, the examples are live ``<thousand-deal>`` elements that step; *Copy this
example* puts a tag on the clipboard that shows the deal on a page of another origin;
*Play with these rules* starts a game with that set; the language switch keeps the
section; the cheat sheet prints on one A4 page in each language; and axe-core finds
no violation on any rules page (the audit runs with the live examples left out: their
frames are the embed's, audited with the game)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_support import AXE_RUN, DIST, LOAD_TIMEOUT_MS, READY, ROOT
from serve import start_server

LANGS = ("en", "ru", "uk", "pl")
AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
#: A page per language whose examples are stepped (together: most of the examples).
LIVE = {"en": "barrel", "ru": "play", "uk": "two-four", "pl": "index"}
PICTURES = """() => Promise.all([...document.querySelectorAll('figure.deal img')].map(
  (img) => img.decode().then(() => img.naturalWidth, () => 0)))"""


def _pages(lang: str) -> list[str]:
    return sorted(p.name for p in (DIST / "rules" / lang).glob("*.html"))


@pytest.mark.browser_context_args(java_script_enabled=False, viewport={"width": 390, "height": 844})
def test_every_page_reads_without_javascript_with_its_pictures_on_a_phone(
    page: Any, base_url: str
) -> None:
    for lang in LANGS:
        names = _pages(lang)
        assert len(names) >= 12, lang
        for name in names:
            page.goto(f"{base_url}rules/{lang}/{name}")
            assert page.locator("html").get_attribute("lang") == lang
            assert page.locator("h1").count() == 1
            widths = page.evaluate(PICTURES)
            assert all(w > 0 for w in widths), f"{lang}/{name}: a picture did not load"
            assert page.locator("figure.deal iframe").count() == 0  # nothing ran
            assert page.locator("figure.deal a.editor").count() == len(widths)
            wide = page.evaluate("document.documentElement.scrollWidth")
            assert wide <= 390, f"{lang}/{name}: {wide} px wide on a 390 px phone"
    page.goto(base_url + "rules/ru.html")  # the old address goes on to the players' page
    page.wait_for_url("**/rules/ru/index.html")
    page.goto(base_url + "rules/reference/ru.html")  # the developer reference stays
    assert page.locator("h2", has_text="§5").count() == 1
    assert page.locator("#house-rules dt").count() > 50


def test_each_languages_examples_are_live_and_step(page: Any, base_url: str) -> None:
    for lang, name in LIVE.items():
        page.goto(f"{base_url}rules/{lang}/{name}.html")
        figures = page.locator("figure.deal")
        assert figures.count() >= 1
        for k in range(figures.count()):
            fid = figures.nth(k).get_attribute("id")
            deal = page.locator(f"#{fid} thousand-deal")
            deal.scroll_into_view_if_needed()
            page.wait_for_selector(
                f'#{fid} thousand-deal[data-ready="1"]', state="attached", timeout=LOAD_TIMEOUT_MS
            )
            step = int(deal.get_attribute("step"))
            frame = page.frame_locator(f"#{fid} iframe")
            frame.locator(f'#table[data-ready="1"][data-step="{step}"]').wait_for()
            assert frame.locator("html").get_attribute("lang") == lang
            assert not page.locator(f"#{fid} img").is_visible()  # the fallback, hidden
            button = "step-prev" if frame.locator('[data-ui="step-next"]').is_disabled() else None
            frame.locator(f'[data-ui="{button or "step-next"}"]').click()
            moved = step - 1 if button else step + 1
            page.wait_for_selector(f'#{fid} thousand-deal[step="{moved}"]', state="attached")


HOST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>An author's page</title></head>
<body style="width: 640px"><h1>My club's page</h1>
PASTED
</body></html>
"""


@pytest.fixture
def other_origin(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """A site on another origin (another port of 127.0.0.1), its page written later."""
    (tmp_path / "index.html").write_text(HOST.replace("PASTED", ""))
    server, url = start_server(tmp_path)
    yield url, tmp_path
    server.shutdown()
    server.server_close()


@pytest.mark.browser_context_args(permissions=["clipboard-read", "clipboard-write"])
def test_copy_this_example_gives_a_tag_that_shows_the_deal_on_another_site(
    page: Any, base_url: str, other_origin: tuple[str, Path]
) -> None:
    page.goto(base_url + "rules/uk/play.html")
    button = page.locator("#example-must_trump button.copy")
    button.wait_for(state="visible")  # site.js shows it
    assert button.inner_text() == "Скопіювати приклад"
    button.click()
    status = page.locator("#example-must_trump .copy-status")
    page.wait_for_function("(el) => el.textContent.length > 0", arg=status.element_handle())
    tag = page.evaluate("navigator.clipboard.readText()")
    assert tag.startswith(f'<script src="{base_url}embed.js" defer></script>\n<thousand-deal ')
    assert 'step="15" open lang="uk"' in tag
    record = re.search(r'<script type="application/json">(.*)</script>', tag)
    assert record and json.loads(record.group(1))["deals"][0]["actions"][14] == "play JH"
    url, root = other_origin
    assert not url.startswith(base_url)
    (root / "index.html").write_text(HOST.replace("PASTED", tag))
    page.goto(url)
    page.wait_for_selector(
        'thousand-deal[data-ready="1"]', state="attached", timeout=LOAD_TIMEOUT_MS
    )
    frame = page.frame_locator("thousand-deal iframe")
    frame.locator('#table[data-ready="1"][data-step="15"]').wait_for()
    assert frame.locator("html").get_attribute("lang") == "uk"


def test_the_language_switch_keeps_the_page_and_the_section(page: Any, base_url: str) -> None:
    page.goto(base_url + "rules/ru/play.html")
    second = page.locator("main h2").nth(1)
    page.goto(f"{base_url}rules/ru/play.html#{second.get_attribute('id')}")
    page.locator('nav.langs a[hreflang="en"]').click()
    page.wait_for_url("**/rules/en/play.html#*")
    assert page.url.endswith("#" + page.locator("main h2").nth(1).get_attribute("id"))
    page.goto(base_url + "rules/en/play.html#example-must_trump")
    page.locator('nav.langs a[hreflang="pl"]').click()
    page.wait_for_url("**/rules/pl/play.html#example-must_trump")


def test_play_with_these_rules_and_open_in_the_deal_editor_open_the_game(
    page: Any, base_url: str
) -> None:
    page.goto(base_url + "rules/pl/house-rules.html")
    page.locator('a.play[data-preset="polish"]').first.click()
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT_MS)
    assert page.locator("#table").get_attribute("data-lang") == "pl"
    page.wait_for_function(
        "() => (JSON.parse(localStorage.getItem('thousand.save') || '{}').rules) === 'polish'"
    )
    save = json.loads(page.evaluate("localStorage.getItem('thousand.save')"))
    assert save["record"]["conventions"]["bid_step"] == 10  # the Polish set's bids in tens
    # Open in the deal editor: the editor on that deal, over the game's replay at that step
    page.goto(base_url + "rules/ru/scoring.html")
    page.locator("#example-concede a.editor").click()
    page.wait_for_selector('#table[data-phase="replay"][data-step="6"]', timeout=LOAD_TIMEOUT_MS)
    assert page.locator("#table").get_attribute("data-lang") == "ru"
    page.wait_for_selector('[data-dialog="editor"]', timeout=LOAD_TIMEOUT_MS)
    # and back: the game's Rules dialog links the players' pages in its language
    page.goto(base_url + "?lang=ru&fresh=1&speed=fast")
    page.wait_for_selector(READY, timeout=LOAD_TIMEOUT_MS)
    page.locator('.toolbar [data-ui="rules"]').click()
    with page.context.expect_page() as opened:
        page.locator('.dialog a[href="rules/ru/index.html"]').click()
    rules = opened.value
    rules.wait_for_load_state()
    assert rules.url.endswith("/rules/ru/index.html") and rules.locator("h1").count() == 1
    rules.close()


def test_the_cheat_sheet_prints_on_one_a4_page_in_every_language(page: Any, base_url: str) -> None:
    for lang in LANGS:
        page.goto(f"{base_url}rules/{lang}/cheatsheet.html")
        pdf = page.pdf(format="A4")
        pages = len(re.findall(rb"/Type\s*/Page[^s]", pdf))
        assert pages == 1, f"{lang}: the cheat sheet prints on {pages} pages"


def test_axe_finds_no_violation_on_any_rules_page(page: Any, base_url: str) -> None:
    assert AXE.is_file(), "node_modules/axe-core is missing: run ./build.sh (npm ci)"
    page.route("**/embed.js", lambda route: route.abort())  # the pictures, not the frames
    found: list[str] = []
    urls = ["rules/", "rules/reference/en.html"]
    urls += [f"rules/{lang}/{name}" for lang in LANGS for name in _pages(lang)]
    for url in urls:
        page.goto(base_url + url)
        page.add_script_tag(path=str(AXE))
        for v in page.evaluate(AXE_RUN):
            found.append(f"{url}: {v['id']} ({v['impact']}): {v['help']}")
            found += [f"    {n}" for n in v["nodes"][:5]]
    assert not found, "axe-core found:\n" + "\n".join(found)
