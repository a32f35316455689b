"""Seats, pass-and-play and the fair deal, driven through the page's door in CPython.

The privacy test plays whole games with several people at one device and checks, at
every moment the table is drawn, that no card another person holds in private is
drawn (as a face, a ``data-card`` or a label), and that behind the privacy screen
no one's private card is."""

from __future__ import annotations

import json
import random
import re

import pytest

from app.page.model import (
    Act,
    BotAnswered,
    CardClicked,
    HoldOver,
    NextDeal,
    Page,
    SetupChanged,
    ShowCards,
    UndoAllowed,
    UndoPressed,
)
from app.page.screen import Screen, build
from app.page.table_act import numbered_choices
from app.page.update import update
from app.replay.share import finished_record
from app.shell.dom import to_html
from app.table.seats import change, kinds, names, names_of, read_setup, start_problem
from app.table.session import Session
from app.table.view import Dialog
from thousand import Conventions, fair
from thousand import __main__ as cli
from thousand.bots import EasyBot
from thousand.cards import card_str, iter_cards
from thousand.phase import Phase
from thousand.record import load_seats

SECRET = "5e" * 32


def hot_seat(
    kinds_: list[str], players: int = 3, preset: str = "classic", secret: str = SECRET
) -> Page:
    s = Session.new(
        Conventions.for_players(players, preset),
        "easy",
        seed=1,
        kinds=kinds_,
        names=["Ann", "Olena", "Piotr", "Ivan"][:players],
        secret=secret,
    )
    return Page(s, Screen())


def faces(html: str) -> set[str]:
    """Every card drawn face up or offered as a button on the page."""
    return set(re.findall(r'href="#card-(\w\w)"', html)) | set(
        re.findall(r'data-card="(\w\w)"', html)
    )


def public_cards(s: Session) -> set[str]:
    """Cards any person at the table may see now: played ones, the talon once shown."""
    st = s.state
    out = {card_str(c) for _, cards, _ in st.tricks for _, c in cards}
    out |= {card_str(c) for c in st.trick}
    if st.declarer >= 0 and st.talon_shown:
        out |= {card_str(c) for c in iter_cards(st.orig_talon)}
    for tr in st.log[-1:]:  # the last trick of the deal just over stays on the felt
        out |= {card_str(c) for _, cards, _ in tr.get("tricks", []) for _, c in cards}
    if s.state.conv.open_discard and not (st.dark and st.conv.dark_hide_talon):
        out |= {card_str(c) for c, _ in st.gives}
    return out


def check_private(page: Page) -> None:
    s = page.session
    _, kids = build(s, page.ui)
    html = "".join(to_html(k) for k in kids)
    shown = faces(html)
    public = public_cards(s)
    for p in s.people:
        if p == s.human and not s.screened:
            continue
        private = {card_str(c) for c in iter_cards(s.state.hands[p])} - public
        assert not (shown & private), (p, s.human, s.screened, shown & private)
    if s.screened:
        assert 'data-ui="show-cards"' in html
        assert "data-card=" not in html


def drive(page: Page, rng: random.Random, deals: int, check: bool = True) -> Page:
    """Play: people choose at random among what the table numbers, bots answer,
    the next person taps Show my cards; the privacy check at every step."""
    for _ in range(20000):
        s = page.session
        if s.state.is_terminal() or s.state.n_rows >= deals:
            return page
        if check:
            check_private(page)
        if page.ui.hold_summary or page.ui.hold:
            page, _ = update(page, HoldOver(s.version))
        elif s.waiting_for_summary():
            page, _ = update(page, NextDeal())
        elif s.screened:
            page, _ = update(page, ShowCards())
        elif (seat := s.bot_to_act()) is not None:
            a = EasyBot().act(s.state.observation(seat), random.Random(s.version))
            page, _ = update(page, BotAnswered(s.version, a))
        else:
            assert s.human_to_act()
            choices = numbered_choices(page)
            kind, value = choices[rng.randrange(len(choices))]
            if kind == "card":
                page, _ = update(page, CardClicked(int(value), legal=True))
                if s.state.phase is Phase.DISCARD and page.ui.selected >= 0:
                    choices = numbered_choices(page)
                    page, _ = update(page, Act(choices[rng.randrange(len(choices))][1]))
            else:
                page, _ = update(page, Act(value))
    raise AssertionError("the game did not end")


