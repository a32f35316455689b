"""Post-deal analysis (``thousand.analysis``): hand-built deals whose answers are
worked out by hand, and every card play's figures against a brute-force minimax
through the engine itself (``State.apply_action``) on the deal's last tricks,
under each play convention and table size.

The hand-built deals (dealer 0, first hand seat 1 takes the talon on the
hundred, RULES §5; the declarer leads, §7; play goes 1 -> 2 -> 0):

* HEARTS: the declarer ends with all six hearts and the two black aces. No
  other card can win a trick against them (no trump is set before the
  declarer's marriage), so perfect play takes all 120 card points plus the
  ♥ marriage, 220, if the first lead is not the K or Q of hearts: a marriage is
  declared only after a trick is won (§7), and a K♥ led first is gone.
* CLUB_LOSER: as HEARTS with the 9♣ instead of the A♣. The declarer wins
  every trick but the one the 9♣ loses; the defenders put the A♣ and the 10♣
  on it (both must follow clubs), 21 points: 120 - 21 + 100 = 199. A defender
  who plays the Q♣ under the 9♣ instead of the A♣ lets the 10♣ win a trick of
  13: 207 for the declarer, and contract 200 is made (8 points lost).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from helpers import deal, run

from thousand import Conventions, Game, Phase, State, card_from_str
from thousand import actions as A
from thousand.analysis import Analysis, DealAnalysis, analyse, best_contract, threshold
from thousand.bots import EasyBot, RandomBot
from thousand.record import Replay, make_record

HEARTS_HANDS = ["JC 9C TD KD QD JD 9D", "AH TH KH QH JH 9H AS", "TS KS QS JS TC KC QC"]
HEARTS_TALON = "AC AD 9S"
CLUB_HANDS = ["TC QS KC QD JS JC AD", "AH TH KH QH JH 9H AS", "AC KS QC KD TS 9S 9D"]
CLUB_TALON = "9C JD TD"


def _finish(state: State, script: str = "") -> State:
    """Apply the script, then the first legal action until the deal ends."""
    run(state, script)
    while state.n_rows == 0:
        state.apply_action(state.legal_actions()[0])
    return state


def _analysis(state: State, **kw: Any) -> DealAnalysis:
    return Analysis.of_state(state, **kw).run()


def _card(text: str) -> int:
    return card_from_str(text)


# -- hand-built deals ------------------------------------------------------------------


def test_hearts_perfect_play_takes_everything_and_the_marriage() -> None:
    """RULES §7: lead a winner, then declare ♥ (100): 120 + 100 = 220, no play loses."""
    state = deal(HEARTS_HANDS, HEARTS_TALON)
    run(state, "pass; pass; give 9S 2; give AD 0; contract 200; play AS")
    for _ in range(2):  # the defenders' first legal cards: nothing beats the A♠
        state.apply_action(state.legal_actions()[0])
    _finish(state, "declare KH")
    res = _analysis(state, discards=False)
    assert (res.kind, res.declarer, res.contract, res.bid) == ("play", 1, 200, 100)
    assert res.max_points == 220 and res.points == 220 and res.made is True
    assert res.limit == 220 and res.best_contract == 220 and res.makeable is True
    assert [p.lost for p in res.plays] == [0] * 24
    assert res.start_points == 0 and res.first_step == 0


def test_leading_the_king_of_the_marriage_first_loses_exactly_100() -> None:
    """RULES §7: without a trick won, K♥ led declares nothing and breaks the marriage."""
    state = deal(HEARTS_HANDS, HEARTS_TALON)
    _finish(state, "pass; pass; give 9S 2; give AD 0; contract 200; play KH")
    res = _analysis(state, discards=False)
    first = res.plays[0]
    assert (first.step, first.trick, first.seat, first.action) == (5, 0, 1, _card("KH"))
    assert first.declarer_side and not first.forced
    assert (first.before, first.after, first.lost) == (220, 120, 100)
    assert first.made_before and not first.made_after and first.outcome_changed
    assert first.best_action == _card("AS")  # the first card that keeps the marriage
    assert all(p.lost == 0 for p in res.plays[1:])
    assert res.points == 120 and res.made is False and res.max_points == 220


def test_a_defender_who_ducks_with_the_queen_gives_8_points_and_the_contract() -> None:
    """CLUB_LOSER: perfect play 199 (contract 200 fails); Q♣ instead of A♣ makes it 207."""
    state = deal(CLUB_HANDS, CLUB_TALON)
    _finish(
        state,
        "pass; pass; give JD 2; give TD 0; contract 200; play AS; play 9S; play JS; "
        "declare KH; play 9D; play QD; play 9C; play QC; play TC",
    )
    res = _analysis(state, discards=False)
    assert res.max_points == 199 and res.makeable is False and res.best_contract == 195
    losses = [p for p in res.plays if p.lost]
    assert len(losses) == 1
    duck = losses[0]
    assert (duck.trick, duck.seat, duck.action, duck.declarer_side) == (2, 2, _card("QC"), False)
    assert (duck.before, duck.after, duck.lost) == (199, 207, 8)
    assert not duck.made_before and duck.made_after and duck.outcome_changed
    assert duck.best_action == _card("AC")
    assert res.points == 207 and res.made is True


def test_giving_away_the_king_of_hearts_costs_the_marriage_and_the_discard_mattered() -> None:
    """RULES §6: with K♥ given away the declarer still wins every trick (120, limit 120);
    the best discards give the 9♠ and one ace: 220."""
    state = deal(HEARTS_HANDS, ["AC", "AD", "9S"])
    _finish(state, "pass; pass; give KH 2; give 9S 0; contract 120")
    res = _analysis(state)
    assert res.max_points == 120 and res.limit == 120 and res.best_contract == 120
    assert res.discards_total == 90 and res.discards_checked == 90
    assert res.discard_best_points == 220 and res.discard_best_contract == 220
    assert res.discard_mattered is True and res.complete
    for best in (res.discard_for_points, res.discard_for_contract):
        assert best is not None
        given = {A.action_card(a) for a in best}
        aces = {_card("AS"), _card("AC"), _card("AD")}
        assert _card("9S") in given and len(given & aces) == 1


def test_the_actual_discard_is_best_when_nothing_beats_it() -> None:
    state = _finish(deal(HEARTS_HANDS, HEARTS_TALON), "pass; pass; give 9S 2; give AD 0")
    res = _analysis(state)
    assert res.discard_best_points == 220 and res.discard_mattered is False
    assert res.discard_for_points == (A.give(_card("9S"), 2), A.give(_card("AD"), 0))


def test_a_concession_at_the_contract_says_what_could_have_been_made() -> None:
    """RULES §8: conceded after the discard: no play, the value of the cards kept."""
    state = _finish(deal(HEARTS_HANDS, HEARTS_TALON), "pass; pass; give 9S 2; give AD 0; writeoff")
    res = _analysis(state, discards=False)
    assert res.kind == "writeoff" and res.plays == () and res.points is None
    assert res.made is None and res.max_points == 220 and res.best_contract == 220
    assert res.contract == 100 and res.makeable is True


def test_a_concession_before_the_discard_searches_every_discard() -> None:
    state = _finish(deal(HEARTS_HANDS, HEARTS_TALON), "pass; pass; writeoff")
    res = _analysis(state)
    assert res.kind == "writeoff" and res.max_points is None and res.best_contract is None
    assert res.discard_best_points == 220 and res.discard_best_contract == 220
    assert res.discard_mattered is None and res.complete


def test_a_redeal_has_nothing_to_analyse() -> None:
    """RULES §4: a hand below 14 points may ask for a redeal."""
    state = deal(
        ["9S 9C JC 9D JD QD JS", "AH TH KH QH JH 9H AS", "TS KS QS TC KC QC AC"], "AD TD KD"
    )
    run(state, "redeal")
    res = _analysis(state)
    assert res.kind == "redeal" and res.complete and res.max_points is None and res.plays == ()
    assert res.discards_total == 0 and res.declarer == -1


def test_best_contract_and_threshold_follow_bid_step_and_round_declarer() -> None:
    c = Conventions()
    assert best_contract(c, 133, 220) == 130 and best_contract(c, 99, 220) is None
    assert best_contract(c, 300, 160) == 160
    assert best_contract(Conventions(bid_step=10, min_raise=10), 139, 220) == 130
    assert threshold(c, 120) == 120
    assert threshold(Conventions(round_declarer=True), 120) == 118  # 118 rounds to 120


# -- brute force through the engine -----------------------------------------------


def _minimax(state: State, declarer: int, row: int) -> int:
    """The declarer's final deal points with perfect play, by trying every action."""
    if state.n_rows > row:
        pts = state.rows[row].points[declarer]
        assert pts is not None
        return pts
    vals = []
    for a in state.legal_actions():
        s = state.clone()
        s.apply_action(a)
        vals.append(_minimax(s, declarer, row))
    return max(vals) if state.current_player() == declarer else min(vals)


