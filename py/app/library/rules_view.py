"""The conventions editor and the rule sets, as element trees (pure).

``rules_dialog`` shows either the rules of the game in progress (read-only,
one click away during a game) or the editor: every convention of the
catalogue with ``data-convention="<id>"`` (a checkbox for a yes/no one),
grouped the way players think (``rules_text.GROUPS``), each with a one-line
explanation, its default, changed ones highlighted, options that only matter
with another greyed out while it is off, and invalid combinations explained
in words from the engine's own validation. Rule sets (built-in and the
player's own) are chosen, saved, renamed, duplicated, deleted, exported and
imported from its top.
"""

from __future__ import annotations

import types
import typing
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from app.library.rules_text import CHOICES, CONVENTION_GROUP, GROUPS
from app.library.saved import RuleSet
from app.shell.dom import El, el
from app.shell.i18n import t
from app.table.view import Confirm, button, dialog
from thousand import Conventions
from thousand.conventions import (
    _FIELD_TYPES,
    MATTERS_WITH,
    REQUIRES,
    ConventionsError,
    Problem,
    is_on,
)

CLASSIC = Conventions()
#: Ints that are multiples of 5 in the rules (the number inputs step by 5).
STEP5 = {"target", "penalty", "bid_cap", "bomb_points", "silence_below", "dark_min_total"}


class RulesMode(StrEnum):
    """How the rules dialog shows the conventions."""

    VIEW = "view"  # the game's rules, read-only
    EDIT = "edit"  # the editor of a draft


@dataclass
class RulesUI:
    """The editor's state besides the game: the draft and what it is based on."""

    mode: RulesMode = RulesMode.VIEW
    base: str = "classic"  # the rule set the draft started from
    values: dict[str, Any] = field(default_factory=lambda: CLASSIC.to_dict())
    name: str = ""  # the name field for saving, renaming
    confirm: Confirm = Confirm.NONE  # DELETE_SET while asking before deleting the set
    message: str = ""  # the last set action's result in words


def kind(cid: str) -> str:
    """How a convention is edited: bool, choice, optional (int or none) or int."""
    tp = _FIELD_TYPES[cid]
    if tp is bool:
        return "bool"
    if typing.get_origin(tp) is typing.Literal or cid in CHOICES:
        return "choice"
    if typing.get_origin(tp) in (typing.Union, types.UnionType):
        return "optional"
    return "int"


def choices(cid: str) -> list[str]:
    """The values of a choice convention, as text."""
    return list(CHOICES[cid])


def value_text(cid: str, v: Any, lang: str) -> str:
    """A convention's value in words."""
    if v is True:
        return t(lang, "on")
    if v is False or v is None:
        return t(lang, "off")
    if cid in CHOICES and str(v) in CHOICES[cid]:
        return t(lang, f"value.{cid}.{v}")
    return str(v)


def label(cid: str, lang: str) -> str:
    """A convention's short label in ``lang``."""
    return t(lang, "conv." + cid)


def set_name(s: RuleSet, lang: str) -> str:
    """A rule set's name as the page shows it."""
    if s.builtin:
        return t(lang, "preset." + s.id)
    return s.name


def differences(values: dict[str, Any], lang: str) -> list[str]:
    """What differs from Classic, as "label: value" lines."""
    out = []
    for cid, v in values.items():
        if getattr(CLASSIC, cid) != v and cid in CONVENTION_GROUP:
            out.append(f"{label(cid, lang)}: {value_text(cid, v, lang)}")
    return out


def problems(values: dict[str, Any], lang: str) -> list[str]:
    """The engine's objections to the draft (``thousand.conventions.Problem`` codes),
    in words: conventions by their labels, values by their names."""
    try:
        Conventions.from_dict(values)
    except ConventionsError as e:
        return [problem_text(p, lang) for p in e.issues]
    return []


def problem_text(p: Problem, lang: str) -> str:
    """One objection in the page's words (``problem.<code>``; a clash or a missing
    requirement between two conventions: ``rules_contradict`` / ``rules_needs``)."""
    a = label(p.name, lang) if p.name in CONVENTION_GROUP else p.name
    b = label(p.other, lang) if p.other in CONVENTION_GROUP else p.other
    if p.code == "needs":
        return t(lang, "rules_needs", a=a, b=b)
    if p.code == "clash":
        return t(lang, "rules_contradict", a=a, b=b)
    if p.code in ("unknown", "unknown_preset", "not_object", "not_json"):
        return t(lang, "problem." + p.code, value=str(p.value)[:40])
    value = value_text(p.other or p.name, p.value, lang) if p.value is not None else ""
    shown = [value_text(p.name, v, lang) for v in p.allowed]
    return t(
        lang,
        "problem." + p.code,
        a=a,
        b=b,
        value=value,
        allowed=", ".join(shown),
        lo=p.lo,
        hi=p.hi,
        step=p.step,
        need=p.need,
    )