# -- the setup ------------------------------------------------------------------------


def test_the_setup_keeps_one_seat_yours_and_names_clean() -> None:
    s = read_setup(None, {})
    assert kinds(s) == ["human", "normal", "normal"]
    s = change(s, "kind", "human", seat=2)  # you move to seat 3: seat 1 is another person's
    assert kinds(s) == ["local", "normal", "human"]
    s = change(s, "name", "<b>Olena</b>\x00\n" + "x" * 40, seat=0)
    assert names(s)[0] == ("<b>Olena</b>" + "x" * 40)[:20]
    s = change(s, "level", "strong")
    assert kinds(s) == ["local", "strong", "human"]
    s = change(s, "kind", "bogus", seat=1)
    assert kinds(s)[1] == "strong"
    assert start_problem(change(change(s, "kind", "easy", seat=0), "kind", "easy", seat=2))
    # remembered and read back, hostile stored values dropped
    back = read_setup({**s, "kinds": ["x"] * 4, "names": [1, 2, 3, 4]}, {"players": "4"})
    assert back["players"] == 4 and kinds(back)[0] == "human" and names(back) == [""] * 4


def test_the_new_game_dialog_offers_a_kind_and_a_name_per_seat() -> None:
    page = Page(Session.new(Conventions(), "easy", seed=2), Screen(dialog=Dialog.NEW))
    page.ui.setup = read_setup(None, {})
    page, _ = update(page, SetupChanged("players", "4"))
    page, _ = update(page, SetupChanged("kind", "local", 2))
    page, _ = update(page, SetupChanged("name", "Ола & <i>", 2))
    _, kids = build(page.session, page.ui)
    html = "".join(to_html(k) for k in kids)
    assert len(re.findall(r'data-seat-kind="(\d)"', html)) == 4
    assert re.findall(r'data-seat-name="(\d)"', html) == ["0", "2"]  # people only
    assert 'value="Ола &amp; &lt;i&gt;"' in html  # a name is text, never markup


# -- pass-and-play ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "preset", "kinds_"),
    [
        (3, "classic", ["human", "local", "easy"]),
        (3, "classic", ["human", "local", "local"]),
        (2, "classic", ["human", "local"]),
        (4, "classic", ["local", "easy", "human", "local"]),
        (3, "polish", ["human", "easy", "local"]),
    ],
)
def test_pass_and_play_never_shows_another_persons_cards(
    players: int, preset: str, kinds_: list[str]
) -> None:
    page = hot_seat(kinds_, players, preset)
    assert page.session.screened  # the game starts behind the screen
    page = drive(page, random.Random(players * 7 + len(preset)), deals=3)
    assert page.session.state.n_rows >= 3 or page.session.state.is_terminal()


def test_the_screen_names_who_is_next_and_shows_their_cards_after_the_tap() -> None:
    page = hot_seat(["human", "local", "local"])
    s = page.session
    who = s.waiting_for()
    _, kids = build(s, page.ui)
    html = "".join(to_html(k) for k in kids)
    assert f"Pass the device: {names_of(s, 'en')[who]} plays next" in html
    assert "data-seat=" not in json.dumps(build(s, page.ui)[0].people)  # no seat of its own
    page, _ = update(page, ShowCards())
    s = page.session
    assert not s.screened and s.human == who and s.human_to_act()
    hand = {card_str(c) for c in iter_cards(s.state.hands[who])}
    html = "".join(to_html(k) for k in build(s, page.ui)[1])
    assert hand <= faces(html)
    # the first person acts: the turn passes to the next person, the screen is up again
    page, _ = update(page, Act(numbered_choices(page)[0][1]))
    s = page.session
    assert s.screened and s.waiting_for() != who
    assert not s.human_to_act()  # a key or click now lands nowhere
    page, _ = update(page, Act("pass"))
    s = page.session
    assert s.screened


