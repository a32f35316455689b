"""RULES §5 (bidding) and §6 (talon, discard, contract).

Conventions: min_raise, no_jumps, bid_cap, bid_over_120_without_marriage,
hide_talon_on_100, open_discard, silence_below.
"""

from __future__ import annotations

import pytest
from helpers import SWEEP, SWEEP_TALON, bids, contracts, deal, legal, mask, run

from thousand import IllegalActionError, Phase

# dealer 0, first hand seat 1.
#   seat 0: three marriages ♣ ♦ ♥ (240): limit 360, capped at 300
#   seat 1: ♠ marriage: limit 160
#   seat 2: no marriage: limit 120
BID = ["KC QC KD QD KH QH 9D", "AS TS KS QS AH TH JH", "AC TC JC 9C AD TD JS"]
BID_TALON = "9S JD 9H"
# seat 1 holds ♠ and ♥ marriages: limit 260 (the RULES §5 example).
TWO_MAR = ["KC QC KD QD 9D JD 9S", "AS TS KS QS AH KH QH", "AC TC JC 9C AD TD JS"]
TWO_MAR_TALON = "TH JH 9H"


# -- §5 bidding -------------------------------------------------------------------------


def test_rules_5_first_hand_holds_an_obligatory_100() -> None:
    """RULES §5: first hand holds 100; the first bid must be above it."""
    s = deal(SWEEP, SWEEP_TALON)
    assert (s.high, s.high_seat) == (100, 1)
    assert bids(s)[0] == 105
    with pytest.raises(IllegalActionError, match="must be above 100"):
        s.apply_str("bid 100")


def test_rules_5_bidding_goes_clockwise_from_first_hands_left() -> None:
    """RULES §5: bidding starts left of first hand and goes clockwise (2, 0, 1, 2 ...)."""
    s = deal(SWEEP, SWEEP_TALON)
    order = []
    for v in (105, 110, 115, 120):
        order.append(s.current_player())
        s.apply_str(f"bid {v}")
    assert order == [2, 0, 1, 2]


def test_rules_5_pass_is_final_for_the_deal() -> None:
    """RULES §5: a player who passed is skipped for the rest of the bidding."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "pass; bid 105; bid 110")  # seat 2 passes, 0 bids, 1 raises
    assert s.current_player() == 0  # seat 2 is skipped
    run(s, "bid 115; bid 120")
    assert s.current_player() == 0


def test_rules_5_any_multiple_of_5_may_be_bid() -> None:
    """RULES §5 / min_raise=5, no_jumps off: every multiple of 5 from 105 to the limit."""
    s = deal(SWEEP, SWEEP_TALON)
    assert bids(s) == list(range(105, 185, 5))  # seat 2: ♣ marriage, limit 180
    s.apply_str("bid 150")  # a jump
    assert s.high == 150 and s.high_seat == 2
    assert bids(s) == list(range(155, 225, 5))  # seat 0: ♥ marriage, limit 220


def test_rules_5_last_bidder_wins_and_first_hand_may_raise() -> None:
    """RULES §5: first hand may raise; when all others pass, the last bidder declares."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "bid 105; pass; bid 110; pass")
    assert s.declarer == 1
    assert (s.bid, s.contract) == (110, 110)
    assert not s.on_100


def test_rules_5_last_bidder_other_than_first_hand() -> None:
    """RULES §5: when everybody else passes, the last bidder (not first hand) declares."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "bid 115; pass; pass")
    assert s.declarer == 2 and s.bid == 115
    assert s.phase is Phase.DISCARD and s.current_player() == 2


def test_rules_5_taken_on_100() -> None:
    """RULES §5: everybody passes without a raise - first hand plays 100 on the hundred."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "pass; pass")
    assert s.declarer == 1 and s.contract == 100 and s.on_100


def test_rules_5_bid_above_120_needs_a_marriage() -> None:
    """RULES §5: without a marriage the limit is 120."""
    s = deal(BID, BID_TALON)
    assert s.current_player() == 2
    assert bids(s) == [105, 110, 115, 120]
    with pytest.raises(IllegalActionError, match="needs a marriage"):
        s.apply_str("bid 125")


def test_rules_5_limit_is_120_plus_marriages_in_hand() -> None:
    """RULES §5: the limit is 120 + marriages held (♠ and ♥: 260; ♠ alone: 160)."""
    s = deal(TWO_MAR, TWO_MAR_TALON)
    run(s, "bid 105; pass")
    assert bids(s)[-1] == 260
    s = deal(BID, BID_TALON)
    run(s, "bid 105; pass")
    assert bids(s)[-1] == 160
    with pytest.raises(IllegalActionError, match="allow at most 160"):
        s.apply_str("bid 165")


