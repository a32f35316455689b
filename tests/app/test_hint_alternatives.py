"""The hint at the hardest calls (issue 19): it compares the real alternatives,
the concession (RULES §8 *роспись*) and the bomb (``bombs``) included, on one
scale with their exact values; it never shows two rows with one title or
identical figures twice, never "X against X", and says in a sentence, in every
language, why the best choice is best."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

import pytest

from app.page.page_msgs import Changed
from app.shell.i18n import LANGS, number, t
from app.table.hint import hint_rows, percent, points
from app.table.view import HintRow
from thousand import Conventions, State
from thousand import actions as A
from thousand.ai import make_ai_bot
from thousand.phase import Phase
from thousand.scoring import concession_award

NAMES = ("You", "West", "East")
WEAK = ["9S", "JS", "9C", "JC", "9D", "JD", "QD"]
STRONG = ["AS", "TS", "KS", "QS", "AC", "TC", "KC"]
HEARTS = ["AH", "TH", "KH", "QH", "AD", "TD", "KD"]
TALON = ["9H", "JH", "QC"]
# "−126 against −126": a figure compared with the same figure, in any language.
SAME = re.compile(r"([−+]?\d+)[^.;:\d]{0,40}?\b(?:against|против|проти|wobec)\b\D{0,30}?([−+]?\d+)")


def at_contract(preset: str, first: list[str], gives: tuple[str, str]) -> State:
    """Dealer 0; first hand (seat 1) holds ``first`` and the obligatory 100, the
    others pass; seat 1 takes the talon, passes ``gives`` and names the contract."""
    others = (STRONG, HEARTS) if first is WEAK else (WEAK, HEARTS)
    conv = Conventions.preset(preset)
    state = State.from_deal(conv, 0, [others[0], first, others[1]], TALON)
    while state.phase is not Phase.DISCARD:
        state.apply_str("keep" if state.phase is Phase.REDEAL else "pass")
    for g in gives:
        state.apply_str(g)
    assert state.phase is Phase.CONTRACT and state.current_player() == 1
    return state


def rated(state: State) -> list[tuple[int, dict[str, float]]]:
    """The strongest bot's ranked choices for seat 1 (counted work: reproducible)."""
    return make_ai_bot("strong").explain(state.observation(1), random.Random(1), None)


def check_rows(rows: Sequence[HintRow]) -> None:
    """No two rows with one title or the same figures; no figure against itself."""
    titles = [r.title for r in rows]
    assert len(set(titles)) == len(titles), titles
    for r in rows:
        for text in (r.detail, r.why):
            for m in SAME.finditer(text):
                assert m.group(1) != m.group(2), text
            assert "{" not in text


def test_rules_8_a_hopeless_contract_is_conceded_at_its_exact_value() -> None:
    """RULES §8: the declarer makes 100 with this hand well under 3% of the time. Conceding
    writes −100 for it and +50 (half of 100) for each opponent: −150 relative to
    them, for sure; the hint rates Concede best with that value and says why, in
    every language."""
    state = at_contract("classic", WEAK, ("give QD 2", "give JD 0"))
    choices = rated(state)
    action, values = choices[0]
    assert action == A.WRITEOFF
    exact = -100 - concession_award(state.conv, 100)
    assert values["ev"] == values["sure"] == exact == -150
    play = dict(choices)[A.contract(100)]
    assert play["make"] < 0.03 and play["ev"] < exact
    whys = set()
    for lang in LANGS:
        rows = hint_rows(choices, lang, NAMES, declarer_view=True, conv=state.conv)
        check_rows(rows)
        assert rows[0].best and rows[0].title == t(lang, "writeoff")
        assert points(lang, -150) in rows[0].detail
        assert rows[0].why and points(lang, -150) in rows[0].why
        assert number(round(play["ev"])) in rows[0].why
        assert percent(lang, play["make"]) + "%" in rows[0].why
        assert any(r.title == t(lang, "play_value", value=100) for r in rows[1:])
        whys.add(rows[0].why)
    assert len(whys) == len(LANGS)
    en = hint_rows(choices, "en", NAMES, declarer_view=True, conv=state.conv)
    assert en[0].detail == "−150 points against the others for sure"
    assert en[0].why.startswith("−150 points, against −")
    only = f"you would make the contract only {percent('en', play['make'])}% of the time."
    assert en[0].why.endswith(only)


