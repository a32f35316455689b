"""Hand evaluator: the declarer's expected deal points from a hand, fitted offline.

Two small linear models over hand features (``FEATURES``), one per table size
(``table_size``: 2 players, and 3 players, also used for 4, whose deal is a 3-player
deal with the dealer sitting out, RULES §2):

* ``bid``: from the hand as dealt (7 cards; 10 with 2 players), the points the
  declarer ends the deal with after taking the talon, passing two cards and
  playing (card points + declared marriages);
* ``play``: the same from the hand the declarer plays (8 cards; 10 with 2
  players plus the 2 aside, whose points count);
* ``play_rich`` (3 players): the ``play`` model's prediction over many more
  features (``rich_features``), fitted on open-hand values of many random deals
  and mapped to self-play outcomes by a line (``bench/lab/ai_value_model.py``); a
  level that sets ``Settings.value_model`` to it (Strong) values hands with it in
  place of ``play`` (``Evaluator.valuing_play_by``). A model of the same kind fitted
  under other play rules (the AI lab's ``play_rich3_polish``: ``must_beat``,
  ``declare_on_first_lead``) values hands under those rules in a level with
  ``Settings.rule_models`` (``Evaluator.under``).

Each model has a residual standard deviation: the chance of reaching a
contract is taken under a normal error (``normal_cdf``). The coefficients live in
``data/evaluator.json`` (written by ``bench/ai_fit_evaluator.py`` from
self-play); when the file is missing the built-in hand-set values are used.
Nothing is trained in the browser. The AI lab (``bench/lab/variants.py``) builds
evaluators of its own data with the two seams this one leaves: a reader of a rich
model's added term (``terms``: its hidden layer) and a measured pass
(``measured_pass``); the shipped evaluator has neither.
"""

from __future__ import annotations

import copy
import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any, Protocol

from ..cards import (
    ACE,
    ACES_MASK,
    JACK,
    KING,
    MARRIAGE_MASK,
    MARRIAGE_VALUE,
    NINE,
    QUEEN,
    SUIT_MASK,
    TEN,
    mask_points,
)

if TYPE_CHECKING:
    from ..conventions import Conventions

FEATURES = (
    "bias",
    "points",
    "aces",
    "tens_with_ace",
    "tens_bare",
    "kings",
    "queens",
    "marriage_s",
    "marriage_c",
    "marriage_d",
    "marriage_h",
    "ace_marriage",
    "longest",
    "voids",
    "singletons",
    "nines_jacks",
    "top_sequence",
)


def features(hand: int, ace_marriage: bool = False) -> list[float]:
    """The feature vector of a hand (see ``FEATURES``)."""
    aces = tens_a = tens_b = kings = queens = 0
    longest = voids = singles = top = 0
    mar = [0.0, 0.0, 0.0, 0.0]
    for s in range(4):
        sm = hand & SUIT_MASK[s]
        pat = sm >> (6 * s)
        length = pat.bit_count()
        longest = max(longest, length)
        if length == 0:
            voids += 1
        elif length == 1:
            singles += 1
        if pat >> ACE & 1:
            aces += 1
            if pat >> TEN & 1:
                tens_a += 1
                if pat >> KING & 1:
                    top += 1
        elif pat >> TEN & 1:
            tens_b += 1
        if sm & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]:
            mar[s] = 1.0
        else:
            kings += pat >> KING & 1
            queens += pat >> QUEEN & 1
    low = sum(1 for s in range(4) for r in (NINE, JACK) if hand >> (6 * s + r) & 1)
    am = 1.0 if ace_marriage and hand & ACES_MASK == ACES_MASK else 0.0
    return [
        1.0,
        float(mask_points(hand)),
        float(aces),
        float(tens_a),
        float(tens_b),
        float(kings),
        float(queens),
        *mar,
        am,
        float(longest),
        float(voids),
        float(singles),
        float(low),
        float(top),
    ]