def test_rules_5_absolute_cap_300() -> None:
    """RULES §5 / bid_cap=300: three marriages (120 + 240) still stop at 300."""
    s = deal(BID, BID_TALON)
    s.apply_str("pass")
    assert bids(s)[-1] == 300
    s.apply_str("bid 300")
    assert s.high == 300
    with pytest.raises(IllegalActionError, match="multiple of 5 from 100 to 300"):
        s.apply_str("bid 305")


def test_bid_cap_lower() -> None:
    """bid_cap=200: bids (and the final contract) stop at 200."""
    s = deal(BID, BID_TALON, bid_cap=200)
    s.apply_str("pass")
    assert bids(s)[-1] == 200
    with pytest.raises(IllegalActionError, match="bids stop at 200"):
        s.apply_str("bid 205")
    run(s, "bid 200; pass; give 9D 1; give 9S 2")
    assert contracts(s)[-1] == 200


def test_bid_over_120_without_marriage() -> None:
    """bid_over_120_without_marriage: a hand without marriage may bid up to the cap."""
    s = deal(BID, BID_TALON, bid_over_120_without_marriage=True)
    assert bids(s)[-1] == 300
    s.apply_str("bid 250")
    assert s.high == 250


def test_min_raise_10() -> None:
    """min_raise=10: the smallest raise is 10 (105 refused, 110 and above allowed)."""
    s = deal(SWEEP, SWEEP_TALON, min_raise=10)
    assert bids(s)[0] == 110
    with pytest.raises(IllegalActionError, match="smallest raise is 10"):
        s.apply_str("bid 105")
    s.apply_str("bid 115")
    assert bids(s)[0] == 125


def test_no_jumps() -> None:
    """no_jumps: a raise must be exactly min_raise."""
    s = deal(SWEEP, SWEEP_TALON, no_jumps=True)
    assert bids(s) == [105]
    with pytest.raises(IllegalActionError, match="jumps are not allowed, bid 105"):
        s.apply_str("bid 110")
    run(s, "bid 105")
    assert bids(s) == [110]
    s = deal(SWEEP, SWEEP_TALON, no_jumps=True, min_raise=10)
    assert bids(s) == [110]


def test_silence_below() -> None:
    """silence_below=100: a player whose total is below 100 may only pass (*молчание*)."""
    s = deal(SWEEP, SWEEP_TALON, totals=[100, 0, 95], silence_below=100)
    assert s.current_player() == 2
    assert legal(s) == {"pass"}
    with pytest.raises(IllegalActionError, match="below 100 and must stay silent"):
        s.apply_str("bid 105")
    s.apply_str("pass")
    assert bids(s)[0] == 105  # seat 0 has exactly 100: not silent
    run(s, "bid 105")
    assert legal(s) == {"pass"}  # seat 1 (first hand, total 0) is silent too
    s.apply_str("pass")
    assert s.declarer == 0 and s.contract == 105


def test_silence_below_first_hand_still_plays_100() -> None:
    """silence_below: a silent first hand still plays the obligatory 100 if all pass."""
    s = deal(SWEEP, SWEEP_TALON, totals=[200, 0, 200], silence_below=50)
    run(s, "pass; pass")
    assert s.declarer == 1 and s.on_100


# -- §6 talon, discard, contract ------------------------------------------------------------


def test_rules_6_declarer_takes_the_talon() -> None:
    """RULES §6: the declarer takes the talon (10 cards) and must pass cards."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "bid 105; pass; pass")
    assert s.phase is Phase.DISCARD and s.current_player() == 2
    assert s.hands[2] == mask(SWEEP[2]) | mask(SWEEP_TALON)
    assert s.observation(2).hand_sizes == (7, 7, 10)


def test_rules_6_talon_is_shown_after_bidding() -> None:
    """RULES §6: the talon is shown to all players when won by bidding."""
    s = deal(SWEEP, SWEEP_TALON)
    assert all(s.observation(p).talon is None for p in range(3))  # face down before
    run(s, "bid 105; pass; pass")
    assert all(s.observation(p).talon == mask(SWEEP_TALON) for p in range(3))


def test_rules_6_talon_hidden_when_taken_on_100() -> None:
    """RULES §6 / hide_talon_on_100 (on): taken on 100, only the declarer sees the talon."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "pass; pass")
    assert s.observation(1).talon == mask(SWEEP_TALON)
    assert s.observation(0).talon is None
    assert s.observation(2).talon is None


def test_hide_talon_on_100_off() -> None:
    """hide_talon_on_100 off: the talon is shown even when taken on 100."""
    s = deal(SWEEP, SWEEP_TALON, hide_talon_on_100=False)
    run(s, "pass; pass")
    assert s.observation(0).talon == mask(SWEEP_TALON)


