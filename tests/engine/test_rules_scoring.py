"""RULES §8 scoring: declarer, defenders, rounding, concession, bolts, samosval, 4 players.

Conventions: round_declarer, samosval, negative_samosval, four_nines_bonus, bolts
(off/total/in_row), bolt_counts_zero_points, no_bolt_on_own_game, penalty, write_off,
write_off_60, write_off_free, write_off_limit, write_off_third_penalty, players=4.
"""

from __future__ import annotations

import pytest
from helpers import (
    FOUR,
    FOUR_TALON,
    LOSER,
    LOSER_PLAY,
    LOSER_TALON,
    MAR,
    MAR_DISCARD,
    MAR_TALON,
    MAR_TRICKS,
    ROUND,
    ROUND_13,
    ROUND_118,
    ROUND_DISCARD,
    ROUND_TALON,
    ROUND_TRICKS,
    SWEEP,
    SWEEP_TALON,
    deal,
    finish_tricks,
    last,
    legal,
    queue,
    round_play,
    round_played,
    run,
    sweep,
    sweep_hands,
)

from thousand import Conventions, IllegalActionError, Penalty, State

# -- declarer and defenders ------------------------------------------------------------


def test_rules_8_declarer_made_scores_contract_and_defenders_rounded() -> None:
    """RULES §8: 125 >= 120 scores +120 (surplus not scored); defenders 17 -> 15, 18 -> 20."""
    s = round_played(ROUND_TRICKS)
    row = last(s)
    assert row.kind == "play" and row.made is True
    assert row.points == (17, 125, 18)
    assert row.deltas == (15, 120, 20)
    assert s.totals == [15, 120, 20]


def test_rules_8_defender_13_rounds_to_15() -> None:
    """RULES §8: a defender's 13 rounds up to 15 (17 down to 15)."""
    s = round_played(ROUND_13)
    assert last(s).points == (17, 130, 13)
    assert last(s).deltas == (15, 120, 15)


def test_rules_8_surplus_never_scored() -> None:
    """RULES §8: contract 170, took 220 (120 cards + ♥ 100): +170."""
    hands = ["KC QC KD QD 9D JD 9S", "AS TS KS QS AH KH QH", "AC TC JC 9C AD TD JS"]
    s = deal(hands, "TH JH 9H")
    # seat 1 keeps all six hearts and A♠ 10♠: every trick is won.
    run(s, "pass; pass; give QS 2; give KS 0; contract 170; play AH; play 9C; play 9S")
    run(s, "declare KH")
    finish_tricks(s)
    assert last(s).points == (0, 220, 0)
    assert last(s).deltas == (0, 170, 0)


def test_rules_8_declarer_failing_loses_the_contract() -> None:
    """RULES §8: 125 points against a contract of 130: -130; defenders still score."""
    s = deal(ROUND, ROUND_TALON)
    run(s, ROUND_DISCARD.replace("contract 120", "contract 130"))
    for t in ROUND_TRICKS:
        run(s, t)
    assert last(s).made is False
    assert last(s).deltas == (15, -130, 20)


def test_rules_8_declarer_exactly_on_contract_makes_it() -> None:
    """RULES §8: deal points equal to the contract make it (125 vs 125)."""
    s = deal(ROUND, ROUND_TALON)
    run(s, ROUND_DISCARD.replace("contract 120", "contract 125"))
    for t in ROUND_TRICKS:
        run(s, t)
    assert last(s).deltas == (15, 125, 20)


def test_rules_8_declarer_short_by_two_fails_exactly_compared() -> None:
    """RULES §8 / round_declarer off: 118 < 120 fails (-120); seat 0 24 -> 25."""
    s = round_played(ROUND_118)
    assert last(s).points == (24, 118, 18)
    assert last(s).deltas == (25, -120, 20)


def test_round_declarer() -> None:
    """round_declarer: 118 rounds to 120 before the comparison: +120."""
    s = round_played(ROUND_118, round_declarer=True)
    assert last(s).made is True
    assert last(s).deltas == (25, 120, 20)


def test_rules_8_sweep_on_100() -> None:
    """RULES §8: the declarer taking all 120 on 100 scores +100; the others 0."""
    s = deal(SWEEP, SWEEP_TALON)
    sweep(s, 1)
    assert last(s).points == (0, 120, 0)
    assert last(s).deltas == (0, 100, 0)


