"""The Normal and Strong bots: only legal actions under random conventions, the
step-able interface, hints, and the arena's report format."""

from __future__ import annotations

import dataclasses
import random
import re

import pytest

from thousand import actions as A
from thousand.ai import NORMAL, STRONG, AIBot, Choice, Settings, make_ai_bot
from thousand.ai.bot import IllegalDecisionError
from thousand.ai.fuzz import DecisionCheckError, check_decision, fuzz
from thousand.ai.think import Decision
from thousand.arena import arrangements, summarize
from thousand.arena import main as arena_main
from thousand.bots import EasyBot, make_bot
from thousand.cards import card_from_str, cards_mask
from thousand.conventions import Conventions
from thousand.state import Game, Observation, Phase, State

# Cheap settings for breadth: the same code paths with tiny sample counts.
TINY = dataclasses.replace(
    NORMAL,
    name="tiny",
    play_samples=(0, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2),
    node_limit=150,
    play_nodes=300,
    min_worlds=1,
    discard_worlds=2,
    discard_node_limit=150,
    discard_nodes=300,
)


def test_levels_return_legal_actions_under_random_conventions() -> None:
    """Every level, every phase, random convention sets (incl. 2 and 4 players): each
    answer is legal and each hint list names legal actions once, with ``ev``."""
    checked, deals = fuzz([AIBot(TINY), EasyBot(), AIBot(TINY)], deals=60, seed=1)
    assert deals == 60 and checked > 500
    checked, deals = fuzz(
        [make_ai_bot("strong"), make_ai_bot("normal"), EasyBot()], deals=8, seed=2
    )
    assert checked > 60


def test_an_illegal_answer_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    """A decision that returns an illegal action is an error naming the decision,
    never silently replaced (and the fuzz check fails on it)."""
    from thousand.ai import bot as bot_module

    def broken(ctx: object, obs: Observation, *args: object) -> Decision:
        yield
        bad = A.WRITEOFF if A.WRITEOFF not in obs.legal_actions else A.PASS
        return [Choice(bad, 1.0, {})]

    monkeypatch.setattr(bot_module, "play_decision", broken)
    monkeypatch.setattr(bot_module.auction, "decision", broken)
    _state, obs = _play_position(0)
    with pytest.raises(IllegalDecisionError, match="play decision"):
        make_ai_bot("normal").act(obs, random.Random(1))
    with pytest.raises(DecisionCheckError, match="illegal action"):
        check_decision(make_ai_bot("normal"), obs, random.Random(1))


def test_make_bot_knows_the_levels() -> None:
    """``make_bot`` (bots.py) reaches the AI levels; ``@w`` scales the work."""
    assert make_bot("normal").name == "normal"
    assert make_bot("Strong").name == "strong"
    double = make_bot("strong@2")
    assert isinstance(double, AIBot)
    assert double.settings.play_nodes == 2 * STRONG.play_nodes
    assert double.settings.samples(8) == 2 * STRONG.samples(8)
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("grandmaster")
    with pytest.raises(ValueError, match="work factor"):
        make_bot("strong@x")


def test_the_ai_does_not_import_the_baseline_bots() -> None:
    """No import cycle: ``thousand.ai`` loads without ``thousand.bots``."""
    import subprocess
    import sys

    code = "import sys, thousand.ai; print('thousand.bots' in sys.modules)"
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "False"


def _play_position(seed: int) -> tuple[State, Observation]:
    """A position in the middle of the first trick (classic rules), with its observation."""
    rng = random.Random(seed)
    easy = EasyBot()
    while True:
        state = Game().new_initial_state(random.Random(seed))
        while not state.rows and not (
            state.phase is Phase.PLAY
            and len(state.observation(0).trick) == 1
            and len(state.legal_actions()) > 1
        ):
            state.apply_action(easy.act(state.observation(state.current_player()), rng))
        if not state.rows:
            return state, state.observation(state.current_player())
        seed += 1000


