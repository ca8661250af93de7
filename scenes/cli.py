"""The command line: parse it, then run the app.  ``tavolata`` (the command an install
makes, ``[project.scripts]`` in pyproject.toml) and ``python main.py`` both land in
:func:`main`; it lives in a package so an install need not put a module named ``main``
on everyone's path.  Ctrl+C ends the program quietly with status 130.

``--simulate GAME`` plays computer games with no window (game/simulate.py) and never
imports pygame, so it and ``--help`` work without the packages; anything else first asks
scenes/preflight.py whether this Python has them (exit code 1 and the command that sets
them up, if not); ``--kiosk`` runs the demo (scenes/screens/kiosk); ``--host GAME`` and
``--join CODE`` play with a friend over the network (scenes/screens/online/play.py), and ``--relay``
is the relay of every way online in that run, the menu's Play online too; ``--replay FILE``
watches a saved game again (scenes/screens/replay_scene.py; a file that does not replay is told
in one line, exit code 2, before any window opens).
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path
from typing import Any, Sequence

from game import CATALOG, GAMES
from scenes.sizes import MAX_SIZE, MIN_SIZE
from scenes.window.choice import check as check_renderer

#: how much of a bad argument an error line repeats
ECHO_LIMIT = 40


def _echo(text: str) -> str:
    """``repr(text)``, cut short: an error line stays one short line whatever was typed."""
    return repr(text) if len(text) <= ECHO_LIMIT else repr(text[:ECHO_LIMIT]) + "..."


def _playable(parser: argparse.ArgumentParser, key: str) -> None:
    """Exit 2, naming the keys, unless ``key`` is a game that is built."""
    if key in GAMES:
        return
    keys = ", ".join(entry.key for entry in CATALOG)
    if key in (e.key for e in CATALOG):
        parser.exit(2, f"tavolata: {key} is not playable yet; playable now: "
                       f"{', '.join(sorted(GAMES))}\n")
    parser.exit(2, f"tavolata: unknown game {key!r}; the games are: {keys}\n")


def _check_netplay(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Exit 2 with a clear line for netplay options that cannot work; ``args.relay`` becomes
    a (host, port) pair."""
    if args.host is not None and args.join is not None:
        parser.exit(2, "tavolata: --host and --join: one or the other\n")
    if args.port is not None and args.host is None:
        parser.exit(2, "tavolata: --port goes with --host (the port to listen on)\n")
    if args.port is not None and not 0 < args.port < 65536:
        parser.exit(2, "tavolata: --port wants a number from 1 to 65535\n")
    if args.join is not None:
        from game.net import CodeError, parse

        try:
            parse(args.join)
        except CodeError:
            parser.exit(2, f"tavolata: --join: {_echo(args.join)} is not a room code "
                           "(mistyped?)\n")
    if args.listen is not None:
        from game.net.interfaces import listen_address

        if args.host is None:
            parser.exit(2, "tavolata: --listen goes with --host\n")
        try:
            args.listen = listen_address(args.listen)
        except ValueError as exc:
            parser.exit(2, f"tavolata: --listen: {exc}\n")
    if args.relay is not None:
        from game.net.relays import relay_setting

        try:
            args.relay = relay_setting(args.relay)
        except ValueError as exc:
            parser.exit(2, f"tavolata: --relay: {exc}\n")


