"""Worlds consistent with what one seat knows: the hidden cards dealt out again.

``Sampler(obs)`` reads everything public (and private to ``obs.seat``) once:

* where cards must be: my hand, cards passed to me (and everybody's passes
  with ``open_discard``), the talon when shown (it went to the declarer, save
  the one card the declarer may have passed to the other defender), the
  partner card of a declared marriage, all four aces after an ace marriage;
* where cards cannot be: a player who did not follow suit is void in it, one
  who neither followed nor trumped holds no trump, ``must_beat`` followers
  that did not head the trick hold nothing higher, a plain lead off the trump
  under ``must_lead_trump`` shows no trump, a lead of another's trump under
  ``no_lead_foreign_trump`` shows nothing but trumps;
* what the auction implies: a bid above 120 needs marriages worth the excess
  in the hand as dealt (§5), an unblind bid a marriage (§10), a final
  contract above 120 marriages in the hand played (§6).

``sample(rng)`` draws a world uniformly among those consistent with the hard
facts: cards are grouped by the set of places they may be in, and a dynamic
programme over the groups counts the completions, so every draw succeeds
without rejection (the cases the facts leave open - which marriage a bid
relied on, which card went to the other defender - are weighed by their
numbers of completions). ``worlds(rng, k)`` then weights a pool of draws by
how well each explains the auction (a soft model of bidding from the hand
evaluator, or given ``bid_log_weight`` the fitted bidding model, ``bidmodel.py``)
and resamples ``k`` of them; given ``play_log_weight`` (the fitted
model of play, ``inference.py``; no level uses it) also by how well it
explains the other seats' cards played so far. Decisions take their worlds
from a ``WorldSource``: a ``Sampler``, or for the benchmark oracle the true
deal (``KnownDeal``).
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol

from .. import actions as A
from ..cards import (
    ACE,
    ACE_MARRIAGE,
    ACE_MARRIAGE_VALUE,
    ACES_MASK,
    FULL_DECK,
    KING,
    MARRIAGE_MASK,
    MARRIAGE_VALUE,
    QUEEN,
    SUIT_MASK,
    iter_cards,
)
from ..state import Observation, Phase

# Places a hidden card can be in, besides the seats 0..3.
TALON = 4  # the talon before the declarer takes it (both talons with 2 players)
OTHER_TALON = 5  # 2 players: the talon not picked (goes to the last trick's winner)
ASIDE = 6  # 2 players: the declarer's two cards put aside (hidden from the defender)


@dataclass
class World:
    """One consistent deal: current hands of every active seat and the hidden places."""

    hands: dict[int, int]
    dealt: dict[int, int]
    talon: int = 0
    other_talon: int = 0
    aside: int = 0
    gives: list[tuple[int, int]] = field(default_factory=list)
    weight: float = 1.0


@dataclass(frozen=True)
class _Case:
    """A refinement of the facts: cards pinned to places, and how many ways it stands for."""

    pins: tuple[tuple[int, int], ...]
    mult: float
    gift: int  # the card the declarer passed to the other defender, when this case fixes it


def declarations(obs: Observation) -> list[tuple[int, int, int]]:
    """Each declared marriage as (trick index, seat, suit); the trick in progress is last."""
    leads: list[tuple[int, int]] = [(t[1][0][0], t[1][0][1]) for t in obs.tricks]
    if obs.trick:
        leads.append(obs.trick[0])
    out = []
    used: set[int] = set()
    for seat, suit in obs.marriages:
        for i, (ls, card) in enumerate(leads):
            if i in used or ls != seat:
                continue
            if (suit == ACE_MARRIAGE and card % 6 == ACE) or (
                suit != ACE_MARRIAGE and card // 6 == suit and card % 6 in (KING, QUEEN)
            ):
                out.append((i, seat, suit))
                used.add(i)
                break
    return out


def play_facts(obs: Observation) -> tuple[dict[int, int], dict[int, int]]:
    """From the tricks: per seat the cards it cannot hold, and cards pinned to a seat."""
    conv = obs.conventions
    excl = dict.fromkeys(obs.active, 0)
    pins: dict[int, int] = {}
    decl = {i: (seat, suit) for i, seat, suit in declarations(obs)}
    tricks = [t[1] for t in obs.tricks]
    if obs.trick:
        tricks.append(obs.trick)
    trump = -1
    tseat = -1
    for i, cards in enumerate(tricks):
        lseat, lead = cards[0]
        declared = i in decl
        old_trump, old_tseat = trump, tseat
        if declared:
            seat, suit = decl[i]
            if suit == ACE_MARRIAGE:
                for c in iter_cards(ACES_MASK):
                    pins[c] = seat  # ace marriage: all four aces were in that hand
            else:
                trump, tseat = suit, seat
                other = 6 * suit + (QUEEN if lead % 6 == KING else KING)
                pins[other] = seat  # §7 the partner card stays in the declaring hand
        elif old_trump >= 0:
            if conv.must_lead_trump and lead // 6 != old_trump:
                excl[lseat] |= SUIT_MASK[old_trump]  # must_lead_trump: led no trump, holds none
            if conv.no_lead_foreign_trump and lead // 6 == old_trump and old_tseat != lseat:
                excl[lseat] |= FULL_DECK & ~SUIT_MASK[old_trump]  # held nothing but trumps
        ls = lead // 6
        w = lead
        for seat, c in cards[1:]:
            cs = c // 6
            if cs != ls:
                excl[seat] |= SUIT_MASK[ls]  # §7 did not follow: void in the led suit
                if trump >= 0 and cs != trump:
                    excl[seat] |= SUIT_MASK[trump]  # and did not trump: no trumps
                elif conv.must_beat and cs == trump and w // 6 == trump and c < w:
                    excl[seat] |= SUIT_MASK[trump] & ~((2 << w) - 1)  # must_beat: none higher
            elif conv.must_beat and w // 6 == ls and c < w:
                excl[seat] |= SUIT_MASK[ls] & ~((2 << w) - 1)  # must_beat: none higher
            if (cs == w // 6 and c > w) or (cs == trump and w // 6 != trump):
                w = c
    return excl, pins


def _max_bids(obs: Observation) -> dict[int, int]:
    """Per seat the highest value it bid (125 for an unblind bid)."""
    out: dict[int, int] = {}
    for seat, a in obs.bids:
        v = (
            125
            if a == A.UNBLIND
            else A.action_value(a)
            if A.BID_BASE <= a < A.CONTRACT_BASE
            else -1
        )
        if v > out.get(seat, 0):
            out[seat] = v
    return out


class Sampler:
    """Draws worlds consistent with ``obs`` for its seat (see the module docstring)."""

    def __init__(
        self,
        obs: Observation,
        hand_value: Callable[[int, int], float] | None = None,
        play_log_weight: Callable[[World], float] | None = None,
        bid_log_weight: Callable[[World], float] | None = None,
    ) -> None:
        self.obs = obs
        self.hand_value = hand_value
        # Inference from the auction (``bidmodel.py``): the log-likelihood of the other
        # seats' bids and passes in a world, already tempered, in place of the soft
        # model of ``auction_weight``; None: the soft model.
        self.bid_log_weight = bid_log_weight
        # Inference from the play (``inference.py``): the log-likelihood of the other
        # seats' cards played so far in a world, already tempered; None: not used.
        self.play_log_weight = play_log_weight
        me = obs.seat
        n = obs.players
        d = obs.declarer
        self.me = me
        self.declarer = d
        self.two = n == 2
        conv = obs.conventions
        played = obs.played
        hand = obs.hand
        # Places and their sizes.
        # First hand before looking at a dark game does not know its own cards.
        blind = not obs.looked
        places: list[int] = [s for s in obs.active if s != me or blind]
        caps: list[int] = [obs.hand_sizes[s] for s in places]
        picked = self.two and d >= 0 and obs.phase is not Phase.PICK
        if d < 0 or (self.two and not picked):
            places.append(TALON)
            caps.append(4 if self.two else 3)
        elif self.two:
            places.append(OTHER_TALON)
            caps.append(2)
            if me != d:
                places.append(ASIDE)
                caps.append(24 - hand.bit_count() - played.bit_count() - sum(caps))
        self.places = places
        self.caps = caps
        known_here = hand | played
        if me == d and obs.aside:
            known_here |= obs.aside
        unknown = FULL_DECK & ~known_here
        self.unknown = unknown
        excl, pins = play_facts(obs)
        allow_all = (1 << len(places)) - 1
        allowed = dict.fromkeys(iter_cards(unknown), allow_all)
        idx = {p: i for i, p in enumerate(places)}
        for seat, ex in excl.items():
            if seat in idx:
                for c in iter_cards(ex & unknown):
                    allowed[c] &= ~(1 << idx[seat])
        # Cards known to be somewhere.
        fixed: dict[int, int] = {}
        for c, seat in pins.items():
            if c in allowed and seat in idx:
                fixed[c] = seat
        for c, seat in obs.known_gives:
            if c in allowed and seat in idx:
                fixed[c] = seat
        talon = obs.talon
        self.talon_known = talon is not None and d >= 0
        # A defender who saw the talon but not the other defender's pass: one talon
        # card may have gone there (weighed in the cases).
        others = [s for s in obs.active if s not in (me, d)]
        self.gift_cases = (
            self.talon_known
            and d != me
            and not self.two
            and bool(others)
            and not conv.open_discard
            and len(obs.known_gives) < 2
            and 10 - obs.hand_sizes[d] - self._played_by()[d].bit_count() == 2
        )
        if self.talon_known and talon is not None and d != me:
            rest = talon & unknown
            for c in iter_cards(rest):
                if c in fixed:
                    continue
                if self.two:
                    allowed[c] &= (1 << idx[d]) | (1 << idx[ASIDE])
                else:
                    # Taken by the declarer; one may have been passed to the other defender.
                    mask = 1 << idx[d]
                    if self.gift_cases:
                        mask |= 1 << idx[others[0]]
                    allowed[c] &= mask
        self.allowed = allowed
        self.fixed = fixed
        self.idx = idx
        self.relaxed = False
        self._cases = self._build_cases()

    # -- cases ---------------------------------------------------------------

    def _need_marriages(self) -> list[tuple[int, int, str]]:
        """(seat, marriage points needed, which hand) implied by the auction and contract."""
        obs = self.obs
        conv = obs.conventions
        out: list[tuple[int, int, str]] = []
        if not conv.bid_over_120_without_marriage:
            for seat, v in _max_bids(obs).items():
                if seat != self.me and v > 120:
                    out.append((seat, v - 120, "dealt"))  # §5 bids above 120 need marriages
        for seat, a in obs.bids:
            if a == A.UNBLIND and seat != self.me:
                out.append((seat, -1, "dealt"))  # dark_unblind: a marriage in hand
        d = self.declarer
        if (
            d >= 0
            and d != self.me
            and obs.phase is Phase.PLAY
            and obs.contract > 120
            and not conv.bid_over_120_without_marriage
            and not (obs.golden and obs.contract == obs.bid)
        ):
            out.append((d, obs.contract - 120, "contract"))  # §6 the final contract's limit
        return out

    def _played_by(self) -> dict[int, int]:
        """Per active seat the cards it has played in this deal."""
        obs = self.obs
        out = dict.fromkeys(obs.active, 0)
        for _, cards, _w in obs.tricks:
            for s, c in cards:
                out[s] |= 1 << c
        for s, c in obs.trick:
            out[s] |= 1 << c
        return out

    def _held_before(self, seat: int, which: str) -> tuple[int, int]:
        """Cards surely in ``seat``'s hand as dealt (or at the contract), and cards surely not."""
        obs = self.obs
        played = self._played_by()
        sure = played.get(seat, 0)
        d = self.declarer
        not_in = 0
        if which == "contract":
            for c, _s in obs.known_gives:
                not_in |= 1 << c
        elif seat == d:
            for c, _s in obs.known_gives:
                sure |= 1 << c
            if obs.talon is not None:
                not_in |= obs.talon
        else:
            for c, s in obs.known_gives:
                if s == seat:
                    not_in |= 1 << c
        return sure & ~not_in, not_in

    def _build_cases(self) -> list[tuple[_Case, int]]:
        """The refinements of the facts with their completion counts."""
        obs = self.obs
        options: list[list[tuple[tuple[int, int], ...]]] = []
        self.needs = self._need_marriages()
        for seat, need, which in self.needs:
            options.append(self._marriage_options(seat, need, which))
        gifts: list[tuple[tuple[tuple[int, int], ...], float, int]] = [((), 1.0, -1)]
        if self.gift_cases and obs.talon is not None:
            gifts = self._gift_options()
        cases: list[tuple[_Case, int]] = []
        for gift_pins, mult, gift in gifts:
            for combo in itertools.product(*options):
                pins = dict(self.fixed)
                ok = True
                for c, p in (*gift_pins, *(x for opt in combo for x in opt)):
                    if pins.get(c, p) != p:
                        ok = False
                        break
                    pins[c] = p
                if not ok:
                    continue
                case = _Case(tuple(sorted(pins.items())), mult, gift)
                cnt = self._count(case)
                if cnt:
                    cases.append((case, cnt))
        if not cases:
            # The facts as read contradict each other: keep only where cards were seen.
            self.relaxed = True
            self.needs = []
            case = _Case(tuple(sorted(self.fixed.items())), 1.0, -1)
            self.allowed = dict.fromkeys(self.allowed, (1 << len(self.places)) - 1)
            cnt = self._count(case)
            if not cnt:
                case = _Case((), 1.0, -1)
                cnt = self._count(case)
            cases.append((case, cnt))
        return cases

    def _gift_options(self) -> list[tuple[tuple[tuple[int, int], ...], float, int]]:
        """Which card the declarer passed to the other defender (talon card or not)."""
        obs = self.obs
        assert obs.talon is not None
        d = self.declarer
        other = next(s for s in obs.active if s not in (self.me, d))
        played_by_other = self._played_by()[other]
        mine = {c for _, c in obs.received}
        tal_cards = [c for c in iter_cards(obs.talon) if c not in mine]
        open_ = [c for c in tal_cards if self.unknown >> c & 1]
        shown = [c for c in tal_cards if played_by_other >> c & 1]
        if shown:
            # The other defender played a talon card: that was the gift.
            return [(tuple((c, d) for c in open_), 1.0, shown[0])]
        out: list[tuple[tuple[tuple[int, int], ...], float, int]] = []
        # A talon card still hidden was the gift (one way per world) ...
        for g in open_:
            out.append((((g, other), *((c, d) for c in open_ if c != g)), 1.0, g))
        # ... or one of the other defender's own cards (as many ways as it held cards).
        size = obs.hand_sizes[other] + played_by_other.bit_count()
        out.append((tuple((c, d) for c in open_), float(size), -1))
        return out

    def _marriage_options(
        self, seat: int, need: int, which: str
    ) -> list[tuple[tuple[int, int], ...]]:
        """Minimal sets of marriages ``seat`` may have held worth ``need`` (-1: any one),
        as pins of the cards still hidden (empty when nothing is possible)."""
        ace = self.obs.conventions.ace_marriage and need >= 0
        sure, not_in = self._held_before(seat, which)
        i = self.idx.get(seat)

        def holdable(c: int) -> bool:
            if not_in >> c & 1:
                return False
            if sure >> c & 1:
                return True
            if c not in self.allowed or i is None or not self.allowed[c] >> i & 1:
                return False
            return self.fixed.get(c, seat) == seat

        units: list[tuple[int, int]] = []  # (value, cards)
        for s in range(4):
            if all(holdable(c) for c in iter_cards(MARRIAGE_MASK[s])):
                units.append((MARRIAGE_VALUE[s], MARRIAGE_MASK[s]))
        if ace and all(holdable(c) for c in iter_cards(ACES_MASK)):
            units.append((ACE_MARRIAGE_VALUE, ACES_MASK))
        target = 1 if need < 0 else need
        opts: list[tuple[tuple[int, int], ...]] = []
        chosen: list[set[int]] = []
        for k in range(1, len(units) + 1):
            for combo in itertools.combinations(range(len(units)), k):
                if sum(units[j][0] for j in combo) < target:
                    continue
                if any(prev <= set(combo) for prev in chosen):
                    continue  # not minimal
                chosen.append(set(combo))
                mask = 0
                for j in combo:
                    mask |= units[j][1]
                opts.append(tuple((c, seat) for c in iter_cards(mask & ~sure)))
        return opts

    def _satisfied(self, world: World) -> int:
        """How many of the cases' marriage choices a world satisfies at once (0: none)."""
        played = self._played_by()
        mult = 1
        for seat, need, which in self.needs:
            hand = (
                world.dealt.get(seat, 0)
                if which == "dealt"
                else world.hands.get(seat, 0) | played[seat]
            )
            ace = self.obs.conventions.ace_marriage and need >= 0
            units = [
                MARRIAGE_VALUE[s] for s in range(4) if hand & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]
            ]
            if ace and hand & ACES_MASK == ACES_MASK:
                units.append(ACE_MARRIAGE_VALUE)
            target = 1 if need < 0 else need
            k = 0
            chosen: list[set[int]] = []
            for r in range(1, len(units) + 1):
                for combo in itertools.combinations(range(len(units)), r):
                    if sum(units[j] for j in combo) >= target and not any(
                        prev <= set(combo) for prev in chosen
                    ):
                        chosen.append(set(combo))
                        k += 1
            if k == 0:
                return 0
            mult *= k
        return mult

    # -- counting and drawing ----------------------------------------------

    def _groups(self, case: _Case) -> tuple[list[tuple[list[int], int]], list[int]] | None:
        """Cards grouped by where they may be, and the capacities left after the pins."""
        caps = list(self.caps)
        pins = dict(case.pins)
        by_mask: dict[int, list[int]] = {}
        for c, allow in self.allowed.items():
            p = pins.get(c)
            if p is not None:
                i = self.idx.get(p)
                if i is None or not allow >> i & 1:
                    return None
                caps[i] -= 1
                if caps[i] < 0:
                    return None
                continue
            by_mask.setdefault(allow, []).append(c)
        groups = sorted(by_mask.items(), key=lambda kv: (bin(kv[0]).count("1"), kv[0]))
        return [(cards, m) for m, cards in groups], caps

    def _count(self, case: _Case) -> int:
        """How many ways to place the hidden cards under a case."""
        g = self._groups(case)
        if g is None:
            return 0
        groups, caps = g
        return _Counter(groups, len(self.places)).count(0, tuple(caps))

    def sample(self, rng: random.Random) -> World:
        """One world drawn uniformly among those consistent with the facts."""
        world = self._draw(rng)
        for _ in range(200):
            k = self._satisfied(world) if self.needs else 1
            # A world with several ways to meet the auction was counted that many times.
            if k and (k == 1 or rng.random() * k < 1):
                return world
            world = self._draw(rng)
        return world

    def _draw(self, rng: random.Random) -> World:
        cases = self._cases
        total = sum(cnt * case.mult for case, cnt in cases)
        x = rng.random() * total
        case = cases[-1][0]
        for cs, cnt in cases:
            x -= cnt * cs.mult
            if x < 0:
                case = cs
                break
        g = self._groups(case)
        assert g is not None
        groups, caps = g
        counter = _Counter(groups, len(self.places))
        place_cards = [0] * len(self.places)
        for c, p in case.pins:
            place_cards[self.idx[p]] |= 1 << c
        caps_t = tuple(caps)
        for gi, (cards, allow) in enumerate(groups):
            options = []
            weights = []
            for dist in _distributions(len(cards), allow, caps_t):
                rest = tuple(a - b for a, b in zip(caps_t, dist, strict=True))
                cnt = counter.count(gi + 1, rest)
                if cnt:
                    options.append(dist)
                    weights.append(cnt * _multinomial(len(cards), dist))
            dist = rng.choices(options, weights)[0]
            shuffled = cards[:]
            rng.shuffle(shuffled)
            k = 0
            for i, a in enumerate(dist):
                for c in shuffled[k : k + a]:
                    place_cards[i] |= 1 << c
                k += a
            caps_t = tuple(a - b for a, b in zip(caps_t, dist, strict=True))
        return self._world(place_cards, case, rng)

    def _world(self, place_cards: list[int], case: _Case, rng: random.Random) -> World:
        """Assemble a world from the cards of each place."""
        obs = self.obs
        hands = {} if not obs.looked else {obs.seat: obs.hand}
        world = World(hands=hands, dealt={})
        for p, cards in zip(self.places, place_cards, strict=True):
            if p < TALON:
                hands[p] = cards
            elif p == TALON:
                world.talon = cards
            elif p == OTHER_TALON:
                world.other_talon = cards
            else:
                world.aside = cards
        if self.me == self.declarer and obs.aside:
            world.aside = obs.aside
        self._dealt(world, case, rng)
        return world

    def _dealt(self, world: World, case: _Case, rng: random.Random) -> None:
        """Reconstruct the hands as dealt, the talon and the passes of a world."""
        obs = self.obs
        d = self.declarer
        played_by = self._played_by()
        held = {s: world.hands.get(s, 0) | played_by[s] for s in obs.active}
        if d < 0 or obs.phase is Phase.PICK:
            world.dealt = dict(held)
            if self.two:
                # Two talons of two cards each, still face down.
                both = world.talon
                world.talon = _pick(rng, both, 2)
                world.other_talon = both & ~world.talon
            return
        if self.two:
            world.dealt = dict(held)
            dec = held[d] | world.aside
            tal = obs.talon if obs.talon is not None else world.talon
            if not tal or tal.bit_count() != 2:
                tal = _pick(rng, dec, 2)
            world.talon = tal
            world.dealt[d] = dec & ~tal
            return
        gives = list(obs.known_gives)
        done = 10 - held[d].bit_count()  # cards the declarer has passed so far
        if len(gives) < done:
            # The pass to the other defender, which I did not see.
            other = next(s for s in obs.active if s not in (d, *(r for _, r in gives)))
            g = case.gift
            if g < 0 or not held[other] >> g & 1:
                cands = held[other] & ~(obs.talon or 0)
                g = _pick_one(rng, cands or held[other])
            gives.append((g, other))
        world.gives = gives
        given = 0
        dealt = {}
        for c, _s in gives:
            given |= 1 << c
        for s in obs.active:
            if s != d:
                dealt[s] = held[s] & ~sum(1 << c for c, r in gives if r == s)
        before = held[d] | given
        tal = obs.talon if obs.talon is not None else _pick(rng, before, 3)
        world.talon = tal
        dealt[d] = before & ~tal
        world.dealt = dealt

    # -- weighting by the auction --------------------------------------------

    def auction_weight(self, world: World) -> float:
        """How well a world explains the other seats' bids (a soft bidding model)."""
        hv = self.hand_value
        obs = self.obs
        if hv is None or not obs.bids:
            return 1.0
        if self.bid_log_weight is not None:
            return math.exp(max(-300.0, self.bid_log_weight(world)))
        conv = obs.conventions
        wgt = 1.0
        high = 100
        est: dict[int, float] = {}
        for seat, a in obs.bids:
            if a == A.DARK:
                high = 120
                continue
            if seat == self.me or seat not in world.dealt:
                high = _after(a, high)
                continue
            if conv.silence_below is not None and obs.totals[seat] < conv.silence_below:
                continue
            if seat not in est:
                est[seat] = hv(world.dealt[seat], seat)
            e = est[seat]
            if a == A.PASS:
                p = 1.0 - _logistic((e - (high + conv.min_raise)) / 12.0)
            elif a == A.UNBLIND:
                p = _logistic((e - 125) / 12.0)
            else:
                p = _logistic((e - A.action_value(a)) / 12.0)
            wgt *= 0.15 + 0.85 * p
            high = _after(a, high)
        return wgt

    def worlds(self, rng: random.Random, k: int, pool: int = 3) -> list[World]:
        """``k`` worlds: a pool of uniform draws resampled by their auction weights."""
        cand = [self.sample(rng) for _ in range(self.pool_size(k, pool))]
        return self.resample(cand, k, rng)

    def pool_size(self, k: int, pool: int) -> int:
        """How many uniform draws ``worlds(rng, k, pool)`` makes."""
        weighed = (self.hand_value is not None and bool(self.obs.bids)) or (
            self.play_log_weight is not None
        )
        if not weighed or pool <= 1:
            return k
        return k * pool

    def resample(self, cand: list[World], k: int, rng: random.Random) -> list[World]:
        """``k`` of the drawn worlds, resampled by how well they explain the auction
        (and, with ``play_log_weight``, the play so far)."""
        if len(cand) <= k:
            return cand
        for w in cand:
            w.weight = self.auction_weight(w)
        if self.play_log_weight is not None:
            logs = [self.play_log_weight(w) for w in cand]
            top = max(logs)
            for w, x in zip(cand, logs, strict=True):
                w.weight *= math.exp(x - top)
        total = sum(w.weight for w in cand)
        if total <= 0:
            return cand[:k]
        # Systematic resampling: k equally weighted worlds.
        step = total / k
        x = rng.random() * step
        out = []
        acc = 0.0
        i = 0
        for w in cand:
            acc += w.weight
            while i < k and x < acc:
                out.append(w)
                x += step
                i += 1
        while len(out) < k:
            out.append(cand[-1])
        return out


