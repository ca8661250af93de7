"""The command line: help, options, and clear errors with exit code 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import main
from game import CATALOG, GAMES

#: games in the menu whose rules are not built yet
UNBUILT = [e.key for e in CATALOG if e.key not in GAMES]

ROOT = Path(__file__).resolve().parent.parent


def test_help_lists_the_options():
    out = subprocess.run([sys.executable, "main.py", "--help"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0
    for option in ("--fullscreen", "--game", "--seed", "--size"):
        assert option in out.stdout


def test_an_unknown_game_key_lists_the_keys_and_exits_2(capsys):
    with pytest.raises(SystemExit) as exc:
        main.parse_args(["--game", "poker"])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "unknown game 'poker'" in err
    for key in GAMES:
        assert key in err


def test_a_known_game_and_seed_are_parsed():
    args = main.parse_args(["--game", "bocce", "--seed", "7", "--fullscreen"])
    assert (args.game, args.seed, args.fullscreen) == ("bocce", 7, True)


@pytest.mark.parametrize("size", ["big", "100x100", "1280", "799x600", "1024x499"])
def test_a_bad_window_size_is_refused_with_exit_2(size, capsys):
    with pytest.raises(SystemExit) as exc:
        main.parse_args(["--size", size])
    assert exc.value.code == 2
    assert "--size" in capsys.readouterr().err


def test_the_smallest_window_size_is_the_one_the_window_keeps(capsys):
    from scenes.sizes import MIN_SIZE

    assert main.parse_args(["--size", f"{MIN_SIZE[0]}x{MIN_SIZE[1]}"]).size == MIN_SIZE
    with pytest.raises(SystemExit):
        main.parse_args(["--size", "640x400"])
    assert "at least 800x500" in capsys.readouterr().err


@pytest.mark.parametrize("size", ["99999999999999999999x720", "100000x100000", "1280x" + "9" * 5000,
                                  "7681x720", "1280x4321"])
def test_a_window_size_past_the_largest_is_refused_in_one_line(size, capsys):
    from scenes.sizes import MAX_SIZE

    with pytest.raises(SystemExit) as exc:
        main.parse_args(["--size", size])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--size" in err and f"{MAX_SIZE[0]}x{MAX_SIZE[1]}" in err
    assert main.parse_args(["--size", f"{MAX_SIZE[0]}x{MAX_SIZE[1]}"]).size == MAX_SIZE


@pytest.mark.parametrize("value", ["vulkan", "gpu", ""])
def test_a_bad_renderer_is_refused_in_one_line_that_names_the_choices(value, capsys):
    with pytest.raises(SystemExit) as exc:
        main.parse_args(["--renderer", value])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--renderer wants auto, off or a render driver" in err


def test_the_renderer_is_the_settings_unless_told():
    assert main.parse_args([]).renderer is None
    assert main.parse_args(["--renderer", "Software"]).renderer == "software"


def test_the_kiosk_options_are_parsed():
    args = main.parse_args(["--kiosk", "--windowed", "--idle", "30"])
    assert (args.kiosk, args.windowed, args.idle) == (True, True, 30.0)
    assert main.parse_args([]).idle is None, "the kiosk's own default applies"


@pytest.mark.parametrize("argv, fault", [
    (["--idle", "0"], "--idle"),
    (["--idle", "inf"], "--idle"),
    (["--idle", "nan"], "--idle"),
    (["--simulate", "poker"], "unknown game 'poker'"),
    *([(["--simulate", UNBUILT[0]], "not playable yet")] if UNBUILT else []),
    (["--simulate", "bocce", "--players", "master"], "--players: unknown level"),
    (["--simulate", "bocce", "--games", "0"], "--games"),
])
def test_bad_kiosk_and_simulation_options_exit_2(argv, fault, capsys):
    with pytest.raises(SystemExit) as exc:
        main.parse_args(argv)
    assert exc.value.code == 2
    assert fault in capsys.readouterr().err


@pytest.mark.slow
def test_the_kiosk_starts_windowed_and_draws(tmp_path):
    import os

    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               TAVOLATA_EXIT_AFTER_FIRST_FRAME="1", TAVOLATA_CONFIG_DIR=str(tmp_path / "c"),
               TAVOLATA_LOG_DIR=str(tmp_path / "log"))
    out = subprocess.run([sys.executable, "main.py", "--kiosk", "--windowed"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60, env=env)
    assert out.returncode == 0, out.stderr
    assert "first frame" in out.stdout
    assert not (tmp_path / "log").exists(), "no error to log"
