"""The conventions of the regional sets (CONVENTIONS.md "Regional rule sets").

Conventions: round_to, bid_step, bombs, bomb_points, barrel_mode (finish /
declarer_only), barrel_at=800, barrel_freezes_defenders,
redeal_first_hand_three_nines; the presets russian, ukrainian and polish.
Hand-built deals from ``helpers``; every expected score is worked out by hand
in the docstring or the comment next to it.
"""

from __future__ import annotations

import json
import random

import pytest
from helpers import (
    FH_NINES,
    FH_NINES_TALON,
    FOUR,
    FOUR_TALON,
    LOSER,
    LOSER_PLAY,
    LOSER_TALON,
    ROUND,
    ROUND_13,
    ROUND_118,
    ROUND_GIVE,
    ROUND_TALON,
    ROUND_TRICKS,
    SWEEP,
    SWEEP_TALON,
    bids,
    contracts,
    deal,
    finish_tricks,
    last,
    legal,
    mask,
    queue,
    round_play,
    round_played,
    run,
    sweep,
    sweep_hands,
    win_bidding,
)

from thousand import Conventions, IllegalActionError, Penalty, Phase, State
from thousand import actions as A
from thousand.record import make_record, replay
from thousand.scoring import concession_award, declarer_made, round_points
from thousand.sheet import SheetText

# ROUND (helpers): seat 1 declares 120 on 100 and takes 85 + 40 = 125; seat 2 takes 18,
# seat 0 takes 17. ROUND_118: seat 1 ends on 118 (fails 120), seat 0 takes 24, seat 2 18.
# ROUND_13: seat 2 ends on 13, seat 0 on 17, seat 1 on 90 + 40 = 130.
# FOUR: four players, dealer 0 on the talon K♥ Q♥ 9♠ (7 -> 5, + ♥ 100 = 105).
# First hand (seat 1) with all four nines.
FH_FOUR_NINES = ["KD QD JD AH TH KH QH", "9S 9C 9D 9H JS AC TC", "AS TS KS QS KC QC JC"]
FH_FOUR_NINES_TALON = "JH AD TD"

TENS = {"min_raise": 10, "bid_step": 10}
DECLARER_ONLY = {"barrel_at": 800, "barrel_mode": "declarer_only"}


# -- round_to ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("unit", "points", "rounded"),
    [
        (5, 17, 15),
        (5, 18, 20),
        (5, 13, 15),
        (5, 12, 10),
        (10, 14, 10),
        (10, 15, 20),
        (10, 17, 20),
        (10, 44, 40),
        (10, 45, 50),
        (10, 0, 0),
        (10, 120, 120),
    ],
)
def test_round_to_rule(unit: int, points: int, rounded: int) -> None:
    """round_to: 5 rounds 1, 2, 6, 7 down and 3, 4, 8, 9 up; 10 rounds 1-4 down, 5-9 up."""
    assert round_points(Conventions(round_to=unit), points) == rounded


def test_round_to_10_defenders() -> None:
    """round_to=10: ROUND defenders 17 -> 20 (seat 0) and 18 -> 20 (seat 2); to 5: 15, 20."""
    assert last(round_played(ROUND_TRICKS)).deltas == (15, 120, 20)
    assert last(round_played(ROUND_TRICKS, round_to=10)).deltas == (20, 120, 20)


def test_round_to_10_defender_13_goes_down() -> None:
    """round_to=10: ROUND_13 seat 2's 13 -> 10 (15 when rounding to 5), seat 0's 17 -> 20."""
    s = round_played(ROUND_13, round_to=10)
    assert last(s).points == (17, 130, 13)
    assert last(s).deltas == (20, 120, 10)


def test_round_to_10_declarer_exact_without_round_declarer() -> None:
    """round_to=10 alone: the declarer is counted exactly, 118 < 120 fails (-120);
    defenders 24 -> 20, 18 -> 20."""
    assert last(round_played(ROUND_118, round_to=10)).deltas == (20, -120, 20)


def test_round_to_10_with_round_declarer() -> None:
    """round_to=10 with round_declarer: 118 -> 120 makes it; 115 -> 120 too (to 5: 115)."""
    s = round_played(ROUND_118, round_to=10, round_declarer=True)
    assert last(s).made is True and last(s).deltas == (20, 120, 20)
    c10 = Conventions(round_to=10, round_declarer=True)
    assert declarer_made(c10, 115, 120)
    assert not declarer_made(Conventions(round_declarer=True), 115, 120)
    assert not declarer_made(c10, 114, 120)


