"""The cards of one pass of the table's paint (scenes/table/painting.py).

Each card is drawn in its order (the resting ones by zone, then those in the air), and
logged with all that shows of it and the rectangle it covers.  The pass that only logs
(scenes/dirty.py) keeps each card's box: a clipped pass skips the cards that cover
nothing of its clip (a hand closing ranks at 4K is painted in up to four passes).  A
zone of cards at rest is drawn from its kept picture when nothing it was painted from
changed (scenes/table/kept_zones.py).
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from scenes.art.sprites import CardSprite
from scenes.dirty import PaintLog, box
from scenes.table.board import Board
from scenes.table.card_marks import CardMarks
from scenes.table.kept_zones import FEWEST, KeptZones, Picture, picture_of
from scenes.table.stage import Stage


class CardPass:
    """Draws and logs the board's cards in a pass; reads the input's lit cards and the
    card design (``art_key``), draws a lit card's halo (``marks``) under it."""

    def __init__(self, stage: Stage, board: Board, input: Any, marks: CardMarks,
                 art_key: Callable[[], tuple]) -> None:
        self.stage = stage
        self.board = board
        self.input = input
        self.marks = marks
        self.art_key = art_key
        #: zones of cards at rest kept as the picture they make
        self.kept = KeptZones()
        #: each card's log key -> (all it covers, its rectangle), from the frame's pass
        #: that only logs
        self._cards_seen: dict[tuple, tuple[pygame.Rect, pygame.Rect]] = {}

    def draw(self, surface: pygame.Surface, log: PaintLog,
             under_flying: Callable[[], None]) -> tuple[list[pygame.Rect], bool]:
        """Every card, ``under_flying()`` drawn between those at rest and those in the
        air (the words on the felt); the rectangles of the cards at rest, and whether any
        card was in the air."""
        sprites = self.board.sprites()
        sprites.sort(key=lambda s: (s.flying, s.z))
        flying = False
        resting: list[pygame.Rect] = []     # cards at rest: the look back button avoids them
        clip = surface.get_clip()
        logging = not (clip.w and clip.h)       # the pass that only logs (scenes/dirty.py)
        seen = self._cards_seen if clip != surface.get_rect() and not logging else {}
        if logging:
            self._cards_seen = {}
        i = 0
        while i < len(sprites):
            if sprites[i].flying and not flying:
                flying = True
                under_flying()
            run = self._resting_run(sprites, i)
            if len(run) >= FEWEST and not logging:
                self._draw_zone(surface, run, seen, log, resting)
            else:
                for sprite in run:
                    self._draw_card(surface, sprite, seen, log, resting)
            i += len(run)
        if logging:
            self.kept.retain({s.zone for s in sprites if not s.flying})
        return resting, flying

    def _resting_run(self, sprites: list[CardSprite], i: int) -> list[CardSprite]:
        """The cards from ``sprites[i]`` on that lie at rest in its zone, drawn one after
        the other and none lit (its halo is drawn under it); just that card if it is not
        one of them."""
        lit = self.input.lit
        first = sprites[i]
        if first.flying or first.id in lit:
            return [first]
        end = i + 1
        while end < len(sprites) and sprites[end].zone == first.zone \
                and not sprites[end].flying and sprites[end].id not in lit:
            end += 1
        return sprites[i:end]

    def _draw_card(self, surface: pygame.Surface, sprite: CardSprite, seen: dict,
                   log: PaintLog, resting: list[pygame.Rect]) -> tuple:
        """One card (its halo under it when lit), and its log entry (its key returned):
        skipped where the pass that only logs found it outside this pass's clip."""
        images = self.stage.images
        clip = surface.get_clip()
        if sprite.id in self.input.lit and not sprite.flying:
            self.marks.halo(surface, sprite, log)
        state = ("card", sprite.id, sprite.flying, images.generation) + _sprite_state(sprite)
        # whether it is drawn turned unsmoothed (its smooth image to come) is known
        # once drawn, and stays the same through the frame's passes
        known = seen.get(state + (sprite.id in images.rough_ids,))
        if known is not None and not clip.colliderect(known[0]):
            area, rect = known      # outside this pass's clip: it would paint nothing
        else:
            rect = images.draw(surface, sprite)
            area = _footprint(rect, images.width_for(sprite.scale)).union(images.covered)
        key = state + (sprite.id in images.rough_ids,)
        if not (clip.w and clip.h):
            self._cards_seen[key] = (area, rect)
        if not sprite.flying:
            resting.append(rect)
        log[key] = box(area)
        return key

    def _draw_zone(self, surface: pygame.Surface, run: list[CardSprite], seen: dict,
                   log: PaintLog, resting: list[pygame.Rect]) -> None:
        """A zone's cards at rest (scenes/table/kept_zones.py): its kept picture when
        nothing it was painted from changed, else card by card, and kept when this pass
        painted all of it."""
        images = self.stage.images
        window = surface.get_rect()
        keys = [("card", s.id, s.flying, images.generation) + _sprite_state(s)
                + (s.id in images.rough_ids,) for s in run]
        known = [seen.get(k) for k in keys]
        if all(k is not None for k in known):
            where = _union([k[0] for k in known if k is not None]).clip(window)
            picture = self.kept.picture(run[0].zone, self._zone_key(log, where, keys))
            if picture is not None:
                surface.blit(picture[1], picture[0])
                for key, k in zip(keys, known):
                    if k is not None:
                        log[key] = box(k[0])
                        resting.append(k[1])
                return
        before = dict(log)
        drawn: list[tuple] = []
        pictures: list[Picture] = []
        pile = self.board.geom(run[0].zone).kind == "stack"
        for sprite in run:
            if pile and len(drawn) == len(run) - 1:     # less its top card: a deal's next
                pictures += self._picture(surface, before, drawn, log)
            drawn.append(self._draw_card(surface, sprite, seen, log, resting))
        pictures += self._picture(surface, before, drawn, log)
        if pictures:
            self.kept.keep(run[0].zone, pictures)

    def _picture(self, surface: pygame.Surface, before: PaintLog, keys: list[tuple],
                 log: PaintLog) -> list[Picture]:
        """The picture the cards of ``keys`` make now, when this pass painted all of it
        (else none)."""
        where = _union([pygame.Rect(log[k]) for k in keys]).clip(surface.get_rect())
        if not (where.w and where.h and surface.get_clip().contains(where)):
            return []
        return [picture_of(self._zone_key(before, where, keys), where, surface)]

    def _zone_key(self, below: PaintLog, where: pygame.Rect, keys: list) -> tuple:
        """All a zone's picture within ``where`` is painted from: the window and the card
        design, what the log had painted there before the zone, the zone's cards."""
        under = tuple(k for k, b in below.items() if where.colliderect(b))
        return (self.stage.layout.size, self.art_key(), under, tuple(keys))


def _union(rects: list[pygame.Rect]) -> pygame.Rect:
    return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)


def _footprint(rect: pygame.Rect, width: int) -> pygame.Rect:
    """A card's rectangle with a margin for its shadow and glow around it."""
    pad = max(6, width // 5)
    return rect.inflate(pad * 2, pad * 2).move(pad // 3, pad // 3)


def _sprite_state(sprite: CardSprite) -> tuple:
    """Everything about a card that shows: where, how turned, lifted, lit."""
    return (sprite.x, sprite.y, sprite.angle, sprite.scale, sprite.flip, sprite.alpha,
            sprite.lift, sprite.offset_x, sprite.shown, sprite.focus, sprite.legal, sprite.dim,
            sprite.z, sprite.mark)
