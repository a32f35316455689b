"""The conventions editor's structure: its groups in the order players think about
the rules, the group of each convention, the values a choice offers, the regional
rule sets. Every word of it (group titles, each convention's label and one-line
explanation, value and rule set names) is in the catalogues (``locale/*.po``:
``group.<id>``, ``conv.<id>``, ``conv.<id>.help``, ``value.<id>.<value>``,
``preset.<id>``), written in the players' own words, never in engine notation.
``docs/CONVENTIONS.md`` is the reference for every id; the values of every preset
live in one place, ``thousand.conventions.Conventions.PRESETS``.

>>> from app.shell.i18n import t
>>> t("uk", "conv.barrel")
'Бочка'
"""

from __future__ import annotations

Value = bool | int | str | None
"""A convention value as the engine stores it."""

GROUPS: tuple[str, ...] = (
    "deal",
    "bidding",
    "talon",
    "play",
    "scoring",
    "bolts",
    "barrel",
    "special",
    "table",
)
"""The editor's groups, in the order players think about the rules (``group.<id>``)."""

CONVENTION_GROUP: dict[str, str] = {
    # deal and redeal
    "cut_ritual": "deal",
    "redeal_same_dealer": "deal",
    "redeal_hand_below": "deal",
    "redeal_four_nines": "deal",
    "redeal_first_hand_three_nines": "deal",
    "redeal_four_jacks": "deal",
    "redeal_talon_below": "deal",
    "redeal_two_nines_in_talon": "deal",
    "redeal_four_nines_after_discard": "deal",
    "redeal_only_on_100": "deal",
    # bidding
    "min_raise": "bidding",
    "bid_step": "bidding",
    "no_jumps": "bidding",
    "bid_cap": "bidding",
    "bid_over_120_without_marriage": "bidding",
    "silence_below": "bidding",
    # talon and passing cards
    "hide_talon_on_100": "talon",
    "open_discard": "talon",
    # play and marriages
    "declare_on_first_lead": "play",
    "ace_marriage": "play",
    "must_beat": "play",
    "no_lead_foreign_trump": "play",
    "must_lead_trump": "play",
    # scoring and concession
    "round_to": "scoring",
    "round_declarer": "scoring",
    "four_nines_bonus": "scoring",
    "write_off": "scoring",
    "write_off_60": "scoring",
    "write_off_free": "scoring",
    "write_off_limit": "scoring",
    "write_off_third_penalty": "scoring",
    "write_off_on_barrel": "scoring",
    "write_off_on_golden": "scoring",
    "bombs": "scoring",
    "bomb_points": "scoring",
    # bolts
    "bolts": "bolts",
    "bolt_counts_zero_points": "bolts",
    "no_bolt_on_own_game": "bolts",
    "bolts_on_barrel": "bolts",
    # barrel
    "barrel": "barrel",
    "barrel_mode": "barrel",
    "barrel_at": "barrel",
    "barrel_attempts": "barrel",
    "over_1000": "barrel",
    "barrel_bidding": "barrel",
    "barrel_knock_off": "barrel",
    "one_on_barrel": "barrel",
    "three_barrels_zero": "barrel",
    "barrel_freezes_defenders": "barrel",
    # golden round and dark game
    "golden_round": "special",
    "golden_reset": "special",
    "golden_raise": "special",
    "golden_double_bolts": "special",
    "dark_game": "special",
    "dark_hide_talon": "special",
    "dark_not_on_barrel": "special",
    "dark_write_off": "special",
    "dark_unblind": "special",
    "dark_unblind_takes_talon": "special",
    "dark_cap_240": "special",
    "dark_double_bolts": "special",
    "dark_min_total": "special",
    # table and end of game
    "players": "table",
    "target": "table",
    "penalty": "table",
    "samosval": "table",
    "negative_samosval": "table",
}

CHOICES: dict[str, tuple[str, ...]] = {
    "players": ("2", "3", "4"),
    "min_raise": ("5", "10"),
    "bid_step": ("5", "10"),
    "round_to": ("5", "10"),
    "barrel_at": ("800", "880", "900"),
    "bolts": ("off", "total", "in_row"),
    "barrel_bidding": ("normal", "talon_to_barrel", "from_120"),
    "barrel_mode": ("finish", "declarer_only"),
}
"""The values a choice convention offers, as text (``value.<id>.<value>``)."""

REGIONAL_PRESETS: tuple[str, ...] = ("russian", "ukrainian", "polish")
"""The regional rule sets among the presets (docs/CONVENTIONS.md "Regional rule sets");
their values are ``Conventions.PRESETS[name]``."""