@pytest.mark.parametrize(
    ("bid", "each"), [(105, 60), (110, 60), (120, 60), (130, 70), (150, 80), (180, 90)]
)
def test_round_to_10_concession_share(bid: int, each: int) -> None:
    """round_to=10: a concession gives half the contract rounded up to 10 (10 * ceil(c / 20))."""
    assert concession_award(Conventions(round_to=10), bid) == each
    s = deal(SWEEP, SWEEP_TALON, round_to=10)
    run(s, f"bid {bid}; pass; pass; writeoff")  # seat 2 (♣ marriage) declares and concedes
    assert last(s).deltas == (each, each, -bid)


def test_round_to_10_four_players_talon() -> None:
    """round_to=10, players=4: the dealer's 13-point talon (A♠ J♠ 9♠) scores 10 (15 to 5)."""
    hands = ["", "TS KS QS AC TC KC QC", "JC 9C AD TD KD QD JD", "9D AH TH KH QH JH 9H"]
    s = deal(hands, "AS JS 9S", players=4, round_to=10)
    run(s, "pass; pass; give 9S 2; give JS 3; contract 100")
    finish_tricks(s)
    assert last(s).deltas[0] == 10


# -- bid_step -----------------------------------------------------------------------------


def test_bid_step_10_bids_are_multiples_of_10() -> None:
    """bid_step=10 (min_raise 10): seat 2 (♣ marriage, limit 180) bids 110..180 in tens;
    after 110 seat 0 (♥ marriage, limit 220) bids 120..220."""
    s = deal(SWEEP, SWEEP_TALON, **TENS)
    assert bids(s) == list(range(110, 190, 10))
    with pytest.raises(IllegalActionError, match="bids go in steps of 10"):
        s.apply_str("bid 115")
    s.apply_str("bid 110")
    assert bids(s) == list(range(120, 230, 10))


def test_bid_step_5_is_the_default() -> None:
    """bid_step=5 (default): bids in fives, 105..180 for seat 2."""
    assert bids(deal(SWEEP, SWEEP_TALON)) == list(range(105, 185, 5))


def test_bid_step_10_with_no_jumps() -> None:
    """bid_step=10 with no_jumps: only the smallest raise, 110."""
    assert bids(deal(SWEEP, SWEEP_TALON, no_jumps=True, **TENS)) == [110]


def test_bid_step_10_contracts() -> None:
    """bid_step=10: the contract runs from the bid to the ceiling in tens (100..160 with ♠)."""
    s = deal(SWEEP, SWEEP_TALON, **TENS)
    run(s, "pass; pass; give JD 2; give JH 0")
    assert contracts(s) == [100, 110, 120, 130, 140, 150, 160]
    with pytest.raises(IllegalActionError, match="contracts go in steps of 10"):
        s.apply_str("contract 105")


def test_bid_step_10_barrel_contract_rounded_up() -> None:
    """bid_step=10 with over_1000: the barrel contract from 880 is 125 rounded up, 130."""
    c = Conventions(over_1000=True, **TENS)
    assert c.barrel_need() == 130
    s = deal(SWEEP, SWEEP_TALON, totals=[0, 880, 0], c=c)
    run(s, "pass; pass; give JD 2; give JH 0")
    assert contracts(s) == [130, 140, 150, 160]