def _greyed(cid: str, values: dict[str, Any]) -> bool:
    """Mattering only with an option that is off. Not when the combination is an
    error the player must see and undo (an option on whose requirement is off)."""
    mine = values.get(cid)
    for parent in MATTERS_WITH.get(cid, ()):
        v = values.get(parent)
        if not is_on(v) or v == 0:
            return not ((cid, parent) in REQUIRES and is_on(mine) and mine != 0)
    return False


def control(cid: str, v: Any, lang: str, readonly: bool, greyed: bool) -> list[El]:
    """The input(s) editing one convention (``data-convention``)."""
    k = kind(cid)
    dis = readonly or greyed
    name = label(cid, lang)
    if k == "bool":
        return [
            el(
                "input",
                {
                    "type": "checkbox",
                    "data-convention": cid,
                    "checked": bool(v),
                    "disabled": dis,
                    "aria-label": name,
                },
                key=cid,
            )
        ]
    if k == "choice":
        return [
            el(
                "select",
                {"data-convention": cid, "disabled": dis, "aria-label": name},
                [
                    el("option", {"value": c, "selected": str(v) == c}, value_text(cid, c, lang))
                    for c in choices(cid)
                ],
                key=cid,
            )
        ]
    step = 5 if cid in STEP5 else 1
    number = el(
        "input",
        {
            "type": "number",
            "inputmode": "numeric",
            "data-convention": cid,
            "data-part": "value",
            "value": "" if v is None else str(v),
            "step": step,
            "disabled": dis or v is None,
            "aria-label": name,
        },
        key=cid + "-v",
    )
    if k == "optional":
        switch = el(
            "input",
            {
                "type": "checkbox",
                "data-convention": cid,
                "data-part": "on",
                "checked": v is not None,
                "disabled": dis,
                "aria-label": name,
            },
            key=cid + "-on",
        )
        return [el("span", {"class": "optional"}, switch, number, key=cid)]
    return [number]


