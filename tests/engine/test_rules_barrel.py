"""RULES §9: the barrel (*бочка*) and the end of the game.

Conventions: barrel, barrel_at, barrel_attempts, over_1000, barrel_bidding
(normal / talon_to_barrel / from_120), barrel_knock_off, one_on_barrel,
three_barrels_zero, bolts_on_barrel, write_off_on_barrel, target, penalty.

There is no public way to start a game with a seat already on the barrel
(``from_deal(totals=[880, ...])`` leaves it off the barrel), so seats climb on
it with a real deal first: seat 1 sweeping 100 from 780, or seat 0 taking 15 /
seat 2 taking 20 as defenders of the ROUND deal.
"""

from __future__ import annotations

import random

import pytest
from helpers import (
    ROUND,
    ROUND_118,
    ROUND_TALON,
    SWEEP,
    SWEEP_TALON,
    bids,
    contracts,
    deal,
    finish_tricks,
    last,
    legal,
    queue,
    round_play,
    run,
    sweep,
    sweep_hands,
    win_bidding,
)

from thousand import Conventions, IllegalActionError, Penalty, Phase, State


def seat1_on_barrel(c: Conventions | None = None, dealer: int = 0) -> State:
    """Seat 1 sweeps 100 from 780 and sits on the barrel; the next deal (dealer + 1) is
    queued as SWEEP with seat 1 holding the sweeping hand."""
    s = deal(sweep_hands(1), SWEEP_TALON, dealer=dealer, totals=[0, 780, 0], c=c or Conventions())
    queue(s, SWEEP, SWEEP_TALON, dealer=(dealer + 1) % 3)
    sweep(s, 1)
    return s


def seat0_on_barrel(
    c: Conventions | None = None, totals: tuple[int, int, int] = (865, 0, 0), more: int = 1
) -> State:
    """Seat 0 takes 15 in a ROUND deal from 865 and sits on the barrel; ``more`` ROUND
    deals are queued after it (dealers 1, 2, 0 ...)."""
    s = deal(ROUND, ROUND_TALON, totals=list(totals), c=c or Conventions())
    for k in range(more):
        queue(s, ROUND, ROUND_TALON, dealer=(k + 1) % 3)
    round_play(s)
    return s


# -- reaching the barrel -------------------------------------------------------------------


def test_rules_9_total_reaching_880_is_capped_there() -> None:
    """RULES §9 / barrel_at=880: 800 + 100 stops at 880; the player sits on the barrel."""
    s = deal(SWEEP, SWEEP_TALON, totals=[0, 800, 0])
    sweep(s, 1)
    row = last(s)
    assert row.totals == (0, 880, 0)
    assert row.deltas == (0, 80, 0)
    assert row.barrel == (0, 1, 0)
    assert s.on_barrel == [0, 1, 0]


def test_rules_9_exactly_880_sits_on_the_barrel() -> None:
    """RULES §9: reaching exactly 880 (780 + 100) is sitting on the barrel."""
    s = seat1_on_barrel()
    assert s.totals == [0, 880, 0]
    assert s.on_barrel[1] == 1


def test_rules_9_below_880_is_not_the_barrel() -> None:
    """RULES §9: 875 is not on the barrel."""
    s = deal(SWEEP, SWEEP_TALON, totals=[0, 775, 0])
    sweep(s, 1)
    assert s.totals[1] == 875 and s.on_barrel == [0, 0, 0]


def test_barrel_at_900() -> None:
    """barrel_at=900: the cap is 900."""
    s = deal(SWEEP, SWEEP_TALON, totals=[0, 850, 0], barrel_at=900)
    sweep(s, 1)
    assert s.totals[1] == 900 and s.on_barrel[1] == 1


def test_barrel_off() -> None:
    """barrel off: totals pass 880 freely."""
    s = deal(SWEEP, SWEEP_TALON, totals=[0, 800, 0], barrel=False)
    sweep(s, 1)
    assert s.totals[1] == 900
    assert s.on_barrel == [0, 0, 0]


