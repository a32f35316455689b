"""Card play by information-set sampling (perfect-information Monte Carlo).

For a play decision: draw worlds consistent with everything the seat knows
(``Sampler``, weighted by the auction), solve each world open-handed for
every legal move, and choose the move with the best mean utility. The
utility (``Scorer``) is the seat's relative score of the deal: its own score
minus the mean of the other seats' (the declarer scores +-v, ``v`` the
contract's value, doubled in the dark and in the golden round; a defender
its deal points). The open-hand solver decides the contract's fate against
best defence (the defenders as one team, which is what the contract is
about); who of the defenders takes the rest comes from a greedy playout of
the same world, so that each defender values its own marriages and its own
points above its partner's (Strong; Normal shares them out equally).

Cost control (measured, see ``bench/ai_latency.py``): with many cards left a
move costs one zero-window search against the contract (does it make?) plus
a greedy playout for the points; with few cards the exact value is found by
bisection. Every search has a node limit, past which the greedy playout
stands in for it. With a time budget (the browser) worlds keep being added
after the counted ones until the time is up or the best move leads clearly.

With ``Settings.fused_cards`` a decision holding three to that many cards
searches its worlds together instead (vector minimax, ``endgame.py``), so that
the seat does not count on playing its later cards knowing the world.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Generator
from functools import partial

from ..cards import FULL_DECK, POINTS, SUIT_MASK, marriage_value, mask_points
from ..state import Observation, Phase
from .common import play_order, position_from_obs
from .evaluator import Evaluator
from .sampler import Sampler, World, WorldSource
from .settings import Settings
from .solver import (
    Position,
    Rules,
    Solver,
    apply_move,
    greedy_playout,
    trick_winner,
    upper_bound,
)
from .stakes import barrel_fall_cost, make_bonus
from .think import Choice, Context, Decision, ranked


def contract_value(obs: Observation) -> int:
    """What the contract is worth to the declarer (dark and golden doubled; see ``Scorer``)."""
    v = obs.contract
    if obs.dark:
        v *= 2
    if obs.golden:
        v *= 2
    return v


def target_points(obs: Observation) -> int:
    """The declarer's deal points needed to make the contract (round_declarer: 2 less)."""
    c = obs.contract
    return c - 2 if obs.conventions.round_declarer else c


def bolt_risk(obs: Observation) -> float:
    """What taking no trick in this deal would cost the seat (its third bolt), else 0."""
    conv = obs.conventions
    me = obs.seat
    if conv.bolts == "off" or obs.tricks_won[me]:
        return 0.0
    if conv.no_bolt_on_own_game and me == obs.declarer:
        return 0.0  # no_bolt_on_own_game
    if conv.barrel and obs.on_barrel[me] and not conv.bolts_on_barrel:
        return 0.0  # bolts_on_barrel off
    marks = (
        2
        if (obs.golden and conv.golden_double_bolts) or (obs.dark and conv.dark_double_bolts)
        else 1
    )
    if obs.bolt_counts[me] + marks < 3:
        return 0.0
    return float(conv.penalty * (2 if obs.golden else 1))


