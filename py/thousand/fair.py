"""Deals nobody rigs after the fact: each deal's seed committed before it, revealed after.

Against computer players and on one shared device the page shuffles. So that it
cannot pick a deal after it has seen what anyone does, every deal comes from a seed
fixed at the game's start and shown, as a hash, before the deal is played:

* A game has a **secret**: 32 random bytes (hex), kept in the page's save, never in
  a record or a share link.
* Deal ``k`` (the ``k``-th entry of the record, counting redeals: ``k`` sheet rows
  come before it) is shuffled by ``random.Random(seed)`` with
  ``seed = deal_seed(secret, k)``, an HMAC-SHA256 of ``"deal:k"`` under the secret: a
  revealed seed says nothing about the seeds of later deals.
* Before the deal the page shows ``commitment(seed)``, the SHA-256 of
  ``"thousand-deal-v1:" + seed`` (``short`` gives its first 16 hex digits, as the
  page shows it).
* A record's deal carries ``"fair": {"commit": C}`` while it is played and
  ``"fair": {"commit": C, "seed": S}`` once it is over (``attach``).
* ``verify(record)`` checks every deal that carries a seed: the seed hashes to the
  commitment, and the deal (the first dealer, the hands, the talon and the nines of
  the cut) is exactly what ``thousand.state.shuffled_deal`` deals from it. The
  command line runs it: ``python -m thousand verify RECORD.json``.

What this proves and what it does not: the cards of every verified deal were fixed
before the deal began (the commitment was on screen), so no one changed them in
reaction to a bid or a play. It does not prove the secret was drawn at random: the
page draws it with ``secrets``, and a page someone altered could choose it. Online,
where no page is trusted, the players shuffle together (``docs/PROTOCOL.md``).

>>> import random
>>> from thousand import Conventions, Game
>>> from thousand.record import make_record
>>> secret = "ab" * 32
>>> seed = deal_seed(secret, 0)
>>> state = Game(Conventions()).new_initial_state(random.Random(seed))
>>> rec = attach(make_record(state), secret, finished=0)
>>> rec["deals"][0]["fair"] == {"commit": commitment(seed)}
True
>>> [f.verdict for f in verify(attach(make_record(state), secret, finished=1))]
[<Verdict.FAIR: 'fair'>]
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets  # (imported with the engine, so the page's snapshot holds it)
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .record import RecordError, Replay
from .state import shuffled_deal

#: A secret, a seed and a commitment: 64 lowercase hex digits.
HEX64 = re.compile(r"[0-9a-f]{64}")
#: The domain of a commitment, versioned so that a later scheme cannot be confused with it.
_DOMAIN = "thousand-deal-v1:"


def new_secret() -> str:
    """A fresh game secret (from the system's cryptographic source)."""
    return secrets.token_hex(32)


def deal_seed(secret: str, k: int) -> str:
    """The seed of deal ``k`` of the game with ``secret`` (64 hex digits)."""
    return hmac.new(secret.encode(), f"deal:{k}".encode(), hashlib.sha256).hexdigest()


def deal_rng(seed: str) -> random.Random:
    """The generator a deal with this seed is shuffled by."""
    return random.Random(seed)


def commitment(seed: str) -> str:
    """The hash shown before the deal (64 hex digits)."""
    return hashlib.sha256((_DOMAIN + seed).encode()).hexdigest()


def short(digest: str) -> str:
    """A commitment as the page shows it: its first 16 hex digits in groups of four."""
    return " ".join(digest[i : i + 4] for i in range(0, 16, 4))


def attach(record: dict[str, Any], secret: str, finished: int) -> dict[str, Any]:
    """``record`` with each deal's commitment, and the seeds of its first ``finished`` deals.

    The record is changed in place and returned.
    """
    for k, d in enumerate(record.get("deals", [])):
        seed = deal_seed(secret, k)
        fair = {"commit": commitment(seed)}
        if k < finished:
            fair["seed"] = seed
        d["fair"] = fair
    return record


class Verdict(StrEnum):
    """What ``verify`` found for one deal."""

    FAIR = "fair"  # the seed matches its commitment and deals these very cards
    HIDDEN = "hidden"  # committed, not yet revealed (the deal in progress)
    NONE = "none"  # no commitment at all (an older record, a composed deal)
    BAD_COMMIT = "bad_commit"  # the revealed seed does not hash to the commitment
    OTHER_CARDS = "other_cards"  # the seed deals other cards than the record's
    MALFORMED = "malformed"  # the fair entry is not two 64-digit hex strings


@dataclass(frozen=True)
class Finding:
    """The verdict on deal ``deal`` (0-based) of a record."""

    deal: int
    verdict: Verdict
    commit: str = ""

    @property
    def ok(self) -> bool:
        """Nothing wrong (a deal still hidden, or never committed, is not wrong)."""
        return self.verdict in (Verdict.FAIR, Verdict.HIDDEN, Verdict.NONE)


def _dealt(rep: Replay, k: int) -> tuple[int, list[int], Any, int]:
    st = rep.deal_state(k)
    talon = st.talons if st.n == 2 else st.orig_talon
    return st.dealer, list(st.dealt_hands), talon, st.cut_nines


def verify(data: Any) -> list[Finding]:
    """The verdict on every deal of a record (``RecordError`` if it does not replay)."""
    return verify_replay(Replay(data))


def verify_replay(rep: Replay) -> list[Finding]:
    """The verdict on every deal of a record already replayed (cheap: no replay)."""
    conv = rep.conventions
    deals = rep.record["deals"]
    out = []
    for k in range(rep.deals):
        fair = deals[k].get("fair") if k < len(deals) and isinstance(deals[k], dict) else None
        if fair is None:
            out.append(Finding(k, Verdict.NONE))
            continue
        if (
            not isinstance(fair, dict)
            or not isinstance(fair.get("commit"), str)
            or not HEX64.fullmatch(fair["commit"])
            or (
                "seed" in fair
                and not (isinstance(fair["seed"], str) and HEX64.fullmatch(fair["seed"]))
            )
            or set(fair) - {"commit", "seed"}
        ):
            out.append(Finding(k, Verdict.MALFORMED))
            continue
        commit = fair["commit"]
        seed = fair.get("seed")
        if seed is None:
            out.append(Finding(k, Verdict.HIDDEN, commit))
            continue
        if not hmac.compare_digest(commitment(seed), commit):
            out.append(Finding(k, Verdict.BAD_COMMIT, commit))
            continue
        dealer, hands, talon, cut = _dealt(rep, k)
        rng = deal_rng(seed)
        if k == 0 and rng.randrange(conv.players) != dealer:
            out.append(Finding(k, Verdict.OTHER_CARDS, commit))
            continue
        if shuffled_deal(conv, dealer, rng) != (hands, talon, cut):
            out.append(Finding(k, Verdict.OTHER_CARDS, commit))
            continue
        out.append(Finding(k, Verdict.FAIR, commit))
    return out


__all__ = [
    "HEX64",
    "Finding",
    "RecordError",
    "Verdict",
    "attach",
    "commitment",
    "deal_rng",
    "deal_seed",
    "new_secret",
    "short",
    "verify",
    "verify_replay",
]
