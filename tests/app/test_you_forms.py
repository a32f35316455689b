"""Sentences about a seat said to the player in the second person, in all four
languages: "You deal", not "You deals"; «Вы сдаёте», not «сдаёт Вы»; "Rozdajesz".

Every catalogue sentence whose subject is a seat has a "you" form (``<key>_you``),
chosen where the sentence is built (``app.shell.i18n.you_key``). The tests render each
builder (the deal's story, the deal summary, the replay's verdict, the analysis,
the table's prompts and card labels) for "you" and for a named seat and check the
you form is the one used; and the named forms read right for any name (no past
tense that needs the name's gender, as «бросил(а)» or «wziąłby/wzięłaby»)."""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pytest

from app.replay.analysis_view import analysis_lines
from app.replay.replay_view import verdict
from app.shell.i18n import CATALOGUES, LANGS, t, tables
from app.table.dialogs import deal_notes
from app.table.events import Event
from thousand import Conventions
from thousand.analysis import DealAnalysis, PlayCheck
from thousand.sheet import SheetRow

TABLES = tables()
EN = TABLES["en"]

#: Sentences with a seat as their subject that are never said of the player reading
#: them, and why.
NEVER_YOU = {
    "thinking": "only a computer player is shown thinking",
    "winner": "the player's own win is its own sentence, you_won",
    "pass_device": "names the person the device goes to, who is not holding it yet",
    "undo_ask": "shown to the other players, never to the one who asked",
    "net.seated": "another player arriving at an online table",
    "net.lost": "the link to another player",
    "net.taken_badge": "on another player's nameplate",
    "net.undo_refused": "another player refused",
    **{
        f"net.found.{kind}": "a cheat found on another player's page (an honest page is never "
        "found cheating, and a cheating page says what it likes)"
        for kind in [
            "alarm",
            "claim",
            "commitment",
            "cut",
            "forged",
            "give",
            "hidden",
            "illegal",
            "key",
            "other",
            "proof",
            "share",
            "shuffle",
            "silent",
            "turn",
        ]
    },
    "editor.to_move": "the editor names seats by compass, nobody is you",
    "editor.problem.hand_size": "the editor names seats by compass",
    "editor.problem.talon_size": "the editor names the talon",
    "editor.problem.dealer_hand": "the editor names seats by compass",
}
#: A you form named otherwise: "ev_gives_you" is "West gives you 9♠"; a practice
#: at your own seat says "you play your own cards".
SPECIAL = {"ev_gives": "ev_gives_you_to", "practice_banner": "practice_banner_own"}

SAME_IN_ENGLISH = {("en", k) for k in ("bombed", "made", "failed", "wrote_off")}

SUBJECT = re.compile(r"\{name\}(?:'s)? [a-z]")


def seat_sentences() -> list[str]:
    """Every English sentence with ``{name}`` followed by its verb, and the ones
    whose you form exists though the name is not first ("Trick 3: West K♠ cost")."""
    keys = {
        k
        for k, v in EN.items()
        if SUBJECT.search(v.split("|")[0]) and not k.endswith(("_you", "_you_to"))
    }
    keys |= {k.removesuffix("_you") for k in EN if k.endswith("_you")} - {"ev_gives"}
    return sorted(keys - {"ev_gives_you"})


def you_form(key: str) -> str:
    return SPECIAL.get(key, key + "_you")


def test_every_sentence_about_a_seat_has_a_you_form() -> None:
    missing = [k for k in seat_sentences() if k not in NEVER_YOU and you_form(k) not in EN]
    assert missing == []
    assert "ev_deal" in seat_sentences() and "ev_cut" in seat_sentences()


KW: dict[str, Any] = dict(
    n=3,
    value=120,
    card="Q♠",
    cards="Q♠ 9♥",
    to="East",
    contract=120,
    suit="♥",
    symbol="♥",
    why="—",
    count=1,
    max=130,
    points=95,
    best=130,
    trick=3,
    lost=20,
    deal=2,
    by="East",
)


@pytest.mark.parametrize("lang", LANGS)
def test_you_forms_differ_from_the_named_form_said_of_you(lang: str) -> None:
    """The you form is a sentence of its own: never the named one with "You" put in."""
    you = t(lang, "you")
    for key in seat_sentences():
        if key in NEVER_YOU:
            continue
        own = t(lang, you_form(key), name=you, **KW)
        naive = t(lang, key, name=you, **KW)
        assert "{" not in own, (lang, key, own)
        # (an English past tense takes no ending: "You made 120" is both)
        assert own != naive or (lang, key) in SAME_IN_ENGLISH, (lang, key, own)


