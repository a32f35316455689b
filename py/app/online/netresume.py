"""The online table across a page reload: its journal in storage, and back. Pure.

A phone's browser often kills a background tab; the page comes back with
nothing in memory, and a peer's deal keys were only there. So after every
event that changed the peer (``update.KeepJournal``, before anything the
event made is sent) the page writes the peer's journal
(``thousand.net.journal``: its seed, how it was made, its events since the
last audited deal's snapshot) through ``app.shell.storage``. On load, ``load``
rebuilds the table: the same peer behind a lobby whose links are all gone;
``update.Reloaded`` then has the host make new invitations and the guest wait
for one (``docs/PROTOCOL.md``, the journal).

Keys: ``thousand.net`` holds the journal but its snapshot, and the page's own
part (the game id, the role, the online seats, the computer players' level,
the rules' name); the snapshot (written once per deal) goes to one of two
slots, ``thousand.net.snap.0``/``.1``, the new one first and then the journal
naming it, so a page killed between the two writes still finds a whole pair.
Anything unreadable is moved aside (``Store.move_aside``), never deleted, and
said; the saved game (the audited deals) is there either way.

>>> from thousand import Conventions
>>> from app.online.netplay import new_host
>>> from app.shell.storage import MemoryStorage, Store
>>> store = Store(MemoryStorage())
>>> s = new_host("Ann", Conventions(), [1])
>>> save(store, s) is None
True
>>> back, why = load(store)
>>> back.peer.token == s.peer.token and back.lobby.role == "host" and why is None
True
"""

from __future__ import annotations

from typing import Any

from app.online.mailbox import Box
from app.online.netplay import Lobby, NetSession, Seat
from app.shell.storage import LIMITS, NET_KEY, NET_SNAP_KEYS, Aside, Store
from app.table.session import LEVELS
from thousand.record import clean_name

SNAP_KEYS = NET_SNAP_KEYS
ALL_KEYS = (NET_KEY, *SNAP_KEYS)


def save(store: Store, s: NetSession) -> str | None:
    """Write the table's journal; the reason when it failed (quota, refused)."""
    j = s.journal
    if j is None:
        return None
    data = j.to_data()
    snap = data.pop("snapshot")
    done, slot = s.kept_snapshot
    if snap is not None and done != j.compactions:
        slot = 1 - slot if done >= 0 else 0
        err = store.write(SNAP_KEYS[slot], {"n": j.compactions, "snapshot": snap})
        if err is not None:
            return err
        s.kept_snapshot = (j.compactions, slot)
    data["snap"] = slot if snap is not None else None
    data["page"] = {
        "id": s.game_id,
        "role": s.lobby.role,
        "seats": [x.seat for x in s.lobby.seats],
        "level": s.bot_level,
        "rules": s.rules,
        "session": s.lobby.session if s.lobby.role == "guest" else "",
        # each seat's mailbox (the guest's own): the same link brings a friend back
        "boxes": [x.box for x in s.lobby.seats] if s.lobby.role == "host" else [s.lobby.box],
        "by": s.lobby.host_name,
    }
    return store.write(NET_KEY, data)


def _read(store: Store, key: str) -> tuple[Any, Aside | None]:
    """``Store.read`` with the journal's nesting (a snapshot nests its objects deeper
    than the other stored values may: ``thousand.net.journal.MAX_DEPTH``)."""
    text = store.get_text(key)
    if text is None:
        return None, None
    from thousand import safejson
    from thousand.net.journal import MAX_DEPTH  # (only when there is a journal)

    try:
        return safejson.loads(text, max_bytes=LIMITS[key], max_depth=MAX_DEPTH), None
    except ValueError as e:
        return None, store.move_aside(key, text, str(e))


def forget(store: Store) -> None:
    """The online table left the page: its journal goes."""
    for key in ALL_KEYS:
        store.remove(key)


def _page_part(x: Any, role: str) -> dict[str, Any] | None:
    if not isinstance(x, dict) or x.get("role") != role:
        return None
    seats, level, rules, gid = x.get("seats"), x.get("level"), x.get("rules"), x.get("id")
    if not isinstance(seats, list) or len(seats) > 3 or (role == "guest" and seats):
        return None
    if not all(type(k) is int and 0 <= k <= 3 for k in seats) or len(set(seats)) != len(seats):
        return None
    if level not in LEVELS or not isinstance(rules, str) or len(rules) > 60:
        return None
    if not isinstance(gid, str) or len(gid) > 64:
        return None
    if not isinstance(x.get("session"), str) or len(x["session"]) > 64:
        return None
    boxes = x.get("boxes", [])  # (a journal of a page without the mailbox has none)
    if not isinstance(boxes, list) or len(boxes) > 3:
        return None
    if not all(isinstance(b, str) and (not b or Box.from_param(b)) for b in boxes):
        return None
    x["boxes"] = boxes
    x["by"] = clean_name(x.get("by", ""))
    return x


def load(store: Store) -> tuple[NetSession | None, str | None]:
    """The online table the stored journal rebuilds (None when there is none), and
    why a stored one could not be used (it is moved aside)."""
    data, aside = _read(store, NET_KEY)
    if aside is not None:
        forget(store)
        return None, aside.reason
    if data is None:
        return None, None  # (the page starts without loading the online protocol)
    from thousand.net.journal import JournalError, rebuild

    why = ""
    snap: Any = None
    slot: Any = None
    page: dict[str, Any] | None = None
    if isinstance(data, dict):
        slot = data.pop("snap", None)
        page = _page_part(data.pop("page", None), str(data.get("role")))
        if page is None:
            why = "the page's part of the online game is not valid"
        elif slot is not None:
            if slot not in (0, 1):
                why = "the online game's snapshot is missing"
            else:
                got, bad = _read(store, SNAP_KEYS[slot])
                if bad is not None or not isinstance(got, dict) or "snapshot" not in got:
                    why = "the online game's snapshot is missing"
                else:
                    snap = got["snapshot"]
        data["snapshot"] = snap
    if not why:
        try:
            peer, journal = rebuild(data)
        except JournalError as e:
            why = e.why
    if why:
        text = store.get_text(NET_KEY) or ""
        store.move_aside(NET_KEY, text, why)
        for key in SNAP_KEYS:
            store.remove(key)
        return None, why
    assert page is not None
    boxes = page["boxes"]
    if page["role"] == "host":
        seats = [Seat(k, f"p{k}") for k in page["seats"]]
        for seat, box in zip(seats, boxes, strict=False):
            seat.box = box
        lobby = Lobby("host", seats)
    else:
        # the invitation it last answered (that link opened again is not answered twice)
        lobby = Lobby("guest", state="closed", session=page["session"])
        lobby.box = boxes[0] if boxes else ""
        lobby.host_name = page["by"]
    s = NetSession(peer, lobby, page["rules"], page["level"], journal=journal)
    if isinstance(slot, int):
        s.kept_snapshot = (journal.compactions, slot)
    return s, None
