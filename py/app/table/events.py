"""The story of the deal so far, as one seat may know it, in words.

``deal_events(obs)`` lists what happened in the current deal (bids, who took
the talon and what it held when shown, the cards passed that this seat may
know, the contract, marriages, every card and trick) from the observation
alone, so the log never tells a seat more than it may know. The table shows
the newest event on the felt and reads it out (``aria-live``); the deal log
dialog lists them all.

>>> import random
>>> from thousand import Conventions, Game
>>> state = Game(Conventions()).new_initial_state(random.Random(2))
>>> state.apply_str("pass")
>>> [e.key for e in deal_events(state.observation(0))]
['ev_deal', 'ev_pass']
"""

from __future__ import annotations

from dataclasses import dataclass

from app.shell.i18n import SUIT_ADJ, SUIT_SYMBOLS, card_short, t, you_key
from thousand import Conventions
from thousand import actions as A
from thousand.cards import ACE, ACE_MARRIAGE, KING, QUEEN, marriage_value
from thousand.phase import Phase
from thousand.scene import display_order
from thousand.scoring import cut_penalty, cutter
from thousand.sheet import deal_no
from thousand.state import Observation

#: The events said on the felt long enough to read (the bots wait after them).
HEADLINES = frozenset(
    (
        "ev_marriage",
        "ev_aces",
        "ev_redealt",
        "ev_talon",
        "ev_dark",
        "ev_unblind",
        "ev_cut",  # cut_ritual: said every deal, long enough to read that it is in play
        "ev_cut_nine",
        "ev_cut_third",
    )
)
#: The events that open a deal: the felt says them together (who deals, who cut).
OPENING = frozenset(("ev_deal", "ev_cut", "ev_cut_nine", "ev_cut_third"))


@dataclass(frozen=True)
class Event:
    """One thing that happened: a catalogue key, the seats and cards it names."""

    key: str
    seat: int = -1
    to: int = -1
    cards: tuple[int, ...] = ()
    value: int = 0
    trick: int = -1  # the trick it belongs to (play events)
    why: str = ""  # a redeal: why it was allowed (``thousand.sheet.REDEAL_WHY``)

    @property
    def headline(self) -> bool:
        """A big moment, said on the felt for longer (a marriage, a redeal, a talon)."""
        return self.key in HEADLINES

    def text(
        self,
        names: list[str] | tuple[str, ...],
        lang: str,
        you: int = -1,
        conv: Conventions | None = None,
    ) -> str:
        """The event in words (``you``: the seat spoken to, in the second person)."""
        key = self.key
        if self.seat == you and you >= 0:
            key = "ev_gives_you_to" if key == "ev_gives" else you_key(key, True)
        kw: dict[str, object] = {}
        if self.seat >= 0:
            kw["name"] = names[self.seat]
        if self.to >= 0:
            kw["to"] = names[self.to]
        if self.cards:
            kw["card"] = card_short(self.cards[0], lang)
            kw["cards"] = " ".join(card_short(c, lang) for c in self.cards)
        if key.startswith("ev_marriage"):
            suit = self.value
            kw.update(suit=SUIT_ADJ[lang][suit], symbol=SUIT_SYMBOLS[suit])
            kw["value"] = marriage_value(suit)
        else:
            kw["value"] = self.value
        kw["n"] = self.value
        if self.why:
            kw["why"] = redeal_why(lang, self.why, conv or Conventions())
        elif key.startswith("ev_redealt"):
            kw["why"] = "—"
            kw.setdefault("name", "—")
        return t(lang, key, **kw)


def on_felt(events: list[Event], shown: Event) -> list[Event]:
    """What the felt says for ``shown``: the deal's opening lines together (who deals,
    who cut and how), any other event alone."""
    return [e for e in events if e.key in OPENING] if shown.key in OPENING else [shown]


def redeal_why(lang: str, why: str, conv: Conventions) -> str:
    """Why a redeal was allowed, in words (the limits from the game's conventions)."""
    limit = conv.redeal_talon_below if why == "talon_below" else conv.redeal_hand_below
    return t(lang, "why_" + why, limit=limit)


