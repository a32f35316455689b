"""The deal editor (``app.editor.editor``), in CPython: every problem a layout can have, a
deal laid out card by card, played through and published; the published record
replays with ``thousand.record``, the share link holds the same deal and captions,
and hostile records are refused with a message. Then the page's door: the editor's
messages through ``app.page.update`` and its effects as data."""

from __future__ import annotations

import json
import random
import re

import pytest
from app_helpers import new_session

from app.editor import editor as E
from app.editor.editor_view import editor_dialog
from app.library.saved import builtin_sets
from app.page.model import Page
from app.page.screen import Screen, build
from app.page.update import update
from app.replay.share import parse_fragment
from app.shell.dom import find_all, to_html
from app.table.view import Dialog
from thousand import Conventions
from thousand.actions import action_str
from thousand.cards import card_from_str, card_str, cards_mask
from thousand.diagram import render_record
from thousand.record import RecordError, Replay, replay

SETS = builtin_sets()
C = card_from_str


def laid_out(hands: list[str], talon: str, players: int = 3, dealer: int = 1) -> E.Editor:
    """An editor whose cards were tapped into place one by one, as on the page (West
    deals, East holds the obligatory 100: South speaks first)."""
    conv = Conventions().with_players(players)
    ed = E.new_editor(conv, "classic", dealer)
    for seat, text in enumerate(hands):
        for card in text.split():
            ed = E.tap_target(E.pick(ed, C(card)), str(seat))
    for k, part in enumerate(talon.split("|")):
        for card in part.split():
            ed = E.tap_target(E.pick(ed, C(card)), E.TALON if k == 0 else E.TALON2)
    return ed


HANDS = [
    "AS TS KS QS AH TH KH",  # South: two marriages
    "JS 9S AC TC KC QC JC",
    "AD TD KD QD JD 9D 9C",
]
TALON = "QH JH 9H"


def kinds(ed: E.Editor) -> list[str]:
    return [p.kind.value for p in E.problems(ed.layout)]


def words(ed: E.Editor, lang: str = "en") -> list[str]:
    names = ("South", "West", "East", "North")[: ed.players]
    return [E.problem_text(p, lang, names, ed.players) for p in E.problems(ed.layout)]


# -- the layout's problems ----------------------------------------------------------------


def test_a_full_layout_has_no_problem_and_an_empty_one_says_every_card_is_missing() -> None:
    ed = laid_out(HANDS, TALON)
    assert E.problems(ed.layout) == [] and E.unplaced(ed.layout) == ()
    empty = E.new_editor()
    assert kinds(empty) == ["hand_size", "hand_size", "hand_size", "talon_size", "missing"]
    assert words(empty)[-1].startswith("24 cards are not placed yet: 9♠ J♠")
    assert words(empty)[0] == "South holds 0 cards; a hand holds 7"


def test_a_card_missing_and_a_short_hand_are_said() -> None:
    ed = E.place(laid_out(HANDS, TALON), C("AS"), E.DECK)  # back on the pile
    assert kinds(ed) == ["hand_size", "missing"]
    assert words(ed) == [
        "South holds 6 cards; a hand holds 7",
        "1 card is not placed yet: A♠",
    ]
    assert words(ed, "ru") == [
        "South: 6 карт, а в руке должно быть 7",
        "Ещё не разложена 1 карта: A♠",
    ]


def test_a_card_in_two_places_is_said_by_name() -> None:
    ed = E.type_cards(laid_out(HANDS, TALON), "1", "JS 9S AC TC KC QC AS")  # AS is South's too
    assert kinds(ed) == ["twice", "missing"]  # and JC is nowhere now
    assert words(ed)[0] == "These cards are in more than one place: A♠"
    twice_in_one = E.type_cards(ed, E.TALON, "QH QH 9H")
    assert "twice" in kinds(twice_in_one) and "talon_size" not in kinds(twice_in_one)


def test_wrong_hand_and_talon_sizes_for_the_table() -> None:
    ed = E.place(laid_out(HANDS, TALON), C("QH"), "0")  # from the talon to South
    assert kinds(ed) == ["hand_size", "talon_size"]
    assert words(ed) == [
        "South holds 8 cards; a hand holds 7",
        "Talon holds 2 cards; it must hold 3",
    ]