def test_bid_step_10_unblind_bids_130() -> None:
    """bid_step=10 with dark_game: unblinding bids 120 + 10 = 130; the next raise is 140."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True, **TENS)
    run(s, "dark; unblind")
    assert (s.high, s.high_seat, s.dark) == (130, 2, False)
    assert bids(s)[0] == 140
    t = deal(SWEEP, SWEEP_TALON, dark_game=True, dark_unblind_takes_talon=True, **TENS)
    run(t, "dark; unblind")
    assert (t.declarer, t.bid) == (2, 130)


# -- redeal_first_hand_three_nines ------------------------------------------------------------


def test_redeal_first_hand_three_nines_on_by_default() -> None:
    """redeal_first_hand_three_nines (on): first hand with three nines may ask a redeal."""
    s = deal(FH_NINES, FH_NINES_TALON)
    assert s.phase is Phase.REDEAL and s.current_player() == 1


def test_redeal_first_hand_three_nines_off() -> None:
    """redeal_first_hand_three_nines off: three nines are not enough for first hand either."""
    s = deal(FH_NINES, FH_NINES_TALON, redeal_first_hand_three_nines=False)
    assert s.phase is Phase.BIDDING
    with pytest.raises(IllegalActionError):
        s.apply_str("redeal")


def test_redeal_first_hand_three_nines_off_four_still_qualify() -> None:
    """redeal_first_hand_three_nines off: first hand with four nines may still ask."""
    s = deal(FH_FOUR_NINES, FH_FOUR_NINES_TALON, redeal_first_hand_three_nines=False)
    assert s.phase is Phase.REDEAL and s.current_player() == 1


def test_redeal_first_hand_three_nines_not_consulted_without_four_nines() -> None:
    """redeal_first_hand_three_nines is only read with redeal_four_nines on."""
    s = deal(FH_FOUR_NINES, FH_FOUR_NINES_TALON, redeal_four_nines=False)
    assert s.phase is Phase.BIDDING


# -- bombs and bomb_points -----------------------------------------------------------------


def test_bombs_zero_by_default_never_offered() -> None:
    """bombs=0 (default): no bomb is offered, and one is refused with the reason."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "pass; pass")
    assert "bomb" not in legal(s)
    with pytest.raises(IllegalActionError, match="no bombs in this game"):
        s.apply_str("bomb")


def test_bombs_offered_after_the_talon_and_at_the_contract() -> None:
    """bombs: offered with the concession, before the first card is passed and at the
    contract; not between the two passed cards."""
    s = deal(SWEEP, SWEEP_TALON, bombs=1)
    run(s, "pass; pass")
    assert {"bomb", "writeoff"} <= legal(s)
    s.apply_str("give JD 2")
    assert "bomb" not in legal(s)
    with pytest.raises(IllegalActionError, match="before the first card is passed"):
        s.apply_str("bomb")
    s.apply_str("give JH 0")
    assert {"bomb", "writeoff", "contract 100"} <= legal(s)


def test_bombs_offered_without_write_off() -> None:
    """bombs with write_off off (the Polish set): the bomb alone is offered."""
    s = deal(SWEEP, SWEEP_TALON, bombs=1, write_off=False)
    run(s, "pass; pass")
    assert "bomb" in legal(s) and "writeoff" not in legal(s)


def test_bombs_score_bomb_points_to_each_opponent() -> None:
    """bombs / bomb_points=60: seat 2 throws a bomb on 150: it writes 0, seats 0 and 1 +60;
    no bolts; the row has kind bomb and the contract; the bomb is counted, not a concession."""
    s = deal(SWEEP, SWEEP_TALON, bombs=1)
    run(s, "bid 150; pass; pass; bomb")
    row = last(s)
    assert (row.kind, row.declarer, row.contract, row.made) == ("bomb", 2, 150, None)
    assert row.deltas == (60, 60, 0)
    assert row.bolts == (0, 0, 0) and row.penalties == ()
    assert s.bombs == [0, 0, 1] and s.writeoffs == [0, 0, 0]
    assert s.observation(0).bombs == (0, 0, 1)
    assert s.dealer == 1  # the deal passes to the left as after any deal


def test_bombs_at_the_contract() -> None:
    """bombs: thrown when naming the contract (seat 1 on 100): +60 to seats 0 and 2."""
    s = deal(SWEEP, SWEEP_TALON, bombs=1)
    run(s, "pass; pass; give JD 2; give JH 0; bomb")
    assert last(s).kind == "bomb" and last(s).deltas == (60, 0, 60)


def test_bomb_points() -> None:
    """bomb_points=120: each opponent writes 120 (the tables that give 120)."""
    s = deal(SWEEP, SWEEP_TALON, bombs=1, bomb_points=120)
    run(s, "bid 150; pass; pass; bomb")
    assert last(s).deltas == (120, 120, 0)


def test_bombs_limit_per_player() -> None:
    """bombs=1: seat 2's second bomb in the game is refused; bombs=2 allows it."""
    for allowed in (1, 2):
        s = deal(SWEEP, SWEEP_TALON, bombs=allowed)
        queue(s, SWEEP, SWEEP_TALON, dealer=1)
        run(s, "bid 150; pass; pass; bomb")
        run(s, "pass; pass")  # dealer 1: seats 0 and 1 pass, seat 2 plays on 100
        assert s.declarer == 2 and s.phase is Phase.DISCARD
        if allowed == 1:
            assert "bomb" not in legal(s)
            with pytest.raises(IllegalActionError, match="thrown its 1 bomb"):
                s.apply_str("bomb")
        else:
            s.apply_str("bomb")
            assert s.bombs == [0, 0, 2]