def test_bombs_the_bomb_is_rated_at_the_contract_best_or_not() -> None:
    """bombs (Polish *bomba*): at the contract the bomb is rated at its exact value
    (the thrower writes nothing, each opponent 60: −60, and the bomb is spent);
    with a hopeless hand it is best, with a strong one the hint still lists it
    among the alternatives, after the contracts worth more."""
    conv = Conventions.preset("polish")
    hopeless = at_contract("polish", WEAK, ("give QD 2", "give JD 0"))
    choices = rated(hopeless)
    assert choices[0][0] == A.BOMB
    assert choices[0][1]["sure"] == -conv.bomb_points
    rows = hint_rows(choices, "en", NAMES, declarer_view=True, conv=conv)
    check_rows(rows)
    assert rows[0].title == t("en", "bomb", points=60)
    p = percent("en", dict(choices)[A.contract(100)]["make"])
    assert "−60 for sure" in rows[0].detail and f"only {p}% of the time" in rows[0].why

    good = at_contract("polish", STRONG, ("give 9H 2", "give JH 0"))
    choices = rated(good)
    bomb = [a for a, _v in choices].index(A.BOMB)
    assert bomb > 3 and choices[bomb][1]["sure"] == -60
    for lang in LANGS:
        rows = hint_rows(choices, lang, NAMES, declarer_view=True, conv=conv)
        check_rows(rows)
        assert rows[-1].title == t(lang, "bomb", points=60) and not rows[-1].best
        assert A.is_contract(choices[0][0]) and rows[0].why


def test_the_same_figures_make_one_row_and_equal_values_are_said_equal() -> None:
    """Issue 19: three contracts all "47%, −55" are one row ("Play 120 (or 125, 130:
    the same)"); a concession ranked after them is still listed; a best choice
    worth what the concession is worth says so instead of "−126 against −126"."""
    same = {"make": 0.47, "ev": -55.0, "expected_points": 110.0}
    choices = [
        (A.contract(120), same),
        (A.contract(125), dict(same)),
        (A.contract(130), dict(same)),
        (A.contract(135), {"make": 0.31, "ev": -80.0}),
        (A.contract(140), {"make": 0.31, "ev": -84.0}),
        (A.WRITEOFF, {"make": 0.0, "ev": -180.0, "sure": -180.0}),
    ]
    for lang in LANGS:
        rows = hint_rows(choices, lang, NAMES, declarer_view=True)
        check_rows(rows)
        assert [r.title.split(" (")[0] for r in rows] == [
            t(lang, "play_value", value=120),
            t(lang, "play_value", value=135),
            t(lang, "writeoff"),
        ]
        assert "125, 130" in rows[0].title
        assert rows[0].why and number(-180) in rows[0].why
    en = hint_rows(choices, "en", NAMES, declarer_view=True)
    assert en[0].title == "Play 120 (or 125, 130: the same)"
    assert en[0].why == "On average −55 points, 125 points more than with “Concede” (−180 points)."

    tie = [
        (A.contract(100), {"make": 0.03, "ev": -126.0}),
        (A.WRITEOFF, {"make": 0.0, "ev": -126.2, "sure": -126.2}),
    ]
    for lang in LANGS:
        rows = hint_rows(tie, lang, NAMES, declarer_view=True)
        check_rows(rows)
        assert rows[0].why and rows[0].why.count(number(-126)) == 1
    en = hint_rows(tie, "en", NAMES, declarer_view=True)
    assert en[0].why == "On average −126 points, as much as with “Concede”: either will do."
    conceded = hint_rows(list(reversed(tie)), "en", NAMES, declarer_view=True)
    assert conceded[0].why == (
        "−126 points, as much as on average if you play: you would make the contract "
        "only 3% of the time."
    )


