"""embed.html's logic (``app.embed.update``) driven by messages, without a browser:
the fragment, the host's messages (good, bad and hostile), clicks, keys, the
autoplay and the analysis, and what the host is told."""

from __future__ import annotations

import json
from typing import Any

import pytest
from app_helpers import random_record

from app.embed import update as E
from app.page.page_msgs import Analyse, AnalysisShown, Autoplay, AutoplayTick, Slot, StopAnalysis
from app.replay.share import parse_fragment, share_fragment
from app.shell.dom import to_html
from app.shell.i18n import LANGS, t
from thousand.record import Replay

HREF = "https://rules.example/1000/embed.html#z=abc"
REC = random_record(2, seed=11)


def guest(fragment: str = "", lang: str = "en") -> tuple[E.Guest, list[Any]]:
    got = parse_fragment(fragment)
    g = E.Guest.of(got.options, lang, HREF)
    return E.update(g, E.Opened(got.record, got.error))


def posts(fx: list[Any]) -> list[dict[str, Any]]:
    return [e.message for e in fx if isinstance(e, E.Post)]


def html(g: E.Guest) -> str:
    return "".join(to_html(k) for k in E.view(g)[1])


def test_a_fragment_with_a_record_shows_it_at_its_step_and_tells_the_host() -> None:
    g, fx = guest(share_fragment(REC) + "&step=5&seat=1")
    data = Replay(REC)
    phase = data.state(5).phase.value
    assert posts(fx) == [{"type": "thousand:step", "step": 5, "of": data.steps, "phase": phase}]
    attrs, _ = E.view(g)
    assert attrs["data-phase"] == "replay" and attrs["data-step"] == "5"
    assert g.ui.replay is not None and g.ui.replay.seat == 1 and g.ui.replay.embed


def test_no_record_waits_and_a_bad_fragment_is_said_inside_and_to_the_host() -> None:
    g, fx = guest("")
    assert fx == [] and E.view(g)[0]["data-phase"] == "waiting"
    assert t("en", "embed_waiting") in html(g)
    g, fx = guest("#z=!!!not-deflate")
    assert [m["type"] for m in posts(fx)] == ["thousand:error"]
    assert E.view(g)[0]["data-phase"] == "error" and 'role="alert"' in html(g)


def test_a_hosts_record_as_text_or_object_with_options_checked() -> None:
    g, _ = guest("")
    g, fx = E.update(g, E.HostLoad(json.dumps(REC), {"step": 3, "lang": "pl", "evil": "x"}))
    assert posts(fx)[0]["step"] == 3 and g.ui.lang == "pl"
    assert "evil" not in g.options
    g, fx = E.update(g, E.HostLoad(REC, None))  # options kept for later loads
    assert posts(fx)[0]["step"] == 3


@pytest.mark.parametrize(
    "record",
    ["{not json", "[" * 500 + "]" * 500, {"v": 1, "deals": "nope"}, 42, None],
)
def test_a_bad_record_from_a_host_is_said_and_the_one_on_show_stays(record: Any) -> None:
    g, _ = guest(share_fragment(REC) + "&step=4")
    g, fx = E.update(g, E.HostLoad(record))
    assert [m["type"] for m in posts(fx)] == ["thousand:error"]
    assert g.ui.replay is not None and g.ui.replay.step == 4  # nothing lost
    assert g.error and "notice" in html(g)
    g, _ = E.update(g, E.HostLoad(REC))
    assert g.error == ""  # a good record clears it


@pytest.mark.parametrize("lang", LANGS)
def test_a_failed_fetch_is_worded_in_the_guests_language(lang: str) -> None:
    g, _ = guest("", lang=lang)
    g, fx = E.update(g, E.HostFetchFailed("https://x/deal.json", 404))
    assert posts(fx)[0]["message"] == t(
        lang, "embed_fetch_status", url="https://x/deal.json", status="404"
    )
    for status in (0, None, True, "404", 10**6, float("nan")):
        g, fx = E.update(g, E.HostFetchFailed("u" * 5000, status))
        why = posts(fx)[0]["message"]
        assert why == t(lang, "embed_fetch_network", url="u" * E.WHY_CHARS)


def test_goto_play_and_pause_from_the_host() -> None:
    g, _ = guest(share_fragment(REC))
    data = g.ui.replay_data
    assert data is not None
    g, fx = E.update(g, E.HostGoto(7))
    assert posts(fx)[0]["step"] == 7
    g, fx = E.update(g, E.HostGoto(10**9))
    assert posts(fx)[0]["step"] == data.steps  # clamped
    g, fx = E.update(g, E.HostGoto(float("-inf")))
    assert posts(fx)[0]["step"] == 0
    for bad in (None, True, float("nan")):
        g, fx = E.update(g, E.HostGoto(bad))
        assert fx == []
    g, _ = E.update(g, E.HostGoto(0))
    g, fx = E.update(g, E.HostPlay())
    assert [type(e) for e in fx] == [Autoplay] and fx[0].token and g.ui.replay.playing
    g, fx = E.update(g, E.HostPause())
    assert fx == [Autoplay(0)] and not g.ui.replay.playing


