"""Everything the page keeps in ``localStorage``, behind one door.

Every key the page uses is named here. Reading goes through ``Store.read``:
the text is size- and depth-checked before it is parsed (``thousand.safejson``:
cheap, no recursion, so a hostile value can neither crash the runtime nor hang
it), and anything that cannot be used is moved aside under ``<key>.corrupt``
(``.corrupt.2`` ...), never deleted: whole if it fits, else its head, and the
message says truthfully which. Writing goes through ``Store.write``, which
reports a refused or failed write instead of raising. Views never touch
storage; the glue shows what these functions report.

Storage is any object with ``getItem``/``setItem``/``removeItem``
(``window.localStorage`` in the browser, ``MemoryStorage`` in tests and where
the browser refuses storage).

>>> s = Store(MemoryStorage())
>>> s.write(LANG_KEY, "uk") is None
True
>>> s.read(LANG_KEY)
('uk', None)
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass
from typing import Any, Protocol

from thousand import safejson

PREFIX = "thousand."
SAVE_KEY = PREFIX + "save"  # the game in progress (autosave)
LANG_KEY = PREFIX + "lang"
SETUP_KEY = PREFIX + "setup"  # the new-game dialog's last choices
RULES_KEY = PREFIX + "rules"  # the conventions editor's last state
RULESETS_KEY = PREFIX + "rulesets"  # the player's own rule sets
SAVES_KEY = PREFIX + "saves"  # games kept side by side
STATS_KEY = PREFIX + "stats"
ICE_KEY = PREFIX + "ice"  # online: the ICE servers the player set (a list of URLs)
RELAYS_KEY = PREFIX + "relays"  # online: the mailbox's Nostr relays the player set
NAME_KEY = PREFIX + "name"  # online: the name this player joined a friend's table with
LESSON_KEY = PREFIX + "lesson"  # Learn to play: the lesson's progress (app.lessons.lesson.progress)
NET_KEY = PREFIX + "net"  # online: the table's journal, to rebuild it after a reload
NET_SNAP_KEYS = (PREFIX + "net.snap.0", PREFIX + "net.snap.1")  # ... its snapshot's two slots

#: Per key: the largest text that is read at all (a 60-deal save is ~40 KB).
LIMITS: dict[str, int] = {
    SAVE_KEY: 600_000,
    LANG_KEY: 100,
    SETUP_KEY: 4_000,
    RULES_KEY: 20_000,
    RULESETS_KEY: 200_000,
    SAVES_KEY: 3_000_000,
    STATS_KEY: 50_000,
    LESSON_KEY: 2_000,
    NET_KEY: 2_000_000,  # a deal's messages (~60 KB) and the page's part
    NET_SNAP_KEYS[0]: 2_000_000,  # the peer after the last audited deal (~100 KB)
    NET_SNAP_KEYS[1]: 2_000_000,
}
MAX_DEPTH = 16
ASIDE_SLOTS = 20  # corrupt copies kept per key; more are reported, never overwritten
HEAD_CHARS = 64_000  # what is kept of a corrupt value too large to keep whole
MESSAGE_CHARS = 160  # the longest reason a message quotes


class Storage(Protocol):
    """The part of the Web Storage API the page uses."""

    def getItem(self, key: str) -> str | None: ...
    def setItem(self, key: str, value: str) -> None: ...
    def removeItem(self, key: str) -> None: ...


class MemoryStorage:
    """A dict-backed Storage (tests; the fallback where the browser refuses storage).

    ``quota`` (characters over all keys) makes writes fail like a full
    ``localStorage`` does.
    """

    def __init__(self, quota: int | None = None) -> None:
        self.data: dict[str, str] = {}
        self.quota = quota

    def getItem(self, key: str) -> str | None:
        """The stored text or None."""
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        """Store a text (``QuotaError`` when it does not fit)."""
        value = str(value)
        if self.quota is not None:
            used = sum(len(k) + len(v) for k, v in self.data.items() if k != key)
            if used + len(key) + len(value) > self.quota:
                raise QuotaError("the storage is full")
        self.data[key] = value

    def removeItem(self, key: str) -> None:
        """Forget a key."""
        self.data.pop(key, None)


class QuotaError(Exception):
    """MemoryStorage's stand-in for the browser's QuotaExceededError."""


@dataclass(frozen=True)
class Aside:
    """What became of a value that could not be used: where it went and how much."""

    reason: str
    key: str | None  # the key it was kept under (None: lost)
    kept: str  # "whole", "head" or "none"
    kb: int = 0  # KB kept when only the head was


def _short(text: str) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= MESSAGE_CHARS else text[: MESSAGE_CHARS - 1] + "…"


class Store:
    """``localStorage`` with size and depth checks, moving bad values aside.

    ``refused`` is set when the browser refuses storage altogether (the
    getter or ``getItem`` throws); the page then plays on without saving and
    says so once.
    """

    def __init__(self, backend: Storage | None) -> None:
        self.refused = backend is None
        self.backend: Storage = backend if backend is not None else MemoryStorage()
        if backend is not None:
            try:
                backend.getItem(LANG_KEY)
            except Exception:
                self.refused = True
                self.backend = MemoryStorage()

    # -- raw text ---------------------------------------------------------------

    def get_text(self, key: str) -> str | None:
        """The stored text (None when absent or unreadable)."""
        try:
            v = self.backend.getItem(key)
        except Exception:
            return None
        return v if isinstance(v, str) else None

    def set_text(self, key: str, text: str) -> str | None:
        """Store text; the reason when it could not be stored, else None."""
        if self.refused:
            return "storage refused"
        try:
            self.backend.setItem(key, text)
        except Exception as e:
            return _short(str(e) or type(e).__name__)
        return None

    def remove(self, key: str) -> None:
        """Forget a key (errors ignored: nothing to lose)."""
        with contextlib.suppress(Exception):
            self.backend.removeItem(key)

    # -- JSON ---------------------------------------------------------------------

    def read(self, key: str) -> tuple[Any, Aside | None]:
        """The parsed value (None when absent); a value that cannot be parsed is
        moved aside and reported."""
        text = self.get_text(key)
        if text is None:
            return None, None
        try:
            return safejson.loads(
                text, max_bytes=LIMITS.get(key, 100_000), max_depth=MAX_DEPTH
            ), None
        except ValueError as e:
            return None, self.move_aside(key, text, str(e))

    def write(self, key: str, value: Any) -> str | None:
        """Store a value as compact JSON; the reason when it failed, else None."""
        text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
        return self.set_text(key, text)

    def move_aside(self, key: str, text: str, reason: str) -> Aside:
        """Keep a value that cannot be used under ``<key>.corrupt[.N]``, then clear ``key``.

        The whole text if the storage takes it (the original is removed first,
        which frees its room), else its head; an existing aside copy is never
        overwritten. The report says what was kept.
        """
        reason = _short(reason)
        slot = None
        for n in range(1, ASIDE_SLOTS + 1):
            cand = f"{key}.corrupt" if n == 1 else f"{key}.corrupt.{n}"
            if self.get_text(cand) is None:
                slot = cand
                break
        self.remove(key)
        if slot is None:
            return Aside(reason, None, "none")
        if self.set_text(slot, text) is None:
            return Aside(reason, slot, "whole")
        head = text[:HEAD_CHARS]
        if self.set_text(slot, head) is None:
            return Aside(reason, slot, "head", kb=max(1, len(head) // 1000))
        return Aside(reason, None, "none")
