"""Bidding, redeal, dark, talon, discard, contract and concession decisions.

Everything is ranked by one currency, the seat's *relative score* of the
deal: its own score minus the mean score of the other active seats, in
points (as ``play.Scorer``):

* declaring a contract ``c`` with chance ``p`` of making it and expected
  deal points ``mu``: ``p * (win + bonus) - (1 - p) * v`` minus the mean of
  what the defenders score (the card points the declarer does not take),
  where ``v`` is the contract's value (dark and golden doubled), ``win`` the
  same capped by ``dark_cap_240`` and ``bonus`` what making it does to the
  game (the barrel, the target, a samosval); for Strong the defenders also
  score their expected marriages (a measured share of the marriages the
  declarer's cards leave open to them, RULES §7);
* defending (passing): the fitted ``defend`` model, a defender's measured
  relative score from its hand, less the chance of a bolt times what the
  bolt would cost; for Strong more while nobody has bid over first hand's
  hundred (the contract will be a low one; measured, ``pass_at_100``);
* a redeal: 0 (a fresh deal is worth nothing to anybody on average);
* a concession: ``-v`` (0 with ``write_off_free``) minus what each opponent
  receives (half the contract rounded up, or 60), and the third-concession
  penalty when it applies; a bomb: minus ``bomb_points``. Both are exact: the
  deal is scored by ``scoring.score_deal`` itself (``unplayed_ev``).

A bid is valued by drawing talons consistent with the auction (Strong) or by
the fitted dealt-hand model (Normal): for each talon the best two cards to
pass are chosen with the fitted played-hand model, and the declarer then
takes the best of raising the contract to any value it may, conceding, or
asking a redeal the talon allows; Strong's chances of making a bid are
calibrated on measured outcomes (``bidcal``: seen from the dealt hand they
were overconfident, bench/lab/ai_bid_calibration.py). The talon, the two passed
cards and the final contract are chosen by evaluating the best candidates over
sampled worlds with the open-hand solver, blended with the evaluator as a
prior (open-handed play flatters the declarer a little, since nobody guesses),
and the chances are calibrated on measured outcomes (``Evaluator.calibrated``).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Generator
from dataclasses import dataclass
from functools import partial

from .. import actions as A
from .. import rules
from ..cards import (
    ACES_MASK,
    MARRIAGE_MASK,
    MARRIAGE_VALUE,
    POINTS,
    iter_cards,
    marriage_total,
    mask_points,
)
from ..scoring import DealFacts, Standing, relative_score, score_deal
from ..state import Observation, Phase
from .common import play_order
from .evaluator import Evaluator, normal_cdf
from .play import draw_worlds, world_source
from .sampler import World
from .settings import Settings
from .solver import Position, Rules, Solver, greedy_playout
from .stakes import BARREL_BLOCK, GAME_BONUS, barrel_fall_cost, make_bonus
from .think import Choice, Context, Decision, ranked

BARREL_PASS = -45.0  # on the barrel a defender gains nothing and an attempt goes by
# Strong's chance of making the barrel contract (120 from 880) as its bid table
# sees a dealt hand: deciles over 368 random Classic deals (the seat facing first
# hand's 100), and the defenders' mean share of the card points in ``declarer_ev``.
# Measured with bench/lab/ai_barrel.py --chances.
BARREL_CHANCES = (0.085, 0.132, 0.174, 0.222, 0.268, 0.305, 0.358, 0.439, 0.543, 0.716)
BARREL_DEFENDERS = 20.0


def decision(
    ctx: Context, obs: Observation, rng: random.Random, settings: Settings, ev: Evaluator
) -> Decision:
    """A decision outside the card play (a generator)."""
    legal = list(obs.legal_actions)  # two or more: AIBot answers a forced move itself
    ph = obs.phase
    if ph is Phase.DARK:
        return _dark(obs, ev, settings)
    if ph is Phase.REDEAL:
        return (yield from _redeal(ctx, obs, rng, settings, ev))
    if ph is Phase.BIDDING:
        return (yield from _bidding(ctx, obs, rng, settings, ev))
    if ph is Phase.PICK:
        # 2 players: the two talons are face down; either is as good.
        a = rng.choice(legal)
        return [
            Choice(a, 0.0, {"ev": 0.0}),
            *(Choice(b, 0.0, {"ev": 0.0}) for b in legal if b != a),
        ]
    if ph is Phase.DISCARD:
        return (yield from _discard(ctx, obs, rng, settings, ev))
    return (yield from _contract(ctx, obs, rng, settings, ev))


# -- the score situation -------------------------------------------------------


def declarer_ev(
    obs: Observation,
    seat: int,
    p: float,
    mu: float,
    contract: int,
    dark: bool = False,
    golden: bool | None = None,
    marriages: float = 0.0,
    defence_marriages: float = 0.0,
) -> float:
    """Relative score of declaring ``contract`` with chance ``p`` and expected points ``mu``
    (``marriages``: the part of ``mu`` that comes from the declarer's marriages;
    ``defence_marriages``: what the defenders are expected to declare, RULES §7)."""
    conv = obs.conventions
    golden = obs.golden if golden is None else golden
    v = contract * (2 if dark else 1) * (2 if golden else 1)
    win = min(v, 240 * (2 if golden else 1)) if dark and conv.dark_cap_240 else v
    bonus = make_bonus(obs, seat, win)
    loss = v + barrel_fall_cost(obs, seat)  # §9 failing on the barrel leaves it
    # The defenders score the card points the declarer does not take.
    defenders = (max(0.0, 120.0 - (mu - marriages)) + defence_marriages) * (2 if golden else 1)
    return p * (win + bonus) - (1.0 - p) * loss - defenders / (len(obs.active) - 1)


def open_marriages(played: int, passed: int = 0) -> int:
    """RULES §7: the value of the marriages the defenders may hold against a declarer
    who plays ``played`` after passing ``passed`` (a suit counts unless the declarer
    keeps its king or queen, or passed both, to two different seats)."""
    total = 0
    for s, mm in enumerate(MARRIAGE_MASK):
        if played & mm or passed & mm == mm:
            continue
        total += MARRIAGE_VALUE[s]
    return total


def defence_marriages(
    obs: Observation, ev: Evaluator, settings: Settings, played: int, passed: int = 0
) -> float:
    """The points the defenders are expected to declare in marriages (Strong; RULES §7):
    the measured share of the open marriages' value (``defender_marriages``)."""
    if not settings.full_model:
        return 0.0
    return ev.const(obs.players, "defender_marriages") * open_marriages(played, passed)


