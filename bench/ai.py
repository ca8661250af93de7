"""The computer players' strength and speed, in every game, at every level.

    python bench/ai.py [--games 1000] [--hard-games 1000]
                       [--playouts N | --seconds S | --budget S] [--load N]
                       [--game KEY ...] [--rows hard,normal,easy,rule,pybrisca,bastoni,ismcts] [--seed 0]
                       [--seats N ...] [--no-reading] [--verbose]

Fixed seeds (``--seed``, ``--seed`` + 1 ...), the hero's seat rotating game by game
(as game/simulate.py's ``tally`` rotates it; fresh players every game), a win being
among the winners; each figure with its 95% interval (Wilson) and the fair share (1 / players),
and the hero's edge (its final score less the others' mean, a game) with its 95% interval.
Rows:

* ``hard``: one Hard against Normals (Bisca at every player count it allows);
* ``normal``: one Normal against Easies; ``easy``: one Easy against random players;
* ``rule``, ``pybrisca``, ``bastoni``: Briscola, Hard (and Normal, for scale) against two
  of an outside player: the rule-of-thumb player of Briscola learning projects
  (bench/briscola_rule.py), pyBrisca's Simple-AI (bench/briscola_pybrisca.py), Bastoni's
  GreedyPlayer (bench/briscola_bastoni.py), each ported to the three-player game;
* ``ismcts``: the search compared with information-set MCTS at the same playout
  count, one against Normals, in Bisca (two players) and Dou Dizhu (bench/README.md
  says why PIMC).

Hard thinks within its time (0.5 s a move) unless ``--playouts`` fixes its work per
move (reproducible on any machine; the time per move is then that of the count).
``--budget S`` measures the Hard a player meets: its time per move S (the shipped 0.5),
every row labelled with it; ``--load N`` keeps N busy processes (bench/busy.py) on the
CPU beside the whole run, as a machine doing something else would, and says so.
``--jobs N`` plays a row's games in N worker processes (each game on its own seed and
seat rotation, so the figure is the same as with one); ``--minutes M`` stops a row
starting new games after M minutes, and the row gives the games reached (seeds from
``--seed`` on, with none missing).
The time per move of every level (p50 and p99) is taken from every move of the run.
``--no-reading`` takes the soft evidence from Hard's worlds (``Facts.likely``: Bisca's
bets, Dou Dizhu's bids and passes), the hard facts kept, to measure what the reading is
worth on the same seeds.
``--verbose`` prints the hero's wins and points after every game, so a long run says
where it stands before it ends.  A search's departures (the moves where it left its
fallback's choice, of those it searched) and its playouts a searched move (a fixed
count, or what its time allowed) are printed after the times.
Dou Dizhu against RLCard's rule agent is bench/doudizhu_rule.py's (RLCard's own venv).
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import sys
import time
from collections import defaultdict
from dataclasses import replace
from typing import Any, Iterator, Sequence

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, ROOT)

from bench.briscola_bastoni import BastoniGreedy  # noqa: E402
from bench.briscola_pybrisca import PyBriscaSimple  # noqa: E402
from bench.briscola_rule import RuleAgent  # noqa: E402
from bench.briscola_seat import SeatPlayer  # noqa: E402
from bench.busy import beside  # noqa: E402
from game import GAMES  # noqa: E402
from game.ai import computer_player  # noqa: E402
from game.ai.base import ComputerPlayer  # noqa: E402
from game.ai.search import IsmctsSearch, Search, Thought  # noqa: E402
from game.engine import Action, State  # noqa: E402
from game.simulate import Tally, play_game  # noqa: E402

#: Briscola's outside players, by row: Hard and Normal each against two of them
OUTSIDE: dict[str, type[SeatPlayer]] = {
    "rule": RuleAgent, "pybrisca": PyBriscaSimple, "bastoni": BastoniGreedy}
ROWS = ("hard", "normal", "easy", *OUTSIDE, "ismcts")
#: the games of the ISMCTS comparison
ISMCTS_GAMES = ("bisca", "doudizhu")
#: playouts per move in the ISMCTS comparison (both searches alike)
COMPARE_PLAYOUTS = 40


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a share from ``wins`` of ``n`` (Wilson's score interval)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float], z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of a mean (normal approximation): a game's edge in points says
    more per game than a win does where luck decides most wins (Bolola's nine deals)."""
    n = len(values)
    if n < 2:
        return float("-inf"), float("inf")
    mean = sum(values) / n
    half = z * math.sqrt(sum((v - mean) ** 2 for v in values) / (n - 1) / n)
    return mean - half, mean + half


