"""Bots as seat-fillers: a bot decides from ``State.observation(seat)`` alone.

Computer players fill empty seats at tables of people (one device or online),
so a bot must never read another seat's hidden cards. Each test builds a twin
of a position: the same deal with two cards swapped between places the deciding
seat cannot see (the other hands, a talon not shown to it), the same actions
replayed. The twin's observation for that seat must be identical, and Strong's
and Normal's answers (and every ranked choice with its values) the same with the
same generator, through the arena's own door (``bots.bot_action``).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from thousand.ai import make_ai_bot
from thousand.bots import EasyBot, bot_action
from thousand.cards import BIT
from thousand.conventions import Conventions
from thousand.state import IllegalActionError, Phase, State


def _seen(state: State, seat: int) -> int:
    """Every card ``seat`` has seen or may know by the rules (a conservative set)."""
    obs = state.observation(seat)
    seen = state.dealt_hands[seat] | obs.hand | (obs.talon or 0) | (obs.aside or 0)
    for card, _s in (*obs.known_gives, *((c, s) for s, c in obs.received)):
        seen |= BIT[card]
    for _leader, cards, _w in obs.tricks:
        for _s, card in cards:
            seen |= BIT[card]
    for _s, card in obs.trick:
        seen |= BIT[card]
    return seen


def _places(state: State) -> list[tuple[str, int, int]]:
    """The deal's places: (kind, index, cards) for each hand and talon as dealt."""
    info = state.deal_info
    out = [("hand", s, h) for s, h in enumerate(info["hands"])]
    talon = info["talon"]
    if isinstance(talon, tuple):
        out += [("talon", i, t) for i, t in enumerate(talon)]
    else:
        out.append(("talon", 0, talon))
    return out


def hidden_twin(state: State, seat: int, rng: random.Random) -> State | None:
    """The position with two cards hidden from ``seat`` swapped between two places of
    the deal, the same actions replayed; None when no such swap replays to the same
    observation (the swap would show, or an action was no longer legal)."""
    seen = _seen(state, seat)
    places = [p for p in _places(state) if not (p[0] == "hand" and p[1] == seat)]
    pairs: list[tuple[int, int, int, int]] = []
    for i, (_k1, _i1, m1) in enumerate(places):
        for j, (_k2, _i2, m2) in enumerate(places):
            if i < j:
                for x in range(24):
                    for y in range(24):
                        if m1 >> x & 1 and m2 >> y & 1 and not (seen >> x & 1 or seen >> y & 1):
                            pairs.append((i, j, x, y))
    rng.shuffle(pairs)
    want = state.observation(seat)
    for i, j, x, y in pairs[:20]:
        masks = [m for _k, _i, m in places]
        masks[i] = masks[i] & ~BIT[x] | BIT[y]
        masks[j] = masks[j] & ~BIT[y] | BIT[x]
        hands = list(state.deal_info["hands"])
        talons: list[int] = []
        for (kind, idx, _m), m in zip(places, masks, strict=True):
            if kind == "hand":
                hands[idx] = m
            else:
                talons.append(m)
        talon: Any = tuple(talons) if state.n == 2 else talons[0]
        twin = State.from_deal(state.conv, state.deal_info["dealer"], hands, talon)
        try:
            for a in state.deal_actions:
                twin.apply_action(a)
        except IllegalActionError:
            continue
        if twin.observation(seat) == want and twin.hands != state.hands:
            return twin
    return None


def _positions(preset: str, seed: int) -> list[tuple[State, int]]:
    """Decision points of the first deal (Easy bots play it): one per phase, and in
    the card play one early and one late (played cards and shown voids to respect)."""
    conv = Conventions.preset(preset)
    rng = random.Random(seed)
    state = State.from_deal(conv, 0, *_random_deal(conv, rng))
    easy = EasyBot()
    out: list[tuple[State, int]] = []
    taken: set[tuple[Phase, int]] = set()
    while not state.rows:
        seat = state.current_player()
        obs = state.observation(seat)
        key = (obs.phase, len(obs.tricks) // 3 if obs.phase is Phase.PLAY else 0)
        if len(obs.legal_actions) > 1 and key not in taken:
            taken.add(key)
            out.append((state.clone(), seat))
        state.apply_action(easy.act(obs, rng))
    return out


def _random_deal(conv: Conventions, rng: random.Random) -> tuple[list[int], Any]:
    """A deal for the table, dealer 0 (the 4-player dealer's hand empty)."""
    deck = list(range(24))
    rng.shuffle(deck)
    n = conv.players
    if n == 2:
        talon: Any = (BIT[deck[0]] | BIT[deck[1]], BIT[deck[2]] | BIT[deck[3]])
        rest, seats = deck[4:], [0, 1]
    else:
        talon = BIT[deck[0]] | BIT[deck[1]] | BIT[deck[2]]
        rest, seats = deck[3:], [s for s in range(n) if not (n == 4 and s == 0)]
    hands = [0] * n
    for k, s in enumerate(seats):
        hands[s] = sum(BIT[c] for c in rest[k :: len(seats)])
    return hands, talon


@pytest.mark.parametrize(
    ("preset", "seed"),
    [("classic", 1), ("classic", 2), ("two_players", 3), ("four_players", 4), ("polish", 5)],
)
def test_a_bot_decides_from_its_observation_only(preset: str, seed: int) -> None:
    """Cards hidden from the deciding seat, swapped, change nothing it decides: the
    same observation, the same action and the same ranked choices with the same rng."""
    checked = 0
    for state, seat in _positions(preset, seed):
        twin = hidden_twin(state, seat, random.Random(seed))
        if twin is None:
            continue
        assert twin.hands != state.hands  # the twin differs in what the seat cannot see
        for level in ("normal", "strong"):
            bot = make_ai_bot(level)
            a = bot_action(bot, state, seat, random.Random(7))
            b = bot_action(bot, twin, seat, random.Random(7))
            assert a == b, (preset, state.phase, level)
            hint = bot.explain(state.observation(seat), random.Random(8), budget_ms=None)
            assert hint == bot.explain(twin.observation(seat), random.Random(8), budget_ms=None)
        checked += 1
    assert checked >= 3


def test_the_twin_really_hides_what_differs() -> None:
    """The twin of a bidding position differs in another seat's hand, and that seat's
    own observation shows it (the swap is hidden from the decider only)."""
    state, seat = _positions("classic", 1)[0]
    twin = hidden_twin(state, seat, random.Random(1))
    assert twin is not None
    assert twin.observation(seat) == state.observation(seat)
    others = [s for s in range(state.n) if s != seat]
    assert any(twin.observation(s).hand != state.observation(s).hand for s in others)
