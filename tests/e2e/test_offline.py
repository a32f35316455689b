"""The service worker: registers after the first load, then serves the game offline,
and the rules pages with their live examples."""

from __future__ import annotations

from typing import Any

import pytest
from e2e_support import READY

SW_SETTLED = """async () => {
    const reg = await navigator.serviceWorker.ready;
    return reg.active.state === "activated" && !reg.installing;
}"""


@pytest.mark.browser_context_args(service_workers="allow")
def test_service_worker_registers_and_game_starts_offline(page: Any, context: Any) -> None:
    page.goto("/")
    page.wait_for_selector(READY)
    page.wait_for_selector('#table[data-sw="registered"]')
    page.wait_for_function(SW_SETTLED, polling=250)
    # The worker does not take over the page that registered it (no
    # clients.claim: a page runs one build throughout); the next one is its.
    assert page.evaluate("navigator.serviceWorker.controller") is None
    keys = page.evaluate("caches.keys()")
    assert any(key.startswith("thousand-") for key in keys)
    page.wait_for_timeout(2000)  # Chromium may still skip a just-activated worker
    # The rules pages are kept when visited (not at install): one visit online.
    page.goto("/rules/")
    page.goto("/rules/uk/bidding.html")
    page.wait_for_selector('#example-bidding thousand-deal[data-ready="1"]', state="attached")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    page.goto("/")

    context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("crossOriginIsolated") is False  # (none needed)
    table = page.locator("#table")
    build = page.evaluate('document.querySelector("meta[name=thousand-build]").content')
    assert table.get_attribute("data-build") == build
    assert table.get_attribute("data-engine-build") == build

    # The rules pages too, once visited, their live examples included.
    page.goto("/rules/")
    assert page.locator('a[href="uk/index.html"]').count() >= 1
    page.goto("/rules/uk/bidding.html")
    assert "Торгівля" in page.title()
    page.wait_for_selector('#example-bidding thousand-deal[data-ready="1"]', state="attached")


@pytest.mark.browser_context_args(service_workers="allow")
def test_rules_pages_not_yet_visited_are_not_there_offline(page: Any, context: Any) -> None:
    """The worker keeps the rules pages when visited: one never opened is not kept."""
    page.goto("/")
    page.wait_for_selector('#table[data-sw="registered"]')
    page.wait_for_function(SW_SETTLED, polling=250)
    page.wait_for_timeout(2000)
    page.reload()
    page.wait_for_selector(READY)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    kept = page.evaluate(
        """async () => {
        const keys = await caches.keys();
        const key = keys.find((k) => k.startsWith("thousand-") && k !== "thousand-pages");
        const cache = await caches.open(key);
        const rules = await cache.match("./rules/pl/index.html");
        return [!!rules, !!(await cache.match("./index.html"))];
    }"""
    )
    assert kept == [False, True]