def barrel_values(obs: Observation, seat: int) -> tuple[float, float]:
    """§9 For ``seat`` sitting on the barrel: (the relative score of passing in this
    deal, the value of this deal with a hand not yet seen).

    It gains nothing as a defender (``BARREL_PASS``) and gives up one of its
    deals there: after the last one (``barrel_attempts``) it falls off with
    -``penalty`` and ``barrel_fall_cost``. What the deals left are worth is
    found backwards from the fall (optimal stopping): in each, the seat tries
    the barrel contract when the hand's chance beats waiting, the chances drawn
    from ``BARREL_CHANCES``. With ``barrel_freezes_defenders`` a deal it only
    defends is not one of its deals, and passing costs no deal; then, and under
    the Polish barrel, a pass is ``BARREL_PASS`` and a fresh hand worth 0.
    """
    conv = obs.conventions
    if not conv.finish_barrel or conv.barrel_freezes_defenders:
        return BARREL_PASS, 0.0
    fall = barrel_fall_cost(obs, seat)
    need = conv.barrel_need()
    win, lose = need + GAME_BONUS, need + fall
    value = -float(conv.penalty) - fall  # off the barrel after its last deal
    passing = BARREL_PASS
    for _ in range(max(1, conv.barrel_attempts - obs.on_barrel[seat] + 1)):
        passing = BARREL_PASS + value
        value = sum(
            max(p * win - (1.0 - p) * lose - BARREL_DEFENDERS, passing) for p in BARREL_CHANCES
        ) / len(BARREL_CHANCES)
    return passing, value


def bolt_cost(obs: Observation, seat: int, marks: int = 1) -> float:
    """What a bolt (a deal without a trick) would cost ``seat`` now (§8, the bolt conventions).

    The mark that completes three costs the penalty; an earlier one brings it
    nearer: a third of the penalty when bolts are counted over the whole game,
    less when only a run counts (a trick clears it).
    """
    conv = obs.conventions
    if conv.bolts == "off":
        return 0.0
    if conv.barrel and obs.on_barrel[seat] and not conv.bolts_on_barrel:
        return 0.0  # bolts_on_barrel off
    pen = float(conv.penalty * (2 if obs.golden else 1))
    if obs.bolt_counts[seat] + marks >= 3:
        return pen
    return pen * marks / (3.0 if conv.bolts == "total" else 6.0)