def test_a_reload_resumes_behind_the_screen() -> None:
    page = hot_seat(["human", "local", "easy"])
    page, _ = update(page, ShowCards())
    assert not page.session.screened
    back = Session.from_save(json.loads(json.dumps(page.session.to_save())))
    assert back.screened and back.names == page.session.names
    assert back.levels == ["human", "local", "easy"]
    html = "".join(to_html(k) for k in build(back, Screen())[1])
    assert "data-card=" not in html


def test_undo_needs_every_other_person_to_allow_it() -> None:
    page = hot_seat(["human", "local", "local"], secret="11" * 32)
    s = page.session
    rng = random.Random(5)
    # find a moment where the person at the table may undo (their decision, bots none)
    for _ in range(400):
        if s.undo_point() is not None:
            break
        page = drive_one(page, rng)
        s = page.session
    else:
        raise AssertionError("seed 5 gives the person an undo point within 400 moves")
    actions = list(s.state.deal_actions)
    page, _ = update(page, UndoPressed())
    s = page.session
    assert page.ui.dialog == Dialog.UNDO and list(s.state.deal_actions) == actions
    others = [p for p in s.people if p != s.human]
    page, _ = update(page, UndoAllowed(s.human))  # the asker cannot allow their own
    s = page.session
    page, _ = update(page, UndoAllowed(others[0]))
    s = page.session
    assert list(s.state.deal_actions) == actions
    page, _ = update(page, UndoAllowed(others[1]))
    s = page.session
    assert page.ui.dialog == Dialog.NONE and len(s.state.deal_actions) < len(actions)


def drive_one(page: Page, rng: random.Random) -> Page:
    s = page.session
    if s.waiting_for_summary():
        return update(page, NextDeal())[0]
    if s.screened:
        return update(page, ShowCards())[0]
    seat = s.bot_to_act()
    if seat is not None:
        a = EasyBot().act(s.state.observation(seat), random.Random(s.version))
        return update(page, BotAnswered(s.version, a))[0]
    kind, value = (c := numbered_choices(page))[rng.randrange(len(c))]
    if kind == "card":
        page, _ = update(page, CardClicked(int(value), legal=True))
        if page.ui.selected >= 0:
            return update(page, Act(numbered_choices(page)[0][1]))[0]
        return page
    return update(page, Act(value))[0]


def test_the_record_keeps_seats_and_names() -> None:
    page = hot_seat(["human", "local", "strong"])
    rec = page.session.record()
    assert load_seats(rec, 3) == [("human", "Ann"), ("local", "Olena"), ("strong", "")]
    hostile = {**rec, "seats": [{"kind": "root", "name": "\u202e" * 3 + "x" * 50}] * 3}
    assert load_seats(hostile, 3) == [("", "x" * 20)] * 3
    assert load_seats({**rec, "seats": "x"}, 3) is None


def test_statistics_count_the_owners_seat() -> None:
    from app.library.saved import EMPTY_STATS, count_game

    page = hot_seat(["local", "human", "easy"])
    page = drive(page, random.Random(2), deals=2, check=False)
    stats = json.loads(json.dumps(EMPTY_STATS))
    assert count_game(stats, page.session)
    rows = [r for r in page.session.state.rows if r.kind != "redeal"]
    assert stats["points"] == sum(r.deltas[1] for r in rows)


# -- fair deals -------------------------------------------------------------------------


