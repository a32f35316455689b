"""The service worker: registers after the first load, then serves the game offline."""

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

    context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("crossOriginIsolated") is True
    table = page.locator("#table")
    build = page.evaluate('document.querySelector("meta[name=thousand-build]").content')
    assert table.get_attribute("data-build") == build
    assert table.get_attribute("data-engine-build") == build