# -- on the barrel ---------------------------------------------------------------------------


def test_rules_9_barrel_contract_must_reach_1000() -> None:
    """RULES §9: from 880 the barrel player's contract must be at least 120."""
    s = seat1_on_barrel()
    win_bidding(s, 1)
    assert s.bid == 105
    run(s, "give JD 0; give JH 2")
    assert contracts(s)[0] == 120
    with pytest.raises(IllegalActionError, match="may not be lower than 120"):
        s.apply_str("contract 115")


def test_over_1000() -> None:
    """over_1000: the barrel player must finish above 1000: 125 from 880."""
    s = seat1_on_barrel(Conventions(over_1000=True))
    win_bidding(s, 1)
    run(s, "give JD 0; give JH 2")
    assert contracts(s)[0] == 125


def test_barrel_at_900_needs_100_and_105_over_1000() -> None:
    """barrel_at=900: the barrel contract must be 100 (105 with over_1000)."""
    for over, need in ((False, 100), (True, 105)):
        # dealer 2: seat 1 climbs from 850 by bidding; in the next deal it is first hand.
        s = deal(
            sweep_hands(1), SWEEP_TALON, dealer=2, totals=[0, 850, 0], barrel_at=900, over_1000=over
        )
        queue(s, SWEEP, SWEEP_TALON, dealer=0)
        sweep(s, 1)
        assert s.on_barrel[1] == 1 and s.totals[1] == 900
        run(s, "pass; pass; give JD 0; give JH 2")  # seat 1 on 100
        assert contracts(s)[0] == need


def test_rules_9_barrel_player_making_the_contract_wins() -> None:
    """RULES §9: 880 + 120 = 1000: the game ends and the barrel player wins."""
    s = seat1_on_barrel()
    sweep(s, 1)  # contract 120 (the lowest allowed), all 120 card points
    row = last(s)
    assert row.totals == (0, 1000, 0)
    assert s.is_terminal()
    assert s.phase is Phase.GAME_OVER
    assert s.winner == 1
    assert s.current_player() == -4
    assert s.legal_actions() == []
    with pytest.raises(IllegalActionError, match="the game is over"):
        s.apply_str("pass")


def test_over_1000_making_125_wins() -> None:
    """over_1000: 880 + 125 = 1005 ends the game."""
    s = seat1_on_barrel(Conventions(over_1000=True))
    win_bidding(s, 1)
    run(s, "give JD 0; give JH 2; contract 125; play AS")
    s.apply_action(s.legal_actions()[0])
    s.apply_action(s.legal_actions()[0])
    s.apply_str("declare KS")  # 120 + 40 = 160 >= 125
    finish_tricks(s)
    assert s.totals[1] == 1005 and s.winner == 1


def test_rules_9_barrel_defender_gains_nothing() -> None:
    """RULES §9: on the barrel only one's own contract gains: a defender's 15 is not scored."""
    s = seat0_on_barrel()
    assert s.totals[0] == 880 and s.on_barrel[0] == 1
    round_play(s)
    row = last(s)
    assert row.points[0] == 17
    assert row.deltas == (0, 120, 20)
    assert row.barrel == (2, 0, 0)


def test_rules_9_three_deals_on_the_barrel_then_minus_120() -> None:
    """RULES §9 / barrel_attempts=3: three deals without winning, then -120 and a mark."""
    s = seat0_on_barrel(more=3)
    round_play(s)
    round_play(s)
    assert s.on_barrel[0] == 3 and s.totals[0] == 880
    round_play(s)
    row = last(s)
    assert row.penalties == (Penalty(0, -120, "barrel: attempts used up"),)
    assert row.totals[0] == 760
    assert row.barrel[0] == 0
    assert row.barrel_falls[0] == 1
    assert [r.barrel[0] for r in s.rows] == [1, 2, 3, 0]