def pass_ev(obs: Observation, seat: int, ev: Evaluator, settings: Settings) -> float:
    """Relative score of leaving the contract to someone else (defending)."""
    conv = obs.conventions
    hand = obs.hand
    if conv.barrel and obs.on_barrel[seat]:
        u = barrel_values(obs, seat)[0]
    elif settings.full_model and (measured := _measured_pass(obs, seat, ev)) is not None:
        # The pass as valued by a model measured apart (``Evaluator.measured_pass``).
        u = measured
    elif settings.full_model:
        u = ev.defend_value(hand, obs.players, conv.ace_marriage)
        early = is_early(obs, seat)
        if early:
            # Nobody has bid over first hand's hundred yet: the contract will be a
            # low one, which the model of all passes undervalues (measured).
            u += ev.const(obs.players, "pass_at_100")
        if settings.pass_shift:
            # Rules unlike the classic ones the models were fitted on (Polish: the
            # bomb caps a declarer's loss, no concession, no bolts): the pass as
            # measured under them (``Evaluator.pass_shift``; 0 in classic rules),
            # with ``bomb_pass`` less again while the seat holds a bomb.
            bomb_left = settings.bomb_pass and _bomb_left(obs, seat)
            u += ev.pass_shift(conv, obs.players, early, bomb_left)
    else:
        u = ev.const(obs.players, "defend_u")
    if settings.full_model and hand:
        u -= ev.bolt_chance(hand, obs.players, conv.ace_marriage) * bolt_cost(obs, seat)
    for s in obs.active:
        if s != seat and conv.barrel and obs.on_barrel[s] and obs.high_seat == s:
            u -= BARREL_BLOCK  # §9 a barrel player about to win the auction may end the game
    return u


def _measured_pass(obs: Observation, seat: int, ev: Evaluator) -> float | None:
    """The pass's value by the evaluator's ``measured_pass`` under these conventions
    (None where it has none, or no value for them)."""
    if ev.measured_pass is None:
        return None
    early = is_early(obs, seat)
    after = early and any(s != seat and a == A.PASS for s, a in obs.bids)
    return ev.measured_pass(obs.conventions, obs.hand, obs.players, early, after)


def unplayed_ev(obs: Observation, bomb: bool = False, contract: int | None = None) -> float:
    """The exact relative score of a deal that is not played: conceded (§8 *роспись*)
    or, with ``bomb``, a bomb thrown (``bombs``): the seat's own sheet figure less
    the mean of the others' (``unplayed_deltas``)."""
    return relative_score(unplayed_deltas(obs, bomb=bomb, contract=contract), obs.seat, obs.active)


def unplayed_deltas(
    obs: Observation, bomb: bool = False, contract: int | None = None
) -> tuple[int, ...]:
    """What each seat writes on the sheet for a deal that is not played: conceded
    (§8 *роспись*) or, with ``bomb``, a bomb thrown (``bombs``), as
    ``scoring.score_deal`` scores it from the sheet as it stands (penalties, the
    barrel's cap and the samosval included; the golden round's reset aside)."""
    conv = obs.conventions
    seat, n = obs.seat, obs.players
    zeros = (0,) * n
    before = Standing(
        obs.totals,
        obs.bolt_counts,
        obs.writeoffs,
        obs.barrel_falls,
        obs.on_barrel,
        n if obs.golden else 0,
        False,
        obs.bombs,
    )
    facts = DealFacts(
        number=0,
        dealer=obs.dealer,
        active=obs.active,
        declarer=seat,
        contract=obs.contract if contract is None else contract,
        writeoff=not bomb,
        card_points=zeros,
        marriage_points=zeros,
        tricks_won=zeros,
        golden=obs.golden,
        dark=obs.dark,
        bomb=bomb,
    )
    return tuple(score_deal(conv, facts, before)[1].deltas)


def concession_ev(obs: Observation, contract: int | None = None) -> float:
    """Relative score of conceding the contract (§8 *роспись*): exact (``unplayed_ev``)."""
    return unplayed_ev(obs, contract=contract)


# What an unthrown bomb is worth for a later hopeless hand, in relative points:
# a rough allowance, not fitted (the Polish arena moved from +6.6 to the figure
# in bench/lab/ai_results.md when the bomb was added at all).
BOMB_RESERVE = 10.0


def bomb_ev(obs: Observation) -> float:
    """Relative score of throwing a bomb (``bombs``, CONVENTIONS *bomba*): the deal
    is not played, the thrower scores nothing and each opponent ``bomb_points``
    (exact, ``unplayed_ev``); less what keeping the bomb for a later deal is worth."""
    return unplayed_ev(obs, bomb=True) - BOMB_RESERVE


def _unplayed_choice(obs: Observation, action: int) -> Choice:
    """The choice of conceding or throwing a bomb: ``sure`` is the deal's exact
    relative score, ``ev`` (the ranking) the same less, for a bomb, its reserve."""
    bomb = action == A.BOMB
    u = bomb_ev(obs) if bomb else concession_ev(obs)
    sure = unplayed_ev(obs, bomb=bomb)
    return Choice(action, u, {"make": 0.0, "ev": round(u, 1), "sure": round(sure, 1)})


