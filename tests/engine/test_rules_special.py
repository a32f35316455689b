"""RULES §10 special deals: the golden round and the dark game (silence: see bidding).

Conventions: golden_round, golden_reset, golden_raise, golden_double_bolts,
write_off_on_golden, dark_game, dark_hide_talon, dark_not_on_barrel, dark_write_off,
dark_unblind, dark_unblind_takes_talon, dark_cap_240, dark_double_bolts, dark_min_total.
"""

from __future__ import annotations

import pytest
from helpers import (
    ROUND,
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
    run,
    sweep_hands,
)

from thousand import Conventions, IllegalActionError, Penalty, Phase, State

# -- golden round -----------------------------------------------------------------------


def golden_sweep(s: State, declarer: int, contract: int = 120) -> State:
    """A golden deal of sweep_hands(declarer) where ``declarer`` is first hand."""
    assert s.phase is Phase.DISCARD and s.declarer == declarer
    opp = [p for p in s.active if p != declarer]
    run(s, f"give JD {opp[0]}; give JH {opp[1]}; contract {contract}")
    return finish_tricks(s)


def test_rules_10_golden_first_hand_must_play_120_without_bidding() -> None:
    """RULES §10 / golden_round: first hand plays 120 without bidding; the contract stays."""
    s = deal(SWEEP, SWEEP_TALON, golden_round=True)
    assert s.phase is Phase.DISCARD
    assert (s.declarer, s.bid) == (1, 120)
    assert s.bids == []
    assert s.golden_deal
    run(s, "give JD 2; give JH 0")
    assert legal(s) == {"contract 120"}


def test_rules_10_golden_everything_counts_double() -> None:
    """RULES §10 / golden_double_bolts: made 120 -> +240; a bolt counts as two marks."""
    s = deal(SWEEP, SWEEP_TALON, golden_round=True)
    golden_sweep(s, 1)
    row = last(s)
    assert row.golden
    assert row.deltas == (0, 240, 0)
    assert row.bolts == (2, 0, 2)


def test_rules_10_golden_defenders_and_failure_double() -> None:
    """RULES §10: golden deal of ROUND: declarer 125 -> +240; defenders 15*2, 20*2."""
    s = deal(ROUND, ROUND_TALON, golden_round=True)
    run(s, ROUND_GIVE)
    for t in ROUND_TRICKS:
        run(s, t)
    assert last(s).deltas == (30, 240, 40)


def test_rules_10_golden_failure_costs_240() -> None:
    """RULES §10: a failed golden contract costs -240."""
    # seat 1 first hand with a poor hand; seat 2 holds the sweeping cards.
    s = deal(
        sweep_hands(2),
        SWEEP_TALON,
        golden_round=True,
        redeal_hand_below=None,
        redeal_four_nines=False,
    )
    run(s, "give JD 2; give JH 0; contract 120")
    finish_tricks(s)
    assert last(s).made is False
    assert last(s).deltas[1] == -240


def test_golden_double_bolts_off() -> None:
    """golden_double_bolts off: a bolt in a golden deal is one mark."""
    s = deal(SWEEP, SWEEP_TALON, golden_round=True, golden_double_bolts=False)
    golden_sweep(s, 1)
    assert last(s).bolts == (1, 0, 1)
    assert last(s).deltas == (0, 240, 0)


def test_rules_10_golden_third_bolt_penalty_doubled() -> None:
    """RULES §10: a penalty in a golden deal counts double (third bolt: -240)."""
    s = deal(SWEEP, SWEEP_TALON, golden_round=True)
    queue(s, sweep_hands(2), SWEEP_TALON, dealer=1)
    golden_sweep(s, 1)  # seats 0 and 2: two marks each
    golden_sweep(s, 2)  # seat 0 reaches three marks: -240
    row = last(s)
    assert Penalty(0, -240, "third bolt") in row.penalties
    assert row.deltas[0] == -240


def test_rules_10_golden_round_is_one_deal_per_player() -> None:
    """RULES §10: the golden round is the first round; each first hand plays it once."""
    s = deal(SWEEP, SWEEP_TALON, golden_round=True, bolts="off")
    queue(s, sweep_hands(2), SWEEP_TALON, dealer=1)
    queue(s, sweep_hands(0), SWEEP_TALON, dealer=2)
    queue(s, SWEEP, SWEEP_TALON, dealer=0)
    golden_sweep(s, 1)
    golden_sweep(s, 2)
    golden_sweep(s, 0)
    assert [r.golden for r in s.rows] == [True, True, True]
    assert s.totals == [240, 240, 240]
    assert not s.golden_deal
    assert s.phase is Phase.BIDDING  # ordinary play after the round


