"""The open-hand solver: its move generation matches the engine (§7 and the play
conventions), and its values equal brute-force minimax through the engine on
random endgames (set THOUSAND_AI_ENDGAMES=1000 for the full run)."""

from __future__ import annotations

import os
import random
from collections.abc import Iterator

from thousand import actions as A
from thousand.ai.common import position_from_obs
from thousand.ai.solver import (
    DECLARE,
    Position,
    Rules,
    Solver,
    apply_move,
    greedy_playout,
    legal_moves,
)
from thousand.bots import EasyBot
from thousand.cards import (
    ACE,
    ACE_MARRIAGE_VALUE,
    MARRIAGE_VALUE,
    POINTS,
    SUIT_MASK,
    cards_mask,
    mask_points,
    trick_winner_card,
)
from thousand.conventions import Conventions
from thousand.fuzz import random_conventions
from thousand.state import Game, Phase, State

ENDGAMES = int(os.environ.get("THOUSAND_AI_ENDGAMES", "60"))


def _play_conventions(rng: random.Random) -> Conventions:
    """Random conventions with the play rules switched on often."""
    conv = random_conventions(rng)
    play = {k: rng.random() < 0.4 for k in ("must_beat", "ace_marriage", "declare_on_first_lead")}
    lead = rng.choice(
        [
            {},
            {"must_lead_trump": True, "no_lead_foreign_trump": False},
            {"no_lead_foreign_trump": True, "must_lead_trump": False},
        ]
    )
    return conv.replace(**play, **lead)


def _to_play(rng: random.Random, conv: Conventions) -> State:
    """A fresh game driven by the greedy bot to the first card of a deal."""
    state = Game(conv).new_initial_state(random.Random(rng.random()))
    easy = EasyBot()
    while state.phase is not Phase.PLAY:
        seat = state.current_player()
        legal = state.legal_actions()
        a = easy.act(state.observation(seat), rng)
        if A.WRITEOFF in legal and a == A.WRITEOFF:
            a = next(x for x in legal if x != A.WRITEOFF)
        if a == A.REDEAL and A.KEEP in legal:
            a = A.KEEP
        state.apply_action(a)
    return state


def _random_plays(state: State, rng: random.Random, k: int) -> None:
    for _ in range(k):
        state.apply_action(rng.choice(state.legal_actions()))


def _position(state: State) -> Position:
    obs = state.observation(state.current_player())
    hands = {s: state.observation(s).hand for s in obs.active}
    talon = 0
    if state.n == 2:
        other = state.talons[0] if state.talon == state.talons[1] else state.talons[1]
        talon = mask_points(other)
    return position_from_obs(obs, hands, talon)


def _brute(state: State, decl: int, memo: dict[tuple[object, ...], int]) -> int:
    """The declarer's points still to come under minimax, through the engine.

    Exhaustive minimax over ``legal_actions``/``apply_action``; identical
    positions (same hands, trick, trump and eligibility) are looked up, not
    searched again.
    """
    obs = [state.observation(s) for s in state.observation(0).active]
    o = obs[0]
    key = (
        tuple(x.hand for x in obs),
        o.trick,
        o.trump,
        o.trump_seat,
        tuple(w > 0 for w in o.tricks_won),
        o.current_player,
    )
    if key in memo:
        return memo[key]
    n0 = len(state.rows)
    now = state.deal_points()[decl]
    best: int | None = None
    maxi = state.current_player() == decl
    for a in state.legal_actions():
        c = state.clone()
        c.apply_action(a)
        if len(c.rows) > n0:
            final = c.rows[n0].points[decl]
            assert final is not None
            v = final - now
        else:
            v = c.deal_points()[decl] - now + _brute(c, decl, memo)
        if best is None or (v > best if maxi else v < best):
            best = v
    assert best is not None
    memo[key] = best
    return best


def _deal_positions(seed: int, deals: int) -> Iterator[tuple[State, Rules, Position]]:
    """Every position of ``deals`` random deals (random conventions with the play rules
    on often, the cards played at random), with the state and its play rules."""
    rng = random.Random(seed)
    for _ in range(deals):
        conv = _play_conventions(rng)
        state = _to_play(rng, conv)
        n0 = len(state.rows)
        rules = Rules.of(conv)
        while len(state.rows) == n0:
            yield state, rules, _position(state)
            state.apply_action(rng.choice(state.legal_actions()))


def test_legal_moves_match_engine() -> None:
    """§7 follow suit / trump / must_beat / lead conventions / declarations."""
    checked = 0
    for state, rules, pos in _deal_positions(11, 150):
        assert sorted(legal_moves(pos, rules)) == sorted(state.legal_actions())
        checked += 1
    assert checked > 2000


