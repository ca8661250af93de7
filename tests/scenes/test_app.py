"""The App: window, frame, global keys, resize, toasts, errors, and run()."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from scenes.kit.scene import Scene
from scenes.settings import settings_path
from tests.scenes.shell_helpers import app, colours, key  # noqa: F401 - fixture

ROOT = Path(__file__).resolve().parents[2]


class Probe(Scene):
    """A scene that records what the app tells it."""

    def __init__(self, app, overlay: bool = False, fail_in: str = "") -> None:
        super().__init__(app)
        self.overlay = overlay
        self.fail_in = fail_in
        self.sizes: list[tuple[int, int]] = []
        self.events: list[int] = []

    def resize(self, size):
        self.sizes.append(size)

    def handle(self, event):
        self.events.append(event.type)
        if self.fail_in == "handle":
            raise RuntimeError("boom in handle")
        return None

    def update(self, dt):
        if self.fail_in == "update":
            raise RuntimeError("boom in update")

    def draw(self, surface):
        if self.fail_in == "draw":
            raise RuntimeError("boom in draw")


@pytest.mark.slow
def test_app_opens_the_window_and_runs_frames(app):
    assert app.size == (1280, 720)
    assert app.stack.top is app.menu()
    assert app.frame(1 / 60, []), "the first frame is drawn"
    assert not app.frame(1 / 60, []), "a still menu is not drawn again"
    assert app.resting
    assert app.frame(1 / 60, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_DOWN, unicode="",
                                                 mod=0)]), "input redraws"
    assert app.frames == 2
    assert len(colours(app.screen)) > 20


def test_a_still_screen_is_still_drawn_whole_now_and_then(app):
    from scenes.app import REFRESH

    app.frame(1 / 60, [])
    drawn = app.frames
    for _ in range(int(REFRESH / 0.05) + 1):
        app.frame(0.05, [])
    assert app.frames == drawn + 1


class Ticking(Probe):
    """A probe that counts its updates and its draws."""

    def __init__(self, app) -> None:
        super().__init__(app)
        self.time, self.draws = 0.0, 0

    def update(self, dt):
        self.time += dt

    def draw(self, surface):
        self.draws += 1

    def animating(self) -> bool:
        return True


def test_advance_plays_a_frame_s_input_and_time_and_draws_nothing(app):
    """What a stretch of play the tests only look at now and then is made of: the scene
    gets its time and its events, nothing is drawn until a frame is."""
    probe = Ticking(app)
    app.stack.push(probe)
    app.frame(1 / 60, [])
    drawn, draws = app.frames, probe.draws
    app.advance(0.25, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, unicode="a", mod=0)])
    assert (app.frames, probe.draws) == (drawn, draws)
    assert probe.time == pytest.approx(1 / 60 + 0.25) and pygame.KEYDOWN in probe.events
    assert app.frame(1 / 60, []) and probe.draws == draws + 1


def test_window_close_quits(app):
    app.frame(1 / 60, [pygame.event.Event(pygame.QUIT)])
    assert not app.running


def test_f11_toggles_fullscreen_and_saves_the_setting(app):
    app.frame(1 / 60, [key(pygame.K_F11)])
    assert app.fullscreen and app.settings.fullscreen
    assert json.loads(settings_path().read_text())["fullscreen"] is True
    app.frame(1 / 60, [key(pygame.K_F11)])
    assert not app.fullscreen and not app.settings.fullscreen
    assert app.size == (1280, 720)
    assert json.loads(settings_path().read_text())["fullscreen"] is False


def test_resize_reaches_every_scene_in_the_stack(app):
    below, above = Probe(app), Probe(app, overlay=True)
    app.stack.push(below)
    app.stack.push(above)
    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 600), w=1000, h=600)])
    assert app.size == (1000, 600)
    assert below.sizes[-1] == above.sizes[-1] == (1000, 600)


def test_window_never_smaller_than_the_minimum(app):
    from scenes.app import MIN_SIZE

    app.frame(1 / 60, [pygame.event.Event(pygame.VIDEORESIZE, size=(300, 200), w=300, h=200)])
    assert app.size == MIN_SIZE


def test_events_go_to_the_top_scene(app):
    probe = Probe(app)
    app.stack.push(probe)
    app.frame(1 / 60, [key(pygame.K_a)])
    assert pygame.KEYDOWN in probe.events


def test_notify_shows_a_toast_over_the_scene_then_it_goes(app):
    app.frame(1 / 60, [])
    bottom = pygame.Rect(0, 620, 1280, 100)
    before = colours(app.screen, bottom, step=3)
    app.notify("Hello from the test", seconds=1.0)
    app.frame(1 / 60, [])
    assert colours(app.screen, bottom, step=3) != before
    app.frame(2.0, [])
    assert not app.toasts.items


def test_a_scene_exception_reaches_the_caller_of_frame(app):
    app.stack.push(Probe(app, fail_in="update"))
    with pytest.raises(RuntimeError, match="boom in update"):
        app.frame(1 / 60, [])


def test_recover_goes_back_to_the_menu_with_a_notice(app, capsys):
    app.stack.push(Probe(app, fail_in="draw"))
    try:
        app.frame(1 / 60, [])
    except RuntimeError:
        assert app.recover()
    assert app.stack.top is app.menu() and len(app.stack) == 1
    assert app.toasts.items
    assert "boom in draw" in capsys.readouterr().err


def test_run_catches_a_scene_error_logs_it_and_keeps_going(display, monkeypatch, capsys):
    import scenes.app as app_module
    from scenes.screens.menu import MenuScene

    calls = {"n": 0}

    def flaky_update(self, dt):
        calls["n"] += 1
        if calls["n"] == 1:
            raise RuntimeError("menu hiccup")
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    monkeypatch.setattr(MenuScene, "update", flaky_update)
    monkeypatch.setattr(app_module.pygame, "quit", lambda: None)   # keep the shared display
    monkeypatch.delenv(app_module.EXIT_AFTER_FIRST_FRAME, raising=False)
    try:
        assert app_module.run(size=(1280, 720)) == 0
    finally:
        pygame.display.set_mode((1280, 720))
    err = capsys.readouterr().err
    assert "menu hiccup" in err and "Traceback" in err
    assert calls["n"] >= 2


def test_start_game_without_a_table_module_says_so(app, monkeypatch):
    monkeypatch.setitem(sys.modules, "scenes.table", None)
    app.start_game("bocce")
    assert app.stack.top is app.menu()
    assert app.toasts.items


def test_rules_and_settings_are_overlays_over_a_table_but_not_over_the_menu(app):
    app.show_rules("bocce")
    assert not app.stack.top.overlay
    app.stack.pop()
    app.stack.push(Probe(app))          # stands in for the table
    app.show_rules("bocce")
    assert app.stack.top.overlay
    app.stack.pop()
    app.open_settings()
    assert app.stack.top.overlay


def test_damaged_settings_file_gives_defaults_and_a_notice_at_start(display):
    from scenes.app import App
    from scenes.settings import Settings

    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{ not json", encoding="utf-8")
    application = App((1280, 720))
    assert application.settings == Settings()
    assert len(application.toasts.items) == 1


@pytest.mark.slow
def test_main_exits_after_the_first_frame_when_asked(tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TAVOLATA_EXIT_AFTER_FIRST_FRAME="1", TAVOLATA_CONFIG_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, str(ROOT / "main.py")], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "first frame" in done.stdout
    assert "Traceback" not in done.stderr


def test_an_overlay_hides_the_overlays_under_it_and_dims_the_scene_below(display):
    """Settings over the pause menu over a table: the table (dimmed) and the Settings
    are drawn, never the pause panel through the Settings."""
    from tests.scenes.tablekit import make_app, open_table, settle

    app = make_app(display)
    table = open_table(app, "bocce", seed=3)
    settle(app, table)
    table.pause()
    pause = app.stack.top
    pause.settings()
    settings = app.stack.top
    assert [type(s).__name__ for s in app.stack.visible()] == ["TableScene", "SettingsScene"]
    drawn = []
    for scene in (table, pause, settings):
        scene.draw = (lambda real, name: (lambda surface: drawn.append(name) or real(surface)))(
            scene.draw, type(scene).__name__)
    app.frame(1 / 60, [])
    assert drawn == ["TableScene", "SettingsScene"]


def test_after_a_mode_change_the_app_draws_for_the_windows_real_size(app, monkeypatch):
    """Without a window manager the drawing surface may keep the desktop's size while the
    window stays smaller: the window's own size wins, so nothing is cut or clicked off."""
    real = (1200, 700)
    monkeypatch.setattr(pygame.display, "get_window_size", lambda: real)
    app.set_fullscreen(True)
    assert app.size == real and app.menu()._size == real, "the scenes are laid out for it"
    monkeypatch.setattr(pygame.display, "get_window_size", lambda: (1280, 720))
    app.frame(1 / 60, [pygame.event.Event(pygame.WINDOWSIZECHANGED, x=1280, y=720)])
    assert app.size == (1280, 720)
    app.set_fullscreen(False)