def test_autoplay_steps_on_tells_the_host_and_stops_at_the_end() -> None:
    g, fx = guest(share_fragment(REC) + "&autoplay=300")
    play = [e for e in fx if isinstance(e, Autoplay) and e.token]
    assert play and play[0].ms == 300
    token = play[0].token
    g, fx = E.update(g, AutoplayTick(token + 1))
    assert fx == []  # an old autoplay's tick
    g, fx = E.update(g, AutoplayTick(token))
    assert posts(fx)[0]["step"] == 1
    data = g.ui.replay_data
    assert data is not None
    g, _ = E.update(g, E.HostGoto(data.steps - 1))
    g, _ = E.update(g, E.HostPlay())
    token = g.tokens[Slot.AUTOPLAY]
    g, fx = E.update(g, AutoplayTick(token))
    assert Autoplay(0) in fx and posts(fx)[0]["step"] == data.steps and not g.ui.replay.playing


def test_buttons_and_keys_step_and_say_so_unless_the_controls_are_hidden() -> None:
    g, _ = guest(share_fragment(REC))
    g, fx = E.update(g, E.Pressed("step-next"))
    assert posts(fx)[0]["step"] == 1
    g, fx = E.update(g, E.KeyDown("End"))
    assert posts(fx)[0]["step"] == g.ui.replay_data.steps
    g, fx = E.update(g, E.KeyDown("Home"))
    assert posts(fx)[0]["step"] == 0
    g, fx = E.update(g, E.Pressed("replay-sheet"))
    assert fx == [] and g.ui.replay.sheet
    assert E.takes_key(g, "ArrowLeft") and not E.takes_key(g, "ArrowLeft", in_select=True)
    assert not E.takes_key(g, "q")
    hidden, _ = guest(share_fragment(REC) + "&controls=0")
    assert not E.takes_key(hidden, "ArrowRight")
    hidden, fx = E.update(hidden, E.KeyDown("ArrowRight"))
    assert fx == [] and hidden.ui.replay.step == 0


def test_the_seat_menu_changes_the_view() -> None:
    g, _ = guest(share_fragment(REC))
    g, _ = E.update(g, E.ViewChosen("2"))
    assert g.ui.replay.seat == 2
    g, _ = E.update(g, E.ViewChosen("9"))  # no such seat: the view stays
    assert g.ui.replay.seat == 2
    g, _ = E.update(g, E.ViewChosen("open"))
    assert g.ui.replay.seat is None


def test_play_from_here_opens_the_game_page_beside_the_embed_only_when_offered() -> None:
    g, _ = guest(share_fragment(REC) + "&step=6&practice=1", lang="ru")
    g, fx = E.update(g, E.Pressed("practice-here"))
    (tab,) = fx
    assert isinstance(tab, E.OpenTab)
    assert tab.url.startswith("https://rules.example/1000/index.html#z=")
    assert "&step=6&practice=1&lang=ru" in tab.url
    plain, _ = guest(share_fragment(REC))
    plain, fx = E.update(plain, E.Pressed("practice-here"))
    assert fx == []


def test_the_analysis_follows_the_deal_and_an_old_ones_findings_are_dropped() -> None:
    g, fx = guest(share_fragment(REC) + "&analysis=1")
    (first,) = [e for e in fx if isinstance(e, Analyse)]
    assert first.deal == 0 and first.slot == Slot.REPLAY
    data = g.ui.replay_data
    assert data is not None
    g, fx = E.update(g, E.HostGoto(data.steps))  # the last deal
    (second,) = [e for e in fx if isinstance(e, Analyse)]
    assert second.deal == data.deals - 1 and second.token != first.token
    g, _ = E.update(g, AnalysisShown(first.token, ("old",), 50))
    assert g.ui.replay.analysis_rows != ["old"]
    g, _ = E.update(g, AnalysisShown(second.token, ("new",), -1))
    assert g.ui.replay.analysis_rows == ["new"]
    g, fx = E.update(g, E.Pressed("analysis"))  # off
    assert fx == [StopAnalysis(Slot.REPLAY)]


def test_a_message_the_runner_could_not_read_is_said() -> None:
    g, _ = guest(share_fragment(REC))
    g, fx = E.update(g, E.Broken("TypeError: " + "x" * 1000))
    assert len(posts(fx)[0]["message"]) == E.WHY_CHARS and g.ui.replay is not None


def test_fit_content_rides_on_the_tables_attributes_and_only_the_fragment_sets_it() -> None:
    g, _ = guest(share_fragment(REC) + "&fit=content")
    assert E.view(g)[0]["data-fit"] == "content"
    g, _ = E.update(g, E.HostLoad(REC, {"fit": "frame"}))  # (the frame's size is the host's)
    assert E.view(g)[0]["data-fit"] == "content"
    plain, _ = guest(share_fragment(REC))
    assert E.view(plain)[0]["data-fit"] is None