@pytest.mark.parametrize("lang", ["ru", "uk", "pl"])
def test_named_sentences_read_right_for_any_name(lang: str) -> None:
    """No «(а)», «ł(a)» or «wziąłby/wzięłaby»: a name's gender is not known."""
    gendered = re.compile(r"\((а|ла|a|ła|-aś)\)|\w/\w")
    for key in seat_sentences():
        for k in (key, you_form(key)):
            text = TABLES[lang].get(k, "")
            assert not gendered.search(text), (lang, k, text)


def test_polish_speaks_to_the_player_without_a_gender() -> None:
    """Polish says "you" in the past tense by gender ("wziąłeś" / "wzięłaś"), which the
    page does not know: every Polish text, lessons included, says it another way."""
    masculine_you = re.compile(r"\w+(łeś|łbyś|liście)\b")
    for k, text in TABLES["pl"].items():
        if k.startswith("lesson.bolt.") and "wzięliście" in text:
            continue  # "Ty i Zachód nie wzięliście": you and West, a plural
        assert not masculine_you.search(text), (k, text)


# -- the builders choose the you form ----------------------------------------------

NAMES = ("You", "West", "East")

EVENTS = [
    Event("ev_deal", 0, value=3),
    Event("ev_bid", 0, value=115),
    Event("ev_pass", 0),
    Event("ev_dark", 0),
    Event("ev_unblind", 0),
    Event("ev_declarer", 0, value=120),
    Event("ev_declarer_100", 0, value=100),
    Event("ev_gives", 0, to=1, cards=(4,)),
    Event("ev_gives_hidden", 0, to=1),
    Event("ev_aside", 0),
    Event("ev_contract", 0, value=130),
    Event("ev_marriage", 0, value=3, trick=0),
    Event("ev_aces", 0, trick=0),
    Event("ev_play", 0, cards=(4,), trick=0),
    Event("ev_trick", 0, trick=0),
    Event("ev_redealt", 0, why="talon_below"),
    Event("ev_cut", 0),
    Event("ev_cut_nine", 0),
    Event("ev_cut_third", 0, value=120),
]


def names_in(lang: str) -> tuple[str, ...]:
    return (t(lang, "you"), t(lang, "west"), t(lang, "east"))


@pytest.mark.parametrize("lang", LANGS)
def test_the_deals_story_speaks_to_you(lang: str) -> None:
    names = names_in(lang)
    keys = {e.key for e in EVENTS}
    assert keys >= {k for k in seat_sentences() if k.startswith("ev_")} - {"ev_gives_you"}
    for e in EVENTS:
        mine = e.text(names, lang, you=0)
        theirs = e.text(names, lang, you=1)  # the same event said to West: "You" is a name
        assert mine != theirs, (lang, e.key)
        assert mine.split()[0] != "{name}"
        want = t(lang, you_form(e.key)).split("{")[0]
        assert mine.startswith(want), (lang, e.key, mine)
        other = Event(e.key, 1, to=2, cards=e.cards, value=e.value, trick=e.trick, why=e.why)
        said = other.text(names, lang, you=0)
        assert names[1] in said and names[0] not in said, (lang, e.key, said)


def test_the_deal_sentence_in_each_language() -> None:
    """The sentence a new player saw as "Deal 1: You deals." on the felt and in the log."""
    deal = Event("ev_deal", 0, value=1)
    assert deal.text(NAMES, "en", 0) == "Deal 1: you deal."
    assert deal.text(NAMES, "en", 1) == "Deal 1: You deals."  # said to West: "You" a name
    assert deal.text(names_in("ru"), "ru", 0) == "Сдача 1: вы сдаёте."
    assert deal.text(names_in("uk"), "uk", 0) == "Роздача 1: ви роздаєте."
    assert deal.text(names_in("pl"), "pl", 0) == "Rozdanie 1: rozdajesz."
    assert Event("ev_deal", 1, value=1).text(names_in("ru"), "ru", 0) == "Сдача 1: сдаёт Запад."
    assert Event("ev_pass", 0).text(NAMES, "en", 0) == "You pass."
    assert Event("ev_bid", 0, value=110).text(NAMES, "en", 0) == "You bid 110."
    assert Event("ev_bid", 1, value=110).text(NAMES, "en", 0) == "West bids 110."