def _game(conv: Conventions, seed: int, deals: int, dark: bool = False) -> State:
    """Easy bots bid and pass cards; card play is half random (mistakes to find)."""
    state = Game(conv).new_initial_state(random.Random(seed))
    rng = random.Random(seed)
    easy, rnd = EasyBot(), RandomBot()
    while state.n_rows < deals and not state.is_terminal():
        obs = state.observation(state.current_player())
        if dark and state.phase is Phase.DARK:
            state.apply_action(A.DARK)
            continue
        bot = rnd if state.phase is Phase.PLAY and rng.random() < 0.5 else easy
        state.apply_action(bot.act(obs, rng))
    return state


CASES = [
    ("classic 3", Conventions(), False),
    ("2 players", Conventions.for_players(2), False),
    ("4 players", Conventions.for_players(4), False),
    ("must_beat", Conventions(must_beat=True), False),
    ("ace_marriage", Conventions(ace_marriage=True, declare_on_first_lead=True), False),
    ("no_lead_foreign_trump", Conventions(no_lead_foreign_trump=True), False),
    ("must_lead_trump", Conventions(must_lead_trump=True), False),
    ("golden and dark", Conventions.preset("golden_dark"), True),
]


@pytest.mark.parametrize(("name", "conv", "dark"), CASES, ids=[c[0] for c in CASES])
def test_every_play_agrees_with_brute_force_on_the_last_tricks(
    name: str, conv: Conventions, dark: bool
) -> None:
    state = _game(conv, seed=sum(map(ord, name)), deals=4, dark=dark)
    rp = Replay(make_record(state))
    played = 0
    for d in range(rp.deals):
        if not rp.deal_finished(d):
            continue
        res = Analysis(rp, d, discards=False).run()
        assert res.complete
        if res.kind != "play":
            assert res.plays == ()
            continue
        played += 1
        # every point off perfect play is some play's loss
        swing = sum(-p.lost if p.declarer_side else p.lost for p in res.plays)
        assert res.points == res.max_points + swing
        assert res.plays[-1].after == res.points
        tricks = 10 if conv.players == 2 else 8
        assert len(res.plays) == tricks * (2 if conv.players == 2 else 3)
        last = 4 if conv.players == 2 else 3
        for p in res.plays:
            st = rp.state(p.step)
            assert rp.action(p.step + 1) == p.action
            assert st.current_player() == p.seat and len(st.tricks) == p.trick
            assert (st.current_player() == st.declarer) == p.declarer_side
            assert p.forced == (len(st.legal_actions()) == 1)
            assert p.lost >= 0 and p.outcome_changed == (p.made_before != p.made_after)
            if p.trick < tricks - last:
                continue
            row = st.n_rows
            assert _minimax(st, st.declarer, row) == p.before, (name, d, p)
            after = st.clone()
            after.apply_action(p.action)
            assert _minimax(after, st.declarer, row) == p.after, (name, d, p)
            if p.best_action is not None:
                alt = st.clone()
                alt.apply_action(p.best_action)
                assert _minimax(alt, st.declarer, row) == p.before
            else:
                assert p.lost == 0
    assert played, "no deal was played out"


