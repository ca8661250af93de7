"""A glow ring for selected cards and a soft drop shadow, both larger than a card.

Both surfaces are centred on the card they belong to: blit them with
``surf.get_rect(center=card_rect.center)`` (shadows usually a few pixels lower).
"""

from __future__ import annotations

import pygame

from scenes.window.convert import for_screen


def pad_for(width: int) -> int:
    """How far glows and shadows reach beyond the card edge, in pixels."""
    return max(4, round(width * 0.09))


def _blurred_rect(size: tuple[int, int], pad: int, radius: int, rgb: tuple, alpha: int,
                  ring: int = 0) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface((w + 2 * pad, h + 2 * pad), pygame.SRCALPHA)
    surf.fill((*rgb, 0))
    rect = pygame.Rect(pad, pad, w, h)
    pygame.draw.rect(surf, (*rgb, alpha), rect.inflate(ring * 2, ring * 2),
                     width=0, border_radius=radius + ring)
    blur = max(1, pad // 2)
    surf = pygame.transform.gaussian_blur(surf, blur)
    return surf


def glow(size: tuple[int, int], corner: float, rgb: tuple) -> pygame.Surface:
    """A soft halo with a crisp edge line, transparent over the card itself."""
    w, h = size
    pad = pad_for(w)
    radius = round(corner * w / 100)
    rgb = tuple(rgb[:3])
    surf = _blurred_rect(size, pad, radius, rgb, 255, ring=max(2, pad * 3 // 5))
    # a crisp line just outside the card edge
    line = max(2, round(w / 45))
    pygame.draw.rect(surf, (*rgb, 255), pygame.Rect(pad, pad, w, h).inflate(2 * line, 2 * line),
                     width=line, border_radius=radius + line)
    # hollow out the card area so the glow can be drawn before or after the card
    hole = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    hole.fill((255, 255, 255, 255))
    pygame.draw.rect(hole, (255, 255, 255, 0), pygame.Rect(pad, pad, w, h).inflate(-2, -2),
                     border_radius=radius)
    surf.blit(hole, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    return _converted(surf)


def shadow(size: tuple[int, int], corner: float) -> pygame.Surface:
    w, _ = size
    pad = pad_for(w)
    radius = round(corner * w / 100)
    return _converted(_blurred_rect(size, pad, radius, (0, 0, 0), 150, ring=-1))


def _converted(surf: pygame.Surface) -> pygame.Surface:
    """Converted for fast blits on the main thread only (the display belongs to it)."""
    return for_screen(surf)
