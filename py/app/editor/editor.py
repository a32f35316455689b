"""The deal editor for authors: lay out a deal, play it, caption it, publish it. Pure.

An author chooses the rules (any rule set of the library), the table size and the
dealer, then lays the 24 cards into the hands and the talon (a tap on a card, a
tap on a hand; or a random deal, or a deal of a game or record), plays the deal
for every seat or lets computer players take some, writes a caption on any step,
and publishes: a share link, an ``<iframe>`` snippet, a ``<thousand-deal>``
snippet, the SVG diagram of the step shown (``thousand.diagram``) and the record.

The record keeps the deal as explicit cards (``"hands"`` and ``"talon"`` of its
first deal, no seed), which ``thousand.record`` reads strictly (every card once,
the sizes of the table), so what is published replays exactly as laid out.

Everything here is a pure function of a frozen ``Editor``; a layout that is not a
deal of 1000 lists its ``Problem``\\ s (worded by ``problem_text`` from the
catalogue) and can be neither played nor published. The page's messages
(``EditorMsg``) reach ``on_message`` through ``app.page.update``; its effects are data
(``EditorThink``, ``Download``, ``Copy``).

>>> import random
>>> ed = randomize(new_editor(), random.Random(5))
>>> problems(ed.layout)
[]
>>> ed = play(ed)
>>> ed = act(ed, "pass")
>>> ed.step, len(record(ed)["deals"][0]["actions"])
(1, 1)
>>> bad = place(ed, ed.layout.hands[0][0], "1")
>>> [p.kind.value for p in problems(bad.layout)]
['hand_size', 'hand_size']
"""

from __future__ import annotations

import contextlib
import dataclasses
import html
import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from app.shell.i18n import card_short, t, tn
from thousand import IllegalActionError, action_from_str
from thousand.cards import NCARDS, card_from_str, card_str, cards_mask, iter_cards
from thousand.conventions import Conventions, ConventionsError
from thousand.record import MAX_NOTE_CHARS, RecordError, Replay, make_record
from thousand.state import State, deal_problem, shuffled_deal

if TYPE_CHECKING:
    from app.library.saved import RuleSet

#: The places a card can be put: a seat's hand ("0".."3"), the talon ("talon";
#: 2 players: "talon" and "talon2"), or back on the pile of cards to place ("deck").
DECK = "deck"
TALON = "talon"
TALON2 = "talon2"
#: Who plays a seat: the author, or a computer player of a level.
AUTHOR = "author"
SEAT_KINDS = (AUTHOR, "easy", "normal", "strong")
#: At most this many characters of a pasted record are read.
MAX_RECORD_TEXT = 200_000


# -- the layout ------------------------------------------------------------------------


@dataclass(frozen=True)
class Layout:
    """Where the author has put the cards: each hand and talon in the order placed.

    A card may (by typing) be in two places or in none: ``problems`` says so.
    """

    players: int
    dealer: int
    hands: tuple[tuple[int, ...], ...]
    talons: tuple[tuple[int, ...], ...]  # one talon; two with 2 players

    def targets(self) -> tuple[str, ...]:
        """The places of this table, hands first."""
        talons = (TALON, TALON2) if self.players == 2 else (TALON,)
        return (*(str(s) for s in range(self.players)), *talons)

    def cards(self, target: str) -> tuple[int, ...]:
        """The cards in one place (``DECK``: those placed nowhere)."""
        if target == DECK:
            return unplaced(self)
        if target in (TALON, TALON2):
            return self.talons[0 if target == TALON else 1]
        return self.hands[int(target)]

    def need(self, target: str) -> int:
        """How many cards that place must hold (RULES §3, §8, §11)."""
        if target in (TALON, TALON2):
            return 2 if self.players == 2 else 3
        if self.players == 2:
            return 10
        return 0 if self.players == 4 and int(target) == self.dealer else 7


def empty_layout(players: int, dealer: int) -> Layout:
    """No card placed yet."""
    return Layout(players, dealer, ((),) * players, ((),) * (2 if players == 2 else 1))


def unplaced(layout: Layout) -> tuple[int, ...]:
    """The cards placed nowhere, in deck order."""
    placed = {c for h in (*layout.hands, *layout.talons) for c in h}
    return tuple(c for c in range(NCARDS) if c not in placed)


