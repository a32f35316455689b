"""RULES §11: two players (players=2, the two_players preset).

Dealer 0, first hand seat 1; bidding starts with seat 0 (first hand's left).
"""

from __future__ import annotations

import pytest
from helpers import contracts, deal, last, legal, mask, run

from thousand import Conventions, IllegalActionError, Phase

TWO = Conventions.preset("two_players")
# seat 1: all spades + A♣ 10♣ K♣ Q♣ (58); seat 0: J♣ 9♣ + five diamonds + A♥ 10♥ K♥ (57).
HANDS = ["JC 9C AD TD KD QD JD AH TH KH", "AS TS KS QS JS 9S AC TC KC QC"]
TALONS = ("9D QH", "JH 9H")
# seat 1 on 100 takes talon 0 (9♦ Q♥), puts 9♦ 9♠ aside (0 points), keeps Q♥ for the end.
#   T1-T5 spades, seat 0 discards J♦ Q♦ K♦ 10♦ A♦  -> 30 + 30
#   T6 A♣ 9♣, T7 10♣ J♣, T8 K♣ 10♥, T9 Q♣ K♥      -> 28 + 16
#   T10 Q♥ A♥ -> seat 0 (14) + the other talon J♥ 9♥ (2) = 16 -> 15
#   seat 1: 104 >= 100 -> +100
PLAY = (
    "pass; pick 0; aside 9D; aside 9S; contract 100; "
    "play AS; play JD; play TS; play QD; play KS; play KD; play QS; play TD; "
    "play JS; play AD; play AC; play 9C; play TC; play JC; play KC; play TH; "
    "play QC; play KH; play QH; play AH"
)


def test_rules_11_two_players_preset_has_no_barrel() -> None:
    """RULES §11: the barrel is off by default in the 2-player game (two_players preset)."""
    assert TWO.players == 2 and not TWO.barrel


def test_rules_11_players_2_defaults_to_no_barrel() -> None:
    """barrel default 'on (off for 2 players)': settings that only say players=2."""
    assert Conventions.from_dict({"players": 2}).barrel is False


def test_rules_11_bidding_starts_left_of_first_hand() -> None:
    """RULES §11/§5: with 2 players first hand is seat 1, the dealer bids first."""
    s = deal(HANDS, TALONS, c=TWO)
    assert s.first == 1 and s.current_player() == 0
    assert "bid 105" in legal(s)


def test_rules_11_declarer_picks_a_talon_unseen() -> None:
    """RULES §11: the declarer picks one of the two talons without seeing either."""
    s = deal(HANDS, TALONS, c=TWO)
    s.apply_str("pass")
    assert s.phase is Phase.PICK and s.current_player() == 1
    assert legal(s) == {"pick 0", "pick 1"}
    assert not s.observation(1).talon
    assert s.observation(1).hand_sizes == (10, 10)


@pytest.mark.parametrize(("pick", "talon"), [(0, "9D QH"), (1, "JH 9H")])
def test_rules_11_picked_talon_joins_the_hand(pick: int, talon: str) -> None:
    """RULES §11: the declarer takes the chosen talon: 12 cards."""
    s = deal(HANDS, TALONS, c=TWO)
    run(s, f"pass; pick {pick}")
    assert s.phase is Phase.DISCARD
    assert s.hands[1] == mask(HANDS[1]) | mask(talon)
    assert s.observation(1).talon == mask(talon)


def test_rules_11_two_cards_go_aside_face_down() -> None:
    """RULES §11: the declarer puts 2 cards aside face down (no cards are given)."""
    s = deal(HANDS, TALONS, c=TWO)
    run(s, "pass; pick 0")
    with pytest.raises(IllegalActionError, match="puts 2 cards aside"):
        s.apply_str("give 9D 0")
    run(s, "aside 9D")
    assert "redeal" not in legal(s) and "writeoff" not in legal(s)
    run(s, "aside 9S")
    assert s.phase is Phase.CONTRACT
    assert s.observation(1).aside == mask("9D 9S")
    assert s.observation(0).aside is None
    assert s.observation(1).hand_sizes == (10, 10)


def test_rules_11_ten_tricks_and_last_trick_takes_other_talon() -> None:
    """RULES §11: 10 two-card tricks; the other talon counts for the last trick's winner."""
    s = deal(HANDS, TALONS, c=TWO)
    run(s, PLAY)
    row = last(s)
    assert len(s.log[0]["actions"]) == 5 + 20
    assert row.points == (16, 104)
    assert row.deltas == (15, 100)


def test_rules_11_aside_counts_for_the_declarer() -> None:
    """RULES §11: the cards set aside count as the declarer's tricks (Q♥ 3 points)."""
    s = deal(HANDS, TALONS, c=TWO)
    # aside 9♦ and Q♥: seat 1 holds only black cards and wins all 10 tricks:
    # 58 + 57 (all hands) + 3 (aside) + 2 (other talon J♥ 9♥ for the last trick) = 120.
    run(s, "pass; pick 0; aside 9D; aside QH; contract 100")
    for _ in range(20):
        s.apply_action(s.legal_actions()[0])
    assert last(s).points == (0, 120)
    assert last(s).bolts == (1, 0)


def test_rules_11_contract_limit_counts_the_new_hand() -> None:
    """RULES §11/§6: the contract runs up to 120 + marriages (♠ 40, ♣ 60): 220."""
    s = deal(HANDS, TALONS, c=TWO)
    run(s, "pass; pick 0; aside 9D; aside 9S")
    assert contracts(s) == list(range(100, 225, 5))


def test_rules_11_concession_one_opponent() -> None:
    """RULES §8 with 2 players: the single opponent gets half the contract."""
    s = deal(HANDS, TALONS, c=TWO)
    run(s, "bid 105; bid 110; pass; pick 1; writeoff")
    assert last(s).deltas == (55, -110)
