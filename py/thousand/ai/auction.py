"""Bidding, redeal, dark, talon, discard, contract and concession decisions.

Everything is ranked by one currency, the seat's *relative utility*: its own
deal score minus the mean score of its opponents, as in ``play.utility``:

* declaring a contract ``c`` with chance ``p`` of making it and expected
  final points ``mu``: ``p * win - (1 - p) * v + 0.5 * mu - 60`` where ``v`` is
  the contract's value (dark and golden doubled), ``win`` the same capped by
  ``dark_cap_240``, plus a bonus when making it wins the game (the barrel or
  the target reached) and minus what a samosval would take away;
* defending: about ``PASS_EV`` (defenders take some 30 points each while the
  declarer usually makes a contract worth twice that);
* a redeal: 0 (a new deal is worth nothing to anybody on average);
* a concession: ``-v`` (0 with ``write_off_free``) minus what each opponent
  receives (half the contract rounded up, or 60).

``p`` and ``mu`` come from the fitted hand evaluator (``evaluator.py``) when
bidding; the talon, the two passed cards and the final contract are chosen
by evaluating the best candidates over sampled worlds with the open-hand
solver, blended with the evaluator as a prior (open-handed play flatters the
declarer a little, since nobody guesses).
"""

from __future__ import annotations

import itertools
import random
from functools import partial

from .. import actions as A
from ..cards import (
    ACES_MASK,
    MARRIAGE_MASK,
    POINTS,
    iter_cards,
    mask_points,
)
from ..state import Observation, Phase
from .common import play_order
from .evaluator import Evaluator, normal_cdf
from .play import draw_worlds, hand_value_fn
from .sampler import Sampler
from .settings import Settings
from .solver import Position, Rules, Solver, greedy_playout
from .think import Choice, Context, Decision, ranked

PASS_EV = -20.0  # relative utility of defending a typical deal
GAME_BONUS = 300.0  # making a contract that wins the game
BARREL_PASS = -45.0  # on the barrel a defender gains nothing and an attempt goes by
DARK_P = 0.3  # chance of making 120 blind (a random hand)


def decision(
    ctx: Context, obs: Observation, rng: random.Random, settings: Settings, ev: Evaluator
) -> Decision:
    """A decision outside the card play (a generator)."""
    legal = list(obs.legal_actions)  # two or more: AIBot answers a forced move itself
    ph = obs.phase
    if ph is Phase.DARK:
        return _dark(obs, ev)
    if ph is Phase.REDEAL:
        return _redeal(obs, ev, settings)
    if ph is Phase.BIDDING:
        return _bidding(obs, ev, settings)
    if ph is Phase.PICK:
        # 2 players: the two talons are face down; either is as good.
        a = rng.choice(legal)
        return [Choice(a, 0.0, {}), *(Choice(b, 0.0, {}) for b in legal if b != a)]
    if ph is Phase.DISCARD:
        return (yield from _discard(ctx, obs, rng, settings, ev))
    if ph is Phase.CONTRACT:
        return (yield from _contract(ctx, obs, rng, settings, ev))
    return [Choice(legal[0], 0.0, {})]


# -- the score situation -------------------------------------------------------


def _barrel_need(obs: Observation) -> int:
    return obs.conventions.barrel_need()


def make_bonus(obs: Observation, seat: int, value: int) -> float:
    """Extra utility of making a contract worth ``value``: winning the game, or a samosval."""
    conv = obs.conventions
    total = obs.totals[seat]
    if conv.barrel and obs.on_barrel[seat]:
        return GAME_BONUS if total + value >= conv.target else 0.0
    new = total + value
    if conv.barrel and new >= conv.barrel_at:
        new = conv.barrel_at  # §9 capped at the barrel
        if any(obs.on_barrel[s] for s in obs.active if s != seat) and conv.barrel_knock_off:
            return 60.0  # knocks the one sitting there off
        return 40.0
    if new >= conv.target:
        return GAME_BONUS
    if conv.samosval and new == 555:
        return -float(new)  # samosval: the total drops to 0
    return 0.0


def declarer_ev(
    obs: Observation,
    seat: int,
    p: float,
    mu: float,
    contract: int,
    dark: bool = False,
    golden: bool | None = None,
) -> float:
    """Relative utility of declaring ``contract`` with chance ``p`` and expected points ``mu``."""
    conv = obs.conventions
    golden = obs.golden if golden is None else golden
    v = contract * (2 if dark else 1) * (2 if golden else 1)
    win = min(v, 240 * (2 if golden else 1)) if dark and conv.dark_cap_240 else v
    bonus = make_bonus(obs, seat, win)
    loss = float(v)
    if conv.barrel and obs.on_barrel[seat]:
        loss += 40.0  # failing on the barrel throws it away
    return p * (win + bonus) - (1.0 - p) * loss + 0.5 * mu - 60.0