def test_every_deal_of_a_game_verifies_against_its_seal(tmp_path: object) -> None:
    page = hot_seat(["human", "easy", "easy"], secret="a1" * 32)
    seals = []
    for _ in range(6000):
        s = page.session
        if s.state.is_terminal() or s.state.n_rows >= 6:
            break
        if not s.state.deal_actions and (c := s.commitment()) and c not in seals:
            seals.append(c)  # shown before the deal
        page = drive_one(page, random.Random(len(seals)))
    rec = finished_record(page.session.state, page.session.record())
    assert rec is not None
    found = fair.verify(rec)
    assert [f.verdict for f in found] == [fair.Verdict.FAIR] * len(rec["deals"])
    assert [f.commit for f in found] == seals[: len(found)]
    # the deal in progress is committed, its seed not revealed
    whole = page.session.record()
    assert "seed" not in whole["deals"][-1]["fair"]
    assert fair.verify(whole)[-1].verdict is fair.Verdict.HIDDEN


def test_a_changed_deal_or_seed_is_found() -> None:
    page = hot_seat(["human", "easy", "easy"], secret="b2" * 32)
    page = drive(page, random.Random(3), deals=2, check=False)
    rec = finished_record(page.session.state, page.session.record())
    assert rec is not None
    bad = json.loads(json.dumps(rec))
    bad["deals"][0]["fair"]["seed"] = "0" * 64
    assert fair.verify(bad)[0].verdict is fair.Verdict.BAD_COMMIT
    other = json.loads(json.dumps(rec))
    d = other["deals"][1]
    d["fair"] = {"commit": fair.commitment("c" * 64), "seed": "c" * 64}
    assert fair.verify(other)[1].verdict is fair.Verdict.OTHER_CARDS
    junk = json.loads(json.dumps(rec))
    junk["deals"][0]["fair"] = {"commit": "<script>", "seed": 5}
    assert fair.verify(junk)[0].verdict is fair.Verdict.MALFORMED


