"""The world sampler never contradicts public information.

Every sampled world is replayed through the engine from its reconstructed
deal (hands as dealt, talon, passes) with the public actions of the deal:
each action must be legal, and the replay must arrive at the same position
with the sampled hands - voids, trumping, must_beat, lead conventions,
declared marriages, marriages implied by bids, the shown talon and the
passed cards all included.
"""

from __future__ import annotations

import random

from thousand import actions as A
from thousand.ai.evaluator import shared
from thousand.ai.sampler import Sampler, World, declarations
from thousand.bots import EasyBot
from thousand.cards import FULL_DECK
from thousand.conventions import Conventions
from thousand.fuzz import random_conventions
from thousand.state import Game, Observation, Phase, State

NO_REDEAL = {
    "redeal_hand_below": None,
    "redeal_four_nines": False,
    "redeal_four_jacks": False,
    "redeal_talon_below": None,
    "redeal_two_nines_in_talon": False,
    "redeal_four_nines_after_discard": False,
    "redeal_only_on_100": False,
}


def _conventions(rng: random.Random) -> Conventions:
    conv = random_conventions(rng).replace(**NO_REDEAL)
    extra = {
        k: rng.random() < 0.4
        for k in ("must_beat", "ace_marriage", "open_discard", "declare_on_first_lead")
    }
    extra["bid_over_120_without_marriage"] = rng.random() < 0.15
    lead = rng.choice(
        [
            {},
            {"must_lead_trump": True, "no_lead_foreign_trump": False},
            {"no_lead_foreign_trump": True, "must_lead_trump": False},
        ]
    )
    return conv.replace(**extra, **lead)


def _actions(obs: Observation, world: World, state: State) -> None:
    """Replay the deal's public actions, with the world's hidden choices, into ``state``."""
    bids = [a for _, a in obs.bids if a != A.DARK]
    dark = any(a == A.DARK for _, a in obs.bids)
    plays: list[int] = []
    decl_tricks = {i for i, _s, _u in declarations(obs)}
    tricks = [t[1] for t in obs.tricks] + ([obs.trick] if obs.trick else [])
    for i, cards in enumerate(tricks):
        for j, (_s, c) in enumerate(cards):
            plays.append(A.DECLARE_BASE + c if j == 0 and i in decl_tricks else c)
    gives = list(world.gives)
    asides = [A.ASIDE_BASE + c for c in range(24) if world.aside >> c & 1]
    contract_done = obs.phase is Phase.PLAY
    while True:
        ph = state.phase
        if ph is Phase.DARK and obs.phase is not Phase.DARK:
            state.apply_action(A.DARK if dark else A.LOOK)
        elif ph is Phase.BIDDING and bids:
            state.apply_action(bids.pop(0))
        elif ph is Phase.PICK and obs.phase is not Phase.PICK:
            state.apply_action(A.PICK_BASE)
        elif ph is Phase.DISCARD and gives:
            c, s = gives.pop(0)
            state.apply_action(A.give(c, s))
        elif ph is Phase.DISCARD and asides:
            state.apply_action(asides.pop(0))
        elif ph is Phase.CONTRACT and contract_done:
            state.apply_action(A.contract(obs.contract))
            contract_done = False
        elif ph is Phase.PLAY and plays:
            state.apply_action(plays.pop(0))
        else:
            return


def _check_world(obs: Observation, world: World, conv: Conventions) -> None:
    # The cards are all somewhere, once, and hand sizes match.
    absorbed = obs.declarer >= 0 and obs.phase is not Phase.PICK
    places = [obs.played, world.other_talon, world.aside]
    if not absorbed:
        places.append(world.talon)
    for s in obs.active:
        assert world.hands[s].bit_count() == obs.hand_sizes[s]
        places.append(world.hands[s])
    assert world.hands[obs.seat] == obs.hand or not obs.looked
    union = 0
    for m in places:
        union |= m
    assert union == FULL_DECK and sum(m.bit_count() for m in places) == 24
    # Replay the deal from the world's dealt hands.
    hands = [world.dealt.get(s, 0) for s in range(obs.players)]
    talon: object = world.talon
    if obs.players == 2:
        talon = (world.talon, world.other_talon)
    state = State.from_deal(conv, obs.dealer, hands, talon)
    _actions(obs, world, state)
    again = state.observation(obs.seat)
    assert again.phase is obs.phase
    assert again.current_player == obs.current_player
    for f in (
        "hand",
        "trick",
        "tricks",
        "trump",
        "marriages",
        "played",
        "hand_sizes",
        "received",
        "known_gives",
        "bids",
        "contract",
        "talon",
    ):
        assert getattr(again, f) == getattr(obs, f), f
    for s in obs.active:
        if state.observation(s).looked:
            assert state.observation(s).hand == world.hands[s]


def test_samples_never_contradict_public_information() -> None:
    """Voids, trumps, must_beat, lead rules, marriages, bids, talon, passes."""
    rng = random.Random(3)
    easy = EasyBot()
    ev = shared()
    checked = 0
    relaxed = 0
    for _game in range(800):
        conv = _conventions(rng)
        state = Game(conv).new_initial_state(random.Random(rng.random()))
        stop = rng.randrange(60)
        for _ in range(stop):
            if state.rows:
                break
            legal = state.legal_actions()
            a = (
                easy.act(state.observation(state.current_player()), rng)
                if rng.random() < 0.6
                else rng.choice(legal)
            )
            if a == A.WRITEOFF:
                a = next(x for x in legal if x != A.WRITEOFF)
            state.apply_action(a)
        if state.rows:
            continue
        obs = state.observation(state.current_player())
        players = obs.players
        sampler = Sampler(obs, lambda h, _s, p=players: ev.expected("bid", h, p))
        relaxed += sampler.relaxed
        for world in sampler.worlds(rng, 3):
            _check_world(obs, world, conv)
            checked += 1
    assert checked > 1000
    assert relaxed == 0