def test_m_mutes_and_m_again_gives_the_volume_back_but_not_while_typing(app):
    import pygame_gui

    from scenes.i18n import tr

    app.change_setting("volume", 0.4)
    app.frame(1 / 60, [key(pygame.K_m)])
    assert app.settings.volume == 0.0 and app.sound.volume == 0.0
    assert json.loads(settings_path().read_text())["volume"] == 0.0
    assert tr("ui.sound_off") in [t.text for t in app.toasts.items]
    app.frame(1 / 60, [key(pygame.K_m)])
    assert app.settings.volume == 0.4 and app.sound.volume == 0.4
    field = pygame_gui.elements.UITextEntryLine(pygame.Rect(0, 0, 200, 40), manager=app.ui)
    field.focus()
    app.frame(1 / 60, [key(pygame.K_m)])
    assert app.settings.volume == 0.4, "an m typed in a field is a letter"
    field.kill()
    app.frame(1 / 60, [key(pygame.K_m, pygame.KMOD_LCTRL)])
    assert app.settings.volume == 0.4, "Ctrl+M is not the mute key"


def _resting_table(app):
    """A Briscola table whose deal has landed and which now rests."""
    from scenes.table.scene import TableScene

    app.start_game("briscola", seed=3)
    table = app.stack.top
    assert isinstance(table, TableScene)
    for _ in range(300):                          # the deal lands; the table rests
        app.frame(1 / 60, [])
    return table


