"""The post-deal analysis in a player's words (pure).

``analysis_lines(result, names, lang)`` turns ``thousand.analysis.DealAnalysis``
into short sentences: what the declarer could have made with perfect play,
which contract was best with these cards, whether the discard mattered, and
each card play that changed the outcome or cost points ("Trick 3: East K♠
cost 20 points; A♠ kept the contract").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from thousand import actions as A
from thousand.analysis import DealAnalysis

from .i18n import card_short

WORDS: dict[str, dict[str, str]] = {
    "en": {
        "max": "With perfect play {name} would have taken {max} (took {points}).",
        "max_conceded": "With perfect play {name} would have taken {max}.",
        "best": "Best contract with these cards: {best}; {name} played {contract}.",
        "best_none": "Not even 100 could be made with these cards.",
        "discard_mattered": "Another discard would have taken {points}: {cards}.",
        "discard_same": "No other discard would have done better.",
        "discard_partial": "Discards checked: {n} of {of}.",
        "cost": "Trick {trick}: {name} {card} cost {lost} points",
        "flip_lost": "; {better} kept the contract",
        "flip_made": "; {better} would have defeated the contract",
        "better": "; {better} was better",
        "clean": "Every card was played as well as perfect play would.",
        "declaring": "{card} declaring the marriage",
    },
    "ru": {
        "max": "При лучшей игре {name} взял(а) бы {max} (взято {points}).",
        "max_conceded": "При лучшей игре {name} взял(а) бы {max}.",
        "best": "Лучший заказ с этими картами: {best}; {name} играл(а) {contract}.",
        "best_none": "С этими картами не сыграть даже 100.",
        "discard_mattered": "Другой снос дал бы {points}: {cards}.",
        "discard_same": "Другой снос не помог бы.",
        "discard_partial": "Проверено сносов: {n} из {of}.",
        "cost": "Взятка {trick}: {name} {card} стоила {lost} очков",
        "flip_lost": "; с {better} заказ был бы сыгран",
        "flip_made": "; {better} подсадил(а) бы заказ",
        "better": "; {better} было лучше",
        "clean": "Все карты сыграны так же, как при лучшей игре.",
        "declaring": "{card} с объявлением марьяжа",
    },
    "uk": {
        "max": "За найкращої гри {name} взяв(ла) би {max} (взято {points}).",
        "max_conceded": "За найкращої гри {name} взяв(ла) би {max}.",
        "best": "Найкраще замовлення з цими картами: {best}; {name} грав(ла) {contract}.",
        "best_none": "З цими картами не зіграти навіть 100.",
        "discard_mattered": "Інший знос дав би {points}: {cards}.",
        "discard_same": "Інший знос не допоміг би.",
        "discard_partial": "Перевірено зносів: {n} з {of}.",
        "cost": "Взятка {trick}: {name} {card} коштувала {lost} очок",
        "flip_lost": "; з {better} замовлення було б зіграно",
        "flip_made": "; {better} підсадив(ла) би замовлення",
        "better": "; {better} було краще",
        "clean": "Усі карти зіграно так само, як за найкращої гри.",
        "declaring": "{card} з оголошенням марʼяжу",
    },
    "pl": {
        "max": "Przy najlepszej grze {name} wziąłby/wzięłaby {max} (wzięto {points}).",
        "max_conceded": "Przy najlepszej grze {name} wziąłby/wzięłaby {max}.",
        "best": "Najlepsza gra z tymi kartami: {best}; {name} grał(a) {contract}.",
        "best_none": "Z tymi kartami nie da się ugrać nawet 100.",
        "discard_mattered": "Inne oddanie kart dałoby {points}: {cards}.",
        "discard_same": "Inne oddanie kart nic by nie dało.",
        "discard_partial": "Sprawdzono oddań: {n} z {of}.",
        "cost": "Lewa {trick}: {name} {card} kosztowała {lost} pkt",
        "flip_lost": "; z {better} gra byłaby ugrana",
        "flip_made": "; {better} położyłoby grę",
        "better": "; {better} było lepsze",
        "clean": "Każda karta zagrana tak dobrze jak w najlepszej grze.",
        "declaring": "{card} z meldunkiem",
    },
}


def _w(lang: str, key: str, **kw: Any) -> str:
    return WORDS.get(lang, WORDS["en"])[key].format(**kw)


def _discard_text(actions: Sequence[int], names: Sequence[str], lang: str) -> str:
    parts = []
    for a in actions:
        card = card_short(A.action_card(a), lang)
        parts.append(f"{card} → {names[(a - A.GIVE_BASE) % 4]}" if A.is_give(a) else card)
    return ", ".join(parts)


def analysis_lines(res: DealAnalysis, names: Sequence[str], lang: str) -> list[str]:
    """What the analysis found so far, in words."""
    out: list[str] = []
    if res.declarer < 0:
        return out
    name = names[res.declarer]
    if res.max_points is not None:
        if res.points is not None:
            out.append(_w(lang, "max", name=name, max=res.max_points, points=res.points))
        else:
            out.append(_w(lang, "max_conceded", name=name, max=res.max_points))
        if res.best_contract is None:
            out.append(_w(lang, "best_none"))
        else:
            out.append(_w(lang, "best", best=res.best_contract, name=name, contract=res.contract))
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
        line = _w(
            lang,
            "cost",
            trick=p.trick + 1,
            name=names[p.seat],
            card=card_short(p.card, lang),
            lost=p.lost,
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