def test_barrel_attempts_1() -> None:
    """barrel_attempts=1: one deal on the barrel, then -120."""
    s = seat0_on_barrel(Conventions(barrel_attempts=1))
    round_play(s)
    assert last(s).penalties == (Penalty(0, -120, "barrel: attempts used up"),)
    assert s.totals[0] == 760


def test_barrel_penalty_amount() -> None:
    """penalty=60: falling off the barrel costs 60."""
    s = seat0_on_barrel(Conventions(barrel_attempts=1, penalty=60))
    round_play(s)
    assert s.totals[0] == 820


def test_rules_9_barrel_player_failing_the_contract_falls() -> None:
    """RULES §9 (engine choice): failing one's own contract on the barrel costs the contract
    and ends the stay on the barrel as a failed barrel."""
    s = deal(SWEEP, SWEEP_TALON, totals=[0, 780, 0])
    queue(s, ROUND, ROUND_TALON, dealer=1)
    sweep(s, 1)
    assert s.on_barrel[1] == 1
    round_play(s, ROUND_118)  # 118 < 120
    row = last(s)
    assert row.made is False
    assert row.totals[1] == 760
    assert row.barrel[1] == 0 and row.barrel_falls[1] == 1
    # Every seat sees the failed barrels (the AI weighs the third: three_barrels_zero).
    assert all(s.observation(seat).barrel_falls == (0, 1, 0) for seat in range(3))


def test_barrel_knock_off() -> None:
    """barrel_knock_off: seat 2 climbing on knocks seat 0 off with -120."""
    s = seat0_on_barrel(totals=(865, 0, 850))
    assert s.totals == [880, 120, 870]
    round_play(s)  # seat 2 +20 -> 880
    row = last(s)
    assert row.totals == (760, 240, 880)
    assert row.barrel == (0, 0, 1)
    assert row.barrel_falls == (1, 0, 0)
    assert Penalty(0, -120, "barrel: knocked off") in row.penalties


def test_barrel_knock_off_off() -> None:
    """barrel_knock_off off: the one sitting there stays; both sit on the barrel."""
    s = seat0_on_barrel(Conventions(barrel_knock_off=False), totals=(865, 0, 850))
    round_play(s)
    assert last(s).totals == (880, 240, 880)
    assert last(s).barrel == (2, 0, 1)


def test_one_on_barrel_arriving_together() -> None:
    """one_on_barrel: two players reaching the barrel in the same deal both fall (-120)."""
    s = deal(ROUND, ROUND_TALON, totals=[865, 0, 860])
    round_play(s)
    row = last(s)
    assert row.totals == (760, 120, 760)
    assert row.barrel == (0, 0, 0)
    assert row.barrel_falls == (1, 0, 1)
    assert set(row.penalties) == {
        Penalty(0, -120, "barrel: arrived together"),
        Penalty(2, -120, "barrel: arrived together"),
    }


def test_one_on_barrel_off() -> None:
    """one_on_barrel off: both arrivals sit on the barrel."""
    s = deal(ROUND, ROUND_TALON, totals=[865, 0, 860], one_on_barrel=False)
    round_play(s)
    assert last(s).totals == (880, 120, 880)
    assert last(s).barrel == (1, 0, 1)


def climb_and_fail_three_times(c: Conventions) -> State:
    """Seat 1: ROUND +120 from 760 (climb), ROUND_118 -120 (fail) - three times."""
    s = deal(ROUND, ROUND_TALON, totals=[0, 760, 0], c=c)
    for k in range(1, 6):
        queue(s, ROUND, ROUND_TALON, dealer=k % 3)
    for _ in range(3):
        round_play(s)
        assert s.on_barrel[1] == 1
        round_play(s, ROUND_118)
    return s