def test_four_players_the_dealer_holds_nothing() -> None:
    ed = laid_out([*HANDS, ""], TALON, players=4, dealer=3)
    assert E.problems(ed.layout) == []
    other = E.choose_dealer(ed, 0)  # now South deals and must sit out
    assert kinds(other) == ["dealer_hand", "hand_size"]
    assert words(other)[0] == "South deals at four and sits out, so holds no cards (now 7)"
    assert E.play(other).stage is E.Stage.LAYOUT and E.play(other).error == "editor.error.layout"


def test_two_players_have_ten_card_hands_and_two_talons() -> None:
    ed = E.randomize(E.choose_players(E.new_editor(), 2), random.Random(3))
    assert ed.players == 2 and E.problems(ed.layout) == []
    assert [len(h) for h in ed.layout.hands] == [10, 10]
    assert [len(x) for x in ed.layout.talons] == [2, 2]
    moved = E.place(ed, ed.layout.talons[1][0], E.TALON)
    assert words(moved) == [
        "Talon 1 holds 3 cards; it must hold 2",
        "Talon 2 holds 1 card; it must hold 2",
    ]
    back = E.choose_players(ed, 3)  # the two talons become one
    assert [len(x) for x in back.layout.talons] == [4] and "hand_size" in kinds(back)


def test_a_typed_word_that_is_not_a_card_is_refused_and_changes_nothing() -> None:
    ed = laid_out(HANDS, TALON)
    bad = E.type_cards(ed, "0", "AS TS XX")
    assert bad.layout == ed.layout
    assert E.error_text(bad, "en").startswith("“XX” is not a card")


def test_every_problem_kind_has_words_in_every_language() -> None:
    cases = {
        "twice": E.type_cards(laid_out(HANDS, TALON), "1", "AS"),
        "missing": E.new_editor(),
        "talon_size": E.new_editor(),
        "hand_size": E.new_editor(),
        "dealer_hand": E.choose_dealer(laid_out([*HANDS, ""], TALON, 4, 3), 1),
    }
    for kind, ed in cases.items():
        assert kind in kinds(ed)
        for lang in ("en", "ru", "uk", "pl"):
            for text in words(ed, lang):
                assert text and "{" not in text and "editor." not in text, (kind, lang, text)
    assert {k.value for k in E.ProblemKind} == set(cases)


# -- play, captions, publish -------------------------------------------------------------------


def play_through(ed: E.Editor, rng: random.Random) -> E.Editor:
    """Every seat played by the author: random legal moves, never a concession."""
    ed = E.play(ed)
    for _ in range(200):
        st = E.state_at(ed)
        if st.n_rows > 0:
            return ed
        legal = [a for a in st.legal_actions() if action_str(a) not in ("writeoff", "redeal")]
        ed = E.act(ed, action_str(rng.choice(legal)))
        assert ed.error == ""
    raise AssertionError("the deal never ended")


def test_a_laid_out_deal_played_through_and_published_replays_the_same() -> None:
    ed = play_through(laid_out(HANDS, TALON), random.Random(7))
    assert E.deal_over(ed) and len(ed.actions) > 24
    ed = E.caption(E.goto(ed, 0), "South holds two marriages")
    ed = E.caption(E.goto(ed, 5), "The talon is shown")
    ed = E.publish(E.goto(ed, 5), "https://example.org/1000/index.html?lang=en", "en")
    p = ed.published
    assert p is not None and p.step == 5
    rec = json.loads(p.record)
    # the deal as laid out, explicitly: no seed, the hands as tapped
    assert "seed" not in rec and len(rec["deals"]) == 1
    deal = rec["deals"][0]
    assert [sorted(h) for h in deal["hands"]] == [sorted(h.split()) for h in HANDS]
    assert sorted(deal["talon"]) == sorted(TALON.split())
    final = replay(rec)
    assert final.n_rows == 1 and list(final.log[0]["actions"]) == list(ed.actions)
    r = Replay(rec)
    assert r.notes == {0: "South holds two marriages", 5: "The talon is shown"}
    # the share link opens the same record at the step shown, every hand open
    link = p.link
    assert link.startswith("https://example.org/1000/index.html?lang=en#z=")
    frag = parse_fragment(link[link.index("#") :])
    assert frag.error == "" and frag.record == rec
    assert frag.options == {"step": 5, "open": True}
    # the snippets point at embed.html and embed.js beside the page
    src = re.search(r'src="([^"]+)"', p.iframe).group(1)  # type: ignore[union-attr]
    assert src.startswith("https://example.org/1000/embed.html#z=") and "&amp;step=5" in src
    assert parse_fragment(src.replace("&amp;", "&").split("#", 1)[1]).record == rec
    assert 'src="https://example.org/1000/embed.js"' in p.element
    inline = re.search(r'json">(.*)</script>', p.element).group(1)  # type: ignore[union-attr]
    assert json.loads(inline) == rec and 'step="5"' in p.element
    # the diagram is thousand.diagram's, with the caption of that step
    assert p.svg == render_record(rec, 5, open_hands=True, lang="en")
    assert "The talon is shown" in p.svg