def test_bombs_not_in_a_golden_deal() -> None:
    """bombs: never in a golden deal (golden_round)."""
    s = deal(SWEEP, SWEEP_TALON, bombs=1, golden_round=True)
    assert s.phase is Phase.DISCARD and s.golden_deal
    assert "bomb" not in legal(s)
    with pytest.raises(IllegalActionError, match="not in a golden deal"):
        s.apply_str("bomb")


def test_bombs_not_in_a_dark_game() -> None:
    """bombs: never in a dark game (dark_game)."""
    s = deal(SWEEP, SWEEP_TALON, bombs=1, dark_game=True)
    run(s, "dark; pass; pass")
    assert s.phase is Phase.DISCARD and s.dark
    assert "bomb" not in legal(s)
    with pytest.raises(IllegalActionError, match="not in a dark game"):
        s.apply_str("bomb")


def test_bombs_on_the_barrel() -> None:
    """bombs on the barrel (barrel_mode=finish): the sitter gains nothing from another's
    bomb and the deal counts as a barrel deal; the sitter may throw one (concession may not)."""
    s = deal(SWEEP, SWEEP_TALON, totals=[880, 0, 0], bombs=1)
    run(s, "bid 150; pass; pass; bomb")
    assert last(s).deltas == (0, 60, 0)
    assert last(s).barrel == (2, 0, 0)
    t = deal(SWEEP, SWEEP_TALON, totals=[0, 880, 0], bombs=1)
    run(t, "pass; pass")
    assert "bomb" in legal(t) and "writeoff" not in legal(t)
    t.apply_str("bomb")
    assert last(t).deltas == (60, 0, 60) and last(t).barrel == (0, 2, 0)


def test_bombs_on_the_declarer_only_barrel() -> None:
    """bombs with barrel_mode=declarer_only: a player from 800 up gains nothing from a bomb."""
    s = deal(SWEEP, SWEEP_TALON, totals=[850, 0, 0], bombs=1, **DECLARER_ONLY)
    run(s, "bid 150; pass; pass; bomb")
    assert last(s).deltas == (0, 60, 0)


def test_bombs_four_players_dealer_scores_the_talon() -> None:
    """bombs, players=4: the dealer scores the talon (105) as in any deal; the others 60."""
    s = deal(FOUR, FOUR_TALON, players=4, bombs=1)
    run(s, "pass; pass; bomb")
    assert last(s).deltas == (105, 0, 60, 60)


def test_bombs_two_players() -> None:
    """bombs, players=2: the one opponent writes bomb_points."""
    hands = ["JC 9C AD TD KD QD JD AH TH KH", "AS TS KS QS JS 9S AC TC KC QC"]
    s = deal(hands, ("9D QH", "JH 9H"), c=Conventions(players=2, barrel=False, bombs=1))
    run(s, "pass; pick 0")
    assert "bomb" in legal(s)
    s.apply_str("bomb")
    assert last(s).deltas == (60, 0)


def test_bombs_samosval() -> None:
    """bombs with samosval: 495 + 60 = 555 drops to 0."""
    s = deal(SWEEP, SWEEP_TALON, totals=[495, 0, 0], bombs=1)
    run(s, "bid 150; pass; pass; bomb")
    assert s.totals == [0, 60, 0]
    assert Penalty(0, -555, "samosval 555") in last(s).penalties


@pytest.mark.parametrize("mode", ["in_row", "total"])
def test_bombs_give_no_bolt_and_break_no_run(mode: str) -> None:
    """bombs: nobody gets a bolt in a bomb deal, and a run of bolts (bolts=in_row) is
    not broken: seats 0 and 2 keep the bolt of the sweep before."""
    s = deal(SWEEP, SWEEP_TALON, bombs=1, bolts=mode)
    queue(s, SWEEP, SWEEP_TALON, dealer=1)
    sweep(s, 1)
    assert last(s).bolt_counts == (1, 0, 1)
    run(s, "pass; pass; bomb")  # dealer 1: seat 2 plays on 100 and throws a bomb
    assert last(s).bolts == (0, 0, 0) and last(s).bolt_counts == (1, 0, 1)


