"""RULES §7 (play): leading, following, trumping, trick winner, marriages, trump changes.

Conventions: declare_on_first_lead, ace_marriage, must_beat, no_lead_foreign_trump,
must_lead_trump.
"""

from __future__ import annotations

import pytest
from helpers import (
    MAR,
    MAR_DISCARD,
    MAR_TALON,
    MAR_TRICKS,
    ROUND,
    ROUND_DISCARD,
    ROUND_TALON,
    ROUND_TRICKS,
    contracts,
    deal,
    legal,
    plays,
    run,
)

from thousand import IllegalActionError, Phase, State

SPADES, CLUBS, DIAMONDS, HEARTS = range(4)


def round_deal(tricks: int = 0, **kw: object) -> State:
    """The ROUND deal after the discard, with the first ``tricks`` tricks played."""
    s = deal(ROUND, ROUND_TALON, **kw)
    run(s, ROUND_DISCARD)
    for t in ROUND_TRICKS[:tricks]:
        run(s, t)
    return s


def mar_deal(tricks: int = 0, **kw: object) -> State:
    s = deal(MAR, MAR_TALON, **kw)
    run(s, MAR_DISCARD)
    for t in MAR_TRICKS[:tricks]:
        run(s, t)
    return s


def test_rules_7_declarer_leads_the_first_trick() -> None:
    """RULES §7: the declarer leads to the first trick."""
    s = round_deal()
    assert s.phase is Phase.PLAY
    assert s.current_player() == 1
    assert legal(s) == plays("AS KS QS TS JS 9S QD JH")


def test_rules_7_eight_tricks_are_played() -> None:
    """RULES §7: 8 tricks, then the deal is scored."""
    s = round_deal(7)
    assert len(s.tricks) == 7 and not s.rows
    run(s, ROUND_TRICKS[7])
    assert len(s.log[0]["actions"]) == 5 + 24
    assert s.rows[0].kind == "play"


def test_rules_7_void_without_trump_may_play_anything() -> None:
    """RULES §7: void in the led suit and no trump set: any card."""
    s = round_deal()
    s.apply_str("play AS")
    assert legal(s) == plays("AD TD KD JD 9D AC TC 9C")


def test_rules_7_must_follow_suit() -> None:
    """RULES §7: follow suit if possible (any card of it: no duty to overtake)."""
    s = round_deal(2)
    s.apply_str("play QD")
    assert legal(s) == {"play AD", "play TD", "play KD", "play JD"}
    with pytest.raises(IllegalActionError, match="must follow ♦"):
        s.apply_str("play AC")


def test_rules_7_no_duty_to_overtake() -> None:
    """RULES §7: a lower card of the led suit is legal although a higher one is held."""
    s = round_deal(2)
    run(s, "play QD; play JD; play KH")
    assert s.tricks[-1][2] == 1  # Q♦ holds: J♦ lower, K♥ not of the led suit


def test_rules_7_must_trump_when_void() -> None:
    """RULES §7: void in the led suit with a trump set: a trump must be played if held."""
    s = round_deal(3)  # ♠ is trump; seat 2 leads
    run(s, "play TC; play QC")
    assert s.current_player() == 1
    assert legal(s) == {"play QS", "play TS", "play JS", "play 9S"}
    with pytest.raises(IllegalActionError, match=r"must play a trump \(♠\)"):
        s.apply_str("play JH")


def test_rules_7_void_in_suit_and_trump_may_play_anything() -> None:
    """RULES §7: void in the led suit and in trumps: any card."""
    s = round_deal(2)  # ♠ trump, seat 0 holds no spade
    run(s, "play QD; play AD")
    assert legal(s) == plays("AH TH KH QH KC QC")


def test_rules_7_trick_to_highest_trump_else_highest_of_led_suit() -> None:
    """RULES §7: highest trump wins; otherwise highest card of the led suit (off-suit never)."""
    s = round_deal(4)
    winners = [t[2] for t in s.tricks]
    assert winners == [1, 1, 2, 1]  # T4: Q♠ trump beats 10♣ led
    run(s, ROUND_TRICKS[4])
    assert s.tricks[-1][2] == 0  # J♥ led, K♦ off-suit, A♥ wins


def test_rules_7_winner_leads_next() -> None:
    """RULES §7: the winner of a trick leads to the next."""
    s = round_deal(3)
    assert s.current_player() == 2
    run(s, ROUND_TRICKS[3])
    assert s.current_player() == 1
    run(s, ROUND_TRICKS[4])
    assert s.current_player() == 0


def test_rules_7_declare_needs_a_trick_won() -> None:
    """RULES §7: a marriage may be declared only after winning a trick in this deal."""
    s = round_deal()
    assert "declare KS" not in legal(s)
    with pytest.raises(IllegalActionError, match="only after winning a trick"):
        s.apply_str("declare KS")