# The rich features (``rich_features``): one count per suit holding (the 64 patterns
# of a suit's six ranks, suit-blind), the trump candidate's holding (the suit of the
# highest marriage, its pattern one-hot), then the marriages and the card points.
RICH = "rich-1"  # its name in evaluator.json: a model of these features says it
RICH_SIZE = 64 + 64 + 8


def rich_features(hand: int, ace_marriage: bool = False) -> list[float]:
    """The rich feature vector of a hand (see ``RICH``); the ace marriage is not
    among them (the open-hand labels they are fitted on are of classic deals)."""
    x = [0.0] * RICH_SIZE
    best = -1
    count = value = 0
    for s in range(4):
        pat = (hand & SUIT_MASK[s]) >> (6 * s)
        x[pat] += 1.0
        if hand & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]:
            best = s
            count += 1
            value += MARRIAGE_VALUE[s]
    if best >= 0:
        x[64 + ((hand & SUIT_MASK[best]) >> (6 * best))] = 1.0
    base = 128
    x[base] = 1.0  # bias
    x[base + 1] = float(count)
    x[base + 2] = float(value)
    x[base + 3] = float(MARRIAGE_VALUE[best]) if best >= 0 else 0.0
    x[base + 4] = float(count >= 2)
    x[base + 5] = float(mask_points(hand))
    x[base + 6] = float((hand & SUIT_MASK[best]).bit_count()) if best >= 0 else 0.0
    x[base + 7] = float(best < 0)
    return x


class HandTerm(Protocol):
    """A term added to a rich model's linear prediction (a hidden layer of units, say),
    read from the model's data entry by the reader given to ``Evaluator``."""

    def value(self, hand: int) -> float:
        """The term's value for a played hand."""
        ...


#: Reads the added term of a rich model's data entry (the entry's ``hidden`` and
#: ``out``): the term, or None when the entry is malformed.
TermReader = Callable[[dict[str, Any]], HandTerm | None]


class MeasuredPass(Protocol):
    """What passing now is worth to a seat holding ``hand`` as dealt (its relative
    score in the deal) under ``conv``, by a model measured apart from the evaluator's
    own (``early``: nobody over first hand's hundred yet; ``after_pass``: the seat
    before passed too); None where it has no value for ``conv``."""

    def __call__(
        self, conv: Conventions, hand: int, players: int, early: bool, after_pass: bool
    ) -> float | None: ...


@dataclass(frozen=True)
class Model:
    """A linear model with its residual standard deviation (over ``FEATURES``, or
    over the rich features with ``rich``, then with a term ``net`` added)."""

    weights: tuple[float, ...]
    sigma: float
    rich: bool = False
    net: HandTerm | None = None

    def mean(self, hand: int, ace_marriage: bool = False) -> float:
        """The predicted declarer points of a hand."""
        if self.rich:
            linear = _rich_mean(self.weights, hand)
            return linear + self.net.value(hand) if self.net is not None else linear
        return sum(w * v for w, v in zip(self.weights, features(hand, ace_marriage), strict=True))


def _rich_mean(w: tuple[float, ...], hand: int) -> float:
    """``weights . rich_features(hand)`` without the vector (the auction asks often)."""
    total = w[128] + w[133] * mask_points(hand)
    best = -1
    count = value = 0
    for s in range(4):
        total += w[(hand & SUIT_MASK[s]) >> (6 * s)]
        if hand & MARRIAGE_MASK[s] == MARRIAGE_MASK[s]:
            best = s
            count += 1
            value += MARRIAGE_VALUE[s]
    if best < 0:
        return total + w[135]
    trump = hand & SUIT_MASK[best]
    total += w[64 + (trump >> (6 * best))] + w[129] * count + w[130] * value
    total += w[131] * MARRIAGE_VALUE[best] + w[134] * trump.bit_count()
    return total + (w[132] if count >= 2 else 0.0)