def test_bombs_record_and_sheet() -> None:
    """bombs: the record holds the action ``bomb`` and replays; the text sheet marks 'b'."""
    s = deal(SWEEP, SWEEP_TALON, bombs=1)
    run(s, "bid 150; pass; pass; bomb")
    rec = json.loads(json.dumps(make_record(s)))
    assert rec["conventions"] == {"bombs": 1}
    assert rec["deals"][0]["actions"][-1] == "bomb"
    assert replay(rec).rows == s.rows
    assert "150b" in SheetText(3, list(s.rows)).render()
    assert A.action_str(A.BOMB) == "bomb" and A.is_bomb(A.action_from_str("bomb"))


# -- barrel_at=800 (barrel_mode=finish) ----------------------------------------------------


def test_barrel_at_800_finish_caps_and_needs_200() -> None:
    """barrel_at=800 with barrel_mode=finish: 750 + 100 is capped at 800 and the barrel
    contract is 1000 - 800 = 200 (forced even above the hand's ceiling of 160)."""
    c = Conventions(barrel_at=800)
    assert c.barrel_need() == 200
    s = deal(SWEEP, SWEEP_TALON, totals=[0, 750, 0], c=c)
    queue(s, SWEEP, SWEEP_TALON, dealer=1)
    sweep(s, 1)
    assert s.totals[1] == 800 and s.on_barrel[1] == 1
    win_bidding(s, 1)
    run(s, "give JD 0; give JH 2")
    assert contracts(s) == [200]


# -- barrel_mode=declarer_only --------------------------------------------------------------


def test_barrel_mode_declarer_only_total_passes_the_mark() -> None:
    """barrel_mode=declarer_only: nothing is capped: 750 + 100 = 850, now on the barrel."""
    s = deal(SWEEP, SWEEP_TALON, totals=[0, 750, 0], **DECLARER_ONLY)
    sweep(s, 1)
    assert s.totals == [0, 850, 0]
    assert s.on_barrel == [0, 1, 0] and last(s).barrel == (0, 1, 0)


def test_barrel_mode_declarer_only_defence_points_not_written() -> None:
    """barrel_mode=declarer_only: seat 0 at 850 defends ROUND taking 17: nothing written;
    seat 2 (not on the barrel) writes 20; the declarer +120."""
    s = round_played(ROUND_TRICKS, totals=[850, 0, 0], **DECLARER_ONLY)
    assert last(s).deltas == (0, 120, 20)
    assert s.on_barrel == [1, 0, 0]


def test_barrel_mode_declarer_only_four_players_talon_not_written() -> None:
    """barrel_mode=declarer_only, players=4: a dealer at 850 does not score the talon."""
    s = deal(FOUR, FOUR_TALON, players=4, totals=[850, 0, 0, 0], **DECLARER_ONLY)
    run(s, "pass; pass; give KH 2; give QH 3; contract 100")
    finish_tricks(s)
    assert last(s).deltas == (0, 100, 0, 0)


def test_barrel_mode_declarer_only_own_contract_counts() -> None:
    """barrel_mode=declarer_only: from 820 the contract needs no minimum (100 allowed) and
    need not reach the target: +120 makes 940, still on the barrel, game on."""
    s = deal(ROUND, ROUND_TALON, totals=[0, 820, 0], **DECLARER_ONLY)
    run(s, "pass; pass; give 9D 2; give 9H 0")
    assert contracts(s)[0] == 100  # finish at 800 would force 200
    s.apply_str("contract 120")
    for t in ROUND_TRICKS:
        run(s, t)
    assert s.totals == [15, 940, 20] and s.on_barrel == [0, 1, 0]
    assert s.winner is None and not s.is_terminal()


def test_barrel_mode_declarer_only_failing_is_no_fall() -> None:
    """barrel_mode=declarer_only: failing 120 from 850 writes -120 (730) and leaves the
    barrel without a failed barrel or a penalty; defenders on the barrel: none."""
    s = round_played(ROUND_118, totals=[0, 850, 0], **DECLARER_ONLY)
    row = last(s)
    assert row.deltas == (25, -120, 20)
    assert s.totals == [25, 730, 20]
    assert s.on_barrel == [0, 0, 0] and s.barrel_falls == [0, 0, 0]
    assert row.penalties == ()


