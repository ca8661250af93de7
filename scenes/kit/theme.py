"""Palette, spacing and a few drawing helpers shared by every scene.

One place for colours keeps the menu, the table and the dialogs looking like
one program: a deep green felt, warm gold accents, cream text.  The felt
background is costly to build (noise, vignette), so it is cached per size.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # pragma: no cover
    from scenes.kit.fonts import SizedFont

# --- palette ---------------------------------------------------------------
FELT = (24, 88, 56)
FELT_LIGHT = (36, 112, 72)
FELT_DARK = (12, 52, 33)
GOLD = (214, 178, 92)
GOLD_LIGHT = (244, 214, 140)
GOLD_DARK = (150, 116, 48)
CREAM = (246, 238, 218)
CREAM_DIM = (206, 198, 176)
MUTED = (150, 168, 152)
INK = (28, 24, 20)
RED = (190, 48, 52)
PANEL = (10, 36, 24, 210)          # translucent dark-green panel behind text
PANEL_SOLID = (14, 44, 30)
SHADOW = (0, 0, 0, 110)
DIM = (0, 0, 0, 190)                 # over the scene below an overlay: it recedes
HIDE = (4, 16, 10, 228)              # below a full-screen overlay (rules, settings): out of sight
FOCUS = GOLD_LIGHT
DISABLED = (112, 124, 114)

# --- spacing ---------------------------------------------------------------
PAD = 16
GAP = 10
RADIUS = 10
BORDER = 2

#: The design size: layouts scale from it (see :func:`ui_scale`).
BASE_SIZE = (1280, 720)


def ui_scale(size: tuple[int, int]) -> float:
    """How much bigger or smaller than 1280x720 the UI should be (never below 0.62)."""
    w, h = size
    return max(0.62, min(w / BASE_SIZE[0], h / BASE_SIZE[1], 1.6))


def px(value: float, size: tuple[int, int]) -> int:
    """A design-size length scaled to the window."""
    return max(1, round(value * ui_scale(size)))


def font_px(value: float, size: tuple[int, int], minimum: int = 12) -> int:
    """A font size scaled to the window, never below ``minimum`` (small hints stay legible)."""
    return max(minimum, round(value * ui_scale(size)))


def reading_scale(size: tuple[int, int]) -> float:
    """Scale for long text: shrinks less than the rest, so rules stay readable in small windows."""
    return max(0.8, ui_scale(size))


@lru_cache(maxsize=1)
def _noise_tile() -> pygame.Surface:
    """A 128x128 tile of faint light and dark speckles: the weave of the felt.

    Built with bytes operations (no per-pixel Python loop): start-up matters.
    """
    side = 128
    n = side * side
    noise = random.Random(7).randbytes(n)
    dark_alpha = bytes(max(0, (128 - v) // 9) for v in range(256))
    light_alpha = bytes(max(0, (v - 128) // 14) for v in range(256))
    tile = pygame.Surface((side, side), pygame.SRCALPHA)
    for rgb, table in ((0, dark_alpha), (255, light_alpha)):
        buf = bytearray(4 * n)
        if rgb:
            buf[0::4] = buf[1::4] = buf[2::4] = bytes([rgb]) * n
        buf[3::4] = noise.translate(table)
        tile.blit(pygame.image.frombuffer(bytes(buf), (side, side), "RGBA"), (0, 0))
    return tile


def _vignette(size: tuple[int, int]) -> pygame.Surface:
    """A soft dark rim, built small and smooth-scaled (cheap at any size); not kept:
    only the felt, cached whole, needs it (a kept 1080p rim would hold 8 MB)."""
    sw, sh = 64, 40
    data = bytearray()
    for y in range(sh):
        for x in range(sw):
            dx = (x + 0.5) / sw * 2 - 1
            dy = (y + 0.5) / sh * 2 - 1
            d = min(1.0, (dx * dx + dy * dy) ** 0.5 / 1.35)
            a = int(210 * d ** 2.4)
            data += bytes((0, 0, 0, a))
    small = pygame.image.frombuffer(bytes(data), (sw, sh), "RGBA")
    return pygame.transform.smoothscale(small, size)


@lru_cache(maxsize=2)
def felt_background(size: tuple[int, int]) -> pygame.Surface:
    """The table felt: a light centre, woven speckle and a vignette, cached for the last two
    sizes (a window and its fullscreen; 8 MB each at 1920x1080)."""
    w, h = max(1, size[0]), max(1, size[1])
    surface = pygame.Surface((w, h))
    # A radial light in the middle: a few concentric ellipses on a tiny surface.
    gw, gh, steps = 64, 40, 16
    glow = pygame.Surface((gw, gh))
    glow.fill(FELT)
    for i in range(steps, 0, -1):
        t = i / steps
        c = tuple(round(FELT[k] + (FELT_LIGHT[k] - FELT[k]) * (1 - t)) for k in range(3))
        r = pygame.Rect(0, 0, round(gw * t * 1.2), round(gh * t * 1.2))
        r.center = (gw // 2, gh // 2)
        pygame.draw.ellipse(glow, c, r)
    surface.blit(pygame.transform.smoothscale(glow, (w, h)), (0, 0))
    tile = _noise_tile()
    tw, th = tile.get_size()
    for ty in range(0, h, th):
        for tx in range(0, w, tw):
            surface.blit(tile, (tx, ty))
    surface.blit(_vignette((w, h)), (0, 0))
    return surface


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, *, border: tuple | None = GOLD_DARK,
               fill: tuple = PANEL, radius: int = RADIUS, shadow: int = 4) -> None:
    """A rounded translucent panel with a drop shadow and a thin gold rim."""
    if shadow:
        sh = pygame.Surface((rect.w + shadow * 2, rect.h + shadow * 2), pygame.SRCALPHA)
        pygame.draw.rect(sh, SHADOW, sh.get_rect(), border_radius=radius + shadow)
        surface.blit(sh, (rect.x - shadow + 2, rect.y - shadow + 4))
    if len(fill) == 4 and fill[3] < 255:
        body = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(body, fill, body.get_rect(), border_radius=radius)
        surface.blit(body, rect.topleft)
    else:
        pygame.draw.rect(surface, fill[:3], rect, border_radius=radius)
    if border:
        pygame.draw.rect(surface, border, rect, width=BORDER, border_radius=radius)


def dim(surface: pygame.Surface, colour: tuple = DIM) -> None:
    """Darken the whole surface (within its clip): what an overlay does to the scene below.
    Blended in place, two fills, where a veil the window's size would hold 33 MB at
    3840x2160 for a blit that multiplies every pixel by the same number."""
    r, g, b, a = colour
    keep = 255 - a
    surface.fill((keep, keep, keep), special_flags=pygame.BLEND_MULT)
    if r or g or b:
        surface.fill((r * a // 255, g * a // 255, b * a // 255), special_flags=pygame.BLEND_ADD)


def text(surface: pygame.Surface, font: "SizedFont", words: str, colour: tuple,
         pos: tuple[int, int], anchor: str = "topleft", shadow: bool = True) -> pygame.Rect:
    """Blit one line of text with a soft shadow; returns where it went."""
    image = font.render(words, True, colour)
    rect = image.get_rect(**{anchor: pos})
    if shadow:
        shade = font.render(words, True, (0, 0, 0))
        shade.set_alpha(120)
        off = max(1, font.get_height() // 18)
        surface.blit(shade, rect.move(off, off))
    surface.blit(image, rect)
    return rect


def app_icon(side: int = 64) -> pygame.Surface:
    """The window icon: a cream card with a red heart on a round green felt."""
    icon = pygame.Surface((side, side), pygame.SRCALPHA)
    u = side / 32
    pygame.draw.rect(icon, FELT, icon.get_rect(), border_radius=round(8 * u))
    pygame.draw.rect(icon, GOLD, icon.get_rect(), width=max(1, round(1.5 * u)), border_radius=round(8 * u))
    card = pygame.Rect(0, 0, round(18 * u), round(25 * u))
    card.center = (side // 2, side // 2)
    pygame.draw.rect(icon, CREAM, card, border_radius=round(3 * u))
    pygame.draw.rect(icon, GOLD_DARK, card, width=max(1, round(u)), border_radius=round(3 * u))
    cx, cy, r = card.centerx, card.centery - round(2 * u), round(3.4 * u)
    pygame.draw.circle(icon, RED, (cx - r + round(0.5 * u), cy), r)
    pygame.draw.circle(icon, RED, (cx + r - round(0.5 * u), cy), r)
    pygame.draw.polygon(icon, RED, [(cx - 2 * r + round(0.6 * u), cy + round(u)),
                                    (cx + 2 * r - round(0.6 * u), cy + round(u)),
                                    (cx, cy + round(8 * u))])
    return icon
