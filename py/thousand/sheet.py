"""The score sheet (*запись*, RULES §12): one row per deal, as the paper one reads."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import NamedTuple


class Penalty(NamedTuple):
    """A penalty or a forced change of a total, with its reason."""

    seat: int
    amount: int
    reason: str


#: Why a redeal was allowed (RULES §4): the codes of ``SheetRow.why``.
REDEAL_WHY = (
    "hand_below",  # redeal_hand_below: the hand's points are under the limit
    "three_nines",  # redeal_first_hand_three_nines: first hand holds three nines
    "four_nines",  # redeal_four_nines (or after the discard, or in the declarer's hand)
    "four_jacks",  # redeal_four_jacks
    "talon_below",  # redeal_talon_below: the talon's points are under the limit
    "talon_nines",  # redeal_two_nines_in_talon
)


class SheetRow(NamedTuple):
    """One deal on the sheet (immutable; a NamedTuple because rows are made in hot loops).

    ``kind`` is ``play`` (played out), ``writeoff`` (conceded), ``bomb`` (a bomb
    thrown: not played, ``bombs``) or ``redeal``.
    ``points`` are card points + declared marriages per seat (None: not played,
    e.g. the 4-player dealer on the talon, who is credited the talon instead).
    ``deltas`` are the changes of the running totals, ``totals`` the totals after.
    """

    number: int
    dealer: int
    kind: str
    declarer: int | None = None
    contract: int | None = None
    made: bool | None = None
    dark: bool = False
    golden: bool = False
    on_100: bool = False
    points: tuple[int | None, ...] = ()
    deltas: tuple[int, ...] = ()
    totals: tuple[int, ...] = ()
    bolts: tuple[int, ...] = ()
    bolt_counts: tuple[int, ...] = ()
    barrel: tuple[int, ...] = ()
    barrel_falls: tuple[int, ...] = ()
    penalties: tuple[Penalty, ...] = ()
    note: str = ""
    cards: tuple[int, ...] = ()  # a played deal: card points per seat (from tricks)
    marriages: tuple[int, ...] = ()  # ... declared marriages per seat
    tricks: tuple[int, ...] = ()  # ... tricks taken per seat
    asker: int = -1  # a redeal: the seat that asked for it
    why: str = ""  # ... and why its cards allowed it (a REDEAL_WHY code)


@dataclass
class SheetText:
    """Renders rows as fixed-width text like the paper sheet."""

    players: int
    rows: list[SheetRow] = field(default_factory=list)

    def render(self) -> str:
        """The sheet as text: a row per deal, then penalties under it."""
        n = self.players
        head = f"{'#':>3} {'dl':>2} {'decl':>4} {'contr':>6} " + " ".join(
            f"{'seat ' + str(s):>20}" for s in range(n)
        )
        out = [head, "-" * len(head)]
        for r in self.rows:
            if r.kind == "redeal":
                out.append(f"{r.number:>3} {r.dealer:>2} {'':>4} {'redeal':>6} {r.note}")
                continue
            contr = "" if r.contract is None else str(r.contract)
            if r.kind == "writeoff":
                contr += "w"
            elif r.kind == "bomb":
                contr += "b"  # bombs
            elif r.made is False:
                contr += "-"
            if r.dark:
                contr = "D" + contr
            if r.golden:
                contr = "G" + contr
            cells = []
            for s in range(n):
                pts = r.points[s] if s < len(r.points) else None
                mark = "|" * (r.bolts[s] if r.bolts else 0)
                if r.barrel and r.barrel[s]:
                    mark += "B" + str(r.barrel[s])
                p = "  " if pts is None else f"{pts:>3}"
                cells.append(f"{p} {r.deltas[s]:>+5} {r.totals[s]:>5}{mark:<5}".rjust(20))
            decl = "" if r.declarer is None else str(r.declarer)
            out.append(f"{r.number:>3} {r.dealer:>2} {decl:>4} {contr:>6} " + " ".join(cells))
            for pen in r.penalties:
                out.append(f"{'':>18}seat {pen.seat}: {pen.amount:+d} {pen.reason}")
        return "\n".join(out)


def deal_no(rows: Sequence[SheetRow], number: int) -> int:
    """The number players give the deal of sheet row ``number`` (1-based; the next
    deal when past the end): played deals are counted, redeals are not (RULES §4)."""
    return 1 + sum(1 for r in rows[: number - 1] if r.kind != "redeal")