def test_rules_7_leading_a_marriage_card_first_declares_nothing() -> None:
    """RULES §7: leading K or Q without a trick won is allowed but declares nothing."""
    s = round_deal()
    run(s, "play KS; play 9C; play JC")
    assert s.mar == [0, 0, 0]
    assert s.trump == -1
    assert s.marriages == []


def test_rules_7_declaring_scores_and_sets_trump() -> None:
    """RULES §7: after a trick, leading K or Q of a marriage declares it: 40, ♠ trump."""
    s = round_deal(1)
    assert {"declare KS", "declare QS"} <= legal(s)
    s.apply_str("declare KS")
    assert s.mar == [0, 40, 0]
    assert (s.trump, s.trump_seat) == (SPADES, 1)
    assert s.marriages == [(1, SPADES)]


def test_rules_7_declaring_with_the_queen() -> None:
    """RULES §7: either card of the marriage may be led to declare it."""
    s = round_deal(1)
    s.apply_str("declare QS")
    assert s.mar == [0, 40, 0] and s.trump == SPADES


def test_rules_7_declare_only_on_the_lead() -> None:
    """RULES §7: a marriage is declared only by the player on lead."""
    s = mar_deal()
    s.apply_str("play AC")
    s.apply_str("play 9C")
    with pytest.raises(IllegalActionError, match="only on the lead"):
        s.apply_str("declare KH")


def test_rules_7_declare_needs_both_cards() -> None:
    """RULES §7: declaring needs K and Q of the suit in hand."""
    s = round_deal(1)
    with pytest.raises(IllegalActionError, match="needs K and Q of ♦"):
        s.apply_str("declare QD")


def test_rules_7_trump_replacement_by_a_later_marriage() -> None:
    """RULES §7: a later marriage makes its suit trump, replacing the earlier one."""
    s = mar_deal(3)
    assert s.trump == SPADES and s.current_player() == 0
    s.apply_str("declare KH")
    assert (s.trump, s.trump_seat) == (HEARTS, 0)
    assert s.mar == [100, 40, 0]
    run(s, "play JD; play TH")
    assert s.tricks[-1][2] == 2
    # ♥ is now trump: seat 0, void in clubs, must play a heart, and the 9♥ wins.
    s.apply_str("play KC")
    with pytest.raises(IllegalActionError, match=r"must play a trump \(♥\)"):
        s.apply_str("play TD")
    run(s, "play 9H; play TC")
    assert s.tricks[-1][2] == 0


def test_rules_7_marriage_only_while_both_cards_in_hand() -> None:
    """RULES §7: once one card of the marriage has been played it cannot be declared."""
    s = mar_deal(5)  # seat 0 led K♥ (declared), now leads again holding Q♥
    assert s.current_player() == 0
    assert not any(a.startswith("declare") for a in legal(s))
    with pytest.raises(IllegalActionError, match="needs K and Q of ♥"):
        s.apply_str("declare QH")


def test_rules_7_marriage_played_apart_cannot_be_declared_later() -> None:
    """RULES §7: leading K♠ undeclared on the first trick loses the ♠ marriage."""
    s = round_deal()
    run(s, "play KS; play 9C; play JC")  # seat 1 wins with K♠
    assert "declare QS" not in legal(s)


def test_declare_on_first_lead() -> None:
    """declare_on_first_lead: a marriage may be declared without having won a trick."""
    s = round_deal(declare_on_first_lead=True)
    assert "declare KS" in legal(s)
    s.apply_str("declare KS")
    assert s.mar == [0, 40, 0] and s.trump == SPADES


# ACE: seat 1 holds the four aces (dealer 0, seat 1 on 100; talon QH JH 9H).
ACE = ["9C KD QD JD 9D TH KH", "AS AC AD AH TS TC TD", "KS QS JS 9S KC QC JC"]
ACE_TALON = "QH JH 9H"


def test_ace_marriage_off_by_default() -> None:
    """ace_marriage (off): four aces are no marriage: no bid limit, no declaration."""
    s = deal(ACE, ACE_TALON)
    run(s, "pass; pass; give 9H 2; give JH 0")
    assert contracts(s)[-1] == 120
    run(s, "contract 100; play TS; play 9S; play 9C")
    assert not any(a.startswith("declare") for a in legal(s))
    with pytest.raises(IllegalActionError, match="ace_marriage is off"):
        s.apply_str("declare AS")


def test_ace_marriage_declared_scores_200_and_keeps_trump() -> None:
    """ace_marriage: after a trick, leading an ace with all four declares 200; no trump."""
    s = deal(ACE, ACE_TALON, ace_marriage=True)
    run(s, "pass; pass; give 9H 2; give JH 0")
    assert contracts(s)[-1] == 300  # 120 + 200, capped at bid_cap
    run(s, "contract 100; play TS; play 9S; play 9C")
    assert {"declare AS", "declare AC", "declare AD", "declare AH"} <= legal(s)
    s.apply_str("declare AS")
    assert s.mar == [0, 200, 0]
    assert s.trump == -1
    assert s.marriages == [(1, 4)]