def layout_of(players: int, dealer: int, hands: Sequence[int], talon: Any) -> Layout:
    """A layout from card masks as the engine deals them (2 players: a pair of talons)."""
    talons = tuple(talon) if players == 2 else (talon,)
    return Layout(
        players,
        dealer,
        tuple(tuple(iter_cards(h)) for h in hands),
        tuple(tuple(iter_cards(x)) for x in talons),
    )


def _moved(layout: Layout, card: int, target: str) -> Layout:
    """The layout with every copy of ``card`` taken out, then put in ``target``."""
    hands = [tuple(c for c in h if c != card) for h in layout.hands]
    talons = [tuple(c for c in x if c != card) for x in layout.talons]
    if target in (TALON, TALON2):
        k = 0 if target == TALON else 1
        talons[k] = (*talons[k], card)
    elif target != DECK:
        s = int(target)
        hands[s] = (*hands[s], card)
    return dataclasses.replace(layout, hands=tuple(hands), talons=tuple(talons))


def _resized(layout: Layout, players: int) -> Layout:
    """The layout at another table size: the hands that remain keep their cards,
    a talon that disappears gives its cards to the one left."""
    hands = tuple(layout.hands[s] if s < layout.players else () for s in range(players))
    talons: tuple[tuple[int, ...], ...]
    if players == 2:
        talons = layout.talons if len(layout.talons) == 2 else (layout.talons[0], ())
    else:
        talons = (tuple(c for x in layout.talons for c in x),)
    dealer = layout.dealer if layout.dealer < players else 0
    return Layout(players, dealer, hands, talons)


# -- problems ----------------------------------------------------------------------------


class ProblemKind(StrEnum):
    """What makes a layout not a deal of 1000 (``data-editor-problem``)."""

    TWICE = "twice"  # a card in more than one place (or twice in one)
    MISSING = "missing"  # cards placed nowhere
    HAND_SIZE = "hand_size"  # a hand with too few or too many cards
    DEALER_HAND = "dealer_hand"  # 4 players: the dealer sits out and holds nothing
    TALON_SIZE = "talon_size"  # a talon with too few or too many cards


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a layout."""

    kind: ProblemKind
    target: str = ""  # the hand or talon it is about
    cards: tuple[int, ...] = ()  # the cards it is about (twice, missing)
    count: int = 0  # the cards the place holds
    need: int = 0  # the cards it must hold


def problems(layout: Layout) -> list[Problem]:
    """Everything that keeps this layout from being dealt, in the order to fix it."""
    out: list[Problem] = []
    seen: dict[int, int] = {}
    for target in layout.targets():
        for c in layout.cards(target):
            seen[c] = seen.get(c, 0) + 1
    twice = tuple(c for c in range(NCARDS) if seen.get(c, 0) > 1)
    if twice:
        out.append(Problem(ProblemKind.TWICE, cards=twice))
    for target in layout.targets():
        have, need = len(layout.cards(target)), layout.need(target)
        if have == need:
            continue
        if target in (TALON, TALON2):
            kind = ProblemKind.TALON_SIZE
        elif need == 0:
            kind = ProblemKind.DEALER_HAND
        else:
            kind = ProblemKind.HAND_SIZE
        out.append(Problem(kind, target=target, count=have, need=need))
    missing = unplaced(layout)
    if missing:
        out.append(Problem(ProblemKind.MISSING, cards=missing, count=len(missing)))
    return out


def _cards_words(cards: Iterable[int], lang: str) -> str:
    return " ".join(card_short(c, lang) for c in cards)


def target_name(target: str, names: Sequence[str], lang: str, players: int) -> str:
    """A place in words: the seat's name, the talon (2 players: talon 1 or 2)."""
    if target == DECK:
        return t(lang, "editor.deck")
    if target in (TALON, TALON2):
        if players == 2:
            return t(lang, "editor.talon_n", n=1 if target == TALON else 2)
        return t(lang, "talon")
    return names[int(target)]


