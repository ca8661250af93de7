"""The kiosk's error log: what went wrong, and the game it went wrong in, to replay it.

Each entry is the time, what the kiosk was doing, the traceback, and the game's
log as one JSON line (``key``, ``options``, ``seats``, ``seed``, ``actions``:
:meth:`game.session.Session.log`), which the engine's replay (game/engine.py)
turns back into the very game.  The file lives in the user log folder
(``platformdirs.user_log_dir("tavolata")``; ``TAVOLATA_LOG_DIR`` puts it
elsewhere, as the tests do) and is bounded: past MAX_BYTES it moves aside to
``kiosk-errors.log.1`` and a new one starts.  Writing never raises: a kiosk
that cannot write its log goes on all the same.
"""

from __future__ import annotations

import json
import os
import sys
import time
from pathlib import Path
from typing import Any, Optional

FILE_NAME = "kiosk-errors.log"
#: the log file moves aside beyond this size (one older file is kept)
MAX_BYTES = 1 << 20
#: what starts the line holding the game's log
GAME_LOG = "game log: "


def log_dir() -> Path:
    """TAVOLATA_LOG_DIR if set (tests), else the OS's user log folder."""
    override = os.environ.get("TAVOLATA_LOG_DIR")
    if override:
        return Path(override)
    from platformdirs import user_log_dir

    return Path(user_log_dir("tavolata", appauthor=False))


class ErrorLog:
    """Appends entries to the kiosk's error log (see the module docstring)."""

    def __init__(self, path: Optional[Path] = None) -> None:
        self.path = path if path is not None else log_dir() / FILE_NAME

    def write(self, what: str, trace: str, game: Optional[dict[str, Any]]) -> None:
        stamp = time.strftime("%Y-%m-%d %H:%M:%S")
        lines = [f"=== {stamp} {what}", trace.rstrip()]
        if game is not None:
            lines.append(GAME_LOG + json.dumps(game, separators=(",", ":"), default=str))
        entry = "\n".join(lines) + "\n\n"
        print(f"tavolata kiosk: {what} (details in {self.path})", file=sys.stderr)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            if self.path.is_file() and self.path.stat().st_size > MAX_BYTES:
                os.replace(self.path, self.path.with_name(FILE_NAME + ".1"))
            with open(self.path, "a", encoding="utf-8") as f:
                f.write(entry)
        except OSError as exc:
            print(f"tavolata kiosk: could not write {self.path}: {exc}\n{entry}", file=sys.stderr)


def game_logs(path: Path) -> list[dict[str, Any]]:
    """Every whole game log in an error log file, oldest first (to replay them).  A line
    a crash cut off (or anything else that is not a JSON object) is skipped: the others
    are still worth replaying."""
    out = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        if not line.startswith(GAME_LOG):
            continue
        try:
            game = json.loads(line[len(GAME_LOG):])
        except ValueError:                     # cut off mid-line, or damaged
            continue
        if isinstance(game, dict):
            out.append(game)
    return out