def test_rules_8_declarer_taking_nothing() -> None:
    """RULES §8: a declarer who takes no trick loses the contract and gets a bolt."""
    s = deal(LOSER, LOSER_TALON)
    run(s, LOSER_PLAY)
    finish_tricks(s)
    row = last(s)
    assert row.points[1] == 0
    assert row.points[0] + row.points[2] == 120
    assert row.deltas[1] == -100
    assert row.bolts == (0, 1, 0)


# -- concession ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("bid", "each"), [(105, 55), (110, 55), (115, 60), (120, 60), (150, 75), (180, 90)]
)
def test_rules_8_concession_half_the_contract_rounded_up(bid: int, each: int) -> None:
    """RULES §8: concession: -contract; each opponent half the contract rounded up to 5."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, f"bid {bid}; pass; pass; writeoff")
    row = last(s)
    assert row.kind == "writeoff"
    assert row.deltas == (each, each, -bid)
    assert row.bolts == (0, 0, 0)  # a conceded deal gives no bolts


def test_rules_8_concession_on_100_at_the_contract_stage() -> None:
    """RULES §8: conceding after the discard: 100 -> -100, +50 each."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "pass; pass; give JD 2; give JH 0; writeoff")
    assert last(s).deltas == (50, -100, 50)


def test_write_off_off() -> None:
    """write_off off: concession is not offered and is refused."""
    s = deal(SWEEP, SWEEP_TALON, write_off=False)
    run(s, "pass; pass")
    assert "writeoff" not in legal(s)
    with pytest.raises(IllegalActionError, match="concession is not allowed"):
        s.apply_str("writeoff")


def test_write_off_60() -> None:
    """write_off_60: each opponent gets 60 whatever the contract."""
    s = deal(SWEEP, SWEEP_TALON, write_off_60=True)
    run(s, "bid 150; pass; pass; writeoff")
    assert last(s).deltas == (60, 60, -150)


def test_write_off_free() -> None:
    """write_off_free: the declarer does not lose the contract; opponents still score."""
    s = deal(SWEEP, SWEEP_TALON, write_off_free=True)
    run(s, "bid 150; pass; pass; writeoff")
    assert last(s).deltas == (75, 75, 0)


def concede_three_times(c: Conventions) -> State:
    """Seat 1 declares and concedes in three deals (dealers 0, 1, 2); the 4th starts."""
    s = deal(SWEEP, SWEEP_TALON, c=c)
    queue(s, SWEEP, SWEEP_TALON, dealer=1)
    queue(s, SWEEP, SWEEP_TALON, dealer=2)
    run(s, "pass; pass; writeoff")  # dealer 0: seat 1 on 100
    run(s, "pass; bid 105; pass; writeoff")  # dealer 1: seat 0, 1, 2 bid
    run(s, "bid 105; pass; pass")  # dealer 2: seat 1, 2, 0 bid
    return s


def test_write_off_limit() -> None:
    """write_off_limit=2: a player's third concession in the game is refused."""
    s = concede_three_times(Conventions(write_off_limit=2))
    assert s.writeoffs == [0, 2, 0]
    assert "writeoff" not in legal(s)
    with pytest.raises(IllegalActionError, match="concession is not allowed"):
        s.apply_str("writeoff")


def test_write_off_limit_none_is_unlimited() -> None:
    """write_off_limit=None (default): any number of concessions."""
    s = concede_three_times(Conventions())
    assert "writeoff" in legal(s)


def test_write_off_third_penalty() -> None:
    """write_off_third_penalty: the third concession costs `penalty` on top (-105 - 120)."""
    s = concede_three_times(Conventions(write_off_third_penalty=True))
    s.apply_str("writeoff")
    row = last(s)
    assert row.penalties == (Penalty(1, -120, "third concession"),)
    assert row.deltas == (55, -225, 55)
    assert s.totals == [50 + 55 + 55, -100 - 105 - 225, 50 + 55 + 55]


def test_write_off_third_penalty_off_by_default() -> None:
    """write_off_third_penalty (off): the third concession costs only the contract."""
    s = concede_three_times(Conventions())
    s.apply_str("writeoff")
    assert last(s).penalties == ()
    assert last(s).deltas == (55, -105, 55)