def test_the_command_line_verifies_a_saved_game(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    page = hot_seat(["human", "easy", "easy"], secret="c3" * 32)
    page = drive(page, random.Random(4), deals=2, check=False)
    rec = finished_record(page.session.state, page.session.record())
    path = tmp_path / "game.json"
    path.write_text(json.dumps(rec))
    assert cli.main(["verify", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.strip().endswith(f"verified: {len(rec['deals'])} of {len(rec['deals'])} deals")
    rec["deals"][0]["fair"]["seed"] = "d" * 64
    path.write_text(json.dumps(rec))
    assert cli.main(["verify", str(path)]) == 1
    assert "NOT FAIR" in capsys.readouterr().out


def test_the_log_reveals_the_finished_deals_seeds() -> None:
    page = hot_seat(["human", "easy", "easy"], secret="d4" * 32)
    page = drive(page, random.Random(6), deals=2, check=False)
    page.ui.dialog = Dialog.LOG
    html = "".join(to_html(k) for k in build(page.session, page.ui)[1])
    seeds = re.findall(r'data-seed="([0-9a-f]{64})" data-fair="1"', html)
    assert seeds and seeds[-1] == fair.deal_seed("d4" * 32, 0)
    assert 'data-fair="0"' not in html


def test_a_replay_names_the_people_and_checks_the_seals() -> None:
    from app.replay.replay_view import ReplayUI, build_replay
    from thousand.record import Replay

    page = hot_seat(["human", "local", "easy"], secret="e5" * 32)
    page = drive(page, random.Random(8), deals=2, check=False)
    rec = finished_record(page.session.state, page.session.record())
    assert rec is not None
    html = "".join(to_html(k) for k in build_replay(Replay(rec), ReplayUI(), "en")[1])
    assert "Olena" in html and "Ann" in html
    assert f'data-verified="{len(rec["deals"])}"' in html
    bad = json.loads(json.dumps(rec))
    bad["deals"][0]["fair"]["seed"] = "f" * 64
    html = "".join(to_html(k) for k in build_replay(Replay(bad), ReplayUI(), "ru")[1])
    assert 'data-verified="0"' in html and "Раздача 1 не совпадает" in html


def test_each_named_person_keeps_statistics_of_their_own() -> None:
    from app.library.saved import EMPTY_STATS, count_game, load_stats
    from app.library.saved_view import stats_dialog
    from app.shell.storage import STATS_KEY, Store

    page = hot_seat(["human", "local", "local"], secret="f6" * 32)
    page = drive(page, random.Random(4), deals=2, check=False)
    stats = json.loads(json.dumps(EMPTY_STATS))
    assert count_game(stats, page.session)
    rows = [r for r in page.session.state.rows if r.kind != "redeal"]
    assert stats["people"]["Olena"]["deals"] == len(rows)
    assert stats["people"]["Piotr"]["points"] == sum(r.deltas[2] for r in rows)
    assert "Ann" not in stats["people"]  # the owner's are the page's own statistics
    html = to_html(stats_dialog("en", stats))
    assert "Players at this device" in html and "Olena" in html

    # hostile stored statistics are cleaned, never trusted
    class Mem:
        def __init__(self) -> None:
            self.d: dict[str, str] = {}

        def getItem(self, k: str) -> str | None:
            return self.d.get(k)

        def setItem(self, k: str, v: str) -> None:
            self.d[k] = v

        def removeItem(self, k: str) -> None:
            self.d.pop(k, None)

        @property
        def length(self) -> int:
            return len(self.d)

        def key(self, i: int) -> str | None:
            return list(self.d)[i] if i < len(self.d) else None

    mem = Mem()
    mem.setItem(STATS_KEY, json.dumps({"people": {"<b>x</b>": {"deals": "7", "games": 2}, "y": 5}}))
    got, _ = load_stats(Store(mem))
    assert got["people"] == {"<b>x</b>": {"games": 2, "wins": 0, "deals": 0, "points": 0}}
    assert "&lt;b&gt;x&lt;/b&gt;" in to_html(stats_dialog("en", got))


def test_pass_and_play_the_deal_summary_names_the_declarer_in_every_language() -> None:
    """With several people passing the device, the summary said "You failed 100" to
    whoever held it: it names the declarer ("Olena failed 100."), in every language,
    and so do the bolt notes and the game's end; alone at the device it is "You"."""
    from app.shell.i18n import LANGS, t

    for kinds_, person in ((["human", "local", "local"], False), (["human", "easy", "easy"], True)):
        page = hot_seat(kinds_)
        s, rng = page.session, random.Random(5)
        for _ in range(3000):
            if s.summary_row() is not None:
                break
            seat = s.state.current_player()
            if s.is_person(seat):
                legal = s.state.legal_actions()
                s.apply(legal[rng.randrange(len(legal))])
            else:
                s.apply(s.bot(seat).act(s.state.observation(seat), s.bot_rng))
        row = s.summary_row()
        assert row is not None and row.declarer is not None
        s.screened = False  # (the summary shows over the screen too; the words are the point)
        if not person:
            s.human = row.declarer  # the declarer holds the device
        key = {"writeoff": "wrote_off", "bomb": "bombed"}.get(row.kind) or (
            "made" if row.made else "failed"
        )
        you = person and row.declarer == s.human
        for lang in LANGS:
            page.ui.lang = lang
            html = "".join(to_html(k) for k in build(s, page.ui)[1])
            verdict = re.search(r'<p class="verdict">(.*?)</p>', html)
            assert verdict, lang
            name = names_of(s, lang)[row.declarer]
            want = t(lang, key + ("_you" if you else ""), name=name, contract=row.contract)
            assert verdict.group(1) == want, (lang, verdict.group(1), want)
            if not person:
                assert name in verdict.group(1) and name in ("Ann", "Olena", "Piotr")