@pytest.mark.parametrize(("players", "total"), [(2, 66), (3, 90), (4, 90)])
def test_every_discard_is_counted_once(players: int, total: int) -> None:
    conv = Conventions.for_players(players)
    rp = Replay(make_record(_game(conv, seed=5, deals=8)))
    kinds = [row.kind for row in rp.final().rows]
    d = kinds.index("play")
    res = Analysis(rp, d, node_budget=1).run()  # stops at once: only counts
    assert res.discards_total == total and not res.complete


# -- anytime ----------------------------------------------------------------------------


def _strip(res: DealAnalysis) -> DealAnalysis:
    from dataclasses import replace

    return replace(res, nodes=0)


def test_results_do_not_depend_on_the_slices() -> None:
    state = _game(Conventions(), seed=30, deals=1)
    whole = Analysis.of_state(state).run()
    assert whole.kind == "play" and len(whole.plays) == 24 and whole.discards_checked == 90
    an = Analysis.of_state(state)
    seen = 0.0
    plays: tuple[Any, ...] = ()
    while not an.step(max_ms=1.0):
        assert seen <= an.progress() < 1.0
        seen = an.progress()
        part = an.result()
        assert part.plays[: len(plays)] == plays and not part.complete
        plays = part.plays
    assert an.progress() == 1.0
    assert _strip(an.result()) == _strip(whole) and whole.complete