def problem_text(p: Problem, lang: str, names: Sequence[str], players: int) -> str:
    """A problem in words, from the catalogue."""
    where = target_name(p.target, names, lang, players) if p.target else ""
    if p.kind is ProblemKind.TWICE:
        return t(lang, "editor.problem.twice", cards=_cards_words(p.cards, lang))
    if p.kind is ProblemKind.MISSING:
        return tn(lang, "editor.problem.missing", p.count, cards=_cards_words(p.cards, lang))
    if p.kind is ProblemKind.DEALER_HAND:
        return tn(lang, "editor.problem.dealer_hand", p.count, name=where)
    if p.kind is ProblemKind.TALON_SIZE:
        return tn(lang, "editor.problem.talon_size", p.count, name=where, need=p.need)
    return tn(lang, "editor.problem.hand_size", p.count, name=where, need=p.need)


# -- the editor ----------------------------------------------------------------------------


class Stage(StrEnum):
    """What the editor shows: the cards to lay out, or the deal being played."""

    LAYOUT = "layout"
    PLAY = "play"


@dataclass(frozen=True)
class Published:
    """What *Publish* made, for the step it was shown at."""

    step: int
    link: str
    iframe: str
    element: str
    svg: str
    record: str
    svg_step: int = 0  # the step the diagram draws (before the last move: the deal's end)


@dataclass(frozen=True)
class Editor:
    """The whole editor: the rules, the layout, the deal played so far, the captions."""

    rules: str  # the rule set's id ("": the conventions of a loaded record)
    conv: Conventions
    layout: Layout
    selected: int = -1  # the card tapped, waiting for its place
    stage: Stage = Stage.LAYOUT
    kinds: tuple[str, ...] = (AUTHOR,) * 3  # who plays each seat
    actions: tuple[int, ...] = ()
    step: int = 0  # the step shown while playing (0..len(actions))
    notes: tuple[tuple[int, str], ...] = ()  # (step, caption), by step
    totals: tuple[int, ...] | None = None  # the totals the deal starts from
    cut: int = 0  # nines seen in the cut (cut_ritual), as a loaded record had it
    version: int = 0  # bumped by every change of the deal (a bot's answer carries it)
    published: Published | None = None
    error: str = ""  # the last input refused, in words

    @property
    def players(self) -> int:
        """The table size."""
        return self.layout.players

    def note(self, step: int) -> str:
        """The caption of a step ("" for none)."""
        return dict(self.notes).get(step, "")


def new_editor(conv: Conventions | None = None, rules: str = "classic", dealer: int = 0) -> Editor:
    """An editor with nothing laid out yet."""
    conv = conv or Conventions()
    n = conv.players
    return Editor(rules, conv, empty_layout(n, dealer % n), kinds=(AUTHOR,) * n)


def _changed(ed: Editor, **kw: Any) -> Editor:
    """The editor after a change of the deal: back to laying out, nothing played,
    nothing published (what was published no longer matches)."""
    base: dict[str, Any] = {
        "stage": Stage.LAYOUT,
        "actions": (),
        "step": 0,
        "notes": (),
        "published": None,
        "error": "",
        "selected": -1,
        "version": ed.version + 1,
        "cut": 0,
    }
    base.update(kw)
    return dataclasses.replace(ed, **base)


def choose_rules(ed: Editor, sets: Sequence[RuleSet], set_id: str) -> Editor:
    """Another rule set, at this table size when it allows it, else its own."""
    chosen = next((s for s in sets if s.id == set_id), None)
    if chosen is None:
        return dataclasses.replace(ed, error="editor.error.rules")
    conv = chosen.conventions()
    if "players" not in chosen.changes:  # a set for a table size keeps its own
        with contextlib.suppress(ConventionsError):  # else the set's own table size
            conv = conv.with_players(ed.players)
    layout = _resized(ed.layout, conv.players)
    return _changed(
        ed, rules=chosen.id, conv=conv, layout=layout, kinds=_kinds(ed, conv.players), totals=None
    )


def allowed_players(conv: Conventions) -> tuple[int, ...]:
    """The table sizes these rules can be played at."""
    out = []
    for n in (2, 3, 4):
        try:
            conv.with_players(n)
        except ConventionsError:
            continue
        out.append(n)
    return tuple(out)


