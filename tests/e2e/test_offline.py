"""The service worker: registers after the first load, then serves the game offline."""

from __future__ import annotations

from typing import Any

import pytest
from e2e_support import READY


@pytest.mark.browser_context_args(service_workers="allow")
def test_service_worker_registers_and_game_starts_offline(page: Any, context: Any) -> None:
    page.goto("/")
    page.wait_for_selector(READY)
    page.wait_for_selector('#table[data-sw="registered"]')
    state = page.evaluate(
        """async () => {
            const reg = await navigator.serviceWorker.ready;
            return {active: !!reg.active, caches: await caches.keys()};
        }"""
    )
    assert state["active"]
    assert any(key.startswith("thousand-") for key in state["caches"])

    context.set_offline(True)
    page.reload()
    page.wait_for_selector(READY)
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert page.evaluate("crossOriginIsolated") is True