def test_step_wise_decision_and_hint() -> None:
    """``start`` + ``step(max_ms)`` reaches a legal decision; ``explain`` ranks every move."""
    bot = make_ai_bot("strong")
    for seed in range(3):
        _state, obs = _play_position(seed)
        think = bot.start(obs, random.Random(seed), budget_ms=None)
        steps = 1
        while not think.step(max_ms=5):
            steps += 1
            assert steps < 10_000
        assert think.action() in obs.legal_actions
        hints = bot.explain(obs, random.Random(seed), budget_ms=None)
        assert {a for a, _ in hints} == set(obs.legal_actions)
        top = hints[0][1]
        assert 0.0 <= top["make"] <= 1.0 and "declarer_points" in top
    # A budget stops sampling early but still answers.
    _state, obs = _play_position(7)
    think = bot.start(obs, random.Random(1), budget_ms=1.0)
    think.run()
    assert think.action() in obs.legal_actions


def test_forced_move_needs_no_thinking() -> None:
    """One legal action: ``start`` answers it in one step, ``explain`` lists it alone."""
    bot = make_ai_bot("strong")
    state = Game().new_initial_state(random.Random(3))
    rng = random.Random(1)
    found = 0
    while found < 3:
        legal = state.legal_actions()
        if len(legal) == 1:
            obs = state.observation(state.current_player())
            think = bot.start(obs, random.Random(0), budget_ms=None)
            assert think.step(max_ms=5) and think.action() == legal[0]
            assert bot.explain(obs, random.Random(0)) == [(legal[0], {})]
            found += 1
        state.apply_action(legal[rng.randrange(len(legal))])


def test_arena_report_format(capsys: object) -> None:
    """The arena's last line: ``A-B: <+/-X.X> points/deal, 95% CI [lo, hi], n=N``."""
    assert len(arrangements(3)) == 6 and len(arrangements(2)) == 2
    assert arena_main(["--a", "easy", "--b", "random", "--deals", "3", "--seed", "2"]) == 0
    out = capsys.readouterr().out.strip().splitlines()  # type: ignore[attr-defined]
    assert re.fullmatch(
        r"A-B: [+-]\d+\.\d points/deal, 95% CI \[[+-]\d+\.\d, [+-]\d+\.\d\], "
        r"n=3",
        out[-1],
    ), out[-1]
    line = summarize(
        [
            {
                "diff": 1.0,
                "stats": {
                    k: dict.fromkeys(("declared", "made", "conceded", "contract", "seat_deals"), 0)
                    for k in "AB"
                },
            }
        ]
        * 2,
        "x",
        "y",
    )[-1]
    assert line == "A-B: +1.0 points/deal, 95% CI [+1.0, +1.0], n=2"


def test_strong_settings_are_the_strong_level() -> None:
    assert make_ai_bot("strong").settings == STRONG


def test_bolt_awareness() -> None:
    """Bolts (§8): with two bolts a trickless deal costs the penalty; the moves that
    surely win the trick are found (last to play, or the top card led)."""
    from thousand.ai.play import bolt_risk, securing_moves

    _state, obs = _play_position(3)
    assert bolt_risk(obs) == 0.0
    risky = dataclasses.replace(obs, bolt_counts=tuple(2 for _ in obs.bolt_counts))
    assert bolt_risk(risky) == float(risky.conventions.penalty)
    off_conv = risky.conventions.replace(
        bolts="off", no_bolt_on_own_game=False, bolt_counts_zero_points=False
    )
    off = dataclasses.replace(risky, conventions=off_conv)
    assert bolt_risk(off) == 0.0
    c = card_from_str
    seat, a, b = obs.active[2], obs.active[0], obs.active[1]
    last = dataclasses.replace(
        obs,
        seat=seat,
        trick=((a, c("KS")), (b, c("9S"))),
        hand=cards_mask(["QS", "AS", "9D"]),
        played=cards_mask(["KS", "9S"]),
        trump=-1,
    )
    assert securing_moves(last, [c("QS"), c("AS")]) == {c("AS")}
    lead = dataclasses.replace(last, trick=(), played=0, hand=cards_mask(["AS", "KS", "9D"]))
    assert securing_moves(lead, [c("AS"), c("KS"), c("9D")]) == {c("AS")}
    # A trump still out (diamonds) spoils the lead of a plain ace.
    trumped = dataclasses.replace(lead, trump=2)
    assert securing_moves(trumped, [c("AS"), c("KS"), c("9D")]) == set()


