"""The player's own things kept in the browser: rule sets, saved games, statistics.

Pure Python over ``storage.Store`` (tested in CPython with a fake storage):

* **Rule sets**: the engine's presets (``Conventions.PRESETS``, the one home of
  their values) plus the player's own sets, each a name and the conventions
  that differ from Classic. Exported and imported as a small JSON file
  (``{"format": "thousand-rules", "version": 1, "name": ..., "conventions": {...}}``).
* **Saved games**: games kept side by side besides the one on the table (which
  the autosave keeps); starting a new game keeps the current one here.
* **Statistics**: per table size and level, games and wins; deals, points,
  contracts made, bolts, barrels, undos. Updated from the score sheet, each row
  counted once per game.

Every read goes through the store's checks: a corrupt value is moved aside and
reported, never deleted. Names are the player's text: views escape them.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from app.shell.storage import RULES_KEY, RULESETS_KEY, SAVES_KEY, STATS_KEY, Aside, Store
from app.table.session import LEVELS
from thousand import Conventions
from thousand.conventions import ConventionsError

RULES_FORMAT = "thousand-rules"
PRESET_ORDER = tuple(Conventions.PRESETS)  # the engine's order: classic first, regional last
MAX_NAME = 60
MAX_SETS = 50
MAX_SAVES = 30


def clean_name(name: object, fallback: str = "") -> str:
    """A player's name for a set or a game: text, one line, at most 60 characters."""
    if not isinstance(name, str):
        return fallback
    text = " ".join(name.split())[:MAX_NAME]
    return text or fallback


# -- rule sets -----------------------------------------------------------------------------


@dataclass(frozen=True)
class RuleSet:
    """A named set of conventions: a built-in preset or the player's own."""

    id: str  # the preset name, or "user:<n>"
    name: str  # the player's name (user sets); built-ins are named by the page
    changes: dict[str, Any]  # what differs from Classic (Conventions.changes())
    builtin: bool = False

    def conventions(self) -> Conventions:
        """The conventions of this set (validated)."""
        return Conventions.from_dict(self.changes)


# Made once, as the module is imported (so a restored page has them: validating the
# 18 presets' conventions took 12-19 ms of its first visit).
_BUILTIN_SETS = tuple(RuleSet(p, "", Conventions.preset(p).changes(), True) for p in PRESET_ORDER)


def builtin_sets() -> list[RuleSet]:
    """The engine's presets in the order the page lists them."""
    return list(_BUILTIN_SETS)


def user_sets(store: Store) -> tuple[list[RuleSet], Aside | None]:
    """The player's own sets (invalid entries are dropped, the stored text kept aside)."""
    data, aside = store.read(RULESETS_KEY)
    out: list[RuleSet] = []
    if isinstance(data, list):
        for item in data[:MAX_SETS]:
            if not isinstance(item, dict) or not isinstance(item.get("id"), str):
                continue
            try:
                conv = Conventions.from_dict(item.get("conventions", {}))
            except ConventionsError:
                continue
            name = clean_name(item.get("name"), "—")
            out.append(RuleSet(item["id"][:40], name, conv.changes()))
    elif data is not None and aside is None:
        aside = store.move_aside(RULESETS_KEY, store.get_text(RULESETS_KEY) or "", "not a list")
    return out, aside


def sets_value(sets: list[RuleSet]) -> list[dict[str, Any]]:
    """The player's own sets as stored."""
    return [{"id": s.id, "name": s.name, "conventions": s.changes} for s in sets if not s.builtin]


def new_set_id(sets: list[RuleSet]) -> str:
    """An id no set has."""
    used = {s.id for s in sets}
    n = 1
    while f"user:{n}" in used:
        n += 1
    return f"user:{n}"


def export_set(name: str, conv: Conventions) -> dict[str, Any]:
    """A rule set as the small JSON file the page downloads."""
    return {
        "format": RULES_FORMAT,
        "version": 1,
        "name": clean_name(name, "1000"),
        "conventions": conv.changes(),
    }


def import_set(data: Any) -> tuple[str, Conventions]:
    """A rule set file's name and conventions; ``ValueError`` says what is wrong."""
    if not isinstance(data, dict) or data.get("format") != RULES_FORMAT:
        raise ValueError("not a rule set of 1000")
    if type(data.get("version")) is not int or data["version"] != 1:
        raise ValueError("unsupported rule set version")
    try:
        conv = Conventions.from_dict(data.get("conventions", {}))
    except ConventionsError as e:
        raise ValueError("; ".join(e.problems[:3])[:300]) from None
    return clean_name(data.get("name"), "1000"), conv


def load_draft(store: Store) -> tuple[dict[str, Any] | None, Aside | None]:
    """The conventions editor's last state: ``{"base": id, "values": {...}}``."""
    data, aside = store.read(RULES_KEY)
    if isinstance(data, dict) and isinstance(data.get("values"), dict):
        return data, aside
    return None, aside


def draft_value(base: str, values: dict[str, Any]) -> dict[str, Any]:
    """The conventions editor's state as stored."""
    return {"base": base, "values": values}


# -- saved games -------------------------------------------------------------------------


@dataclass(frozen=True)
class SavedGame:
    """A game kept besides the one on the table."""

    id: str
    name: str
    date: float  # seconds since the epoch, when it was last played
    players: int
    rules: str  # the rule set's name as shown when it was saved
    totals: tuple[int, ...]
    save: dict[str, Any]  # the session's save (replayed when continued)


