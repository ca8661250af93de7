"""The command line: parse it, then run the app.  ``tavolata`` (the command an install
makes, ``[project.scripts]`` in pyproject.toml) and ``python main.py`` both land in
:func:`main`; it lives in a package so an install need not put a module named ``main``
on everyone's path.  Ctrl+C ends the program quietly with status 130.
"""

from __future__ import annotations

import argparse
from typing import Sequence

from game import CATALOG, GAMES
from scenes.sizes import MIN_SIZE


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    keys = ", ".join(entry.key for entry in CATALOG)
    parser = argparse.ArgumentParser(
        prog="tavolata",
        description="Tavolata: Bocce, Bolola, Bisca, Briscola Venceslao and Dou Dizhu "
                    "against the computer.")
    parser.add_argument("--game", metavar="KEY",
                        help=f"go straight to a table of this game ({keys})")
    parser.add_argument("--seed", type=int, default=None,
                        help="seed of the shuffle, for a reproducible deal")
    parser.add_argument("--fullscreen", action="store_true", help="start in fullscreen")
    parser.add_argument("--size", default=None, metavar="WxH",
                        help=f"window size, e.g. 1280x720 (at least {MIN_SIZE[0]}x{MIN_SIZE[1]})")
    args = parser.parse_args(argv)
    if args.game is not None and args.game not in GAMES:
        known = [e.key for e in CATALOG]
        if args.game in known:
            parser.exit(2, f"tavolata: {args.game} is not playable yet; playable now: "
                           f"{', '.join(sorted(GAMES))}\n")
        parser.exit(2, f"tavolata: unknown game {args.game!r}; the games are: {keys}\n")
    if args.size is not None:
        try:
            w, h = (int(v) for v in args.size.lower().split("x"))
            if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
                raise ValueError
            args.size = (w, h)
        except ValueError:
            parser.exit(2, f"tavolata: --size wants WIDTHxHEIGHT, at least "
                           f"{MIN_SIZE[0]}x{MIN_SIZE[1]}\n")
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse_args(argv)
    try:
        from scenes.app import run

        return run(game=args.game, seed=args.seed, fullscreen=args.fullscreen, size=args.size)
    except KeyboardInterrupt:   # Ctrl+C while starting or shutting down: no traceback either
        return 130
