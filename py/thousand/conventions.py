"""House rules (conventions) of 1000: every entry of the catalogue, presets, JSON.

Field names are the catalogue ids of ``docs/CONVENTIONS.md``; defaults make up the
Classic preset. ``Conventions.from_json`` validates everything and raises one
``ConventionsError`` listing every problem found.

>>> c = Conventions.preset("strict")
>>> c.no_jumps, c.bolts
(True, 'in_row')
>>> Conventions.from_json(c.to_json()) == c
True
"""

from __future__ import annotations

import dataclasses
import json
import types
import typing
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal, NamedTuple

BoltMode = Literal["off", "total", "in_row"]
BarrelBidding = Literal["normal", "talon_to_barrel", "from_120"]
BarrelMode = Literal["finish", "declarer_only"]


class Problem(NamedTuple):
    """One thing wrong with conventions, as a code and its parameters (the page words
    it from its catalogue: ``problem.<code>``); ``str()`` is the engine's English.

    ``name`` is the convention at fault, ``other`` the one it clashes with or needs,
    ``value`` what was given, ``allowed`` the values a choice takes, ``lo``/``hi``/
    ``step`` a range, ``need`` a number the rule derived (the barrel's contract).
    """

    code: str
    name: str = ""
    other: str = ""
    value: Any = None
    allowed: tuple[Any, ...] = ()
    lo: int = 0
    hi: int = 0
    step: int = 0
    need: int = 0

    def __str__(self) -> str:
        kw = self._asdict()
        kw["allowed"] = ", ".join(map(str, self.allowed))
        kw["either"] = (
            ", ".join(map(str, self.allowed[:-1])) + f" or {self.allowed[-1]}"
            if self.allowed
            else ""
        )
        kw["shown"] = repr(self.value)
        return PROBLEM_WORDS[self.code].format(**kw)


#: The engine's English for each problem code (the CLI and error messages).
PROBLEM_WORDS = {
    "not_object": "conventions must be a JSON object, not {value}",
    "unknown": "unknown convention {shown}",
    "unknown_preset": "unknown preset {shown}; presets: {allowed}",
    "not_json": "not JSON: {value}",
    "one_of": "{name} must be one of {allowed}, not {shown}",
    "bool": "{name} must be true or false, not {shown}",
    "whole": "{name} must be a whole number, not {shown}",
    "either": "{name} must be {either}, not {value}",
    "multiple": "{name} must be a multiple of {step} from {lo} to {hi}, not {value}",
    "between": "{name} must be {lo} to {hi}, not {value}",
    "out_of_range": "{name} out of range: {value}",
    "step": "{name} must be a multiple of bid_step {step}, not {value}",
    "above": "target {value} must lie above barrel_at {need}",
    "barrel_need": "the barrel needs a contract of {need}, above bid_cap",
    "contradicts": "{name} contradicts {other} {value}",
    "must_be_with": "{name} must be normal with {other} {value}",
    "clash": "{name} and {other} contradict each other",
    "needs": "{name} needs {other}",
    "needs_talon_redeal": "{name} needs a talon-based redeal",
}


class ConventionsError(ValueError):
    """Invalid conventions; ``issues`` lists every problem found (``problems``: the
    same in the engine's English)."""

    def __init__(self, issues: list[Problem]) -> None:
        self.issues = list(issues)
        self.problems = [str(p) for p in self.issues]
        super().__init__("invalid conventions: " + "; ".join(self.problems))


