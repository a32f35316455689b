"""What a picture of the table shows at one moment: the shared model of every view.

A ``Scene`` is built from one seat's ``Observation`` (the live game: only what
that seat may know) or from a whole ``State`` (a replay or a diagram, all hands
open or one seat's view). The page's table (``py/app``), the replay view, the
embed and the ``diagram`` command all draw Scenes, so they show the same facts
the same way; words and layout are theirs.

>>> import random
>>> from thousand import Conventions, Game
>>> state = Game(Conventions()).new_initial_state(random.Random(1))
>>> sc = Scene.of_state(state)               # all hands open
>>> [len(s.cards or ()) for s in sc.seats], sc.talon_backs
([7, 7, 7], (3,))
>>> Scene.of_state(state, seat=0).seats[1].cards is None   # another seat's hand is hidden
True
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from . import actions as A
from .cards import iter_cards
from .conventions import Conventions
from .phase import Phase
from .sheet import SheetRow
from .state import Observation, State

#: Suits in display order (♠ ♥ ♣ ♦: colours alternate); a trump is moved first.
DISPLAY_SUITS = (0, 3, 1, 2)


def display_order(hand: int, trump: int = -1) -> tuple[int, ...]:
    """Cards by suit (trump first, colours alternating), high to low inside a suit."""
    order = list(DISPLAY_SUITS)
    if trump >= 0:
        order.remove(trump)
        order.insert(0, trump)
    out: list[int] = []
    for s in order:
        out.extend(sorted((c for c in iter_cards(hand) if c // 6 == s), reverse=True))
    return tuple(out)


@dataclass(frozen=True)
class SeatScene:
    """One seat: its cards (face up, or only a count), its marks and its standing."""

    seat: int
    cards: tuple[int, ...] | None  # face-up cards in display order; None: hidden
    count: int  # cards held
    total: int
    active: bool  # plays this deal (the 4-player dealer sits out)
    said: int | None  # the seat's last word in this deal's bidding (an action id)
    bolts: int  # bolt marks not yet turned into a penalty
    barrel: int  # deals played on the barrel + 1 (0: not on it)
    tricks: int  # tricks taken this deal
    points: int  # card points taken this deal (public: tricks are shown)
    received: tuple[int, ...]  # cards this seat got from the declarer that the view knows


@dataclass(frozen=True)
class Scene:
    """The table at one moment, as one seat sees it (or with all hands open)."""

    players: int
    viewer: int | None  # the seat whose view this is (None: all open)
    phase: Phase
    turn: int  # the seat to act (-4 when the game is over)
    dealer: int
    first_hand: int
    declarer: int  # -1 while bidding
    contract: int
    high_bid: int
    high_seat: int
    dark: bool
    golden: bool
    on_100: bool
    looked: bool  # the viewer has looked at their cards (dark game: not yet)
    seats: tuple[SeatScene, ...]
    talon: tuple[int, ...]  # the talon face up (shown to the view)
    talon_backs: tuple[int, ...]  # face-down talon piles on the table (2 players: two)
    aside: tuple[int, ...]  # 2 players: the cards put aside, when the view knows them
    trick: tuple[tuple[int, int], ...]  # (seat, card) in play order
    last_trick: tuple[tuple[int, int], ...]
    last_winner: int
    trump: int
    trump_seat: int
    marriages: tuple[tuple[int, int], ...]  # (seat, suit) in declaration order
    legal: tuple[int, ...]  # the viewer's legal actions (empty when not theirs to act)
    sheet: tuple[SheetRow, ...]
    winner: int | None
    conventions: Conventions

    @classmethod
    def of(cls, obs: Observation, hands: tuple[int, ...] | None = None) -> Scene:
        """The scene of an observation; ``hands`` (every seat's cards) opens all hands."""
        n = obs.players
        taken_talon = obs.declarer >= 0 and obs.phase in (Phase.DISCARD, Phase.CONTRACT)
        talon: tuple[int, ...] = ()
        if taken_talon and obs.talon is not None:
            talon = display_order(obs.talon)
        backs: tuple[int, ...] = ()
        if obs.declarer < 0 and obs.phase is not Phase.GAME_OVER:
            backs = (2, 2) if n == 2 else (obs.talon_size,)
        said: dict[int, int] = {}
        for s, a in obs.bids:
            said[s] = a
        received: dict[int, list[int]] = {s: [] for s in range(n)}
        for card, s in obs.known_gives:
            received[s].append(card)
        seats = []
        for s in range(n):
            own = s == obs.seat and obs.looked
            if hands is not None:
                cards: tuple[int, ...] | None = display_order(hands[s], obs.trump)
            elif own:
                cards = display_order(obs.hand, obs.trump)
            else:
                cards = None
            seats.append(
                SeatScene(
                    seat=s,
                    cards=cards,
                    count=obs.hand_sizes[s],
                    total=obs.totals[s],
                    active=s in obs.active,
                    said=said.get(s),
                    bolts=obs.bolt_counts[s],
                    barrel=obs.on_barrel[s],
                    tricks=obs.tricks_won[s],
                    points=obs.points_taken[s],
                    received=tuple(received[s]),
                )
            )
        last = obs.tricks[-1] if obs.tricks else None
        return cls(
            players=n,
            viewer=None if hands is not None else obs.seat,
            phase=obs.phase,
            turn=obs.current_player,
            dealer=obs.dealer,
            first_hand=obs.first_hand,
            declarer=obs.declarer,
            contract=obs.contract,
            high_bid=obs.high_bid,
            high_seat=obs.high_seat,
            dark=obs.dark,
            golden=obs.golden,
            on_100=obs.on_100,
            looked=obs.looked or hands is not None,
            seats=tuple(seats),
            talon=talon,
            talon_backs=backs,
            aside=display_order(obs.aside) if obs.aside else (),
            trick=obs.trick,
            last_trick=last[1] if last else (),
            last_winner=last[2] if last else -1,
            trump=obs.trump,
            trump_seat=obs.trump_seat,
            marriages=obs.marriages,
            legal=obs.legal_actions,
            sheet=obs.sheet,
            winner=obs.winner,
            conventions=obs.conventions,
        )

    @classmethod
    def of_state(cls, state: State, seat: int | None = None) -> Scene:
        """A whole state: ``seat``'s view, or every hand open (``seat=None``)."""
        if seat is not None:
            return cls.of(state.observation(seat))
        viewer = state.declarer if state.declarer >= 0 else state.current_player()
        if viewer < 0:
            viewer = 0
        obs = state.observation(viewer)
        open_obs = _open(state, obs)
        return cls.of(open_obs, hands=tuple(state.hands))

    def seat(self, s: int) -> SeatScene:
        """One seat's part of the scene."""
        return self.seats[s]

    def said_value(self, s: int) -> int | None:
        """A seat's last bid as a number (None: no bid, pass or another word)."""
        a = self.seats[s].said
        if a is None or not A.is_bid(a):
            return None
        return A.action_value(a)


def _open(state: State, obs: Observation) -> Observation:
    """An observation with everything a spectator of an open replay sees."""
    talon = state.talon if state.declarer >= 0 else None
    return replace(obs, talon=talon, known_gives=tuple(state.gives), aside=state.aside)
