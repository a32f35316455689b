"""``<thousand-deal>`` (``dist/embed.js``) on a host page of another origin.

The host page is served by a second server (another port of 127.0.0.1: another
origin) and includes ``http://127.0.0.1:<dist port>/embed.js``. Four elements:
a record in a JSON child, a record URL of the host (``src``), a malformed
record and a record URL that answers 404. Both good ones get ready and size
their iframes to their content; setting ``step`` moves one of them (and only
that one) and comes back as ``thousand-step``; a step taken inside the embed is
reflected in the attribute; a change of ``lang`` re-words the embed; the bad
ones give ``thousand-error`` and say what is wrong inside the embed, with no
script error on the host page."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from e2e_support import LOAD_TIMEOUT_MS, READY, ROOT
from serve import start_server

HOST = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>a host of another origin</title>
<script>
  window.__events = [];
  for (const name of ["thousand-ready", "thousand-step", "thousand-error"]) {
    addEventListener(name, (e) => window.__events.push({name, id: e.target.id, detail: e.detail}));
  }
  window.__errors = [];
  addEventListener("error", (e) => window.__errors.push(String(e.message)));
</script>
<script src="DIST/embed.js" defer></script>
</head><body style="width: 640px">
<thousand-deal id="a" open step="3"><script type="application/json">RECORD</script></thousand-deal>
<thousand-deal id="b" src="deal.json" seat="0" controls="0"></thousand-deal>
<thousand-deal id="bad" record='{"format": "thousand-record", "deals": [{"oops"'></thousand-deal>
<thousand-deal id="gone" src="missing.json"></thousand-deal>
</body></html>
"""


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory, base_url: str) -> Iterator[str]:
    """A host page on its own origin that loads embed.js from dist's origin."""
    root: Path = tmp_path_factory.mktemp("host")
    record = (ROOT / "examples" / "deal.json").read_text()
    page = HOST.replace("DIST/", base_url).replace("RECORD", record.replace("</", "<\\/"))
    (root / "index.html").write_text(page)
    (root / "deal.json").write_text(record)
    server, url = start_server(root)
    assert url != base_url
    yield url
    server.shutdown()
    server.server_close()


def events(page: Any, name: str, id_: str) -> list[dict[str, Any]]:
    got: list[dict[str, Any]] = page.evaluate("window.__events")
    return [e["detail"] for e in got if e["name"] == name and e["id"] == id_]


def test_thousand_deal_elements_on_a_page_of_another_origin(page: Any, host: str) -> None:
    page.goto(host + "index.html")
    for id_ in ("a", "b"):
        page.wait_for_selector(f'thousand-deal#{id_}[data-ready="1"]', timeout=LOAD_TIMEOUT_MS)
    frame_a, frame_b = page.frame_locator("#a iframe"), page.frame_locator("#b iframe")
    frame_a.locator(READY + '[data-step="3"]').wait_for()  # the step attribute at the start
    frame_b.locator(READY + '[data-step="0"]').wait_for()
    assert events(page, "thousand-ready", "a") == [{}]
    steps = int(frame_a.locator("#table").get_attribute("data-steps") or 0)
    record = json.loads((ROOT / "examples" / "deal.json").read_text())
    assert steps == len(record["deals"][0]["actions"])

    # Setting step drives that element's embed only, and comes back as thousand-step.
    page.evaluate("document.getElementById('a').setAttribute('step', '12')")
    frame_a.locator('#table[data-step="12"]').wait_for()
    page.wait_for_function(
        "() => window.__events.some((e) => e.name === 'thousand-step' && e.id === 'a'"
        " && e.detail.step === 12)"
    )
    last = events(page, "thousand-step", "a")[-1]
    assert last["of"] == steps and isinstance(last["phase"], str) and last["phase"]
    assert page.get_attribute("#a", "step") == "12"
    assert frame_b.locator("#table").get_attribute("data-step") == "0"
    assert all(e["step"] == 0 for e in events(page, "thousand-step", "b"))

    # A step taken inside the embed is reflected in the attribute.
    frame_a.locator('[data-ui="step-next"]').click()
    page.wait_for_selector('thousand-deal#a[step="13"]')

    # The iframes take their content's height (thousand:size).
    for id_, frame in (("a", frame_a), ("b", frame_b)):
        box = page.locator(f"#{id_} iframe").bounding_box()
        table = frame.locator("#table").bounding_box()
        assert box is not None and table is not None
        assert page.evaluate(f"document.querySelector('#{id_} iframe').style.height").endswith("px")
        assert abs(box["height"] - table["height"]) <= 4, (id_, box, table)
        assert table["height"] >= 300

    # Another language: the record again, in those words, at the same step.
    page.evaluate("document.getElementById('b').setAttribute('lang', 'ru')")
    frame_b.locator("html[lang='ru']").wait_for()
    assert frame_b.locator("#table").get_attribute("data-step") == "0"

    # A malformed record and an unreachable src: thousand-error and words in the embed.
    page.wait_for_function(
        "() => ['bad', 'gone'].every((id) => window.__events.some("
        "(e) => e.name === 'thousand-error' && e.id === id))"
    )
    gone = events(page, "thousand-error", "gone")[0]["message"]
    assert "404" in gone and "missing.json" in gone
    for id_ in ("bad", "gone"):
        frame = page.frame_locator(f"#{id_} iframe")
        frame.locator('#table[data-phase="error"]').wait_for()
        assert "cannot be shown" in frame.locator(".embed-message").inner_text()
        assert page.get_attribute(f"#{id_}", "data-ready") is None
    assert page.evaluate("window.__errors") == []