#: a mouse move over the corner: input that changes nothing on the table
MOVE = pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))


def _presentations(app, monkeypatch) -> list[str]:
    """What each frame presents from now on: "whole" (a flip) or "part" (rectangles)."""
    presented: list[str] = []
    monkeypatch.setattr(pygame.display, "flip", lambda: presented.append("whole"))
    monkeypatch.setattr(pygame.display, "update", lambda *a: presented.append("part"))
    return presented


@pytest.mark.slow
def test_a_window_uncovered_is_drawn_whole(app, monkeypatch):
    """Seen on X11 with no compositor: another window's picture stayed on the table where
    it had lain, since a frame presents only the rectangles that changed."""
    _resting_table(app)
    presented = _presentations(app, monkeypatch)
    app.frame(1 / 60, [MOVE])
    assert presented in ([], ["part"]), "a mouse move presents what changed, if anything"
    presented.clear()
    app.frame(1 / 60, [pygame.event.Event(pygame.WINDOWEXPOSED)])
    assert presented == ["whole"]


@pytest.mark.slow
def test_a_notice_gone_is_presented_away_whole(app, monkeypatch):
    """Seen at a Bolola table: a hint's line, withdrawn when the card was played, stayed
    faintly on the felt while the computers played on, since each of their frames
    presented only what their cards changed."""
    _resting_table(app)
    app.notify("A hint about to go", seconds=0.5)
    app.frame(1 / 60, [])
    presented = _presentations(app, monkeypatch)
    app.frame(1.0, [MOVE])                        # the notice's time runs out
    assert not app.toasts.items and presented == ["whole"]
    presented.clear()
    app.frame(1 / 60, [MOVE])
    assert presented in ([], ["part"]), "after that, only what changed"


@pytest.mark.slow
def test_any_change_of_the_scenes_is_presented_whole(app, monkeypatch):
    """Seen online: the join form's text fields stayed over the guest's table until the
    next whole refresh. Two changes in one frame can leave a stack whose scenes have
    the ids of the last frame's (a new scene takes a freed one's memory), so the frame
    presented only the new scene's damage. Here the same overlay goes and comes back
    between two frames: the ids are the same, the stack is not."""
    from scenes.table.result import PauseScene

    pause = PauseScene(app, _resting_table(app))
    app.stack.push(pause)
    app.frame(1 / 60, [])
    presented = _presentations(app, monkeypatch)
    app.frame(1 / 60, [MOVE])
    assert presented in ([], ["part"]), "a still stack presents what changed, if anything"
    presented.clear()
    app.stack.pop()
    app.stack.push(pause)
    app.frame(1 / 60, [MOVE])
    assert presented == ["whole"]


@pytest.mark.slow
def test_the_drawing_path_is_the_settings_unless_the_run_names_one():
    from scenes.app import App

    settings_path().parent.mkdir(parents=True, exist_ok=True)
    settings_path().write_text(json.dumps({"renderer": "software"}))
    app = App((800, 500), renderer=None)
    try:
        assert app.display.path == "renderer software"
        assert app.screen.get_size() == (800, 500)
    finally:
        app.shutdown()
        pygame.quit()
    app = App((800, 500), renderer="off")
    try:
        assert app.display.path == "window surface"
    finally:
        app.shutdown()
        pygame.quit()