class WorldSource(Protocol):
    """Where a decision's worlds come from: a ``Sampler``, or the true deal (``KnownDeal``)."""

    def pool_size(self, k: int, pool: int) -> int:
        """How many draws to make for ``k`` worlds."""
        ...

    def sample(self, rng: random.Random) -> World:
        """One world."""
        ...

    def resample(self, cand: list[World], k: int, rng: random.Random) -> list[World]:
        """``k`` of the drawn worlds."""
        ...


class KnownDeal:
    """The one true world, for the benchmark oracle (it sees every card).

    Built from the engine's state, never from an observation: only the arena
    shows a bot the whole deal (``bots.bot_action``), and only the oracle
    looks. Two players before the talon is picked: the talon the declarer
    will get is drawn, as the pick itself is face down.
    """

    def __init__(self, world: World, other_talon: int = -1) -> None:
        self.world = world
        self.other_talon = other_talon  # 2 players before the pick: the other talon

    def pool_size(self, k: int, pool: int) -> int:
        """One world is all there is."""
        return 1

    def sample(self, rng: random.Random) -> World:
        """The true world (a copy; with two talons unpicked, one drawn as the pick)."""
        w = self.world
        talon, other = w.talon, w.other_talon
        if self.other_talon >= 0 and rng.random() < 0.5:
            talon, other = other, talon
        return World(
            hands=dict(w.hands),
            dealt=dict(w.dealt),
            talon=talon,
            other_talon=other,
            aside=w.aside,
            gives=list(w.gives),
        )

    def resample(self, cand: list[World], k: int, rng: random.Random) -> list[World]:
        """The worlds as drawn (there is one)."""
        return cand


