"""The phases of a deal (RULES §4-§11) and the end of the game."""

from __future__ import annotations

from enum import Enum


class Phase(Enum):
    """The phases of a deal (and the end of the game)."""

    DARK = "dark"  # first hand may play in the dark (§10)
    REDEAL = "redeal"  # a player whose hand qualifies may ask a redeal (§4)
    BIDDING = "bidding"  # §5
    PICK = "pick"  # 2 players: choose a talon (§11)
    DISCARD = "discard"  # pass a card to each opponent / set 2 aside (§6, §11)
    CONTRACT = "contract"  # final contract or concession (§6, §8)
    PLAY = "play"  # tricks (§7)
    GAME_OVER = "game-over"  # a player reached the target (§9)
