"""The program ends cleanly: threads joined before pygame.quit(), Ctrl+C without a traceback,
one line (not ALSA's sixteen) when there is no sound device."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

from scenes import sound as sound_module
from scenes.sound import Sound, open_mixer
from tests.scenes.ready_socket import started_until_ready
from tests.scenes.shell_helpers import app  # noqa: F401 - fixture

ROOT = Path(__file__).resolve().parents[2]
FRENCH = [rank + suit for suit in "SHDC" for rank in "A23456789TJQK"]
BACKGROUND = ("card-painter", "sound-warm")


def background_threads() -> list[threading.Thread]:
    return [t for t in threading.enumerate() if t.name in BACKGROUND and t.is_alive()]


@pytest.mark.slow
def test_no_painter_or_sound_thread_is_alive_after_shutdown(app):
    from scenes.art.sprites import CardImages

    if app.art is None:
        pytest.skip("no card art")
    app.start_game("briscola", seed=5)
    for _ in range(3):
        app.frame(1 / 60, [])
    images = CardImages(app.art, "french")          # a painter with plenty left to paint
    images.warm(FRENCH + [None])
    # sounds are made once a process (sound_bytes): forgotten here, so that the warm-up
    # has every sound to build again and is still at it when the program ends
    sound_module.sound_bytes.cache_clear()
    app.sound._raw.clear()
    assert app.sound.warm_in_background() is not None
    assert {t.name for t in background_threads()} == set(BACKGROUND)
    app.shutdown()
    assert background_threads() == []


def test_the_painter_thread_never_converts_a_surface(display, monkeypatch):
    """convert_alpha() needs the display's pixel format, which belongs to the main thread:
    the painter hands plain surfaces over and the main thread converts them.  Nothing
    kept from a table before (its faces would not be painted again)."""
    from scenes.art.cardart import CardArt
    from scenes.art.sprites import CardImages, forget_kept, stop_painters

    forget_kept()

    converted_in: list[str] = []

    class Spy(pygame.Surface):
        def convert_alpha(self, *args):
            converted_in.append(threading.current_thread().name)
            return super().convert_alpha(*args)

    real = pygame.transform.smoothscale

    def spying(surface, size, *args):           # every card face ends in a smoothscale
        out = real(surface, size, *args)
        spy = Spy(out.get_size(), pygame.SRCALPHA, 32)
        spy.blit(out, (0, 0))
        return spy

    monkeypatch.setattr(pygame.transform, "smoothscale", spying)
    images = CardImages(CardArt(), "french", card_w=60, card_h=90)
    codes = ["AS", "KH", "7D", None]
    images.warm(codes)
    deadline = time.monotonic() + 20
    while len(images._painted) < len(codes) and time.monotonic() < deadline:
        time.sleep(0.01)
    images.stop()
    assert stop_painters(5)
    assert len(images._painted) == len(codes), "the painter painted nothing"
    assert converted_in == []
    for code in codes:
        images.master(code)
    assert converted_in == [threading.main_thread().name] * len(codes)


def test_ctrl_c_in_the_loop_ends_run_with_130_and_no_traceback(display, monkeypatch, capsys):
    from scenes import app as app_module

    shut: list[bool] = []
    real_shutdown = app_module.App.shutdown

    def interrupted(self, dt, events=None):
        raise KeyboardInterrupt

    def shutdown(self):
        real_shutdown(self)
        shut.append(True)

    monkeypatch.setattr(app_module.App, "frame", interrupted)
    monkeypatch.setattr(app_module.App, "shutdown", shutdown)
    monkeypatch.setattr(app_module.pygame, "quit", lambda: None)   # the session's display stays
    try:
        status = app_module.run()
    except KeyboardInterrupt:
        pytest.fail("Ctrl+C escaped run()")
    finally:
        pygame.display.set_mode((1280, 720))
    assert status == 130
    assert shut == [True]
    assert "Traceback" not in capsys.readouterr().err


def test_ctrl_c_while_starting_ends_main_with_130(monkeypatch):
    import main
    from scenes import app as app_module

    def interrupted(**kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(app_module, "run", interrupted)
    try:
        assert main.main([]) == 130
    except KeyboardInterrupt:
        pytest.fail("Ctrl+C escaped main()")


def _default_interrupt() -> None:
    """In the child, before the program starts: Ctrl+C and Ctrl+\\ at their defaults."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


