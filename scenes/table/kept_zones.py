"""A zone of cards at rest kept as the picture it makes, and blitted whole.

A frame painted in part (scenes/dirty.py) draws again every card under the rectangles
that changed, and a zone of many overlapping cards at rest is dear to draw: the deck a
deal comes from is some forty cards in one pile (each card's shadow and face blended
whole, 88 blits of a card's size at 3840x2160, in every frame a card leaves it or flies
over it), and a hand of twenty fanned cards is forty.  Once a pass has painted all of
such a zone, what it painted there (the felt, the slots and cards under it, the zone's
cards) is kept; a later pass whose log says nothing of that changed (the same cards in
the same states, the same things under them) blits the kept picture instead, one opaque
copy, the same pixels.  A card of the zone that changes (played, lifted, turned, lit)
makes a new picture the next time a pass paints the whole zone.  A pile (a deck) less its
top card is kept too: the card a deal takes next, whose leaving the pile would otherwise
draw the rest of it card by card in that frame.
"""

from __future__ import annotations

from typing import Optional

import pygame

#: a zone of fewer cards is drawn card by card (a picture of it saves little)
FEWEST = 3

#: what it was painted from, where it lies, what it shows
Picture = tuple[tuple, pygame.Rect, pygame.Surface]


def picture_of(key: tuple, rect: pygame.Rect, surface: pygame.Surface) -> Picture:
    """What ``surface`` shows now within ``rect``, painted from ``key``."""
    return key, pygame.Rect(rect), surface.subsurface(rect).copy()


class KeptZones:
    """Each zone's kept picture: where it lies, and all it was painted from."""

    def __init__(self) -> None:
        #: by zone: the pictures kept (the whole zone's, the zone's less its top card)
        self._kept: dict[str, list[Picture]] = {}

    def forget(self) -> None:
        """Every picture goes (the table leaves, or the window changed size)."""
        self._kept.clear()

    def picture(self, zone: str, key: tuple) -> Optional[tuple[pygame.Rect, pygame.Surface]]:
        """The zone's picture when it was painted from ``key`` (else None)."""
        for kept, rect, picture in self._kept.get(zone, ()):
            if kept == key:
                return rect, picture
        return None

    def keep(self, zone: str, pictures: list[Picture]) -> None:
        """These pictures (:func:`picture_of`) in place of what was kept for the zone."""
        self._kept[zone] = pictures

    def retain(self, zones: set[str]) -> None:
        """Only these zones' pictures stay (a deck dealt out, a pile taken, keeps none)."""
        for zone in [z for z in self._kept if z not in zones]:
            del self._kept[zone]

    @property
    def bytes(self) -> int:
        """What the pictures hold."""
        return sum(s.get_width() * s.get_height() * s.get_bytesize()
                   for kept in self._kept.values() for _, _, s in kept)