def _after(a: int, high: int) -> int:
    if a == A.UNBLIND:
        return 125
    if A.BID_BASE <= a < A.CONTRACT_BASE:
        return A.action_value(a)
    return high


def _logistic(x: float) -> float:
    if x < -30:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _pick(rng: random.Random, mask: int, k: int) -> int:
    cards = list(iter_cards(mask))
    out = 0
    for c in rng.sample(cards, min(k, len(cards))):
        out |= 1 << c
    return out


def _pick_one(rng: random.Random, mask: int) -> int:
    return rng.choice(list(iter_cards(mask)))


def _distributions(k: int, allow: int, caps: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Ways to split ``k`` cards over the allowed places within their capacities."""
    places = [i for i in range(len(caps)) if allow >> i & 1]
    out: list[tuple[int, ...]] = []

    def rec(j: int, left: int, cur: list[int]) -> None:
        if j == len(places) - 1:
            i = places[j]
            if left <= caps[i]:
                cur[i] = left
                out.append(tuple(cur))
                cur[i] = 0
            return
        i = places[j]
        for a in range(min(left, caps[i]) + 1):
            cur[i] = a
            rec(j + 1, left - a, cur)
        cur[i] = 0

    if not places:
        return [tuple([0] * len(caps))] if k == 0 else []
    rec(0, k, [0] * len(caps))
    return out


def _multinomial(k: int, dist: tuple[int, ...]) -> int:
    out = math.factorial(k)
    for a in dist:
        out //= math.factorial(a)
    return out


class _Counter:
    """Completions of groups[i:] into the remaining capacities (memoised)."""

    def __init__(self, groups: list[tuple[list[int], int]], nplaces: int) -> None:
        self.groups = groups
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}
        self.nplaces = nplaces

    def count(self, i: int, caps: tuple[int, ...]) -> int:
        if i == len(self.groups):
            return 1 if not any(caps) else 0
        key = (i, caps)
        v = self.memo.get(key)
        if v is not None:
            return v
        cards, allow = self.groups[i]
        total = 0
        for dist in _distributions(len(cards), allow, caps):
            rest = tuple(a - b for a, b in zip(caps, dist, strict=True))
            sub = self.count(i + 1, rest)
            if sub:
                total += sub * _multinomial(len(cards), dist)
        self.memo[key] = total
        return total