def test_three_barrels_zero() -> None:
    """three_barrels_zero: the third failed barrel resets the total to 0."""
    s = climb_and_fail_three_times(Conventions())
    assert [r.totals[1] for r in s.rows] == [880, 760, 880, 760, 880, 0]
    assert [r.barrel_falls[1] for r in s.rows] == [0, 1, 1, 2, 2, 3]
    assert Penalty(1, -760, "third failed barrel: total to 0") in last(s).penalties


def test_three_barrels_zero_off() -> None:
    """three_barrels_zero off: the third failure only costs what it costs."""
    s = climb_and_fail_three_times(Conventions(three_barrels_zero=False))
    assert s.totals[1] == 760
    assert s.barrel_falls[1] == 3


# -- barrel bidding -----------------------------------------------------------------------


def test_barrel_bidding_normal() -> None:
    """barrel_bidding=normal: the barrel player bids like anybody (105 allowed)."""
    s = seat1_on_barrel()
    s.apply_str("pass")  # seat 0
    assert bids(s)[0] == 105


def test_barrel_bidding_talon_to_barrel() -> None:
    """barrel_bidding=talon_to_barrel: the talon goes to the barrel player, contract 120."""
    s = seat1_on_barrel(Conventions(barrel_bidding="talon_to_barrel"))
    assert s.phase is Phase.DISCARD
    assert s.declarer == 1 and s.bid == 120
    assert s.bids == []


def test_barrel_bidding_from_120() -> None:
    """barrel_bidding=from_120: the barrel player's bidding starts at 120."""
    s = seat1_on_barrel(Conventions(barrel_bidding="from_120"))
    s.apply_str("bid 105")  # seat 0
    assert bids(s)[0] == 120
    with pytest.raises(IllegalActionError, match="barrel player must bid at least 120"):
        s.apply_str("bid 110")


def test_barrel_bidding_from_120_first_hand_holds_120() -> None:
    """barrel_bidding=from_120: a barrel player who is first hand holds 120, not 100."""
    s = seat1_on_barrel(Conventions(barrel_bidding="from_120"), dealer=2)
    assert s.dealer == 0 and s.first == 1
    assert (s.high, s.high_seat) == (120, 1)
    assert bids(s)[0] == 125


# -- conventions touching the barrel ---------------------------------------------------------


def test_write_off_on_barrel_default_forbids_concession() -> None:
    """write_off_on_barrel (off): no concession while anyone sits on the barrel."""
    s = seat0_on_barrel()
    win_bidding(s, 1)
    assert "writeoff" not in legal(s)


def test_write_off_on_barrel() -> None:
    """write_off_on_barrel (+ write_off_free): concession allowed with someone on the barrel."""
    s = seat0_on_barrel(Conventions(write_off_free=True, write_off_on_barrel=True))
    win_bidding(s, 1)
    assert "writeoff" in legal(s)


def test_bolts_on_barrel() -> None:
    """bolts_on_barrel: a bolt on the barrel counts (on) or not (off)."""
    for on, count in ((True, 1), (False, 0)):
        s = deal(ROUND, ROUND_TALON, totals=[865, 0, 0], bolts_on_barrel=on)
        queue(s, sweep_hands(1), SWEEP_TALON, dealer=1)
        round_play(s)
        assert s.on_barrel[0] == 1
        sweep(s, 1)
        assert last(s).bolts[0] == count
        assert s.bolt_count[0] == count


# -- the end of the game --------------------------------------------------------------------


def test_rules_9_game_ends_at_target() -> None:
    """RULES §9 / target: reaching 1000 ends the game; the sheet shows the final totals."""
    s = deal(ROUND, ROUND_TALON, totals=[990, 0, 0], barrel=False)
    round_play(s)
    assert s.is_terminal() and s.winner == 0
    assert s.returns() == [1005, 120, 20]
    assert last(s).totals == (1005, 120, 20)


def test_target_500() -> None:
    """target=500: the game ends at 500."""
    s = deal(ROUND, ROUND_TALON, totals=[0, 380, 0], target=500, barrel=False)
    round_play(s)
    assert s.is_terminal() and s.winner == 1