def pass_ev(obs: Observation, seat: int) -> float:
    """Relative utility of leaving the contract to someone else."""
    conv = obs.conventions
    u = PASS_EV
    if conv.barrel and obs.on_barrel[seat]:
        u = BARREL_PASS
    for s in obs.active:
        if s != seat and conv.barrel and obs.on_barrel[s] and obs.high_seat == s:
            u -= 60.0  # a barrel player about to win the auction may end the game
    return u


def concession_ev(obs: Observation) -> float:
    """Relative utility of conceding the contract (§8 *роспись*)."""
    conv = obs.conventions
    c = obs.contract
    loss = 0 if conv.write_off_free else c * (2 if obs.dark else 1)
    gift = 60 if conv.write_off_60 else 5 * -(-c // 10)
    if obs.golden:
        loss *= 2
        gift *= 2
    u = -loss - gift
    if conv.write_off_third_penalty and (obs.writeoffs[obs.seat] + 1) % 3 == 0:
        u -= conv.penalty
    return float(u)


# -- dark, redeal, bidding --------------------------------------------------------


def _dark(obs: Observation, ev: Evaluator) -> list[Choice]:
    """Blind 120 doubled loses on average; look unless it pays."""
    u_dark = declarer_ev(obs, obs.seat, DARK_P, 100.0, 120, dark=True)
    u_look = 0.0
    return ranked(
        [
            Choice(A.DARK, u_dark, {"make": DARK_P, "ev": round(u_dark, 1)}),
            Choice(A.LOOK, u_look, {"ev": 0.0}),
        ]
    )


def best_bid_ev(obs: Observation, ev: Evaluator, hand: int) -> tuple[float, int, float]:
    """The best declaring utility over contracts this hand could bid: (ev, contract, p)."""
    conv = obs.conventions
    m = ev.model("bid", obs.players)
    mu = m.mean(hand, conv.ace_marriage)
    best = (-1e9, 100, 0.0)
    for c in range(100, 305, 5):
        p = normal_cdf((mu - c + 0.5) / m.sigma)
        u = declarer_ev(obs, obs.seat, p, mu, c)
        if u > best[0]:
            best = (u, c, p)
    return best


def _redeal(obs: Observation, ev: Evaluator, settings: Settings) -> list[Choice]:
    """A redeal costs nothing: keep only a hand worth more than a fresh one."""
    if obs.declarer >= 0 and obs.seat != obs.declarer:
        keep = pass_ev(obs, obs.seat)  # a defender after the discard (four nines)
    else:
        u, _c, _p = best_bid_ev(obs, ev, obs.hand)
        keep = max(u, pass_ev(obs, obs.seat))
    return ranked(
        [Choice(A.REDEAL, 0.0, {"ev": 0.0}), Choice(A.KEEP, keep, {"ev": round(keep, 1)})]
    )


def _bidding(obs: Observation, ev: Evaluator, settings: Settings) -> list[Choice]:
    """Raise to the smallest legal bid while declaring beats defending."""
    conv = obs.conventions
    legal = obs.legal_actions
    seat = obs.seat
    m = ev.model("bid", obs.players)
    hand = obs.hand
    mu = m.mean(hand, conv.ace_marriage)
    base = pass_ev(obs, seat)
    out = [Choice(A.PASS, base, {"ev": round(base, 1)})]
    if A.UNBLIND in legal:
        # dark_unblind: cancel a dark game by bidding 125.
        p = normal_cdf((mu - 125 + 0.5) / m.sigma)
        u = declarer_ev(obs, seat, p, mu, 125)
        dark_def = -0.5 * (DARK_P * 240 - (1 - DARK_P) * 240)
        out = [
            Choice(A.PASS, dark_def, {"ev": round(dark_def, 1)}),
            Choice(
                A.UNBLIND,
                u,
                {"make": round(p, 3), "ev": round(u, 1), "expected_points": round(mu, 1)},
            ),
        ]
        return ranked(out)
    bids = [a for a in legal if A.BID_BASE <= a < A.CONTRACT_BASE]
    if not settings.smart_bidding:
        return ranked(out + [Choice(b, -1e9, {}) for b in bids])
    floor = _barrel_need(obs) if conv.barrel and obs.on_barrel[seat] else 0
    for b in bids:
        # §9 on the barrel the final contract must reach the target anyway.
        c = max(A.action_value(b), floor)
        p = normal_cdf((mu - c + 0.5) / m.sigma)
        u = declarer_ev(obs, seat, p, mu, c) - settings.bid_margin
        out.append(
            Choice(b, u, {"make": round(p, 3), "ev": round(u, 1), "expected_points": round(mu, 1)})
        )
    ranked_out = ranked(out)
    if bids and out[1].utility > base:
        # Raise by the smallest step while it is worth it: the auction may go on,
        # and the final contract can still be raised after the talon.
        first = out[1]
        return [first, *(ch for ch in ranked_out if ch is not first)]
    return ranked_out


# -- talon, discard, contract ---------------------------------------------------------


def _plan_pairs(hand: int, players: int) -> list[tuple[int, int]]:
    """Every pair of cards the declarer may pass or put aside."""
    cards = list(iter_cards(hand))
    return list(itertools.combinations(cards, 2))


def quick_plan_value(obs: Observation, ev: Evaluator, hand: int, a: int, b: int) -> float:
    """The evaluator's expected declarer points after passing (or putting aside) a and b."""
    conv = obs.conventions
    rest = hand & ~(1 << a) & ~(1 << b)
    mu = ev.expected("play", rest, obs.players, conv.ace_marriage)
    if obs.players == 2:
        mu += POINTS[a] + POINTS[b]  # §11 the aside counts for the declarer
    # Keep the pieces that cannot be valued linearly: marriages and aces.
    for s in range(4):
        mm = MARRIAGE_MASK[s]
        if hand & mm == mm and rest & mm != mm:
            mu -= 15.0
    if conv.ace_marriage and hand & ACES_MASK == ACES_MASK and rest & ACES_MASK != ACES_MASK:
        mu -= 40.0
    return mu


def _receivers(obs: Observation) -> list[int]:
    """The opponents in play order after the declarer."""
    return [s for s in play_order(obs) if s != obs.declarer]


def _discard(
    ctx: Context, obs: Observation, rng: random.Random, settings: Settings, ev: Evaluator
) -> Decision:
    """Pass two cards (or put two aside), ask a redeal, or concede."""
    legal = list(obs.legal_actions)
    hand = obs.hand
    two = obs.players == 2
    given = {s: c for c, s in obs.known_gives}
    rec = _receivers(obs)
    aside_now = obs.aside or 0
    # Candidate plans: (cards out, action for the first of them).
    plans: list[tuple[float, int, int, list[int]]] = []
    if two:
        if aside_now:
            (first,) = list(iter_cards(aside_now))
            for c in iter_cards(hand):
                mu = quick_plan_value(obs, ev, hand | aside_now, first, c)
                plans.append((mu, first, c, [A.aside(c)]))
        else:
            for a, b in _plan_pairs(hand, 2):
                mu = quick_plan_value(obs, ev, hand, a, b)
                plans.append((mu, a, b, [A.aside(a), A.aside(b)]))
    elif given:
        ((_seat, c_done),) = given.items()
        s_left = next(s for s in rec if s not in given)
        for c in iter_cards(hand):
            mu = quick_plan_value(obs, ev, hand | (1 << c_done), c_done, c)
            plans.append((mu, c_done, c, [A.give(c, s_left)]))
    else:
        for a, b in _plan_pairs(hand, 3):
            mu = quick_plan_value(obs, ev, hand, a, b)
            # The richer card to the seat after the declarer (it plays second to
            # the declarer's leads), the other to the last seat.
            hi, lo = (a, b) if (POINTS[a], a) >= (POINTS[b], b) else (b, a)
            plans.append((mu, hi, lo, [A.give(hi, rec[0]), A.give(lo, rec[1])]))
    plans.sort(key=lambda x: -x[0])
    top = plans[: max(1, settings.discard_candidates)]
    # Evaluate the best candidates on sampled worlds with the solver.
    sampler = Sampler(obs, hand_value_fn(ev, obs))
    worlds = yield from draw_worlds(ctx, sampler, rng, settings.discard_worlds, settings.pool)
    rules = Rules.of(obs.conventions)
    solver = Solver(rules)
    target = obs.bid
    m = ev.model("play", obs.players)
    results: list[Choice] = []
    nodes0 = solver.nodes
    for mu, a, b, acts in top:
        if results and solver.nodes - nodes0 >= settings.discard_nodes:
            break
        made = 0.0
        pts = 0.0
        n = 0
        for w in worlds:
            pos = _after_discard(obs, w.hands, w.other_talon, a, b, two)
            if pos is None:
                continue
            start = POINTS[a] + POINTS[b] if two else 0
            ok = yield from ctx.search(
                solver, partial(solver.reach, pos, target - start), settings.discard_node_limit
            )
            greedy = start + greedy_playout(pos, rules)
            if ok is None:
                ok = greedy >= target
            made += 1.0 if ok else 0.0
            pts += max(greedy, target) if ok else min(greedy, target - 1)
            n += 1
            yield
        prior = normal_cdf((mu - target + 0.5) / m.sigma)
        p = (prior * 4 + made) / (4 + n)
        e_pts = (mu * 4 + pts) / (4 + n)
        u = declarer_ev(obs, obs.seat, p, e_pts, target)
        results.append(
            Choice(
                acts[0],
                u,
                {"make": round(p, 3), "ev": round(u, 1), "expected_points": round(e_pts, 1)},
            )
        )
    results = ranked(results)
    if A.REDEAL in legal:
        results.append(Choice(A.REDEAL, 0.0, {"ev": 0.0}))
    if A.WRITEOFF in legal:
        u = concession_ev(obs)
        results.append(Choice(A.WRITEOFF, u, {"ev": round(u, 1)}))
    seen = {c.action for c in results}
    for a in legal:
        if a not in seen:
            results.append(Choice(a, -1e9, {}))
    return ranked(results)


def _after_discard(
    obs: Observation, hands: dict[int, int], other_talon: int, a: int, b: int, two: bool
) -> Position | None:
    """The position at the first lead after passing ``a``/``b`` (or putting them aside)."""
    order = play_order(obs)
    d = obs.declarer
    hs = dict(hands)
    hs[d] = hs[d] & ~(1 << a) & ~(1 << b)
    talon_pts = 0
    if two:
        talon_pts = mask_points(other_talon)
    else:
        given = {s for _, s in obs.known_gives}
        rec = [s for s in order if s != d]
        free = [s for s in rec if s not in given]
        if obs.known_gives:
            # a was passed already; b goes to the other seat.
            if not free:
                return None
            hs[free[0]] |= 1 << b
        else:
            hs[rec[0]] |= 1 << a
            hs[rec[1]] |= 1 << b
    sizes = {len(list(iter_cards(hs[s]))) for s in order}
    if len(sizes) != 1:
        return None
    return Position(len(order), [hs[s] for s in order], 0, talon_points=talon_pts)


def _contract(
    ctx: Context, obs: Observation, rng: random.Random, settings: Settings, ev: Evaluator
) -> Decision:
    """The final contract (never below the bid), or a concession."""
    legal = list(obs.legal_actions)
    values = [a for a in legal if A.CONTRACT_BASE <= a < A.PASS]
    two = obs.players == 2
    aside_pts = mask_points(obs.aside or 0) if two else 0
    m = ev.model("play", obs.players)
    mu = m.mean(obs.hand, obs.conventions.ace_marriage) + aside_pts
    # Open-handed values on sampled worlds, blended with the evaluator.
    sampler = Sampler(obs, hand_value_fn(ev, obs))
    worlds = yield from draw_worlds(ctx, sampler, rng, settings.discard_worlds, settings.pool)
    rules = Rules.of(obs.conventions)
    solver = Solver(rules)
    order = play_order(obs)
    # Probe the bid and the contract the evaluator likes best (when higher).
    prior_best = max(
        values,
        key=lambda a: declarer_ev(
            obs,
            obs.seat,
            normal_cdf((mu - A.action_value(a) + 0.5) / m.sigma),
            mu,
            A.action_value(a),
        ),
    )
    lows = sorted({A.action_value(values[0]), A.action_value(prior_best)})
    probes: dict[int, list[bool]] = {c: [] for c in lows}
    for w in worlds:
        pos = Position(
            len(order),
            [w.hands[s] for s in order],
            0,
            talon_points=mask_points(w.other_talon) if two else 0,
        )
        for c in lows:
            need = c - aside_pts
            if obs.conventions.round_declarer:
                need -= 2
            ok = yield from ctx.search(
                solver, partial(solver.reach, pos, need), settings.discard_node_limit
            )
            if ok is None:
                ok = greedy_playout(pos, rules) >= need
            probes[c].append(bool(ok))
            if not ok:
                # Higher contracts fail in this world too.
                for c2 in lows:
                    if c2 > c:
                        probes[c2].append(False)
                break
        yield
    out: list[Choice] = []
    for a in values:
        c = A.action_value(a)
        prior = normal_cdf((mu - c + 0.5) / m.sigma)
        # Worlds probed at the nearest contract at or below this one.
        below = [x for x in lows if x <= c]
        got = probes[below[-1]] if below else []
        p = (
            (prior * 4 + sum(got)) / (4 + len(got))
            if c in probes
            else min(prior, (prior * 4 + sum(got)) / (4 + len(got)))
        )
        u = declarer_ev(obs, obs.seat, p, mu, c)
        out.append(
            Choice(a, u, {"make": round(p, 3), "ev": round(u, 1), "expected_points": round(mu, 1)})
        )
    if A.WRITEOFF in legal:
        u = concession_ev(obs)
        out.append(Choice(A.WRITEOFF, u, {"ev": round(u, 1)}))
    return ranked(out)


__all__ = [
    "PASS_EV",
    "concession_ev",
    "decision",
    "declarer_ev",
    "make_bonus",
    "pass_ev",
    "quick_plan_value",
]