def rules_dialog(
    lang: str,
    game: Conventions,
    ui: RulesUI,
    sets: list[RuleSet],
    in_game: bool,
) -> El:
    """The rules of the game (read-only) or the editor with the rule sets."""
    readonly = ui.mode == RulesMode.VIEW
    values = game.to_dict() if readonly else ui.values
    body: list[El | None] = []
    diffs = differences(values, lang)
    if readonly:
        body.append(el("p", {"class": "muted-dark"}, t(lang, "rules_in_use")))
        body.append(  # the players' rules site (dist/rules/), in a tab of its own
            el(
                "p",
                {},
                el(
                    "a",
                    {"href": f"rules/{lang}/index.html", "target": "_blank", "rel": "noopener"},
                    t(lang, "rules_site_link"),
                ),
            )
        )
    else:
        options = []
        for group, items in (
            (t(lang, "rules_builtin"), [s for s in sets if s.builtin]),
            (t(lang, "rules_mine"), [s for s in sets if not s.builtin]),
        ):
            if items:
                options.append(
                    el(
                        "optgroup",
                        {"label": group},
                        [
                            el(
                                "option",
                                {"value": s.id, "selected": s.id == ui.base},
                                set_name(s, lang),
                            )
                            for s in items
                        ],
                    )
                )
        base = next((s for s in sets if s.id == ui.base), None)
        own = base is not None and not base.builtin
        body.append(
            el(
                "div",
                {"class": "sets"},
                el(
                    "label",
                    {"class": "field"},
                    el("span", {}, t(lang, "rules_set")),
                    # the focus starts at the top, where the dialog opens
                    el(
                        "select",
                        {"data-ui": "rules-base", "data-autofocus": "1"},
                        options,
                        key="base",
                    ),
                ),
                el(
                    "div",
                    {"class": "row set-tools"},
                    el(
                        "input",
                        {
                            "type": "text",
                            "data-ui": "set-name",
                            "value": ui.name,
                            "maxlength": 60,
                            "placeholder": t(lang, "rules_name"),
                            "aria-label": t(lang, "rules_name"),
                        },
                        key="name",
                    ),
                    button(t(lang, "rules_save_new"), ui="set-save", cls="btn"),
                    button(t(lang, "rules_rename"), ui="set-rename", cls="btn") if own else None,
                    button(t(lang, "rules_duplicate"), ui="set-duplicate", cls="btn"),
                    button(t(lang, "rules_delete"), ui="set-delete", cls="btn writeoff")
                    if own and ui.confirm != Confirm.DELETE_SET
                    else None,
                    button(t(lang, "rules_delete_sure"), ui="set-delete-sure", cls="btn writeoff")
                    if own and ui.confirm == Confirm.DELETE_SET
                    else None,
                    button(t(lang, "rules_export"), ui="set-export", cls="btn"),
                    el(
                        "label",
                        {"class": "btn file"},
                        t(lang, "rules_import"),
                        el(
                            "input",
                            {
                                "type": "file",
                                "accept": ".json,application/json",
                                "data-ui": "set-import",
                                "class": "sr-only",
                            },
                        ),
                    ),
                ),
                el("p", {"class": "set-message", "role": "status"}, ui.message)
                if ui.message
                else None,
                key="sets",
            )
        )
    body.append(
        el(
            "div",
            {"class": "diffs"},
            el("b", {}, t(lang, "rules_differs")),
            el("ul", {}, [el("li", {}, d) for d in diffs])
            if diffs
            else el("span", {}, " " + t(lang, "rules_no_diff")),
            key="diffs",
        )
    )
    errs = [] if readonly else problems(values, lang)
    if errs:
        body.append(
            el(
                "ul",
                {"class": "problems", "role": "alert"},
                [el("li", {}, p) for p in errs],
                key="problems",
            )
        )
    for gid in GROUPS:
        rows = []
        for cid, g in CONVENTION_GROUP.items():
            if g != gid or cid not in values:
                continue
            v = values[cid]
            greyed = not readonly and _greyed(cid, values)
            changed = getattr(CLASSIC, cid) != v
            short, explain = t(lang, "conv." + cid), t(lang, f"conv.{cid}.help")
            rows.append(
                el(
                    "div",
                    {
                        "class": "conv"
                        + (" changed" if changed else "")
                        + (" greyed" if greyed else "")
                    },
                    el(
                        "label",
                        {},
                        el("span", {"class": "conv-label"}, short),
                        control(cid, v, lang, readonly, greyed),
                    ),
                    el(
                        "p",
                        {"class": "conv-help"},
                        explain,
                        " ",
                        el(
                            "span",
                            {"class": "default"},
                            t(
                                lang,
                                "rules_default",
                                value=value_text(cid, getattr(CLASSIC, cid), lang),
                            ),
                        ),
                    ),
                    key=cid,
                )
            )
        body.append(
            el(
                "fieldset",
                {"class": "group"},
                el("legend", {}, t(lang, "group." + gid)),
                rows,
                key="g-" + gid,
            )
        )
    buttons: list[El] = []
    if readonly:
        buttons.append(
            button(t(lang, "rules_change"), ui="rules-edit", cls="btn primary", data_autofocus="1")
        )
    else:
        buttons.append(
            button(
                t(lang, "rules_start"),
                ui="start",
                cls="btn primary",
                data_rules="draft",
                disabled=bool(errs),
            )
        )
    buttons.append(button(t(lang, "close"), ui="close", cls="btn"))
    title = t(lang, "rules_title_game" if readonly else "rules_title")
    return dialog("rules", title, body, buttons, cls="wide rules")


def set_value(
    values: dict[str, Any], cid: str, part: str, raw: Any, checked: bool
) -> dict[str, Any]:
    """The draft with one control's new value (from the page's input)."""
    out = dict(values)
    k = kind(cid)
    if k == "bool":
        out[cid] = bool(checked)
    elif k == "choice":
        sample = getattr(CLASSIC, cid)
        out[cid] = (
            int(raw)
            if isinstance(sample, int)
            and not isinstance(sample, bool)
            and str(raw).lstrip("-").isdigit()
            else str(raw)
        )
    elif k == "optional" and part == "on":
        if not checked:
            out[cid] = None
        elif out.get(cid) is None:
            out[cid] = _default_number(cid)
    else:
        text = str(raw).strip()
        if text.lstrip("-").isdigit() and len(text) < 7:  # a half-typed number keeps the last
            out[cid] = int(text)
    return out


def _default_number(cid: str) -> int:
    """The value an optional number starts from when switched on."""
    return {
        "silence_below": 0,
        "redeal_hand_below": 14,
        "redeal_talon_below": 5,
        "write_off_limit": 3,
        "dark_min_total": 0,
    }.get(cid, 0)