@pytest.mark.parametrize(
    ("conv", "totals"),
    [
        (Conventions(), [1000, 0, 0]),  # the barrel on: 1000 is the end, not the barrel
        (Conventions(barrel=False), [0, 1005, 0]),  # barrel off: over the target
        (Conventions.preset("ukrainian"), [0, 0, 1000]),  # over_1000: the game still ends
        (Conventions.preset("polish"), [1000, 810, 0]),  # barrel_mode declarer_only
        (Conventions(target=500, barrel=False), [500, 0, 0]),  # target
    ],
)
def test_rules_9_no_deal_after_the_game_end(conv: Conventions, totals: list[int]) -> None:
    """RULES §9 / target: a total that has reached the target ends the game (in every
    barrel mode), so ``from_deal`` refuses such starting totals with
    ``GameOverError``, as a record is refused a deal after the game's end."""
    from thousand import GameOverError, RecordError, replay

    seat = next(s for s, t in enumerate(totals) if t >= conv.target)
    with pytest.raises(GameOverError, match=f"game is over: seat {seat} has {totals[seat]}"):
        deal(ROUND, ROUND_TALON, totals=totals, c=conv)
    with pytest.raises(GameOverError):
        State(conv, random.Random(1), totals=totals)
    assert issubclass(GameOverError, ValueError)
    # The record says the same for the same totals (one notion: scoring.reached_target).
    rec = {
        "format": "thousand-record",
        "version": 1,
        "conventions": conv.changes(),
        "players": 3,
        "totals": totals,
        "seed": 1,
        "deals": [{"actions": []}],
    }
    with pytest.raises(RecordError, match="below the target"):
        replay(rec)
    # Just below the target the deal is played (on the barrel where there is one).
    below = [min(t, conv.target - 5) for t in totals]
    s = deal(ROUND, ROUND_TALON, totals=below, c=conv)
    assert not s.is_terminal() and s.totals == below


def test_rules_9_several_reach_target_highest_wins() -> None:
    """RULES §9 (engine choice): several over the target: the highest total wins, even
    against the declarer."""
    s = deal(ROUND, ROUND_TALON, totals=[995, 885, 0], barrel=False)
    round_play(s)
    assert s.totals == [1010, 1005, 20]
    assert s.winner == 0


def test_rules_9_tie_goes_to_the_declarer() -> None:
    """RULES §9 (engine choice): a tie over the target goes to the declarer."""
    s = deal(ROUND, ROUND_TALON, totals=[985, 880, 980], barrel=False)
    round_play(s)
    assert s.totals == [1000, 1000, 1000]
    assert s.winner == 1


def test_rules_9_tie_between_defenders_goes_from_first_hand() -> None:
    """RULES §9 (engine choice): a tie between defenders goes in seat order from first hand."""
    s = deal(ROUND, ROUND_TALON, totals=[990, 0, 985], barrel=False)
    round_play(s)
    assert s.totals == [1005, 120, 1005]
    assert s.winner == 2


def test_cut_penalty_on_a_redeal_knocks_the_barrel_player_off() -> None:
    """RULES §9 (engine doc: a penalty is a departure from the barrel) with cut_ritual."""
    low = ["AD TD AH TH KH QH 9H", "AS TS KS QS AC TC KC", "JS 9S JC 9C QD KD JD"]
    s = deal(sweep_hands(1), SWEEP_TALON, dealer=1, totals=[0, 780, 0], cut_ritual=True)
    queue(s, low, "QC 9D JH", dealer=2, cut=3)  # seat 1 is dealer 2's cutter
    sweep(s, 1)
    assert s.on_barrel[1] == 1
    s.apply_str("redeal")  # seat 2's 13-point hand; the cut costs seat 1 120
    assert s.totals[1] == 760
    assert s.on_barrel[1] == 0
    assert s.barrel_falls[1] == 1