#: every move's time by level, over the whole run (the workers' times sent back)
TIMES: dict[str, list[float]] = defaultdict(list)
#: a search's moves that it searched (each entry its playouts), and those where it left its
#: fallback's choice, are kept in TIMES under the level's label and these endings (sent
#: back alike)
SEARCHED, DEPARTED = " searched", " departed"
#: a search's moves where its time ran out before one world was played out (its fallback's
#: move was played: a busy machine's Hard), kept alike
EMPTY = " empty"


class Timed:
    """A player whose every move is timed under ``label`` in ``times`` (worlds passed
    through)."""

    def __init__(self, inner: ComputerPlayer, label: str, times: dict[str, list[float]]) -> None:
        self.inner, self.label, self.name = inner, label, inner.name
        self.times = times
        self.wants_world = getattr(inner, "wants_world", False)

    def choose(self, view: dict[str, Any], legal: Sequence[Action], rng: Any,
               world: State | None = None) -> Action:
        started = time.perf_counter()
        if self.wants_world:
            action = self.inner.choose(view, legal, rng, world=world)
        else:
            action = self.inner.choose(view, legal, rng)
        self.times[self.label].append(time.perf_counter() - started)
        thought = getattr(self.inner, "last", None)
        if isinstance(thought, Thought):
            self.times[self.label + SEARCHED].append(float(sum(thought.counts.values())))
            if thought.chosen != thought.policy:
                self.times[self.label + DEPARTED].append(0.0)
            if not thought.samples:
                self.times[self.label + EMPTY].append(0.0)
        return action


def budget(player: ComputerPlayer, playouts: int | None, seconds: float | None) -> ComputerPlayer:
    if getattr(player, "wants_world", False):
        if playouts is not None:
            player.seconds, player.playouts = None, playouts  # type: ignore[attr-defined]
        elif seconds is not None:
            player.seconds = seconds  # type: ignore[attr-defined]
    return player


def unread(player: ComputerPlayer) -> ComputerPlayer:
    """``player`` with no soft evidence in its worlds (``--no-reading``): its facts less
    ``likely``, the hard facts (voids, known cards) kept."""
    if isinstance(player, Search):
        read = player.facts
        player.facts = lambda view, reader: replace(read(view, reader), likely=None)
    return player


def make(key: str, level: str, args: argparse.Namespace,
         times: dict[str, list[float]]) -> ComputerPlayer:
    if level in OUTSIDE:
        player: ComputerPlayer = OUTSIDE[level]()
    elif level == "ismcts":
        hard = computer_player(key, "hard")
        assert isinstance(hard, Search)
        player = IsmctsSearch.like(hard)
    else:
        player = computer_player(key, level)
    player = budget(player, args.playouts, args.seconds)
    if getattr(args, "no_reading", False):
        player = unread(player)
    label = f"{key} {level}"
    if getattr(player, "wants_world", False) and args.playouts:
        label += f" ({args.playouts} playouts)"
    elif getattr(player, "wants_world", False) and getattr(args, "budget", None) is not None:
        label += f" ({args.budget:g} s, load {getattr(args, 'load', 0)})"
    return Timed(player, label, times)


def one_game(task: tuple[str, str, str, int, int, dict[str, Any]]) -> tuple[
        int, dict[str, Any] | None, list[int], str | None, dict[str, list[float]]]:
    """Game ``i`` of a row (in a worker process or not): seed ``--seed`` + i, the hero at
    seat ``i % seats``, fresh players; its result, who sat where, an error, the move times."""
    key, hero, other, seats, i, options = task
    args = argparse.Namespace(**options)
    times: dict[str, list[float]] = defaultdict(list)
    players = [make(key, hero, args, times)] + [make(key, other, args, times)
                                                for _ in range(seats - 1)]
    shift = i % seats
    order = [(seat - shift) % seats for seat in range(seats)]
    try:
        state = play_game(key, [players[p] for p in order], args.seed + i)
    except Exception as exc:  # one broken game is a line in the figure, not the end
        return i, None, order, f"seed {args.seed + i}: {type(exc).__name__}: {exc}", times
    return i, state.result(), order, None, times


