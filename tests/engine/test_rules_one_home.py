"""Each rule in one home (``thousand.rules``): the AI's notion of what a seat may do
is the engine's, over many random states under random conventions. The AI once
stepped bids by 5 whatever ``bid_step`` was and let a dark declarer concede where
the engine does not; these comparisons fail on such a copy."""

from __future__ import annotations

import random

from thousand import Game, Phase, rules
from thousand import actions as A
from thousand.ai.auction import _may_concede
from thousand.fuzz import random_conventions


def random_states(games: int, seed: int):  # type: ignore[no-untyped-def]
    """Every position of random legal play under random conventions."""
    rng = random.Random(seed)
    for _ in range(games):
        conv = random_conventions(rng)
        state = Game(conv).new_initial_state(random.Random(rng.randrange(1 << 30)))
        for _ in range(300):
            if state.is_terminal():
                break
            yield state
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])


def test_the_ai_and_the_engine_agree_on_what_may_be_done() -> None:
    """RULES §5 (bids and their step), §6 (contracts), §8 (concession), §4 (a talon
    redeal) under random conventions: the AI's predicates give the engine's legal set."""
    checked = {"bids": 0, "contracts": 0, "concede": 0, "redeal": 0}
    for state in random_states(120, 7):
        conv = state.conv
        seat = state.current_player()
        obs = state.observation(seat)
        legal = state.legal_actions()
        if state.phase is Phase.BIDDING and not conv.no_jumps and not state.dark:
            bids = [A.action_value(a) for a in legal if A.is_bid(a)]
            if bids:
                hi = rules.bid_limit(conv, state.hands[seat])
                assert bids == rules.contract_values(conv, bids[0], hi), (conv.changes(), bids)
                checked["bids"] += 1
        if state.phase is Phase.CONTRACT:
            values = [A.action_value(a) for a in legal if A.is_contract(a)]
            assert values == rules.contract_values(conv, values[0], values[-1])
            checked["contracts"] += 1
        offered = state.phase is Phase.CONTRACT or (
            state.phase is Phase.DISCARD and not state.gives and not state.aside
        )
        if offered and seat == state.declarer and not state.golden_deal:
            assert (A.WRITEOFF in legal) == _may_concede(obs), conv.changes()
            checked["concede"] += 1
        if state.phase is Phase.DISCARD and offered and seat == state.declarer:
            talon = rules.talon_redeal(conv, state.talon, state.on_100)
            if talon:
                assert A.REDEAL in legal
                checked["redeal"] += 1
    assert min(checked.values()) > 0, checked