def test_rules_5_a_pass_says_how_seldom_the_bid_would_be_made() -> None:
    """RULES §5: when passing is best, the hint says how seldom the lowest bid would
    be made ("With this hand you would make 105 only 20% of the time")."""
    choices = [
        (A.PASS, {"ev": -12.0}),
        (A.bid(105), {"make": 0.2, "ev": -30.0}),
        (A.bid(110), {"make": 0.17, "ev": -38.0}),
    ]
    words = {
        "en": "With this hand you would make 105 only 20% of the time",
        "ru": "С этой рукой 105 удалось бы сыграть лишь в 20% случаев",
        "uk": "З цією рукою 105 вдалося б зіграти лише у 20% випадків",
        "pl": "Z tymi kartami 105 udałoby się ugrać tylko w 20% przypadków",
    }
    for lang in LANGS:
        rows = hint_rows(choices, lang, NAMES, declarer_view=True)
        check_rows(rows)
        assert rows[0].why.startswith(words[lang]), rows[0].why
        assert points(lang, -30) in rows[0].why and points(lang, -12) in rows[0].why


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("en", {1: "1 point", 2: "2 points", 5: "5 points", 21: "21 points"}),
        (
            "ru",
            {
                1: "1 очко",
                2: "2 очка",
                5: "5 очков",
                11: "11 очков",
                21: "21 очко",
                22: "22 очка",
                112: "112 очков",
                -24: "−24 очка",
                0: "0 очков",
            },
        ),
        (
            "uk",
            {
                1: "1 очко",
                2: "2 очки",
                5: "5 очок",
                14: "14 очок",
                21: "21 очко",
                -150: "−150 очок",
                103: "103 очки",
            },
        ),
        (
            "pl",
            {
                1: "1 punkt",
                2: "2 punkty",
                5: "5 punktów",
                12: "12 punktów",
                21: "21 punktów",
                22: "22 punkty",
                -92: "−92 punkty",
            },
        ),
    ],
)
def test_points_take_the_plural_form_of_their_number(lang: str, forms: dict[int, str]) -> None:
    """ "N points" in words: ru 1 очко / 2 очка / 5 очков, uk 1 очко / 2 очки /
    5 очок, pl 1 punkt / 2 punkty / 5 punktów (21 punktów)."""
    for n, text in forms.items():
        assert points(lang, n) == text


def test_seeded_positions_never_repeat_a_row_or_a_figure() -> None:
    """Seeded Classic and Polish deals, each decision of the auction, the discard
    and the contract hinted in every language: unique titles, no "X against X",
    and a why-sentence for the best of two or more rows."""
    from thousand import Game

    bot = make_ai_bot("strong")
    seen = 0
    for preset, seed in (("classic", 2), ("classic", 7), ("polish", 3)):
        state = Game(Conventions.preset(preset)).new_initial_state(random.Random(seed))
        rng = random.Random(seed)
        while state.phase is not Phase.PLAY and not state.is_terminal() and state.n_rows == 0:
            seat = state.current_player()
            obs = state.observation(seat)
            if len(obs.legal_actions) > 1 and obs.phase in (
                Phase.BIDDING,
                Phase.DISCARD,
                Phase.CONTRACT,
            ):
                choices = bot.explain(obs, random.Random(1), None)
                for lang in LANGS:
                    rows = hint_rows(
                        choices, lang, NAMES, obs.declarer == seat, conv=obs.conventions
                    )
                    check_rows(rows)
                    assert len(rows) < 2 or rows[0].why, (preset, seed, lang, rows)
                seen += 1
            state.apply_action(bot.act(obs, rng))
    assert seen >= 6


