"""CPython tests of the build helpers, the dev server and the card generator."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
for folder in ("tools", "cards_svg"):
    sys.path.insert(0, str(ROOT / folder))
