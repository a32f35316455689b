"""CPython tests of the build helpers, the dev server and the card generator."""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
for folder in ("tools", "cards_svg"):
    sys.path.insert(0, str(ROOT / folder))


def _page_constant(name: str) -> object:
    """The value of ``const NAME = <JSON>;`` in static/interpreter.mjs (the page's
    loader), as tools/snapshot.mjs reads it too."""
    text = (ROOT / "static" / "interpreter.mjs").read_text()
    found = re.search(rf"^const {name} = (.+?);", text, re.MULTILINE)
    assert found, f"static/interpreter.mjs defines no {name}"
    return json.loads(found[1])


@pytest.fixture
def page_constant() -> Callable[[str], object]:
    """``page_constant("NAME")``: a constant of static/interpreter.mjs."""
    return _page_constant


# Not collected for --doctest-modules: both test folders' conftest.py would be
# imported as one module "conftest" (pytest tests/e2e tests/tooling failed so).
collect_ignore = ["conftest.py"]