def test_barrel_mode_declarer_only_no_count_of_deals() -> None:
    """barrel_mode=declarer_only: seat 0 sits at 850 through four deals (barrel_attempts 3
    is not consulted): no fall, no penalty, the flag stays 1."""
    s = deal(ROUND, ROUND_TALON, totals=[850, 0, 0], **DECLARER_ONLY)
    for dealer in (1, 2, 0):
        queue(s, ROUND, ROUND_TALON, dealer=dealer)
    for _ in range(4):
        round_play(s)
    assert s.totals == [850, 480, 80]
    assert [r.barrel[0] for r in s.rows] == [1, 1, 1, 1]
    assert all(r.penalties == () for r in s.rows)


def test_barrel_mode_declarer_only_no_knock_off_no_falling_together() -> None:
    """barrel_mode=declarer_only: barrel_knock_off and one_on_barrel (both on here) are not
    consulted: seats 0 and 2 cross 800 in one deal (790 + 15, 785 + 20) and both stay."""
    c = Conventions(barrel_knock_off=True, one_on_barrel=True, **DECLARER_ONLY)
    s = round_played(ROUND_TRICKS, totals=[790, 0, 785], c=c)
    assert s.totals == [805, 120, 805] and s.on_barrel == [1, 0, 1]
    assert last(s).penalties == ()


def test_barrel_mode_declarer_only_reaching_the_target_wins() -> None:
    """barrel_mode=declarer_only: from 900, +120 makes 1020 (no cap): seat 1 wins."""
    s = round_played(ROUND_TRICKS, totals=[0, 900, 0], **DECLARER_ONLY)
    assert s.totals[1] == 1020 and s.winner == 1 and s.is_terminal()


def test_barrel_mode_declarer_only_penalty_takes_off_the_barrel() -> None:
    """barrel_mode=declarer_only with cut_ritual: the cutter (dealer 0's right, seat 2) at
    850 pays 120 and is off the barrel (730), without a failed barrel."""
    c = Conventions(cut_ritual=True, **DECLARER_ONLY)
    hands = [mask(h) for h in ROUND]
    s = State(c, random.Random(0), dealer=0, totals=[0, 0, 850], deal=(hands, mask(ROUND_TALON), 3))
    round_play(s)
    row = last(s)
    assert Penalty(2, -120, "cut: three nines") in row.penalties
    assert row.deltas == (15, 120, -120)  # seat 2's 18 is not written on the barrel
    assert s.on_barrel == [0, 0, 0] and s.barrel_falls == [0, 0, 0]


def test_barrel_mode_declarer_only_bolts_on_barrel() -> None:
    """barrel_mode=declarer_only still reads bolts_on_barrel: seat 0 at 850 without a trick."""
    s = deal(SWEEP, SWEEP_TALON, totals=[850, 0, 0], **DECLARER_ONLY)
    sweep(s, 1)
    assert last(s).bolts == (1, 0, 1)
    t = deal(SWEEP, SWEEP_TALON, totals=[850, 0, 0], bolts_on_barrel=False, **DECLARER_ONLY)
    sweep(t, 1)
    assert last(t).bolts == (0, 0, 1)


def test_barrel_mode_declarer_only_dark_not_on_barrel() -> None:
    """barrel_mode=declarer_only still reads dark_not_on_barrel: no dark game from 850."""
    s = deal(SWEEP, SWEEP_TALON, totals=[850, 0, 0], dark_game=True, **DECLARER_ONLY)
    assert s.phase is Phase.BIDDING
    t = deal(SWEEP, SWEEP_TALON, totals=[750, 0, 0], dark_game=True, **DECLARER_ONLY)
    assert t.phase is Phase.DARK


def test_barrel_mode_finish_is_the_default() -> None:
    """barrel_mode=finish (default): the Russian barrel, capped at barrel_at (750 + 100 = 800
    with barrel_at 800)."""
    assert Conventions().barrel_mode == "finish"
    s = deal(SWEEP, SWEEP_TALON, totals=[0, 750, 0], barrel_at=800)
    sweep(s, 1)
    assert s.totals == [0, 800, 0]


# -- barrel_freezes_defenders -------------------------------------------------------------