# -- bolts -----------------------------------------------------------------------------


def test_rules_8_bolt_for_taking_no_trick() -> None:
    """RULES §8: a player who takes no trick gets a bolt mark."""
    s = deal(SWEEP, SWEEP_TALON)
    sweep(s, 1)
    assert last(s).bolts == (1, 0, 1)
    assert last(s).bolt_counts == (1, 0, 1)


def test_rules_8_no_bolt_for_taking_a_trick() -> None:
    """RULES §8: a defender with a trick gets no bolt."""
    s = round_played(ROUND_TRICKS)
    assert last(s).bolts == (0, 0, 0)


def three_sweeps(c: Conventions) -> State:
    """Seat 1 sweeps three deals in a row (dealers 0, 1, 2): seats 0 and 2 bolt thrice."""
    s = deal(SWEEP, SWEEP_TALON, c=c)
    queue(s, SWEEP, SWEEP_TALON, dealer=1)
    queue(s, SWEEP, SWEEP_TALON, dealer=2)
    for _ in range(3):
        sweep(s, 1)
    return s


def test_rules_8_third_bolt_costs_120_and_clears_the_counter() -> None:
    """RULES §8 / bolts=total: the third bolt costs 120 and clears the counter."""
    s = three_sweeps(Conventions())
    row = last(s)
    assert set(row.penalties) == {Penalty(0, -120, "third bolt"), Penalty(2, -120, "third bolt")}
    assert row.deltas == (-120, 105, -120)
    assert row.bolt_counts == (0, 0, 0)
    assert s.totals == [-120, 100 + 105 + 105, -120]
    assert [r.bolt_counts for r in s.rows] == [(1, 0, 1), (2, 0, 2), (0, 0, 0)]


def test_penalty_amount_for_the_third_bolt() -> None:
    """penalty=60: the third bolt costs 60."""
    s = three_sweeps(Conventions(penalty=60))
    assert last(s).deltas == (-60, 105, -60)


def test_bolts_off() -> None:
    """bolts=off: no bolt marks, no penalty."""
    s = three_sweeps(Conventions(bolts="off"))
    assert all(r.bolts == (0, 0, 0) for r in s.rows)
    assert all(r.penalties == () for r in s.rows)
    assert s.totals == [0, 310, 0]


def bolt_gap_bolt_bolt(c: Conventions) -> State:
    """Seats 0 and 2: bolt (sweep), trick (ROUND), bolt, bolt; seat 1 declares throughout."""
    s = deal(SWEEP, SWEEP_TALON, c=c)
    queue(s, ROUND, ROUND_TALON, dealer=1)
    queue(s, SWEEP, SWEEP_TALON, dealer=2)
    queue(s, SWEEP, SWEEP_TALON, dealer=0)
    sweep(s, 1)
    round_play(s)
    sweep(s, 1)
    sweep(s, 1)
    return s


def test_bolts_total_counts_over_the_whole_game() -> None:
    """bolts=total: every third bolt in the game, in a row or not."""
    s = bolt_gap_bolt_bolt(Conventions())
    assert [r.bolts for r in s.rows] == [(1, 0, 1), (0, 0, 0), (1, 0, 1), (1, 0, 1)]
    assert set(last(s).penalties) == {
        Penalty(0, -120, "third bolt"),
        Penalty(2, -120, "third bolt"),
    }
    # seat 1: 100 + 120 (ROUND, bid 105 raised to 120) + 105 + 100
    assert s.totals == [15 - 120, 425, 20 - 120]


def test_bolts_in_row() -> None:
    """bolts=in_row: a deal with a trick breaks the run; no penalty after bolt, -, bolt, bolt."""
    s = bolt_gap_bolt_bolt(Conventions(bolts="in_row"))
    assert all(r.penalties == () for r in s.rows)
    assert [r.bolt_counts for r in s.rows] == [(1, 0, 1), (0, 0, 0), (1, 0, 1), (2, 0, 2)]
    assert s.totals == [15, 425, 20]