def test_the_why_sentence_is_shown_in_the_hint_list() -> None:
    """The best row's why-sentence is on the page, inside ``[data-hint]``."""
    from app_helpers import new_session, page, to_human_turn

    from app.page.screen import Screen

    s = new_session(seed=3)
    assert to_human_turn(s, random.Random(1))
    rows = (
        HintRow("Pass", "−12 points on average", best=True, why="Bidding costs more."),
        HintRow("Bid 105", "you make it 20% of the time; −30 points on average"),
    )
    html = page(s, Screen(hint=rows))
    hint = re.search(r'<ol[^>]*data-hint="1".*?</ol>', html, re.S)
    assert hint and '<span class="hint-why">Bidding costs more.</span>' in hint.group(0)
    assert hint.group(0).count("hint-why") == 1


@pytest.mark.parametrize("preset", ["classic", "strict"])
def test_rules_8_the_concession_row_shows_the_sheets_own_figures(preset: str) -> None:
    """A concession's row said "−160 points for sure" while the sheet then wrote
    −105 for the declarer: the row now says what each seat writes (the row the
    engine adds when the concession is applied) and names the other figure as
    the declarer's points against the others'."""
    from app.page.model import Page
    from app.page.page_msgs import Clicked, HintAnswered
    from app.page.screen import Screen
    from app.page.update import update
    from app.table.session import Session

    state = at_contract(preset, WEAK, ("give QD 2", "give JD 0"))
    conceded = state.clone()
    conceded.apply_action(A.WRITEOFF)
    row = conceded.rows[-1]
    assert row.kind == "writeoff"
    you, west, east = row.deltas[1], row.deltas[0], row.deltas[2]
    assert you < 0 and west == east > 0
    s = Session(state, ["easy", "human", "easy"], seed=1, human=1, names=["West", "", "East"])
    page = Page(s, Screen())
    page, _ = update(page, Clicked("hint"))
    page, _ = update(page, HintAnswered(s.version, tuple(rated(state)), True, state.conv))
    rows = page.ui.hint
    assert rows
    concede = next(r for r in rows if r.title == "Concede")
    relative = you - (west + east) // 2
    assert concede.detail == (
        f"you write {number(you)}, the others +{west} each: {number(relative)} points against them"
    )
    played = next(r for r in rows if r.title.startswith("Play "))
    assert played.detail.endswith("points against the others"), played.detail
    check_rows(rows)
    page, _ = update(page, Changed("lang", "ru"))
    concede_ru = next(r for r in page.ui.hint if r.title == t("ru", "writeoff"))
    assert concede_ru.detail.startswith(f"вы пишете {number(you)}, соперники по +{west}")


def test_bombs_the_bomb_row_shows_the_sheets_own_figures() -> None:
    """bombs: the thrower writes 0 and each opponent 60 (Polish *bomba*); the row
    says so, and why it ranks a little lower than −60 (the bomb is spent)."""
    from app.page.model import Page
    from app.page.page_msgs import Clicked, HintAnswered
    from app.page.screen import Screen
    from app.page.update import update
    from app.table.session import Session

    state = at_contract("polish", WEAK, ("give QD 2", "give JD 0"))
    s = Session(state, ["easy", "human", "easy"], seed=1, human=1, names=["West", "", "East"])
    page = Page(s, Screen())
    page, _ = update(page, Clicked("hint"))
    page, _ = update(page, HintAnswered(s.version, tuple(rated(state)), True, state.conv))
    assert page.ui.hint
    bomb = page.ui.hint[0]
    assert bomb.title == t("en", "bomb", points=60)
    assert bomb.detail.startswith("you write 0, the others +60 each: −60 points against them; ")
    assert bomb.detail.endswith("(keeping it is worth about 10 points)"), bomb.detail


def test_a_concession_names_each_opponent_when_they_write_different_figures() -> None:
    """An opponent on the barrel (or near the cap) may write another figure than
    the other: each is named with their own."""
    from app.table.hint import Sheet

    words = Sheet((60, -120, 0), 1, (0, 1, 2), ("West", "You", "East")).words("en")
    assert words == "you write −120, West +60, East 0: −150 points against them"
