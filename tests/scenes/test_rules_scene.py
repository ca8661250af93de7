"""The rules screen: wrapping, scrolling, scroll bar, tabs, overlay, Esc."""

from __future__ import annotations

import pygame
import pytest

import scenes.screens.rules_scene as rules_module
from game import CATALOG, GAMES
from scenes.screens.rules_scene import RulesScene
from tests.scenes.shell_helpers import app, colours, key  # noqa: F401
from tests.scenes.shell_helpers import key as key_event

SAMPLE = """# Bocce

The card game of **Bocce** is played by two.
This line joins the paragraph above.

## Dealing

- Each player gets **five** cards.
- The rest form the stock,
  and this line continues the bullet.
  - a nested point

1. First numbered step
2. Second numbered step

---

### Scoring

""" + "\n\n".join(f"Paragraph {i}: " + "words to wrap " * 30 for i in range(30))


@pytest.fixture
def rules_dir(tmp_path, monkeypatch):
    folder = tmp_path / "rules"
    (folder / "en").mkdir(parents=True)
    (folder / "en" / "bocce.md").write_text(SAMPLE, encoding="utf-8")
    (folder / "en" / "briscola.md").write_text("# Briscola\n\nShort.\n", encoding="utf-8")
    monkeypatch.setattr(rules_module, "RULES_DIR", folder)
    return folder


@pytest.fixture
def rules(app, rules_dir):
    app.show_rules("bocce")
    scene = app.stack.top
    assert isinstance(scene, RulesScene)
    return scene


def settle(app, frames: int = 40) -> None:
    for _ in range(frames):
        app.frame(1 / 60, [])


def test_rules_render_with_text_in_the_panel(rules, app):
    app.frame(1 / 60, [])
    assert len(colours(app.screen, rules._view, step=3)) > 10


@pytest.mark.slow
def test_keys_scroll_down_up_page_home_end(rules, app):
    assert rules.max_scroll > 0
    app.frame(1 / 60, [key(pygame.K_DOWN)])
    assert rules.target > 0
    app.frame(1 / 60, [key(pygame.K_PAGEDOWN)])
    after_page = rules.target
    assert after_page > rules._view.h / 2
    app.frame(1 / 60, [key(pygame.K_UP)])
    assert rules.target < after_page
    app.frame(1 / 60, [key(pygame.K_END)])
    assert rules.target == rules.max_scroll
    settle(app)
    assert rules.scroll == rules.target
    app.frame(1 / 60, [key(pygame.K_PAGEDOWN)])
    assert rules.target == rules.max_scroll            # never past the end
    app.frame(1 / 60, [key(pygame.K_HOME)])
    assert rules.target == 0
    app.frame(1 / 60, [key(pygame.K_PAGEUP)])
    assert rules.target == 0                           # never above the top


def test_mouse_wheel_scrolls(rules, app):
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False,
                                          precise_x=0.0, precise_y=-2.0)])
    assert rules.target > 0


def test_scrolling_moves_the_text(rules, app):
    settle(app, 2)
    before = app.screen.subsurface(rules._view).copy()
    app.frame(1 / 60, [key(pygame.K_PAGEDOWN)])
    settle(app)
    after = app.screen.subsurface(rules._view)
    assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(after, "RGB")


@pytest.mark.slow
def test_dragging_the_scroll_bar_thumb(rules, app):
    settle(app, 1)
    thumb = rules._thumb()
    assert thumb is not None
    start = thumb.center
    app.frame(1 / 60, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1),
                       pygame.event.Event(pygame.MOUSEMOTION, pos=(start[0], start[1] + 200),
                                          rel=(0, 200), buttons=(1, 0, 0)),
                       pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(start[0], start[1] + 200),
                                          button=1)])
    assert rules.scroll > 0 and rules._bar.held is None


@pytest.mark.slow
def test_text_wraps_to_the_window_width(rules, app):
    wide = len(rules._lines)
    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=(800, 500), w=800, h=500)])
    rules._ensure_layout()
    assert len(rules._lines) > wide
    for line in rules._lines:
        for image, x in line.pieces:
            assert x + image.get_width() <= rules._view.w + 2


def test_the_real_rules_files_render(app):
    for game in sorted(GAMES):
        if rules_module.rules_path(game) is None:
            continue
        app.show_rules(game)
        app.frame(1 / 60, [key_event(pygame.K_END)])
        app.frame(1 / 60, [])
        assert len(app.stack.top._lines) > 20
        app.stack.pop()


def test_a_short_text_has_no_scroll_bar(rules, app, monkeypatch):
    monkeypatch.setattr(rules_module, "keys_page", lambda: "")   # the keys page is long
    app.frame(1 / 60, [key(pygame.K_RIGHT)] * 3)      # Bocce -> Bolola -> Bisca -> Briscola
    assert rules.key == "briscola"
    assert rules.max_scroll == 0 and rules._thumb() is None


def test_left_and_right_switch_games_and_reset_the_scroll(rules, app):
    app.frame(1 / 60, [key(pygame.K_END)])
    app.frame(1 / 60, [key(pygame.K_LEFT)])
    assert rules.key == CATALOG[-1].key and rules.target == 0       # the last game


def test_missing_rules_file_shows_a_clear_message(rules, app):
    rules.show("bolola")
    app.frame(1 / 60, [])
    assert rules.blocks("bolola") is None
    texts = [line for line in rules._lines if line.pieces]
    assert len(texts) >= 2                              # the title, then the message
    assert len(colours(app.screen, rules._view, step=3)) > 5


def test_esc_returns_to_the_previous_scene(rules, app):
    app.frame(1 / 60, [key(pygame.K_ESCAPE)])
    assert app.stack.top is app.menu()


def test_back_button_returns(rules, app):
    from tests.scenes.shell_helpers import click

    app.frame(1 / 60, click(rules.focus.button("back").rect.center))
    assert app.stack.top is app.menu()


def test_as_an_overlay_the_scene_below_shows_dimmed(app, rules_dir):
    from scenes.kit.scene import Scene

    class White(Scene):
        def draw(self, surface):
            surface.fill((255, 255, 255))

    app.stack.push(White(app))
    app.show_rules("briscola")
    assert app.stack.top.overlay
    app.frame(1 / 60, [])
    corner = app.screen.get_at((3, app.size[1] // 2))
    assert 0 < corner.r < 64 and corner.g > corner.r    # white, nearly hidden under the felt-dark veil
