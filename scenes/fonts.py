"""Fonts, loaded once per (size, bold) and shared by every scene.

NotoSans (pygame-gui's default) has no suit symbols and no Chinese, so text
like "Briscola: ♠" or "地主" would show boxes.  NotoSansSC, also bundled with
pygame-gui, covers Latin with accents, the four suits and Chinese, with a
real bold face: it is the one font for all game text.
"""

from __future__ import annotations

import importlib.resources
from collections import OrderedDict
from functools import lru_cache
from pathlib import Path

import pygame

REGULAR = "NotoSansSC-Regular.otf"
BOLD = "NotoSansSC-Bold.otf"


@lru_cache(maxsize=None)
def font_path(bold: bool = False) -> Path:
    """Where pygame-gui keeps the bundled font file."""
    folder = importlib.resources.files("pygame_gui") / "data"
    return Path(str(folder / (BOLD if bold else REGULAR)))


#: fonts kept open: each NotoSansSC face holds about 1 MB (its Chinese tables), and a
#: table asks for some twenty-five sizes; one reopened costs ~7 ms, so no table may thrash
KEEP_OPEN = 32


class Fonts:
    """``get(size, bold)`` -> a cached ``pygame.font.Font`` that renders suits and Chinese;
    the least recently used sizes are closed beyond KEEP_OPEN (upright and slanted alike)."""

    def __init__(self) -> None:
        self._cache: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()
        self._italic: OrderedDict[tuple[int, bool], pygame.font.Font] = OrderedDict()

    def get(self, size: int, bold: bool = False) -> pygame.font.Font:
        return self._kept(self._cache, size, bold, italic=False)

    def italic(self, size: int, bold: bool = False) -> pygame.font.Font:
        """A slanted face (NotoSansSC has no italic file: pygame slants it), cached apart
        so that the shared upright fonts are never switched to italic under anyone's feet."""
        return self._kept(self._italic, size, bold, italic=True)

    def _kept(self, cache: "OrderedDict[tuple[int, bool], pygame.font.Font]", size: int,
              bold: bool, italic: bool) -> pygame.font.Font:
        size = max(6, int(size))
        key = (size, bool(bold))
        font = cache.get(key)
        if font is None:
            font = self._load(size, bold)
            font.set_italic(italic)
            cache[key] = font
            while len(cache) > KEEP_OPEN:
                cache.popitem(last=False)
        else:
            cache.move_to_end(key)
        return font

    def _load(self, size: int, bold: bool) -> pygame.font.Font:
        if not pygame.font.get_init():
            pygame.font.init()
        try:
            return pygame.font.Font(str(font_path(bold)), size)
        except (OSError, FileNotFoundError):  # a broken install still shows text
            return pygame.font.Font(None, size)


def wrap(font: pygame.font.Font, words: str, width: int) -> list[str]:
    """Split text into lines no wider than ``width`` (a long word gets a line of its own)."""
    lines: list[str] = []
    for paragraph in words.split("\n"):
        current = ""
        for word in paragraph.split(" "):
            trial = word if not current else f"{current} {word}"
            if current and font.size(trial)[0] > width:
                lines.append(current)
                current = word
            else:
                current = trial
        lines.append(current)
    return lines
