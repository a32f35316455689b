"""Scoring a deal (RULES §8-§10): the one home of every scoring rule.

A pure function of the conventions, the facts of one finished deal and the
game's standing before it: ``score_deal`` returns the new standing and the
deal's row of the score sheet. ``State`` calls it when a deal ends, the AI
reads the small helpers (``concession_award``, ``declarer_value``) instead of
restating them.

>>> from thousand.conventions import Conventions
>>> concession_award(Conventions(), 125)    # half of 125 rounded up to 5
65
>>> concession_award(Conventions(round_to=10), 130)    # round_to=10: up to 10
70
>>> declarer_value(Conventions(), 130, dark=True, made=True)    # dark_cap_240
240
>>> [round_points(Conventions(), p) for p in (17, 18, 13)]
[15, 20, 15]
>>> [round_points(Conventions(round_to=10), p) for p in (14, 15, 17, 44, 45)]
[10, 20, 20, 40, 50]

Deal kinds: ``play`` (played out), ``writeoff`` (conceded, §8), ``bomb`` (a bomb
thrown, ``bombs``: the deal is not played, each other active player writes
``bomb_points``), ``redeal`` (§4, ``score_redeal``).

The barrel (§9) comes in two modes (``barrel_mode``): ``finish`` caps a total
at ``barrel_at`` and counts the deals on the barrel (``_barrel``);
``declarer_only`` caps nothing: a player whose total at the start of a deal
lies from ``barrel_at`` up to the target gains only by their own played
contract (the same rule as on the Russian barrel), and the flag is simply
recomputed from the new totals. ``barrel_freezes_defenders`` freezes everyone
but a barrel declarer who plays the deal out.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from .cards import marriage_total, mask_points, round5
from .conventions import Conventions
from .sheet import Penalty, SheetRow

__all__ = [
    "DealFacts",
    "Standing",
    "concession_award",
    "declarer_value",
    "reached_target",
    "round5",
    "round_points",
    "score_deal",
    "score_redeal",
]


@dataclass(frozen=True)
class Standing:
    """The game-level counters that scoring reads and moves on."""

    totals: tuple[int, ...]
    bolt_count: tuple[int, ...]
    writeoffs: tuple[int, ...]
    barrel_falls: tuple[int, ...]
    on_barrel: tuple[int, ...]  # deals played on the barrel + 1; 0 = not on it
    golden_left: int  # golden deals left in the golden round
    golden_made: bool  # somebody made 120 in this golden round
    bombs: tuple[int, ...]  # bombs thrown per seat (``bombs``)

    @classmethod
    def start(cls, conv: Conventions, totals: list[int] | None = None) -> Standing:
        """The standing at the start of a game (a game set up at the barrel sits on it)."""
        n = conv.players
        tot = tuple(totals) if totals else (0,) * n
        on_barrel = tuple(
            1 if conv.barrel and conv.barrel_at <= t < conv.target else 0 for t in tot
        )
        zeros = (0,) * n
        golden_left = n if conv.golden_round else 0
        return cls(tot, zeros, zeros, zeros, on_barrel, golden_left, False, zeros)


@dataclass(frozen=True)
class DealFacts:
    """What happened in one deal that scoring needs."""

    number: int  # the sheet row's number
    dealer: int
    active: tuple[int, ...]  # the seats that played, from first hand
    declarer: int
    contract: int
    writeoff: bool  # conceded (§8 *роспись*)
    card_points: tuple[int, ...]  # per seat, from tricks (2 players: the aside included)
    marriage_points: tuple[int, ...]  # per seat, declared marriages
    tricks_won: tuple[int, ...]
    golden: bool = False
    dark: bool = False
    on_100: bool = False
    nines_bonus: int = 0  # seats (bit mask) holding four nines after the discard
    talon: int = 0  # the talon as dealt (4 players: the dealer scores it)
    cut_nines: int = 0  # nines seen in the cut (cut_ritual)
    bomb: bool = False  # the declarer threw a bomb (bombs): not played, not conceded


def round_points(conv: Conventions, points: int) -> int:
    """§8 points rounded to ``round_to``: to 5, a last digit 1, 2, 6, 7 goes down and
    3, 4, 8, 9 up (``round5``); to 10, a last digit 1-4 goes down and 5-9 up."""
    if conv.round_to == 10:
        return 10 * ((points + 5) // 10)  # round_to=10
    return round5(points)


def concession_award(conv: Conventions, contract: int) -> int:
    """§8 what each opponent scores when the declarer concedes: half the contract
    rounded up to a multiple of ``round_to``, or 60 (``write_off_60``); before
    golden doubling."""
    if conv.write_off_60:
        return 60
    unit = conv.round_to
    return unit * -(-contract // (2 * unit))


def concession_loss(conv: Conventions, contract: int, dark: bool) -> int:
    """§8 what the conceding declarer loses (``write_off_free``: nothing; dark: double)."""
    return 0 if conv.write_off_free else contract * (2 if dark else 1)


def declarer_value(conv: Conventions, contract: int, dark: bool, made: bool) -> int:
    """§8/§10 the declarer's score for a played contract, before golden doubling:
    ±contract; a dark game counts double, a made one capped at 240 (``dark_cap_240``)."""
    val = contract
    if dark:
        val = 2 * contract  # dark_game: the declarer's result counts double
        if made and conv.dark_cap_240:
            val = min(val, 240)
    return val if made else -val


def declarer_made(conv: Conventions, points: int, contract: int) -> bool:
    """§8 the contract is made when the deal points reach it (``round_declarer``: rounded)."""
    return (round_points(conv, points) if conv.round_declarer else points) >= contract


def _fall(
    conv: Conventions,
    s: int,
    new: list[int],
    on_barrel: list[int],
    falls: list[int],
    penalties: list[Penalty],
    cost: int,
    reason: str,
) -> None:
    """§9 leave the barrel without winning: a failed barrel, maybe with a penalty."""
    if cost:
        new[s] -= cost
        penalties.append(Penalty(s, -cost, "barrel: " + reason))
    on_barrel[s] = 0
    falls[s] += 1
    if conv.three_barrels_zero and falls[s] == 3:
        penalties.append(Penalty(s, -new[s], "third failed barrel: total to 0"))
        new[s] = 0  # three_barrels_zero


def _barrel(
    conv: Conventions,
    new: list[int],
    start: list[bool],
    on_barrel: list[int],
    falls: list[int],
    penalties: list[Penalty],
    frozen: bool,
    declarer: int,
) -> None:
    """§9 the barrel (barrel_mode=finish): capping, arrival, knock-off, attempts, falls.

    ``frozen`` (barrel_freezes_defenders): everybody but ``declarer`` stands still,
    so a frozen barrel sitter's deals on the barrel are not counted either."""
    n = len(new)
    at = conv.barrel_at
    for s in range(n):
        if not start[s] and new[s] > at:
            new[s] = at  # §9 a total reaching the barrel is capped there
    arrivals = [s for s in range(n) if not start[s] and new[s] >= at]
    if len(arrivals) >= 2 and conv.one_on_barrel:
        for s in arrivals:  # one_on_barrel: arriving together, all fall off
            _fall(conv, s, new, on_barrel, falls, penalties, conv.penalty, "arrived together")
        arrivals = []
    for s in range(n):
        if not start[s] or new[s] >= conv.target:
            continue
        if arrivals and conv.barrel_knock_off:
            _fall(conv, s, new, on_barrel, falls, penalties, conv.penalty, "knocked off")
        elif new[s] < at:
            _fall(conv, s, new, on_barrel, falls, penalties, 0, "fell below")
        elif frozen and s != declarer:
            continue  # barrel_freezes_defenders: this deal is not one of theirs
        else:
            on_barrel[s] += 1
            if on_barrel[s] > conv.barrel_attempts:  # §9 three deals, then -penalty
                _fall(conv, s, new, on_barrel, falls, penalties, conv.penalty, "attempts used up")
    for s in arrivals:
        on_barrel[s] = 1