def _declarations(obs: Observation) -> dict[int, tuple[int, int]]:
    """Trick index -> (seat, suit) of the marriage declared with that trick's lead."""
    leads = [(cards[0][0], cards[0][1]) for _, cards, _ in obs.tricks]
    if obs.trick:
        leads.append(obs.trick[0])
    out: dict[int, tuple[int, int]] = {}
    for seat, suit in obs.marriages:
        for i, (ls, card) in enumerate(leads):
            if i in out or ls != seat:
                continue
            if suit == ACE_MARRIAGE and card % 6 == ACE:
                out[i] = (seat, suit)
                break
            if suit != ACE_MARRIAGE and card // 6 == suit and card % 6 in (KING, QUEEN):
                out[i] = (seat, suit)
                break
    return out


def deal_events(obs: Observation) -> list[Event]:
    """Everything ``obs.seat`` may know of the current deal, in order."""
    ev = []
    if obs.sheet and obs.sheet[-1].kind == "redeal":
        row = obs.sheet[-1]  # §4 the last deal was redealt: who asked and why
        ev.append(Event("ev_redealt", seat=row.asker, why=row.why))
    ev.append(Event("ev_deal", seat=obs.dealer, value=deal_no(obs.sheet, len(obs.sheet) + 1)))
    if obs.conventions.cut_ritual:
        # cut_ritual (§3): said every deal, so the table knows it is in play: who cut,
        # each nine brought to the bottom (cut again), then a clean cut or the third nine.
        by = cutter(obs.players, obs.dealer)
        for _ in range(min(obs.cut_nines, 2)):
            ev.append(Event("ev_cut_nine", by))
        fine = cut_penalty(obs.conventions, obs.dealer, obs.cut_nines, 2 if obs.golden else 1)
        if fine is not None:
            ev.append(Event("ev_cut_third", by, value=-fine.amount))
        else:
            ev.append(Event("ev_cut", by))
    for seat, a in obs.bids:
        if a == A.PASS:
            ev.append(Event("ev_pass", seat))
        elif a == A.DARK:
            ev.append(Event("ev_dark", seat))
        elif a == A.UNBLIND:
            ev.append(Event("ev_unblind", seat))
        elif A.is_bid(a):
            ev.append(Event("ev_bid", seat, value=A.action_value(a)))
    d = obs.declarer
    if d < 0 or obs.phase is Phase.GAME_OVER:
        return ev
    if obs.on_100:
        ev.append(Event("ev_declarer_100", d, value=obs.bid))
    else:
        ev.append(Event("ev_declarer", d, value=obs.bid))
    if obs.phase is Phase.PICK:
        pass  # RULES §11: two players, the declarer has not chosen a talon yet
    elif obs.talon is not None:
        ev.append(Event("ev_talon", d, cards=display_order(obs.talon)))
    else:
        ev.append(Event("ev_talon_hidden", d))
    past_discard = obs.phase in (Phase.CONTRACT, Phase.PLAY)
    if obs.players == 2:
        if past_discard:
            ev.append(Event("ev_aside", d))
    else:
        # The gives in the order they were made (each told when it happens), then the
        # ones this seat did not see, once the discard is over.
        for card, s in obs.known_gives:
            key = "ev_gives_you" if s == obs.seat else "ev_gives"
            ev.append(Event(key, d, to=s, cards=(card,)))
        seen = {s for _, s in obs.known_gives}
        if past_discard:
            for s in obs.active:
                if s != d and s not in seen:
                    ev.append(Event("ev_gives_hidden", d, to=s))
    if obs.phase is Phase.PLAY or obs.tricks:
        ev.append(Event("ev_contract", d, value=obs.contract))
    decl = _declarations(obs)
    tricks = [cards for _, cards, _ in obs.tricks]
    if obs.trick:
        tricks.append(obs.trick)
    for i, cards in enumerate(tricks):
        for j, (seat, card) in enumerate(cards):
            if j == 0 and i in decl:
                s, suit = decl[i]
                if suit == ACE_MARRIAGE:
                    ev.append(Event("ev_aces", s, trick=i))
                else:
                    ev.append(Event("ev_marriage", s, value=suit, trick=i))
            ev.append(Event("ev_play", seat, cards=(card,), trick=i))
        if i < len(obs.tricks):
            ev.append(Event("ev_trick", obs.tricks[i][2], trick=i))
    return ev
