"""Write ``cards_svg/cards.svg``: the sprite of the 24 cards of 1000 and a back.

The drawing itself lives in ``py/thousand/cardart.py`` (shared with the static
diagrams of ``python -m thousand diagram``); this script only writes the sprite.
Run ``python3 cards_svg/make_cards.py`` after changing the card art, and commit
the regenerated sprite (``tests/tooling/test_card_sprite.py`` checks it).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "py"))

from thousand.cardart import sprite

SPRITE = Path(__file__).with_name("cards.svg")


def main(out: Path = SPRITE) -> int:
    """Write the sprite (next to this script by default) and report its size."""
    text = sprite()
    out.write_bytes(text.encode("utf-8"))
    cards = text.count('<symbol id="card-')
    print(f"wrote {out} ({len(text.encode()):,d} bytes, {cards} cards)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