def golden_concessions(c: Conventions) -> State:
    """Three golden deals, each conceded free by first hand: 60 * 2 to each opponent."""
    s = deal(SWEEP, SWEEP_TALON, c=c)
    queue(s, SWEEP, SWEEP_TALON, dealer=1)
    queue(s, SWEEP, SWEEP_TALON, dealer=2)
    queue(s, SWEEP, SWEEP_TALON, dealer=0)
    for _ in range(3):
        s.apply_str("writeoff")
    return s


def test_write_off_on_golden() -> None:
    """write_off_on_golden (+ write_off_free): concession allowed in the golden round."""
    s = deal(SWEEP, SWEEP_TALON, golden_round=True)
    assert "writeoff" not in legal(s)
    s = deal(SWEEP, SWEEP_TALON, golden_round=True, write_off_free=True, write_off_on_golden=True)
    s.apply_str("writeoff")
    assert last(s).deltas == (120, 0, 120)


def test_golden_reset() -> None:
    """golden_reset: nobody made 120 in the round: totals reset, the golden round repeats."""
    s = golden_concessions(
        Conventions(golden_round=True, write_off_free=True, write_off_on_golden=True)
    )
    assert [r.totals for r in s.rows] == [(120, 0, 120), (240, 120, 120), (0, 0, 0)]
    assert Penalty(1, -240, "golden round reset") in last(s).penalties
    assert s.totals == [0, 0, 0]
    assert s.golden_deal  # the golden round again
    assert s.phase is Phase.DISCARD and s.declarer == 1


def test_golden_reset_off() -> None:
    """golden_reset off: after a golden round nobody made, ordinary play starts."""
    s = golden_concessions(
        Conventions(
            golden_round=True, golden_reset=False, write_off_free=True, write_off_on_golden=True
        )
    )
    assert s.totals == [240, 240, 240]
    assert not s.golden_deal
    assert s.phase is Phase.BIDDING


def test_golden_no_reset_when_someone_made_120() -> None:
    """golden_reset: a round in which someone made 120 is not repeated."""
    c = Conventions(golden_round=True, write_off_free=True, write_off_on_golden=True, bolts="off")
    s = deal(SWEEP, SWEEP_TALON, c=c)
    queue(s, SWEEP, SWEEP_TALON, dealer=1)
    queue(s, SWEEP, SWEEP_TALON, dealer=2)
    queue(s, SWEEP, SWEEP_TALON, dealer=0)
    golden_sweep(s, 1)
    run(s, "writeoff; writeoff")
    # deal 1 +240 for seat 1; deals 2 and 3 conceded: 120 to each opponent
    assert s.totals == [120, 240 + 120 + 120, 120]
    assert not s.golden_deal


def test_golden_raise() -> None:
    """golden_raise: the golden declarer may raise above 120 (limit 160 with ♠)."""
    s = deal(SWEEP, SWEEP_TALON, golden_round=True, golden_raise=True)
    run(s, "give JD 2; give JH 0")
    assert contracts(s) == list(range(120, 165, 5))
    s.apply_str("contract 150")
    finish_tricks(s)
    assert last(s).deltas[1] == -300  # 120 card points < 150, doubled


# -- dark game ---------------------------------------------------------------------------


def test_rules_10_dark_offered_to_first_hand_before_looking() -> None:
    """RULES §10 / dark_game: first hand chooses dark or look before seeing its cards."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True)
    assert s.phase is Phase.DARK and s.current_player() == 1
    assert legal(s) == {"dark", "look"}
    assert s.observation(1).hand == 0 and not s.observation(1).looked
    assert s.observation(2).hand == mask(SWEEP[2])


def test_rules_10_look_goes_to_ordinary_bidding() -> None:
    """RULES §10: declining the dark game ('look') shows the hand; bidding as usual."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True)
    s.apply_str("look")
    assert s.observation(1).hand == mask(SWEEP[1])
    assert s.phase is Phase.BIDDING and s.high == 100 and bids(s)[0] == 105


