"""Open-hand (double-dummy) solver for the play phase of 1000 (RULES §7).

The play is a two-team game: the declarer against the defenders, on the
declarer's points. A ``Position`` is a compact play state: hands as card
masks indexed by *position* (position 0 is the declarer, then clockwise), the
trick in progress, the leader, the trump and who declared it, which positions
have won a trick (marriage eligibility) and, with two players, the points of
the unpicked talon that the last trick's winner takes (§11).

``Solver.reach(pos, t)`` is a zero-window search: can the declarer take at
least ``t`` more points (cards plus marriages) from here against best defence?
It is an AND/OR alpha-beta over plies with a transposition table at trick
starts (keyed on the remaining card sets, leader, trump, the trump's owner
when ``no_lead_foreign_trump`` is on, and marriage eligibility), storing a
lower and an upper bound of the declarer's future points, so that searches
against different targets share it. Moves are ordered (declarations and
sure winners first on the lead; cheapest winner or a discard that fits the
team when following) and the search stops at once on point bounds (nothing
left to need; more needed than the cards and marriages still available).
``Solver.value(pos)`` finds the exact value with a few zero-window probes.

>>> from thousand.cards import cards_mask
>>> p = Position(3, [cards_mask(["AS"]), cards_mask(["TS"]), cards_mask(["KS"])], 0)
>>> s = Solver(Rules())
>>> s.value(p), s.reach(p, 25), s.reach(p, 26)
(25, True, False)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from ..cards import (
    ACE,
    ACE_MARRIAGE_VALUE,
    ACES_MASK,
    KING,
    MARRIAGE_MASK,
    MARRIAGE_VALUE,
    POINTS,
    QUEEN,
    SUIT_MASK,
    mask_points,
    trick_winner_card,
)
from ..conventions import Conventions
from ..duties import declaring_leads, follow_mask, lead_mask

DECLARE = 24  # a move >= DECLARE leads card (move - 24) declaring (same as action ids)
_SUIT_PTS = tuple(mask_points(p) for p in range(64))


@dataclass(frozen=True)
class Rules:
    """The play conventions the solver needs (CONVENTIONS.md, Play)."""

    must_beat: bool = False
    must_lead_trump: bool = False
    no_lead_foreign_trump: bool = False
    ace_marriage: bool = False
    declare_on_first_lead: bool = False

    @classmethod
    def of(cls, conv: Conventions) -> Rules:
        """The play rules of a convention set."""
        return cls(
            conv.must_beat,
            conv.must_lead_trump,
            conv.no_lead_foreign_trump,
            conv.ace_marriage,
            conv.declare_on_first_lead,
        )


@dataclass
class Position:
    """A play-phase position; position 0 is the declarer, play goes 0 -> 1 (-> 2) -> 0."""

    n: int
    hands: list[int]
    leader: int
    trick: list[int] = field(default_factory=list)
    trump: int = -1
    trump_pos: int = -1
    won: int = 0
    talon_points: int = 0

    def to_move(self) -> int:
        """The position whose turn it is."""
        return (self.leader + len(self.trick)) % self.n

    def copy(self) -> Position:
        """An independent copy."""
        return Position(
            self.n,
            self.hands[:],
            self.leader,
            self.trick[:],
            self.trump,
            self.trump_pos,
            self.won,
            self.talon_points,
        )

    def winner_card(self) -> int:
        """The card now winning the trick in progress (§7)."""
        return trick_winner(self.trick, self.trump)


trick_winner = trick_winner_card  # §7 the engine's rule: highest trump, else led suit


def legal_moves(pos: Position, rules: Rules) -> list[int]:
    """Legal moves (card, or ``DECLARE + card``) in the engine's order of action ids."""
    p = pos.to_move()
    hand = pos.hands[p]
    if pos.trick:
        return _bits(follow_mask(hand, pos.trick, pos.trump, rules.must_beat))
    plays = lead_mask(
        hand, pos.trump, pos.trump_pos == p, rules.must_lead_trump, rules.no_lead_foreign_trump
    )
    may_declare = bool(pos.won >> p & 1) or rules.declare_on_first_lead
    out = _bits(plays)
    out.extend(DECLARE + c for c in declaring_leads(hand, plays, may_declare, rules.ace_marriage))
    return out


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def apply_move(pos: Position, move: int, points: list[int] | None = None) -> int:
    """Play a move in place; returns the points it brought the declarer at once.

    With ``points`` (one entry per position) every position's gain is added to it:
    trick points to the trick's winner, a marriage to the one declaring it.
    """
    p = pos.to_move()
    card = move - DECLARE if move >= DECLARE else move
    gain = 0
    if move >= DECLARE:
        if card % 6 == ACE:
            v = ACE_MARRIAGE_VALUE  # ace_marriage: trump unchanged
        else:
            v = MARRIAGE_VALUE[card // 6]
            pos.trump = card // 6  # §7 the declared suit becomes trump
            pos.trump_pos = p
        if p == 0:
            gain += v
        if points is not None:
            points[p] += v
    pos.hands[p] &= ~(1 << card)
    pos.trick.append(card)
    if len(pos.trick) == pos.n:
        w = pos.winner_card()
        winner = (pos.leader + pos.trick.index(w)) % pos.n
        pts = sum(POINTS[c] for c in pos.trick)
        if not any(pos.hands):
            pts += pos.talon_points  # §11 the other talon to the last trick
        if winner == 0:
            gain += pts
        if points is not None:
            points[winner] += pts
        pos.won |= 1 << winner
        pos.leader = winner
        pos.trick = []
    return gain


def marriage_potential(hand: int, ace_marriage: bool) -> int:
    """Marriage points a hand could still declare."""
    v = 0
    for s in range(4):
        if hand & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]:
            v += MARRIAGE_VALUE[s]
    if ace_marriage and hand & ACES_MASK == ACES_MASK:
        v += ACE_MARRIAGE_VALUE
    return v