def relative_score(deltas: Sequence[int], seat: int, active: Sequence[int]) -> float:
    """A deal's worth to ``seat``: its own sheet figure less the mean of the other
    ``active`` seats' (how the AI and its hint count a deal)."""
    others = [s for s in active if s != seat]
    return deltas[seat] - sum(deltas[s] for s in others) / len(others)


def cutter(players: int, dealer: int) -> int:
    """cut_ritual: the seat that cuts the deck, the dealer's right (§3)."""
    return (dealer - 1) % players


def cut_penalty(conv: Conventions, dealer: int, cut_nines: int, mult: int) -> Penalty | None:
    """cut_ritual: the third nine in a row costs the cutter (the dealer's right);
    ``mult`` 2 in a golden deal."""
    if conv.cut_ritual and cut_nines >= 3:
        return Penalty(cutter(conv.players, dealer), -conv.penalty * mult, "cut: three nines")
    return None


def score_deal(
    conv: Conventions, deal: DealFacts, before: Standing
) -> tuple[Standing, SheetRow, int | None]:
    """§8-§10: the new standing, the deal's sheet row and the winner (None: play on)."""
    n = conv.players
    d, con, active = deal.declarer, deal.contract, deal.active
    golden, dark, writeoff, bomb = deal.golden, deal.dark, deal.writeoff, deal.bomb
    played = not writeoff and not bomb
    mult = 2 if golden else 1  # golden_round: everything counts double
    raw = [0] * n
    points: list[int | None] = [None] * n
    penalties: list[Penalty] = []
    made: bool | None = None
    writeoffs = list(before.writeoffs)
    bombs = list(before.bombs)
    for s in active:
        points[s] = deal.card_points[s] + deal.marriage_points[s]
    if writeoff:
        # §8 concession: the declarer loses the contract, each opponent gets the award.
        writeoffs[d] += 1
        raw[d] = -concession_loss(conv, con, dark)
        award = concession_award(conv, con)
        for s in active:
            if s != d:
                raw[s] = award
        if conv.write_off_third_penalty and writeoffs[d] % 3 == 0:
            penalties.append(Penalty(d, -conv.penalty * mult, "third concession"))
    elif bomb:
        # bombs: the thrower loses nothing, each other active player writes bomb_points.
        bombs[d] += 1
        for s in active:
            if s != d:
                raw[s] = conv.bomb_points
    else:
        dp = points[d] or 0
        made = declarer_made(conv, dp, con)
        raw[d] = declarer_value(conv, con, dark, made)
        for s in active:
            if s != d:
                raw[s] = round_points(conv, points[s] or 0)  # §8 defenders, rounded
        for s in active:
            if deal.nines_bonus >> s & 1:
                raw[s] += 120  # four_nines_bonus
    if n == 4:
        # §8 four players: the dealer scores the talon, plus a marriage lying in it.
        talon = deal.talon
        raw[deal.dealer] = round_points(conv, mask_points(talon)) + marriage_total(talon)
    if mult != 1:
        raw = [r * mult for r in raw]
    barrel = conv.barrel
    on_barrel = list(before.on_barrel)
    falls = list(before.barrel_falls)
    barrel_start = [b > 0 for b in on_barrel] if barrel else [False] * n
    if barrel:
        for s in range(n):
            if barrel_start[s] and not (s == d and played):
                # §9 on the barrel only one's own contract gains (both barrel_mode values)
                raw[s] = min(raw[s], 0)
    # barrel_freezes_defenders: a barrel declarer plays the deal out, the others stand still.
    frozen = conv.barrel_freezes_defenders and played and barrel_start[d]
    if frozen:
        for s in range(n):
            if s != d:
                raw[s] = 0
    cut = cut_penalty(conv, deal.dealer, deal.cut_nines, mult)
    if cut:
        penalties.append(cut)
    # Bolts (§8): a player who takes no trick in a deal that was played out.
    bolts = [0] * n
    bolt_count = list(before.bolt_count)
    if conv.bolts != "off" and played:
        in_row = conv.bolts == "in_row"
        for s in active:
            if conv.no_bolt_on_own_game and s == d:
                continue  # no_bolt_on_own_game
            if barrel_start[s] and not conv.bolts_on_barrel:
                continue  # bolts_on_barrel off
            if frozen and s != d:
                continue  # barrel_freezes_defenders: no bolt, the run neither grows nor breaks
            # bolt_counts_zero_points: no points (else no trick) makes the bolt
            zero = conv.bolt_counts_zero_points
            empty = points[s] == 0 if zero else deal.tricks_won[s] == 0
            if not empty:
                if in_row:
                    bolt_count[s] = 0  # bolts in_row: the run is broken
                continue
            marks = 1
            if (golden and conv.golden_double_bolts) or (dark and conv.dark_double_bolts):
                marks = 2  # golden_double_bolts / dark_double_bolts
            bolts[s] = marks
            bolt_count[s] += marks
            if bolt_count[s] >= 3:
                bolt_count[s] -= 3  # the third bolt clears the counter (a 4th stays)
                penalties.append(Penalty(s, -conv.penalty * mult, "third bolt"))
    for p in penalties:
        raw[p.seat] += p.amount
    old = before.totals
    new = [o + r for o, r in zip(old, raw, strict=True)]
    if conv.finish_barrel:
        _barrel(conv, new, barrel_start, on_barrel, falls, penalties, frozen, d)
    for s in range(n):
        if conv.samosval and new[s] == 555:
            penalties.append(Penalty(s, -555, "samosval 555"))  # samosval
            new[s] = 0
        elif conv.negative_samosval and new[s] == -555:
            penalties.append(Penalty(s, 555, "samosval -555"))  # negative_samosval
            new[s] = 0
    golden_left, golden_made = before.golden_left, before.golden_made
    if golden:
        # golden_round bookkeeping (golden_reset: nobody made 120 in the round).
        golden_left -= 1
        golden_made = golden_made or bool(made)
        if golden_left == 0 and not golden_made and conv.golden_reset:
            for s in range(n):
                if new[s]:
                    penalties.append(Penalty(s, -new[s], "golden round reset"))
            new = [0] * n
            golden_left = n
    if barrel and not conv.finish_barrel:
        on_barrel = _on_declarer_only_barrel(conv, new)
    after = Standing(
        tuple(new),
        tuple(bolt_count),
        tuple(writeoffs),
        tuple(falls),
        tuple(on_barrel),
        golden_left,
        golden_made,
        tuple(bombs),
    )
    row = SheetRow(
        deal.number,
        deal.dealer,
        "writeoff" if writeoff else "bomb" if bomb else "play",
        d,
        con,
        made,
        dark,
        golden,
        deal.on_100,
        tuple(points),
        tuple([x - o for x, o in zip(new, old, strict=True)]),
        after.totals,
        tuple(bolts),
        after.bolt_count,
        after.on_barrel,
        after.barrel_falls,
        tuple(penalties),
        cards=deal.card_points,
        marriages=deal.marriage_points,
        tricks=deal.tricks_won,
    )
    return after, row, _winner(conv, new, d, active)