def test_a_node_budget_stops_the_analysis_deterministically() -> None:
    state = _game(Conventions(), seed=22, deals=1)
    one = Analysis.of_state(state, node_budget=3000)
    two = Analysis.of_state(state, node_budget=3000)
    while not one.step(max_ms=2.0):
        pass
    a, b = one.result(), two.run()
    assert a == b and one.stopped and not a.complete and a.discard_mattered is None


def test_only_finished_deals_are_analysed() -> None:
    state = deal(HEARTS_HANDS, HEARTS_TALON)
    run(state, "pass; pass")
    with pytest.raises(ValueError, match="no such finished deal"):
        Analysis.of_state(state)
    state = deal(
        ["9S 9C JC 9D JD QD JS", "AH TH KH QH JH 9H AS", "TS KS QS TC KC QC AC"], "AD TD KD"
    )
    run(state, "redeal; pass")  # RULES §4: deal 1 redealt, deal 2 under way
    rp = Replay(make_record(state))
    with pytest.raises(ValueError, match="not a finished deal"):
        Analysis(rp, 1)
    with pytest.raises(ValueError, match="no such finished deal"):
        Analysis(rp, -2)
    assert analyse(rp, 0).kind == analyse(rp, -1).kind == "redeal"


def test_a_kept_deal_start_gives_the_same_analysis_without_a_replay() -> None:
    conv = Conventions()
    state = Game(conv).new_initial_state(random.Random(30))
    start = state.clone()
    rng, easy, rnd = random.Random(30), EasyBot(), RandomBot()
    while state.n_rows < 1:
        obs = state.observation(state.current_player())
        bot = rnd if state.phase is Phase.PLAY and rng.random() < 0.5 else easy
        state.apply_action(bot.act(obs, rng))
    a = Analysis.of_deal_start(start, state, discards=False).run()
    b = Analysis.of_state(state, 0, discards=False).run()
    assert a.kind == "play" and _strip(a) == _strip(b)
    with pytest.raises(ValueError, match="start of a deal"):
        Analysis.of_deal_start(_mid(start), state)
    other = Game(conv).new_initial_state(random.Random(31))
    with pytest.raises(ValueError, match="not finished"):
        Analysis.of_deal_start(start, other)
    with pytest.raises(ValueError, match="not the same game"):
        Analysis.of_deal_start(other, state)


def _mid(start: State) -> State:
    s = start.clone()
    s.apply_action(s.legal_actions()[0])
    return s
