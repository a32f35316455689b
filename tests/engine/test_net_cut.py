"""The cut ritual online (``cut_ritual``): cuts fixed by the shuffled deck, the bottom
card opened to the dealer, the dealer's word on it checked at the audit."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from net_sim import Table, play_game, small_group

from thousand import Conventions
from thousand.net import mental as M
from thousand.net.events import CutMade, Stage
from thousand.net.guest import Guest
from thousand.record import replay


@pytest.fixture(autouse=True)
def _small() -> Iterator[None]:
    with small_group():
        yield


def test_cut_points_are_fixed_by_the_deck_and_cut_like_the_engine() -> None:
    deck = list(M.CARD_CODES)
    ks = M.cut_points(deck)
    assert all(1 <= k <= 23 for k in ks) and ks == M.cut_points(list(deck))
    rotated = deck
    for i, k in enumerate(ks, 1):
        rotated = rotated[k:] + rotated[:k]  # state.shuffled_deal's cut
        assert rotated == M.cut_deck(deck, i)
        assert rotated[-1] == deck[M.cut_bottom(deck, i)]


@pytest.mark.parametrize(("players", "seed"), [(3, 3), (4, 3), (2, 5)])
def test_a_game_with_the_cut_ritual_online_scores_as_the_engine(players: int, seed: int) -> None:
    conv = Conventions(players=players, cut_ritual=True, barrel=False, target=300)
    t = play_game(conv, guests=players - 1, seed=seed, bot="easy")
    assert t.over() and len(t.hashes()) == 1
    recs = [p.record() for p in t.peers.values()]
    rec = recs[0]
    assert rec is not None and all(r == rec for r in recs)
    for name in t.peers:
        assert not t.found(name)
    host = t.peers["host"]
    assert host.game is not None
    # the record, replayed by the engine (with each deal's cut nines), scores the same
    again = replay(rec)
    assert again.is_terminal() and again.standing.totals == host.game.standing.totals
    cuts = [d.get("cut", 0) for d in rec["deals"]]
    made = [o for o in t.outputs["g1"] if isinstance(o, CutMade)]
    assert made and sum(o.nine for o in made) >= sum(cuts)  # redealt deals cut too
    if players != 2:
        assert any(cuts)  # these seeds find a nine at the bottom at least once


class LyingDealer(Guest):
    """A dealer who says the opposite of what the bottom card is."""

    def _say(self, t: str, sender: int, /, **body: Any) -> None:
        if t == "cut":
            body["nine"] = not body["nine"]
        super()._say(t, sender, **body)


@pytest.mark.parametrize("players", [3, 4])
def test_a_dealer_lying_about_the_bottom_card_is_named_by_the_audit(players: int) -> None:
    conv = Conventions(players=players, cut_ritual=True, barrel=False, target=300)
    t = Table(conv, players - 1, seed=4, bot="easy", kinds={"g1": LyingDealer})
    t.seat_all()
    honest = ("host", *(f"g{i}" for i in range(2, players)))
    t.run(until=lambda: all(t.peers[n].stage in (Stage.OVER, Stage.HALTED) for n in honest))
    liar = t.peers["g1"].seat
    for name in honest:
        found = t.found(name)
        assert found and found[0].seat == liar and found[0].what == "cut", found
        assert t.peers[name].stage is Stage.HALTED
        params = dict(found[0].params)
        assert params["cut"] >= 1 and params["said"] in ("nine", "no nine")