def test_ace_marriage_needs_a_trick_first() -> None:
    """ace_marriage: same conditions as a marriage: not on the first lead without a trick."""
    s = deal(ACE, ACE_TALON, ace_marriage=True)
    run(s, "pass; pass; give 9H 2; give JH 0; contract 100")
    with pytest.raises(IllegalActionError, match="only after winning a trick"):
        s.apply_str("declare AS")


def test_ace_marriage_raises_the_bid_limit() -> None:
    """ace_marriage: four aces count 200 towards the bid limit (RULES §5)."""
    s = deal(ACE, ACE_TALON, ace_marriage=True)
    run(s, "bid 105; pass")
    assert "bid 300" in legal(s)


def test_must_beat_following_suit() -> None:
    """must_beat: following suit, a player must head the trick when able."""
    s = round_deal(2, must_beat=True)
    s.apply_str("play QD")
    assert legal(s) == {"play AD", "play TD", "play KD"}
    with pytest.raises(IllegalActionError, match="must beat"):
        s.apply_str("play JD")


def test_must_beat_not_when_unable() -> None:
    """must_beat: a player who cannot beat plays any card allowed by the other rules."""
    s = round_deal(2, must_beat=True)
    run(s, "play QD; play AD")
    assert legal(s) == plays("AH TH KH QH KC QC")


# OVT: seat 1 declares ♥ on the first lead (declare_on_first_lead), seat 2 wins it with 10♥,
# seat 0 wins a diamond, leads A♣: seat 1 trumps with Q♥, seat 2 holds A♥ and 9♥.
OVT = ["AD AC TC KC QC JC 9C", "AS TS KS QS KH QH JD", "AH TH 9H 9D TD KD QD"]
OVT_TALON = "JS 9S JH"
OVT_PLAY = (
    "pass; pass; give 9S 2; give JH 0; contract 100; "
    "declare KH; play TH; play JH; play 9D; play AD; play JD; play AC; play QH"
)


def test_must_beat_overtrump() -> None:
    """must_beat: when the trick is already trumped, a trumping player must overtrump."""
    s = deal(OVT, OVT_TALON, must_beat=True, declare_on_first_lead=True)
    run(s, OVT_PLAY)
    assert s.current_player() == 2
    assert legal(s) == {"play AH"}
    with pytest.raises(IllegalActionError, match="must beat"):
        s.apply_str("play 9H")


def test_must_beat_off_any_trump_will_do() -> None:
    """must_beat off: the same position lets seat 2 under-trump with 9♥ (RULES §7)."""
    s = deal(OVT, OVT_TALON, declare_on_first_lead=True)
    run(s, OVT_PLAY)
    assert legal(s) == {"play AH", "play 9H"}


def test_must_beat_off_by_default() -> None:
    """must_beat (off): RULES §7 has no duty to overtake."""
    s = round_deal(2)
    s.apply_str("play QD")
    assert "play JD" in legal(s)


def test_no_lead_foreign_trump() -> None:
    """no_lead_foreign_trump: may not lead another player's declared trump holding other suits."""
    s = mar_deal(4, no_lead_foreign_trump=True)  # ♥ declared by seat 0; seat 2 leads
    assert s.current_player() == 2
    # seat 2 holds A♥ and K♣ Q♣ J♣ (and may declare clubs, having won T4)
    assert legal(s) == {"play KC", "play QC", "play JC", "declare KC", "declare QC"}
    with pytest.raises(IllegalActionError, match="no_lead_foreign_trump"):
        s.apply_str("play AH")


def test_no_lead_foreign_trump_own_trump_is_fine() -> None:
    """no_lead_foreign_trump: the declarer of the trump may lead it."""
    s = mar_deal(2, no_lead_foreign_trump=True)  # ♠ declared by seat 1, who leads
    assert {"play AS", "play QS", "play TS", "play 9D"} <= legal(s)


def test_no_lead_foreign_trump_off_by_default() -> None:
    """no_lead_foreign_trump (off): any card may be led."""
    s = mar_deal(4)
    assert "play AH" in legal(s)


def test_must_lead_trump() -> None:
    """must_lead_trump: a player holding a trump must lead one."""
    s = mar_deal(2, must_lead_trump=True)  # ♠ trump, seat 1 holds AS QS TS
    assert legal(s) == {"play AS", "play QS", "play TS"}
    with pytest.raises(IllegalActionError, match="must_lead_trump"):
        s.apply_str("play 9D")


def test_must_lead_trump_without_trump_set() -> None:
    """must_lead_trump: before any trump is declared every card may be led."""
    s = mar_deal(must_lead_trump=True)
    assert len(legal(s)) == 8


def test_rules_7_card_not_in_hand_is_refused() -> None:
    """RULES §7: a player can only play a card it holds; the message names the seat."""
    s = round_deal()
    with pytest.raises(IllegalActionError, match="AD is not in seat 1's hand"):
        s.apply_str("play AD")
    with pytest.raises(IllegalActionError, match="not an action"):
        s.apply_action(9999)
