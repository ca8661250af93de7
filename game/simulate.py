"""Headless computer-vs-computer games: the engine of ``python main.py --simulate``, and of
tests and benchmarks.

:func:`simulate` plays N games with computer players only (one level per seat)
and sums them up: wins and mean score per seat (and per player when the
players rotate seats), games per second, and the games that failed, each with
its seed to replay it.  A game that raises is an error in the summary, never
the end of the run.  No pygame here: this runs where there is no screen.
"""

from __future__ import annotations

import json
import sys
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Optional, Sequence, TextIO

from game import GAMES
from game.ai import LEVELS, computer_player
from game.ai.base import ComputerPlayer
from game.engine import State
from game.session import GameSetup, Session
from game.views import Result

#: the levels a seat may have in a simulation
SEAT_LEVELS = LEVELS + ("random",)
#: width of the progress bar, in characters
BAR = 30


def play_game(key: str, players: Sequence[ComputerPlayer], seed: int,
              options: dict[str, Any] | None = None, max_actions: int = 100_000) -> State:
    """Play one whole game in a session of computers; each player sees only its own view.

    When several seats may act at once (a simultaneous commit, a race), the
    order in which they act is drawn from the session's seeded generator.
    """
    setup = GameSetup.computers(key, ["random"] * len(players), options, seed)
    return Session(setup, players=list(players)).run(max_actions)


@dataclass
class Tally:
    """Wins and score sums by seat and by player (the same when the players keep their seats)."""

    seats: int
    played: int = 0
    seat_wins: list[int] = field(init=False)
    seat_points: list[float] = field(init=False)
    player_wins: list[int] = field(init=False)
    player_points: list[float] = field(init=False)
    errors: list[dict[str, Any]] = field(default_factory=list)

    def __post_init__(self) -> None:
        for name in ("seat_wins", "seat_points", "player_wins", "player_points"):
            setattr(self, name, [0] * self.seats)

    def add(self, result: Result, order: Sequence[int]) -> None:
        """One game's result; ``order[seat]`` is the player who sat there."""
        self.played += 1
        winners = result.get("winners") or []
        for seat, score in enumerate(result.get("scores") or [0] * self.seats):
            won = int(seat in winners)
            self.seat_wins[seat] += won
            self.seat_points[seat] += score
            self.player_wins[order[seat]] += won
            self.player_points[order[seat]] += score


def tally(key: str, players: Sequence[ComputerPlayer], games: int, first_seed: int = 0,
          rotate: bool = False, progress: Optional[Callable[[int], None]] = None,
          each: Optional[Callable[["Tally"], None]] = None) -> Tally:
    """Play ``games`` games on seeds ``first_seed``, ``first_seed + 1`` ...; with ``rotate``
    player p sits at seat ``(p + i) % seats`` in game i, so no player keeps a seat's luck.
    ``progress`` gets the games played so far, ``each`` the tally after every game."""
    seats = len(players)
    out = Tally(seats)
    for i in range(games):
        shift = i % seats if rotate else 0
        order = [(seat - shift) % seats for seat in range(seats)]
        seed = first_seed + i
        try:
            state = play_game(key, [players[p] for p in order], seed)
        except Exception as exc:  # one broken game is a line in the summary, not the end
            out.errors.append({"seed": seed, "error": f"{type(exc).__name__}: {exc}"})
        else:
            out.add(state.result(), order)
        if progress is not None:
            progress(i + 1)
        if each is not None:
            each(out)
    return out


def win_rate(key: str, hero: ComputerPlayer, others: ComputerPlayer, games: int,
             seats: int, first_seed: int = 0) -> float:
    """Share of games in which ``hero`` is among the winners, rotating its seat."""
    result = tally(key, [hero] + [others] * (seats - 1), games, first_seed, rotate=True)
    if result.errors:
        raise RuntimeError(f"{key}: {len(result.errors)} games failed: {result.errors[0]}")
    return result.player_wins[0] / games


def seat_levels(key: str, levels: Sequence[str] | None) -> list[str]:
    """One level per seat of ``key``: as given, the last repeated for missing seats
    (default: normal everywhere).  ValueError when they cannot be."""
    seats = GAMES[key].seats
    levels = list(levels or ["normal"])
    bad = [lv for lv in levels if lv not in SEAT_LEVELS]
    if bad:
        raise ValueError(f"unknown level {bad[0]!r}: the levels are {', '.join(SEAT_LEVELS)}")
    if len(levels) > max(seats):
        raise ValueError(f"{GAMES[key].title} has at most {max(seats)} seats, "
                         f"not {len(levels)} players")
    return levels + [levels[-1]] * (seats[0] - len(levels))


def simulate(key: str, games: int, levels: Sequence[str] | None = None, first_seed: int = 0,
             rotate: bool = False, progress: Optional[Callable[[int], None]] = None
             ) -> dict[str, Any]:
    """The JSON summary of ``games`` games of ``key`` between computers at ``levels``."""
    levels = seat_levels(key, levels)
    players = [computer_player(key, lv) for lv in levels]
    started = time.perf_counter()
    result = tally(key, players, games, first_seed, rotate, progress)
    seconds = time.perf_counter() - started
    n = max(1, result.played)

    def rows(wins: list[int], points: list[float], name: str) -> list[dict[str, Any]]:
        return [{name: i, "level": None if rotate and name == "seat" else levels[i],
                 "wins": wins[i], "win_rate": round(wins[i] / n, 4),
                 "mean_score": round(points[i] / n, 2)} for i in range(len(levels))]

    summary: dict[str, Any] = {
        "game": key, "games": games, "played": result.played, "first_seed": first_seed,
        "levels": levels, "rotate": rotate,
        "seats": rows(result.seat_wins, result.seat_points, "seat")}
    if rotate:
        summary["players"] = rows(result.player_wins, result.player_points, "player")
    summary.update(seconds=round(seconds, 2),
                   games_per_second=round(result.played / seconds, 2) if seconds > 0 else None,
                   errors=result.errors)
    return summary


class ProgressBar:
    """``bocce [######......]  40/200  22.1 games/s`` on a terminal, redrawn in place;
    nothing when the stream is not a terminal (a pipe, a file)."""

    def __init__(self, label: str, total: int, stream: TextIO = sys.stderr) -> None:
        self.label = label
        self.total = max(1, total)
        self.stream = stream
        self.live = bool(getattr(stream, "isatty", lambda: False)())
        self.started = time.perf_counter()

    def __call__(self, done: int) -> None:
        if not self.live:
            return
        filled = BAR * done // self.total
        rate = done / max(1e-9, time.perf_counter() - self.started)
        self.stream.write(f"\r{self.label} [{'#' * filled}{'.' * (BAR - filled)}] "
                          f"{done}/{self.total}  {rate:.1f} games/s")
        if done >= self.total:
            self.stream.write("\n")
        self.stream.flush()


def run(key: str, games: int, levels: Sequence[str] | None, first_seed: int = 0,
        rotate: bool = False, out: TextIO = sys.stdout, err: TextIO = sys.stderr) -> int:
    """``--simulate``: the progress on ``err``, the JSON summary on ``out``; the exit
    status is 1 when any game failed."""
    summary = simulate(key, games, levels, first_seed, rotate, ProgressBar(key, games, err))
    json.dump(summary, out, indent=2)
    out.write("\n")
    return 1 if summary["errors"] else 0
