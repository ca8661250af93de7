"""Card lettering with the bold Noto Sans that pygame-gui bundles.

The font file is located without importing pygame_gui (which costs ~50 ms).
Text is sized by the height of its capitals, not by the font's em size, so
"10", "K" and "J" share a baseline and a cap line in every index.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from functools import lru_cache

import pygame

from scenes.kit.untilquit import UntilQuit

#: Font objects are per thread: SDL_ttf must not render with one font from two
#: threads at once, and the table draws card masters in a background thread.
_local = threading.local()
#: a token that lasts until pygame quits: a thread's fonts made under another token are
#: dead (SDL_ttf refuses a font made before ``pygame.quit()``, even once started again)
_life: UntilQuit[str, object] = UntilQuit()


def _font_file(bold: bool) -> str | None:
    spec = importlib.util.find_spec("pygame_gui")
    if spec is None or not spec.submodule_search_locations:
        return None
    name = "NotoSans-Bold.ttf" if bold else "NotoSans-Regular.ttf"
    for folder in spec.submodule_search_locations:
        path = os.path.join(folder, "data", name)
        if os.path.isfile(path):
            return path
    return None


@lru_cache(maxsize=2)
def _font_path(bold: bool) -> str | None:
    return _font_file(bold)


def font(size: int, bold: bool = True) -> pygame.font.Font:
    """This thread's font of that pixel size (loaded once per thread)."""
    life = _life.get("life", object)
    fonts = getattr(_local, "fonts", None)
    if fonts is None or getattr(_local, "life", None) is not life:
        fonts = _local.fonts = {}
        _local.life = life
    f = fonts.get((size, bold))
    if f is None:
        if not pygame.font.get_init():
            pygame.font.init()
        path = _font_path(bold)
        f = pygame.font.Font(path, size)
        if path is None:
            f.set_bold(bold)
        if len(fonts) > 48:
            fonts.clear()
        fonts[(size, bold)] = f
    return f


@lru_cache(maxsize=128)
def _cap_box(size: int, bold: bool) -> tuple[int, int]:
    """Top of the capitals and the baseline, in pixels of a rendered line."""
    r = font(size, bold).render("H", True, (0, 0, 0)).get_bounding_rect()
    return r.top, r.bottom


def render(s: str, color: tuple, cap_px: float, bold: bool = True, condense: float = 1.0,
           max_w: float | None = None) -> pygame.Surface:
    """``s`` with capitals cap_px tall; the surface top is the cap line.

    The string is rendered large, cropped to its ink and scaled, so the size
    is exact at any cap height; condense < 1 narrows it like a card index.
    """
    size = max(12, min(400, int(cap_px * 1.45 * 2)))
    f = font(size, bold)
    surf = f.render(s, True, color)
    top, base = _cap_box(size, bold)
    ink = surf.get_bounding_rect()
    if ink.w == 0:
        return pygame.Surface((1, 1), pygame.SRCALPHA)
    bottom = max(base, ink.bottom)
    top = min(top, ink.top)
    crop = surf.subsurface(pygame.Rect(ink.left, top, ink.w, bottom - top))
    k = cap_px / max(1, base - _cap_box(size, bold)[0])
    w = ink.w * k * condense
    if max_w is not None and w > max_w:
        w = max_w
    h = (bottom - top) * k
    return pygame.transform.smoothscale(crop, (max(1, round(w)), max(1, round(h))))
