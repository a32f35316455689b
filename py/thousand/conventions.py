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
from typing import Any, ClassVar, Literal

BoltMode = Literal["off", "total", "in_row"]
BarrelBidding = Literal["normal", "talon_to_barrel", "from_120"]
BarrelMode = Literal["finish", "declarer_only"]


class ConventionsError(ValueError):
    """Invalid conventions; ``problems`` lists every problem found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = list(problems)
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
        problems = self.problems()
        if problems:
            raise ConventionsError(problems)

    # -- validation -------------------------------------------------------

    def problems(self) -> list[str]:
        """Every range or consistency problem of these values (empty when valid)."""
        p: list[str] = []
        for f in fields(self):
            v = getattr(self, f.name)
            err = _type_problem(f.name, _FIELD_RULES[f.name], v)
            if err:
                p.append(err)
        if p:
            return p

        def need(cond: bool, msg: str) -> None:
            if not cond:
                p.append(msg)

        need(self.players in (2, 3, 4), f"players must be 2, 3 or 4, not {self.players}")
        need(
            100 <= self.target <= 10000 and self.target % 5 == 0,
            f"target must be a multiple of 5 from 100 to 10000, not {self.target}",
        )
        need(
            0 <= self.penalty <= 1000 and self.penalty % 5 == 0,
            f"penalty must be a multiple of 5 from 0 to 1000, not {self.penalty}",
        )
        need(self.min_raise in (5, 10), f"min_raise must be 5 or 10, not {self.min_raise}")
        need(self.bid_step in (5, 10), f"bid_step must be 5 or 10, not {self.bid_step}")
        need(
            120 <= self.bid_cap <= 300 and self.bid_cap % 5 == 0,
            f"bid_cap must be a multiple of 5 from 120 to 300, not {self.bid_cap}",
        )
        if self.bid_step == 10:
            # bid_step: every bid, contract and raise is a multiple of the step.
            for name in ("min_raise", "bid_cap", "target"):
                value = getattr(self, name)
                need(value % 10 == 0, f"{name} must be a multiple of bid_step 10, not {value}")
        need(self.round_to in (5, 10), f"round_to must be 5 or 10, not {self.round_to}")
        need(0 <= self.bombs <= 10, f"bombs must be 0 to 10, not {self.bombs}")
        need(
            0 <= self.bomb_points <= 120 and self.bomb_points % 5 == 0,
            f"bomb_points must be a multiple of 5 from 0 to 120, not {self.bomb_points}",
        )
        if self.silence_below is not None:
            need(
                -10000 <= self.silence_below <= 10000,
                f"silence_below out of range: {self.silence_below}",
            )
        need(
            self.barrel_at in (800, 880, 900),
            f"barrel_at must be 800, 880 or 900, not {self.barrel_at}",
        )
        need(
            1 <= self.barrel_attempts <= 10,
            f"barrel_attempts must be 1 to 10, not {self.barrel_attempts}",
        )
        if self.barrel:
            need(
                self.target > self.barrel_at,
                f"target {self.target} must lie above barrel_at {self.barrel_at}",
            )
            if self.barrel_mode == "finish":
                need(
                    self.barrel_need() <= self.bid_cap,
                    f"the barrel needs a contract of {self.barrel_need()}, above bid_cap",
                )
        if self.barrel_mode == "declarer_only":
            # barrel_mode=declarer_only has no barrel contract, no barrel bidding and
            # nobody standing still: these Russian-barrel options contradict it.
            if self.over_1000:
                p.append("over_1000 contradicts barrel_mode declarer_only")
            if self.barrel_bidding != "normal":
                p.append("barrel_bidding must be normal with barrel_mode declarer_only")
            if self.barrel_freezes_defenders:
                p.append("barrel_freezes_defenders contradicts barrel_mode declarer_only")
        if self.redeal_hand_below is not None:
            need(
                0 <= self.redeal_hand_below <= 120,
                f"redeal_hand_below must be 0 to 120, not {self.redeal_hand_below}",
            )
        if self.redeal_talon_below is not None:
            need(
                0 <= self.redeal_talon_below <= 33,
                f"redeal_talon_below must be 0 to 33, not {self.redeal_talon_below}",
            )
        if self.write_off_limit is not None:
            need(
                1 <= self.write_off_limit <= 100,
                f"write_off_limit must be 1 to 100, not {self.write_off_limit}",
            )
        if self.dark_min_total is not None:
            need(
                -10000 <= self.dark_min_total <= 10000,
                f"dark_min_total out of range: {self.dark_min_total}",
            )
        # Contradictory combinations: an option that only means something with
        # another one switched on.
        for opt, req in REQUIRES:
            if _is_on(getattr(self, opt)) and not _is_on(getattr(self, req)):
                p.append(f"{opt} needs {req}")
        if self.no_lead_foreign_trump and self.must_lead_trump:
            p.append("no_lead_foreign_trump and must_lead_trump contradict each other")
        if (
            self.redeal_only_on_100
            and self.redeal_talon_below is None
            and not self.redeal_two_nines_in_talon
        ):
            p.append("redeal_only_on_100 needs a talon-based redeal")
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
            raise ConventionsError([f"unknown preset {name!r}; presets: {', '.join(cls.PRESETS)}"])
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
            kind = type(data).__name__
            raise ConventionsError([f"conventions must be a JSON object, not {kind}"])
        problems: list[str] = []
        names = {f.name for f in fields(cls)}
        for k in data:
            if k not in names:
                problems.append(f"unknown convention {k!r}")
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
        problems.extend(draft.problems())
        if problems:
            raise ConventionsError(problems)
        return cls(**values)

    @classmethod
    def from_json(cls, text: str) -> Conventions:
        """Validated conventions from JSON text."""
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise ConventionsError([f"not JSON: {e}"]) from None
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
    return _is_on(value)


def _is_on(value: Any) -> bool:
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


def _type_problem(name: str, rule: tuple[str, tuple[Any, ...]], v: Any) -> str | None:
    """Why ``v`` does not fit the field's ``rule`` (None when it does)."""
    kind, allowed = rule
    if kind == "one of":
        return (
            None
            if v in allowed and isinstance(v, str)
            else f"{name} must be one of {', '.join(map(str, allowed))}, not {v!r}"
        )
    if kind == "bool":
        return None if isinstance(v, bool) else f"{name} must be true or false, not {v!r}"
    if kind == "int or none" and v is None:
        return None
    ok = isinstance(v, int) and not isinstance(v, bool)
    return None if ok else f"{name} must be a whole number, not {v!r}"


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