def test_a_caption_inside_the_element_cannot_close_its_script() -> None:
    ed = E.caption(E.play(laid_out(HANDS, TALON)), "</script><b>bold</b> & more")
    p = E.publish(ed, "https://x/", "en").published
    assert p is not None
    assert "</script><b>" not in p.element and p.element.count("</script>") == 2
    inline = re.search(r'json">(.*)</script>', p.element).group(1)  # type: ignore[union-attr]
    assert json.loads(inline)["notes"] == {"0": "</script><b>bold</b> & more"}


def test_going_back_and_playing_another_move_drops_the_later_moves_and_captions() -> None:
    ed = E.play(laid_out(HANDS, TALON))
    for text in ("bid 105", "pass", "pass"):
        ed = E.act(ed, text)
    ed = E.caption(ed, "later")
    ed = E.caption(E.goto(ed, 1), "kept")
    assert ed.notes == ((1, "kept"), (3, "later"))
    ed = E.act(ed, "bid 110")  # West raises instead of passing
    assert ed.step == 2 and [action_str(a) for a in ed.actions] == ["bid 105", "bid 110"]
    assert ed.notes == ((1, "kept"),)
    refused = E.act(ed, "bid 100")
    assert refused.actions == ed.actions and refused.error == "editor.error.action"
    assert E.error_text(refused, "uk") == "Такий хід на цьому кроці неможливий."


def test_a_layout_with_a_problem_can_neither_be_played_nor_published() -> None:
    ed = E.place(laid_out(HANDS, TALON), C("9C"), "0")
    assert E.play(ed).stage is E.Stage.LAYOUT
    out = E.publish(ed, "https://x/", "en")
    assert out.published is None and out.error == "editor.error.layout"
    html = to_html(editor_dialog(ed, "en", SETS))
    assert re.search(r'<button[^>]*data-ui="editor-publish"[^>]*disabled', html)
    assert re.search(r'<button[^>]*data-ui="editor-play"[^>]*disabled', html)
    assert 'data-editor-problem="hand_size"' in html


def test_changing_the_cards_after_playing_drops_the_play() -> None:
    ed = E.act(E.play(laid_out(HANDS, TALON)), "bid 105")
    ed = E.publish(ed, "https://x/", "en")
    assert ed.published is not None
    swapped = E.place(E.place(ed, C("AS"), "1"), C("JS"), "0")
    assert E.problems(swapped.layout) == []
    assert swapped.actions == () and swapped.published is None and swapped.notes == ()


def test_computer_players_play_the_seats_given_to_them() -> None:
    from thousand.bots import EasyBot

    ed = E.play(laid_out(HANDS, TALON))
    ed = E.choose_kind(E.choose_kind(ed, 1, "easy"), 2, "easy")
    assert E.bot_to_act(ed) is None  # South (the author) bids first
    ed = E.act(ed, "bid 105")
    who = E.bot_to_act(ed)
    assert who == (1, "easy")
    stale = E.bot_answered(ed, ed.version - 1, E.state_at(ed).legal_actions()[0])
    assert stale.actions == ed.actions  # made for an older deal: dropped
    rng = random.Random(1)
    while (who := E.bot_to_act(ed)) is not None:
        a = EasyBot().act(E.state_at(ed).observation(who[0]), rng)
        ed = E.bot_answered(ed, ed.version, a)
    assert E.state_at(ed).current_player() == 0 or E.deal_over(ed)