def _polish_declarer(first_hand: list[str], others: tuple[list[str], list[str]]) -> State:
    """Polish rules: first hand (seat 1) holds the opening 100; the others pass."""
    from thousand.conventions import Conventions

    dealer_hand, third_hand = others
    state = State.from_deal(
        Conventions.preset("polish"), 0, [dealer_hand, first_hand, third_hand], ["9H", "JH", "QC"]
    )
    state.apply_str("pass")
    state.apply_str("pass")
    assert state.phase is Phase.DISCARD and A.BOMB in state.legal_actions()
    return state


def test_strong_throws_a_bomb_with_a_hopeless_hand_only() -> None:
    """bombs (CONVENTIONS, Polish *bomba*): a declarer that cannot make 100 throws
    its bomb (the opponents score 60 each) instead of losing the contract; with a
    winning hand it plays."""
    weak = ["9S", "JS", "9C", "JC", "9D", "JD", "QD"]
    strong = ["AS", "TS", "KS", "QS", "AC", "TC", "KC"]
    hearts = ["AH", "TH", "KH", "QH", "AD", "TD", "KD"]
    bot = make_ai_bot("strong")
    hopeless = _polish_declarer(weak, (strong, hearts))
    assert bot.act(hopeless.observation(1), random.Random(1)) == A.BOMB
    good = _polish_declarer(strong, (weak, hearts))
    assert A.is_give(bot.act(good.observation(1), random.Random(1)))


@pytest.mark.parametrize(
    ("conv", "totals", "contract", "changes", "value"),
    [
        (Conventions(), None, 100, {}, -100 - 50),  # half of 100 to each opponent
        (Conventions(), None, 135, {}, -135 - 70),  # half of 135 rounded up to 5
        (Conventions(round_to=10), None, 110, {}, -110 - 60),  # rounded up to 10
        (Conventions(write_off_60=True), None, 120, {}, -120 - 60),
        (Conventions(write_off_free=True), None, 120, {}, -60),
        # write_off_third_penalty: this is the third concession (penalty 120)
        (Conventions(write_off_third_penalty=True), None, 100, {"writeoffs": (0, 2, 0)}, -270),
        # golden round (write_off_on_golden): the penalty doubles with everything else
        (
            Conventions(
                golden_round=True,
                write_off_free=True,
                write_off_on_golden=True,
                write_off_third_penalty=True,
            ),
            None,
            120,
            {"golden": True, "writeoffs": (0, 2, 0)},
            -120 - 240,
        ),
        # negative_samosval: -455 - 100 lands on -555, and the total goes to 0
        (Conventions(negative_samosval=True), [0, -455, 0], 100, {}, 455 - 50),
    ],
)
def test_rules_8_a_concession_is_valued_exactly(
    conv: Conventions,
    totals: list[int] | None,
    contract: int,
    changes: dict[str, object],
    value: int,
) -> None:
    """RULES §8 *роспись*: the AI values conceding by the rules' own scoring
    (``scoring.score_deal``), relative to the opponents: the declarer's loss, each
    opponent's award (round_to, write_off_60, write_off_free), the third
    concession's penalty, golden doubling and the samosval, exactly."""
    from thousand.ai.auction import concession_ev

    hands = ["9S JS QS KS TS 9D AD", "JC TC QD TD JH TH AH", "AS KC AC JD KD 9H QH"]
    state = State.from_deal(conv, 0, [h.split() for h in hands], ["9C", "QC", "KH"], totals)
    obs = dataclasses.replace(state.observation(1), **changes)  # type: ignore[arg-type]
    assert concession_ev(obs, contract) == value


def test_bombs_a_bomb_is_valued_exactly() -> None:
    """bombs (Polish *bomba*): the thrower writes nothing and each opponent
    ``bomb_points`` (−60 relative), except an opponent on the Polish barrel, who
    gains nothing there (``declarer_only``: −30); the ranking counts the bomb spent."""
    from thousand.ai.auction import BOMB_RESERVE, bomb_ev, unplayed_ev

    conv = Conventions.preset("polish")
    hands = ["9S JS QS KS TS 9D AD", "JC TC QD TD JH TH AH", "AS KC AC JD KD 9H QH"]
    for totals, value in (([0, 0, 0], -60.0), ([850, 0, 0], -30.0)):
        state = State.from_deal(conv, 0, [h.split() for h in hands], ["9C", "QC", "KH"], totals)
        obs = state.observation(1)
        assert unplayed_ev(obs, bomb=True) == value
        assert bomb_ev(obs) == value - BOMB_RESERVE