def test_barrel_freezes_defenders_points() -> None:
    """barrel_freezes_defenders: seat 1 on the barrel plays ROUND_118 and fails (-120); the
    defenders' 24 -> 25 and 18 -> 20 are not written (they are without the convention)."""
    plain = round_played(ROUND_118, totals=[0, 880, 0])
    assert last(plain).deltas == (25, -120, 20)
    s = round_played(ROUND_118, totals=[0, 880, 0], barrel_freezes_defenders=True)
    assert last(s).deltas == (0, -120, 0)
    assert s.barrel_falls == [0, 1, 0]  # the declarer's own barrel is scored as usual


def test_barrel_freezes_defenders_bolts() -> None:
    """barrel_freezes_defenders: the defenders of a barrel declarer get no bolt and their
    run (bolts=in_row) neither grows nor breaks: seats 0 and 2 keep 1 from the first deal."""
    for frozen, counts in ((False, (0, 0, 0)), (True, (1, 0, 1))):
        c = Conventions(bolts="in_row", barrel_freezes_defenders=frozen)
        s = deal(sweep_hands(1), SWEEP_TALON, totals=[0, 780, 0], c=c)
        queue(s, ROUND, ROUND_TALON, dealer=1)
        sweep(s, 1)  # 780 + 100 -> 880, seats 0 and 2 get a bolt each
        assert last(s).bolt_counts == (1, 0, 1) and s.on_barrel[1] == 1
        round_play(s)  # seat 1 makes 120 from the barrel: 1000
        assert s.winner == 1
        assert last(s).bolt_counts == counts


def test_barrel_freezes_defenders_no_bolt_marks() -> None:
    """barrel_freezes_defenders: seat 1 sweeps from the barrel: no bolt marks for the others."""
    s = deal(SWEEP, SWEEP_TALON, totals=[0, 880, 0], barrel_freezes_defenders=True)
    sweep(s, 1, contract=120)
    assert last(s).bolts == (0, 0, 0) and last(s).deltas == (0, 120, 0)


def test_barrel_freezes_defenders_four_players_talon() -> None:
    """barrel_freezes_defenders, players=4: the dealer's talon (105) is not written either."""
    c = Conventions(players=4, barrel_freezes_defenders=True)
    s = deal(FOUR, FOUR_TALON, totals=[0, 880, 0, 0], c=c)
    run(s, "pass; pass; give KH 2; give QH 3; contract 120")
    finish_tricks(s)
    assert last(s).deltas == (0, 120, 0, 0) and last(s).bolts == (0, 0, 0, 0)
    plain = deal(FOUR, FOUR_TALON, totals=[0, 880, 0, 0], players=4)
    run(plain, "pass; pass; give KH 2; give QH 3; contract 120")
    finish_tricks(plain)
    assert last(plain).deltas == (105, 120, 0, 0) and last(plain).bolts == (0, 0, 1, 1)


def test_barrel_freezes_defenders_other_barrel_sitter_stands_still() -> None:
    """barrel_freezes_defenders: a second player on the barrel is frozen too, and the deal
    is not counted as one of their deals on the barrel (1 stays 1; without: 2)."""
    plain = round_played(ROUND_118, totals=[880, 880, 0])
    assert last(plain).barrel == (2, 0, 0)
    s = round_played(ROUND_118, totals=[880, 880, 0], barrel_freezes_defenders=True)
    assert last(s).barrel == (1, 0, 0) and last(s).deltas == (0, -120, 0)


def test_barrel_freezes_defenders_penalties_still_apply() -> None:
    """barrel_freezes_defenders: the cut's penalty still costs a frozen cutter (seat 2)."""
    c = Conventions(cut_ritual=True, barrel_freezes_defenders=True)
    hands = [mask(h) for h in ROUND]
    s = State(c, random.Random(0), dealer=0, totals=[0, 880, 0], deal=(hands, mask(ROUND_TALON), 3))
    round_play(s, ROUND_118)
    assert last(s).deltas == (0, -120, -120)
    assert Penalty(2, -120, "cut: three nines") in last(s).penalties


def test_barrel_freezes_defenders_not_for_a_concession_or_bomb() -> None:
    """barrel_freezes_defenders: a conceded barrel deal (write_off_on_barrel) and a bomb are
    not played out, so nobody is frozen: the shares are written."""
    c = Conventions(
        barrel_freezes_defenders=True, write_off_free=True, write_off_on_barrel=True, bombs=1
    )
    s = deal(SWEEP, SWEEP_TALON, totals=[0, 880, 0], c=c)
    run(s, "pass; pass; writeoff")
    assert last(s).deltas == (50, 0, 50)
    t = deal(SWEEP, SWEEP_TALON, totals=[0, 880, 0], c=c)
    run(t, "pass; pass; bomb")
    assert last(t).deltas == (60, 0, 60)


