"""Statistics of the games played here against the computers, per game and level.

Kept as ``stats.json`` in the user data folder (:func:`game.saves.data_dir`), updated
once per finished game (:meth:`Stats.add`) and written atomically.  A game is counted
under the level of the computers it was played against ("easy", "normal", "hard";
"mixed" when they differ); a game in which a move was taken back is counted apart,
under ``"<level>+undo"`` (:func:`bucket`), so an undone game never improves a record.

Per bucket: games played and won, best and total score (the average is total / played),
the current and the best run of wins; and what each game's own sheet says:

* Bisca: lives left at the end (their total, for an average);
* Dou Dizhu: hands played and won as the landlord and as a peasant;
* Bolola: each contract's points, summed with the number of deals (points per deal).

Per game, the last :data:`RECENT` games (score, won, bucket) feed the chart of the
statistics screen.  A damaged file, or one of another format, is set aside as
``stats.json.bad`` with a one-line notice, and counting starts again.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

from game.saves import DataFolder, Record, SaveError, Trouble, read_json, write_atomic
from game.session.setup import COMPUTER

FILE_NAME = "stats.json"
FORMAT = 1
#: games per game kept for the chart
RECENT = 20


def level_of(record: Record) -> str:
    """The computers' level in a game: theirs when they share one, else "mixed"."""
    levels = {s.level for i, s in enumerate(record.setup.seats)
              if s.kind == COMPUTER and i != record.seat}
    return levels.pop() if len(levels) == 1 else ("mixed" if levels else "none")


def bucket(record: Record) -> str:
    """Where a game counts: its level, apart when a move was taken back."""
    return level_of(record) + ("+undo" if record.undos else "")


def empty_line() -> dict[str, Any]:
    return {"played": 0, "won": 0, "best": None, "total": 0, "streak": 0, "best_streak": 0,
            "lives": 0, "landlord": [0, 0], "peasant": [0, 0], "deals": {}}


def add_game(data: dict[str, Any], record: Record) -> None:
    """Count a finished game (its ``result``) into ``data`` (the file's contents)."""
    result = record.result or {}
    scores, winners = result.get("scores") or [], result.get("winners") or []
    seat = record.seat
    score = int(scores[seat]) if seat < len(scores) else 0
    won = seat in winners
    game = data.setdefault("games", {}).setdefault(record.key, {})
    line = game.setdefault(bucket(record), empty_line())
    line["played"] += 1
    line["won"] += int(won)
    line["total"] += score
    line["best"] = score if line["best"] is None else max(line["best"], score)
    line["streak"] = line["streak"] + 1 if won else 0
    line["best_streak"] = max(line["best_streak"], line["streak"])
    _add_sheet(line, record.key, result, seat)
    recent = data.setdefault("recent", {}).setdefault(record.key, [])
    recent.append([score, won, bucket(record)])
    del recent[:-RECENT]


def _add_sheet(line: dict[str, Any], key: str, result: dict[str, Any], seat: int) -> None:
    """What the game's own score sheet adds (see the module docstring)."""
    if key == "bisca":
        lives = result.get("lives") or []
        line["lives"] += int(lives[seat]) if seat < len(lives) else 0
    for row in result.get("sheet") or []:
        if not isinstance(row, dict):
            continue
        if key == "doudizhu" and "landlord" in row:
            mine = row["landlord"] == seat
            role = line["landlord" if mine else "peasant"]
            role[0] += 1
            role[1] += int(bool(row.get("landlord_won")) == mine)
        elif key == "bolola" and row.get("contract"):
            points = row.get("scores") or []
            entry = line["deals"].setdefault(row["contract"], [0, 0])
            entry[0] += int(points[seat]) if seat < len(points) else 0
            entry[1] += 1


def average(line: dict[str, Any]) -> Optional[float]:
    return line["total"] / line["played"] if line.get("played") else None


class Stats(DataFolder):
    """The statistics file in one folder (default :func:`game.saves.data_dir`)."""

    @property
    def path(self) -> Path:
        return self.folder / FILE_NAME

    def load(self) -> tuple[dict[str, Any], Optional[Trouble]]:
        """The statistics so far (empty when none), and what was wrong when the file was
        damaged or of another format (it is then set aside and counting starts again) or
        cannot be read now (it is left as it is)."""
        data, trouble = self.read(self.path, _load)
        return (data if data is not None else {"format": FORMAT, "games": {}, "recent": {}},
                trouble)

    def add(self, record: Record) -> Optional[Trouble]:
        """Count a finished game and write the file; the load's trouble, if any.  A file
        that is there but could not be read, or set aside, is never written over (the
        game is then not counted): the counts it holds come back once it can be read."""
        data, trouble = self.load()
        if trouble is not None and not trouble.moved:
            return trouble
        add_game(data, record)
        write_atomic(self.path, data)
        return trouble


def _load(path: Path) -> dict[str, Any]:
    """The statistics in the file at ``path``, checked (SaveError: not of this version)."""
    data = read_json(path)
    if not isinstance(data, dict) or data.get("format") != FORMAT \
            or not isinstance(data.get("games"), dict) \
            or not isinstance(data.get("recent", {}), dict):
        raise SaveError("saves.stats_other")
    _check(data)
    return data


def _check(data: dict[str, Any]) -> None:
    """Every line has the fields of :func:`empty_line`, of their types (SaveError if not):
    the screen then reads them without a doubt."""
    model = empty_line()
    for game in data["games"].values():
        if not isinstance(game, dict):
            raise SaveError("saves.stats_game")
        for line in game.values():
            if not isinstance(line, dict) or any(
                    not isinstance(line.get(k), type(v)) for k, v in model.items()
                    if v is not None) or not isinstance(line.get("best"), (int, type(None))):
                raise SaveError("saves.stats_line")
    for recent in data.get("recent", {}).values():
        if not isinstance(recent, list) or not all(
                isinstance(r, list) and len(r) == 3 and isinstance(r[0], int) for r in recent):
            raise SaveError("saves.stats_recent")
