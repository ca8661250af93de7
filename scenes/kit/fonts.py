"""Fonts: one shared face per weight, drawn at any size, for every scene.

NotoSans (pygame-gui's default) has no suit symbols and no Chinese, so text
like "Briscola: ♠" or "地主" would show boxes.  NotoSansSC, also bundled with
pygame-gui, covers Latin with accents, the four suits and Chinese, with a
real bold face: it is the one font for all game text.

Its Chinese tables make every opened ``pygame.font.Font`` cost about 1 MB, and a
1080p table asks for some twenty-five sizes, so the scenes draw through
``pygame.freetype`` instead: one face per weight renders every size (the whole
table's text costs a few MB, not twenty-five).  :class:`SizedFont` dresses one
size of a face in the few ``pygame.font.Font`` methods the scenes use, with the
same line height at every text, so nothing else changes.
"""

from __future__ import annotations

import importlib.resources
import math
from functools import cache, lru_cache
from pathlib import Path
from typing import Optional

import pygame
import pygame.freetype

from scenes.kit.untilquit import UntilQuit

REGULAR = "NotoSansSC-Regular.otf"
BOLD = "NotoSansSC-Bold.otf"

Colour = tuple


@cache
def font_path(bold: bool = False) -> Path:
    """Where pygame-gui keeps the bundled font file."""
    folder = importlib.resources.files("pygame_gui") / "data"
    return Path(str(folder / (BOLD if bold else REGULAR)))


#: the two faces, opened once for every :class:`Fonts` while pygame runs (9 ms each)
_FACES: UntilQuit[bool, pygame.freetype.Font] = UntilQuit()


def _open_face(bold: bool) -> pygame.freetype.Font:
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    try:
        face = pygame.freetype.Font(str(font_path(bold)))
    except (OSError, FileNotFoundError):  # a broken install still shows text
        face = pygame.freetype.Font(None)
        face.strong = bold
    face.antialiased = True
    face.kerning = True
    face.origin = True       # render_to places the baseline's start at the point given
    return face


def _units_per_em(face: pygame.freetype.Font) -> int:
    """The face's design grid (freetype does not say it; its scaled ascender does)."""
    probe = 2048
    return max(1, round(face.ascender * probe / max(1, face.get_sized_ascender(probe))))


class SizedFont:
    """One size of a shared face, with ``pygame.font.Font``'s render / size / heights.

    Lines are as tall as pygame.font makes them (the face's line height rounded up),
    with the baseline at the same height, so layouts measured before still hold."""

    __slots__ = ("_face", "_size", "_style", "_height", "_ascent")

    def __init__(self, face: pygame.freetype.Font, size: int, italic: bool = False) -> None:
        self._face = face
        self._size = size
        self._style = pygame.freetype.STYLE_OBLIQUE if italic else pygame.freetype.STYLE_DEFAULT
        self._ascent = face.get_sized_ascender(size)
        self._height = max(1, math.ceil(face.height * size / _units_per_em(face)))

    def render(self, text: str, antialias: bool, colour: Colour,
               background: Optional[Colour] = None) -> pygame.Surface:
        """One line of text, as tall as :meth:`get_height` whatever its letters."""
        surf = pygame.Surface((self.size(text)[0], self._height), pygame.SRCALPHA)
        if background is not None:
            surf.fill(background)
        if text:
            self._face.render_to(surf, (0, self._ascent), text, colour,
                                 style=self._style, size=self._size)
        return surf

    def size(self, text: str) -> tuple[int, int]:
        if not text:
            return 0, self._height
        face, size = self._face, self._size
        advance = sum(m[4] for m in face.get_metrics(text, size=size) if m)
        ink = face.get_rect(text, style=self._style, size=size)
        return max(round(advance), ink.right), self._height

    @property
    def point_size(self) -> int:
        """The size it was asked for (what ``Fonts.get`` takes)."""
        return self._size

    def get_height(self) -> int:
        return self._height

    def get_linesize(self) -> int:
        return self._height

    def get_ascent(self) -> int:
        return self._ascent

    def get_italic(self) -> bool:
        return self._style == pygame.freetype.STYLE_OBLIQUE


class Fonts:
    """``get(size, bold)`` -> a cached :class:`SizedFont` that renders suits and Chinese;
    ``italic(size, bold)`` its slanted twin.  Sizes are views of two shared faces, so
    keeping every size a table asks for costs almost nothing; the faces are the
    process's, shared by every Fonts until pygame quits."""

    def __init__(self) -> None:
        self._sized: dict[tuple[int, bool, bool], SizedFont] = {}

    def get(self, size: int, bold: bool = False) -> SizedFont:
        return self._kept(size, bold, italic=False)

    def italic(self, size: int, bold: bool = False) -> SizedFont:
        """A slanted face (NotoSansSC has no italic file: freetype slants it)."""
        return self._kept(size, bold, italic=True)

    def _kept(self, size: int, bold: bool, italic: bool) -> SizedFont:
        key = (max(6, int(size)), bool(bold), italic)
        font = self._sized.get(key)
        if font is None:
            bold_face = key[1]
            face = _FACES.get(bold_face, lambda: _open_face(bold_face))
            font = self._sized[key] = SizedFont(face, key[0], italic)
        return font


def shorten(font: SizedFont, words: str, width: int) -> str:
    """The words as they fit in ``width``: whole, or cut short with an ellipsis, so that a
    line that does not fit says it goes on rather than stopping mid-word."""
    if font.size(words)[0] <= width:
        return words
    while len(words) > 1 and font.size(words + "…")[0] > width:
        words = words[:-1]
    return words.rstrip() + "…"


def wrap(font: SizedFont, words: str, width: int) -> list[str]:
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


def wrap_even(font: SizedFont, words: str, width: int) -> list[str]:
    """:func:`wrap` into as few lines, each about as wide as the others: the narrowest
    width that still gives that count, so a centred line of words never ends in one
    word alone under a long line ("… Resume it from the" / "menu"). Remembered: a
    notice or a panel asks it again at every frame it is drawn."""
    return list(_wrapped_even(font, words, width))


@lru_cache(maxsize=256)
def _wrapped_even(font: SizedFont, words: str, width: int) -> tuple[str, ...]:
    lines = wrap(font, words, width)
    if len(lines) < 2 or "\n" in words:
        return tuple(lines)
    low, high = 1, width          # a greedy wrap's count falls as the width grows
    while low < high:
        mid = (low + high) // 2
        if len(wrap(font, words, mid)) <= len(lines):
            high = mid
        else:
            low = mid + 1
    return tuple(wrap(font, words, low))