@pytest.mark.parametrize("lang", LANGS)
def test_a_deals_verdict_speaks_to_you(lang: str) -> None:
    names = names_in(lang)
    for kind, made, key in (
        ("play", True, "made"),
        ("play", False, "failed"),
        ("writeoff", None, "wrote_off"),
        ("bomb", None, "bombed"),
    ):
        row = SheetRow(1, 2, kind, declarer=0, contract=120, made=made)
        assert verdict(row, names, lang, you=0) == t(lang, key + "_you", contract=120)
        assert verdict(row, names, lang) == t(lang, key, name=names[0], contract=120)
        west = row._replace(declarer=1)
        assert verdict(west, names, lang, you=0) == t(lang, key, name=names[1], contract=120)


def analysis(declarer: int, seat: int) -> DealAnalysis:
    play = PlayCheck(
        step=9, trick=2, seat=seat, action=4, declarer_side=seat == declarer,
        forced=False, before=130, after=110, lost=20,
        made_before=True, made_after=True, best_action=None,
    )  # fmt: skip
    return DealAnalysis(
        deal=0, first_step=0, kind="play", players=3, declarer=declarer, bid=120,
        contract=120, dark=False, golden=False, points=95, made=False, start_points=0,
        max_points=130, makeable=True, limit=200, best_contract=130, plays=(play,),
        discards_total=0, discards_checked=0, discard_best_points=None,
        discard_for_points=None, discard_best_contract=None, discard_for_contract=None,
        discard_mattered=None, complete=True, nodes=1,
    )  # fmt: skip


@pytest.mark.parametrize("lang", LANGS)
def test_the_analysis_speaks_to_you(lang: str) -> None:
    names = names_in(lang)
    mine = analysis_lines(analysis(0, 0), names, lang, you=0)
    assert mine[0] == t(lang, "analysis.max_you", max=130, points=95)
    assert mine[1] == t(lang, "analysis.best_you", best=130, contract=120)
    counted = CATALOGUES[lang].ngettext("analysis.cost_you", "analysis.cost_you", 20)
    assert mine[2].startswith(counted.split("{")[0]), mine
    assert all(names[0] not in line for line in mine), mine
    theirs = analysis_lines(analysis(1, 2), names, lang, you=0)
    assert theirs[0] == t(lang, "analysis.max", name=names[1], max=130, points=95)
    assert names[2] in theirs[2]


@pytest.mark.parametrize("lang", LANGS)
def test_a_bolt_note_speaks_to_you(lang: str) -> None:
    from types import SimpleNamespace

    row = SheetRow(1, 2, "play", declarer=1, contract=120, made=True, bolts=(1, 0, 1))
    row = row._replace(bolt_counts=(1, 0, 2), deltas=(0, 0, 0), totals=(0, 0, 0))
    m: Any = SimpleNamespace(
        lang=lang,
        human=0,
        people=1,
        online=False,
        names=names_in(lang),
        scene=SimpleNamespace(conventions=Conventions()),
    )
    notes = deal_notes(m, row)
    assert t(lang, "bolt_note_you", count=1) in notes
    assert t(lang, "bolt_note", name=names_in(lang)[2], count=2) in notes


def test_the_tables_card_labels_and_prompt_speak_to_you() -> None:
    """The trick's card labels (screen readers): "Q♠, played by you", «…, ходите вы»."""
    import random

    from app_helpers import bot_move, new_session, page

    from app.page.screen import Screen
    from app.shell.i18n import card_name

    s = new_session(seed=5)
    rng = random.Random(5)
    while not any(seat == s.human for seat, _ in s.state.observation(0).trick):
        bot_move(s, rng)
    card = next(c for seat, c in s.state.observation(0).trick if seat == s.human)
    for lang in LANGS:
        html = page(s, Screen(lang=lang))
        assert t(lang, "played_by_you", card=card_name(card, lang)) in html
        assert t(lang, "played_by", card=card_name(card, lang), name=t(lang, "you")) not in html


@pytest.mark.parametrize(
    ("lang", "lost", "said"),
    [
        ("en", 1, "cost 1 point"),
        ("en", 20, "cost 20 points"),
        ("ru", 1, "стоила 1 очко"),
        ("ru", 3, "стоила 3 очка"),
        ("ru", 20, "стоила 20 очков"),
        ("uk", 2, "коштувала 2 очка"),
        ("uk", 25, "коштувала 25 очок"),
        ("pl", 5, "kosztowała 5 pkt"),
    ],
)
def test_a_costly_card_counts_its_points_in_the_languages_plural(
    lang: str, lost: int, said: str
) -> None:
    res = analysis(0, 2)
    res = dataclasses.replace(res, plays=(dataclasses.replace(res.plays[0], lost=lost),))
    line = analysis_lines(res, names_in(lang), lang, you=0)[-1]
    assert said in line, line