def test_rules_10_dark_contract_120_talon_hidden_result_doubled() -> None:
    """RULES §10 / dark_hide_talon / dark_double_bolts: dark 120; talon unseen; +240."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True)
    run(s, "dark")
    assert s.phase is Phase.BIDDING and s.high == 120
    assert legal(s) == {"pass", "unblind"}  # seat 2 holds the ♣ marriage
    run(s, "pass; pass")
    assert (s.declarer, s.bid, s.dark) == (1, 120, True)
    assert s.observation(0).talon is None and s.observation(2).talon is None
    run(s, "give JD 2; give JH 0; contract 120")
    finish_tricks(s)
    row = last(s)
    assert row.dark and row.made
    assert row.deltas == (0, 240, 0)
    assert row.bolts == (2, 0, 2)


def test_rules_10_dark_failure_costs_double() -> None:
    """RULES §10: a failed dark game costs -240."""
    s = deal(
        sweep_hands(2), SWEEP_TALON, dark_game=True, redeal_hand_below=None, redeal_four_nines=False
    )
    run(s, "dark; pass; pass; give JD 2; give JH 0; contract 120")
    finish_tricks(s)
    assert last(s).made is False
    assert last(s).deltas[1] == -240


def test_rules_10_dark_opponents_may_not_bid() -> None:
    """RULES §10: in a dark game an opponent may only pass (or unblind)."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True)
    s.apply_str("dark")
    with pytest.raises(IllegalActionError, match="dark game"):
        s.apply_str("bid 125")


def test_dark_cap_240() -> None:
    """dark_cap_240: a raised dark contract made (160 with ♠ declared) still scores 240."""
    for cap, score in ((True, 240), (False, 320)):
        s = deal(SWEEP, SWEEP_TALON, dark_game=True, dark_cap_240=cap)
        run(s, "dark; pass; pass; give JD 2; give JH 0; contract 160; play AS")
        s.apply_action(s.legal_actions()[0])
        s.apply_action(s.legal_actions()[0])
        s.apply_str("declare KS")  # 120 + 40 = 160
        finish_tricks(s)
        assert last(s).deltas[1] == score


def test_dark_hide_talon_off() -> None:
    """dark_hide_talon off: the talon and (with open_discard) the discard are shown."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True, dark_hide_talon=False, open_discard=True)
    run(s, "dark; pass; pass")
    assert s.observation(0).talon == mask(SWEEP_TALON)
    run(s, "give JD 2; give JH 0")
    assert len(s.observation(0).known_gives) == 2


def test_dark_hide_talon_discard_face_down() -> None:
    """dark_hide_talon (on): the discard stays face down even with open_discard."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True, open_discard=True)
    run(s, "dark; pass; pass; give JD 2; give JH 0")
    assert len(s.observation(0).known_gives) == 1  # only its own card


def test_dark_double_bolts_off() -> None:
    """dark_double_bolts off: a bolt in a dark deal is one mark."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True, dark_double_bolts=False)
    run(s, "dark; pass; pass; give JD 2; give JH 0; contract 120")
    finish_tricks(s)
    assert last(s).bolts == (1, 0, 1)


def test_dark_unblind() -> None:
    """dark_unblind: an opponent with a marriage bids 125; bidding goes on in the open."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True)
    run(s, "dark; unblind")
    assert not s.dark
    assert (s.high, s.high_seat) == (125, 2)
    assert s.current_player() == 0 and bids(s)[0] == 130
    run(s, "pass")
    assert s.current_player() == 1 and bids(s)[0] == 130  # first hand may go on bidding
    run(s, "pass")
    assert (s.declarer, s.bid, s.dark) == (2, 125, False)
    assert s.observation(0).talon == mask(SWEEP_TALON)  # played in the open


def test_dark_unblind_needs_a_marriage() -> None:
    """dark_unblind: an opponent without marriage may only pass."""
    hands = ["KC QC KD QD KH QH 9D", "AS TS KS QS AH TH JH", "AC TC JC 9C AD TD JS"]
    s = deal(hands, "9S JD 9H", dark_game=True)
    s.apply_str("dark")
    assert s.current_player() == 2 and legal(s) == {"pass"}
    with pytest.raises(IllegalActionError):
        s.apply_str("unblind")
    s.apply_str("pass")
    assert legal(s) == {"pass", "unblind"}


