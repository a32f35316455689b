"""Playing the page through the automation contract (shared by the browser tests).

The test player's policy is simple and deterministic (the smallest bid, the
first legal card, the first give button) and mirrored in CPython by
``human_choice``, so a seed where the human wins the auction can be found
without a browser.
"""

from __future__ import annotations

from typing import Any

from e2e_support import READY

from app.table.session import Session
from thousand import Conventions, Phase
from thousand import actions as A

TURN = '#table[data-turn="human"], #table[data-phase="deal-end"], #table[data-phase="game-over"]'
#: Where a fanned card is clicked: its visible left strip (a later card covers the rest).
CARD_SPOT = {"x": 8, "y": 24}

#: The index of a card (rank and suit) sits in its top-left corner; checked at rest
#: (once the cards have stopped moving); the legal cards whose index another element
#: covers at any of three points (a card twice if twice). Used by the tests and
#: bench/playthrough.py.
COVERED_JS = """async () => {
  await Promise.all(document.getAnimations().map((a) => a.finished.catch(() => null)));
  const out = [];
  for (const b of document.querySelectorAll('.hand-own [data-legal="1"]')) {
    const r = b.getBoundingClientRect();
    for (const [fx, fy] of [[0.08, 0.06], [0.13, 0.16], [0.08, 0.27]]) {
      const el = document.elementFromPoint(r.left + r.width * fx, r.top + r.height * fy);
      if (!el || !b.contains(el)) out.push(b.dataset.card);
    }
  }
  return out;
}"""


#: Marriage badges whose box is not wholly on their own card's visible part: at each
#: corner (inset 1 px) the topmost element must be the badge or its own card button.
#: Used by the tests and bench/playthrough.py.
BADGES_COVERED_JS = """() => {
  const out = [];
  for (const b of document.querySelectorAll('.hand-own .card-btn .badge')) {
    const own = b.closest('.card-btn'), r = b.getBoundingClientRect();
    for (const [x, y] of [[r.left + 1, r.top + 1], [r.right - 1, r.top + 1],
                          [r.left + 1, r.bottom - 1], [r.right - 1, r.bottom - 1]]) {
      const e = document.elementFromPoint(x, y);
      if (!e || !own.contains(e)) { out.push(own.dataset.card); break; }
    }
  }
  return out;
}"""


def human_choice(legal: tuple[int, ...] | list[int], phase: Phase) -> int:
    """The test player's policy, mirrored by ``act`` on the page."""
    bids = [a for a in legal if A.is_bid(a)]
    if phase is Phase.BIDDING:
        return min(bids) if bids else A.PASS
    if phase is Phase.REDEAL:
        return A.KEEP
    if phase is Phase.DARK:
        return A.LOOK
    if phase is Phase.CONTRACT:
        return min(a for a in legal if A.is_contract(a))
    if phase is Phase.PICK:
        return A.PICK_BASE
    if phase is Phase.DISCARD:
        return next(a for a in legal if A.is_discard(a))
    return next(a for a in legal if A.is_play(a))


def seed_where_human_declares(players: int = 3, start: int = 1) -> int:
    """A seed whose first played deal the human declares under ``human_choice``
    against Easy bots, after bidding at least once (the tests see every phase)."""
    for seed in range(start, start + 400):
        s = Session.new(Conventions.for_players(players), "easy", seed=seed)
        bid = False
        while not s.state.rows:
            if s.human_to_act():
                bid = bid or s.state.phase is Phase.BIDDING
                s.apply(human_choice(s.state.legal_actions(), s.state.phase))
            else:
                seat = s.state.current_player()
                s.apply(s.bot(seat).act(s.state.observation(seat), s.bot_rng))
            if bid and s.state.declarer == s.human and s.state.phase is Phase.DISCARD:
                return seed
    raise AssertionError("no seed found")


def open_table(page: Any, base_url: str, query: str) -> None:
    """Load the page (a new seeded game) and wait for Python to take over."""
    page.goto(base_url + query)
    page.wait_for_selector(READY)


def act(page: Any) -> str:
    """Wait for the human's turn (or a deal end) and act once; returns the phase."""
    page.wait_for_selector(TURN)
    phase = str(page.get_attribute("#table", "data-phase"))
    if phase in ("deal-end", "game-over"):
        return phase
    before = version(page)
    acts = page.locator(".controls [data-action]")
    texts = [acts.nth(i).get_attribute("data-action") for i in range(acts.count())]
    if phase == "bidding":
        bid = [t for t in texts if t and t.startswith("bid ")]
        pick = bid[0] if bid else next(t for t in texts if t in ("pass", "keep", "look"))
        page.click(f'.controls [data-action="{pick}"]')
    elif phase == "discard":
        if "pick 0" in texts:
            page.click('[data-action="pick 0"]')
        else:
            page.locator('.hand-own [data-legal="1"]').first.click(position=CARD_SPOT)
            page.locator('[data-action^="give "], [data-action^="aside "]').first.click()
    elif phase == "contract":
        page.locator('[data-action^="contract "]').first.click()
    else:
        page.locator('.hand-own [data-legal="1"]').first.click(position=CARD_SPOT)
    wait_version(page, before)
    return phase


def version(page: Any) -> int:
    """``#table[data-version]``: bumped by every action the game applies."""
    return int(page.get_attribute("#table", "data-version") or 0)


def wait_version(page: Any, before: int) -> None:
    """Wait until the game has applied an action since ``before``."""
    page.wait_for_function(
        "(v) => Number(document.querySelector('#table').dataset.version) > v", arg=before
    )