def saved_games(store: Store) -> tuple[list[SavedGame], Aside | None]:
    """The games kept side by side, newest first."""
    data, aside = store.read(SAVES_KEY)
    out: list[SavedGame] = []
    if isinstance(data, list):
        for item in data[:MAX_SAVES]:
            try:
                out.append(
                    SavedGame(
                        str(item["id"])[:64],
                        clean_name(item.get("name"), "—"),
                        float(item.get("date", 0)),
                        int(item["players"]),
                        clean_name(item.get("rules"), ""),
                        tuple(int(x) for x in item.get("totals", ())),
                        dict(item["save"]),
                    )
                )
            except (KeyError, TypeError, ValueError):
                continue
    elif data is not None and aside is None:
        aside = store.move_aside(SAVES_KEY, store.get_text(SAVES_KEY) or "", "not a list")
    out.sort(key=lambda g: -g.date)
    return out, aside


def write_saved_games(store: Store, games: list[SavedGame]) -> str | None:
    """Write the list; the reason when it failed."""
    return store.write(
        SAVES_KEY,
        [
            {
                "id": g.id,
                "name": g.name,
                "date": g.date,
                "players": g.players,
                "rules": g.rules,
                "totals": list(g.totals),
                "save": g.save,
            }
            for g in games[:MAX_SAVES]
        ],
    )


def keep_game(store: Store, game: SavedGame) -> str | None:
    """Put a game into the list (replacing the entry with its id)."""
    games, _ = saved_games(store)
    games = [g for g in games if g.id != game.id]
    games.insert(0, game)
    return write_saved_games(store, games)


def drop_game(store: Store, game_id: str) -> str | None:
    """Remove a game from the list."""
    games, _ = saved_games(store)
    return write_saved_games(store, [g for g in games if g.id != game_id])


def now() -> float:
    """The time a game is stamped with."""
    return time.time()


# -- statistics ----------------------------------------------------------------------------

EMPTY_STATS: dict[str, Any] = {
    "tables": {},  # "3-normal": {"games": n, "wins": n}
    "deals": 0,
    "points": 0,  # the human's score changes, summed
    "declared": 0,
    "made": 0,
    "bolts": 0,
    "barrels": 0,  # deals played on the barrel
    "undos": 0,
    "counted": {},  # game id -> sheet rows already counted (and "over" once finished)
    "people": {},  # pass-and-play: a named person -> {"games", "wins", "deals", "points"}
}
#: At most this many people keep statistics of their own (the oldest names go first).
MAX_PEOPLE = 40


def fresh_stats() -> dict[str, Any]:
    """Statistics with nothing counted yet."""
    return {k: (dict(v) if isinstance(v, dict) else v) for k, v in EMPTY_STATS.items()}


def load_stats(store: Store) -> tuple[dict[str, Any], Aside | None]:
    """The statistics (empty ones when none or unreadable)."""
    data, aside = store.read(STATS_KEY)
    stats = fresh_stats()
    if isinstance(data, dict):
        for k, v in data.items():
            if k in stats and type(v) is type(stats[k]):
                stats[k] = v
    elif data is not None and aside is None:
        aside = store.move_aside(STATS_KEY, store.get_text(STATS_KEY) or "", "not an object")
    fields = ("games", "wins", "deals", "points")
    stats["people"] = {
        name[:20]: {f: p[f] if type(p.get(f)) is int else 0 for f in fields}
        for name, p in list(stats["people"].items())[:MAX_PEOPLE]
        if isinstance(name, str) and isinstance(p, dict)
    }
    return stats, aside


def count_game(stats: dict[str, Any], session: Any) -> bool:
    """Add the session's newly finished deals (and its end) to ``stats``; True if changed.
    A practice (``app.replay.practice``) and a lesson (``app.page.lesson_page``) are never
    counted."""
    if getattr(session, "practice", None) is not None or str(session.game_id).startswith("lesson-"):
        return False
    sid = session.game_id
    counted = stats["counted"]
    done = counted.get(sid, {"rows": 0, "over": False, "undos": 0})
    rows = session.state.rows
    changed = False
    h = session.owner  # the page's owner (in pass-and-play the device changes hands)
    named = [
        (s, session.names[s]) for s in session.people if s != h and session.names[s]
    ]  # the other people at this device, each by name
    people = stats["people"]
    for r in rows[done["rows"] :]:
        if r.kind == "redeal":
            continue
        for s, name in named:
            p = people.setdefault(name, {"games": 0, "wins": 0, "deals": 0, "points": 0})
            p["deals"] += 1
            p["points"] += r.deltas[s]
        stats["deals"] += 1
        stats["points"] += r.deltas[h]
        if r.declarer == h:
            stats["declared"] += 1
            stats["made"] += 1 if r.made else 0
        if r.bolts and r.bolts[h]:
            stats["bolts"] += 1
        if r.barrel and r.barrel[h]:
            stats["barrels"] += 1
        changed = True
    done["rows"] = len(rows)
    if session.undos > done.get("undos", 0):
        stats["undos"] += session.undos - done.get("undos", 0)
        done["undos"] = session.undos
        changed = True
    if session.state.is_terminal() and not done["over"]:
        levels = [lv for lv in session.levels if lv in LEVELS]
        key = f"{session.n}-{levels[0] if levels else 'people'}"
        table = stats["tables"].setdefault(key, {"games": 0, "wins": 0})
        table["games"] += 1
        table["wins"] += 1 if session.state.winner == h else 0
        for s, name in named:
            p = people.setdefault(name, {"games": 0, "wins": 0, "deals": 0, "points": 0})
            p["games"] += 1
            p["wins"] += 1 if session.state.winner == s else 0
        done["over"] = True
        changed = True
    counted[sid] = done
    for name in list(people)[: max(0, len(people) - MAX_PEOPLE)]:
        people.pop(name)
    if len(counted) > 200:  # keep the bookkeeping small: forget the oldest finished games
        for k in [k for k, v in counted.items() if v.get("over")][: len(counted) - 200]:
            counted.pop(k)
    return changed
