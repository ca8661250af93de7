"""What became of each bocce, in words and sheets (scenes/tables/bocce.py's part): a
bocce's fate ("12 · +2", "17 · Out of bounds", "9 · Knocked out by Computer"), the score
sheet of a hand frame by frame and of the hand that ended the game, and the last finished
frame looked at again (the L key).  Every number comes from the events and the view
(``hand_scored``, ``last_frame``)."""

from __future__ import annotations

from typing import Any, Optional, Sequence

from game.views.bocce import Fate, HandScored, View
from scenes.i18n import tr
from scenes.kit.layout import Layout
from scenes.kit.sheet import Sheet, SheetRow
from scenes.tables import TableAdapter
from scenes.tables.look import LookBack, LookRow

#: the frames of a hand
FRAMES = 3


def points_words(points: int) -> str:
    """What a bocce scored, in words ("+3 points"): a bare "+3" by a total of 19 was
    never explained at the table."""
    return tr("bocce_table.points_one") if points == 1 else tr("bocce_table.points", points=points)


class BocceSheets:
    """Bocce's sheets and fates in words, for the seats as ``adapter`` names them."""

    def __init__(self, adapter: TableAdapter[View]) -> None:
        self.adapter = adapter

    @property
    def other(self) -> int:
        """The seat across from the person's."""
        return 1 - self.adapter.human_seat

    def fate_words(self, fate: Fate, layout: Layout) -> str:
        """What became of a bocce, from the engine's record of it: "12 · +2",
        "17 · Out of bounds", "9 · Knocked out by Computer"."""
        status, total = fate["status"], fate["total"]
        if status == "bust":
            return tr("bocce_table.fate.bust", total=total)
        if status == "knocked_out":
            by = fate["knocked_by"]["seat"] if fate["knocked_by"] else None
            if by is not None and self.adapter.is_you(by):
                return tr("bocce_table.fate.knocked_by_you", total=total)
            if by is not None:
                return tr("bocce_table.fate.knocked_by", total=total,
                          player=self.adapter.seat_name(by, layout))
            return tr("bocce_table.fate.knocked", total=total)
        if status == "finished" and total is not None:
            return tr("bocce_table.total_points", total=total, points=points_words(fate["points"] or 0))
        return ""

    def _tone(self, fate: Fate) -> str:
        if fate["status"] in ("bust", "knocked_out"):
            return "bad"
        return "good" if fate["points"] else ""

    def hand_sheet(self, hand: HandScored, scores: Sequence[int], layout: Layout,
                   score_label: str = "", winners: Sequence[int] = ()) -> Sheet:
        """One hand, frame by frame: each bocce's fate against its pallino, then the hand's
        points and the score (``scores``, under ``score_label``).  You are the first column."""
        order = (self.adapter.human_seat, self.other)
        fates = hand["bocce"]
        pallinos = hand["pallinos"]
        rows: list[SheetRow] = []
        for i in range(FRAMES):
            cells = [self.fate_words(fates[s][i], layout) if i < len(fates[s]) else ""
                     for s in order]
            rows.append(SheetRow(tr("bocce_table.sheet.frame", frame=i + 1, pallino=pallinos[i]),
                                 cells))
        gained = hand["hand_points"]
        rows.append(SheetRow(tr("bocce_table.sheet.hand", hand=hand["hand"]),
                             [tr("bocce_table.sheet.plus", points=gained[s]) for s in order],
                             "total"))
        rows.append(SheetRow(score_label or tr("bocce_table.sheet.score"),
                             [str(scores[s]) for s in order], "grand"))
        return Sheet([self.adapter.seat_name(s, layout) for s in order], rows,
                     tuple(order.index(w) for w in winners if w in order))

    def result_sheet(self, result: dict[str, Any], view: View,
                     layout: Layout) -> Optional[Sheet]:
        """The hand that ended the game, and the final score."""
        hand = view["last_hand"]
        if not hand:
            return None
        return self.hand_sheet(hand, result.get("scores") or hand["scores"],
                               layout, tr("bocce_table.sheet.final"),
                               result.get("winners") or ())

    def look_back(self, view: View, layout: Layout) -> Optional[LookBack]:
        """The last finished frame: both lag cards and the pallino they made, both bocce
        with their cards and what became of them (every card turned up by then)."""
        last = view["last_frame"]
        if not last:
            return None
        order = (self.adapter.human_seat, self.other)
        lag = last["lag"]
        fates = last["bocce"]
        rows = [LookRow(tr("bocce_table.look.lag"), note=tr("bocce.pallino",
                                                             value=last["pallino"]),
                        tone="head")]
        for s in order:
            card = lag[s]["card"]
            rows.append(LookRow(self.adapter.seat_name(s, layout), [card] if card else [],
                                tr("bocce_table.lag_worth", worth=lag[s]["worth"])))
        rows.append(LookRow(tr("bocce_table.look.bocce"), tone="head"))
        for s in order:
            fate = fates[s]
            rows.append(LookRow(self.adapter.seat_name(s, layout), list(fate.get("cards") or []),
                                self.fate_words(fate, layout), self._tone(fate)))
        return LookBack(tr("bocce_table.look.title", hand=last["hand"],
                           frame=last["frame"]),
                        tr("bocce_table.look.button"), rows)