def _kinds(ed: Editor, players: int) -> tuple[str, ...]:
    return tuple(ed.kinds[s] if s < len(ed.kinds) else AUTHOR for s in range(players))


def choose_players(ed: Editor, players: int) -> Editor:
    """Another table size (the hands that remain keep their cards)."""
    if players == ed.players:
        return ed
    if players not in allowed_players(ed.conv):
        return dataclasses.replace(ed, error="editor.error.players")
    conv = ed.conv.with_players(players)
    return _changed(
        ed, conv=conv, layout=_resized(ed.layout, players), kinds=_kinds(ed, players), totals=None
    )


def choose_dealer(ed: Editor, dealer: int) -> Editor:
    """Another dealer (seat ``dealer``)."""
    if not 0 <= dealer < ed.players:
        return dataclasses.replace(ed, error="editor.error.dealer")
    if dealer == ed.layout.dealer:
        return ed
    return _changed(ed, layout=dataclasses.replace(ed.layout, dealer=dealer))


def pick(ed: Editor, card: int) -> Editor:
    """A tap on a card: it waits for its place (a second tap lets it go)."""
    if not 0 <= card < NCARDS or ed.stage is not Stage.LAYOUT:
        return ed
    return dataclasses.replace(ed, selected=-1 if ed.selected == card else card, error="")


def place(ed: Editor, card: int, target: str) -> Editor:
    """``card`` put in ``target`` (a hand, a talon, or back on the pile)."""
    if target not in (*ed.layout.targets(), DECK) or not 0 <= card < NCARDS:
        return ed
    return _changed(ed, layout=_moved(ed.layout, card, target), totals=ed.totals)


def tap_target(ed: Editor, target: str) -> Editor:
    """A tap on a hand or talon: the card waiting goes there."""
    if ed.selected < 0 or ed.stage is not Stage.LAYOUT:
        return ed
    return place(ed, ed.selected, target)


def type_cards(ed: Editor, target: str, text: str) -> Editor:
    """A hand or talon typed in engine notation (``AS TS KH``): it holds exactly
    those cards (a card typed twice, or already elsewhere, is said as a problem)."""
    if target not in ed.layout.targets():
        return ed
    cards = []
    for word in text.replace(",", " ").split()[:30]:
        try:
            cards.append(card_from_str(word))
        except ValueError:
            return dataclasses.replace(ed, error="editor.error.not_card:" + word[:12])
    lay = ed.layout
    if target in (TALON, TALON2):
        talons = list(lay.talons)
        talons[0 if target == TALON else 1] = tuple(cards)
        lay = dataclasses.replace(lay, talons=tuple(talons))
    else:
        hands = list(lay.hands)
        hands[int(target)] = tuple(cards)
        lay = dataclasses.replace(lay, hands=tuple(hands))
    return _changed(ed, layout=lay, totals=ed.totals)


def clear(ed: Editor) -> Editor:
    """Every card back on the pile."""
    return _changed(ed, layout=empty_layout(ed.players, ed.layout.dealer), totals=None)


def randomize(ed: Editor, rng: random.Random) -> Editor:
    """A shuffled deal from this dealer (the engine's own shuffle)."""
    hands, talon, _ = shuffled_deal(ed.conv, ed.layout.dealer, rng)
    return _changed(ed, layout=layout_of(ed.players, ed.layout.dealer, hands, talon), totals=None)


def from_record(
    data: Any, deal: int = -1, sets: Sequence[RuleSet] = (), lang: str = "en"
) -> Editor:
    """The editor holding one deal of a record (default: its last): its rules, cards,
    the actions played in it and their captions. ``RecordError`` for a bad record."""
    rp = Replay(data)
    deal = rp.deals - 1 if deal < 0 else min(deal, rp.deals - 1)
    start = rp.deal_state(deal)
    conv = rp.conventions
    info = start.deal_info
    layout = layout_of(conv.players, info["dealer"], list(info["hands"]), info["talon"])
    first = rp.deal_first_step(deal)
    acts = rp.deal_actions(deal)
    notes = tuple(
        (k - first, v) for k, v in sorted(rp.notes.items()) if first <= k <= first + len(acts)
    )
    rules = next(
        (s.id for s in sets if _same_rules(s, conv)),
        "",
    )
    totals = tuple(start.totals) if any(start.totals) else None
    ed = Editor(
        rules,
        conv,
        layout,
        kinds=(AUTHOR,) * conv.players,
        totals=totals,
        cut=int(info.get("cut") or 0),
    )
    # The deal's actions from the deal alone: its start totals, its cards.
    st = _start(ed)
    kept: list[int] = []
    for a in acts:
        if a not in st.legal_actions() or _over(st):
            break
        st.apply_action(a)
        kept.append(a)
    notes = tuple((k, v) for k, v in notes if k <= len(kept))
    return dataclasses.replace(
        ed, stage=Stage.PLAY, actions=tuple(kept), step=len(kept), notes=notes
    )


