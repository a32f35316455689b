"""RULES §2 (seats, dealer, turn order), §3 (the deal, cut_ritual) and §4 (redeals).

Conventions: players, cut_ritual, redeal_same_dealer, redeal_hand_below,
redeal_four_nines, redeal_four_jacks, redeal_talon_below, redeal_two_nines_in_talon,
redeal_four_nines_after_discard, redeal_only_on_100.
"""

from __future__ import annotations

import random

import pytest
from helpers import (
    FH_NINES,
    FH_NINES_TALON,
    SWEEP,
    SWEEP_TALON,
    deal,
    last,
    legal,
    queue,
    run,
    sweep,
    sweep_hands,
)

from thousand import Conventions, Game, IllegalActionError, Penalty, Phase, State, make_record


def first_record_deal(conv: Conventions, seed: int, dealer: int | None = None) -> dict:
    return make_record(Game(conv).new_initial_state(random.Random(seed), dealer=dealer))["deals"][0]


# -- §3 the deal -------------------------------------------------------------------


@pytest.mark.parametrize("seed", range(8))
def test_rules_3_three_players_get_7_7_7_and_a_talon_of_3(seed: int) -> None:
    """RULES §3 / players=3: 7 cards each and a 3-card talon, all 24 cards once."""
    d = first_record_deal(Conventions(), seed)
    assert [len(h) for h in d["hands"]] == [7, 7, 7]
    assert len(d["talon"]) == 3
    assert len({c for h in d["hands"] for c in h} | set(d["talon"])) == 24


@pytest.mark.parametrize("seed", range(8))
def test_rules_11_two_players_get_10_10_and_two_talons_of_2(seed: int) -> None:
    """RULES §11 / players=2: 10 cards each and two 2-card talons."""
    d = first_record_deal(Conventions.preset("two_players"), seed)
    assert [len(h) for h in d["hands"]] == [10, 10]
    assert [len(t) for t in d["talon"]] == [2, 2]
    assert len({c for h in d["hands"] for c in h} | {c for t in d["talon"] for c in t}) == 24


@pytest.mark.parametrize("dealer", range(4))
def test_rules_8_four_players_dealer_sits_out(dealer: int) -> None:
    """RULES §8 four players / players=4: the dealer gets no cards; the others 7, talon 3."""
    s = Game(Conventions(players=4)).new_initial_state(random.Random(dealer), dealer=dealer)
    d = make_record(s)["deals"][0]
    assert [len(h) for h in d["hands"]] == [0 if p == dealer else 7 for p in range(4)]
    assert len(d["talon"]) == 3
    assert s.active == tuple((dealer + 1 + i) % 4 for i in range(3))
    assert dealer not in s.active


def test_rules_3_deal_is_reproducible_from_the_seed() -> None:
    """RULES §3: the shuffle uses the game's seeded generator (same seed, same deal)."""
    a = first_record_deal(Conventions(), 123, dealer=0)
    b = first_record_deal(Conventions(), 123, dealer=0)
    c = first_record_deal(Conventions(), 124, dealer=0)
    assert a == b
    assert a != c


def test_rules_2_first_dealer_is_drawn_at_random() -> None:
    """RULES §2: the first dealer is chosen at random (every seat occurs over seeds)."""
    dealers = {Game(Conventions()).new_initial_state(random.Random(s)).dealer for s in range(40)}
    assert dealers == {0, 1, 2}


# -- §2 seats and turn order --------------------------------------------------------


@pytest.mark.parametrize("dealer", range(3))
def test_rules_2_first_hand_is_dealers_left_and_bidding_starts_after_it(dealer: int) -> None:
    """RULES §2 / §5: first hand = dealer + 1 (holds 100); the first to bid is dealer + 2."""
    s = deal(sweep_hands((dealer + 1) % 3), SWEEP_TALON, dealer=dealer)
    assert s.first == (dealer + 1) % 3
    assert s.high == 100 and s.high_seat == s.first
    assert s.phase is Phase.BIDDING
    assert s.current_player() == (dealer + 2) % 3


def test_rules_2_deal_passes_to_the_left_after_each_deal() -> None:
    """RULES §2: the deal passes one seat clockwise after every (scored) deal."""
    s = deal(SWEEP, SWEEP_TALON, dealer=0)
    queue(s, sweep_hands(2), SWEEP_TALON, dealer=1)
    queue(s, sweep_hands(0), SWEEP_TALON, dealer=2)
    sweep(s, 1)
    assert s.dealer == 1 and s.first == 2
    sweep(s, 2)
    assert s.dealer == 2 and s.first == 0
    sweep(s, 0)
    assert [r.dealer for r in s.rows] == [0, 1, 2]
    assert s.dealer == 0  # and round again