def test_bolts_in_row_three_in_a_row_cost_the_penalty() -> None:
    """bolts=in_row: three bolts in a row cost `penalty`."""
    s = three_sweeps(Conventions(bolts="in_row"))
    assert last(s).deltas == (-120, 105, -120)


# 2 players: seat 0 wins one trick, 9♦ trumped by 9♥: a trick worth 0 points.
ZERO = ["JH 9H JS 9S QS KS JC 9C QC KC", "AH TH KH QH AC TC AS TS 9D AD"]
ZERO_TALONS = ("TD KD", "QD JD")
ZERO_PLAY = (
    "pass; pick 0; aside TD; aside KD; contract 100; "
    "play AC; play 9C; declare KH; play JH; play 9D; play 9H; "  # seat 0 wins 9♦ 9♥
    "play 9S; play TS; play AS; play JS; play TC; play JC; play AD; play QC; "
    "play AH; play KC; play TH; play QS; play QH; play KS"
)


@pytest.mark.parametrize(("zero", "bolt"), [(False, 0), (True, 1)])
def test_bolt_counts_zero_points(zero: bool, bolt: int) -> None:
    """bolt_counts_zero_points: a deal with a trick but zero points is a bolt."""
    c = Conventions.preset("two_players").replace(bolt_counts_zero_points=zero)
    s = deal(ZERO, ZERO_TALONS, c=c)
    run(s, ZERO_PLAY)
    row = last(s)
    assert s.log[0]["actions"]  # the deal was played out
    assert row.points == (0, 220)
    assert row.bolts == (bolt, 0)


def test_no_bolt_on_own_game_declarer_without_trick() -> None:
    """no_bolt_on_own_game: a declarer who takes no trick gets no bolt."""
    s = deal(LOSER, LOSER_TALON, no_bolt_on_own_game=True)
    run(s, LOSER_PLAY)
    finish_tricks(s)
    assert last(s).points[1] == 0
    assert last(s).bolts == (0, 0, 0)


def test_no_bolt_on_own_game_does_not_break_a_run() -> None:
    """no_bolt_on_own_game with bolts=in_row: the declarer's own deal leaves the run alone."""
    for own, expect in ((False, 0), (True, 1)):
        c = Conventions(bolts="in_row", no_bolt_on_own_game=own)
        s = deal(sweep_hands(2), SWEEP_TALON, c=c)  # seat 2 sweeps: seat 1 bolts
        queue(s, SWEEP, SWEEP_TALON, dealer=1)  # seat 1 sweeps its own game
        sweep(s, 2)
        assert s.bolt_count[1] == 1
        sweep(s, 1)
        assert last(s).bolt_counts[1] == expect


# -- samosval --------------------------------------------------------------------------


def test_rules_8_samosval_555_drops_to_zero() -> None:
    """RULES §8 / samosval: seat 2 on 535 takes 20 -> 555 -> 0."""
    s = round_played(ROUND_TRICKS, totals=[0, 0, 535])
    row = last(s)
    assert row.totals == (15, 120, 0)
    assert row.deltas == (15, 120, -535)
    assert Penalty(2, -555, "samosval 555") in row.penalties


def test_rules_8_samosval_for_the_declarer() -> None:
    """samosval: the declarer reaching exactly 555 (435 + 120) also drops to 0."""
    s = round_played(ROUND_TRICKS, totals=[0, 435, 0])
    assert last(s).totals == (15, 0, 20)


def test_samosval_only_exactly_555() -> None:
    """samosval: 560 is not a samosval."""
    s = round_played(ROUND_TRICKS, totals=[0, 0, 540])
    assert last(s).totals == (15, 120, 560)


def test_samosval_off() -> None:
    """samosval off: 555 stays."""
    s = round_played(ROUND_TRICKS, totals=[0, 0, 535], samosval=False)
    assert last(s).totals == (15, 120, 555)


def test_negative_samosval() -> None:
    """negative_samosval: -455 - 100 = -555 drops to 0 (only with the convention)."""
    for neg, total in ((False, -555), (True, 0)):
        s = deal(LOSER, LOSER_TALON, totals=[0, -455, 0], negative_samosval=neg)
        run(s, LOSER_PLAY)
        finish_tricks(s)
        assert last(s).totals[1] == total


# -- four nines bonus --------------------------------------------------------------------

