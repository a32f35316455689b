"""RULES §12: what the score sheet (*запись*) shows, and the text rendering of it."""

from __future__ import annotations

from helpers import (
    ROUND,
    ROUND_TALON,
    SWEEP,
    SWEEP_TALON,
    deal,
    finish_tricks,
    queue,
    round_play,
    run,
    sweep,
    sweep_hands,
)

from thousand import Conventions, State
from thousand.sheet import SheetText

LOW = ["AD TD AH TH KH QH 9H", "AS TS KS QS AC TC KC", "JS 9S JC 9C QD KD JD"]
LOW_TALON = "QC 9D JH"


def four_deals() -> State:
    """A redeal, a sweep on 100, ROUND (bid 105, contract 120), a concession of 105."""
    s = deal(LOW, LOW_TALON)
    queue(s, SWEEP, SWEEP_TALON, dealer=0)
    queue(s, ROUND, ROUND_TALON, dealer=1)
    queue(s, SWEEP, SWEEP_TALON, dealer=2)
    s.apply_str("redeal")
    sweep(s, 1)
    round_play(s)
    run(s, "bid 105; pass; pass; writeoff")
    return s


def test_rules_12_one_row_per_deal_with_dealer_declarer_contract() -> None:
    """RULES §12: each deal has a row: dealer, declarer, contract, kind, result."""
    rows = four_deals().rows
    assert [r.number for r in rows] == [1, 2, 3, 4]
    assert [r.kind for r in rows] == ["redeal", "play", "play", "writeoff"]
    assert [r.dealer for r in rows] == [0, 0, 1, 2]
    assert [r.declarer for r in rows[1:]] == [1, 1, 1]
    assert [r.contract for r in rows[1:]] == [100, 120, 105]
    assert [r.made for r in rows[1:]] == [True, True, None]
    assert [r.on_100 for r in rows[1:]] == [True, False, False]
    assert rows[0].note == "seat 2 asked for a redeal (hand_below)"


def test_rules_12_running_totals_are_the_sum_of_deltas() -> None:
    """RULES §12: a running total per deal; totals equal the running sum of the deltas."""
    s = four_deals()
    run_total = [0, 0, 0]
    for r in s.rows:
        run_total = [run_total[p] + r.deltas[p] for p in range(3)]
        assert list(r.totals) == run_total
    # sweep +100; ROUND 15/120/20; concession: 55, -105, 55
    assert s.totals == [70, 115, 75]


def test_rules_12_bolt_marks_and_penalties_with_reasons() -> None:
    """RULES §12: bolt marks (strokes) and penalties with their reason are on the sheet."""
    s = deal(SWEEP, SWEEP_TALON)
    queue(s, SWEEP, SWEEP_TALON, dealer=1)
    queue(s, SWEEP, SWEEP_TALON, dealer=2)
    for _ in range(3):
        sweep(s, 1)
    text = SheetText(3, list(s.rows)).render()
    lines = text.splitlines()
    for line in lines[2:5]:  # one stroke per bolt in each of the three deals
        assert line.count("|") == 2
    assert "seat 0: -120 third bolt" in text
    assert "seat 2: -120 third bolt" in text


def test_rules_12_sheet_text_marks_concession_and_failure() -> None:
    """RULES §12: the text sheet marks concessions (w) and failed contracts (-)."""
    s2 = deal(SWEEP, SWEEP_TALON)
    run(s2, "pass; pass; give JD 2; give JH 0; contract 160")
    finish_tricks(s2)  # 120 < 160
    s3 = deal(SWEEP, SWEEP_TALON)
    run(s3, "bid 110; pass; pass; writeoff")
    failed = SheetText(3, list(s2.rows)).render()
    conceded = SheetText(3, list(s3.rows)).render()
    assert "160-" in failed.splitlines()[2]
    assert "110w" in conceded.splitlines()[2]


def test_rules_12_sheet_rows_record_the_barrel_and_its_attempts() -> None:
    """RULES §12: the sheet rows carry the barrel deal count and failed-barrel marks."""
    s = deal(sweep_hands(1), SWEEP_TALON, totals=[0, 780, 0])
    sweep(s, 1)
    assert s.rows[0].barrel == (0, 1, 0)
    assert s.rows[0].barrel_falls == (0, 0, 0)


def test_rules_12_sheet_text_shows_barrel_attempts() -> None:
    """RULES §12: the text sheet shows the barrel and its attempts (B1, B2, B3)."""
    s = deal(sweep_hands(1), SWEEP_TALON, totals=[0, 780, 0])
    sweep(s, 1)
    assert "B1" in SheetText(3, list(s.rows)).render().splitlines()[2]


def test_rules_12_sheet_text_shows_double_bolts() -> None:
    """RULES §12 / golden_double_bolts: a golden bolt shows two strokes."""
    s = deal(SWEEP, SWEEP_TALON, golden_round=True)
    run(s, "give JD 2; give JH 0; contract 120")
    finish_tricks(s)
    assert s.rows[0].bolts == (2, 0, 2)
    assert SheetText(3, list(s.rows)).render().splitlines()[2].count("|") == 4


def test_rules_12_golden_and_dark_are_marked() -> None:
    """RULES §12: golden (G) and dark (D) deals are marked on the sheet."""
    s = deal(SWEEP, SWEEP_TALON, golden_round=True)
    run(s, "give JD 2; give JH 0; contract 120")
    finish_tricks(s)
    d = deal(SWEEP, SWEEP_TALON, dark_game=True)
    run(d, "dark; pass; pass; give JD 2; give JH 0; contract 120")
    finish_tricks(d)
    assert s.rows[0].golden and "G120" in SheetText(3, list(s.rows)).render()
    assert d.rows[0].dark and "D120" in SheetText(3, list(d.rows)).render()


def test_rules_12_four_players_dealer_has_no_points_cell() -> None:
    """RULES §12 / players=4: the dealer on the talon has no deal points (None)."""
    hands = ["", "AS TS KS QS JS AC TC", "KC QC JC 9C AD TD KD", "QD JD 9D AH TH JH 9H"]
    s = deal(hands, "KH QH 9S", c=Conventions(players=4))
    run(s, "pass; pass; give KH 2; give QH 3; contract 100")
    finish_tricks(s)
    row = s.rows[0]
    assert row.points[0] is None
    assert len(row.totals) == 4
    assert SheetText(4, list(s.rows)).render().count("seat ") == 4


def test_rules_12_observation_carries_the_sheet() -> None:
    """RULES §12: every seat sees the whole sheet."""
    s = four_deals()
    assert all(s.observation(p).sheet == s.rows for p in range(3))