def test_rules_2_queued_deal_with_wrong_dealer_is_refused_by_records() -> None:
    """RULES §2: a record whose dealer breaks the rotation is rejected."""
    from thousand import RecordError, replay

    s = deal(SWEEP, SWEEP_TALON, dealer=0)
    run(s, "pass; pass; writeoff")
    rec = make_record(s)
    rec["deals"][1]["dealer"] = 0
    with pytest.raises(RecordError, match="dealer should be seat 1"):
        replay(rec)


# -- §3 cut_ritual -------------------------------------------------------------------


def test_cut_ritual_third_nine_costs_the_cutter_the_penalty() -> None:
    """cut_ritual: three nines at the bottom cost the cutter (dealer's right) `penalty`."""
    s = deal(SWEEP, SWEEP_TALON, dealer=0, cut_ritual=True)
    queue(s, sweep_hands(2), SWEEP_TALON, dealer=1, cut=3)
    run(s, "pass; pass; writeoff")  # deal 1: -100 for seat 1, +50 for 0 and 2
    run(s, "pass; pass; writeoff")  # deal 2: seat 2 on 100 concedes; cutter = seat 0
    row = last(s)
    assert row.penalties == (Penalty(0, -120, "cut: three nines"),)
    assert row.deltas == (50 - 120, 50, -100)
    assert s.totals == [-20, -50, -50]


def test_cut_ritual_penalty_uses_the_penalty_convention() -> None:
    """cut_ritual with penalty=60: the cut costs 60."""
    s = deal(SWEEP, SWEEP_TALON, dealer=0, cut_ritual=True, penalty=60)
    queue(s, sweep_hands(2), SWEEP_TALON, dealer=1, cut=3)
    run(s, "pass; pass; writeoff; pass; pass; writeoff")
    assert last(s).penalties == (Penalty(0, -60, "cut: three nines"),)


def test_cut_ritual_two_nines_cost_nothing() -> None:
    """cut_ritual: only the third nine in a row is penalised."""
    s = deal(SWEEP, SWEEP_TALON, dealer=0, cut_ritual=True)
    queue(s, sweep_hands(2), SWEEP_TALON, dealer=1, cut=2)
    run(s, "pass; pass; writeoff; pass; pass; writeoff")
    assert last(s).penalties == ()


def test_cut_ritual_random_deals_record_the_cut_and_charge_it() -> None:
    """cut_ritual: seeded deals sometimes see three nines; that deal charges the cutter."""
    c = Conventions(cut_ritual=True)
    seed = next(
        k for k in range(3000) if State(c, random.Random(k), dealer=0).deal_info["cut"] == 3
    )
    s = State(c, random.Random(seed), dealer=0)
    assert make_record(s)["deals"][0]["cut"] == 3
    while s.phase is Phase.REDEAL:
        s.apply_str("keep")
    while s.phase is Phase.BIDDING:
        s.apply_str("pass")
    s.apply_str("writeoff")
    assert Penalty(2, -120, "cut: three nines") in s.rows[0].penalties


def test_cut_ritual_off_never_deals_a_cut() -> None:
    """cut_ritual off: no cut is made, so no deal records nines in the cut."""
    for k in range(300):
        assert State(Conventions(), random.Random(k), dealer=0).deal_info["cut"] == 0


def test_cut_ritual_off_ignores_a_recorded_cut() -> None:
    """cut_ritual off: no cut penalty, even if a queued deal (record) claims 3 nines."""
    s = deal(SWEEP, SWEEP_TALON, dealer=0)
    queue(s, sweep_hands(2), SWEEP_TALON, dealer=1, cut=3)
    run(s, "pass; pass; writeoff; pass; pass; writeoff")
    assert last(s).penalties == ()


# -- §4 redeals ----------------------------------------------------------------------

# dealer 0: seat 2 holds 13 points (JS 9S JC 9C QD KD JD), seat 1 53, seat 0 49.
LOW = ["AD TD AH TH KH QH 9H", "AS TS KS QS AC TC KC", "JS 9S JC 9C QD KD JD"]
LOW_TALON = "QC 9D JH"  # 5 points, one nine
# the same with seat 2 at exactly 14 (QC instead of JD); the talon is then JD 9D JH.
FOURTEEN = ["AD TD AH TH KH QH 9H", "AS TS KS QS AC TC KC", "JS 9S JC 9C QD KD QC"]
FOURTEEN_TALON = "JD 9D JH"


