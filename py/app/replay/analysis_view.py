"""The post-deal analysis in a player's words (pure).

``analysis_lines(result, names, lang)`` turns ``thousand.analysis.DealAnalysis``
into short sentences: what the declarer could have made with perfect play,
which contract was best with these cards, whether the discard mattered, and
each card play that changed the outcome or cost points ("Trick 3: East K♠
cost 20 points; A♠ kept the contract").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from app.shell.i18n import card_short, t, tn
from app.shell.i18n import you_key as _you_key
from thousand import actions as A

if TYPE_CHECKING:  # (the analysis comes with the AI's wheel: app.shell.ai_code)
    from thousand.analysis import DealAnalysis


def you_key(key: str, you: bool) -> str:
    """An analysis sentence's "you" form (``analysis.<key>_you``) when ``you``."""
    return _you_key("analysis." + key, you).removeprefix("analysis.")


def _w(lang: str, key: str, **kw: Any) -> str:
    """One of the analysis's texts (``analysis.<key>`` in the catalogue)."""
    return t(lang, "analysis." + key, **kw)


def _discard_text(actions: Sequence[int], names: Sequence[str], lang: str) -> str:
    parts = []
    for a in actions:
        card = card_short(A.action_card(a), lang)
        parts.append(f"{card} → {names[(a - A.GIVE_BASE) % 4]}" if A.is_give(a) else card)
    return ", ".join(parts)


def analysis_lines(res: DealAnalysis, names: Sequence[str], lang: str, you: int = -1) -> list[str]:
    """What the analysis found so far, in words (``you``: the seat spoken to as "you")."""
    out: list[str] = []
    if res.declarer < 0:
        return out
    name = names[res.declarer]
    mine = res.declarer == you >= 0
    if res.max_points is not None:
        if res.points is not None:
            key = you_key("max", mine)
            out.append(_w(lang, key, name=name, max=res.max_points, points=res.points))
        else:
            out.append(_w(lang, you_key("max_conceded", mine), name=name, max=res.max_points))
        if res.best_contract is None:
            out.append(_w(lang, "best_none"))
        else:
            key = you_key("best", mine)
            out.append(_w(lang, key, best=res.best_contract, name=name, contract=res.contract))
    if res.discards_total:
        if res.discard_mattered and res.discard_for_points and res.discard_best_points is not None:
            cards = _discard_text(res.discard_for_points, names, lang)
            out.append(_w(lang, "discard_mattered", points=res.discard_best_points, cards=cards))
        elif res.discard_mattered is False:
            out.append(_w(lang, "discard_same"))
        elif res.discards_checked < res.discards_total:
            out.append(_w(lang, "discard_partial", n=res.discards_checked, of=res.discards_total))
    costly = [p for p in res.plays if p.lost > 0 or p.outcome_changed]
    for p in costly:
        line = tn(
            lang,
            "analysis." + you_key("cost", p.seat == you >= 0),
            p.lost,
            trick=p.trick + 1,
            name=names[p.seat],
            card=card_short(p.card, lang),
        )
        if p.best_action is not None:
            better = card_short(A.played_card(p.best_action), lang)
            if A.is_declare(p.best_action):
                better = _w(lang, "declaring", card=better)
            if p.outcome_changed:
                line += _w(lang, "flip_lost" if p.declarer_side else "flip_made", better=better)
            else:
                line += _w(lang, "better", better=better)
        out.append(line + ".")
    if res.complete and res.plays and not costly:
        out.append(_w(lang, "clean"))
    return out
