"""Inference from the play: how well a world explains the cards the others played.

A small model of play, fitted offline on the bots' own card play
(``bench/lab/ai_play_model.py`` -> ``data/play_model.json``), gives the chance
of each legal card from a hand: a conditional logit (softmax) over a few
features of the card in its trick - its points, whether it heads the trick,
whether the partner already does, whether it is the highest or lowest of its
suit in hand, a trump, the master of its suit, a marriage card on the lead -
with one set of weights for leads and one for follows. A model may add a
hidden layer of ReLU units over the same features (``Unit``), which lets a
feature count differently beside another (a master that is also the suit's
only card); the shipped model is linear.

``play_log_weight(obs, world, model)`` is the log-likelihood of every card
the other seats played in the deal so far, each from the hand that world gave
them at that moment (its cards now plus those it played since), among the
cards it could legally play (§7). A world in which a defender who ducked held
the ace, or one who threw a ten on the opponent's trick held a nine, explains
the play worse and counts less. The sampler multiplies its auction weight by
``exp(beta * log_weight)`` (``beta`` tempers a model that is only roughly right).
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ..cards import FULL_DECK, KING, POINTS, QUEEN, SUIT_MASK, trick_winner_card
from ..duties import follow_mask, lead_mask
from ..state import Observation
from .sampler import World, declarations

FEATURES = (
    "points",
    "trump",
    "lowest_in_suit",
    "highest_in_suit",
    "suit_length",
    "master",
    "wins",
    "wins_over_partner",
    "points_to_partner",
    "points_to_opponent",
    "wins_last",
    "marriage_card",
    "master_points",
)


def card_features(
    hand: int,
    prefix: Sequence[int],
    trump: int,
    out: int,
    card: int,
    partner_heads: bool,
    last: bool,
) -> list[float]:
    """The model's features of playing ``card`` from ``hand`` to the trick ``prefix``
    (``out``: the cards the player cannot see; ``partner_heads``: its partner heads
    the trick so far; ``last``: the trick ends with this card)."""
    suit = card // 6
    own = hand & SUIT_MASK[suit]
    pts = POINTS[card] / 11.0
    higher_mask = SUIT_MASK[suit] & ~((2 << card) - 1)
    lower_mask = SUIT_MASK[suit] & ((1 << card) - 1)
    master = 0.0 if out & higher_mask else 1.0
    f = [
        pts,
        1.0 if suit == trump else 0.0,
        0.0 if own & lower_mask else 1.0,
        0.0 if own & higher_mask else 1.0,
        own.bit_count() / 6.0,
        master,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
        0.0,
    ]
    if prefix:
        wins = trick_winner_card([*prefix, card], trump) == card
        if wins:
            f[6] = 1.0
            f[7] = 1.0 if partner_heads else 0.0
            f[10] = 1.0 if last else 0.0
        elif partner_heads:
            f[8] = pts
        else:
            f[9] = pts
    else:
        rank = card % 6
        partner = 6 * suit + (QUEEN if rank == KING else KING)
        if rank in (KING, QUEEN) and hand >> partner & 1:
            f[11] = 1.0
        f[12] = master * pts
    return f


Unit = tuple[tuple[float, ...], float, float]
"""A hidden ReLU unit: its weights over ``FEATURES``, its bias, its weight into the score."""


def card_score(w: Sequence[float], units: Sequence[Unit], f: Sequence[float]) -> float:
    """A card's score: ``w . f`` plus the units' ``out * relu(weights . f + bias)``."""
    s = sum(a * b for a, b in zip(w, f, strict=True))
    for ws, bias, out in units:
        z = bias + sum(a * b for a, b in zip(ws, f, strict=True))
        if z > 0.0:
            s += out * z
    return s


@dataclass(frozen=True)
class PlayModel:
    """Softmax weights over ``FEATURES``, one vector for leads and one for follows,
    each with its hidden units (none in a linear model)."""

    lead: tuple[float, ...]
    follow: tuple[float, ...]
    lead_units: tuple[Unit, ...] = ()
    follow_units: tuple[Unit, ...] = ()

    def log_prob(
        self,
        hand: int,
        legal: int,
        prefix: Sequence[int],
        trump: int,
        out: int,
        card: int,
        partner_heads: bool,
        last: bool,
    ) -> float:
        """log P(``card`` | the legal cards ``legal`` of ``hand``); 0 for a forced card."""
        if legal & (legal - 1) == 0:
            return 0.0
        w, units = (self.follow, self.follow_units) if prefix else (self.lead, self.lead_units)
        scores = []
        mine = 0.0
        m = legal
        while m:
            low = m & -m
            c = low.bit_length() - 1
            m ^= low
            f = card_features(hand, prefix, trump, out, c, partner_heads, last)
            s = card_score(w, units, f)
            scores.append(s)
            if c == card:
                mine = s
        top = max(scores)
        return mine - top - math.log(sum(math.exp(s - top) for s in scores))

    def to_json(self) -> dict[str, Any]:
        """The weights by feature name (the data file's shape); a unit is
        ``{"w": [...], "b": bias, "out": weight}``."""
        data: dict[str, Any] = {
            "features": list(FEATURES),
            "lead": list(self.lead),
            "follow": list(self.follow),
        }
        for key, units in (("lead_units", self.lead_units), ("follow_units", self.follow_units)):
            if units:
                data[key] = [{"w": list(ws), "b": b, "out": o} for ws, b, o in units]
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> PlayModel:
        """The model a data file holds (features missing from it weigh 0)."""
        names = list(data.get("features", FEATURES))

        def vec(values: Sequence[float]) -> tuple[float, ...]:
            got = dict(zip(names, values, strict=False))
            return tuple(float(got.get(n, 0.0)) for n in FEATURES)

        def units(key: str) -> tuple[Unit, ...]:
            return tuple((vec(u["w"]), float(u["b"]), float(u["out"])) for u in data.get(key, []))

        return cls(
            vec(data.get("lead", [])),
            vec(data.get("follow", [])),
            units("lead_units"),
            units("follow_units"),
        )


_SHARED: dict[str, PlayModel] = {}


def shared_model(name: str = "play_model") -> PlayModel:
    """A shipped play model by name (``data/<name>.json``; ``play_model``: fitted on
    Strong's classic self-play) or a file of the same form by its path (a name ending
    in ``.json``), or a flat one (no inference) where there is none."""
    if name not in _SHARED:
        try:
            if name.endswith(".json"):
                text = Path(name).read_text(encoding="utf-8")
            else:
                text = resources.files(__package__).joinpath(f"data/{name}.json").read_text()
            _SHARED[name] = PlayModel.from_json(json.loads(text))
        except (OSError, ValueError, KeyError, TypeError):  # none, or malformed
            _SHARED[name] = PlayModel((0.0,) * len(FEATURES), (0.0,) * len(FEATURES))
    return _SHARED[name]


Play = tuple[int, int, tuple[int, ...], int, int, bool, bool]


def decision_log_prob(obs: Observation, card: int, model: PlayModel) -> float:
    """log P(``card``) under ``model`` for the seat to play, from its own observation
    (the same features ``play_log_weight`` rebuilds later from a world)."""
    legal = 0
    for a in obs.legal_actions:
        legal |= 1 << (a - 24 if a >= 24 else a)
    prefix = [c for _, c in obs.trick]
    heads = False
    if prefix:
        d = obs.declarer
        w = obs.trick[prefix.index(trick_winner_card(prefix, obs.trump))][0]
        heads = w != obs.seat and (w == d) == (obs.seat == d)
    out = FULL_DECK & ~obs.hand & ~obs.played
    last = len(prefix) == len(obs.active) - 1
    return model.log_prob(obs.hand, legal, prefix, obs.trump, out, card, heads, last)


def play_history(obs: Observation) -> list[Play]:
    """Every card played in the deal so far, in order: (seat, card, the trick before
    it, trump in force, cards played in earlier tricks, the seat's partner heads the
    trick, the card ends the trick)."""
    tricks = [list(t[1]) for t in obs.tricks]
    if obs.trick:
        tricks.append(list(obs.trick))
    decl = {i: suit for i, _seat, suit in declarations(obs)}
    d = obs.declarer
    n = len(obs.active)
    out: list[Play] = []
    trump = -1
    before = 0
    for i, cards in enumerate(tricks):
        lead_trump = trump
        if i in decl and decl[i] < 4:
            trump = decl[i]  # §7 a declared marriage sets the trump from its own trick
        prefix: list[int] = []
        seats: list[int] = []
        for j, (seat, c) in enumerate(cards):
            heads = False
            if prefix:
                w = seats[prefix.index(trick_winner_card(prefix, trump))]
                heads = w != seat and (w == d) == (seat == d)
            out.append(
                (seat, c, tuple(prefix), lead_trump if j == 0 else trump, before, heads, j == n - 1)
            )
            prefix.append(c)
            seats.append(seat)
        for _s, c in cards:
            before |= 1 << c
    return out


def play_log_weight(
    obs: Observation, world: World, model: PlayModel, history: list[Play] | None = None
) -> float:
    """log-likelihood under ``model`` of the other seats' plays so far, in ``world``."""
    hist = play_history(obs) if history is None else history
    conv = obs.conventions
    later = dict.fromkeys(world.hands, 0)  # per seat: the cards it played from here on
    total = 0.0
    for seat, card, prefix, tr, before, heads, last in reversed(hist):
        if seat not in later:
            continue
        later[seat] |= 1 << card
        if seat == obs.seat:
            continue
        hand = world.hands[seat] | later[seat]  # its hand when it played this card
        if prefix:
            legal = follow_mask(hand, prefix, tr, conv.must_beat)
        else:
            legal = lead_mask(hand, tr, False, conv.must_lead_trump, conv.no_lead_foreign_trump)
        if not legal >> card & 1:
            continue
        out = FULL_DECK & ~hand & ~before
        for x in prefix:
            out &= ~(1 << x)
        total += model.log_prob(hand, legal, prefix, tr, out, card, heads, last)
    return total


__all__ = [
    "FEATURES",
    "Play",
    "PlayModel",
    "Unit",
    "card_features",
    "card_score",
    "decision_log_prob",
    "play_history",
    "play_log_weight",
    "shared_model",
]
