"""The seats' name plates as drawn: their words and where they lie, from the real names.

An online table names its seats ("Computer 2", a friend's name of 24 letters, "Il
computer gioca per Bruno" while a friend is away), and a name is as long as its owner
made it; the layout plans each plate's place for the usual words ("Ovest"). So a plate
is measured from its real words: the name is cut short with an ellipsis past
:meth:`Layout.plate_room <scenes.kit.layout.Layout.plate_room>` (the log, the spoken
table and the score sheets keep it whole), and a plate beside its own hand (the seat
across the top) lies as far from the hand as its real width needs, not the width the
layout assumed (at 1000x640 with the largest text "Computer 3" ran onto its backs).
"""

from __future__ import annotations

from typing import Any, Callable, Optional

import pygame

from scenes.kit.hud import Hud
from scenes.kit.layout import Layout
from scenes.table.board import Board
from scenes.table.strip_place import card_reach


class Plates:
    """Each seat's plate words (fitted to the layout's room) and its centre, clear of its
    own hand; the painter moves it past the score board from there."""

    def __init__(self, adapter: Any, hud: Hud, board: Board,
                 view: Callable[[], Any]) -> None:
        self.adapter = adapter
        self.hud = hud
        self.board = board
        self.view = view
        self._reach: dict[tuple, Optional[pygame.Rect]] = {}

    def name(self, seat: int, lay: Layout) -> str:
        """The plate's words: the adapter's, the seat's name cut short (an ellipsis at its
        end) where the words would pass the layout's room; a friend away is "Computer
        playing for Bruno", else "Computer for Bruno", those words whole and the name
        cut ("Il computer gioca per B…" at 1000x640 with the largest text lost him)."""
        font, room = lay.font(15), lay.plate_room

        def wide(words: str) -> int:
            return int(self.hud.text.render(words, font, bold=True).get_width())
        for short in (False, True):
            words = str(self.adapter.plate_name(seat, lay, short=short))
            if wide(words) <= room:
                return words
        name = self.adapter.seat_name(seat, lay)
        if name not in words:
            return self.hud.shorten(words, font, room)
        own = wide(words) - wide(name)
        return str(self.adapter.plate_name(seat, lay, self.hud.shorten(name, font, room - own),
                                           short=True))

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
            n = self.adapter.most_cards(self.view())
            rects = card_reach(self.board.targets(self.adapter.hand_zone(seat), n), lay)
            self._reach[key] = rects[0].unionall(rects[1:]) if rects else None
        return self._reach[key]