def _same_rules(s: RuleSet, conv: Conventions) -> bool:
    try:
        return s.conventions().with_players(conv.players) == conv
    except (ConventionsError, ValueError):
        return False


def load_text(ed: Editor, text: str, sets: Sequence[RuleSet] = ()) -> Editor:
    """A record pasted as text: its last deal, or the editor unchanged with the
    reason it was refused in ``error``."""
    if len(text) > MAX_RECORD_TEXT:
        return dataclasses.replace(ed, error="editor.error.record:" + "too large")
    try:
        got = from_record(text, sets=sets)
    except (RecordError, ValueError) as e:  # RecordError is one; any other is said too
        return dataclasses.replace(ed, error="editor.error.record:" + str(e)[:300])
    return dataclasses.replace(got, version=ed.version + 1)


# -- playing ----------------------------------------------------------------------------------


def _start(ed: Editor) -> State:
    """The deal as laid out, before its first action."""
    lay = ed.layout
    hands = [cards_mask(card_str(c) for c in h) for h in lay.hands]
    masks = [cards_mask(card_str(c) for c in x) for x in lay.talons]
    talon: Any = (masks[0], masks[1]) if lay.players == 2 else masks[0]
    problem = deal_problem(lay.players, lay.dealer, hands, talon)
    if problem:
        raise ValueError(problem)
    totals = list(ed.totals) if ed.totals else None
    return State(
        ed.conv, random.Random(0), dealer=lay.dealer, totals=totals, deal=(hands, talon, ed.cut)
    )


def _over(state: State) -> bool:
    """The laid-out deal is over (played out, conceded or redealt)."""
    return state.is_terminal() or state.n_rows > 0


def state_at(ed: Editor, step: int | None = None) -> State:
    """The position after ``step`` actions (default: the step shown)."""
    st = _start(ed)
    for a in ed.actions[: ed.step if step is None else step]:
        st.apply_action(a)
    return st


def play(ed: Editor) -> Editor:
    """From laying out to playing (refused while the layout has a problem)."""
    if problems(ed.layout):
        return dataclasses.replace(ed, error="editor.error.layout")
    return dataclasses.replace(ed, stage=Stage.PLAY, selected=-1, error="", step=len(ed.actions))


def back_to_layout(ed: Editor) -> Editor:
    """Back to the cards (what was played is kept while the cards do not change)."""
    return dataclasses.replace(ed, stage=Stage.LAYOUT, error="")


def deal_over(ed: Editor) -> bool:
    """The deal is over at the step shown."""
    return ed.stage is Stage.PLAY and _over(state_at(ed))


def act(ed: Editor, text: str) -> Editor:
    """An action in engine notation at the step shown; the actions after it (if the
    author went back) give way to it, and so do their captions."""
    if ed.stage is not Stage.PLAY:
        return ed
    st = state_at(ed)
    try:
        a = action_from_str(text)
    except (ValueError, IllegalActionError):
        return dataclasses.replace(ed, error="editor.error.action")
    if _over(st) or a not in st.legal_actions():
        return dataclasses.replace(ed, error="editor.error.action")
    return _played(ed, a)


def _played(ed: Editor, a: int) -> Editor:
    actions = (*ed.actions[: ed.step], a)
    notes = tuple((k, v) for k, v in ed.notes if k <= ed.step)
    return dataclasses.replace(
        ed,
        actions=actions,
        step=len(actions),
        notes=notes,
        version=ed.version + 1,
        published=None,
        error="",
    )


