"""Card faces and backs drawn by code, cached per size.

Others code against :class:`CardArt` only::

    art = CardArt("napoletane")         # four_colour=True: Clubs green, Diamonds blue
    surf = art.face(card, 100)          # 100 x 150, rounded, alpha outside
    back = art.back(100, "italian")
    glow = art.highlight(100, (255, 220, 90))  # blit centred on the card
    turned = art.rotated(card, 100, 12.0)       # blit centred on the card

Everything is drawn in card units on a supersampled sheet and smooth-scaled
to the asked width, so any window size stays crisp.  Rendering a face costs
milliseconds; blitting a cached one, microseconds: the caches are bounded
LRUs keyed by (what, width, style), and rotations are cached by 2-degree steps
so nothing is transformed every frame.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.cards import Card
from scenes.art.cardart import backs, effects, french, italian
from scenes.art.cardart.cache import LRU
from scenes.art.cardart.canvas import Canvas, Color, finish, new_sheet, supersample
from scenes.art.cardart.palette import CARD, EDGE

if TYPE_CHECKING:
    from pygame.typing import ColorLike

CARD_RATIO = 1.5
ITALIAN_STYLES = ("napoletane", "bergamasche", "bresciane")
ANGLE_STEP = 2.0
#: corner radius and border, in card units (a card is 100 units wide)
CORNER = 5.5
BORDER = 0.7
#: narrower requests are drawn at this width
MIN_WIDTH = 8

__all__ = ["CARD_RATIO", "ITALIAN_STYLES", "ANGLE_STEP", "CardArt"]


def _bytes(surf: pygame.Surface) -> int:
    return surf.get_width() * surf.get_height() * surf.get_bytesize()


class CardArt:
    """Renders and caches card faces, backs, glows, shadows and rotations."""

    def __init__(self, italian_style: str = "napoletane", *, four_colour: bool = False,
                 max_faces: int = 600, max_rotated: int = 300, budget: int = 16 << 20) -> None:
        self._style = self._checked(italian_style)
        self._four = bool(four_colour)
        # the tables keep their own faces: these caches serve menus and previews, and
        # are bounded in bytes too (a face at 1080p is ~130 KB)
        self._faces: LRU[pygame.Surface] = LRU(max_faces, budget, _bytes)
        self._rotated: LRU[pygame.Surface] = LRU(max_rotated, budget // 2, _bytes)

    # -- style -----------------------------------------------------------------
    @staticmethod
    def _checked(style: str) -> str:
        if style not in ITALIAN_STYLES:
            raise ValueError(f"unknown Italian style {style!r}; one of {ITALIAN_STYLES}")
        return style

    @property
    def italian_style(self) -> str:
        return self._style

    @italian_style.setter
    def italian_style(self, style: str) -> None:
        self.set_style(style)

    def set_style(self, style: str) -> None:
        """Switch the Italian deck design; cached Italian art is dropped."""
        style = self._checked(style)
        if style == self._style:
            return
        self._style = style
        for cache in (self._faces, self._rotated):
            cache.drop(lambda key: key[-1] in ITALIAN_STYLES)

    @property
    def design(self) -> tuple[str, bool]:
        """What every face and back drawn depends on besides its card and width: two arts
        of one design draw the same images."""
        return self._style, self._four

    @property
    def four_colour(self) -> bool:
        """French faces in four inks (Clubs green, Diamonds blue), not two."""
        return self._four

    def set_four_colour(self, four: bool) -> None:
        """Switch the French deck's inks; cached French faces are dropped."""
        four = bool(four)
        if four == self._four:
            return
        self._four = four
        for cache in (self._faces, self._rotated):
            cache.drop(lambda key: key[0] in ("face", "rot") and key[-1] in (None, "four"))

    def like(self) -> "CardArt":
        """A new art in this one's design (Italian style, French inks), that keeps next to
        nothing: it paints faces once each for a table, which keeps them (a cache of its
        own held a second copy of a deck's faces, 17 MB at 3840x2160)."""
        return type(self)(self._style, four_colour=self._four, max_faces=1, max_rotated=1)

    def _french_key(self) -> str | None:
        """What French faces are drawn in, for the cache keys (None: the two-colour deck)."""
        return "four" if self._four else None

    # -- sizes -----------------------------------------------------------------
    @staticmethod
    def size_for(width: int) -> tuple[int, int]:
        """The (width, height) of every face and back drawn at this width."""
        width = max(MIN_WIDTH, int(width))
        return width, round(width * CARD_RATIO)

    # -- faces and backs ---------------------------------------------------------
    def face(self, card: Card, width: int) -> pygame.Surface:
        width = max(MIN_WIDTH, int(width))
        if card.is_italian:
            style = self._style
            return self._faces.get(("face", card.code, width, style),
                                   lambda: self._render_italian(card, width, style))
        inks = self._french_key()
        return self._faces.get(("face", card.code, width, inks),
                               lambda: self._render_french(card, width, inks == "four"))

    def back(self, width: int, deck: str = "french") -> pygame.Surface:
        if deck not in ("french", "italian"):
            raise ValueError(f"no {deck!r} deck; 'french' or 'italian'")
        width = max(MIN_WIDTH, int(width))
        style = self._style if deck == "italian" else None
        return self._faces.get(("back", deck, width, style),
                               lambda: self._render_back(deck, width, style))

    def highlight(self, width: int, color: ColorLike) -> pygame.Surface:
        """A rounded glow ring, larger than the card: blit it centred on the card."""
        width = max(MIN_WIDTH, int(width))
        rgb = tuple(pygame.Color(color))
        return self._faces.get(("glow", rgb, width, None),
                               lambda: effects.glow(self.size_for(width), CORNER, rgb))

    def shadow(self, width: int) -> pygame.Surface:
        """A soft shadow, larger than the card: blit it centred on the card, offset a little."""
        width = max(MIN_WIDTH, int(width))
        return self._faces.get(("shadow", "", width, None),
                               lambda: effects.shadow(self.size_for(width), CORNER))

    def rotated(self, card: Card | None, width: int, angle: float,
                deck: str = "french") -> pygame.Surface:
        """The face (or, for None, the back) turned by angle degrees counter-clockwise.

        Angles are snapped to ANGLE_STEP and cached; blit the result centred
        where the card's centre should be.
        """
        width = max(MIN_WIDTH, int(width))
        step = round(angle / ANGLE_STEP) * ANGLE_STEP % 360
        base = self.face(card, width) if card is not None else self.back(width, deck)
        if step == 0:
            return base
        if card is None:
            key = ("rot", "back:" + deck, width, step, self._style if deck == "italian" else None)
        else:
            key = ("rot", card.code, width, step,
                   self._style if card.is_italian else self._french_key())
        return self._rotated.get(key, lambda: pygame.transform.rotozoom(base, step, 1.0))

    # -- rendering ---------------------------------------------------------------
    def _blank(self, width: int, height: int, ss: int, paper: Color = CARD,
               edge: Color = EDGE) -> tuple[pygame.Surface, Canvas]:
        sheet, c = new_sheet(width, height, ss, edge)
        k = c.unit
        radius = round(CORNER * k)
        rect = sheet.get_rect()
        pygame.draw.rect(sheet, edge, rect, border_radius=radius)
        b = max(ss, round(BORDER * k))
        pygame.draw.rect(sheet, paper, rect.inflate(-2 * b, -2 * b), border_radius=max(0, radius - b))
        return sheet, c

    def _render_italian(self, card: Card, width: int, style: str) -> pygame.Surface:
        w, h = self.size_for(width)
        paper, edge = italian.paper(style)
        sheet, c = self._blank(w, h, supersample(w), paper, edge)
        italian.draw_face(c, card, style)
        return finish(sheet, w, h)

    def _render_french(self, card: Card, width: int, four: bool) -> pygame.Surface:
        w, h = self.size_for(width)
        sheet, c = self._blank(w, h, supersample(w))
        french.draw_face(c, card, four=four)
        return finish(sheet, w, h)

    def _render_back(self, deck: str, width: int, style: str | None) -> pygame.Surface:
        w, h = self.size_for(width)
        ss = supersample(w)
        sheet, c = self._blank(w, h, ss)
        backs.draw(sheet, c, deck, style, CORNER)
        return finish(sheet, w, h)
