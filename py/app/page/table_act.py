"""The table's own steps, shared by every part of the page's door: an action applied,
the deal's story told on the felt, the stepper moved, the digits' choices, the
notices shown and dropped. Each takes the page's model and changes it (the door,
``app.page.update``, is the only caller from outside this package's updates).
"""

from __future__ import annotations

from collections.abc import Callable

from app.page.model import ClosePassing, CountStats, Effect, Linger, Page, Persist
from app.page.screen import Screen, build
from app.shell.dom import El, find_all
from app.shell.i18n import Words
from app.table.events import Event, deal_events, on_felt
from app.table.seats import names_of, speaker
from app.table.view import Dialog, Notice, NoticeKind, controls, stepper_values
from thousand import actions as A
from thousand.phase import Phase


def numbered_choices(page: Page) -> list[tuple[str, str]]:
    """What the digits 1, 2, ... choose now, in the order the table shows them: in
    play and the discard the legal cards (after a discard card is chosen: its
    receivers), else the action buttons. ``("card", "17")`` or ``("act", "pass")``."""
    s, ui = page.session, page.ui
    m, _ = build(s, ui)
    if s.state.phase in (Phase.PLAY, Phase.DISCARD) and ui.selected < 0:
        hand = m.scene.seats[m.human].cards or ()
        legal = {
            A.played_card(a) if A.is_play(a) else A.action_card(a)
            for a in m.scene.legal
            if A.is_play(a) or A.is_discard(a)
        }
        return [("card", str(c)) for c in hand if c in legal]
    box: El = controls(m)
    actions = find_all(box, lambda e: "data-action" in e.attrs)
    return [("act", str(e.attrs["data-action"])) for e in actions]


def step(page: Page, delta: int) -> bool:
    """Move the bid or contract stepper; False when there is none."""
    phase = page.session.state.phase
    kind = "bid" if phase is Phase.BIDDING else "contract" if phase is Phase.CONTRACT else ""
    if not kind:
        return False
    values = stepper_values(page.session.state.legal_actions(), kind)
    if len(values) < 2:
        return False
    ui = page.ui
    cur = ui.bid_value if ui.bid_value in values else values[0]
    i = max(0, min(len(values) - 1, values.index(cur) + delta))
    ui.bid_value = values[i]
    return True


def apply_action(page: Page, action: int) -> list[Effect]:
    """Apply a legal action (the human's or a bot's): the finished trick or the deal's
    last trick kept on show, the story told, the save written, statistics counted."""
    s, ui = page.session, page.ui
    before = s.state.n_rows
    tricks = len(s.state.tricks)
    s.apply(action)
    if A.is_play(action):
        if len(s.state.tricks) > tricks:
            ui.hold = s.state.tricks[-1][1]
            ui.hold_winner = s.state.tricks[-1][2]
        elif s.state.n_rows > before:
            prev = s.last_deal_tricks()
            if prev:
                ui.hold = tuple(prev[-1][1])
                ui.hold_winner = prev[-1][2]
                ui.hold_summary = s.summary_row() is not None
    if ui.hold and s.state.trick:
        ui.hold = ()
    fx: list[Effect] = []
    if announce(page):
        fx.append(Linger())
    if ui.hold_summary:
        # the felt tells the last trick, not the next deal already dealt behind it
        names = names_of(s, ui.lang)
        ui.banner = Event("ev_trick", ui.hold_winner).text(names, ui.lang, speaker(s))
    return [*fx, Persist(), CountStats()]


def announce(page: Page, initial: bool = False) -> bool:
    """Say the deal's new events on the felt and to screen readers; True when one of
    them is a big moment (a marriage, a redeal, a talon), the felt's headline."""
    s, ui = page.session, page.ui
    obs = s.observation()
    events = deal_events(obs)
    deal = len(obs.sheet)
    names = names_of(s, ui.lang)
    last_deal, count = page.seen
    if deal != last_deal:
        count = 0
    new = events[-1:] if initial else events[count:]
    page.seen = (deal, len(events))
    if not new:
        return False
    conv, lang, you = s.state.conv, ui.lang, speaker(s)
    heads = [e for e in new if e.headline]
    felt = on_felt(events, (heads or new)[-1])
    ui.banner = " ".join(e.text(names, lang, you, conv) for e in felt)
    said = new[-4:]
    if heads and heads[-1] not in said:
        said = [heads[-1], *said[1:]]
    ui.announce = " ".join(e.text(names, lang, you, conv) for e in said)
    return bool(heads) and not initial


def reset_ui(page: Page) -> None:
    """Forget the turn's choices and what was on show (another game, an undo)."""
    ui = page.ui
    ui.reset_turn()
    ui.hold = ()
    ui.hold_winner = -1
    ui.hold_summary = False
    ui.thinking = -1


def retell(page: Page) -> None:
    """The game changed under the table: fresh UI state, the deal's story told anew."""
    reset_ui(page)
    page.seen = (-1, 0)
    announce(page, initial=True)


def notice(
    ui: Screen,
    words: Words,
    kind: NoticeKind = NoticeKind.INFO,
    key: str = "",
    action: tuple[str, Words] | None = None,
    *,
    in_dialog: bool = False,
) -> list[Effect]:
    """Show a message (one per key: a newer outcome replaces the older). Errors and
    notices with a button stay until dismissed; ``passing`` ones close by themselves;
    ``in_dialog``: it answers what was done in the open dialog (it stays on the
    table when that dialog closes, and goes when another dialog opens). Takes the
    Screen alone: the page warns of bad storage before its game is loaded."""
    ui.notices_made += 1
    key = key or f"n{ui.notices_made}"
    ui.notices = [n for n in ui.notices if n.key != key]
    tied = ui.dialog if in_dialog else Dialog.NONE
    ui.notices.append(Notice(words, kind, key, action, ui.notices_made, tied))
    return [ClosePassing(key, ui.notices_made)] if kind == NoticeKind.PASSING else []


def drop_notices(ui: Screen, gone: Callable[[Notice], bool]) -> None:
    """Take away the notices whose cause is over (``gone``)."""
    ui.notices = [n for n in ui.notices if not gone(n)]


def follow_notice(page: Page) -> None:
    """Another tab drives the game: say so, with the one-tap way back."""
    notice(
        page.ui,
        Words.of("other_tab" if page.ui.follow_same else "other_tab_new"),
        NoticeKind.INFO,
        "tab",
        ("take-over", Words.of("take_over")),
    )