# The name of a model over the rich features in the data: its kind (``play_rich``;
# ``valuing_play_by``), the table size, and a suffix naming the play rules it was
# fitted under (``play_rich3_polish``).
_RICH_NAME = re.compile(r"(play_[a-z]+)([23])(_\w+)?")


def _rich_model(m: dict[str, Any], terms: TermReader | None) -> Model | None:
    """A model over the rich features from its data entry (None when the entry is of
    other features or the wrong size): ``weights``, and where the entry adds a term
    (``hidden``, ``out``) that term as ``terms`` reads it (None without a reader, or
    when it cannot read it)."""
    if m.get("features") != RICH or len(m.get("weights", ())) != RICH_SIZE:
        return None
    net = None
    if "hidden" in m or "out" in m:
        net = terms(m) if terms is not None else None
        if net is None:
            return None
    return Model(tuple(float(x) for x in m["weights"]), float(m["sigma"]), rich=True, net=net)


def _default(kind: str, players: int) -> Model:
    """Hand-set coefficients (the greedy bot's rule of thumb) used before fitting."""
    w = dict.fromkeys(FEATURES, 0.0)
    w["points"] = 0.8 if kind == "bid" else 0.9
    w["aces"] = 8.0
    w["tens_with_ace"] = 4.0
    w["bias"] = (20.0 if players != 2 else 12.0) if kind == "bid" else 8.0
    for s, v in enumerate((40, 60, 80, 100)):
        w[("marriage_s", "marriage_c", "marriage_d", "marriage_h")[s]] = 0.9 * v
    w["ace_marriage"] = 180.0
    return Model(tuple(w[f] for f in FEATURES), 25.0)


# Used before anything is fitted (and for what a data file lacks).
_DEFAULT_CONST = {
    "marriage_share": 0.9,  # share of the held marriages a declarer declares
    "defend_u": -20.0,  # a defender's mean relative score per deal
    "declare_u": 20.0,
    "bolt_rate": 0.08,  # chance that a defender takes no trick
    "declare_raw": 40.0,  # a declarer's mean deal score
    # Share of the open marriages' value the defenders declare (RULES §7), and what a
    # pass while nobody has bid over the hundred scores above the ``defend`` model:
    # measured by bench/lab/ai_bid_calibration.py and bench/lab/ai_pass_value.py (Strong's).
    "defender_marriages": 0.0,
    "pass_at_100": 0.0,
    "dark_p": 0.3,  # chance of making a dark game
    "dark_gain": -60.0,  # first hand's relative score, dark minus looking
}


def table_size(players: int) -> int:
    """The table size whose models and constants serve ``players``: 4 players play a
    3-player deal (the dealer sits out, RULES §2), so they use the 3-player ones."""
    return 2 if players == 2 else 3


