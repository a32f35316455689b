"""The embed fits every iframe docs/EMBEDDING.md promises, 320 x 240 to 1000 x 1000: at each
size of a grid and at several steps of a deal, no control of the replay bar, no
card's index corner and no seat's name lies outside the frame or under another
element, and the table does not overflow (``fit_support.UNFIT_JS``). Each size is
also shot into ``artifacts/embed-fit/`` for a person to look at."""

from __future__ import annotations

from typing import Any

import pytest
from e2e_support import ARTIFACTS
from fit_support import UNFIT_JS

from app.replay.share import share_fragment

SIZES = ("320x240", "390x300", "700x240", "320x480", "600x520", "1000x1000")


@pytest.fixture(scope="module")
def fragment() -> str:
    from app_helpers import random_record

    return share_fragment(random_record(1, seed=4))


@pytest.mark.parametrize("size", SIZES)
def test_the_embed_shows_the_whole_position_and_its_controls(
    page: Any, base_url: str, fragment: str, size: str
) -> None:
    w, h = size.split("x")
    out = ARTIFACTS / "embed-fit"
    out.mkdir(parents=True, exist_ok=True)
    page.set_viewport_size({"width": 1100, "height": 1100})
    unfit: dict[str, list[str]] = {}
    for step, lang in ((0, "ru"), (12, "en"), (32, "pl")):
        page.goto(base_url + "/examples/explainer.html")  # a host page of the same origin
        page.set_content(
            f'<iframe src="{base_url}/embed.html{fragment}&step={step}&open=1&lang={lang}" '
            f'width="{w}" height="{h}" style="border:0"></iframe>'
        )
        frame = page.frames[1]
        frame.wait_for_selector('#table[data-ready="1"]', timeout=120_000)
        frame.wait_for_function(
            "Promise.all(document.getAnimations().map(a => a.finished)).then(() => true)"
        )
        page.screenshot(
            path=str(out / f"{size}-{step}.png"),
            clip={"x": 0, "y": 0, "width": int(w), "height": int(h)},
        )
        bad = frame.evaluate(UNFIT_JS)
        if bad:
            unfit[f"step {step}"] = bad
    assert unfit == {}