def _check_replay(parser: argparse.ArgumentParser, path: str) -> None:
    """Exit 2 with one line when the file is not a game that replays (game/saves.py)."""
    from pathlib import Path

    from game.replays import load_replay
    from game.saves import SaveError

    try:
        load_replay(Path(path))
    except FileNotFoundError:
        parser.exit(2, f"tavolata: --replay: no file {path}\n")
    except (SaveError, OSError) as exc:
        parser.exit(2, f"tavolata: --replay: {path} cannot be replayed: {exc}\n")


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    keys = ", ".join(entry.key for entry in CATALOG)
    *first, last = [entry.title for entry in CATALOG]
    titles = f"{', '.join(first)} and {last}" if first else last
    parser = argparse.ArgumentParser(
        prog="tavolata",
        description=f"Tavolata: {titles} against the computer.")
    parser.add_argument("--game", metavar="KEY",
                        help=f"go straight to a table of this game ({keys})")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the shuffle, for a reproducible deal (--simulate: of "
                             "the first game)")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--speak", action="store_true",
                        help="say the table aloud in this run (the setting Spoken table)")
    parser.add_argument("--renderer", default=None, metavar="auto|off|DRIVER",
                        help="how the window is drawn: auto (through the GPU where there is "
                             "one, else the window's surface), off (the window's surface), or "
                             "an SDL render driver such as opengl or software; default: the "
                             "settings' (auto)")
    parser.add_argument("--size", default=None, metavar="WxH",
                        help=f"window size, e.g. 1280x720 (at least {MIN_SIZE[0]}x{MIN_SIZE[1]}, "
                             f"at most {MAX_SIZE[0]}x{MAX_SIZE[1]})")
    kiosk = parser.add_argument_group("kiosk")
    kiosk.add_argument("--kiosk", action="store_true",
                       help="the games play themselves, fullscreen, until a key or click; "
                            "Esc does not quit: Ctrl+Shift+Q does")
    kiosk.add_argument("--windowed", action="store_true",
                       help="in a window, whatever the settings say (a kiosk for testing)")
    kiosk.add_argument("--idle", type=float, default=None, metavar="S",
                       help="seconds without input before the kiosk's demo resumes "
                            "(default 90)")
    net = parser.add_argument_group("netplay")
    net.add_argument("--host", metavar="GAME",
                     help="host this game (as last set up) for a friend on another computer")
    net.add_argument("--join", metavar="CODE", help="join a friend's game with its room code")
    net.add_argument("--port", type=int, default=None, metavar="N",
                     help="--host: the port to listen on (default 47810)")
    net.add_argument("--listen", default=None, metavar="ADDRESS",
                     help="--host: listen on this address of this computer only, e.g. "
                          "127.0.0.1 (default: the setting, else every interface)")
    net.add_argument("--relay", default=None, metavar="HOST:PORT[,HOST:PORT...][#FINGERPRINT]",
                     help="a relay (python -m game.net.relay) for play across the internet, or "
                          "a fleet's gateways, and the relay service's key fingerprint: Play "
                          "online uses it in this run (the setting stays as it is)")
    net.add_argument("--export-key", metavar="FILE", type=Path,
                     help="write your player key (who you are at the relay service, and "
                          "your ratings) to this new file, to take it to another computer")
    net.add_argument("--import-key", metavar="FILE", type=Path,
                     help="make the player key in FILE yours here (the one it replaces is "
                          "kept beside it)")
    parser.add_argument("--replay", metavar="FILE",
                        help="watch a saved game again move by move (a file made by "
                             "'Save this game')")
    sim = parser.add_argument_group("headless simulation")
    sim.add_argument("--simulate", metavar="GAME",
                     help="play games between computers with no window; prints a JSON summary")
    sim.add_argument("--games", type=int, default=100, metavar="N",
                     help="how many games to simulate (default 100)")
    sim.add_argument("--players", nargs="+", metavar="LEVEL",
                     help="one level per seat: easy, normal, hard or random (default normal; "
                          "missing seats take the last level)")
    sim.add_argument("--rotate", action="store_true",
                     help="the players move one seat on every game; wins also per player")
    args = parser.parse_args(argv)
    _check_netplay(parser, args)
    for key in (args.game, args.simulate, args.host):
        if key is not None:
            _playable(parser, key)
    if args.simulate is not None:
        from game.simulate import seat_levels

        try:
            seat_levels(args.simulate, args.players)
        except ValueError as exc:
            parser.exit(2, f"tavolata: --players: {exc}\n")
        if args.games < 1:
            parser.exit(2, "tavolata: --games wants at least 1\n")
    if args.replay is not None:
        _check_replay(parser, args.replay)
    if args.idle is not None and not (args.idle > 0 and math.isfinite(args.idle)):
        parser.exit(2, "tavolata: --idle wants a number of seconds above 0\n")
    if args.size is not None:
        args.size = _window_size(parser, args.size)
    try:
        if args.renderer is not None:
            args.renderer = check_renderer(args.renderer)
    except ValueError as exc:
        parser.exit(2, f"tavolata: {exc}\n")
    return args


def _window_size(parser: argparse.ArgumentParser, text: str) -> tuple[int, int]:
    """``WxH`` within MIN_SIZE and MAX_SIZE, or exit 2 with one line."""
    try:
        parts = text.lower().split("x")
        if len(parts) != 2 or any(len(p.strip()) > 6 for p in parts):   # 6: past any maximum
            raise ValueError
        w, h = (int(p) for p in parts)
        if not (MIN_SIZE[0] <= w <= MAX_SIZE[0] and MIN_SIZE[1] <= h <= MAX_SIZE[1]):
            raise ValueError
    except ValueError:
        parser.exit(2, f"tavolata: --size wants WIDTHxHEIGHT, at least "
                       f"{MIN_SIZE[0]}x{MIN_SIZE[1]} and at most {MAX_SIZE[0]}x{MAX_SIZE[1]}\n")
    return w, h


def _player_key(export: Path | None, source: Path | None) -> int:
    """``--export-key`` / ``--import-key`` (game/net/players.py): one line of what was
    done, or of why not (exit code 2), and no window."""
    from game.net.identity import public_bytes
    from game.net.players import PlayerKeyError, export_key, import_key, player_key, short

    try:
        if export is not None:
            export_key(export)
            print(f"Your player key is in {export}: keep it private.")
        else:
            assert source is not None
            kept = import_key(source)
            print(f"Your player key is now the one in {source}" +
                  ("" if kept is None else f" (the one it replaced is kept in {kept})") + ".")
        print(f"Fingerprint: {short(public_bytes(player_key()))}")
    except PlayerKeyError as exc:
        print(f"tavolata: {exc}", file=sys.stderr)
        return 2
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        if args.simulate is not None:
            from game.simulate import run as simulate

            return simulate(args.simulate, args.games, args.players, args.seed or 0,
                            args.rotate)
        from scenes.preflight import setup_problem

        problem = setup_problem()
        if problem is not None:
            print(problem, file=sys.stderr)
            return 1
        if args.export_key is not None or args.import_key is not None:
            return _player_key(args.export_key, args.import_key)
        from scenes.app import run

        kiosk: dict[str, Any] | None = None
        if args.kiosk:
            kiosk = {} if args.idle is None else {"idle": args.idle}
        online: dict[str, Any] | None = None
        if args.host is not None or args.join is not None:
            online = {"host": args.host, "join": args.join, "port": args.port,
                      "listen": args.listen}
        return run(game=args.game, seed=args.seed,
                   fullscreen=args.fullscreen or (args.kiosk and not args.windowed),
                   size=args.size, windowed=args.windowed, kiosk=kiosk, online=online,
                   replay=args.replay, relay=args.relay, speak=args.speak,
                   renderer=args.renderer)
    except KeyboardInterrupt:   # Ctrl+C while starting or shutting down: no traceback either
        return 130