def _barrel_bidder(hands: list[str], talon: str, deal_no: int, falls: int) -> Observation:
    """Classic, dealer 0: seat 2 faces first hand's obligatory 100 from the barrel (880),
    in its ``deal_no``-th deal there, with ``falls`` failed barrels behind it."""
    from thousand.conventions import Conventions

    state = State.from_deal(Conventions(), 0, [h.split() for h in hands], talon.split())
    obs = state.observation(2)
    assert obs.legal_actions and obs.high_bid == 100
    return dataclasses.replace(
        obs,
        totals=(300, 300, 880),
        on_barrel=(0, 0, deal_no),
        barrel_falls=(0, 0, falls),
    )


def test_rules_9_barrel_pass_and_fall_values() -> None:
    """RULES §9: passing in the last deal on the barrel falls off with -120, which costs
    what failing a contract does; earlier, waiting is worth what the deals left are
    (optimal stopping), less with a fall that would cost more; the third failed
    barrel (three_barrels_zero) costs the whole total; with barrel_freezes_defenders
    a deal only defended does not count."""
    from thousand.ai.auction import BARREL_PASS, barrel_values, declarer_ev
    from thousand.ai.stakes import BARREL_FALL, barrel_fall_cost

    def barrel_pass_value(o: Observation, seat: int) -> float:
        return barrel_values(o, seat)[0]

    hands = ["9S JS QS AS 9C AD AH", "TS JC AC KD TD 9H JH", "KS QC TC 9D QD KH TH"]
    first = _barrel_bidder(hands, "KC JD QH", 1, 0)
    last = _barrel_bidder(hands, "KC JD QH", 3, 0)
    third = _barrel_bidder(hands, "KC JD QH", 1, 2)
    second = dataclasses.replace(first, on_barrel=(0, 0, 2))
    assert barrel_pass_value(last, 2) == BARREL_PASS - 120 - BARREL_FALL
    assert barrel_pass_value(first, 2) > barrel_pass_value(second, 2) > barrel_pass_value(last, 2)
    third_last = dataclasses.replace(third, on_barrel=(0, 0, 3))
    assert barrel_pass_value(third_last, 2) == BARREL_PASS - 120 - (880 - 120)
    assert barrel_pass_value(third, 2) < barrel_pass_value(first, 2)
    assert barrel_fall_cost(first, 2) == BARREL_FALL
    assert barrel_fall_cost(third, 2) == 880 - 120
    frozen = dataclasses.replace(
        last, conventions=last.conventions.replace(barrel_freezes_defenders=True)
    )
    assert barrel_pass_value(frozen, 2) == BARREL_PASS
    no_zero = dataclasses.replace(
        third, conventions=third.conventions.replace(three_barrels_zero=False)
    )
    assert barrel_fall_cost(no_zero, 2) == BARREL_FALL
    # Failing the barrel contract the third time loses the total, not just the climb.
    gap = declarer_ev(first, 2, 0.5, 100.0, 120) - declarer_ev(third, 2, 0.5, 100.0, 120)
    assert gap == 0.5 * (880 - 120 - BARREL_FALL)


def test_rules_9_strong_plays_for_the_barrel_when_waiting_loses_it() -> None:
    """RULES §9 with Strong on the barrel: a middling hand passes in its first deal
    there and goes for the barrel contract in its last (passing would fall off
    anyway); with two failed barrels behind it (three_barrels_zero) a hand it would
    try in its first deal waits, and is still tried in the last."""
    bot = make_ai_bot("strong")
    middling = ["9S JS QS AS 9C AD AH", "TS JC AC KD TD 9H JH", "KS QC TC 9D QD KH TH"]
    assert bot.act(_barrel_bidder(middling, "KC JD QH", 1, 0), random.Random(1)) == A.PASS
    assert A.is_bid(bot.act(_barrel_bidder(middling, "KC JD QH", 3, 0), random.Random(1)))
    diamonds = ["JC 9C AS KC AD TC AH", "KS QH QS AC JS KH 9D", "9H QC QD TD JD KD TH"]
    assert A.is_bid(bot.act(_barrel_bidder(diamonds, "9S JH TS", 1, 0), random.Random(1)))
    assert bot.act(_barrel_bidder(diamonds, "9S JH TS", 1, 2), random.Random(1)) == A.PASS
    assert A.is_bid(bot.act(_barrel_bidder(diamonds, "9S JH TS", 3, 2), random.Random(1)))