def test_rules_players_and_dealer_choices() -> None:
    ed = E.choose_rules(E.new_editor(), SETS, "polish")
    assert ed.rules == "polish" and ed.conv.bid_step == 10 and ed.players == 3
    assert E.allowed_players(ed.conv) == (2, 3, 4)
    assert E.choose_rules(ed, SETS, "no-such").error == "editor.error.rules"
    assert E.choose_dealer(ed, 5).error == "editor.error.dealer"
    four = E.choose_rules(ed, SETS, "four_players")
    assert four.players == 4 and len(four.kinds) == 4
    ed = E.randomize(E.choose_dealer(four, 2), random.Random(9))
    assert E.problems(ed.layout) == [] and ed.layout.hands[2] == ()
    rec = E.record(E.play(ed))
    assert rec["players"] == 4 and replay(rec).dealer == 2


# -- records in and out ---------------------------------------------------------------------------


def test_a_record_opened_in_the_editor_keeps_its_deal_moves_and_captions() -> None:
    ed = play_through(laid_out(HANDS, TALON), random.Random(2))
    ed = E.caption(E.goto(ed, 3), "three")
    text = json.dumps(E.record(ed))
    got = E.load_text(E.new_editor(), text, SETS)
    assert got.error == "" and got.actions == ed.actions
    assert [sorted(h) for h in got.layout.hands] == [sorted(h) for h in ed.layout.hands]
    assert got.notes == ((3, "three"),) and got.rules == "classic"
    assert E.record(got) == E.record(ed)


def test_the_deal_of_a_game_is_its_last_finished_one() -> None:
    s = new_session(seed=5)
    rng = random.Random(5)
    ui = Screen(sets=SETS)
    page = Page(s, ui)
    page, _ = update(page, E.EditorOpened())
    page, _ = update(page, E.EditorPressed("from-game"))
    assert page.ui.editor.error == "editor.error.no_deal"  # nothing finished: no card shown
    while page.session.state.n_rows < 1:
        legal = page.session.state.legal_actions()
        page.session.apply(legal[rng.randrange(len(legal))])
    page, _ = update(page, E.EditorPressed("from-game"))
    ed = page.ui.editor
    first = page.session.state.log[0]
    assert ed.error == "" and ed.layout.dealer == first["dealer"]
    assert [cards_mask(map(card_str, h)) for h in ed.layout.hands] == list(first["hands"])
    assert list(ed.actions) == list(first["actions"])


def test_the_deal_on_show_in_a_replay_is_the_one_taken() -> None:
    from app_helpers import random_record

    from app.replay.replay_view import ReplayUI

    rec = random_record(2, seed=4)
    data = Replay(rec)
    ui = Screen(sets=SETS)
    ui.replay, ui.replay_data = ReplayUI(step=data.deal_first_step(1) + 2), data
    page = Page(new_session(), ui)
    page, _ = update(page, E.EditorOpened())
    page, _ = update(page, E.EditorPressed("from-game"))
    ed = page.ui.editor
    start = data.deal_state(1)
    assert ed.error == "" and ed.layout.dealer == start.dealer
    assert [cards_mask(map(card_str, h)) for h in ed.layout.hands] == list(start.dealt_hands)
    assert ed.actions == data.deal_actions(1)
    assert ed.totals == (tuple(start.totals) if any(start.totals) else None)
    assert E.record(ed)["deals"][0]["actions"] == rec["deals"][1]["actions"]
    # under other rules the deal starts from nothing: the totals belonged to that game
    assert E.choose_rules(ed, SETS, "polish").totals is None


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("not json", "not a readable record"),
        ("[1, 2]", "a record must be a JSON object"),
        ('{"format": "thousand-record", "version": 9, "deals": []}', "unsupported record version"),
        ("[" * 5000 + "]" * 5000, "not a readable record"),
        ("x" * (E.MAX_RECORD_TEXT + 1), "too large"),
    ],
)
def test_hostile_records_are_refused_with_a_message(text: str, said: str) -> None:
    ed = laid_out(HANDS, TALON)
    got = E.load_text(ed, text, SETS)
    assert got.layout == ed.layout and said in got.error
    assert E.error_text(got, "en").startswith("This record cannot be opened: ")