@pytest.mark.slow
@pytest.mark.skipif(not hasattr(signal, "SIGINT") or sys.platform == "win32",
                    reason="needs POSIX signals")
def test_sigint_to_the_program_exits_130_without_a_traceback(tmp_path):
    """Ctrl+C once the program is up (it says READY=1) ends it with 130.  Sent after two
    seconds, under load it came while main.py still imported, before anything catches it."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TAVOLATA_CONFIG_DIR=str(tmp_path))
    # A program started with Ctrl+C ignored keeps ignoring it (POSIX), and the test
    # process may be in that state for a moment: something in a long run ignores SIGINT
    # and SIGQUIT while it runs (seen in full runs as SigIgn 0x...06), and a child
    # spawned then inherits it and never hears the signal.  Start it as a shell would.
    with started_until_ready([sys.executable, str(ROOT / "main.py")], env, cwd=ROOT,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                             preexec_fn=_default_interrupt) as proc:
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "Traceback" not in err and len(err.splitlines()) <= 1


def test_no_sound_device_is_one_line_and_silence(monkeypatch, capfd):
    """SDL's ALSA backend writes its complaints straight to fd 2: they stay off the terminal,
    one line says what happened, and the mixer starts on the dummy driver so nothing tries
    the device again."""
    tried: list[str | None] = []

    def no_device(*args, **kwargs):
        tried.append(os.environ.get("SDL_AUDIODRIVER"))
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n" * 8)
        if len(tried) == 1:
            raise pygame.error("ALSA: Couldn't open audio device")

    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    monkeypatch.setattr(sound_module.pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(sound_module.pygame.mixer, "init", no_device)
    assert open_mixer() is False
    assert tried == ["alsa", "dummy"] and os.environ["SDL_AUDIODRIVER"] == "alsa"
    err = capfd.readouterr().err
    assert len(err.splitlines()) == 1 and "no sound device" in err


def test_the_dummy_driver_is_silence_unless_asked_for(monkeypatch):
    monkeypatch.setattr(sound_module.pygame.mixer, "get_init", lambda: (44100, -16, 2))
    monkeypatch.setattr(sound_module.pygame.mixer, "get_driver", lambda: "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "alsa")
    assert not Sound(1.0).available             # our fallback: nothing to hear
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    assert Sound(1.0).available                 # asked for (the tests): sounds are made


@pytest.mark.slow
def test_start_up_without_a_sound_device_prints_one_line_at_most(tmp_path):
    """On a machine with no sound card ALSA printed sixteen lines; with one, nothing."""
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="alsa",
               ALSA_CARD="tavolata-no-such-card", TAVOLATA_EXIT_AFTER_FIRST_FRAME="1",
               TAVOLATA_CONFIG_DIR=str(tmp_path))
    done = subprocess.run([sys.executable, str(ROOT / "main.py")], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    # the one line of the drawing path is said at every start (scenes/window/opening.py)
    said = [line for line in done.stderr.splitlines() if not line.startswith("tavolata: drawing:")]
    assert len(said) <= 1, done.stderr


def test_stopping_the_sound_warm_up_joins_it():
    pygame.mixer.init()
    if not pygame.mixer.get_init():
        pytest.skip("no mixer, even with the dummy audio driver")
    sound = Sound(0.5)
    thread = sound.warm_in_background()
    assert thread is not None
    assert sound.stop(5) and not thread.is_alive()
    assert sound.warm_in_background() is None      # stopped for good