def test_rules_9_a_redeal_on_the_barrel_is_worth_a_fresh_hand_there() -> None:
    """RULES §4 redeal and §9: a redeal is worth a fresh deal, 0 in relative score
    for most seats; on the barrel a fresh hand is worth what the deals left there
    are (``barrel_values``), so a weak hand is redealt rather than waited out."""
    from thousand.ai.auction import barrel_values
    from thousand.conventions import Conventions

    state = State(Conventions(), random.Random(6), dealer=0)
    assert state.phase is Phase.REDEAL
    seat = state.current_player()
    obs = state.observation(seat)
    on = dataclasses.replace(
        obs,
        totals=tuple(880 if s == seat else 300 for s in range(3)),
        on_barrel=tuple(1 if s == seat else 0 for s in range(3)),
    )
    bot = make_ai_bot("strong")
    off_values = dict(bot.explain(obs, random.Random(1), budget_ms=None))
    on_values = dict(bot.explain(on, random.Random(1), budget_ms=None))
    fresh = barrel_values(on, seat)[1]
    assert off_values[A.REDEAL]["ev"] == 0.0
    assert on_values[A.REDEAL]["ev"] == round(fresh, 1) > barrel_values(on, seat)[0]
    assert bot.act(on, random.Random(1)) == A.REDEAL


def test_rules_9_a_barrel_player_holding_the_bid_is_worth_stopping() -> None:
    """RULES §9: a barrel player who wins the auction may end the game with the
    contract; passing while one holds the bid costs ``BARREL_BLOCK`` (half the
    game's worth), so Strong outbids it with a hand it would otherwise pass."""
    from thousand.ai.auction import pass_ev
    from thousand.ai.evaluator import shared
    from thousand.ai.stakes import BARREL_BLOCK

    # Seat 0 (the dealer) holds the spade marriage, so it may bid over 120 (§5).
    hands = ["9S JS QS KS TS 9D AD", "JC TC QD TD JH TH AH", "AS KC AC JD KD 9H QH"]
    state = State.from_deal(Conventions(), 0, [h.split() for h in hands], ["9C", "QC", "KH"])
    state.apply_str("bid 120")  # seat 2 bids; seat 0 is next
    obs = state.observation(0)
    assert obs.high_seat == 2 and obs.legal_actions
    quiet = dataclasses.replace(obs, totals=(300, 300, 700))
    sitting = dataclasses.replace(obs, totals=(300, 300, 880), on_barrel=(0, 0, 1))
    ev = shared()
    gap = pass_ev(quiet, 0, ev, STRONG) - pass_ev(sitting, 0, ev, STRONG)
    assert gap == BARREL_BLOCK
    bot = make_ai_bot("strong")
    assert bot.act(quiet, random.Random(1)) == A.PASS
    assert A.is_bid(bot.act(sitting, random.Random(1)))


def test_rules_9_card_play_weighs_the_game_stakes() -> None:
    """RULES §9 in card play (Strong): a contract that ends the game is worth the
    game to its declarer and costs the defenders their share of it; a barrel
    declarer who fails falls off the barrel. Normal scores the deal alone."""
    from thousand.ai.play import Scorer
    from thousand.ai.stakes import BARREL_FALL, GAME_BONUS

    _state, obs = _play_position(3)
    d = obs.declarer
    on = dataclasses.replace(
        obs,
        totals=tuple(880 if s == d else 100 for s in range(3)),
        on_barrel=tuple(1 if s == d else 0 for s in range(3)),
        contract=120,
    )
    pts = [100.0, 10.0, 10.0]
    plain, staked = Scorer(on, True), Scorer(on, True, stakes=True)
    made = staked.utility(1.0, pts) - plain.utility(1.0, pts)
    failed = staked.utility(0.0, pts) - plain.utility(0.0, pts)
    if obs.seat == d:
        assert (made, failed) == (GAME_BONUS, -BARREL_FALL)
    else:  # a defender: minus its share (one of the two others) of the declarer's swing
        assert (made, failed) == (-GAME_BONUS / 2, BARREL_FALL / 2)
    off = dataclasses.replace(on, totals=(100, 100, 100), on_barrel=(0, 0, 0))
    assert Scorer(off, True, stakes=True).utility(1.0, pts) == Scorer(off, True).utility(1.0, pts)