def test_a_record_whose_explicit_deal_is_impossible_is_refused_on_load() -> None:
    good = E.record(E.play(laid_out(HANDS, TALON)))
    for change, said in [
        (lambda d: d["hands"][1].__setitem__(0, "AS"), "all 24 cards once each"),
        (lambda d: d["hands"][1].__setitem__(0, d["hands"][1][1]), "a card is listed twice"),
        (lambda d: d["hands"][0].pop(), "hand 0 must hold 7 cards"),
        (lambda d: d["talon"].append("ZZ"), "not a card"),
        (lambda d: d.__setitem__("talon", "QH JH 9H"), "expected a list of cards"),
        (lambda d: d.__setitem__("dealer", 7), "dealer must be a seat"),
    ]:
        bad = json.loads(json.dumps(good))
        change(bad["deals"][0])
        with pytest.raises(RecordError, match=said):
            Replay(bad)
        got = E.load_text(E.new_editor(), json.dumps(bad), SETS)
        assert said in got.error and got.layout == E.new_editor().layout


# -- the page: messages through update, effects as data, the dialog's hooks ---------------------


def test_the_editor_through_the_page_door() -> None:
    s = new_session()
    ui = Screen(sets=SETS, base_url="http://127.0.0.1:8000/")
    page = Page(s, ui)
    page, fx = update(page, E.EditorOpened())
    assert page.ui.dialog == Dialog.EDITOR and fx == []
    page, fx = update(page, E.EditorChanged("dealer", "1"))
    assert page.ui.editor.layout.dealer == 1
    _, children = build(page.session, page.ui)
    html = "".join(to_html(c) for c in children)
    assert 'data-ui="editor"' in html and 'data-dialog="editor"' in html
    assert html.count("data-editor-card=") == 24 and 'data-editor-target="talon"' in html
    for seat, text in enumerate(HANDS):
        for card in text.split():
            page, _ = update(page, E.EditorCardTapped(C(card)))
            page, _ = update(page, E.EditorTargetTapped(str(seat)))
    for card in TALON.split():
        page, _ = update(page, E.EditorCardTapped(C(card)))
        page, _ = update(page, E.EditorTargetTapped("talon"))
    assert E.problems(page.ui.editor.layout) == []
    page, _ = update(page, E.EditorCardDropped(C("AS"), "2"))  # dragged to East
    assert C("AS") in page.ui.editor.layout.hands[2] and len(E.problems(page.ui.editor.layout)) == 2
    page, _ = update(page, E.EditorCardDropped(C("AS"), "0"))
    assert E.problems(page.ui.editor.layout) == []
    page, _ = update(page, E.EditorChanged("seat", "easy", seat=1))
    page, fx = update(page, E.EditorPressed("play"))
    assert fx == []  # South moves first: the author
    page, fx = update(page, E.EditorActed("bid 105"))
    assert fx == [E.EditorThink(page.ui.editor.version, 1, "easy")]
    page, fx = update(page, E.EditorBotAnswered(page.ui.editor.version, 400))  # West passes
    assert [action_str(a) for a in page.ui.editor.actions] == ["bid 105", "pass"] and fx == []
    page, _ = update(page, E.EditorChanged("caption", "West gives up"))
    page, _ = update(page, E.EditorPressed("publish"))
    p = page.ui.editor.published
    assert p is not None and p.link.startswith("http://127.0.0.1:8000/#z=")
    _, children = build(page.session, page.ui)
    html = "".join(to_html(c) for c in children)
    for what in ("link", "iframe", "element", "svg", "record"):
        assert f'data-publish="{what}"' in html
    assert 'data-ui="editor-caption"' in html and 'value="West gives up"' in html
    page, fx = update(page, E.EditorPressed("copy", "link"))
    assert fx[0] == E.Copy(p.link) and [n.key for n in page.ui.notices] == ["share"]  # said
    page, fx = update(page, E.EditorPressed("download", "record"))
    assert fx == [E.Download("deal.json", p.record, "application/json")]
    page, fx = update(page, E.EditorPressed("download", "svg"))
    assert fx == [E.Download("deal-step-2.svg", p.svg, "image/svg+xml")]
    assert Replay(json.loads(p.record)).notes == {2: "West gives up"}
    page, _ = update(page, E.EditorOpened())  # the toolbar's button again: closed, kept
    assert page.ui.dialog == Dialog.NONE and page.ui.editor.published == p
    page, _ = update(page, E.EditorOpened())
    assert page.ui.dialog == Dialog.EDITOR and page.ui.editor.published == p


