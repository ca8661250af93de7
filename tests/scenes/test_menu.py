"""The title menu: looks, keyboard and mouse, playable and coming-soon games.

Choosing a built game opens its new-game screen (tests/scenes/test_setup_scene.py
tests that screen itself); its Play then starts the table."""

from __future__ import annotations

from types import SimpleNamespace

import pygame
import pytest

import scenes.screens.menu as menu_module
from game import CATALOG, GAMES
from scenes.kit import theme
from tests.scenes.shell_helpers import Recorder, app, click, colours, key  # noqa: F401

PLAYABLE = {"bocce": object(), "briscola": object()}


@pytest.fixture
def menu(app, monkeypatch):
    """A menu where exactly Bocce and Briscola are playable, with start_game/show_rules recorded."""
    monkeypatch.setattr(menu_module, "GAMES", PLAYABLE)
    monkeypatch.setattr(app, "start_game", Recorder())
    monkeypatch.setattr(app, "show_rules", Recorder())
    scene = menu_module.MenuScene(app)
    app.stack.clear_to(scene)
    return scene


def focused(menu) -> str:
    return menu.focus.focused.key


@pytest.mark.slow
def test_menu_renders_a_picture_not_a_blank(menu, app, tmp_path):
    app.frame(1 / 60, [])
    shot = tmp_path / "menu.png"
    pygame.image.save(app.screen, str(shot))
    image = pygame.image.load(str(shot))
    assert len(colours(image)) > 50
    # The title is drawn in gold over the felt: gold-ish pixels in the top middle.
    title_area = pygame.Rect(440, 10, 400, 110)
    gold = [c for c in colours(image, title_area, step=2)
            if c[0] > 190 and c[1] > 150 and c[2] < 170 and c[0] > c[2] + 60]
    assert len(gold) > 10


def test_every_catalog_game_is_listed_and_only_built_ones_are_enabled(menu):
    for entry in CATALOG:
        button = menu.focus.button(f"game:{entry.key}")
        assert button.label == entry.title
        assert button.enabled == (entry.key in PLAYABLE)
        if entry.key not in PLAYABLE:
            assert "Coming soon" in button.hint


def test_seat_counts_are_shown(menu):
    assert "2 players" in menu.focus.button("game:bocce").hint
    assert "2–6 players" in menu.focus.button("game:bisca").hint


def setup_screen(app, key: str):
    from scenes.screens.setup_scene import SetupScene

    top = app.stack.top
    assert isinstance(top, SetupScene) and top.key == key
    return top


def test_keyboard_focus_skips_coming_soon_games_and_enter_opens_the_setup(menu, app):
    assert focused(menu) == "game:bocce"
    app.frame(1 / 60, [key(pygame.K_DOWN)])
    assert focused(menu) == "game:briscola"        # Bolola and Bisca are skipped
    app.frame(1 / 60, [key(pygame.K_RETURN)])
    setup_screen(app, "briscola")
    assert app.start_game.calls == []              # no table before Play
    app.frame(1 / 60, [key(pygame.K_RETURN)])      # the setup screen opens on Play
    (setup,), _ = app.start_game.calls[0]
    assert setup.key == "briscola" and setup.humans() == [0]
    assert app.stack.top is menu                   # the table goes on the menu, not on the setup


def test_tab_never_stops_on_a_disabled_button(menu, app):
    seen = set()
    for _ in range(len(menu.focus.buttons) * 2):
        app.frame(1 / 60, [key(pygame.K_TAB)])
        seen.add(focused(menu))
    assert not {f"game:{e.key}" for e in CATALOG if e.key not in GAMES} & seen
    assert {"game:bocce", "rules:bocce", "settings", "quit"} <= seen


def test_right_arrow_reaches_the_rules_of_a_game(menu, app):
    app.frame(1 / 60, [key(pygame.K_RIGHT)])
    assert focused(menu) == "rules:bocce"
    app.frame(1 / 60, [key(pygame.K_SPACE)])
    assert app.show_rules.calls == [(("bocce",), {})]


def test_mouse_click_on_a_game_row_opens_its_setup_and_play_starts_it(menu, app):
    app.frame(1 / 60, click(menu.focus.button("game:bocce").rect.center))
    screen = setup_screen(app, "bocce")
    assert app.start_game.calls == []
    app.frame(1 / 60, click(screen.focus.button("play").rect.center))
    assert [args[0].key for args, _ in app.start_game.calls] == ["bocce"]


def test_back_from_the_setup_returns_to_the_menu(menu, app):
    app.frame(1 / 60, click(menu.focus.button("game:bocce").rect.center))
    app.frame(1 / 60, [key(pygame.K_ESCAPE)])
    assert app.stack.top is menu and app.start_game.calls == []
    assert focused(menu) == "game:bocce"           # where the player left it


def test_a_coming_soon_row_does_nothing_when_clicked(menu, app):
    app.frame(1 / 60, click(menu.focus.button("game:bolola").rect.center))
    assert app.start_game.calls == [] and app.stack.top is menu
    assert focused(menu) != "game:bolola"


def test_press_on_one_button_release_on_another_does_nothing(menu, app):
    a = menu.focus.button("game:bocce").rect.center
    b = menu.focus.button("game:briscola").rect.center
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1)])
    assert app.start_game.calls == [] and app.stack.top is menu


def test_esc_focuses_quit_and_only_enter_quits(menu, app):
    app.frame(1 / 60, [key(pygame.K_ESCAPE)])
    assert focused(menu) == "quit" and app.running
    app.frame(1 / 60, [key(pygame.K_RETURN)])
    assert not app.running