def test_rules_4_redeal_hand_below_14_is_offered_before_bidding() -> None:
    """RULES §4 / redeal_hand_below=14: a 13-point hand may ask for a redeal."""
    s = deal(LOW, LOW_TALON)
    assert s.phase is Phase.REDEAL
    assert s.current_player() == 2
    assert legal(s) == {"redeal", "keep"}


def test_rules_4_redeal_hand_of_exactly_14_does_not_qualify() -> None:
    """redeal_hand_below=14: 'fewer than 14' - a 14-point hand goes straight to bidding."""
    s = deal(FOURTEEN, FOURTEEN_TALON)
    assert s.phase is Phase.BIDDING
    with pytest.raises(IllegalActionError, match="redeal"):
        s.apply_str("redeal")


def test_redeal_hand_below_threshold_is_configurable() -> None:
    """redeal_hand_below=None: no hand-points redeal; =20 makes a 14-point hand qualify."""
    assert deal(LOW, LOW_TALON, redeal_hand_below=None).phase is Phase.BIDDING
    s = deal(FOURTEEN, FOURTEEN_TALON, redeal_hand_below=20)
    assert s.phase is Phase.REDEAL and s.current_player() == 2


def test_rules_4_keep_goes_on_to_bidding() -> None:
    """RULES §4: declining the redeal ('keep') goes on to the bidding."""
    s = deal(LOW, LOW_TALON)
    s.apply_str("keep")
    assert s.phase is Phase.BIDDING
    assert s.current_player() == 2


def test_rules_4_redeal_costs_nothing_and_same_dealer_deals_again() -> None:
    """RULES §4 / redeal_same_dealer (on): a redeal scores nothing; the same dealer deals."""
    s = deal(LOW, LOW_TALON, dealer=0, totals=[10, 20, 30])
    queue(s, SWEEP, SWEEP_TALON, dealer=0)
    s.apply_str("redeal")
    row = s.rows[0]
    assert row.kind == "redeal"
    assert row.deltas == (0, 0, 0)
    assert row.totals == (10, 20, 30)
    assert "seat 2" in row.note
    assert (row.asker, row.why) == (2, "hand_below")  # the sheet says who asked and why
    assert s.dealer == 0
    assert s.phase is Phase.BIDDING  # the queued SWEEP deal
    assert s.totals == [10, 20, 30]


def test_redeal_same_dealer_off_passes_the_deal() -> None:
    """redeal_same_dealer off: after a redeal the next seat deals (RULES §2)."""
    s = deal(LOW, LOW_TALON, dealer=0, redeal_same_dealer=False)
    s.apply_str("redeal")
    assert s.rows[0].kind == "redeal"
    assert s.dealer == 1
    assert s.first == 2


# four nines for seat 2; seat 1 (first hand) has one nine.
NINES = ["KD QD JD AH TH KH QH", "AS TS KS QS KC QC JC", "9S 9C 9D 9H JS AC TC"]
NINES_TALON = "JH AD TD"


def test_rules_4_four_nines_qualify() -> None:
    """RULES §4 / redeal_four_nines: four nines in hand (not first hand) may ask a redeal."""
    s = deal(NINES, NINES_TALON)
    assert s.phase is Phase.REDEAL and s.current_player() == 2
    s.apply_str("redeal")
    assert (s.rows[0].asker, s.rows[0].why) == (2, "four_nines")


def test_rules_4_three_nines_suffice_for_first_hand() -> None:
    """RULES §4 / redeal_four_nines: three nines are enough for first hand."""
    s = deal(FH_NINES, FH_NINES_TALON)
    assert s.phase is Phase.REDEAL and s.current_player() == 1
    s.apply_str("redeal")
    assert (s.rows[0].asker, s.rows[0].why) == (1, "three_nines")


def test_rules_4_three_nines_are_not_enough_for_others() -> None:
    """redeal_four_nines: three nines do not qualify a seat other than first hand."""
    # FH_NINES moved one seat on: the three nines are now at seat 2 (first hand is 1).
    hands = ["9S 9C 9D AS TS AC TC", "KD QD JD AH TH KH QH", "KS QS JS KC QC JC 9H"]
    s = deal([hands[2], hands[1], hands[0]], FH_NINES_TALON)
    assert s.phase is Phase.BIDDING


