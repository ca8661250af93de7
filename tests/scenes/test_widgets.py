"""The focusable button list: keyboard and mouse focus rules shared by every screen."""

from __future__ import annotations

import pygame

from scenes.widgets import Button, FocusList
from tests.scenes.shell_helpers import key


def grid() -> tuple[FocusList, list[str]]:
    pressed: list[str] = []
    rows = [["a", "a2"], ["b"], ["c"], ["d1", "d2", "d3"]]
    buttons = []
    for r, names in enumerate(rows):
        for i, name in enumerate(names):
            buttons.append(Button(name, action=lambda n=name: pressed.append(n), key=name,
                                  row=r, enabled=name != "b",
                                  rect=pygame.Rect(i * 110, r * 50, 100, 40)))
    return FocusList(buttons), pressed


def test_focus_starts_on_the_first_enabled_button():
    focus, _ = grid()
    assert focus.focused.key == "a"


def test_down_skips_a_row_with_only_disabled_buttons_and_wraps():
    focus, _ = grid()
    focus.handle(key(pygame.K_DOWN))
    assert focus.focused.key == "c"
    focus.handle(key(pygame.K_DOWN))
    assert focus.focused.key == "d1"
    focus.handle(key(pygame.K_DOWN))
    assert focus.focused.key == "a"
    focus.handle(key(pygame.K_UP))
    assert focus.focused.key == "d1"


def test_left_right_move_inside_a_row_only():
    focus, _ = grid()
    assert focus.handle(key(pygame.K_RIGHT))
    assert focus.focused.key == "a2"
    focus.handle(key(pygame.K_DOWN))
    assert focus.focused.key == "c"
    assert not focus.handle(key(pygame.K_RIGHT))       # alone in its row: not used


def test_up_down_keep_the_column():
    focus, _ = grid()
    focus.focus_key("d3")
    focus.handle(key(pygame.K_UP))
    focus.handle(key(pygame.K_UP))
    assert focus.focused.key == "a2"                     # the nearest to d3's column


def test_tab_and_shift_tab_walk_every_enabled_button():
    focus, _ = grid()
    seen = [focus.focused.key]
    for _ in range(6):
        focus.handle(key(pygame.K_TAB))
        seen.append(focus.focused.key)
    assert seen == ["a", "a2", "c", "d1", "d2", "d3", "a"]
    focus.handle(key(pygame.K_TAB, pygame.KMOD_SHIFT))
    assert focus.focused.key == "d3"


def test_enter_and_space_activate_the_focused_button():
    focus, pressed = grid()
    focus.handle(key(pygame.K_RETURN))
    focus.handle(key(pygame.K_SPACE))
    assert pressed == ["a", "a"]


def test_hover_focuses_and_a_click_activates_but_not_a_disabled_button():
    focus, pressed = grid()
    focus.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 120), rel=(2, 1), buttons=(0, 0, 0)))
    assert focus.focused.key == "c"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        focus.handle(pygame.event.Event(kind, pos=(50, 70), button=1))      # on "b"
    assert pressed == [] and focus.focused.key == "c"
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        focus.handle(pygame.event.Event(kind, pos=(250, 170), button=1))    # on "d3"
    assert pressed == ["d3"]


def test_set_buttons_keeps_focus_by_key():
    focus, _ = grid()
    focus.focus_key("d2")
    focus.set_buttons(list(reversed(focus.buttons)))
    assert focus.focused.key == "d2"


def test_a_window_change_under_a_resting_pointer_does_not_take_the_focus():
    focus, _ = grid()
    focus.handle(key(pygame.K_DOWN))
    before = focus.focused.key
    focus.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(50, 20), rel=(0, 0),
                                    buttons=(0, 0, 0)))
    assert focus.focused.key == before, "SDL's motion after F11 moved nothing"
