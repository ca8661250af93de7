"""pygame-gui's manager over a theme loaded once while pygame runs.

Loading the theme file is most of what a new ``UIManager`` costs (some 45 ms of CPU:
pygame-gui's default theme and ours parsed, colour by colour, and their fonts read
from disk and opened).  The theme is the same for every manager made from the same
file, and nothing of a window is in it: each manager keeps its own elements, focus,
size and root container.  So every manager made here shares the theme of its file
until pygame quits (scenes/kit/untilquit.py): a process that makes many Apps (the
tests) loads it once.  A theme given as data (a dict, a stream) is loaded afresh.
"""

from __future__ import annotations

import io
import os
from typing import Optional, Sequence, Union

import pygame_gui
from pygame_gui.core import UIAppearanceTheme
from pygame_gui.core.utility import PackageResource

from scenes.kit.untilquit import UntilQuit

ThemeSource = Union[str, os.PathLike, io.StringIO, PackageResource, dict]
Font = dict[str, Union[str, int, float]]

#: each theme file's loaded theme, by its path
_THEMES: UntilQuit[str, UIAppearanceTheme] = UntilQuit()


class UIManager(pygame_gui.UIManager):
    """A ``pygame_gui.UIManager`` whose theme file is loaded once for all of them; the
    ``fonts`` (as ``preload_fonts`` takes them) are loaded into the theme when it is
    (pygame-gui warns of a font loaded twice)."""

    def __init__(self, size: tuple[int, int], theme_path: ThemeSource,
                 fonts: Sequence[Font] = ()) -> None:
        self._made_theme = False
        super().__init__(size, theme_path)
        if self._made_theme and fonts:
            self.preload_fonts(list(fonts))

    def create_new_theme(self, theme_path: Optional[ThemeSource] = None) -> UIAppearanceTheme:
        if not isinstance(theme_path, (str, os.PathLike)):
            return self._made(theme_path)
        return _THEMES.get(str(theme_path), lambda: self._made(theme_path))

    def _made(self, theme_path: Optional[ThemeSource]) -> UIAppearanceTheme:
        self._made_theme = True
        return super().create_new_theme(theme_path)
