"""Who sits where: the New game dialog's seats, and each seat's name at the table. Pure.

The dialog keeps a *setup*: ``{"players": 3, "preset": "classic", "level":
"normal", "kinds": [...4 kinds], "names": [...4 names]}``. Each seat's kind is
one of ``session.SEAT_KINDS``: ``human`` (you), ``local`` (another person at this
device: pass-and-play), or a computer player's level; the *level* radio sets every
computer seat at once. Names are remembered with the setup (at most
``thousand.record.MAX_NAME`` characters, control characters dropped; the page
writes them as text, never as markup).

>>> s = read_setup(None, {})
>>> s = change(s, "kind", "local", seat=1)
>>> s = change(s, "name", " Olena ", seat=1)
>>> kinds(s), names(s)
(['human', 'local', 'normal'], ['', 'Olena', ''])
>>> start_problem(s)
''
>>> start_problem(change(change(s, "kind", "easy", seat=0), "kind", "normal", seat=1))
'no_person'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from app.shell.i18n import t
from app.table.session import DEFAULT_LEVEL, HERE, LEVELS, Session
from app.table.view import default_names
from thousand.record import clean_name

#: The most seats a table has.
MAX_SEATS = 4
#: The kinds the dialog offers: the local ones and a player online.
SETUP_KINDS = (*HERE, "online", *LEVELS)


def default_setup() -> dict[str, Any]:
    """The dialog's choices before the player made any."""
    return {
        "players": 3,
        "preset": "classic",
        "level": DEFAULT_LEVEL,
        "kinds": ["human"] + [DEFAULT_LEVEL] * (MAX_SEATS - 1),
        "names": [""] * MAX_SEATS,
    }


def read_setup(
    stored: Any, params: Mapping[str, str], presets: Sequence[str] = ()
) -> dict[str, Any]:
    """The setup remembered (``stored``, any JSON: checked here), then the page's URL
    parameters (``players``, ``preset``, ``level``) over it."""
    setup = default_setup()
    known = set(presets)
    if isinstance(stored, dict):
        if stored.get("players") in (2, 3, 4):
            setup["players"] = stored["players"]
        if isinstance(stored.get("preset"), str) and (not known or stored["preset"] in known):
            setup["preset"] = stored["preset"]
        if stored.get("level") in LEVELS:
            setup["level"] = stored["level"]
            setup["kinds"] = ["human"] + [stored["level"]] * (MAX_SEATS - 1)
        got = stored.get("kinds")
        if isinstance(got, list) and len(got) == MAX_SEATS and all(k in SETUP_KINDS for k in got):
            setup["kinds"] = list(got)
        got = stored.get("names")
        if isinstance(got, list) and len(got) == MAX_SEATS:
            setup["names"] = [clean_name(x) for x in got]
    p = params.get("players")
    if p in ("2", "3", "4"):
        setup["players"] = int(p)
    preset = params.get("preset")
    if preset and (not known or preset in known) and not preset.startswith("user:"):
        setup["preset"] = preset
    level = params.get("level")
    if level in LEVELS:
        setup = change(setup, "level", level)
    return setup


def stored(setup: Mapping[str, Any]) -> dict[str, Any]:
    """What is remembered of a setup."""
    return {k: setup[k] for k in ("players", "preset", "level", "kinds", "names")}


def change(setup: Mapping[str, Any], name: str, value: str, seat: int = -1) -> dict[str, Any]:
    """The setup after the player changed one control (anything invalid is ignored)."""
    out = {**setup, "kinds": list(setup["kinds"]), "names": list(setup["names"])}
    if name == "players" and value in ("2", "3", "4"):
        out["players"] = int(value)
    elif name == "level" and value in LEVELS:
        out["level"] = value
        out["kinds"] = [value if k in LEVELS else k for k in out["kinds"]]
    elif name == "preset" and value:
        out["preset"] = value
    elif name == "kind" and value in SETUP_KINDS and 0 <= seat < MAX_SEATS:
        if value == "human":  # one seat is yours: the one you were in becomes another person's
            out["kinds"] = ["local" if k == "human" else k for k in out["kinds"]]
        out["kinds"][seat] = value
    elif name == "name" and 0 <= seat < MAX_SEATS:
        out["names"][seat] = clean_name(value)
    return out


def kinds(setup: Mapping[str, Any], online: bool = False) -> list[str]:
    """Each seat's kind at the table the setup starts (exactly one ``human`` when any
    person sits: the first person's seat, if the player left none marked as theirs).
    A table on this device alone (``online`` False) seats a computer player where
    the setup asked for a player online."""
    got = list(setup["kinds"][: setup["players"]])
    if not online:
        got = [setup["level"] if k == "online" else k for k in got]
    if "human" not in got and "local" in got:
        got[got.index("local")] = "human"
    return got


def names(setup: Mapping[str, Any]) -> list[str]:
    """Each seat's name at the table the setup starts ("" for the default)."""
    return list(setup["names"][: setup["players"]])


def start_problem(setup: Mapping[str, Any]) -> str:
    """Why a game cannot start with this setup (a catalogue key), or ""."""
    return "" if any(k in HERE for k in kinds(setup)) else "no_person"


def names_of(session: Session, lang: str) -> tuple[str, ...]:
    """Each seat's name at the table. With one person: "You" and the others by where
    they sit. With several people at the device, where they sit changes as the device
    passes, so every seat keeps one name: the person's own (else "Player N"), and
    "Computer N" for a computer player. A practice (``app.replay.practice``) keeps the
    names of the replay it came from."""
    practice = getattr(session, "practice", None)
    if practice is not None:
        return tuple(practice.names(lang))
    if len(session.people) <= 1:
        return default_names(session.n, session.human, lang)
    return tuple(
        session.names[s] or t(lang, "player_n" if session.is_person(s) else "computer_n", n=s + 1)
        for s in range(session.n)
    )


def speaker(session: Session) -> int:
    """The seat spoken to as "you" (none behind the privacy screen: -1)."""
    return -1 if session.screened else session.human