@dataclass(frozen=True)
class Conventions:
    """Every convention of the catalogue; the defaults are the Classic preset."""

    # Table and players
    players: int = 3
    target: int = 1000
    penalty: int = 120
    cut_ritual: bool = False
    redeal_same_dealer: bool = True
    # Bidding
    min_raise: int = 5
    bid_step: int = 5
    no_jumps: bool = False
    bid_cap: int = 300
    bid_over_120_without_marriage: bool = False
    hide_talon_on_100: bool = True
    open_discard: bool = False
    silence_below: int | None = None
    # Play
    declare_on_first_lead: bool = False
    ace_marriage: bool = False
    must_beat: bool = False
    no_lead_foreign_trump: bool = False
    must_lead_trump: bool = False
    # Scoring
    round_to: int = 5
    round_declarer: bool = False
    samosval: bool = True
    negative_samosval: bool = False
    four_nines_bonus: bool = False
    # Bolts
    bolts: BoltMode = "total"
    bolt_counts_zero_points: bool = False
    no_bolt_on_own_game: bool = False
    bolts_on_barrel: bool = True
    # Barrel
    barrel: bool = True
    barrel_mode: BarrelMode = "finish"
    barrel_at: int = 880
    barrel_attempts: int = 3
    over_1000: bool = False
    barrel_bidding: BarrelBidding = "normal"
    barrel_knock_off: bool = True
    one_on_barrel: bool = True
    three_barrels_zero: bool = True
    barrel_freezes_defenders: bool = False
    # Redeal
    redeal_hand_below: int | None = 14
    redeal_four_nines: bool = True
    redeal_first_hand_three_nines: bool = True
    redeal_four_jacks: bool = False
    redeal_talon_below: int | None = 5
    redeal_two_nines_in_talon: bool = True
    redeal_four_nines_after_discard: bool = False
    redeal_only_on_100: bool = False
    # Concession
    write_off: bool = True
    write_off_60: bool = False
    write_off_free: bool = False
    write_off_limit: int | None = None
    write_off_third_penalty: bool = False
    write_off_on_barrel: bool = False
    write_off_on_golden: bool = False
    # Bomb (the Polish concession)
    bombs: int = 0
    bomb_points: int = 60
    # Golden round
    golden_round: bool = False
    golden_reset: bool = True
    golden_raise: bool = False
    golden_double_bolts: bool = True
    # Dark game
    dark_game: bool = False
    dark_hide_talon: bool = True
    dark_not_on_barrel: bool = True
    dark_write_off: bool = False
    dark_unblind: bool = True
    dark_unblind_takes_talon: bool = False
    dark_cap_240: bool = True
    dark_double_bolts: bool = True
    dark_min_total: int | None = None

    PRESETS: ClassVar[dict[str, dict[str, Any]]] = {
        "classic": {},
        "strict": {
            "no_jumps": True,
            "write_off_on_barrel": False,
            "bolts": "in_row",
            "ace_marriage": False,
        },
        "family": {
            "barrel_knock_off": False,
            "one_on_barrel": False,
            "redeal_hand_below": 20,
            "redeal_four_jacks": True,
            "redeal_four_nines_after_discard": True,
            "write_off_free": True,
        },
        "golden_dark": {"golden_round": True, "dark_game": True},
        "two_players": {"players": 2, "barrel": False},
        "four_players": {"players": 4},
        # The regional sets of CONVENTIONS.md ("Regional rule sets"): what each
        # changes from Classic. This is the one home of their values.
        "russian": {"negative_samosval": True},
        "ukrainian": {
            "barrel_bidding": "talon_to_barrel",
            "over_1000": True,
            "barrel_freezes_defenders": True,
            "write_off_60": True,
            "negative_samosval": True,
        },
        "polish": {
            "min_raise": 10,
            "bid_step": 10,
            "must_beat": True,
            "declare_on_first_lead": True,
            "round_to": 10,
            "barrel_at": 800,
            "barrel_mode": "declarer_only",
            "barrel_knock_off": False,
            "one_on_barrel": False,
            "three_barrels_zero": False,
            "bolts": "off",
            "samosval": False,
            "write_off": False,
            "bombs": 1,
            "bomb_points": 60,
            "redeal_hand_below": None,
            "redeal_first_hand_three_nines": False,
            "redeal_talon_below": None,
            "redeal_two_nines_in_talon": False,
        },
    }

    def __post_init__(self) -> None:
        issues = self.issues()
        if issues:
            raise ConventionsError(issues)

    # -- validation -------------------------------------------------------

    def problems(self) -> list[str]:
        """Every range or consistency problem of these values, in the engine's English."""
        return [str(p) for p in self.issues()]

    def issues(self) -> list[Problem]:
        """Every range or consistency problem of these values (empty when valid)."""
        p: list[Problem] = []
        for f in fields(self):
            err = _type_problem(f.name, _FIELD_RULES[f.name], getattr(self, f.name))
            if err:
                p.append(err)
        if p:
            return p

        def either(name: str, allowed: tuple[int, ...]) -> None:
            value = getattr(self, name)
            if value not in allowed:
                p.append(Problem("either", name, value=value, allowed=allowed))

        def multiple(name: str, step: int, lo: int, hi: int) -> None:
            value = getattr(self, name)
            if not (lo <= value <= hi and value % step == 0):
                p.append(Problem("multiple", name, value=value, step=step, lo=lo, hi=hi))

        def between(name: str, lo: int, hi: int, code: str = "between") -> None:
            value = getattr(self, name)
            if value is not None and not lo <= value <= hi:
                p.append(Problem(code, name, value=value, lo=lo, hi=hi))

        either("players", (2, 3, 4))
        multiple("target", 5, 100, 10000)
        multiple("penalty", 5, 0, 1000)
        either("min_raise", (5, 10))
        either("bid_step", (5, 10))
        multiple("bid_cap", 5, 120, 300)
        if self.bid_step == 10:
            # bid_step: every bid, contract and raise is a multiple of the step.
            for name in ("min_raise", "bid_cap", "target"):
                value = getattr(self, name)
                if value % 10:
                    p.append(Problem("step", name, value=value, step=10))
        either("round_to", (5, 10))
        between("bombs", 0, 10)
        multiple("bomb_points", 5, 0, 120)
        between("silence_below", -10000, 10000, "out_of_range")
        either("barrel_at", (800, 880, 900))
        between("barrel_attempts", 1, 10)
        if self.barrel:
            if self.target <= self.barrel_at:
                p.append(Problem("above", "target", value=self.target, need=self.barrel_at))
            if self.barrel_mode == "finish" and self.barrel_need() > self.bid_cap:
                p.append(Problem("barrel_need", "bid_cap", need=self.barrel_need()))
        if self.barrel_mode == "declarer_only":
            # barrel_mode=declarer_only has no barrel contract, no barrel bidding and
            # nobody standing still: these Russian-barrel options contradict it.
            mode = ("barrel_mode", "declarer_only")
            if self.over_1000:
                p.append(Problem("contradicts", "over_1000", mode[0], mode[1]))
            if self.barrel_bidding != "normal":
                p.append(Problem("must_be_with", "barrel_bidding", mode[0], mode[1]))
            if self.barrel_freezes_defenders:
                p.append(Problem("contradicts", "barrel_freezes_defenders", mode[0], mode[1]))
        between("redeal_hand_below", 0, 120)
        between("redeal_talon_below", 0, 33)
        between("write_off_limit", 1, 100)
        between("dark_min_total", -10000, 10000, "out_of_range")
        # Contradictory combinations: an option that only means something with
        # another one switched on.
        for opt, req in REQUIRES:
            if is_on(getattr(self, opt)) and not is_on(getattr(self, req)):
                p.append(Problem("needs", opt, req))
        if self.no_lead_foreign_trump and self.must_lead_trump:
            p.append(Problem("clash", "no_lead_foreign_trump", "must_lead_trump"))
        if (
            self.redeal_only_on_100
            and self.redeal_talon_below is None
            and not self.redeal_two_nines_in_talon
        ):
            p.append(Problem("needs_talon_redeal", "redeal_only_on_100"))
        return p

    def barrel_need(self) -> int:
        """The contract that takes a barrel player to the target (RULES §9, over_1000),
        at least 100, rounded up to a multiple of ``bid_step`` (barrel_mode=finish).

        >>> Conventions(over_1000=True).barrel_need(), Conventions(barrel_at=800).barrel_need()
        (125, 200)
        >>> Conventions(over_1000=True, bid_step=10, min_raise=10).barrel_need()
        130
        """
        need = self.target - self.barrel_at
        if self.over_1000:
            need += 5
        step = self.bid_step if self.bid_step in (5, 10) else 5  # (checked by problems())
        return -(-max(need, 100) // step) * step

    def unblind_bid(self) -> int:
        """dark_unblind: the bid that cancels a dark game, 120 + ``bid_step`` (125 or 130)."""
        return 120 + self.bid_step

    @property
    def finish_barrel(self) -> bool:
        """Whether the Russian barrel is in force (``barrel`` on, ``barrel_mode`` finish):
        capped at ``barrel_at``, a barrel contract, attempts, knock-off, falls."""
        return self.barrel and self.barrel_mode == "finish"

    # -- presets and JSON ---------------------------------------------------

    @classmethod
    def preset(cls, name: str) -> Conventions:
        """A named preset: classic, strict, family, golden_dark, two_players, four_players,
        and the regional sets russian, ukrainian, polish."""
        key = name.strip().lower().replace("-", "_").replace(" ", "_").replace("&", "")
        aliases = {
            "golden__dark": "golden_dark",
            "two": "two_players",
            "four": "four_players",
            "2": "two_players",
            "4": "four_players",
            "beginner": "family",
            "russian_classic": "russian",
            "tysiąc": "polish",
            "tysiac": "polish",
            "polish_tysiąc": "polish",
            "polish_tysiac": "polish",
        }
        key = aliases.get(key, key)
        if key not in cls.PRESETS:
            raise ConventionsError(
                [Problem("unknown_preset", value=name, allowed=tuple(cls.PRESETS))]
            )
        return cls(**cls.PRESETS[key])

    def with_players(self, players: int) -> Conventions:
        """These conventions at a table of ``players`` (the one place that says how).

        For 2 players the barrel is off (the catalogue: "on (off for 2 players)"),
        and so are the options that only mean something with it; 3 and 4 players
        keep the barrel as it is.

        >>> Conventions.preset("strict").with_players(2).barrel
        False
        """
        if players == self.players:
            return self
        changes: dict[str, Any] = {"players": players}
        if players == 2:
            changes.update(
                barrel=False,
                barrel_bidding="normal",
                over_1000=False,
                write_off_on_barrel=False,
                barrel_freezes_defenders=False,
            )
        return self.replace(**changes)

    @classmethod
    def for_players(cls, players: int | None, preset: str = "classic") -> Conventions:
        """A preset at a table of ``players`` (None: the preset's own number)."""
        conv = cls.preset(preset)
        return conv if players is None else conv.with_players(players)

    def replace(self, **changes: Any) -> Conventions:
        """A copy with some values changed (validated)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """All values as a plain dict (JSON-ready)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    def to_json(self) -> str:
        """JSON text of all values."""
        return json.dumps(self.to_dict(), sort_keys=True)

    def changes(self) -> dict[str, Any]:
        """Only the values that differ from the defaults (``from_dict`` restores them).

        For 2 players the default barrel is off, so ``players`` and ``barrel`` are
        compared with that default.
        """
        base = Conventions(players=2, barrel=False) if self.players == 2 else Conventions()
        out = {k: v for k, v in self.to_dict().items() if getattr(base, k) != v}
        if self.players != 3:
            out = {"players": self.players, **out}
        return out

    @classmethod
    def from_dict(cls, data: Any, base: Conventions | None = None) -> Conventions:
        """Validated conventions from a dict; missing keys take ``base``'s (Classic) values.

        ``barrel`` defaults to off when the dict sets 2 players and says nothing of
        the barrel (the catalogue: "on (off for 2 players)"). Every problem (unknown
        keys, wrong types, ranges, contradictions) is listed in one error.
        """
        if not isinstance(data, dict):
            raise ConventionsError([Problem("not_object", value=type(data).__name__)])
        problems: list[Problem] = []
        names = {f.name for f in fields(cls)}
        for k in data:
            if k not in names:
                problems.append(Problem("unknown", value=k))
        values = (base or cls()).to_dict()
        for k, v in data.items():
            if k in names:
                err = _type_problem(k, _FIELD_RULES[k], v)
                if err:
                    problems.append(err)
                else:
                    values[k] = v
        if values["players"] == 2 and "barrel" not in data and base is None:
            values["barrel"] = False  # barrel: off by default for 2 players
        # Range and consistency problems of the values that had the right type.
        draft = object.__new__(cls)
        for k, v in values.items():
            object.__setattr__(draft, k, v)
        problems.extend(draft.issues())
        if problems:
            raise ConventionsError(problems)
        return cls(**values)

    @classmethod
    def from_json(cls, text: str) -> Conventions:
        """Validated conventions from JSON text."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise ConventionsError([Problem("not_json", value=str(e))]) from None
        return cls.from_dict(data)


# Options that only mean something with another one switched on: setting the
# first without the second is a contradictory combination (ConventionsError).
REQUIRES: tuple[tuple[str, str], ...] = (
    ("write_off_60", "write_off"),
    ("write_off_free", "write_off"),
    ("write_off_third_penalty", "write_off"),
    ("write_off_on_barrel", "write_off"),
    ("write_off_on_golden", "write_off"),
    ("write_off_limit", "write_off"),
    ("write_off_on_barrel", "write_off_free"),
    ("write_off_on_golden", "write_off_free"),
    ("golden_raise", "golden_round"),
    ("write_off_on_golden", "golden_round"),
    ("dark_write_off", "dark_game"),
    ("dark_unblind_takes_talon", "dark_game"),
    ("dark_unblind_takes_talon", "dark_unblind"),
    ("dark_min_total", "dark_game"),
    ("negative_samosval", "samosval"),
    ("over_1000", "barrel"),
    ("write_off_on_barrel", "barrel"),
    ("barrel_bidding", "barrel"),
    ("bolt_counts_zero_points", "bolts"),
    ("no_bolt_on_own_game", "bolts"),
    ("barrel_freezes_defenders", "barrel"),
)


# Options that only matter while other ones are in force (a conventions editor
# greys them out meanwhile). Every pair of REQUIRES is here; so are the options
# that are on by default and simply have no effect without their parent.
MATTERS_WITH: dict[str, tuple[str, ...]] = {}
for _opt, _req in REQUIRES:
    MATTERS_WITH[_opt] = (*MATTERS_WITH.get(_opt, ()), _req)
for _opt, _req in (
    ("redeal_first_hand_three_nines", "redeal_four_nines"),
    ("golden_reset", "golden_round"),
    ("golden_double_bolts", "golden_round"),
    ("dark_hide_talon", "dark_game"),
    ("dark_not_on_barrel", "dark_game"),
    ("dark_unblind", "dark_game"),
    ("dark_cap_240", "dark_game"),
    ("dark_double_bolts", "dark_game"),
    ("bolts_on_barrel", "bolts"),
    ("barrel_mode", "barrel"),
    ("barrel_at", "barrel"),
    ("barrel_attempts", "barrel"),
    ("barrel_knock_off", "barrel"),
    ("one_on_barrel", "barrel"),
    ("three_barrels_zero", "barrel"),
    ("bomb_points", "bombs"),
    ("write_off_limit", "write_off"),
):
    if _req not in MATTERS_WITH.get(_opt, ()):
        MATTERS_WITH[_opt] = (*MATTERS_WITH.get(_opt, ()), _req)


def is_on(value: Any) -> bool:
    """Whether a convention value means "in force" (not off, none or normal; 0 is a value)."""
    return value is not False and value is not None and value not in ("normal", "off")


def _rule(tp: Any) -> tuple[str, tuple[Any, ...]]:
    """How a value of annotation ``tp`` is checked: (kind, allowed values)."""
    origin = typing.get_origin(tp)
    if origin is Literal:
        return "one of", typing.get_args(tp)
    if origin in (typing.Union, types.UnionType):
        return "int or none", ()
    if tp is bool:
        return "bool", ()
    if tp is int:
        return "int", ()
    raise TypeError(f"no check for a convention of type {tp!r}")


def _type_problem(name: str, rule: tuple[str, tuple[Any, ...]], v: Any) -> Problem | None:
    """Why ``v`` does not fit the field's ``rule`` (None when it does)."""
    kind, allowed = rule
    if kind == "one of":
        ok = v in allowed and isinstance(v, str)
        return None if ok else Problem("one_of", name, value=v, allowed=allowed)
    if kind == "bool":
        return None if isinstance(v, bool) else Problem("bool", name, value=v)
    if kind == "int or none" and v is None:
        return None
    ok = isinstance(v, int) and not isinstance(v, bool)
    return None if ok else Problem("whole", name, value=v)


def _field_types() -> dict[str, Any]:
    """Each field's annotation as a type: what ``typing.get_type_hints`` gives,
    with each distinct annotation text evaluated once (the ~70 fields share a
    handful; in Pyodide, compiling each field's text took ~10 ms of the import)."""
    evaluated: dict[str, Any] = {}
    out: dict[str, Any] = {}
    for f in fields(Conventions):
        text = f.type
        if not isinstance(text, str):
            out[f.name] = text
            continue
        if text not in evaluated:
            evaluated[text] = eval(text, globals())  # our own annotations, not input
        out[f.name] = evaluated[text]
    return out


_FIELD_TYPES: dict[str, Any] = _field_types()
#: Each field's check, worked out once (validation runs on every Conventions made).
_FIELD_RULES = {name: _rule(tp) for name, tp in _FIELD_TYPES.items()}