def test_solver_equals_brute_force() -> None:
    """Solver value == brute-force minimax on random endgames; zero-window agrees too."""
    rng = random.Random(5)
    done = 0
    while done < ENDGAMES:
        conv = _play_conventions(rng)
        state = _to_play(rng, conv)
        obs = state.observation(state.current_player())
        tricks = 10 if state.n == 2 else 8
        left = rng.randint(2, 4) if state.n == 3 else rng.randint(3, 5)
        cards = (tricks - left) * len(obs.active) + rng.randrange(len(obs.active))
        _random_plays(state, rng, cards)
        decl = obs.declarer
        pos = _position(state)
        solver = Solver(Rules.of(conv))
        want = _brute(state, decl, {})
        assert solver.value(pos) == want, (conv.changes(), str(state))
        for t in (want - 7, want - 1, want, want + 1, want + 9):
            assert solver.reach(pos, t) == (t <= want)
        done += 1


def test_solver_basic_rules() -> None:
    """Hand-built positions: trumping, declaring, the 2-player talon."""
    s = Solver(Rules())
    # Declarer leads the hearts marriage after winning a trick: 100 + the cards.
    p = Position(
        3,
        [cards_mask(["KH", "QH"]), cards_mask(["9S", "JS"]), cards_mask(["9C", "JC"])],
        leader=0,
        won=1,
    )
    assert s.value(p) == 100 + 4 + 3 + 2 + 2
    # Without a won trick nothing is declared.
    p.won = 0
    assert s.value(p) == 4 + 3 + 2 + 2
    # Two players: the other talon goes to the last trick's winner.
    q = Position(2, [cards_mask(["AS"]), cards_mask(["9S"])], leader=1, talon_points=21)
    assert s.value(q) == 11 + 21
    # Trump: a void player must trump.
    r = Position(
        3,
        [cards_mask(["AS", "9H"]), cards_mask(["JH", "9D"]), cards_mask(["9C", "JC"])],
        leader=0,
        trump=3,
        trump_pos=1,
    )
    pr = r.copy()
    assert apply_move(pr, 0 * 6 + 5) == 0
    assert legal_moves(pr, Rules()) == [3 * 6 + 1]
    # AS is trumped (the defenders put JC on it), 9H trumps the 9D: nothing for the declarer.
    assert s.value(r) == 0


def _reference_playout(pos: Position, rules: Rules, points: list[int]) -> int:
    """The greedy playout's policy written plainly over ``legal_moves`` and
    ``apply_move`` (how ``greedy_playout`` was written before it was made fast)."""
    q = pos.copy()
    gain = 0
    while any(q.hands):
        moves = legal_moves(q, rules)
        p = q.to_move()
        if not q.trick:
            decl = [m for m in moves if m >= DECLARE]
            if decl:
                mv = max(
                    decl,
                    key=lambda m: (
                        ACE_MARRIAGE_VALUE
                        if (m - DECLARE) % 6 == ACE
                        else MARRIAGE_VALUE[(m - DECLARE) // 6],
                        POINTS[m - DECLARE],
                    ),
                )
            else:
                rem = 0
                for h in q.hands:
                    rem |= h
                tops = [m for m in moves if (rem & SUIT_MASK[m // 6]).bit_length() - 1 == m]
                mv = (
                    max(tops, key=POINTS.__getitem__)
                    if tops
                    else min(moves, key=lambda m: (POINTS[m], m))
                )
        else:
            w = q.winner_card()
            wp = (q.leader + q.trick.index(w)) % q.n
            winners = [m for m in moves if trick_winner_card([*q.trick, m], q.trump) == m]
            if (wp == 0) == (p == 0):
                losers = [m for m in moves if m not in winners] or moves
                mv = max(losers, key=lambda m: (POINTS[m], -m))
            elif winners:
                mv = min(winners, key=lambda m: (POINTS[m], m))
            else:
                mv = min(moves, key=lambda m: (POINTS[m], m))
        gain += apply_move(q, mv, points)
    return gain


def test_greedy_playout_follows_its_policy() -> None:
    """The fast playout plays the policy as written plainly: the same declarer points
    and every position's gains, from positions at every stage of random deals under
    random play conventions; the position is left as it was."""
    checked = 0
    for _, rules, pos in _deal_positions(8, 120):
        before = pos.copy()
        fast, plain = [0] * pos.n, [0] * pos.n
        assert greedy_playout(pos, rules, fast) == _reference_playout(pos, rules, plain)
        assert fast == plain
        assert pos == before
        checked += 1
    assert checked > 1500