def _may_concede(obs: Observation) -> bool:
    """Whether the seat, as declarer of this deal, will be offered a concession (§8,
    ``rules.may_concede``: the engine's own test)."""
    return rules.may_concede(
        obs.conventions,
        golden=obs.golden,
        dark=obs.dark,
        barrel=obs.on_barrel,
        writeoffs=obs.writeoffs[obs.seat],
    )


def is_early(obs: Observation, seat: int) -> bool:
    """Whether ``seat``'s call comes while nobody has bid over first hand's hundred
    (``seat`` not first hand, no declarer yet): the pass the constants
    ``pass_at_100`` and the early ``pass_shift`` value."""
    return obs.high_bid <= 100 and seat != obs.first_hand and obs.declarer < 0


def _bomb_left(obs: Observation, seat: int) -> bool:
    """Whether ``seat`` has a bomb left to throw in this game (``bombs``)."""
    bombs = obs.conventions.bombs
    return bool(bombs) and obs.bombs[seat] < bombs


def _may_bomb(obs: Observation, settings: Settings) -> bool:
    """Whether the bid table counts a bomb as the seat's way out (``bomb_out``, Strong):
    the preset has bombs, the seat has one left, and the deal is neither golden nor
    dark (the engine's ``_bomb_allowed`` as the seat sees it before the talon)."""
    if not (settings.full_model and settings.bomb_out):
        return False
    if obs.golden or obs.dark:
        return False
    return _bomb_left(obs, obs.seat)


# -- valuing a bid ------------------------------------------------------------------