def bot_to_act(ed: Editor) -> tuple[int, str] | None:
    """(seat, level) when a computer player moves next at the newest step."""
    if ed.stage is not Stage.PLAY or ed.step != len(ed.actions) or problems(ed.layout):
        return None
    st = state_at(ed)
    if _over(st):
        return None
    seat = st.current_player()
    kind = ed.kinds[seat] if 0 <= seat < len(ed.kinds) else AUTHOR
    return None if kind == AUTHOR else (seat, kind)


def bot_answered(ed: Editor, version: int, action: int) -> Editor:
    """A computer player's move, if the deal is still where it thought."""
    if version != ed.version or bot_to_act(ed) is None:
        return ed
    if action not in state_at(ed).legal_actions():
        return ed
    return _played(ed, action)


def choose_kind(ed: Editor, seat: int, kind: str) -> Editor:
    """Who plays ``seat``: the author or a computer player."""
    if not 0 <= seat < ed.players or kind not in SEAT_KINDS:
        return ed
    kinds = list(ed.kinds)
    kinds[seat] = kind
    return dataclasses.replace(ed, kinds=tuple(kinds), version=ed.version + 1)


def goto(ed: Editor, step: int) -> Editor:
    """Show another step of what was played (clamped)."""
    step = max(0, min(step, len(ed.actions)))
    return dataclasses.replace(ed, step=step, published=None, error="")


def caption(ed: Editor, text: str) -> Editor:
    """The caption of the step shown ("" takes it away)."""
    text = "".join(ch for ch in text if ch.isprintable() or ch == "\n").strip()
    text = text[:MAX_NOTE_CHARS]
    notes = {k: v for k, v in ed.notes if k != ed.step}
    if text:
        notes[ed.step] = text
    new = tuple(sorted(notes.items()))
    if new == ed.notes:
        return ed
    return dataclasses.replace(ed, notes=new, published=None, version=ed.version + 1)


# -- publishing ---------------------------------------------------------------------------------


def record(ed: Editor) -> dict[str, Any]:
    """The deal as a record: its cards explicitly, the actions played, the captions."""
    st = state_at(ed, len(ed.actions))
    rec = make_record(st, notes=dict(ed.notes))
    rec["deals"] = rec["deals"][:1]  # the laid-out deal, not the one dealt after it
    return rec


def _base(url: str) -> str:
    """The folder of the page's address (``https://x/1000/index.html`` -> ``https://x/1000/``)."""
    url = url.split("#")[0].split("?")[0]
    return url.rsplit("/", 1)[0] + "/" if "/" in url else ""


def publish(ed: Editor, base_url: str, lang: str = "en") -> Editor:
    """The share link, the two snippets, the step's diagram and the record as text
    (refused while the layout has a problem)."""
    from app.replay.share import share_fragment
    from thousand.diagram import render

    if problems(ed.layout):
        return dataclasses.replace(ed, error="editor.error.layout")
    rec = record(ed)
    step = ed.step if ed.stage is Stage.PLAY else 0
    frag = share_fragment(rec)
    opts = f"&step={step}&open=1"
    base = _base(base_url)
    link = base_url.split("#")[0] + frag + opts
    title = html.escape(t(lang, "editor.embed_title"), quote=True)
    iframe = (
        f'<iframe src="{html.escape(base + "embed.html" + frag + opts, quote=True)}"\n'
        f'        title="{title}" width="600" height="520"></iframe>'
    )
    text = json.dumps(rec, ensure_ascii=False, separators=(",", ":"))
    inline = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    element = (
        f'<script src="{html.escape(base + "embed.js", quote=True)}" defer></script>\n'
        f'<thousand-deal step="{step}" open title="{title}">\n'
        f'  <script type="application/json">{inline}</script>\n'
        f"</thousand-deal>"
    )
    # The step that ends the deal shows the next deal dealt: its picture is the
    # position before that last move (the caption of the step chosen kept).
    drawn = step - 1 if step > 0 and _over(state_at(ed, step)) else step
    svg = render(
        state_at(ed, drawn),
        open_hands=True,
        lang=lang,
        caption=ed.note(step) or ed.note(drawn) or None,
        step=drawn,
        steps=len(ed.actions),
    )
    text_out = json.dumps(rec, ensure_ascii=False, indent=1)
    out = Published(step, link, iframe, element, svg, text_out, drawn)
    return dataclasses.replace(ed, published=out, error="")