def test_redeal_four_nines_off() -> None:
    """redeal_four_nines off: four nines (and three for first hand) do not qualify."""
    assert deal(NINES, NINES_TALON, redeal_four_nines=False).phase is Phase.BIDDING
    assert deal(FH_NINES, FH_NINES_TALON, redeal_four_nines=False).phase is Phase.BIDDING


JACKS = ["KD QD 9D AH TH KH QH", "AS TS KS QS KC QC 9C", "JS JC JD JH 9S AC TC"]
JACKS_TALON = "9H AD TD"


def test_redeal_four_jacks_off_by_default() -> None:
    """redeal_four_jacks (off): four jacks do not qualify by default."""
    assert deal(JACKS, JACKS_TALON).phase is Phase.BIDDING


def test_redeal_four_jacks_on() -> None:
    """redeal_four_jacks on: four jacks in hand may ask for a redeal."""
    s = deal(JACKS, JACKS_TALON, redeal_four_jacks=True)
    assert s.phase is Phase.REDEAL and s.current_player() == 2
    s.apply_str("redeal")
    assert s.rows[0].kind == "redeal"


def test_rules_4_every_qualifying_seat_is_asked_from_first_hand_on() -> None:
    """RULES §4: each qualifying seat is asked in turn, first hand first."""
    # seat 1 (first hand) three nines, seat 2 four jacks.
    hands = ["KD QD TH KH QH AD TD", "9S 9C 9D AS TS AC TC", "JS JC JD JH KS QS KC"]
    s = deal(hands, "QC AH 9H", redeal_four_jacks=True)
    assert s.phase is Phase.REDEAL and s.current_player() == 1
    s.apply_str("keep")
    assert s.phase is Phase.REDEAL and s.current_player() == 2
    s.apply_str("keep")
    assert s.phase is Phase.BIDDING


# talon-based redeals: the declarer is seat 1 (on 100) with the SWEEP hand.
def talon_deal(talon: str, **kw: object) -> State:
    """SWEEP with another talon: seat 0 and seat 2 get the talon's cards swapped in."""
    pool = set(SWEEP_TALON.split()) | set(SWEEP[0].split()) | set(SWEEP[2].split())
    rest = sorted(pool - set(talon.split()))
    return deal(
        [" ".join(rest[:7]), SWEEP[1], " ".join(rest[7:])],
        talon,
        redeal_hand_below=None,
        redeal_four_nines=False,
        **kw,
    )


def test_rules_4_talon_below_5_lets_the_declarer_redeal() -> None:
    """RULES §4 / redeal_talon_below=5: a 4-point talon lets the declarer ask a redeal."""
    s = talon_deal("JD JH 9C")  # 4 points, one nine
    run(s, "pass; pass")
    assert s.phase is Phase.DISCARD
    assert "redeal" in legal(s)
    s.apply_str("redeal")
    assert s.rows[0].kind == "redeal"
    assert s.rows[0].deltas == (0, 0, 0)
    assert "seat 1" in s.rows[0].note
    assert (s.rows[0].asker, s.rows[0].why) == (1, "talon_below")


def test_rules_4_talon_of_5_points_does_not_qualify() -> None:
    """redeal_talon_below=5: a 5-point talon gives no redeal."""
    s = talon_deal("JD QH 9C")  # 5 points
    run(s, "pass; pass")
    assert "redeal" not in legal(s)
    with pytest.raises(IllegalActionError, match="do not allow a redeal"):
        s.apply_str("redeal")


def test_redeal_talon_below_configurable() -> None:
    """redeal_talon_below: None switches it off; 12 makes an 11-point talon qualify."""
    s = talon_deal("JD JH 9C", redeal_talon_below=None)
    run(s, "pass; pass")
    assert "redeal" not in legal(s)
    s = talon_deal("AD 9C 9H", redeal_talon_below=12, redeal_two_nines_in_talon=False)
    run(s, "pass; pass")
    assert "redeal" in legal(s)


def test_rules_4_two_nines_in_talon() -> None:
    """RULES §4 / redeal_two_nines_in_talon: a talon with two nines lets the declarer redeal."""
    s = talon_deal("AD 9C 9H")  # 11 points, two nines
    run(s, "pass; pass")
    assert "redeal" in legal(s)
    s = talon_deal("AD 9C 9H", redeal_two_nines_in_talon=False)
    run(s, "pass; pass")
    assert "redeal" not in legal(s)


