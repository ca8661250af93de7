"""Table phrases: a short fixed list ("Good game", "Well played", "One moment" ...) a
player at an online table may say; shown by the sender's plate on every table for
a few seconds: above the plate, else under it, else beside it, wherever it first
covers neither the table's boxes (the score board, the corner buttons, the rank strip,
the plates) nor its words, nor leaves the window.

No free text (nothing to moderate): a phrase crosses the network as its id
(game/net/protocol.py ``PHRASES``) and each table words it in its own language
(``phrase.<id>``).  Every client answers ``says``, ``say(phrase)`` and
``heard()`` (the Client protocol): the host's table client and a guest's say
them; a spectator hears but says nothing; a game on this computer alone has
nobody to tell.  T (or the Say corner
button) opens the list; 1 to 6, or a click, says one; T or Esc closes it.
"""

from __future__ import annotations

from typing import Any, Callable, Optional, Sequence

import pygame

from game.net.protocol import PHRASES
from scenes.i18n import tr
from scenes.kit import theme

#: seconds a phrase stays by its sender's plate
SHOWN_FOR = 4.0
_NUMBERS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, len(PHRASES) + 1)}


#: how many steps out from a plate a phrase's bubble looks for a clear place
STEPS_OUT = 3


def by_plate(bubble: pygame.Rect, plate: pygame.Rect, gap: int, window: pygame.Rect,
             taken: Sequence[pygame.Rect]) -> pygame.Rect:
    """Where a bubble of ``bubble``'s size goes by ``plate``: above it, under it, to its
    right, to its left, the first place inside the window that overlaps nothing
    ``taken``; then each of those a step further out (past a plate's own words, "Bet 2 ·
    Won 0", that a bubble right above it covered); if none is clear, above it (under it
    at the window's top), kept inside."""
    places = []
    for step in range(STEPS_OUT):
        out_y, out_x = step * (bubble.h + gap), step * (bubble.w // 2 + gap)
        for anchor, point in (("midbottom", (plate.centerx, plate.top - gap - out_y)),
                              ("midtop", (plate.centerx, plate.bottom + gap + out_y)),
                              ("midleft", (plate.right + gap + out_x, plate.centery)),
                              ("midright", (plate.left - gap - out_x, plate.centery))):
            place = bubble.copy()
            setattr(place, anchor, point)
            places.append(place)
    for place in places:
        if window.contains(place) and place.collidelist(list(taken)) < 0:
            return place
    place = places[0] if places[0].top >= window.top else places[1]
    return place.clamp(window)


class TablePhrases:
    """A part of the table: what was said lately, and the list to say one.  Given the
    client (who says and hears) and the seat of this screen (None: a spectator)."""

    def __init__(self, client: Any, seat: Optional[int]) -> None:
        self.client = client
        self.seat = seat
        self.said: dict[int, list[Any]] = {}    # seat -> [phrase, seconds left]
        self.phrase_menu = False                 # the list to say one is open
        self._rects: list[pygame.Rect] = []      # the list's rows, where the last draw put them

    @property
    def can_say(self) -> bool:
        """A person's seat at an online table (a spectator only listens)."""
        return self.seat is not None and bool(self.client.says)

    def toggle_phrases(self) -> None:
        self.phrase_menu = self.can_say and not self.phrase_menu

    def say_phrase(self, index: int) -> None:
        """Say the ``index``-th phrase (the list closes)."""
        if self.can_say and 0 <= index < len(PHRASES):
            self.client.say(PHRASES[index])
        self.phrase_menu = False

    def hear(self, dt: float) -> None:
        """Take the phrases said since the last frame; let the old ones fade."""
        said = self.said
        for seat, phrase in self.client.heard():
            if phrase in PHRASES:
                said[seat] = [phrase, SHOWN_FOR]
        for seat in list(said):
            said[seat][1] -= dt
            if said[seat][1] <= 0:
                del said[seat]

    def screen_key(self) -> tuple:
        """What the phrases add to the screen's key (the table redraws when it changes)."""
        return (self.phrase_menu, tuple(sorted((s, p) for s, (p, _) in self.said.items())))

    def key(self, event: pygame.event.Event) -> bool:
        """While the list is open (T, a binding of scenes/table/keys.py, opens it), a
        number says a phrase and Esc closes it.  Whether the key was the phrases'."""
        if not self.can_say or not self.phrase_menu:
            return False
        if event.key in _NUMBERS:
            self.say_phrase(_NUMBERS[event.key])
            return True
        if event.key == pygame.K_ESCAPE:
            self.phrase_menu = False
            return True
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        """A click on the open list: says the phrase under it (elsewhere: closes it)."""
        if not self.phrase_menu:
            return False
        for index, rect in enumerate(self._rects):
            if rect.collidepoint(pos):
                self.say_phrase(index)
                return True
        self.phrase_menu = False
        return True

    def draw(self, surface: pygame.Surface, log: dict, lay: Any, text: Any,
             plate_rect: Callable[[int], pygame.Rect], taken: Sequence[pygame.Rect] = ()) -> None:
        """Each phrase by its sender's plate, clear of what is ``taken`` (see the module
        docstring); the list, when open, over the middle."""
        font = lay.font(15)
        window = pygame.Rect(0, 0, *lay.size)
        for seat, (phrase, _) in self.said.items():
            plate = plate_rect(seat)
            img = text.render(tr(f"phrase.{phrase}"), font, theme.INK, True)
            pad = max(4, font // 3)
            bubble = by_plate(img.get_rect().inflate(pad * 3, pad * 2), plate, pad, window,
                              [plate, *taken])
            pygame.draw.rect(surface, theme.CREAM, bubble, border_radius=bubble.h // 2)
            pygame.draw.rect(surface, theme.GOLD_DARK, bubble, width=2,
                             border_radius=bubble.h // 2)
            surface.blit(img, img.get_rect(center=bubble.center))
            log[("phrase", seat, phrase)] = tuple(bubble)
        self._rects = []
        if not self.phrase_menu:
            return
        pad = max(6, font // 2)
        lines = [(str(i + 1), tr(f"phrase.{p}")) for i, p in enumerate(PHRASES)]
        imgs = [(text.render(n, font, theme.GOLD, True), text.render(w, font, theme.CREAM, True))
                for n, w in lines]
        row_h = max(img.get_height() for _, img in imgs) + pad
        width = max(n.get_width() + w.get_width() for n, w in imgs) + pad * 4
        title = text.render(tr("net.phrases_hint"), font, theme.CREAM_DIM, True)
        width = max(width, title.get_width() + pad * 2)
        panel = pygame.Rect(0, 0, width, row_h * (len(imgs) + 1) + pad)
        panel.center = (lay.width // 2, lay.height // 2)     # over the middle, for a moment
        theme.draw_panel(surface, panel)
        surface.blit(title, (panel.x + pad, panel.y + pad // 2))
        for index, (number, words) in enumerate(imgs):
            row = pygame.Rect(panel.x, panel.y + row_h * (index + 1), panel.w, row_h)
            surface.blit(number, (row.x + pad, row.centery - number.get_height() // 2))
            surface.blit(words, (row.x + pad * 2 + number.get_width(),
                                 row.centery - words.get_height() // 2))
            self._rects.append(row)
        log[("phrases", len(imgs))] = tuple(panel)
