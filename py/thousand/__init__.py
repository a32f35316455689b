"""1000 (Тысяча): rules engine, notation, records and bots. Pure Python, stdlib only.

>>> import random
>>> from thousand import Game, Conventions
>>> state = Game(Conventions.preset("classic")).new_initial_state(random.Random(1))
>>> state.current_player() in range(3)
True
"""

from .actions import action_from_str, action_str
from .cards import card_from_str, card_str, cards_mask, mask_str
from .conventions import Conventions, ConventionsError
from .record import RecordError, dumps, make_record, replay
from .sheet import Penalty, SheetRow
from .state import Game, GameOverError, IllegalActionError, Observation, Phase, State

__version__ = "0.1.0"

__all__ = [
    "Conventions",
    "ConventionsError",
    "Game",
    "GameOverError",
    "IllegalActionError",
    "Observation",
    "Penalty",
    "Phase",
    "RecordError",
    "SheetRow",
    "State",
    "action_from_str",
    "action_str",
    "card_from_str",
    "card_str",
    "cards_mask",
    "dumps",
    "make_record",
    "mask_str",
    "replay",
]
