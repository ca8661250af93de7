"""The one button kit: the focusable button list (keyboard and mouse focus rules shared by
every screen) and the table's choice bar (its rows, its key caps, its disabled look)."""

from __future__ import annotations

import pygame

from scenes.kit.hud import Hud
from scenes.kit.widgets import Button, FocusList
from tests.scenes.shell_helpers import key

SIZE = (1280, 720)


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


def test_a_choice_bar_wider_than_its_room_wraps_into_even_rows(display):
    from scenes.kit.hud import TextCache
    from scenes.kit.widgets import ChoiceBar, ChoiceButton
    from tests.scenes.tablekit import make_app

    text = TextCache(make_app(display).fonts)
    bar = ChoiceBar()
    bar.set([ChoiceButton(str(i), i) for i in range(21)])
    room = pygame.Rect(0, 0, 1200, 700)
    box = bar.layout((600, 400), 40, 10, text, 17, bounds=room)
    rows = sorted({b.rect.y for b in bar.buttons})
    assert len(rows) >= 2 and room.contains(box)
    per_row = [sum(b.rect.y == y for b in bar.buttons) for y in rows]
    assert max(per_row) - min(per_row) <= 1
    few = ChoiceBar()
    few.set([ChoiceButton(str(i), i) for i in range(4)])
    few.layout((600, 400), 40, 10, text, 17, bounds=room)
    assert len({b.rect.y for b in few.buttons}) == 1, "a row that fits stays one row"


def test_a_column_bar_with_columns_is_a_grid_filled_row_by_row(display):
    from scenes.kit.widgets import ChoiceBar, ChoiceButton
    from tests.scenes.tablekit import make_app

    hud = Hud(make_app(display).fonts)
    bar = ChoiceBar()
    bar.set([ChoiceButton(f"Choice {i}", i, str(i)) for i in range(1, 8)])
    box = bar.layout((640, 360), 40, 10, hud.text, 17, vertical=True, columns=3)
    rects = [b.rect for b in bar.buttons]
    assert len({r.w for r in rects}) == 1, "equal widths"
    assert [r.y for r in rects[:3]] == [rects[0].y] * 3 and rects[3].y == rects[0].y + 50
    assert [r.x for r in rects[3:6]] == [r.x for r in rects[:3]] and rects[6].x == rects[0].x
    assert box.h == 3 * 40 + 2 * 10 and abs(box.centerx - 640) <= 1 and abs(box.centery - 360) <= 1
    one = bar.layout((640, 360), 40, 10, hud.text, 17, vertical=True)
    assert one.h == 7 * 40 + 6 * 10, "one column by default"


def test_a_disabled_button_is_clearly_dim_and_does_not_glow_under_the_mouse(display):
    from scenes.kit.widgets import ChoiceBar, ChoiceButton
    from tests.scenes.tablekit import make_app

    hud = Hud(make_app(display).fonts)

    def drawn(enabled: bool, hover: bool = False, focus: bool = False) -> pygame.Surface:
        bar = ChoiceBar()
        bar.set([ChoiceButton("Play", "play", "P", primary=True, enabled=enabled)])
        bar.layout((640, 360), 40, 10, hud.text, 17)
        bar.hover, bar.focus = (0 if hover else None), (0 if focus else None)
        surface = pygame.Surface(SIZE)
        surface.fill((20, 70, 45))
        bar.draw(surface, hud.text, hud.panels, 17)
        return surface.subsurface(bar.buttons[0].rect.inflate(8, 8)).copy()

    def brightest(surface: pygame.Surface) -> int:
        return max(sum(surface.get_at((x, y))[:3]) for x in range(surface.get_width())
                   for y in range(surface.get_height()))

    on, off = drawn(True), drawn(False)
    assert brightest(off) < 0.62 * brightest(on), "text and border much dimmer"
    assert pygame.image.tobytes(drawn(False, hover=True), "RGB") == \
        pygame.image.tobytes(off, "RGB"), "no hover glow on a disabled button"
    assert brightest(drawn(False, focus=True)) < 0.62 * brightest(on), \
        "the keyboard's focus shows on it, and it stays dim"


def test_a_hotkey_is_a_cap_before_the_words_and_the_focused_button_shows_enter(display,
                                                                                monkeypatch):
    from scenes.kit import widgets as widgets_module
    from scenes.kit.widgets import ChoiceBar, ChoiceButton
    from tests.scenes.tablekit import make_app

    hud = Hud(make_app(display).fonts)
    bar = ChoiceBar()
    bar.set([ChoiceButton("Draw", "draw", "D", primary=True),
             ChoiceButton("Stand at 2", "stand", "2"), ChoiceButton("Pass", "pass")])
    bar.layout((640, 360), 40, 10, hud.text, 17)
    for b in bar.buttons[:2]:
        cap, words = bar.places(b, hud.text, 17)
        assert b.rect.contains(cap) and b.rect.contains(words)
        assert cap.right < words.left, "the key sits before the words, not over the last figure"
        assert abs(cap.centery - b.rect.centery) <= 1, "level with the words, not raised"
    assert bar.places(bar.buttons[2], hud.text, 17)[0] is None
    marks = []
    monkeypatch.setattr(widgets_module, "draw_enter_mark",
                        lambda surface, centre, size, colour: marks.append(centre))
    bar.focus = 1
    bar.draw(pygame.Surface(SIZE), hud.text, hud.panels, 17)
    assert len(marks) == 1 and bar.buttons[1].rect.collidepoint(marks[0]), \
        "Enter's mark on the focused button only"
    bar.focus = None
    bar.draw(pygame.Surface(SIZE), hud.text, hud.panels, 17)
    assert len(marks) == 1


def test_one_focus_for_both_a_menu_skips_a_disabled_button_the_choice_bar_stops_on_it():
    """The kit's one focus step: Tab in a menu passes a disabled button by; the table's
    bar stops on it (pressed, a disabled choice says why), both wrapping around."""
    from scenes.kit.widgets import ChoiceBar, ChoiceButton

    menu = FocusList([Button("a", key="a"), Button("b", key="b", enabled=False),
                      Button("c", key="c")])
    menu.move(1)
    assert menu.focused is not None and menu.focused.key == "c"
    menu.move(1)
    assert menu.focused.key == "a", "wraps around"
    bar = ChoiceBar()
    bar.set([ChoiceButton("a", 1), ChoiceButton("b", 2, enabled=False), ChoiceButton("c", 3)])
    bar.move_focus(1)
    bar.move_focus(1)
    assert bar.focused() is bar.buttons[1]
    bar.move_focus(-1)
    bar.move_focus(-1)
    assert bar.focused() is bar.buttons[2], "wraps around"