def test_rules_6_first_hand_raising_itself_is_not_on_100() -> None:
    """RULES §5/§6: after a raise the contract was bid, so the talon is shown."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "bid 105; pass; bid 110; pass")
    assert not s.on_100
    assert s.observation(0).talon == mask(SWEEP_TALON)


def test_rules_6_discard_one_card_to_each_opponent() -> None:
    """RULES §6: the declarer passes one card to each opponent; then everybody holds 8."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "pass; pass; give JD 2")
    with pytest.raises(IllegalActionError, match="give one card to each opponent"):
        s.apply_str("give JH 2")
    with pytest.raises(IllegalActionError, match="not in the declarer's hand"):
        s.apply_str("give QH 0")
    s.apply_str("give JH 0")
    assert s.phase is Phase.CONTRACT
    assert [h.bit_count() for h in s.hands] == [8, 8, 8]
    assert s.hands[0] == mask(SWEEP[0]) | mask("JH")


def test_rules_6_cannot_give_to_oneself() -> None:
    """RULES §6: cards go to the opponents, not back to the declarer."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "pass; pass")
    with pytest.raises(IllegalActionError, match="give one card to each opponent"):
        s.apply_str("give JD 1")


def test_rules_6_passed_card_seen_by_receiver_only() -> None:
    """RULES §6 / open_discard off: a passed card is seen by its receiver (and the declarer)."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "pass; pass; give JD 2; give JH 0")
    jd, jh = mask("JD").bit_length() - 1, mask("JH").bit_length() - 1
    assert s.observation(2).received == ((1, jd),)
    assert s.observation(2).known_gives == ((jd, 2),)
    assert s.observation(0).known_gives == ((jh, 0),)
    assert set(s.observation(1).known_gives) == {(jd, 2), (jh, 0)}


def test_open_discard() -> None:
    """open_discard: both passed cards are shown to everybody."""
    s = deal(SWEEP, SWEEP_TALON, open_discard=True)
    run(s, "pass; pass; give JD 2; give JH 0")
    jd, jh = mask("JD").bit_length() - 1, mask("JH").bit_length() - 1
    assert set(s.observation(0).known_gives) == {(jd, 2), (jh, 0)}
    assert set(s.observation(2).known_gives) == {(jd, 2), (jh, 0)}


def test_rules_6_contract_may_be_raised_up_to_the_limit() -> None:
    """RULES §6: the final contract runs from the bid up to 120 + marriages of the 8 cards."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "bid 105; pass; bid 110; pass; give JD 2; give JH 0")
    assert contracts(s) == list(range(110, 165, 5))
    with pytest.raises(IllegalActionError, match="may be at most 160"):
        s.apply_str("contract 165")
    s.apply_str("contract 135")
    assert s.contract == 135 and s.bid == 110
    assert s.phase is Phase.PLAY and s.current_player() == 1


def test_rules_6_contract_is_never_lowered() -> None:
    """RULES §6: the contract may not go below the bid."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "bid 105; pass; bid 110; pass; give JD 2; give JH 0")
    with pytest.raises(IllegalActionError, match="may not be lower than 110"):
        s.apply_str("contract 105")


def test_rules_6_marriage_from_the_talon_counts_for_the_contract() -> None:
    """RULES §6: marriages of the new hand count; a marriage given away does not."""
    # seat 1 sweeps with ♠ marriage; the talon brings K♥ Q♥.
    hands = ["QD 9D AH TH JH 9H TC", "AS TS KS QS JS 9S AC", "KC QC JC 9C AD TD KD"]
    s = deal(hands, "KH QH JD")
    run(s, "pass; pass; give JD 2; give 9S 0")
    assert contracts(s)[-1] == 120 + 40 + 100
    s = deal(hands, "KH QH JD")
    run(s, "pass; pass; give QH 2; give QS 0")
    assert contracts(s) == [100, 105, 110, 115, 120]


def test_rules_6_concession_offered_on_the_talon_and_at_the_contract() -> None:
    """RULES §6/§8: the declarer may concede instead of playing (engine: before passing the
    first card, and again at the contract), but not halfway through the discard."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "pass; pass")
    assert "writeoff" in legal(s)
    s.apply_str("give JD 2")
    assert "writeoff" not in legal(s)
    with pytest.raises(IllegalActionError, match="concession is not allowed now"):
        s.apply_str("writeoff")
    s.apply_str("give JH 0")
    assert "writeoff" in legal(s)


def test_rules_6_actions_of_other_phases_are_refused_with_a_reason() -> None:
    """RULES §6: cards cannot be played during the discard; bids are over."""
    s = deal(SWEEP, SWEEP_TALON)
    run(s, "pass; pass")
    with pytest.raises(IllegalActionError, match="not allowed in the discard phase"):
        s.apply_str("bid 105")
    with pytest.raises(IllegalActionError, match="not allowed in the discard phase"):
        s.apply_str("play AS")
    run(s, "give JD 2; give JH 0; contract 100")
    with pytest.raises(IllegalActionError, match="time to play a card"):
        s.apply_str("bid 105")