def test_dark_unblind_off() -> None:
    """dark_unblind off: nobody may cancel the dark game."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True, dark_unblind=False)
    s.apply_str("dark")
    assert legal(s) == {"pass"}


def test_dark_unblind_takes_talon() -> None:
    """dark_unblind_takes_talon: the unblinding opponent takes the talon at 125."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True, dark_unblind_takes_talon=True)
    run(s, "dark; unblind")
    assert s.phase is Phase.DISCARD
    assert (s.declarer, s.bid, s.dark) == (2, 125, False)


def test_dark_write_off() -> None:
    """dark_write_off: a dark game may be conceded (engine: the declarer loses double)."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True)
    run(s, "dark; pass; pass")
    assert "writeoff" not in legal(s)
    s = deal(SWEEP, SWEEP_TALON, dark_game=True, dark_write_off=True)
    run(s, "dark; pass; pass; writeoff")
    assert last(s).kind == "writeoff" and last(s).dark
    assert last(s).deltas == (60, -240, 60)


def test_dark_min_total() -> None:
    """dark_min_total=100: first hand may play dark only with a total of at least 100."""
    s = deal(SWEEP, SWEEP_TALON, dark_game=True, dark_min_total=100, totals=[0, 95, 0])
    assert s.phase is Phase.BIDDING
    s = deal(SWEEP, SWEEP_TALON, dark_game=True, dark_min_total=100, totals=[0, 100, 0])
    assert s.phase is Phase.DARK


def test_dark_not_on_barrel() -> None:
    """dark_not_on_barrel: no dark game while anyone sits on the barrel."""
    for not_on, phase in ((True, Phase.BIDDING), (False, Phase.DARK)):
        s = deal(ROUND, ROUND_TALON, totals=[865, 0, 0], dark_game=True, dark_not_on_barrel=not_on)
        queue(s, ROUND, ROUND_TALON, dealer=1)
        s.apply_str("look")
        round_play(s)
        assert s.on_barrel[0] == 1
        assert s.phase is phase


def test_dark_not_in_golden_round() -> None:
    """golden_round + dark_game: the golden deals are not played dark (engine choice)."""
    s = deal(SWEEP, SWEEP_TALON, golden_round=True, dark_game=True)
    assert s.phase is Phase.DISCARD and not s.dark


def test_dark_first_hand_gets_no_hand_redeal() -> None:
    """RULES §10/§4: playing dark, first hand has not seen its cards: no redeal offer."""
    hands = ["KD QD JD AH TH KH QH", "9S 9C 9D AS TS AC TC", "KS QS JS KC QC JC 9H"]
    s = deal(hands, "JH AD TD", dark_game=True)
    s.apply_str("dark")
    assert s.phase is Phase.BIDDING
    s = deal(hands, "JH AD TD", dark_game=True)
    s.apply_str("look")
    assert s.phase is Phase.REDEAL and s.current_player() == 1


def test_golden_doubles_the_third_concession_penalty() -> None:
    """RULES §10: every penalty of a golden deal counts double (write_off_third_penalty)."""
    c = Conventions(
        golden_round=True,
        write_off_free=True,
        write_off_on_golden=True,
        write_off_third_penalty=True,
    )
    s = deal(SWEEP, SWEEP_TALON, c=c)
    for k in range(1, 7):  # golden round twice (reset), seat 1 first hand in deals 1, 4, 7
        queue(s, SWEEP, SWEEP_TALON, dealer=k % 3)
    for _ in range(7):
        s.apply_str("writeoff")
    row = last(s)
    assert row.golden and row.declarer == 1
    assert row.penalties == (Penalty(1, -240, "third concession"),)


def test_golden_doubles_the_cut_penalty_on_a_redeal() -> None:
    """RULES §10 / cut_ritual: in a golden deal the cut's penalty counts double, also when
    the deal is redealt."""
    low = ["AD TD AH TH KH QH 9H", "AS TS KS QS AC TC KC", "JS 9S JC 9C QD KD JD"]
    s = deal(
        SWEEP,
        SWEEP_TALON,
        golden_round=True,
        cut_ritual=True,
        write_off_free=True,
        write_off_on_golden=True,
    )
    queue(s, low, "QC 9D JH", dealer=1, cut=3)  # cutter: seat 0
    s.apply_str("writeoff")  # golden deal 1: seats 0 and 2 get 120 each
    assert s.golden_deal and s.phase is Phase.REDEAL and s.current_player() == 2
    s.apply_str("redeal")
    assert last(s).penalties == (Penalty(0, -240, "cut: three nines"),)
    assert s.totals == [120 - 240, 0, 120]
