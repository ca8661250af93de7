"""The text fields (a name, a room code, a relay's address): pygame-gui's one-line
entries, made and placed in one way, their words scaled with the window as the rest
of the screen is.

pygame-gui takes a font from its theme file (assets/theme.json: 16 points), the same
at every window size: at 1920x1080 the words stayed small in a field grown half as
tall again, and at 800x500 they filled it to the edges.  So a field's font is the
theme's, at :data:`FIELD_TEXT` points scaled as the screen's own text is
(``theme.font_px``): each size is a theme block (``#field_<points>``) added to the
manager's theme the first time it is needed, and a field placed at a new window size
takes its block (pygame-gui rebuilds it; its text, cursor and focus stay).  A field
given a new size is rebuilt even when its block's font is the one it had: pygame-gui
rebuilds on a changed theme only, and at 1280x720 (the theme's own 16 points) a new
field kept the look of the 100 px one it was made as, with no rim and its words
scrolled off to the left.
"""

from __future__ import annotations

import json
import weakref
from functools import lru_cache
from pathlib import Path
from typing import Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.core.interfaces import IUIManagerInterface

from scenes.kit import theme

#: pygame-gui's theme (colours, shapes, the font): the app's UI manager loads it
THEME_PATH = Path(__file__).resolve().parents[2] / "assets" / "theme.json"
#: a field's words at the design size, in points (the theme's own size)
FIELD_TEXT = 16
#: the font sizes already added to each theme (managers may share one: scenes/kit/uimanager.py)
_ADDED: "weakref.WeakKeyDictionary[object, set[str]]" = weakref.WeakKeyDictionary()


@lru_cache(maxsize=1)
def _theme_font() -> dict[str, Any]:
    """The theme file's font (every element's, through ``#tavolata_base``)."""
    with open(THEME_PATH, encoding="utf-8") as f:
        return dict(json.load(f)["#tavolata_base"]["font"])


def field_points(size: tuple[int, int]) -> int:
    """A field's font size at this window size."""
    return theme.font_px(FIELD_TEXT, size)


def _field_id(manager: IUIManagerInterface, points: int) -> ObjectID:
    """The theme block of a field's font at ``points``, added to the manager's theme
    once."""
    name = f"#field_{points}"
    theme = manager.get_theme()
    added = _ADDED.setdefault(theme, set())
    if name not in added:
        theme.load_theme({name: {"font": {**_theme_font(), "size": str(points)}}})
        added.add(name)
    return ObjectID(object_id=name)


def text_field(manager: pygame_gui.UIManager, limit: int,
               text: str) -> pygame_gui.elements.UITextEntryLine:
    """A new field holding ``text``, at most ``limit`` characters; :func:`place_field`
    puts it in its place."""
    entry = pygame_gui.elements.UITextEntryLine(pygame.Rect(0, 0, 100, 40), manager=manager)
    entry.set_text_length_limit(limit)
    entry.set_text(text)
    return entry


def place_field(entry: pygame_gui.elements.UITextEntryLine, rect: pygame.Rect,
                size: tuple[int, int]) -> None:
    """Put the field at ``rect``, its words as big as the window of ``size`` wants."""
    entry.set_relative_position(rect.topleft)
    resized = tuple(entry.rect.size) != tuple(rect.size)
    entry.set_dimensions(rect.size)
    wanted = _field_id(entry.ui_manager, field_points(size))
    if entry.object_ids[-1] != wanted.object_id:
        entry.change_object_id(wanted)
    if resized:
        entry.rebuild()
