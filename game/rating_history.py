"""The player's own rating at each game, as the service last told it, kept in the data
folder for the Statistics chart (``ratings.json``): each rated game's result panel adds
the rating after it; the Leaderboard screen, which the service answers with the whole
history it folded, puts that in its place.  The service's stream stays the truth
(game/net/keeper.py); this file is what this computer saw of it."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional, Sequence

from game.saves import DataFolder, SaveError, Trouble, read_json, turn_at, write_atomic

FILE_NAME = "ratings.json"
FORMAT = 1
#: ratings kept per game (the newest)
KEPT = 200
LOCK_SECONDS = 5.0


class RatingHistory(DataFolder):
    """Each game's ratings, oldest first (default folder :func:`game.saves.data_dir`)."""

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    def load(self) -> tuple[dict[str, list[float]], Optional[Trouble]]:
        data, trouble = self.read(self.path, _load)
        return (data["games"] if data is not None else {}), trouble

    def add(self, game: str, rating: float) -> Optional[Trouble]:
        """One more rated game's rating after it."""
        return self._change(game, lambda old: [*old, float(rating)])

    def replace(self, game: str, ratings: Sequence[float]) -> Optional[Trouble]:
        """The whole history, as the service folded it."""
        return self._change(game, lambda old: [float(r) for r in ratings])

    def _change(self, game: str, change: Any) -> Optional[Trouble]:
        """Change one game's list under the lock another window takes (a file there that
        cannot be read is never written over)."""
        self.folder.mkdir(parents=True, exist_ok=True)
        with turn_at(self.path, LOCK_SECONDS):
            games, trouble = self.load()
            if trouble is not None and not trouble.moved:
                return trouble
            games[game] = change(games.get(game, []))[-KEPT:]
            write_atomic(self.path, {"format": FORMAT, "games": games})
        return trouble


def _load(path: Path) -> dict[str, Any]:
    data = read_json(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT or \
            not isinstance(data.get("games"), dict) or not all(
                isinstance(v, list) and all(isinstance(r, (int, float)) for r in v)
                for v in data["games"].values()):
        raise SaveError("saves.ratings_other")
    return data