def _on_declarer_only_barrel(conv: Conventions, totals: list[int]) -> list[int]:
    """barrel_mode=declarer_only: on the barrel (1) from ``barrel_at`` up to the target;
    no cap, no count of deals, no falls."""
    at, target = conv.barrel_at, conv.target
    return [1 if at <= t < target else 0 for t in totals]


def reached_target(conv: Conventions, totals: Sequence[int]) -> list[int]:
    """§9 the seats whose total has reached the target: once there is one, the game
    is over (in every barrel mode: the barrel caps the others below it, and
    ``over_1000`` only asks more of the barrel player's own contract)."""
    return [s for s in range(len(totals)) if totals[s] >= conv.target]


def _winner(
    conv: Conventions, totals: list[int], declarer: int, active: tuple[int, ...]
) -> int | None:
    """§9 the game ends when a total reaches the target: the highest total wins, ties
    to the declarer, then in seat order from first hand (the engine's choice)."""
    reached = reached_target(conv, totals)
    if not reached:
        return None
    order = [declarer] + [s for s in active if s != declarer]
    order += [s for s in range(len(totals)) if s not in order]
    best = max(totals[s] for s in reached)
    return next(s for s in order if s in reached and totals[s] == best)


def score_redeal(
    conv: Conventions,
    number: int,
    dealer: int,
    seat: int,
    why: str,
    cut_nines: int,
    golden: bool,
    before: Standing,
) -> tuple[Standing, SheetRow]:
    """§4 a redeal scores nothing, except the cut's penalty (cut_ritual), which
    stands even when the deal is redealt (the engine's choice)."""
    new = list(before.totals)
    on_barrel = list(before.on_barrel)
    falls = list(before.barrel_falls)
    penalties: list[Penalty] = []
    cut = cut_penalty(conv, dealer, cut_nines, 2 if golden else 1)
    if cut:
        new[cut.seat] += cut.amount
        penalties.append(cut)
        if conv.finish_barrel and on_barrel[cut.seat] and new[cut.seat] < conv.barrel_at:
            _fall(conv, cut.seat, new, on_barrel, falls, penalties, 0, "fell below")
        elif conv.barrel and not conv.finish_barrel:
            on_barrel = _on_declarer_only_barrel(conv, new)
    after = replace(
        before, totals=tuple(new), on_barrel=tuple(on_barrel), barrel_falls=tuple(falls)
    )
    row = SheetRow(
        number=number,
        dealer=dealer,
        kind="redeal",
        deltas=tuple(a - b for a, b in zip(new, before.totals, strict=True)),
        totals=after.totals,
        penalties=tuple(penalties),
        asker=seat,
        why=why,
        note=f"seat {seat} asked for a redeal ({why})",
    )
    return after, row