def test_barrel_freezes_defenders_only_for_a_barrel_declarer() -> None:
    """barrel_freezes_defenders: a declarer not on the barrel freezes nobody (ROUND: 15, 20)."""
    s = round_played(ROUND_TRICKS, totals=[0, 700, 0], barrel_freezes_defenders=True)
    assert last(s).deltas == (15, 120, 20)


# -- the regional presets --------------------------------------------------------------------


def test_preset_russian_negative_samosval() -> None:
    """russian: Classic plus negative_samosval: -455 - 100 = -555 drops to 0."""
    for preset, total in (("classic", -555), ("russian", 0)):
        s = deal(LOSER, LOSER_TALON, totals=[0, -455, 0], c=Conventions.preset(preset))
        run(s, LOSER_PLAY)
        finish_tricks(s)
        assert s.totals[1] == total, preset


def test_preset_ukrainian_barrel() -> None:
    """ukrainian: the barrel player (880) takes the talon at 125 without bidding
    (talon_to_barrel, over_1000); the sweep's 120 fails it (-125, 755); the others stand
    still (barrel_freezes_defenders): no points, no bolts."""
    s = deal(SWEEP, SWEEP_TALON, totals=[0, 880, 0], c=Conventions.preset("ukrainian"))
    assert s.phase is Phase.DISCARD and (s.declarer, s.bid) == (1, 125)
    sweep(s, 1)
    row = last(s)
    assert row.points == (0, 120, 0)
    assert row.deltas == (0, -125, 0) and row.bolts == (0, 0, 0)
    assert s.totals == [0, 755, 0] and s.barrel_falls == [0, 1, 0]


def test_preset_ukrainian_concession_60() -> None:
    """ukrainian: a concession gives each opponent 60 (write_off_60)."""
    s = deal(SWEEP, SWEEP_TALON, c=Conventions.preset("ukrainian"))
    run(s, "bid 150; pass; pass; writeoff")
    assert last(s).deltas == (60, 60, -150)


def test_preset_polish_bidding_and_talon() -> None:
    """polish: bids in tens from 110; no concession but a bomb; no redeal for a talon of
    two nines (ROUND's J♥ 9♦ 9♥); contracts in tens."""
    s = deal(ROUND, ROUND_TALON, c=Conventions.preset("polish"))
    assert s.phase is Phase.BIDDING and bids(s) == [110, 120]
    run(s, "pass; pass")
    assert legal(s) >= {"bomb"} and not legal(s) & {"writeoff", "redeal"}
    run(s, "give 9D 2; give 9H 0")
    assert contracts(s) == [100, 110, 120, 130, 140, 150, 160]


def test_preset_polish_sweep_scores() -> None:
    """polish: a sweep on 100 writes +100, the defenders 0 and no bolts (bolts off)."""
    s = deal(SWEEP, SWEEP_TALON, c=Conventions.preset("polish"))
    sweep(s, 1)
    assert last(s).deltas == (0, 100, 0) and last(s).bolts == (0, 0, 0)


def test_preset_polish_declare_on_first_lead_and_must_beat() -> None:
    """polish: the declarer may declare the ♠ marriage on the first lead
    (declare_on_first_lead), and a follower must head the trick (must_beat)."""
    s = deal(ROUND, ROUND_TALON, c=Conventions.preset("polish"))
    run(s, "pass; pass; " + ROUND_GIVE)
    assert {"declare KS", "declare QS"} <= legal(s)
    run(s, "play QD")  # seat 2 holds A♦ 10♦ K♦ J♦ 9♦: only A♦, 10♦, K♦ beat the Q♦
    assert legal(s) == {"play AD", "play TD", "play KD"}


@pytest.mark.parametrize("preset", ["russian", "ukrainian", "polish"])
def test_regional_presets_are_valid_at_every_table(preset: str) -> None:
    """The regional presets combine with with_players: barrel off for 2 players."""
    for n in (2, 3, 4):
        c = Conventions.for_players(n, preset)
        assert c.players == n and c.barrel == (n != 2)
        assert Conventions.from_json(c.to_json()) == c
        assert Conventions.from_dict(c.changes()) == c