class Evaluator:
    """The fitted hand models, by table size (``table_size``: 4 players use 3's).

    * ``bid``, ``play``: the declarer's deal points from the hand as dealt / as
      played (linear, with a residual sigma);
    * ``defend``: a defender's relative score in the deal from its hand as dealt
      (own score minus the mean of the others', penalties aside): what passing
      is worth;
    * ``bolt``: the chance that a defender takes no trick (logistic);
    * ``calib``: the predicted chances of making a contract, calibrated against
      the outcomes (logistic on the logit); ``bidcal`` the same for the bid
      table's chances, seen from the dealt hand; an entry with ``play_rules``
      (``bidcal3_polish``) is fitted on the chances of the rule model of those
      rules and replaces the plain one where that model does (``under``), one
      with ``value_model`` (``calib3_net``) on the chances of that kind of model
      and replaces it in the view valuing play by it (``valuing_play_by``);
    * constants (``const``): means measured in the same self-play;
    * ``rule_shift``: what play rules unlike the classic ones (the Polish
      ``must_beat`` and ``declare_on_first_lead``) add to the declarer's points,
      by the marriages of the played hand (measured open-handed on the same
      deals under both rule sets, ``bench/lab/ai_rule_shift.py``): the models were
      fitted on classic deals;
    * ``measured_pass``: what passing is worth by a model measured apart (given to
      the constructor; none in the shipped evaluator), used in place of the
      ``defend`` model and what follows where it has a value;
    * ``pass_shift``: what a pass is worth under a rule set unlike the classic one
      (the Polish preset: the bomb, no concession, no bolts, the raise by 10) less
      what the ``defend`` model and ``pass_at_100`` say, measured in self-play under
      those rules (``bench/lab/ai_pass_value.py --preset``): the early pass (nobody over
      first hand's hundred) and a pass over a bid. An entry applies to conventions
      that hold every value it lists. Its ``bomb_at_100``: what the early pass is
      worth less again while the seat still holds a bomb (the bid's loss is capped by
      it), measured by playing on both the bid and the pass from the same decision
      (``bench/lab/ai_bid_counterfactual.py``) and added only with ``bomb_left``.
    """

    def __init__(
        self,
        data: dict[str, Any] | None = None,
        terms: TermReader | None = None,
        measured_pass: MeasuredPass | None = None,
    ) -> None:
        """The models of ``data`` (the defaults where it has none); ``terms`` reads a
        rich model's added term (entries with one are left out without it)."""
        self.models: dict[tuple[str, int], Model] = {}
        # Models fitted under play rules unlike the classic ones, by the rule pair
        # (``must_beat``, ``declare_on_first_lead``): ``play_rich3_polish``.
        self.rule_models: dict[tuple[str, int, tuple[bool, bool]], Model] = {}
        self._views: dict[str, Evaluator] = {}
        self._rule_views: dict[tuple[bool, bool], Evaluator] = {}
        # The model kind that values a played hand (``valuing_play_by``), and the rule
        # pair it was fitted under where a rule model replaced it (``under``).
        self.play_kind = "play"
        self.fitted_rules: tuple[bool, bool] | None = None
        self.logistic: dict[tuple[str, int], tuple[float, ...]] = {}
        # Calibrations (``calib``, ``bidcal``) fitted on the chances of one model: of
        # the rule model of the same play rules (``bidcal3_polish``), or of a value
        # model kind (``calib3_net``, ``value_model``), used by that model's view.
        self.rule_logistic: dict[tuple[str, int, tuple[bool, bool]], tuple[float, ...]] = {}
        self.model_logistic: dict[tuple[str, int, str], tuple[float, ...]] = {}
        self.consts: dict[int, dict[str, float]] = {}
        data = data or {}
        for players in (2, 3):
            for kind in ("bid", "play", "defend"):
                m = data.get(f"{kind}{players}")
                if m is not None and tuple(m["features"]) == FEATURES:
                    self.models[kind, players] = Model(
                        tuple(float(x) for x in m["weights"]), float(m["sigma"])
                    )
                elif kind != "defend":
                    self.models[kind, players] = _default(kind, players)
            for name, m in data.items():
                match = _RICH_NAME.fullmatch(name)
                if match is None or match[2] != str(players) or not isinstance(m, dict):
                    continue
                rich = match[1]
                model = _rich_model(m, terms)
                if model is None:
                    continue
                rules = m.get("play_rules")
                if rules is None:
                    self.models[rich, players] = model
                else:
                    pair = (bool(rules["must_beat"]), bool(rules["declare_on_first_lead"]))
                    self.rule_models[rich, players, pair] = model
            m = data.get(f"bolt{players}")
            if m is not None and tuple(m["features"]) == FEATURES:
                self.logistic["bolt", players] = tuple(float(x) for x in m["weights"])
            for kind in ("calib", "bidcal"):
                m = data.get(f"{kind}{players}")
                if m is not None:
                    self.logistic[kind, players] = tuple(float(x) for x in m["weights"])
                for name, m in data.items():
                    if not (name.startswith(f"{kind}{players}_") and isinstance(m, dict)):
                        continue
                    w = tuple(float(x) for x in m["weights"])
                    rules = m.get("play_rules")
                    if rules is not None:
                        pair = (bool(rules["must_beat"]), bool(rules["declare_on_first_lead"]))
                        self.rule_logistic[kind, players, pair] = w
                    elif isinstance(m.get("value_model"), str):
                        self.model_logistic[kind, players, m["value_model"]] = w
            self.consts[players] = {**_DEFAULT_CONST, **data.get(f"const{players}", {})}
        self.shifts: dict[tuple[int, tuple[bool, bool]], tuple[float, ...]] = {}
        for players in (2, 3):
            for m in data.get(f"rule_shift{players}", []):
                key = (bool(m["must_beat"]), bool(m["declare_on_first_lead"]))
                self.shifts[players, key] = tuple(float(x) for x in m["by_marriages"])
        self.pass_shifts: dict[int, list[tuple[dict[str, Any], float, float, float]]] = {}
        for players in (2, 3):
            self.pass_shifts[players] = [
                (
                    dict(m["conventions"]),
                    float(m["at_100"]),
                    float(m["above"]),
                    float(m.get("bomb_at_100", 0.0)),
                )
                for m in data.get(f"pass_shift{players}", [])
            ]
        self.measured_pass = measured_pass

    def valuing_play_by(self, kind: str) -> Evaluator:
        """This evaluator with the ``play`` model replaced by the model ``kind``
        (``play_rich``) where one is fitted for the table size; itself for ``play``."""
        if kind == "play":
            return self
        if kind not in self._views:
            fitted = {p: self.models[kind, p] for p in (2, 3) if (kind, p) in self.models}
            calibrations = {(c, p): w for (c, p, k), w in self.model_logistic.items() if k == kind}
            view = self._with_play(fitted, calibrations)
            view.play_kind = kind
            self._views[kind] = view
        return self._views[kind]

    def _with_play(
        self,
        by_players: dict[int, Model],
        calibrations: dict[tuple[str, int], tuple[float, ...]],
    ) -> Evaluator:
        """A copy of this evaluator (with views of its own) whose ``play`` model is
        ``by_players[p]`` at each table size ``p`` listed, with the calibrations
        fitted on that model's chances (``calibrations``, by kind and table size) in
        place of its own at those table sizes."""
        view = copy.copy(self)
        view.models = dict(self.models)
        view._views = {}
        view._rule_views = {}
        for players, m in by_players.items():
            view.models["play", players] = m
        view.logistic = dict(self.logistic)
        for (kind, players), w in calibrations.items():
            if players in by_players:
                view.logistic[kind, players] = w
        return view

    def under(self, conv: Conventions) -> Evaluator:
        """This evaluator with its played-hand model replaced, at each table size, by
        the one of the same kind fitted under the play rules of ``conv`` where there is
        one (``play_rich3_polish``: ``must_beat`` and ``declare_on_first_lead``); itself
        when none is (classic rules, or a kind fitted on classic deals only)."""
        pair = (conv.must_beat, conv.declare_on_first_lead)
        view = self._rule_views.get(pair)
        if view is None:
            view = self
            fitted = {
                p: m
                for (k, p, r), m in self.rule_models.items()
                if k == self.play_kind and r == pair
            }
            if fitted:
                calibrations = {
                    (c, p): w for (c, p, r), w in self.rule_logistic.items() if r == pair
                }
                view = self._with_play(fitted, calibrations)
                view.fitted_rules = pair
            self._rule_views[pair] = view
        return view

    @classmethod
    def load(cls) -> Evaluator:
        """The shipped evaluator (``data/evaluator.json``), or the defaults."""
        return cls(shipped_data() or None)

    def model(self, kind: str, players: int) -> Model:
        """The model for ``bid`` or ``play`` at a table size (4 players use 3's)."""
        return self.models[kind, table_size(players)]

    def expected(self, kind: str, hand: int, players: int, ace_marriage: bool = False) -> float:
        """Expected declarer points of a hand."""
        return self.model(kind, players).mean(hand, ace_marriage)

    def const(self, players: int, key: str) -> float:
        """A measured constant (see ``_DEFAULT_CONST``)."""
        return self.consts[table_size(players)][key]

    def rule_shift(self, hand: int, players: int, must_beat: bool, first_lead: bool) -> float:
        """What the play rules (``must_beat``, ``declare_on_first_lead``) add to the
        declarer's expected points of the played ``hand`` over the classic rules the
        models were fitted on: by its marriages (0 for rules not measured)."""
        if not (must_beat or first_lead) or self.fitted_rules == (must_beat, first_lead):
            return 0.0
        by = self.shifts.get((table_size(players), (must_beat, first_lead)))
        if not by:
            return 0.0
        k = sum(1 for mm in MARRIAGE_MASK if hand & mm == mm)
        return by[min(k, len(by) - 1)]

    def pass_shift(
        self, conv: Conventions, players: int, early: bool, bomb_left: bool = False
    ) -> float:
        """What a pass is worth under the conventions ``conv`` over the classic value
        (``defend`` and ``pass_at_100``): the first measured entry whose listed
        conventions ``conv`` holds (0 when none does, as in classic rules); ``early``:
        nobody has bid over first hand's hundred; ``bomb_left``: the seat may still
        throw a bomb (the entry's ``bomb_at_100`` is added to the early pass)."""
        for want, at_100, above, bomb_at_100 in self.pass_shifts.get(table_size(players), []):
            if all(getattr(conv, k) == v for k, v in want.items()):
                if not early:
                    return above
                return at_100 + (bomb_at_100 if bomb_left else 0.0)
        return 0.0

    def defend_value(self, hand: int, players: int, ace_marriage: bool = False) -> float:
        """A defender's expected relative score in the deal, from its hand as dealt."""
        m = self.models.get(("defend", table_size(players)))
        if m is None:
            return self.const(players, "defend_u")
        return m.mean(hand, ace_marriage)

    def bolt_chance(self, hand: int, players: int, ace_marriage: bool = False) -> float:
        """The chance that a defender with this hand (as dealt) takes no trick."""
        w = self.logistic.get(("bolt", table_size(players)))
        if w is None:
            return self.const(players, "bolt_rate")
        return _sigmoid(sum(a * x for a, x in zip(w, features(hand, ace_marriage), strict=True)))

    def calibrated(self, p: float, players: int, kind: str = "calib") -> float:
        """A predicted chance of making a contract, calibrated on the outcomes
        (``calib``: the contract decision's; ``bidcal``: the bid table's)."""
        w = self.logistic.get((kind, table_size(players)))
        if w is None:
            return p
        q = min(0.995, max(0.005, p))
        return _sigmoid(w[0] + w[1] * math.log(q / (1.0 - q)))


def shipped_data() -> dict[str, Any]:
    """The shipped models' data (``data/evaluator.json``; empty where it is missing)."""
    try:
        text = resources.files(__package__).joinpath("data/evaluator.json").read_text()
    except (FileNotFoundError, OSError):
        return {}
    data: dict[str, Any] = json.loads(text)
    return data


def _sigmoid(z: float) -> float:
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))


def normal_cdf(z: float) -> float:
    """The standard normal distribution function."""
    return 0.5 * (1.0 + math.erf(z / math.sqrt(2.0)))


_SHARED: Evaluator | None = None


def shared() -> Evaluator:
    """The evaluator loaded once per process."""
    global _SHARED
    if _SHARED is None:
        _SHARED = Evaluator.load()
    return _SHARED
