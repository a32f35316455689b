"""The page's words per language as the page loads them: English from the app
wheel, the page's own language fetched alongside the runtime on a fresh start,
the others once the page is ready; a switch of language then, offline too
(from the copies the page fetched from the worker's cache). A language not
fetched yet is asked for at the switch, online only: Chromium's service worker
does not answer that synchronous request.

(A restored snapshot holds every catalogue: test_newcomer.py switches through
all four languages on such a page.)
"""

from __future__ import annotations

from typing import Any

import pytest
from e2e_support import READY, first_load

#: The language menu's own label, in each language (the catalogues' "language").
LABEL = {"en": "Language", "ru": "Язык", "uk": "Мова", "pl": "Język"}
SW_SETTLED = """async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active.state === "activated" && !reg.installing;
}"""
FETCHED = """(names) => names.every((n) =>
    performance.getEntriesByType("resource").some((e) => e.name.endsWith(`/locale/${n}.mo`)))"""
#: Python's view of the catalogues the page wrote for it (app.shell.catalog.PAGE_DIR).
WRITTEN = """async () => {
    const { ready } = await import("./static/interpreter.mjs");
    const pyodide = await ready;
    return pyodide.runPython(
        "import os; from app.shell import catalog; sorted(os.listdir(catalog.PAGE_DIR))").toJs();
}"""
#: Drops a fetched catalogue from Python's file system (a switch must then ask itself).
DROP = """async (lang) => {
    const { ready } = await import("./static/interpreter.mjs");
    (await ready).FS.unlink(`/lib/thousand/locale/${lang}.mo`);
}"""


def _switch(page: Any, lang: str) -> None:
    page.select_option('[data-ui="lang"]', lang)
    page.wait_for_selector(f'#table[data-lang="{lang}"]')
    assert page.get_attribute('[data-ui="lang"]', "aria-label") == LABEL[lang]


def test_a_fresh_start_fetches_its_own_language_first_and_the_others_once_ready(
    browser: Any, browser_context_args: dict[str, Any], base_url: str
) -> None:
    path = "/?nosw&nosnapshot&lang=uk"
    with first_load(browser, browser_context_args, base_url, path) as (page, log):
        names = [u.split("?")[0].rsplit("/", 2)[-2:] for u in log.requests]
        mos = [name for folder, name in names if folder == "locale"]
        assert mos[:1] == ["uk.mo"], mos  # the page's own, before it was ready
        assert page.get_attribute('[data-ui="lang"]', "aria-label") == LABEL["uk"]
        page.wait_for_function(FETCHED, arg=["ru", "pl"])
        page.wait_for_function(f"async () => ({WRITTEN})().then((w) => w.length === 3)")
        assert sorted(mos) == sorted(set(mos)) == ["pl.mo", "ru.mo", "uk.mo"]
        for lang in ("pl", "en"):
            _switch(page, lang)
        # One the page has not got (yet): asked for at the switch itself.
        page.evaluate(DROP, "ru")
        _switch(page, "ru")
        assert not log.errors and not log.failed, (log.errors, log.failed, log.console[-5:])


@pytest.mark.browser_context_args(service_workers="allow")
def test_a_switch_of_language_offline_reads_the_workers_copy(page: Any, context: Any) -> None:
    page.goto("/")
    page.wait_for_selector('#table[data-sw="registered"]')
    page.wait_for_function(SW_SETTLED, polling=250)
    page.wait_for_timeout(2000)  # Chromium may still skip a just-activated worker
    context.set_offline(True)
    page.goto("/?nosnapshot&lang=en")  # Python afresh: English from the wheel alone
    page.wait_for_selector(READY)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    page.wait_for_function(f"async () => ({WRITTEN})().then((w) => w.length === 3)")
    for lang in ("ru", "pl", "uk"):
        _switch(page, lang)