@dataclass
class BidTable:
    """Per contract (100, 105, ...): the relative score of becoming declarer with that
    bid, the chance of making the final contract and the expected deal points."""

    lo: int
    ev: list[float]
    make: list[float]
    points: list[float]
    step: int = 5  # the bid step (Conventions.bid_step)

    def at(self, contract: int) -> tuple[float, float, float]:
        """(ev, make, points) for a bid of ``contract``."""
        i = min(len(self.ev) - 1, max(0, (contract - self.lo) // self.step))
        return self.ev[i], self.make[i], self.points[i]


def _best_out(
    obs: Observation, ev: Evaluator, hand: int, shifted: bool = False
) -> tuple[float, int]:
    """The best two cards to pass (or put aside): (expected points, hand played)."""
    # Candidates: the cards whose removal alone costs least, then their pairs.
    single = sorted(
        iter_cards(hand), key=lambda c: -quick_plan_value(obs, ev, hand | (1 << c), c, c)
    )[:5]
    best = (-1e9, hand)
    for a, b in itertools.combinations(single, 2):
        mu = quick_plan_value(obs, ev, hand, a, b, shifted)
        if mu > best[0]:
            best = (mu, hand & ~(1 << a) & ~(1 << b))
    return best


def bid_table(
    ctx: Context,
    obs: Observation,
    rng: random.Random,
    settings: Settings,
    ev: Evaluator,
    lo: int,
    hi: int,
) -> Generator[None, None, BidTable]:
    """The value of declaring at each contract from ``lo`` to ``hi`` with ``obs.hand``."""
    conv = obs.conventions
    seat = obs.seat
    hand = obs.hand
    step = conv.bid_step  # bids and contracts go in this step (rules.contract_values)
    grid = rules.contract_values(conv, lo, max(lo, hi))
    share = ev.const(obs.players, "marriage_share")
    if settings.bid_talons <= 0:
        # The dealt-hand model alone (Normal).
        m = ev.model("bid", obs.players)
        mu = m.mean(hand, conv.ace_marriage)
        mar = share * marriage_total(hand, conv.ace_marriage)
        evs, makes = [], []
        for c in grid:
            p = normal_cdf((mu - c + 0.5) / m.sigma)
            evs.append(declarer_ev(obs, seat, p, mu, c, marriages=mar))
            makes.append(p)
        return BidTable(lo, evs, makes, [mu] * len(grid), conv.bid_step)
    sampler = world_source(ctx, obs, ev, settings)
    worlds = yield from draw_worlds(ctx, sampler, rng, settings.bid_talons, settings.pool)
    m = ev.model("play", obs.players)
    concede = _may_concede(obs)
    conceded: dict[int, float] = {}  # per bid: the relative score of conceding it
    # With ``bomb_out``: a talon that leaves every contract worse than the bomb is
    # answered with the bomb (its exact value less what keeping it is worth).
    bombed = bomb_ev(obs) if _may_bomb(obs, settings) else None
    floor = conv.barrel_need() if conv.barrel and obs.on_barrel[seat] else 0
    sums = [0.0] * len(grid)
    made = [0.0] * len(grid)
    pts = [0.0] * len(grid)
    for w in worlds:
        mu, rest = _best_out(obs, ev, hand | w.talon, _shifted(settings))
        mar = share * marriage_total(rest, conv.ace_marriage)
        dmar = defence_marriages(obs, ev, settings, rest, (hand | w.talon) & ~rest)
        # §6 the final contract: at least the bid, up to the limit of the new hand.
        cap = rules.bid_limit(obs.conventions, rest)
        cs = rules.contract_values(conv, lo, max(cap, grid[-1]))
        vals = []
        ps = []
        for c in cs:
            ce = max(c, floor)  # §9 on the barrel the contract must reach the target
            p = ev.calibrated(normal_cdf((mu - ce + 0.5) / m.sigma), obs.players, "bidcal")
            vals.append(declarer_ev(obs, seat, p, mu, ce, marriages=mar, defence_marriages=dmar))
            ps.append(p)
        # The best final contract at or above each bid (suffix maxima up to the cap).
        best = list(range(len(cs)))
        last = (cap - lo) // step
        for i in range(min(last, len(cs) - 1) - 1, -1, -1):
            if vals[best[i + 1]] > vals[i]:
                best[i] = best[i + 1]
        redeal = bool(rules.talon_redeal(conv, w.talon, False))
        for gi, c in enumerate(grid):
            j = best[(c - lo) // step]
            v, p = vals[j], ps[j]
            if concede:
                if c not in conceded:
                    conceded[c] = concession_ev(obs, c)
                if conceded[c] > v:
                    v, p = conceded[c], 0.0
            if bombed is not None and bombed > v:
                v, p = bombed, 0.0
            if redeal and v < 0.0:
                v, p = 0.0, 0.0
            sums[gi] += v
            made[gi] += p
            pts[gi] += mu
        yield
    k = len(worlds) or 1
    return BidTable(lo, [x / k for x in sums], [x / k for x in made], [x / k for x in pts], step)


# -- dark, redeal, bidding --------------------------------------------------------


def _dark(obs: Observation, ev: Evaluator, settings: Settings) -> list[Choice]:
    """Play 120 blind when the measured gain (and what making it does to the game) pays."""
    p = ev.const(obs.players, "dark_p")
    gain = ev.const(obs.players, "dark_gain")
    bonus = p * make_bonus(obs, obs.seat, 240) if settings.full_model else 0.0
    u_dark = gain + bonus
    return ranked(
        [
            Choice(A.DARK, u_dark, {"make": round(p, 3), "ev": round(u_dark, 1)}),
            Choice(A.LOOK, 0.0, {"ev": 0.0}),
        ]
    )


def _bid_choice(action: int, u: float, make: float, points: float) -> Choice:
    return Choice(
        action,
        u,
        {"make": round(make, 3), "ev": round(u, 1), "expected_points": round(points, 1)},
    )


def _redeal(
    ctx: Context, obs: Observation, rng: random.Random, settings: Settings, ev: Evaluator
) -> Decision:
    """A redeal costs nothing: keep only a hand worth more than a fresh deal (0; on
    the barrel, what a fresh hand is worth there, ``barrel_values``)."""
    keep = pass_ev(obs, obs.seat, ev, settings)
    conv = obs.conventions
    fresh = barrel_values(obs, obs.seat)[1] if conv.barrel and obs.on_barrel[obs.seat] else 0.0
    make = 0.0
    if obs.declarer < 0:
        # Before bidding: the value of the hand is the better of defending and
        # declaring at the lowest bid this seat could make (first hand holds 100).
        lo = 100 if obs.seat == obs.first_hand else 100 + conv.min_raise
        table = yield from bid_table(ctx, obs, rng, settings, ev, lo, lo)
        u, make, _pts = table.at(lo)
        keep = max(keep, u)
    return ranked(
        [
            Choice(A.REDEAL, fresh, {"ev": round(fresh, 1)}),
            Choice(A.KEEP, keep, {"make": round(make, 3), "ev": round(keep, 1)}),
        ]
    )


def _bidding(
    ctx: Context, obs: Observation, rng: random.Random, settings: Settings, ev: Evaluator
) -> Decision:
    """Raise to the smallest legal bid while declaring beats defending."""
    legal = obs.legal_actions
    seat = obs.seat
    base = pass_ev(obs, seat, ev, settings)
    if A.UNBLIND in legal:
        # dark_unblind: cancel a dark game by bidding 125, or defend it.
        table = yield from bid_table(ctx, obs, rng, settings, ev, 125, 125)
        u, p, mu = table.at(125)
        p_dark = ev.const(obs.players, "dark_p")
        # Defending the dark game instead of an ordinary contract: the declarer's
        # expected score changes from the usual one to the dark game's.
        usual = ev.const(obs.players, "declare_raw")
        dark_score = 240.0 * p_dark - 240.0 * (1.0 - p_dark)
        defend = base + (usual - dark_score) / (len(obs.active) - 1)
        return ranked(
            [Choice(A.PASS, defend, {"ev": round(defend, 1)}), _bid_choice(A.UNBLIND, u, p, mu)]
        )
    bids = [a for a in legal if A.BID_BASE <= a < A.CONTRACT_BASE]
    out = [Choice(A.PASS, base, {"ev": round(base, 1)})]
    if not bids:
        return out
    values = [A.action_value(b) for b in bids]
    table = yield from bid_table(ctx, obs, rng, settings, ev, values[0], values[-1])
    for b, c in zip(bids, values, strict=True):
        u, p, mu = table.at(c)
        out.append(_bid_choice(b, u, p, mu))
    ranked_out = ranked(out)
    margin = settings.bid_margin[0 if is_early(obs, seat) else 1]
    if out[1].utility > base + margin:
        # Raise by the smallest step while it is worth it: the auction may go on,
        # and the final contract can still be raised after the talon.
        first = out[1]
        return [first, *(ch for ch in ranked_out if ch is not first)]
    if margin:
        return [out[0], *(ch for ch in ranked_out if ch is not out[0])]
    return ranked_out


# -- talon, discard, contract ---------------------------------------------------------


def quick_plan_value(
    obs: Observation, ev: Evaluator, hand: int, a: int, b: int, shifted: bool = False
) -> float:
    """The evaluator's expected declarer points after passing (or putting aside) a and b
    (``shifted``: with what the preset's play rules add, ``rule_shift``)."""
    conv = obs.conventions
    rest = hand & ~(1 << a) & ~(1 << b)
    mu = ev.expected("play", rest, obs.players, conv.ace_marriage)
    if shifted:
        mu += rule_shift(obs, ev, rest)
    if obs.players == 2:
        mu += POINTS[a] + (POINTS[b] if b != a else 0)  # §11 the aside counts for the declarer
    # Keep the pieces that cannot be valued linearly: marriages and aces.
    for s in range(4):
        mm = MARRIAGE_MASK[s]
        if hand & mm == mm and rest & mm != mm:
            mu -= 15.0
    if conv.ace_marriage and hand & ACES_MASK == ACES_MASK and rest & ACES_MASK != ACES_MASK:
        mu -= 40.0
    return mu


def rule_shift(obs: Observation, ev: Evaluator, hand: int) -> float:
    """What the preset's play rules add to the points of the played ``hand`` over the
    classic rules the models were fitted on (``Evaluator.rule_shift``; Strong)."""
    conv = obs.conventions
    return ev.rule_shift(hand, obs.players, conv.must_beat, conv.declare_on_first_lead)


def _shifted(settings: Settings) -> bool:
    """Whether a level values hands with ``rule_shift`` (Strong)."""
    return settings.full_model and settings.rule_shift


def _receivers(obs: Observation) -> list[int]:
    """The opponents in play order after the declarer."""
    return [s for s in play_order(obs) if s != obs.declarer]


def _contract_ev(
    obs: Observation,
    ev: Evaluator,
    settings: Settings,
    probed: dict[int, float],
    mu: float,
    rest: int,
    passed: int,
) -> tuple[float, int, float]:
    """The best final contract for a hand ``rest`` after passing ``passed``: (ev,
    contract, chance).

    ``probed`` maps the contracts solved on worlds to their blended chances;
    the others take the evaluator's chance, never above the probed one below.
    Chances are calibrated on measured outcomes.
    """
    conv = obs.conventions
    m = ev.model("play", obs.players)
    floor = conv.barrel_need() if conv.barrel and obs.on_barrel[obs.seat] else 0
    lo = max(min(probed), floor)
    hi = max(lo, rules.bid_limit(obs.conventions, rest))
    if obs.golden and not conv.golden_raise:
        hi = lo  # golden_round: 120, raised only with golden_raise
    mar = ev.const(obs.players, "marriage_share") * marriage_total(rest, conv.ace_marriage)
    dmar = defence_marriages(obs, ev, settings, rest, passed)
    best = (-1e9, lo, 0.0)
    for c in rules.contract_values(conv, lo, hi):
        p = ev.calibrated(_chance(probed, c, mu, m.sigma), obs.players)
        u = declarer_ev(
            obs, obs.seat, p, mu, c, dark=obs.dark, marriages=mar, defence_marriages=dmar
        )
        if u > best[0]:
            best = (u, c, p)
    return best


def _chance(probed: dict[int, float], c: int, mu: float, sigma: float) -> float:
    """The (uncalibrated) chance of making ``c``: probed, or the evaluator's capped by
    the nearest probed contract below."""
    if c in probed:
        return probed[c]
    prior = normal_cdf((mu - c + 0.5) / sigma)
    below = [x for x in probed if x <= c]
    return min(prior, probed[max(below)]) if below else prior


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
    shift = _shifted(settings)
    # Candidate plans: (quick value, cards out, action for the first of them).
    plans: list[tuple[float, int, int, int]] = []
    if two:
        if aside_now:
            (first,) = list(iter_cards(aside_now))
            for c in iter_cards(hand):
                mu = quick_plan_value(obs, ev, hand | aside_now, first, c, shift)
                plans.append((mu, first, c, A.aside(c)))
        else:
            for a, b in itertools.combinations(list(iter_cards(hand)), 2):
                mu = quick_plan_value(obs, ev, hand, a, b, shift)
                plans.append((mu, a, b, A.aside(a)))
    elif given:
        ((_seat, c_done),) = given.items()
        s_left = next(s for s in rec if s not in given)
        for c in iter_cards(hand):
            mu = quick_plan_value(obs, ev, hand | (1 << c_done), c_done, c, shift)
            plans.append((mu, c_done, c, A.give(c, s_left)))
    else:
        for a, b in itertools.combinations(list(iter_cards(hand)), 2):
            mu = quick_plan_value(obs, ev, hand, a, b, shift)
            # The richer card to the seat after the declarer (it plays second to
            # the declarer's leads), the other to the last seat.
            hi, lo = (a, b) if (POINTS[a], a) >= (POINTS[b], b) else (b, a)
            plans.append((mu, hi, lo, A.give(hi, rec[0])))
            if settings.discard_both:
                plans.append((mu, lo, hi, A.give(lo, rec[0])))
    top = _discard_candidates(plans, settings.discard_candidates, settings.discard_both)
    # Evaluate the best candidates on the same sampled worlds with the solver,
    # a world at a time, until the worlds or the node budget (``Settings.most_nodes``;
    # in the browser also the time) are spent.
    sampler = world_source(ctx, obs, ev, settings)
    rules = Rules.of(obs.conventions)
    solver = Solver(rules)
    target = obs.bid
    full = hand | aside_now | (1 << given[next(iter(given))] if given else 0)
    k = settings.discard_worlds
    most = settings.most_worlds(k)
    most_nodes = settings.most_nodes(settings.discard_nodes)
    made = [0.0] * len(top)
    pts = [0.0] * len(top)
    count = [0] * len(top)
    nodes0 = solver.nodes
    done = 0
    worlds: list[World] = []
    while done < most:
        if done and (ctx.out_of_time() or solver.nodes - nodes0 >= most_nodes):
            break
        if not worlds:
            worlds = yield from draw_worlds(ctx, sampler, rng, k, settings.pool)
            worlds.reverse()
        w = worlds.pop()
        for i, (_mu, a, b, _act) in enumerate(top):
            pos = _after_discard(obs, w.hands, w.other_talon, a, b, two)
            if pos is None:
                continue
            start = POINTS[a] + POINTS[b] if two else 0
            ok = yield from ctx.search(
                solver, partial(solver.reach, pos, target - start), settings.discard_node_limit
            )
            if ok is None and ctx.out_of_time():
                break
            greedy = start + greedy_playout(pos, rules)
            if ok is None:
                ok = greedy >= target
            made[i] += 1.0 if ok else 0.0
            pts[i] += max(greedy, target) if ok else min(greedy, target - 1)
            count[i] += 1
            yield
        done += 1
    results: list[Choice] = []
    sigma = ev.model("play", obs.players).sigma
    for i, (mu, a, b, act) in enumerate(top):
        n = count[i]
        prior = normal_cdf((mu - target + 0.5) / sigma)
        blend = (prior * 4 + made[i]) / (4 + n)
        e_pts = (mu * 4 + pts[i]) / (4 + n)
        rest = full & ~(1 << a) & ~(1 << b)
        u, _c, _p = _contract_ev(obs, ev, settings, {target: blend}, e_pts, rest, full & ~rest)
        results.append(_bid_choice(act, u, ev.calibrated(blend, obs.players), e_pts))
    if A.REDEAL in legal:
        results.append(Choice(A.REDEAL, 0.0, {"ev": 0.0}))
    for act in (A.WRITEOFF, A.BOMB):
        if act in legal:
            results.append(_unplayed_choice(obs, act))
    ranked_results = ranked(results)
    # The other cards come last, each with its best plan valued by the evaluator alone.
    seen = {c.action for c in results}
    by_card: dict[int, tuple[float, int, int]] = {}
    for mu, a, b, _act in plans:
        for c in (a, b):
            if c not in by_card or mu > by_card[c][0]:
                by_card[c] = (mu, a, b)
    rest_plans: list[Choice] = []
    for act in legal:
        card = A.action_card(act)
        if act in seen or card not in by_card:
            continue
        mu, a, b = by_card[card]
        rest = full & ~(1 << a) & ~(1 << b)
        prior = normal_cdf((mu - target + 0.5) / sigma)
        u, _c, p = _contract_ev(obs, ev, settings, {target: prior}, mu, rest, full & ~rest)
        rest_plans.append(_bid_choice(act, u, p, mu))
    return ranked_results + ranked(rest_plans)


def _discard_candidates(
    plans: list[tuple[float, int, int, int]], k: int, both: bool
) -> list[tuple[float, int, int, int]]:
    """The plans (quick value, card to the seat after the declarer, card to the last
    seat, first action) the solver evaluates: the best by quick value, one per first
    action, ``k`` of them; with ``both`` (``Settings.discard_both``, each pair of
    cards listed both ways round) ``k`` pairs of cards, each with its ways round."""
    plans = sorted(plans, key=lambda x: -x[0])
    k = max(1, k)
    top: list[tuple[float, int, int, int]] = []
    seen: set[int] = set()
    pairs: set[int] = set()
    for plan in plans:
        if plan[3] not in seen:
            pair = (1 << plan[1]) | (1 << plan[2])
            if pair not in pairs and len(pairs) >= k:
                continue
            seen.add(plan[3])
            pairs.add(pair)
            top.append(plan)
        if len(top) >= k * (2 if both else 1):
            break
    return top


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
    sizes = {hs[s].bit_count() for s in order}
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
    conv = obs.conventions
    aside_pts = mask_points(obs.aside or 0) if two else 0
    m = ev.model("play", obs.players)
    mu = m.mean(obs.hand, conv.ace_marriage) + aside_pts
    if _shifted(settings):
        mu += rule_shift(obs, ev, obs.hand)
    mar = ev.const(obs.players, "marriage_share") * marriage_total(obs.hand, conv.ace_marriage)
    passed = 0 if two else sum(1 << c for c, _s in obs.known_gives)
    dmar = defence_marriages(obs, ev, settings, obs.hand, passed)
    # Open-handed values on sampled worlds, blended with the evaluator.
    sampler = world_source(ctx, obs, ev, settings)
    rules = Rules.of(conv)
    solver = Solver(rules)
    order = play_order(obs)
    k = settings.discard_worlds
    most = settings.most_worlds(k)

    def value(c: int, p: float) -> float:
        return declarer_ev(
            obs, obs.seat, p, mu, c, dark=obs.dark, marriages=mar, defence_marriages=dmar
        )

    # Probe the lowest contract and the one the evaluator likes best (when higher).
    cs = [A.action_value(a) for a in values]
    prior_best = max(
        cs, key=lambda c: value(c, ev.calibrated(_chance({}, c, mu, m.sigma), obs.players))
    )
    lows = sorted({cs[0], prior_best})
    probes: dict[int, list[bool]] = {c: [] for c in lows}
    worlds: list[World] = []
    for i in range(most):
        if i and ctx.out_of_time():
            break
        if not worlds:
            worlds = yield from draw_worlds(ctx, sampler, rng, k, settings.pool)
        w = worlds.pop()
        pos = Position(
            len(order),
            [w.hands[s] for s in order],
            0,
            talon_points=mask_points(w.other_talon) if two else 0,
        )
        for c in lows:
            need = c - aside_pts
            if conv.round_declarer:
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
    probed = {
        c: (normal_cdf((mu - c + 0.5) / m.sigma) * 4 + sum(got)) / (4 + len(got))
        for c, got in probes.items()
    }
    for a, c in zip(values, cs, strict=True):
        p = ev.calibrated(_chance(probed, c, mu, m.sigma), obs.players)
        out.append(_bid_choice(a, value(c, p), p, mu))
    for act in (A.WRITEOFF, A.BOMB):
        if act in legal:
            out.append(_unplayed_choice(obs, act))
    return ranked(out)


__all__ = [
    "bid_table",
    "bolt_cost",
    "bomb_ev",
    "concession_ev",
    "decision",
    "declarer_ev",
    "make_bonus",
    "pass_ev",
    "quick_plan_value",
    "unplayed_ev",
]