def test_rules_4_talon_redeal_only_before_the_first_card_is_passed() -> None:
    """RULES §4: the talon redeal is asked on taking the talon, not after passing a card."""
    s = talon_deal("JD JH 9C")
    run(s, "pass; pass; give JD 2")
    assert "redeal" not in legal(s)


def test_redeal_only_on_100() -> None:
    """redeal_only_on_100: the talon-based redeal only when the talon was taken on 100."""
    s = talon_deal("JD JH 9C", redeal_only_on_100=True)
    run(s, "pass; pass")  # on 100
    assert "redeal" in legal(s)
    s = talon_deal("JD JH 9C", redeal_only_on_100=True)
    run(s, "bid 105; pass; bid 110; pass")  # seat 1 wins by bidding 110
    assert s.declarer == 1 and not s.on_100
    assert "redeal" not in legal(s)
    s = talon_deal("JD JH 9C")
    run(s, "bid 105; pass; bid 110; pass")
    assert "redeal" in legal(s)


# redeal_four_nines_after_discard: seat 0 holds three nines and receives the fourth.
AFTER = ["9C 9D 9H AH TH KH QH", "AS TS KS QS JS AC TC", "KC QC JC AD TD KD QD"]
AFTER_TALON = "9S JD JH"


def test_redeal_four_nines_after_discard_receiver() -> None:
    """redeal_four_nines_after_discard: a receiver now holding four nines may ask a redeal."""
    s = deal(
        AFTER,
        AFTER_TALON,
        redeal_four_nines_after_discard=True,
        redeal_talon_below=None,
        redeal_two_nines_in_talon=False,
    )
    run(s, "pass; pass; give 9S 0; give JD 2")
    assert s.phase is Phase.REDEAL
    assert s.current_player() == 0
    assert legal(s) == {"redeal", "keep"}
    s.apply_str("keep")
    assert s.phase is Phase.CONTRACT
    assert s.current_player() == 1


def test_redeal_four_nines_after_discard_receiver_redeals() -> None:
    """redeal_four_nines_after_discard: the redeal scores nothing."""
    s = deal(
        AFTER,
        AFTER_TALON,
        redeal_four_nines_after_discard=True,
        redeal_talon_below=None,
        redeal_two_nines_in_talon=False,
    )
    run(s, "pass; pass; give 9S 0; give JD 2; redeal")
    assert s.rows[0].kind == "redeal" and "seat 0" in s.rows[0].note
    assert (s.rows[0].asker, s.rows[0].why) == (0, "four_nines")


def test_redeal_four_nines_after_discard_declarer_after_the_talon() -> None:
    """redeal_four_nines_after_discard: the declarer holding four nines with the talon."""
    # seat 1 holds 9S 9C 9D, the talon brings 9H.
    hands = ["KH QH AH TH KD QD AD", "9S 9C 9D AS TS AC TC", "KS QS JS KC QC JC TD"]
    s = deal(
        hands,
        "9H JD JH",
        redeal_four_nines_after_discard=True,
        redeal_four_nines=False,
        redeal_talon_below=None,
        redeal_two_nines_in_talon=False,
    )
    run(s, "pass; pass")
    assert "redeal" in legal(s)


def test_redeal_four_nines_after_discard_off_by_default() -> None:
    """redeal_four_nines_after_discard (off): receiving the fourth nine gives no redeal."""
    s = deal(AFTER, AFTER_TALON, redeal_talon_below=None, redeal_two_nines_in_talon=False)
    run(s, "pass; pass; give 9S 0; give JD 2")
    assert s.phase is Phase.CONTRACT


def test_cut_ritual_penalty_stands_on_a_redeal() -> None:
    """cut_ritual: the cut's penalty is charged even when the deal is then redealt."""
    s = deal(SWEEP, SWEEP_TALON, dealer=0, cut_ritual=True)
    queue(s, LOW, LOW_TALON, dealer=1, cut=3)  # seat 0 (dealer 1's right) cut three nines
    run(s, "pass; pass; writeoff")
    assert s.phase is Phase.REDEAL and s.current_player() == 2  # seat 2's 13-point hand
    s.apply_str("redeal")
    row = last(s)
    assert row.kind == "redeal"
    assert row.penalties == (Penalty(0, -120, "cut: three nines"),)
    assert row.deltas == (-120, 0, 0)