def test_rules_7_the_defenders_marriages_count_against_the_declarer() -> None:
    """RULES §7: a defender who holds a marriage declares it and scores it. A suit is
    open to them unless the declarer plays its king or queen or passed both (to two
    seats); Strong counts the measured share of the open marriages against a contract
    (``defender_marriages``), which makes a concession relatively better. Normal not."""
    from thousand.ai.auction import declarer_ev, defence_marriages, open_marriages
    from thousand.ai.evaluator import shared

    played = cards_mask(["KS", "9S", "AC", "TC", "JH", "9H", "AH"])  # spades: the king
    passed = cards_mask(["QD", "KD"])  # diamonds passed apart: closed
    assert open_marriages(played, passed) == 60 + 100  # clubs and hearts
    assert open_marriages(played | cards_mask(["QH"])) == 60 + 80
    assert open_marriages(played, cards_mask(["KH"])) == 60 + 80 + 100  # §7 KH may meet QH

    hands = ["9S JS QS KS TS 9D AD", "JC TC QD TD JH TH AH", "AS KC AC JD KD 9H QH"]
    state = State.from_deal(Conventions(), 0, [h.split() for h in hands], ["9C", "QC", "KH"])
    obs = state.observation(1)
    ev = shared()
    share = ev.const(3, "defender_marriages")
    assert 0.05 < share < 0.3
    assert defence_marriages(obs, ev, STRONG, played, passed) == share * 160
    assert defence_marriages(obs, ev, NORMAL, played, passed) == 0.0
    # Each of the two defenders scores half of what is expected, in relative terms.
    gap = declarer_ev(obs, 1, 0.6, 110.0, 110) - declarer_ev(
        obs, 1, 0.6, 110.0, 110, defence_marriages=30.0
    )
    assert gap == 30.0 / 2


def test_rules_5_a_pass_over_the_hundred_is_worth_more_to_strong() -> None:
    """RULES §5: while nobody has bid over first hand's obligatory hundred, the
    contract will be a low one, and a pass is worth more than the model of all
    passes says (measured: ``pass_at_100``); once someone bids higher, it is not.
    First hand holds the hundred and does not get it; Normal neither."""
    from thousand.ai.auction import pass_ev
    from thousand.ai.evaluator import shared

    hands = ["9S JS QS KS TS 9D AD", "JC TC QD TD JH TH AH", "AS KC AC JD KD 9H QH"]
    state = State.from_deal(Conventions(), 0, [h.split() for h in hands], ["9C", "QC", "KH"])
    low = state.observation(2)  # seat 2 faces first hand's 100
    assert low.high_bid == 100 and low.seat != low.first_hand
    ev = shared()
    extra = ev.const(3, "pass_at_100")
    assert extra > 0
    high = dataclasses.replace(low, high_bid=110)
    assert pass_ev(low, 2, ev, STRONG) - pass_ev(high, 2, ev, STRONG) == extra
    assert pass_ev(low, 2, ev, NORMAL) == pass_ev(high, 2, ev, NORMAL)
    first = dataclasses.replace(low, seat=low.first_hand)
    assert pass_ev(first, low.first_hand, ev, STRONG) == pass_ev(
        dataclasses.replace(first, high_bid=110), low.first_hand, ev, STRONG
    )


