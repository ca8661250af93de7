"""Every manager of one theme file shares the loaded theme, each with its own window
of elements; the theme is loaded again once pygame has quit."""

from __future__ import annotations

import shutil

import pygame
import pygame_gui

from scenes.kit.fields import THEME_PATH
from scenes.kit.uimanager import UIManager


def test_managers_of_one_theme_file_share_its_theme_and_nothing_else(display):
    one = UIManager((800, 500), str(THEME_PATH))
    two = UIManager((1280, 720), str(THEME_PATH))
    assert one.get_theme() is two.get_theme()
    assert one.get_root_container() is not two.get_root_container()
    button = pygame_gui.elements.UIButton(pygame.Rect(0, 0, 100, 40), "Play", manager=one)
    assert button in one.get_sprite_group().sprites()
    assert button not in two.get_sprite_group().sprites()
    assert two.get_root_container().get_size() == (1280, 720)


def test_a_theme_given_as_data_is_loaded_afresh(display):
    data = {"button": {"colours": {"normal_bg": "#102030"}}}
    assert UIManager((800, 500), data).get_theme() is not UIManager((800, 500), data).get_theme()


def test_after_pygame_quits_a_new_theme_is_loaded_and_its_fonts_draw(display):
    before = UIManager((800, 500), str(THEME_PATH)).get_theme()
    try:
        pygame.quit()
        pygame.init()
        pygame.display.set_mode((1280, 720))
        manager = UIManager((800, 500), str(THEME_PATH))
        assert manager.get_theme() is not before
        label = pygame_gui.elements.UILabel(pygame.Rect(0, 0, 200, 40), "Bisca", manager=manager)
        manager.draw_ui(pygame.display.get_surface())
        assert label.image.get_bounding_rect().width > 0
    finally:
        pygame.init()
        pygame.display.set_mode((1280, 720))


def test_the_fonts_asked_for_are_loaded_with_the_theme_once(display, recwarn, tmp_path):
    """pygame-gui warns of a font preloaded twice: a second manager of the theme must not."""
    path = tmp_path / "theme.json"          # a theme file no manager has loaded yet
    shutil.copy(THEME_PATH, path)
    bold = [{"name": "tavolata", "point_size": 15, "style": "bold", "antialiased": "1"}]
    first = UIManager((800, 500), str(path), bold)
    UIManager((800, 500), str(path), bold)
    assert first.get_theme().get_font_dictionary().check_font_preloaded("tavolata_bold_aa_15")
    assert not [w for w in recwarn if "already loaded" in str(w.message)]