def test_settings_button_opens_the_settings(menu, app):
    from scenes.screens.settings_scene import SettingsScene

    app.frame(1 / 60, click(menu.focus.button("settings").rect.center))
    assert isinstance(app.stack.top, SettingsScene)


def test_rules_button_opens_rules_of_a_playable_game(menu, app):
    app.frame(1 / 60, click(menu.focus.button("rules").rect.center))
    assert app.show_rules.calls == [(("bocce",), {})]


@pytest.mark.parametrize("size", [(1280, 720), (800, 500), (1920, 1080)])
def test_layout_fits_the_window_without_overlaps(menu, size):
    menu.resize(size)
    screen = pygame.Rect((0, 0), size)
    rects = [b.rect for b in menu.focus.buttons]
    for r in rects:
        assert screen.contains(r)
        assert r.h >= 20
    for i, r in enumerate(rects):
        assert r.collidelist(rects[i + 1:]) == -1
    # Nothing under the title.
    assert min(r.top for r in rects) > theme.px(140, size)


@pytest.mark.parametrize("size", [(1280, 720), (800, 500), (1920, 1080)])
@pytest.mark.parametrize("lang", ["en", "it"])
def test_the_bottom_row_keeps_to_the_column_of_the_games_in_either_language(menu, app, size,
                                                                          lang):
    """Italian's five bottom words ("Gioca online", "Impostazioni", ...) need more than
    the panel's usual width: the row ran past the Rules buttons' edge, nearly onto the
    panel's rim. The panel widens instead, and the row ends where the rows above end."""
    app.change_setting("language", lang)
    try:
        menu.resize(size)
        right = menu.focus.button("rules:bocce").rect.right
        left = menu.focus.button("game:bocce").rect.left
        row = [menu.focus.button(k).rect for k in ("online", "rules", "settings", "credits",
                                                   "quit")]
        assert row[0].left == left
        assert right - len(row) <= row[-1].right <= right
    finally:
        app.change_setting("language", "en")


def test_menu_draws_without_card_art(menu, app):
    app.art = None
    app.frame(1 / 60, [])
    assert len(colours(app.screen)) > 20


def test_the_subtitle_changes_language_with_the_settings(menu, app, monkeypatch):
    """The felt, the fans and the title are drawn once and kept: the subtitle's words were
    kept with them, in the language the menu was first drawn in."""
    drawn: list[str] = []
    text = menu_module.theme.text
    monkeypatch.setattr(menu_module.theme, "text",
                        lambda surface, font, words, *a, **k: drawn.append(words) or
                        text(surface, font, words, *a, **k))
    menu_module._BACKGROUNDS.clear()
    app.change_setting("language", "en")
    menu.draw(app.screen)
    assert "Card games at one table" in drawn
    app.change_setting("language", "it")
    try:
        drawn.clear()
        menu.draw(app.screen)
        assert "Giochi di carte a un solo tavolo" in drawn
    finally:
        app.change_setting("language", "en")


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
def test_back_to_your_table_is_offered_focused_in_the_wide_row(menu, app, size):
    """A guest who sat at a table is offered it back from the menu (the code it joined
    by kept: scenes/net/guest.py), in the wide row; a game kept here stays by its game (the
    two in one row laid a long Resume's words over the button beside it)."""
    from scenes.net import guest

    guest.kept_tables().keep("ZZZZ-ZP9Z-V4TG-XHC8", "briscola", None)
    menu.enter()
    assert focused(menu) == "back_table"
    assert menu.focus.button("back_table").label == "Back to your table: Briscola Venceslao"
    menu.records = [SimpleNamespace(key="bocce")]     # and a game to resume
    menu._resume_label = "Resume Bocce (hand 2, your turn)"
    menu._build()
    menu.resize(size)
    keys = [b.key for b in menu.focus.buttons]
    assert "resume" not in keys and "resume:bocce" in keys and "back_table" in keys
    rects = [b.rect for b in menu.focus.buttons]
    assert all(pygame.Rect((0, 0), size).contains(r) for r in rects)
    assert all(r.collidelist(rects[i + 1:]) == -1 for i, r in enumerate(rects))


@pytest.mark.parametrize("size", [(1280, 720), (800, 500)])
@pytest.mark.parametrize("more", [0, 3])
def test_many_games_fit_between_the_subtitle_and_the_key_hints(menu, app, monkeypatch,
                                                               size, more):
    """Every registered game (the tests' own sixth among them), and three more: the rows
    grow narrower, and the panel keeps off the subtitle (a sixth row once covered it at
    1280x720) and off the key hints at the foot of the window."""
    import dataclasses

    extra = tuple(dataclasses.replace(CATALOG[0], key=f"more{i}", title=f"More {i}")
                  for i in range(more))
    monkeypatch.setattr(menu_module, "CATALOG", CATALOG + extra)
    assert len(menu_module.CATALOG) >= 6
    drawn: dict[str, pygame.Rect] = {}
    text = menu_module.theme.text
    monkeypatch.setattr(menu_module.theme, "text",
                        lambda surface, font, words, *a, **k:
                        drawn.setdefault(words, text(surface, font, words, *a, **k)))
    menu_module._BACKGROUNDS.clear()
    pygame.display.set_mode(size)
    screen = pygame.Surface(size)
    menu = menu_module.MenuScene(app)
    menu.draw(screen)
    subtitle, hints = drawn["Card games at one table"], drawn[menu_module.tr("ui.menu.keys")]
    panel = menu._panel
    assert panel.top >= subtitle.bottom and panel.bottom <= hints.top, (subtitle, panel, hints)
    rows = [menu.focus.button(f"game:{e.key}").rect for e in menu_module.CATALOG]
    assert all(panel.contains(r) and r.h >= 20 for r in rows)
    assert all(a.bottom <= b.top for a, b in zip(rows, rows[1:]))