def test_strongs_bid_table_chances_are_calibrated_on_measured_outcomes() -> None:
    """The bid table (Strong's, talons drawn) passes its chances of making a contract
    through the measured ``bidcal`` calibration: an evaluator whose calibration says
    nothing is made gives chances near zero and lower values at every bid; the
    shipped one lowers an even chance (the table was overconfident)."""
    import json
    from importlib import resources

    from thousand.ai.auction import bid_table
    from thousand.ai.evaluator import Evaluator, shared
    from thousand.ai.think import Context, finish

    hands = ["9S JS QS KS TS 9D AD", "JC TC QD TD JH TH AH", "AS KC AC JD KD 9H QH"]
    state = State.from_deal(Conventions(), 0, [h.split() for h in hands], ["9C", "QC", "KH"])
    obs = state.observation(2)
    data = json.loads(resources.files("thousand.ai").joinpath("data/evaluator.json").read_text())
    data["bidcal3"] = {"features": ["bias", "logit_p"], "weights": [-20.0, 0.0]}
    hopeless = Evaluator(data)

    def table(ev: Evaluator) -> tuple[list[float], list[float]]:
        t = finish(bid_table(Context(None), obs, random.Random(3), STRONG, ev, 105, 130))
        return t.make, t.ev

    shipped_make, shipped_ev = table(shared())
    none_make, none_ev = table(hopeless)
    assert max(none_make) < 0.01 < max(shipped_make)
    assert all(n < s for n, s in zip(none_ev, shipped_ev, strict=True))
    assert shared().calibrated(0.5, 3, "bidcal") < 0.5
    assert shared().calibrated(0.5, 3, "bidcal") != shared().calibrated(0.5, 3)


def test_bomb_out_counts_the_bomb_as_the_way_out_of_a_bad_talon() -> None:
    """Polish rules (``bombs``, no concession): with ``bomb_out`` the bid table takes
    each talon's better of the best contract and the bomb (``bomb_ev``), so a weak
    hand's value at every bid rises to at least the bomb's; without a bomb left,
    or without bombs in the rules, the table is as without the flag."""
    from thousand.ai.auction import bid_table, bomb_ev
    from thousand.ai.evaluator import shared
    from thousand.ai.think import Context, finish

    hands = ["AS TS KS QS AC TC KC", "QC AD TD KD QD 9H QH", "9S JS 9C JC 9D JD JH"]
    bomb = dataclasses.replace(STRONG, bomb_out=True)

    def table(obs: Observation, settings: Settings) -> list[float]:
        t = finish(bid_table(Context(None), obs, random.Random(3), settings, shared(), 100, 130))
        return t.ev

    def weak_seat(preset: str) -> Observation:
        conv = Conventions.preset(preset)
        state = State.from_deal(conv, 0, [h.split() for h in hands], ["AH", "TH", "KH"])
        return state.observation(2)

    polish = weak_seat("polish")
    assert polish.conventions.bombs and not polish.conventions.write_off
    plain, with_bomb = table(polish, STRONG), table(polish, bomb)
    assert all(b > p for b, p in zip(with_bomb, plain, strict=True))
    assert min(with_bomb) >= bomb_ev(polish) > max(plain)
    thrown = dataclasses.replace(polish, bombs=(0, 0, polish.conventions.bombs))
    assert table(thrown, bomb) == table(thrown, STRONG)
    classic = weak_seat("classic")
    assert table(classic, bomb) == table(classic, STRONG)


def test_each_table_size_has_its_own_fitted_models_and_constants() -> None:
    """Two players have their own fitted models and constants (the value of defending,
    a defender's bolt, the calibrations, the marriages declared), measured at that table;
    four players play a three-player deal (RULES §2, the dealer sits out) and use the
    three-player ones."""
    from thousand.ai.evaluator import _DEFAULT_CONST, shared, table_size

    ev = shared()
    assert (table_size(2), table_size(3), table_size(4)) == (2, 3, 3)
    for players in (2, 3):
        assert ("defend", players) in ev.models
        for kind in ("bolt", "calib", "bidcal"):
            assert (kind, players) in ev.logistic, (kind, players)
        for key in ("defend_u", "marriage_share", "defender_marriages"):
            assert ev.const(players, key) != _DEFAULT_CONST[key], (players, key)
    assert ev.const(2, "defend_u") != ev.const(3, "defend_u")
    assert ev.const(4, "defender_marriages") == ev.const(3, "defender_marriages")
    # The value of defending follows the hand with two players too (not one constant).
    strong = cards_mask(["AS", "TS", "KS", "QS", "AH", "TH", "KH", "QH", "AD", "TD"])
    weak = cards_mask(["9S", "JS", "9C", "JC", "QC", "9D", "JD", "QD", "9H", "JH"])
    assert ev.defend_value(strong, 2) > ev.defend_value(weak, 2)