def games_of(key: str, hero: str, other: str, seats: int, games: int,
             args: argparse.Namespace) -> Iterator[tuple[int, dict[str, Any] | None, list[int],
                                                         str | None, dict[str, list[float]]]]:
    """Every game of a row in the order of its seeds, played in ``--jobs`` processes,
    until ``games`` or ``--minutes`` (the games under way then are dropped)."""
    tasks = ((key, hero, other, seats, i, vars(args)) for i in range(games))
    stop = None if not args.minutes else time.perf_counter() + 60 * args.minutes
    if args.jobs <= 1:
        for task in tasks:
            if stop is not None and time.perf_counter() > stop:
                return
            yield one_game(task)
        return
    with multiprocessing.get_context("fork").Pool(args.jobs) as pool:
        for done in pool.imap(one_game, tasks):
            yield done
            if stop is not None and time.perf_counter() > stop:
                pool.terminate()
                return


def row(key: str, hero: str, other: str, seats: int, games: int, args: argparse.Namespace,
        note: str = "") -> None:
    """One figure: ``hero`` against ``seats - 1`` of ``other``, seats rotating."""
    if games <= 0:
        return
    started = time.perf_counter()
    result = Tally(seats)
    edges: list[float] = []                  # the hero's edge, game by game
    errors: list[str] = []
    for i, outcome, order, error, times in games_of(key, hero, other, seats, games, args):
        for label, t in times.items():
            TIMES[label].extend(t)
        if error is not None:
            errors.append(error)
        else:
            assert outcome is not None
            before = result.player_points[0] - sum(result.player_points[1:]) / (seats - 1)
            result.add(outcome, order)
            edges.append(result.player_points[0] - sum(result.player_points[1:]) / (seats - 1)
                         - before)
        if args.verbose:                     # a log of a long run: the tally after each game
            print(f"#   {key} {hero} vs {seats - 1} {other}: {result.player_wins[0]} wins of "
                  f"{result.played}, hero's points {result.player_points[0]:+.0f}, others' "
                  f"{sum(result.player_points[1:]) / (seats - 1):+.0f}", flush=True)
        elif sys.stderr.isatty():
            sys.stderr.write(f"\r{key} {hero} vs {other} x{seats - 1}: {i + 1}/{games}")
            sys.stderr.flush()
    if sys.stderr.isatty():
        sys.stderr.write("\r" + " " * 60 + "\r")
    wins = result.player_wins[0]
    n = result.played
    lo, hi = wilson(wins, n)
    fair = 1 / seats
    low, high = mean_interval(edges)
    print(f"| {GAMES[key].title}{f', {seats} players' if len(GAMES[key].seats) > 1 else ''} | "
          f"{hero} vs {seats - 1} {other} | {n} | "
          f"**{wins / max(1, n):.1%}** [{lo:.1%}, {hi:.1%}] | {fair:.0%} | "
          f"{(wins / max(1, n) - fair) * 100:+.1f} | "
          f"{sum(edges) / max(1, n):+.1f} [{low:+.1f}, {high:+.1f}] | "
          f"{time.perf_counter() - started:.0f} s{' | ' + note if note else ''} |", flush=True)
    if errors:
        print(f"  errors: {len(errors)}, first {errors[0]}", flush=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games per figure without Hard")
    parser.add_argument("--hard-games", type=int, default=1000, help="games per figure with Hard")
    parser.add_argument("--playouts", type=int, help="Hard's playouts per move (else its time)")
    parser.add_argument("--seconds", type=float, help="Hard's time per move (default its own)")
    parser.add_argument("--budget", type=float,
                        help="Hard's time per move, the rows labelled with it (0.5 is shipped)")
    parser.add_argument("--load", type=int, default=0,
                        help="busy processes spinning beside the whole run")
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only these games")
    parser.add_argument("--rows", default=",".join(ROWS), help="which rows, comma-separated")
    parser.add_argument("--seats", type=int, action="append",
                        help="only these player counts (Bisca allows 2 to 6)")
    parser.add_argument("--seed", type=int, default=0, help="the first seed")
    parser.add_argument("--jobs", type=int, default=1,
                        help="worker processes playing a row's games side by side")
    parser.add_argument("--minutes", type=float,
                        help="stop a row starting games after this long (its count is printed)")
    parser.add_argument("--no-reading", action="store_true",
                        help="Hard's worlds without the soft evidence (bets, bids)")
    parser.add_argument("--verbose", action="store_true",
                        help="a line after every game: the hero's wins and points so far")
    args = parser.parse_args(argv)
    if args.budget is not None:
        if args.playouts is not None or args.seconds is not None:
            parser.error("--budget is a time per move: not with --playouts or --seconds")
        args.seconds = args.budget
    if args.load < 0:
        parser.error("--load counts busy processes: 0 or more")
    with beside(args.load):
        return measure(args, argv)


def measure(args: argparse.Namespace, argv: Sequence[str] | None) -> int:
    """Every row ``args`` asks for, then the times per move."""
    rows = set(args.rows.split(","))
    keys = args.game or sorted(GAMES)
    print(f"# bench/ai.py {' '.join(argv if argv is not None else sys.argv[1:])}")
    print(f"# load average {os.getloadavg()[0]:.1f}, Hard: "
          f"{f'{args.playouts} playouts a move' if args.playouts else 'its time a move'}"
          f"{f' ({args.seconds:g} s)' if args.seconds is not None else ''}"
          f"{f', {args.load} busy processes beside it' if args.load else ''}"
          f"{', no reading' if args.no_reading else ''}")
    print("| game | who | games | hero wins [95%] | fair | points above fair "
          "| hero's score less the others' mean, a game [95%] | time |")
    print("|---|---|---|---|---|---|---|---|")
    for key in keys:
        counts = [n for n in GAMES[key].seats if not args.seats or n in args.seats] \
            or [GAMES[key].seats[0]]
        for seats in counts:
            if "hard" in rows:
                row(key, "hard", "normal", seats, args.hard_games, args)
        for seats in counts:
            if "normal" in rows:
                row(key, "normal", "easy", seats, args.games, args)
        for seats in counts:
            if "easy" in rows:
                row(key, "easy", "random", seats, args.games, args)
        for outside in OUTSIDE:
            if key == "briscola" and outside in rows:
                row(key, "hard", outside, 3, args.hard_games, args)
                row(key, "normal", outside, 3, args.games, args)
        if key in ISMCTS_GAMES and "ismcts" in rows:
            fixed = argparse.Namespace(**{**vars(args), "playouts": COMPARE_PLAYOUTS})
            seats = counts[0]
            row(key, "hard", "normal", seats, args.hard_games, fixed,
                f"PIMC, {COMPARE_PLAYOUTS} playouts")
            row(key, "ismcts", "normal", seats, args.hard_games, fixed,
                f"ISMCTS, {COMPARE_PLAYOUTS} playouts")
    print()
    print("| level | moves | p50 | p99 | max |")
    print("|---|---|---|---|---|")
    for label, times in sorted(TIMES.items()):
        t = sorted(times)
        if not t or label.endswith((SEARCHED, DEPARTED, EMPTY)):
            continue
        p = lambda q, t=t: t[min(len(t) - 1, int(q * len(t)))] * 1000  # noqa: E731
        print(f"| {label} | {len(t)} | {p(0.5):.1f} ms | {p(0.99):.1f} ms | {t[-1] * 1000:.1f} ms |")
    for label in sorted(TIMES):
        if label.endswith(SEARCHED):
            searched = len(TIMES[label])
            departed = len(TIMES.get(label[:-len(SEARCHED)] + DEPARTED, []))
            empty = len(TIMES.get(label[:-len(SEARCHED)] + EMPTY, []))
            done = sorted(TIMES[label])
            print(f"# {label[:-len(SEARCHED)]}: left its fallback's choice on {departed} of "
                  f"{searched} moves it searched ({departed / max(1, searched):.1%}); "
                  f"playouts a searched move p50 {done[len(done) // 2]:.0f}, "
                  f"p90 {done[int(0.9 * len(done))]:.0f}; no world played out in its time on "
                  f"{empty} ({empty / max(1, searched):.1%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