def upper_bound(pos: Position, rules: Rules) -> int:
    """The most points the declarer could still take."""
    rem = 0
    for h in pos.hands:
        rem |= h
    return (
        mask_points(rem)
        + sum(POINTS[c] for c in pos.trick)
        + pos.talon_points
        + marriage_potential(pos.hands[0], rules.ace_marriage)
    )


class SearchAborted(Exception):
    """A search stopped at its node or time limit (the transposition table stays valid)."""


class Solver:
    """Zero-window alpha-beta for the declarer's points, with a shared transposition table."""

    def __init__(self, rules: Rules, max_entries: int = 400_000) -> None:
        self.rules = rules
        self.tt: dict[int, int] = {}
        self.max_entries = max_entries
        self.nodes = 0
        self.node_limit: int | None = None  # abort a search after this many nodes ...
        self.deadline: float | None = None  # ... or at this time.perf_counter()
        self._check_at = 1 << 62
        self._hands = [0, 0, 0]
        self._search3 = self._build(3)
        self._search2 = self._build(2)

    def _check(self) -> None:
        """Abort the search when its node or time limit is used up."""
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SearchAborted("node limit")
        if self.deadline is not None and time.perf_counter() > self.deadline:
            raise SearchAborted("deadline")
        # Between two counted nodes a search may run many cheap transposition
        # hits and bound cuts: with a deadline the clock is read every 8 nodes
        # (every 64, a 15 ms slice overran to ~25 ms in CPython).
        self._check_at = self.nodes + (8 if self.deadline is not None else 64)
        if self.node_limit is not None:
            self._check_at = min(self._check_at, self.node_limit)

    def limit(self, nodes: int | None = None, deadline: float | None = None) -> None:
        """Set the limits of the following searches (counted from the nodes so far)."""
        self.node_limit = None if nodes is None else self.nodes + nodes
        self.deadline = deadline
        # The first time check comes after a few nodes, so that even a slice that
        # is already over makes some progress (kept in the transposition table).
        check = 1 << 62 if deadline is None else self.nodes + 32
        if self.node_limit is not None:
            check = min(check, self.node_limit)
        self._check_at = check

    def reach(self, pos: Position, target: int) -> bool:
        """Whether the declarer can take at least ``target`` more points against best defence."""
        if len(self.tt) > self.max_entries:
            self.tt.clear()
        h = self._hands
        h[0] = pos.hands[0]
        h[1] = pos.hands[1]
        h[2] = pos.hands[2] if pos.n == 3 else 0
        search = self._search3 if pos.n == 3 else self._search2
        return search(pos, target)

    def value(
        self, pos: Position, lo: int = 0, hi: int | None = None, guess: int | None = None
    ) -> int:
        """The exact number of points the declarer takes from here (bisection of ``reach``)."""
        top = upper_bound(pos, self.rules)
        hi = top if hi is None else min(hi, top)
        lo = max(lo, 0)
        if guess is not None and lo < guess <= hi:
            if self.reach(pos, guess):
                lo = guess
            else:
                hi = guess - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.reach(pos, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    # -- the search -------------------------------------------------------------

    def _build(self, n: int) -> Callable[[Position, int], bool]:
        """The search closures for ``n`` players in a trick (rules baked in)."""
        rules = self.rules
        must_beat = rules.must_beat
        mlt = rules.must_lead_trump
        nlft = rules.no_lead_foreign_trump
        acem = rules.ace_marriage
        dfl = rules.declare_on_first_lead
        H = self._hands
        tt = self.tt
        SM = SUIT_MASK
        MV = MARRIAGE_VALUE
        PTS = POINTS
        QB = _QUEEN_BITS
        POTQ = _POT_BY_QUEENS
        ASC = _ASC_ORDER
        DESC = _DESC_ORDER
        RUN = _TOP_RUN
        SUITS = ((0, 0), (1, 6), (2, 12), (3, 18))
        SP12 = _POINTS12
        TOP12 = _TOP12
        DOWN = _DOWN_ORDER
        nxt = (1, 2, 0) if n == 3 else (1, 0)
        solver = self
        talon = 0  # the unpicked talon's points (2 players), set by ``search``

        def cash(
            p: int, hand: int, h0: int, h1: int, h2: int, rem: int, trump: int, tseat: int
        ) -> int:
            """Points of the top cards ``p`` can cash from the lead before anyone can ruff."""
            skip = -1
            total = 0
            if trump >= 0:
                tm = SM[trump]
                # The other hands holding a trump (0: none).
                if p == 0:
                    x, y = h1, h2
                elif p == 1:
                    x, y = h0, h2
                else:
                    x, y = h0, h1
                if not x & tm:
                    x = 0
                if not y & tm:
                    y = 0
                if nlft and tseat != p and hand & ~tm:
                    skip = trump  # no_lead_foreign_trump: this trump may not be led
                elif mlt and hand & tm:
                    # must_lead_trump: only the trumps, unless every trump held is a top one.
                    sh = 6 * trump
                    h6 = hand >> sh & 63
                    run = RUN[(rem >> sh & 63) << 6 | h6]
                    if len(run) < h6.bit_count():
                        return run[-1] if run else 0
                    total = run[-1]
                    skip = trump
            else:
                x = y = 0
            ruff = x | y
            for s, sh in SUITS:
                if s == skip:
                    continue
                h6 = hand >> sh & 63
                if not h6:
                    continue
                # The top cards of the suit that ``p`` holds in a row, and their points.
                run = RUN[(rem >> sh & 63) << 6 | h6]
                if not run:
                    continue
                if s == trump or not ruff:
                    total += run[-1]
                    continue
                # Each ruffer follows as long as it holds the suit.
                k = 8
                if x:
                    k = (x >> sh & 63).bit_count()
                if y:
                    c = (y >> sh & 63).bit_count()
                    if c < k:
                        k = c
                if k:
                    total += run[k - 1] if k <= len(run) else run[-1]
            return total

        def lead(p: int, trump: int, tseat: int, won: int, t: int) -> bool:
            """Trick start: ``p`` leads; can the declarer take ``t`` more?"""
            if t <= 0:
                return True
            h0 = H[0]
            h1 = H[1]
            h2 = H[2]
            rem = h0 | h1 | h2
            if not rem:
                return False
            left = SP12[rem & 4095] + SP12[rem >> 12] + talon
            if not h0 & (h0 - 1):
                # The last trick is forced: every hand holds one card. The declarer
                # takes it when its card ranks highest: a trump over the led suit,
                # the led suit over the rest, then by rank (§7).
                c0 = h0.bit_length() - 1
                ls = (H[p].bit_length() - 1) // 6
                k0 = (c0 // 6 == trump) * 64 + (c0 // 6 == ls) * 32 + c0
                c1 = h1.bit_length() - 1
                if (c1 // 6 == trump) * 64 + (c1 // 6 == ls) * 32 + c1 > k0:
                    return False
                if h2:
                    c2 = h2.bit_length() - 1
                    if (c2 // 6 == trump) * 64 + (c2 // 6 == ls) * 32 + c2 > k0:
                        return False
                return left >= t
            mq0 = h0 & (h0 >> 1) & QB
            mar0 = POTQ[mq0] if mq0 else 0
            if acem and h0 & ACES_MASK == ACES_MASK:
                mar0 += ACE_MARRIAGE_VALUE
            if t > left + mar0:
                return False
            # Normalise the key: a trump nobody holds, the owner of a trump when
            # no_lead_foreign_trump is off, and the eligibility of players who
            # hold no marriage do not change the game.
            if trump >= 0 and not rem & SM[trump]:
                trump = -1
            ts = tseat if (nlft and trump >= 0) else 3
            wk = 0
            if not dfl and won:
                if mar0:
                    wk = won & 1
                if h1 & (h1 >> 1) & QB or (acem and h1 & ACES_MASK == ACES_MASK):
                    wk |= won & 2
                if h2 & (h2 >> 1) & QB or (acem and h2 & ACES_MASK == ACES_MASK):
                    wk |= won & 4
            key = (
                h0
                | h1 << 24
                | h2 << 48
                | p << 72
                | (trump + 1) << 74
                | ts << 77
                | wk << 79
                | talon << 82
            )
            e = tt.get(key)
            if e is not None:
                # An entry packs (lo + 1024) << 20 | (hi + 1024) << 8 | (best + 1) into
                # one int: ints are not tracked by the garbage collector, lists are.
                lo = (e >> 20) - 1024
                if lo >= t:
                    return True
                hi = ((e >> 8) & 4095) - 1024
                if hi < t:
                    return False
                best = (e & 255) - 1
            else:
                lo, hi = -999, 999
                best = -1
            solver.nodes += 1
            if solver.nodes >= solver._check_at:
                solver._check()
            hand = H[p]
            # Sure tricks of the leader bound the result: the declarer's make a
            # lower bound, a defender's cut the upper one.
            sure = cash(p, hand, h0, h1, h2, rem, trump, tseat)
            if sure:
                if p == 0:
                    if sure >= t:
                        return True
                elif t > left + mar0 - sure:
                    return False
            # Legal leads (§7 and the lead conventions).
            plays = hand
            if trump >= 0:
                tm = SM[trump]
                if mlt and hand & tm:
                    plays = hand & tm
                elif nlft and tseat != p and hand & ~tm:
                    plays = hand & ~tm
            moves: list[int] = []
            if best >= 0:
                moves.append(best)
            if dfl or won >> p & 1:
                mq = hand & (hand >> 1) & QB
                if mq:
                    for s in (3, 2, 1, 0):
                        if mq >> (6 * s + QUEEN) & 1:
                            moves.append(DECLARE + 6 * s + KING)
                            moves.append(DECLARE + 6 * s + QUEEN)
                if acem and hand & ACES_MASK == ACES_MASK:
                    for s in (0, 1, 2, 3):
                        if plays >> (6 * s + ACE) & 1:
                            moves.append(DECLARE + 6 * s + ACE)
            # Sure winners (the top remaining card of a suit) first, richest
            # first; then the rest, cheapest first.
            top = TOP12[rem & 4095] | TOP12[rem >> 12] << 12
            win = plays & top
            if win:
                moves.extend(DOWN[win])
            rest = plays & ~top
            if rest:
                moves.extend(ASC[rest])
            maxi = p == 0
            res = not maxi
            seen = 0
            for mv in moves:
                bit = 1 << mv
                if seen & bit:
                    continue
                seen |= bit
                if mv >= DECLARE:
                    card = mv - DECLARE
                    if card % 6 == ACE:
                        tt2, ts2, gain = trump, tseat, ACE_MARRIAGE_VALUE
                    else:
                        tt2, ts2, gain = card // 6, p, MV[card // 6]
                    if p:
                        gain = 0
                else:
                    card = mv
                    tt2, ts2, gain = trump, tseat, 0
                H[p] = hand ^ (1 << card)
                r = follow(nxt[p], card // 6, card, p, PTS[card], n - 1, tt2, ts2, won, t - gain)
                H[p] = hand
                if r is maxi:
                    res = maxi
                    best = mv
                    break
            if res:
                lo = t
            else:
                hi = t - 1
            if e is not None or len(tt) < 2_000_000:
                tt[key] = (lo + 1024) << 20 | (hi + 1024) << 8 | (best + 1)
            return res

        def follow(
            p: int,
            ls: int,
            w: int,
            wp: int,
            tp: int,
            left: int,
            trump: int,
            tseat: int,
            won: int,
            t: int,
        ) -> bool:
            """Position ``p`` plays to a trick led in suit ``ls``, ``w`` (of ``wp``) winning."""
            hand = H[p]
            f = hand & SM[ls]
            if f:
                beat = f & ~((2 << w) - 1) if w // 6 == ls else 0
                legal = beat if (must_beat and beat) else f
            elif trump >= 0 and hand & SM[trump]:
                tm = hand & SM[trump]
                beat = tm & ~((2 << w) - 1) if w // 6 == trump else tm
                legal = beat if (must_beat and beat) else tm
            else:
                legal = hand
                beat = 0
            maxi = p == 0
            # Order: when the own team wins the trick so far, give points (richest
            # first); otherwise the winners first (richest first), then the cheapest
            # losers.
            if (wp == 0) is maxi:
                moves = DESC[legal & ~beat] + ASC[legal & beat]
            else:
                moves = DESC[legal & beat] + ASC[legal & ~beat]
            if left == 1:
                # The trick's last card: the trick goes to its winner, who leads next.
                # The unpicked talon goes with the deal's last trick (§11).
                rest = (H[0] | H[1] | H[2]) ^ hand
                final = not rest and not hand & (hand - 1)
                for c in moves:
                    bit = 1 << c
                    wp2 = p if beat & bit else wp
                    if wp2 == 0:
                        t2 = t - tp - PTS[c]
                        if final:
                            t2 -= talon
                        if t2 <= 0:
                            r = True
                        else:
                            H[p] = hand ^ bit
                            r = lead(0, trump, tseat, won | 1, t2)
                            H[p] = hand
                    else:
                        H[p] = hand ^ bit
                        r = lead(wp2, trump, tseat, won | 1 << wp2, t)
                        H[p] = hand
                    if r is maxi:
                        return maxi
                return not maxi
            q = nxt[p]
            left -= 1
            for c in moves:
                bit = 1 << c
                H[p] = hand ^ bit
                if beat & bit:
                    r = follow(q, ls, c, p, tp + PTS[c], left, trump, tseat, won, t)
                else:
                    r = follow(q, ls, w, wp, tp + PTS[c], left, trump, tseat, won, t)
                H[p] = hand
                if r is maxi:
                    return maxi
            return not maxi

        def search(pos: Position, t: int) -> bool:
            nonlocal talon
            talon = pos.talon_points
            if not pos.trick:
                return lead(pos.leader, pos.trump, pos.trump_pos, pos.won, t)
            w = trick_winner(pos.trick, pos.trump)
            wp = (pos.leader + pos.trick.index(w)) % n
            tp = sum(PTS[c] for c in pos.trick)
            p = (pos.leader + len(pos.trick)) % n
            return follow(
                p,
                pos.trick[0] // 6,
                w,
                wp,
                tp,
                n - len(pos.trick),
                pos.trump,
                pos.trump_pos,
                pos.won,
                t,
            )

        return search


_QUEEN_BITS = sum(1 << (6 * s + QUEEN) for s in range(4))
# Marriage points by the queen bits of ``h & (h >> 1) & _QUEEN_BITS`` (K and Q held).
_POT_BY_QUEENS = {
    sum(1 << (6 * s + QUEEN) for s in range(4) if sub >> s & 1): sum(
        MARRIAGE_VALUE[s] for s in range(4) if sub >> s & 1
    )
    for sub in range(16)
}


class _Order(dict[int, tuple[int, ...]]):
    """The cards of a mask sorted by ``key`` (``reverse``: from the largest down),
    computed on first use and kept (up to a size)."""

    def __init__(self, key: Callable[[int], tuple[int, ...]], reverse: bool) -> None:
        super().__init__()
        self.key = key
        self.reverse = reverse

    def __missing__(self, mask: int) -> tuple[int, ...]:
        o = tuple(sorted(_bits(mask), key=self.key, reverse=self.reverse))
        if len(self) < 200_000:
            self[mask] = o
        return o


def _by_points(c: int) -> tuple[int, int]:
    """Cheaper first: within a suit the points rise with the rank, and of two cards of
    equal points the one of the weaker suit counts as the cheaper."""
    return POINTS[c], c


def _top_run(rem6: int, hand6: int) -> tuple[int, ...]:
    """The points of the first 1, 2, ... cards of the unbroken run of a suit's top
    remaining cards (6-bit pattern ``rem6``) held in one hand (``hand6``)."""
    out: list[int] = []
    total = 0
    for rank in range(5, -1, -1):
        if not rem6 >> rank & 1:
            continue
        if not hand6 >> rank & 1:
            break
        total += POINTS[rank]
        out.append(total)
    return tuple(out)


# By ``rem6 << 6 | hand6`` (the suit's remaining cards and those of one hand).
_TOP_RUN = tuple(_top_run(i >> 6, i & 63) for i in range(4096))
# Card points and the top card of each suit, by 12-bit half of a mask (two suits).
_POINTS12 = tuple(_SUIT_PTS[i & 63] + _SUIT_PTS[i >> 6] for i in range(4096))
_TOP12 = tuple(
    (1 << ((i & 63).bit_length() - 1) if i & 63 else 0)
    | (1 << (i >> 6).bit_length() + 5 if i >> 6 else 0)
    for i in range(4096)
)
_ASC_ORDER = _Order(_by_points, reverse=False)
_DESC_ORDER = _Order(_by_points, reverse=True)
_DOWN_ORDER = _Order(lambda c: (c,), reverse=True)  # from the highest card index down


def _heading(cards: int, w: int, trump: int) -> int:
    """Which of ``cards`` (all of the led suit, or all trumps, or of neither) would
    head a trick that ``w`` heads now (§7; the search inlines the same for speed)."""
    s = cards.bit_length() - 1
    if s < 0:
        return 0
    s //= 6
    if s == w // 6:
        return cards & ~((2 << w) - 1)  # the same suit as the card heading: higher ones
    if s == trump and cards & SUIT_MASK[trump] == cards:
        return cards  # trumping a trick headed by another suit
    return 0


def greedy_playout(pos: Position, rules: Rules, points: list[int] | None = None) -> int:
    """Declarer points from playing the rest out with a simple open-handed policy.

    Each side plays greedily: lead a sure winner (richest first) or else the
    cheapest card, declaring the best marriage when allowed; follow with the
    cheapest card that wins when an opponent is winning, else the richest
    card when the own side wins and else the cheapest. A cheap stand-in for
    the solver where a search would cost too much. With ``points`` every
    position's gains are added to it (as ``apply_move`` does).
    """
    q = pos.copy()
    gain = 0
    rem = 0
    for h in q.hands:
        rem |= h
    while rem:
        p = q.to_move()
        hand = q.hands[p]
        if not q.trick:
            plays = lead_mask(
                hand,
                q.trump,
                q.trump_pos == p,
                rules.must_lead_trump,
                rules.no_lead_foreign_trump,
            )
            may = bool(q.won >> p & 1) or rules.declare_on_first_lead
            decl = declaring_leads(hand, plays, may, rules.ace_marriage)
            if decl:
                # The richest declaration (the king over the queen): the first if tied.
                card = max(
                    decl,
                    key=lambda c: (
                        ACE_MARRIAGE_VALUE if c % 6 == ACE else MARRIAGE_VALUE[c // 6],
                        POINTS[c],
                    ),
                )
                move = DECLARE + card
            else:
                tops = plays & (_TOP12[rem & 4095] | _TOP12[rem >> 12] << 12)
                # The richest sure winner (the lowest card of the richest), else the
                # cheapest card.
                card = (
                    max(_ASC_ORDER[tops], key=lambda c: (POINTS[c], -c))
                    if tops
                    else _ASC_ORDER[plays][0]
                )
                move = card
        else:
            w = q.winner_card()
            wp = (q.leader + q.trick.index(w)) % q.n
            legal = follow_mask(hand, q.trick, q.trump, rules.must_beat)
            wins = _heading(legal, w, q.trump)
            if (wp == 0) == (p == 0):
                # The own side wins the trick: the richest card that does not take it
                # over (the lowest of the richest), or the richest of all.
                give = legal & ~wins or legal
                card = max(_ASC_ORDER[give], key=lambda c: (POINTS[c], -c))
            elif wins:
                card = _ASC_ORDER[wins][0]
            else:
                card = _ASC_ORDER[legal][0]
            move = card
        gain += apply_move(q, move, points)
        rem &= ~(1 << card)
    return gain