def securing_moves(obs: Observation, legal: list[int]) -> set[int]:
    """Moves that surely win the current trick for the seat (last to play and winning,
    or leading the highest card still out of the trump suit, or of a suit with no trump)."""
    out: set[int] = set()
    trick = [c for _, c in obs.trick]
    out_cards = FULL_DECK & ~obs.played & ~obs.hand
    for mv in legal:
        card = mv - 24 if mv >= 24 else mv
        if trick and len(trick) == len(obs.active) - 1:
            if trick_winner([*trick, card], obs.trump) == card:
                out.add(mv)
        elif not trick:
            trump = card // 6 if mv >= 24 and card % 6 != 5 else obs.trump
            higher = out_cards & SUIT_MASK[card // 6] & ~((2 << card) - 1)
            if not higher and (trump < 0 or card // 6 == trump or not out_cards & SUIT_MASK[trump]):
                out.add(mv)
    return out


def world_source(
    ctx: Context, obs: Observation, ev: Evaluator, settings: Settings | None = None
) -> WorldSource:
    """The decision's worlds: the true deal when the context knows it (the benchmark
    oracle), else a ``Sampler`` of the worlds consistent with ``obs``, weighed by the
    auction (with ``settings.auction_policy``, by the fitted bidding model,
    ``bidmodel.py``; in card play with ``settings.play_inference``, also by the
    other seats' play)."""
    if ctx.known is not None:
        return ctx.known
    bid_weight: Callable[[World], float] | None = None
    gamma = settings.auction_policy if settings is not None else 0.0
    if gamma > 0 and obs.bids:
        # Off at every level (the fitted models of inference are not in the page).
        from .bidmodel import shared_bid_model

        bid_model = shared_bid_model(obs.players)
        if bid_model is not None:
            fitted = bid_model

            def by_bids(w: World) -> float:
                return gamma * fitted.log_weight(obs, w, ev)

            bid_weight = by_bids

    beta = settings.play_inference if settings is not None else 0.0
    if beta > 0 and obs.phase is Phase.PLAY and (obs.tricks or obs.trick):
        from .inference import play_history, play_log_weight, shared_model

        model = shared_model(settings.play_model if settings is not None else "play_model")
        hist = play_history(obs)

        def weight(w: World) -> float:
            return beta * play_log_weight(obs, w, model, hist)

        return Sampler(obs, hand_value_fn(ev, obs), weight, bid_weight)
    return Sampler(obs, hand_value_fn(ev, obs), bid_log_weight=bid_weight)


def hand_value_fn(ev: Evaluator, obs: Observation) -> Callable[[int, int], float]:
    """The bidding-strength estimate the sampler weighs worlds by."""
    players = obs.players
    ace = obs.conventions.ace_marriage

    def hv(hand: int, _seat: int) -> float:
        return ev.expected("bid", hand, players, ace)

    return hv


class Scorer:
    """The seat's relative utility of a deal's outcome, in points.

    The relative utility is the seat's own score minus the mean score of the
    other active seats: the declarer scores +-v, a defender its deal points
    (cards and its own marriages; rounding ignored). With ``two_defenders``
    each defender's own points count (its marriages, the points it takes
    rather than its partner); without, the defenders share their points
    equally (one team). With ``stakes`` the declarer's result also carries
    what it does to the game (``stakes.py``).
    """

    def __init__(self, obs: Observation, two_defenders: bool, stakes: bool = False) -> None:
        self.order = play_order(obs)
        self.n = len(self.order)
        self.me = self.order.index(obs.seat)
        self.k = 1.0 / (self.n - 1)
        self.v = contract_value(obs)
        cap = obs.dark and obs.conventions.dark_cap_240
        self.win = min(self.v, 240 * (2 if obs.golden else 1)) if cap else self.v  # dark_cap_240
        self.two = two_defenders
        # The game's stakes (Strong; RULES §9, stakes.py): making a contract that
        # wins the game or climbs the barrel is worth more, and a barrel declarer
        # who fails falls off it.
        self.bonus = 0.0
        self.fall = 0.0
        d = obs.declarer
        if stakes and d >= 0:
            self.bonus = make_bonus(obs, d, self.win)
            self.fall = barrel_fall_cost(obs, d)
        self.target = target_points(obs)
        # Deal points so far per position: tricks and declared marriages.
        base = [obs.points_taken[s] for s in self.order]
        for seat, suit in obs.marriages:
            if seat in self.order:
                base[self.order.index(seat)] += marriage_value(suit)
        self.base = base

    def utility(self, made: float, pts: list[float]) -> float:
        """Utility of an outcome: ``made`` (0..1) and every position's final deal points."""
        swing = made * (self.win + self.bonus) - (1.0 - made) * (self.v + self.fall)
        n, k = self.n, self.k
        defenders = sum(pts[1:])
        if self.me == 0:
            return swing - k * defenders
        own = pts[self.me] if self.two else k * defenders
        # Own score minus the mean of the declarer's and the other defenders'.
        return own - k * (swing + defenders - own) if n > 2 else own - swing

    def team_utility(self, made: float, final: float, rest: float) -> float:
        """Utility when only the declarer's final points are known (``rest``: all
        other points still to be shared out, the defenders' being ``rest - final``)."""
        return self.utility(made, [final] + [(rest - final) * self.k] * (self.n - 1))


def play_decision(
    ctx: Context, obs: Observation, rng: random.Random, settings: Settings, ev: Evaluator
) -> Decision:
    """PIMC over the open-hand solver for a play-phase decision (a generator)."""
    legal = list(obs.legal_actions)  # two or more: AIBot answers a forced move itself
    conv = obs.conventions
    rules = Rules.of(conv)
    solver = Solver(rules)
    sampler = world_source(ctx, obs, ev, settings)
    cards = obs.hand.bit_count()
    k = settings.samples(cards)
    scorer = Scorer(obs, settings.full_model, stakes=settings.full_model)
    n_pos = scorer.n
    target = scorer.target
    exact = cards <= settings.exact_cards
    n = len(legal)
    if 3 <= cards <= settings.fused_cards:
        return (yield from _fused_decision(ctx, obs, rng, settings, sampler, scorer, legal))
    stats = _Stats(n)
    fallbacks = 0
    nodes0 = solver.nodes
    extending = settings.extends()
    most = settings.most_worlds(k)
    most_nodes = settings.most_nodes(settings.play_nodes)
    worlds: list[World] = []
    while stats.done < most:
        if not worlds:
            worlds = yield from draw_worlds(ctx, sampler, rng, k, settings.pool)
            worlds.reverse()
        w = worlds.pop()
        if stats.done and ctx.out_of_time():
            break
        if stats.done >= min(k, settings.min_worlds) and (
            solver.nodes - nodes0 >= most_nodes
            or (stats.done >= k and (not extending or stats.clear(settings.extend_tolerance)))
        ):
            break
        aside = mask_points(w.aside) if obs.players == 2 else 0
        pos = position_from_obs(obs, w.hands, mask_points(w.other_talon))
        start = scorer.base[:]
        start[0] += aside
        rest = sum(start) + _card_points_left(pos)
        row_u = [0.0] * n
        row_m = [0.0] * n
        row_p = [0.0] * n
        complete = True
        last: int | None = None  # points from ``pos`` of the last move solved exactly
        for i, mv in enumerate(legal):
            q = pos.copy()
            pts = [float(x) for x in start]
            now = [0] * n_pos
            gain = apply_move(q, mv, now)
            base = start[0] + gain
            guess = None if last is None else last - gain
            val: int | bool | None
            if exact:
                val = yield from ctx.search(
                    solver,
                    partial(_value, solver, q, target - base, settings.resolution, guess),
                    settings.node_limit,
                )
            else:
                val = yield from ctx.search(
                    solver, partial(solver.reach, q, target - base), settings.node_limit
                )
            if val is None and ctx.out_of_time():
                complete = False
                break
            line = [0] * n_pos
            greedy = base + greedy_playout(q, rules, line if scorer.two else None)
            if val is None:
                fallbacks += 1
                final = float(greedy)
            elif exact:
                final = float(base + int(val))
                last = int(val) + gain
            else:
                # One probe says whether it makes; the points come from the playout,
                # kept on the side the search proved.
                final = float(max(greedy, target) if val else min(greedy, target - 1))
            made = 1.0 if final >= target else 0.0
            if scorer.two:
                for j in range(n_pos):
                    pts[j] += now[j] + line[j]
                # The search's value replaces the playout's; the difference comes
                # from (or goes to) the defenders equally.
                shift = (final - pts[0]) / (n_pos - 1)
                pts[0] = final
                for j in range(1, n_pos):
                    pts[j] -= shift
                u = scorer.utility(made, pts)
            else:
                u = scorer.team_utility(made, final, rest)
            row_u[i] = u
            row_m[i] = made
            row_p[i] = final
            if ctx.slice_over():
                yield
        if not complete:
            break
        stats.add(row_u, row_m, row_p)
        ctx.partial = stats.choices(legal, fallbacks)
        yield
    if not stats.done:
        return []  # out of time before one world: the caller's default stands
    _add_bolt_risk(stats, obs, legal)
    return stats.choices(legal, fallbacks)


def _add_bolt_risk(stats: _Stats, obs: Observation, legal: list[int]) -> None:
    """Bolts: a third trickless deal costs the penalty; take a sure trick now."""
    risk = bolt_risk(obs)
    if risk:
        for mv in securing_moves(obs, legal):
            stats.su[legal.index(mv)] += 0.9 * risk * stats.done


def _fused_decision(
    ctx: Context,
    obs: Observation,
    rng: random.Random,
    settings: Settings,
    sampler: WorldSource,
    scorer: Scorer,
    legal: list[int],
) -> Decision:
    """The decision's worlds searched together by vector minimax (``endgame.py``),
    each move's mean utility over them as in PIMC (the bolt risk the same)."""
    from .endgame import vector_values  # (the arena's only: not in the page's wheel)

    worlds = yield from draw_worlds(
        ctx, sampler, rng, settings.samples(obs.hand.bit_count()), settings.pool
    )
    rules = Rules.of(obs.conventions)
    target = scorer.target
    roots = []
    for w in worlds:
        start = scorer.base[:]
        start[0] += mask_points(w.aside) if obs.players == 2 else 0
        roots.append((position_from_obs(obs, w.hands, mask_points(w.other_talon)), start))

    def utility(f: list[int]) -> float:
        made = 1.0 if f[0] >= target else 0.0
        if scorer.two:
            return scorer.utility(made, [float(x) for x in f])
        return scorer.team_utility(made, float(f[0]), float(sum(f)))

    me = roots[0][0].to_move()
    stats = _Stats(len(legal))
    rows = []
    for mv in legal:
        rows.append(vector_values(roots, me, rules, utility, [mv])[0])
        if ctx.slice_over():
            yield
    for j in range(len(roots)):
        finals = [row[j] for row in rows]
        stats.add(
            [utility(f) for f in finals],
            [1.0 if f[0] >= target else 0.0 for f in finals],
            [float(f[0]) for f in finals],
        )
    _add_bolt_risk(stats, obs, legal)
    return stats.choices(legal, 0)


class _Stats:
    """Per-move sums over the worlds solved so far."""

    def __init__(self, n: int) -> None:
        self.done = 0
        self.su = [0.0] * n
        self.sq = [0.0] * n
        self.sm = [0.0] * n
        self.sp = [0.0] * n
        self.rows: list[list[float]] = []  # every world's utilities, move by move

    def add(self, us: list[float], ms: list[float], ps: list[float]) -> None:
        """Add one world's values."""
        self.done += 1
        self.rows.append(us)
        for i, u in enumerate(us):
            self.su[i] += u
            self.sq[i] += u * u
            self.sm[i] += ms[i]
            self.sp[i] += ps[i]

    def clear(self, tolerance: float | None = None) -> bool:
        """Whether the best move so far is known well enough.

        With ``tolerance`` (points of utility): when no other move may be better by
        that much, its lead over the best measured world by world (paired, as every
        move is solved on the same worlds) to within 2.5 standard errors; so moves
        of the same value in every world are told apart at once. Without it: when
        the best move leads the next by more than 2.5 standard errors of the two
        means taken apart.
        """
        d = self.done
        if d < 2 or len(self.su) < 2:
            return True
        if tolerance is not None:
            best = max(range(len(self.su)), key=self.su.__getitem__)
            for j in range(len(self.su)):
                if j == best:
                    continue
                diffs = [r[j] - r[best] for r in self.rows]
                lead = sum(diffs) / d
                spread = max(0.0, sum(x * x for x in diffs) / d - lead * lead)
                if lead + 2.5 * math.sqrt(spread / d) >= tolerance:
                    return False
            return True
        mean = [s / d for s in self.su]
        var = [max(0.0, q / d - m * m) for q, m in zip(self.sq, mean, strict=True)]
        a, b = sorted(range(len(mean)), key=lambda i: -mean[i])[:2]
        se = math.sqrt((var[a] + var[b]) / d)
        return mean[a] - mean[b] > 2.5 * se

    def choices(self, legal: list[int], fallbacks: int) -> list[Choice]:
        """Per move: the chance the contract is made, the declarer's expected points,
        the expected utility, and how many worlds (and greedy fallbacks) it rests on."""
        d = self.done
        out = []
        for i, a in enumerate(legal):
            make = self.sm[i] / d
            u = self.su[i] / d
            out.append(
                Choice(
                    a,
                    u,
                    {
                        "make": round(make, 3),
                        "defeat": round(1.0 - make, 3),
                        "declarer_points": round(self.sp[i] / d, 1),
                        "ev": round(u, 1),
                        "worlds": float(d),
                        "fallbacks": float(fallbacks),
                    },
                )
            )
        return ranked(out)


def _card_points_left(pos: Position) -> int:
    """Card points still to be taken from ``pos`` (hands, the trick, the other talon)."""
    rem = 0
    for h in pos.hands:
        rem |= h
    return mask_points(rem) + sum(POINTS[c] for c in pos.trick) + pos.talon_points


def draw_worlds(
    ctx: Context, sampler: WorldSource, rng: random.Random, k: int, pool: int
) -> Generator[None, None, list[World]]:
    """``sampler.worlds(rng, k, pool)`` in small pieces (the page stays responsive)."""
    cand = []
    for _ in range(sampler.pool_size(k, pool)):
        cand.append(sampler.sample(rng))
        if ctx.slice_over():
            yield
    return sampler.resample(cand, k, rng)


def _value(
    solver: Solver, q: Position, need: int, resolution: int, guess: int | None = None
) -> int:
    """The declarer's points from ``q`` to within ``resolution``: the contract's
    threshold ``need`` is probed first, then a galloping search from ``guess``
    (the value of a sibling move, often equal) and bisection."""
    reach = solver.reach
    lo, hi = 0, upper_bound(q, solver.rules)
    if 0 < need <= hi:
        if reach(q, need):
            lo = need
        else:
            hi = need - 1
    if guess is not None and lo < guess <= hi:
        step = 1
        if reach(q, guess):
            lo = guess
            while hi - lo >= resolution:
                t = min(hi, lo + step)
                if reach(q, t):
                    lo = t
                    step *= 2
                else:
                    hi = t - 1
                    break
        else:
            hi = guess - 1
            while hi - lo >= resolution:
                t = max(lo + 1, hi - step + 1)
                if reach(q, t):
                    lo = t
                    break
                hi = t - 1
                step *= 2
    while hi - lo >= resolution:
        mid = (lo + hi + 1) // 2
        if reach(q, mid):
            lo = mid
        else:
            hi = mid - 1
    return (lo + hi) // 2


__all__ = ["Scorer", "contract_value", "play_decision", "target_points"]