AFTER = ["9C 9D 9H AH TH KH QH", "AS TS KS QS JS AC TC", "KC QC JC AD TD KD QD"]
AFTER_TALON = "9S JD JH"


def test_four_nines_bonus() -> None:
    """four_nines_bonus: seat 0, holding four nines after the discard, scores 120 extra."""
    results = []
    for bonus in (False, True):
        s = deal(
            AFTER,
            AFTER_TALON,
            four_nines_bonus=bonus,
            redeal_talon_below=None,
            redeal_two_nines_in_talon=False,
        )
        run(s, "pass; pass; give 9S 0; give JD 2; contract 100")
        finish_tricks(s)
        results.append(last(s).deltas)
    off, on = results
    assert on == (off[0] + 120, off[1], off[2])


def test_four_nines_bonus_needs_four() -> None:
    """four_nines_bonus: three nines after the discard score nothing extra."""
    results = []
    for bonus in (False, True):
        s = deal(
            AFTER,
            AFTER_TALON,
            four_nines_bonus=bonus,
            redeal_talon_below=None,
            redeal_two_nines_in_talon=False,
        )
        run(s, "pass; pass; give JD 0; give 9S 2; contract 100")
        finish_tricks(s)
        results.append(last(s).deltas)
    assert results[0] == results[1]


# -- four players ------------------------------------------------------------------------


def test_rules_8_four_players_dealer_scores_talon_and_its_marriage() -> None:
    """RULES §8 four players: the dealer scores the talon, rounded (7 -> 5), + ♥ 100 in it."""
    s = deal(FOUR, FOUR_TALON, players=4)
    assert s.active == (1, 2, 3) and s.current_player() == 2
    run(s, "pass; pass; give KH 2; give QH 3; contract 100")
    finish_tricks(s)
    row = last(s)
    assert row.points == (None, 120, 0, 0)
    assert row.deltas == (105, 100, 0, 0)


def test_rules_8_four_players_dealer_gets_no_bolt() -> None:
    """RULES §8 four players: the dealer gets no bolt for the deal sat out."""
    s = deal(FOUR, FOUR_TALON, players=4)
    run(s, "pass; pass; give KH 2; give QH 3; contract 100")
    finish_tricks(s)
    assert last(s).bolts == (0, 0, 1, 1)


def test_rules_8_four_players_talon_13_rounds_to_15() -> None:
    """RULES §8 four players: a 13-point talon (A♠ J♠ 9♠) gives the dealer 15."""
    hands = ["", "TS KS QS AC TC KC QC", "JC 9C AD TD KD QD JD", "9D AH TH KH QH JH 9H"]
    s = deal(hands, "AS JS 9S", players=4)
    run(s, "pass; pass; give 9S 2; give JS 3; contract 100")
    finish_tricks(s)
    assert last(s).deltas[0] == 15


def test_rules_8_four_players_next_dealer_sits_out() -> None:
    """players=4: the deal passes left; the new dealer sits out, first hand is its left."""
    s = deal(FOUR, FOUR_TALON, players=4)
    run(s, "pass; pass; writeoff")
    assert s.dealer == 1
    assert s.active == (2, 3, 0)
    assert s.first == 2
    assert s.observation(1).hand == 0


def test_rules_8_defender_marriage_counts_in_deal_points() -> None:
    """RULES §8: deal points = card points + declared marriages, also for a defender.

    MAR played out (lowest legal cards after T5):
      T1 AC 9C JH -> 1 (13)   T2 declare KS (+40) JS 9S -> 1 (6)   T3 9D QD AD -> 0 (14)
      T4 declare KH (+100 for seat 0) JD TH -> 2 (16)              T5 KC 9H TC -> 0 (14)
      T6 KD QS AH -> 2 (18)   T7 JC QH TS -> 0 (15)                T8 TD AS QC -> 0 (24)
    seat 1: 19 + 40 = 59 < 100 -> -100; seat 2: 34 -> 35; seat 0: 67 + 100 = 167 -> 165.
    """
    s = deal(MAR, MAR_TALON)
    run(s, MAR_DISCARD)
    for t in MAR_TRICKS:
        run(s, t)
    finish_tricks(s)
    assert last(s).points == (167, 59, 34)
    assert last(s).deltas == (165, -100, 35)
