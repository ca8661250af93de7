"""The option rows the Settings and new-game screens share: stepping a value, the keys,
a click on either arrow, the layout and the greyed arrow at the end of a non-wrapping row."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from scenes.kit import theme
from scenes.kit.option_rows import OptionRow, OptionRowsScene, step_value
from tests.scenes.shell_helpers import app, click, key  # noqa: F401

SIZES = OptionRow("size", "Size", (1, 2, 3), str)
LEVEL = OptionRow("level", "Level", (1, 2, 3), str, wrap=False)


class Rows(OptionRowsScene):
    """The least a screen gives: rows, where their values live and what a change does."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.rows = [SIZES, LEVEL]
        self.chosen: dict[str, Any] = {"size": 1, "level": 1}
        self.focus.set_buttons(self.row_buttons())
        self.below = self.lay_out_rows(pygame.Rect(100, 100, 600, 400), 120, 50, 10,
                                       value_w=200, arrow_w=40)

    def value(self, row: OptionRow) -> Any:
        return self.chosen[row.key]

    def change(self, row: OptionRow, delta: int) -> None:
        self.chosen[row.key] = step_value(row, self.value(row), delta)


@pytest.fixture
def rows(app):
    scene = Rows(app)
    app.stack.push(scene)
    return scene


def test_step_value_wraps_or_stops_at_the_ends():
    assert step_value(SIZES, 3, 1) == 1 and step_value(SIZES, 1, -1) == 3
    assert step_value(LEVEL, 3, 1) == 3 and step_value(LEVEL, 1, -1) == 1
    assert step_value(LEVEL, 2.4, 1) == 3          # an odd number snaps to the nearest value
    assert step_value(OptionRow("x", "X", ("a", "b"), str), "gone", 1) == "b"   # else the first


def test_rows_and_arrows_are_laid_out_down_the_area(rows):
    size, level = rows.focus.button("size").rect, rows.focus.button("level").rect
    assert size == pygame.Rect(100, 120, 600, 50) and level == pygame.Rect(100, 180, 600, 50)
    assert rows.below == 240
    left, right = rows._arrows["level"]
    assert left == pygame.Rect(500, 180, 40, 50) and right == pygame.Rect(660, 180, 40, 50)


def test_left_and_right_step_the_focused_row_and_esc_closes(rows, app):
    assert rows.focus.focus_key("size")
    app.frame(1 / 60, [key(pygame.K_LEFT)])
    assert rows.chosen["size"] == 3
    app.frame(1 / 60, [key(pygame.K_RIGHT), key(pygame.K_RIGHT)])
    assert rows.chosen["size"] == 2
    app.frame(1 / 60, [key(pygame.K_RETURN)])      # Enter steps on
    assert rows.chosen["size"] == 3
    app.frame(1 / 60, [key(pygame.K_ESCAPE)])
    assert app.stack.top is not rows


def test_a_click_on_the_left_arrow_steps_back_and_elsewhere_on(rows, app):
    left, right = rows._arrows["size"]
    app.frame(1 / 60, click(left.center))
    assert rows.chosen["size"] == 3
    app.frame(1 / 60, click(right.center))
    assert rows.chosen["size"] == 1
    app.frame(1 / 60, click(rows.focus.button("size").rect.midleft))
    assert rows.chosen["size"] == 2


def test_only_the_end_a_non_wrapping_row_reached_has_a_greyed_arrow(rows, display):
    def greyed(row: OptionRow) -> tuple[bool, bool]:
        surface = pygame.Surface((800, 600))
        rows.draw_row(surface, row, 1.0)
        return tuple(any(surface.get_at((x, y))[:3] == theme.DISABLED
                         for x in range(r.left, r.right) for y in range(r.top, r.bottom))
                     for r in rows._arrows[row.key])

    assert greyed(LEVEL) == (True, False)
    rows.chosen["level"] = 3
    assert greyed(LEVEL) == (False, True)
    rows.chosen["size"] = 1
    assert greyed(SIZES) == (False, False)         # a wrapping row never stops
    left, right = rows._arrows["size"]
    middle = rows.draw_row(pygame.Surface((800, 600)), SIZES, 1.0)
    assert (middle.left, middle.right) == (left.right, right.left)


def test_a_long_value_shrinks_to_stay_between_its_arrows(rows, monkeypatch):
    long_row = OptionRow("size", "Size", (1, 2, 3), lambda v: "Normal if away")
    drawn = []
    real_text = theme.text

    def text(surface, font, words, colour, pos, anchor="topleft", shadow=True):
        drawn.append((font, words))
        return real_text(surface, font, words, colour, pos, anchor, shadow)
    monkeypatch.setattr(theme, "text", text)
    surface = pygame.Surface((800, 600))
    middle = rows.draw_row(surface, long_row, 1.0)
    font, words = drawn[-1]
    assert words == "Normal if away" and font.size(words)[0] <= middle.w
    assert font.point_size < rows.app.fonts.get(21, True).point_size
