"""What the page shows before Python is ready, and when loading fails."""

from __future__ import annotations

from typing import Any

from e2e_support import READY


def test_table_paints_before_python(page: Any) -> None:
    held: list[Any] = []
    page.route("**/pyscript/core.js", lambda route: held.append(route))
    page.goto("/", wait_until="commit")
    page.wait_for_function("performance.getEntriesByName('first-contentful-paint').length > 0")
    for _ in range(200):  # boot.js asks for PyScript right after the paint
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "PyScript was requested once the table had painted"
    table = page.locator("#table")
    assert table.get_attribute("data-phase") == "loading"
    assert table.get_attribute("data-ready") is None
    # The placeholder is the table's own markup (tools/placeholder.py): final layout.
    assert page.locator(".seat-bottom .card").first.is_visible()
    assert page.locator(".seat-left .card").first.is_visible()
    assert page.locator(".talon .card").first.is_visible()
    assert page.locator(".toolbar").is_visible()
    assert page.locator("#progress-stages li.active").inner_text() == "Runtime"
    assert "runtime" in page.locator("#progress-label").inner_text().lower()
    for route in held:
        route.abort()


def test_missing_runtime_is_reported_in_words(page: Any) -> None:
    page.route("**/pyodide.asm.wasm", lambda route: route.abort())
    page.goto("/")
    error = page.locator("#load-error")
    error.wait_for(state="visible")
    text = error.inner_text()
    assert "could not start" in text.lower()
    assert "pyodide.asm.wasm" in text
    assert page.locator("#table").get_attribute("data-phase") == "error"
    assert page.locator("#table").get_attribute("data-ready") is None


def test_python_exception_at_start_is_reported_in_words(page: Any, base_url: str) -> None:
    """The page's Python (py/app/main.py, inlined by the build) raises before the table is ready."""

    def broken_page(route: Any) -> None:
        html = route.fetch().text()
        start = html.index('<script type="py"')
        body = html.index(">", start) + 1
        end = html.index("</script>", body)
        code = "\nraise RuntimeError('engine exploded on purpose')\n"
        route.fulfill(status=200, content_type="text/html", body=html[:body] + code + html[end:])

    page.route(base_url, broken_page)
    page.goto("/")
    error = page.locator("#load-error")
    error.wait_for(state="visible")
    assert "engine exploded on purpose" in error.inner_text()
    assert page.locator(READY).count() == 0
