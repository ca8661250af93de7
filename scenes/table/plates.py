"""The seats' name plates as drawn: their words and where they lie, from the real names.

An online table names its seats ("Computer 2", a friend's name of 24 letters, "Il
computer gioca per Bruno" while a friend is away), and a name is as long as its owner
made it; the layout plans each plate's place for the usual words ("Ovest"). So a plate
is measured from its real words: the name is cut short with an ellipsis past the room
its place leaves it (the log, the spoken table and the score sheets keep it whole), and
a plate beside its own hand (the seat across the top) lies as far from the hand as its
real width needs, not the width the layout assumed (at 1000x640 with the largest text
"Computer 3" ran onto its backs).

That room is :meth:`Layout.plate_room <scenes.kit.layout.Layout.plate_room>` at most,
less where the real rectangles of the plate's neighbours leave less: the seat across
the top between the score board and its own hand (at 800x500 a name of 24 letters lay
on its backs), a side seat between the window's edge and the plates and lines of the
seats beside it (at six seats the friend's plate on the right lay on the top right
seat's).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import pygame

from scenes.i18n import language
from scenes.kit.hud import Hud
from scenes.kit.layout import Layout
from scenes.table.board import Board
from scenes.table.position import Position
from scenes.table.strip_place import card_reach

#: what a plate's neighbours are, read from the table as it is drawn: the score board's
#: box, a seat's plate lit (its widest) and the lines on the felt
Rects = Callable[[], list[pygame.Rect]]


class Plates:
    """Each seat's plate words (fitted to the room its place leaves) and its centre, clear
    of its own hand; the painter moves it past the score board from there."""

    def __init__(self, adapter: Any, hud: Hud, board: Board, position: Position,
                 strip: Callable[[], Any], scoreboard: Callable[[], pygame.Rect],
                 lit: Callable[[int], pygame.Rect], lines: Rects) -> None:
        self.adapter = adapter
        self.hud = hud
        self.board = board
        #: the game as shown: its view, each seat's info, the count of its changes
        self.position = position
        #: the rank strip shown (it moves the lines on the felt)
        self.strip = strip
        self.scoreboard = scoreboard
        self.lit = lit
        self.lines = lines
        self._reach: dict[tuple, Optional[pygame.Rect]] = {}
        #: the words fitted, by all they are fitted from (:meth:`_name_key`): a side
        #: seat's room is read from its neighbours' plates, each of them fitted in turn,
        #: and a frame asks for every plate's words several times (fitting them anew at
        #: each ask doubled the frame's time at six seats)
        self._names: dict[tuple, str] = {}

    def name(self, seat: int, lay: Layout) -> str:
        """The plate's words (:meth:`_fit`), kept while nothing they depend on changes."""
        key = self._name_key(seat, lay)
        words = self._names.get(key)
        if words is None:
            if len(self._names) >= 256:        # old windows, names and boards
                self._names.clear()
            words = self._names[key] = self._fit(seat, lay)
        return words

    def info(self, seat: int) -> str:
        """The seat's plate info as shown ("|♥♥♥", "0 points")."""
        return str(self.adapter.plate_info(self.position.shown, seat))

    def _name_key(self, seat: int, lay: Layout) -> tuple:
        """All a plate's words are fitted from: the window and the table's context (every
        seat's words and info, the neighbours' plates, the score board, the lines on the
        felt are worked out from it)."""
        return (seat, lay.size, lay.card_h, lay.font(15), self.position.shown_no, self.strip(),
                tuple(self.adapter.names.items()), self.adapter.away, language(),
                tuple(self.scoreboard()),
                tuple((zone, len(cards)) for zone, cards in self.board.zones.items()))

    def _fit(self, seat: int, lay: Layout) -> str:
        """The plate's words: the adapter's, the seat's name cut short (an ellipsis at its
        end) where the words would pass the plate's :meth:`room`; a friend away is
        "Computer playing for Bruno", else "Computer for Bruno", else "CPU: Bruno",
        those words whole and the name cut ("Il computer gioca per B…" at 1000x640 with
        the largest text lost him; at six seats at 800x500 "Computer…" on the right said
        nobody); where even the shortest words leave the name no letter, the name alone
        (the prompt and the log say who plays for them)."""
        font, room = lay.font(15), self.room(seat, lay)

        def wide(words: str) -> int:
            return int(self.hud.text.render(words, font, bold=True).get_width())
        forms: tuple[dict[str, bool], ...] = ({}, {"short": True}, {"tiny": True})
        for form in forms:
            words = str(self.adapter.plate_name(seat, lay, **form))
            if wide(words) <= room:
                return words
        name = self.adapter.seat_name(seat, lay)
        if name not in words:
            return self.hud.shorten(words, font, room)
        for form in forms[1:]:
            own = wide(str(self.adapter.plate_name(seat, lay, **form))) - wide(name)
            cut = str(self.adapter.plate_name(
                seat, lay, self.hud.shorten(name, font, room - own), **form))
            if wide(cut) <= room:
                return cut
        return self.hud.shorten(name, font, room)

    def room(self, seat: int, lay: Layout) -> float:
        """The most width the plate's words may take: the layout's room, or less where
        the neighbours' real rectangles leave less between them, less the plate's own
        rim and its info ("|♥♥♥", "0 points"), lit."""
        geom = lay.seat(seat)
        free: Optional[tuple[int, int]] = None
        if geom.side == "top" and lay.seats < 6:
            free = self._beside_hand(seat, lay)
        elif geom.side in ("left", "right"):
            free = self._by_the_edge(seat, lay)
        if free is None:
            return lay.plate_room
        rim = self._plate(seat, lay, "", geom.plate).w + 7     # its width rounds up to 8
        return min(lay.plate_room, free[1] - free[0] - rim)

    def _plate(self, seat: int, lay: Layout, words: str,
               centre: tuple[float, float]) -> pygame.Rect:
        """The plate of ``words`` lit, centred there, inside the window."""
        return self.hud.plate_rect(words, self.info(seat), centre, lay.font(15),
                                   pygame.Rect(0, 0, *lay.size), True)

    def _beside_hand(self, seat: int, lay: Layout) -> Optional[tuple[int, int]]:
        """The seat across the top: from the window's edge, or past the score board where
        it reaches the plate's line, to its own hand, a margin short of each."""
        reach = self._hand_reach(seat, lay)
        if reach is None:
            return None
        band = self._plate(seat, lay, "M", lay.seat(seat).plate)
        board = self.scoreboard()
        left = board.right + lay.margin if board.w and \
            board.inflate(lay.margin, lay.margin).colliderect(band.move(board.x - band.x, 0)) \
            else 0
        return left, reach.left - lay.margin

    def _by_the_edge(self, seat: int, lay: Layout) -> Optional[tuple[int, int]]:
        """A side seat: from the window's edge to the nearest plate of another seat or
        line on the felt at the plate's height on the table's side of its place (the top
        corner seats' plates and lines at five and six seats), a margin short of it."""
        geom = lay.seat(seat)
        x = geom.plate[0]
        band = self._plate(seat, lay, str(self.adapter.plate_name(seat, lay)), geom.plate)
        others = [self.lit(s) for s in range(lay.seats)
                  if s != seat and lay.seat(s).side not in ("left", "right")]
        near = [r for r in others + self.lines() if band.top < r.bottom and r.top < band.bottom]
        if geom.side == "right":
            inner = [r.right for r in near if r.right <= x]
            return (max(inner) + lay.margin, lay.width) if inner else None
        inner = [r.left for r in near if r.left >= x]
        board = self.scoreboard()       # the painter moves the plate past the board
        left = board.right + lay.margin if board.w and \
            board.inflate(lay.margin, lay.margin).colliderect(band) else 0
        return (left, min(inner) - lay.margin) if inner else None

    def centre(self, seat: int, lay: Layout, info: str) -> tuple[float, float]:
        """Where the seat's plate is centred before the score board is reckoned with: its
        place at the table, moved aside from its own hand (the seat across the top: its
        plate left of its backs) as far as its real width, lit, needs."""
        geom = lay.seat(seat)
        centre = geom.plate
        if geom.side != "top" or lay.seats == 6:      # six seats: under the hand already
            return centre
        reach = self._hand_reach(seat, lay)
        if reach is None:
            return centre
        lit = self.hud.plate_rect(self.name(seat, lay), info, centre, lay.font(15),
                                  pygame.Rect(0, 0, *lay.size), True)
        gap = lay.margin
        if not lit.colliderect(reach.inflate(gap * 2, 0)):
            return centre
        return (centre[0] + reach.left - gap - lit.right, centre[1])

    def _hand_reach(self, seat: int, lay: Layout) -> Optional[pygame.Rect]:
        """What the seat's hand covers holding the most cards the game deals one zone."""
        key = (lay.size, lay.card_h, seat)
        if key not in self._reach:
            n = self.adapter.most_cards(self.position.view)
            rects = card_reach(self.board.targets(self.adapter.hand_zone(seat), n), lay)
            self._reach[key] = rects[0].unionall(rects[1:]) if rects else None
        return self._reach[key]
