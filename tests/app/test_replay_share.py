"""The replay view (``app.replay.replay_view``) and share links (``app.replay.share``)."""

from __future__ import annotations

import base64
import random
import zlib

from app_helpers import new_session, random_record

from app.replay.replay_view import ReplayUI, build_replay, replay_attrs
from app.replay.share import finished_record, parse_fragment, plain_fragment, share_fragment
from app.shell.dom import to_html
from thousand.record import Replay, make_record


def test_every_step_of_a_game_renders_with_its_step_and_cards() -> None:
    rec = random_record(2, seed=5)
    rec["notes"] = {"3": "West <b>ducks</b>"}
    data = Replay(rec)
    for step in range(data.steps + 1):
        for seat in (None, 0, 1):
            m, kids = build_replay(data, ReplayUI(step=step, seat=seat), "en")
            html = "".join(to_html(k) for k in kids)
            assert replay_attrs(m, step, data.steps)["data-step"] == str(step)
            assert 'data-action="' not in html and "data-legal" not in html
            cards = sum(len(s.cards or ()) for s in m.scene.seats)
            if seat is None and not m.between:
                assert cards == sum(s.count for s in m.scene.seats)  # every hand open
            if step == 3:
                assert "West &lt;b&gt;ducks&lt;/b&gt;" in html and "data-caption" in html


def test_the_replay_never_shows_the_deal_in_progress() -> None:
    s = new_session(seed=8)
    rng = random.Random(8)
    while s.state.n_rows < 1 or not s.state.deal_actions:
        legal = s.state.legal_actions()
        s.apply(legal[rng.randrange(len(legal))])
    rec = finished_record(s.state)
    assert rec is not None and len(rec["deals"]) == s.state.n_rows
    full = make_record(s.state)
    assert len(full["deals"]) == len(rec["deals"]) + 1


def test_share_links_round_trip_both_ways() -> None:
    rec = random_record(3, seed=5)
    for frag in (share_fragment(rec), plain_fragment(rec)):
        got = parse_fragment(frag + "&step=7&open=1&lang=pl&controls=0&autoplay=500&analysis=1")
        assert got.error == "" and got.record == rec
        assert got.options == {
            "step": 7,
            "open": True,
            "lang": "pl",
            "controls": False,
            "autoplay": 500,
            "analysis": True,
        }
    assert len(share_fragment(rec)) < len(plain_fragment(rec)) / 2


def test_hostile_fragments_are_refused_in_words() -> None:
    bomb = zlib.compressobj(9, zlib.DEFLATED, -15)
    packed = bomb.compress(b"[" * 5_000_000) + bomb.flush()
    cases = [
        "#z=" + base64.urlsafe_b64encode(packed).decode(),  # a decompression bomb
        "#record=" + "%5B" * 50_000,  # deep nesting
        "#z=!!!not-base64",
        "#record=%7B%22a%22",  # cut short
        "#z=" + "A" * 500_000,  # too long
    ]
    for frag in cases:
        got = parse_fragment(frag)
        assert got.record is None and got.error and len(got.error) < 200, frag[:30]
    assert parse_fragment("#step=-1&seat=7&lang=xx&autoplay=5").options == {}


def test_the_analysis_speaks_every_language_without_notation() -> None:
    import re

    from app.replay.analysis_view import analysis_lines
    from thousand.analysis import Analysis

    rec = random_record(1, seed=11)
    an = Analysis(Replay(rec), -1)
    res = an.run()
    names = ("South", "West", "East")
    notation = re.compile(r"\b[9TJQKA][SCDH]\b|\b(give|play|declare) [0-9TJQKA]")
    for lang in ("en", "ru", "uk", "pl"):
        lines = analysis_lines(res, names, lang)
        assert lines and all("{" not in x and not notation.search(x) for x in lines), lang
    costly = [p for p in res.plays if p.lost > 0]
    en = analysis_lines(res, names, "en")
    assert sum(x.startswith("Trick ") for x in en) == len(
        [p for p in res.plays if p.lost > 0 or p.outcome_changed]
    )
    assert costly or any("as well as perfect play" in x for x in en)


def test_a_hosts_options_are_checked_as_the_fragments_are() -> None:
    """``thousand:load``'s options (``<thousand-deal>``'s attributes): the fragment's
    names and checks, strings or numbers or booleans; no record, nothing smuggled."""
    from app.replay.share import parse_options

    assert parse_options({"step": "7", "lang": "uk", "controls": "0", "open": "1"}) == {
        "step": 7,
        "lang": "uk",
        "controls": False,
        "open": True,
    }
    assert parse_options({"step": 7.0, "analysis": True, "practice": "1"}) == {
        "step": 7,
        "analysis": True,
        "practice": True,
    }
    hostile = {"step": "1&z=abc", "seat": "9", "lang": "xx", "record": "{}", "autoplay": 5}
    assert parse_options(hostile) == {}
    assert parse_options("step=3") == {} and parse_options(None) == {}
    assert parse_fragment("#fit=content&fit=nope").options == {"fit": "content"}


def test_an_embed_with_practice_offers_play_from_here_on_the_game_page() -> None:
    from app.replay.share import practice_link

    rec = random_record(2, seed=6)
    data = Replay(rec)
    for practice, shown in ((False, False), (True, True)):
        _, kids = build_replay(data, ReplayUI(step=4, embed=True, practice=practice), "en")
        html = "".join(to_html(k) for k in kids)
        assert ('data-ui="practice-here"' in html) is shown
        assert 'data-ui="practice-deal"' not in html and 'data-ui="editor"' not in html
    link = practice_link("https://h.test/a/embed.html?v=1#z=abc&step=2", rec, 4, None, "pl")
    assert link.startswith("https://h.test/a/index.html#z=") and link.endswith(
        "&step=4&practice=1&lang=pl"
    )
    got = parse_fragment(link[link.index("#") :])
    assert not got.error and got.record == rec
    assert got.options == {"step": 4, "practice": True, "lang": "pl"}
