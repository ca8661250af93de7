"""Fullscreen on a plain X server with no window manager (scenes/xwindow.py, App's window).

Each test starts its own Xvfb (a display number it picks itself, ``-displayfd``) and
runs the program's window in a child process on the x11 driver; without Xvfb installed
they skip, saying so.  The window the X server really holds must be the one the
program lays out for: the desktop at the corner when fullscreen, the window's size
when not, on every path (``--fullscreen``, the kiosk, the Settings toggle, F11).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCREEN = (1600, 900)        # not the window's default size, so a mix-up shows
WAIT = 20                   # seconds any child may take before the test gives up

needs_xvfb = pytest.mark.skipif(
    shutil.which("Xvfb") is None,
    reason="Xvfb is not installed (apt-get install xvfb): the bare-X window tests need it")

CHILD = r"""
import json, sys
import pygame
from scenes import xwindow
from scenes.app import App

def seen(app):
    for _ in range(5):
        pygame.event.pump()
    wid = pygame.display.get_wm_info()["window"]
    return {"layout": list(app.size), "ui": list(app.ui.window_resolution),
            "x": list(xwindow.window_geometry(wid)), "fullscreen": app.fullscreen}

report = {"wm": xwindow.window_manager_running()}
path = sys.argv[1]
if path == "start":                      # --fullscreen (and --kiosk: the same App)
    app = App(fullscreen=True)
    from scenes.screens.kiosk import Kiosk
    Kiosk(app)
    app.kiosk.start()
    app.frame(0.0, [])
    report["steps"] = [seen(app)]
else:                                    # the Settings toggle and F11 go through one setting
    app = App()
    report["steps"] = [seen(app)]
    app.change_setting("fullscreen", True)
    report["steps"].append(seen(app))
    app.frame(0.0, [pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0,
                                       unicode="", scancode=0)])
    report["steps"].append(seen(app))
    app.change_setting("fullscreen", True)
    report["steps"].append(seen(app))
print(json.dumps(report))
app.shutdown()
"""


@pytest.fixture
def bare_x(tmp_path):
    """A fresh Xvfb with no window manager; yields its DISPLAY value."""
    read, write = os.pipe()
    xvfb = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{SCREEN[0]}x{SCREEN[1]}x24",
         "-nolisten", "tcp"], pass_fds=(write,), stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    os.close(write)
    try:
        with os.fdopen(read) as pipe:
            number = pipe.readline().strip()
        if not number:
            pytest.skip("Xvfb started but gave no display number")
        yield f":{number}"
    finally:
        xvfb.terminate()
        try:
            xvfb.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            xvfb.kill()


def _run(display: str, path: str, tmp_path: Path) -> dict:
    env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER="dummy",
               PYTHONPATH=str(ROOT), TAVOLATA_CONFIG_DIR=str(tmp_path / "config"),
               TAVOLATA_LOG_DIR=str(tmp_path / "log"))
    done = subprocess.run([sys.executable, "-c", CHILD, path], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


@pytest.mark.slow
@needs_xvfb
def test_fullscreen_at_start_covers_the_screen_with_no_window_manager(bare_x, tmp_path):
    report = _run(bare_x, "start", tmp_path)
    assert report["wm"] is False
    step = report["steps"][0]
    assert step["fullscreen"]
    assert step["x"] == [0, 0, *SCREEN]             # the server's window: the whole screen
    assert step["layout"] == step["ui"] == list(SCREEN)


@pytest.mark.slow
@needs_xvfb
def test_the_fullscreen_toggle_follows_the_real_window_both_ways(bare_x, tmp_path):
    window, full, back, again = _run(bare_x, "toggle", tmp_path)["steps"]
    assert window["x"][2:] == window["layout"] == [1280, 720]
    assert full["x"] == [0, 0, *SCREEN] and full["layout"] == full["ui"] == list(SCREEN)
    assert not back["fullscreen"]
    assert back["x"][2:] == back["layout"] == back["ui"] == [1280, 720]
    assert again["x"] == [0, 0, *SCREEN] and again["layout"] == list(SCREEN)


def test_no_x_server_means_no_answer(monkeypatch):
    from scenes import xwindow

    monkeypatch.setenv("DISPLAY", ":" + "9" * 6)      # no server has this number
    assert xwindow.window_manager_running() is None
    assert xwindow.window_geometry(1) is None