def error_text(ed: Editor, lang: str) -> str:
    """The last refused input in words ("" for none)."""
    if not ed.error:
        return ""
    key, _, detail = ed.error.partition(":")
    if key == "editor.error.not_card":
        return t(lang, "editor.error.not_card", text=detail, example="AS TS KH")
    if key == "editor.error.record":
        return t(lang, "editor.error.record", why=detail)
    return t(lang, key)


# -- the page's messages and effects ------------------------------------------------------------


@dataclass(frozen=True)
class EditorOpened:
    """The toolbar's *Deal editor* pressed (it opens the editor, or closes it)."""


@dataclass(frozen=True)
class EditorChanged:
    """A select or field of the editor changed: ``name`` is ``rules``, ``players``,
    ``dealer``, ``seat`` (``seat``: which), ``caption``, ``cards`` (``target``)."""

    name: str
    value: str
    seat: int = -1
    target: str = ""


@dataclass(frozen=True)
class EditorCardTapped:
    """A card of the layout tapped."""

    card: int


@dataclass(frozen=True)
class EditorCardDropped:
    """A card dragged onto a hand, a talon or the pile."""

    card: int
    target: str


@dataclass(frozen=True)
class EditorTargetTapped:
    """A hand, a talon or the pile tapped."""

    target: str


@dataclass(frozen=True)
class EditorPressed:
    """One of the editor's buttons: ``random`` (with the runner's ``seed``), ``clear``,
    ``from-game``, ``play``, ``layout``, ``publish``, ``first``, ``prev``, ``next``,
    ``last``, ``load`` (``text``: the record pasted), ``copy`` / ``download``
    (``text``: which output)."""

    button: str
    text: str = ""
    seed: int = 0


@dataclass(frozen=True)
class EditorActed:
    """An action of the deal being played, in engine notation."""

    text: str


@dataclass(frozen=True)
class EditorBotAnswered:
    """A computer player's action for the editor's deal at ``version``."""

    version: int
    action: int


EditorMsg = (
    EditorOpened
    | EditorChanged
    | EditorCardTapped
    | EditorCardDropped
    | EditorTargetTapped
    | EditorPressed
    | EditorActed
    | EditorBotAnswered
)


@dataclass(frozen=True)
class EditorThink:
    """Let the computer player at ``seat`` choose, for the editor's deal at ``version``."""

    version: int
    seat: int
    level: str


@dataclass(frozen=True)
class Download:
    """Offer ``text`` as a file called ``name``."""

    name: str
    text: str
    mime: str


@dataclass(frozen=True)
class Copy:
    """Put ``text`` on the clipboard."""

    text: str


EditorEffect = EditorThink | Download | Copy


def _think(ed: Editor) -> list[EditorEffect]:
    who = bot_to_act(ed)
    return [] if who is None else [EditorThink(ed.version, who[0], who[1])]