def test_the_dialog_draws_the_play_with_every_move_available() -> None:
    ed = E.play(laid_out(HANDS, TALON))
    html = to_html(editor_dialog(ed, "en", SETS))
    assert 'data-editor-action="pass"' in html and 'data-editor-action="bid 105"' in html
    find = find_all(editor_dialog(ed, "ru", SETS), lambda e: "data-editor-action" in e.attrs)
    assert {e.attrs["data-editor-action"] for e in find} == {
        action_str(a) for a in E.state_at(ed).legal_actions()
    }
    # in the play, a card of the seat to act is its move (a marriage card declares)
    for text in ("bid 105", "pass", "pass"):
        ed = E.act(ed, text)
    for text in ("give 9H 1", "give JH 2", "contract 120"):  # South took QH JH 9H
        ed = E.act(ed, text)
        assert ed.error == "", text
    assert E.state_at(ed).phase.value == "play"
    html = to_html(editor_dialog(ed, "en", SETS))
    assert 'data-editor-action="play KS"' in html and 'action="declare' not in html  # no trick
    for text in ("play AS", "play 9S", "play 9D"):  # South takes the first trick
        ed = E.act(ed, text)
        assert ed.error == "", text
    html = to_html(editor_dialog(ed, "en", SETS))
    assert f'data-editor-action="declare {card_str(C("KS"))}"' in html
    assert 'data-editor-action="play KS"' in html  # the plain lead, worded


def test_the_end_of_the_deal_shows_its_result_not_the_next_deal() -> None:
    """After the last trick the engine has dealt the next deal: none of its cards
    may show, in the dialog or the picture."""
    ed = play_through(laid_out(HANDS, TALON), random.Random(3))
    last = len(ed.actions)
    dialog = editor_dialog(ed, "en", SETS)
    html = to_html(dialog)
    seat_cards = find_all(
        dialog, lambda e: e.attrs.get("class") == "ed-seat" or "turn" in e.attrs.get("class", "")
    )
    assert all(not find_all(s, lambda e: e.tag == "svg") for s in seat_cards)
    row = E.state_at(ed).rows[0]
    from app.replay.replay_view import replay_names, verdict

    said = verdict(row, replay_names(3, "en", own=False), "en")
    assert said in html and "The deal is over." in html
    dealer = find_all(
        dialog, lambda e: e.attrs.get("data-seat") == "1" and "ed-seat" in e.attrs.get("class", "")
    )
    assert "Dealer" in to_html(dealer[0])  # West dealt this deal (the next one: East)
    assert "Deal 2" not in html
    p = E.publish(ed, "https://x/", "en").published
    assert p is not None and p.step == last and p.svg_step == last - 1
    assert p.svg == render_record(json.loads(p.record), last - 1, open_hands=True, lang="en")


def test_opened_from_a_replay_it_holds_the_deal_on_show_at_its_step() -> None:
    """The editor opened while a replay is on show starts with that deal's cards
    placed (none left to place) and at the replay's step, not an empty layout."""
    from app_helpers import random_record

    from app.replay.replay_view import ReplayUI

    data = Replay(random_record(2, seed=4))
    ui = Screen(sets=SETS)
    ui.replay, ui.replay_data = ReplayUI(step=data.deal_first_step(1) + 5), data
    page = Page(new_session(), ui)
    page, _ = update(page, E.EditorOpened())
    ed = page.ui.editor
    start = data.deal_state(1)
    assert page.ui.dialog == Dialog.EDITOR and ed.error == ""
    assert [cards_mask(map(card_str, h)) for h in ed.layout.hands] == list(start.dealt_hands)
    assert E.unplaced(ed.layout) == () and ed.step == 5
    assert ed.actions == data.deal_actions(1)
    html = to_html(build(page.session, page.ui)[1][-1])
    assert "Cards to place" not in html and 'data-editor-step="5"' in html