def on_message(ui: Any, session: Any, msg: EditorMsg) -> list[EditorEffect]:
    """The editor after one of its messages (kept in ``ui.editor``), and its effects.

    ``ui`` is the page's ``Screen`` (the open dialog, the rule sets, the language,
    the page's address, the replay on show), ``session`` the game on the table.
    """
    from app.table.view import Dialog

    ed: Editor | None = ui.editor
    sets = ui.sets
    if isinstance(msg, EditorOpened):
        if ui.dialog == Dialog.EDITOR:  # the toolbar's button again: it closes
            ui.dialog = Dialog.NONE
            return []
        if ui.replay is not None and ui.replay_data is not None:
            # opened from a replay: the deal on show, at the step on show
            ed = _from_replay(ed or new_editor(), ui)
        elif ed is None:
            preset = str(ui.setup.get("preset", "classic")) if ui.setup else "classic"
            chosen = next((s for s in sets if s.id == preset), None)
            conv = chosen.conventions() if chosen is not None else Conventions()
            ed = new_editor(conv, chosen.id if chosen is not None else "classic")
        ui.editor = ed
        ui.dialog = Dialog.EDITOR
        return _think(ed)
    if ed is None:
        return []
    if isinstance(msg, EditorChanged):
        name, value = msg.name, msg.value
        if name == "rules":
            ed = choose_rules(ed, sets, value)
        elif name == "players" and value.isdigit():
            ed = choose_players(ed, int(value))
        elif name == "dealer" and value.isdigit():
            ed = choose_dealer(ed, int(value))
        elif name == "seat":
            ed = choose_kind(ed, msg.seat, value)
        elif name == "caption":
            ed = caption(ed, value[: MAX_NOTE_CHARS * 2])
        elif name == "cards":
            ed = type_cards(ed, msg.target, value[:200])
    elif isinstance(msg, EditorCardTapped):
        ed = pick(ed, msg.card)
    elif isinstance(msg, EditorTargetTapped):
        ed = tap_target(ed, msg.target)
    elif isinstance(msg, EditorCardDropped):
        ed = place(ed, msg.card, msg.target) if ed.stage is Stage.LAYOUT else ed
    elif isinstance(msg, EditorActed):
        ed = act(ed, msg.text)
    elif isinstance(msg, EditorBotAnswered):
        ed = bot_answered(ed, msg.version, msg.action)
    elif isinstance(msg, EditorPressed):
        ed, fx = _pressed(ed, msg, ui, session)
        ui.editor = ed
        return [*fx, *_think(ed)]
    ui.editor = ed
    return _think(ed)


def _pressed(
    ed: Editor, msg: EditorPressed, ui: Any, session: Any
) -> tuple[Editor, list[EditorEffect]]:
    b = msg.button
    if b == "random":
        return randomize(ed, random.Random(msg.seed)), []
    if b == "clear":
        return clear(ed), []
    if b == "from-game":
        return _from_game(ed, ui, session), []
    if b == "load":
        return load_text(ed, msg.text, ui.sets), []
    if b == "play":
        return play(ed), []
    if b == "layout":
        return back_to_layout(ed), []
    if b == "publish":
        return publish(ed, ui.base_url or "", ui.lang), []
    moves = {"first": 0, "prev": ed.step - 1, "next": ed.step + 1, "last": len(ed.actions)}
    if b in moves:
        return goto(ed, moves[b]), []
    p = ed.published
    if b in ("copy", "download") and p is not None:
        text = {
            "link": p.link,
            "iframe": p.iframe,
            "element": p.element,
            "svg": p.svg,
            "record": p.record,
        }.get(msg.text)
        if text is None:
            return ed, []
        if b == "copy":
            return ed, [Copy(text)]
        if msg.text == "svg":
            return ed, [Download(f"deal-step-{p.svg_step}.svg", text, "image/svg+xml")]
        return ed, [Download("deal.json", text, "application/json")]
    return ed, []


def _from_replay(ed: Editor, ui: Any) -> Editor:
    """The deal on show in the replay, at the replay's step (its cards placed and
    what was played in it), else ``ed`` with the reason in ``error``."""
    rp, step = ui.replay_data, ui.replay.step
    deal = min(rp.locate(step)[0], rp.deals - 1)
    try:
        got = from_record(rp.record, deal, ui.sets)
    except (RecordError, ValueError) as e:
        return dataclasses.replace(ed, error="editor.error.record:" + str(e)[:300])
    got = goto(got, step - rp.deal_first_step(deal))
    return dataclasses.replace(got, version=ed.version + 1)


def _from_game(ed: Editor, ui: Any, session: Any) -> Editor:
    """The deal on show in the replay, else the game's last finished deal (the deal
    in progress holds cards nobody may see yet)."""
    from app.replay.share import finished_record

    if ui.replay is not None and ui.replay_data is not None:
        return _from_replay(ed, ui)
    try:
        rec = finished_record(session.state, session.record())
        if rec is None:
            return dataclasses.replace(ed, error="editor.error.no_deal")
        got = from_record(rec, -1, ui.sets)
    except (RecordError, ValueError) as e:
        return dataclasses.replace(ed, error="editor.error.record:" + str(e)[:300])
    return dataclasses.replace(got, version=ed.version + 1)
