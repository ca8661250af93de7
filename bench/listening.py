"""A listener's whole game against a sighted player's, per game (issue 35, "Figures").

The scripted listener of the tests (tests/scenes/speech/test_listener.py: keys only,
decisions from the transcript alone) plays seeded games at a table at the usual pace:
the animation speed "normal" and the computers' usual pause (scenes/table/pace.py's
``DEFAULT_DELAY``), with the spoken table on at normal verbosity.  The table's clock is
the sum of its frames' seconds (the pace code's own: animations, the computers'
pauses, a score sheet's settling).  The same game, move for move, is then timed two
ways:

* sighted: the table's clock, plus a reaction time for every decision (each turn and
  each score sheet gone on from);
* listener: the same, plus every sentence it heard said in full, the table waiting
  for each (news, turns, and the answers to its own keys: hand, table, the cards
  named under the arrows).  A sentence's length is eSpeak NG's rendered WAV at the
  given rate (bench/race_speech.py's ``seconds``), or, without espeak-ng, its words at
  that many words a minute (said in the output).

Each game is played whole, at its tests' options (Bolola: one deal; Bocce: to 10;
Bisca: opening 2, one life; Briscola: one game; Dou Dizhu: one hand).

    nice python bench/listening.py [--seeds 3] [--rates 175 300]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
from typing import Any, Callable

import benchenv

benchenv.prepare()

import pygame  # noqa: E402
from race_speech import seconds  # noqa: E402

from game import KEYS  # noqa: E402
from scenes.table.pace import DEFAULT_DELAY  # noqa: E402
from scenes.table.race import REACTION  # noqa: E402
from tests.scenes.speech.test_listener import DECIDE, seated  # noqa: E402
from tests.scenes.tablekit import make_app  # noqa: E402

#: seconds a person takes to decide, every decision, both players: the midpoint of
#: Normal's reaction range in a race (scenes/table/race.py)
REACT = sum(REACTION["normal"]) / 2
#: the most updates one game is waited through
LONGEST = 60000


class Game:
    """One seeded game as the listener played it: the table's seconds, the decisions,
    the sentences heard."""

    def __init__(self, key: str, seed: int) -> None:
        app = make_app(None, speed="normal", size=(800, 500))
        self.clock = 0.0
        frame = app.frame

        def timed(dt: float, events: list[Any]) -> None:
            self.clock += dt
            frame(dt, events)

        app.frame = timed
        ears = seated(app, key, seed=seed, think_delay=DEFAULT_DELAY)
        self.turns = ears.play_game(DECIDE[key], longest=LONGEST)
        self.decisions = self.turns + ears.sheets_closed
        self.heard = list(ears.heard)
        ears.speaker.close()

    def sighted(self) -> float:
        return self.clock + REACT * self.decisions

    def listener(self, said: Callable[[str], float]) -> float:
        return self.sighted() + sum(said(line) for line in self.heard)


def speech(rate: int, folder: str) -> tuple[Callable[[str], float], str]:
    """Seconds a sentence takes at ``rate``, cached by its words; and how measured."""
    cache: dict[str, float] = {}
    if shutil.which("espeak-ng") is None:
        return (lambda text: len(text.split()) * 60 / rate), "words a minute (no espeak-ng)"

    def said(text: str) -> float:
        if text not in cache:
            cache[text] = seconds("en", rate, text, folder)
        return cache[text]
    return said, "eSpeak NG"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--rates", type=int, nargs="+", default=[175, 300])
    parser.add_argument("--games", nargs="+", default=list(KEYS))
    args = parser.parse_args()
    pygame.init()
    with tempfile.TemporaryDirectory() as folder:
        voices = {rate: speech(rate, folder) for rate in args.rates}
        how = {h for _, h in voices.values()}
        print(f"reaction {REACT:.2f} s a decision; speech by {', '.join(sorted(how))}\n")
        head = " | ".join(f"listener {r} wpm s | ratio" for r in args.rates)
        print(f"| game | seeds | decisions p50 | sentences p50 | sighted p50 s | {head} |")
        print("|---|---|---|---|---|" + "---|---|" * len(args.rates))
        for key in args.games:
            games = [Game(key, seed) for seed in range(1, args.seeds + 1)]
            sighted = statistics.median(g.sighted() for g in games)
            cells = []
            for rate in args.rates:
                said = voices[rate][0]
                heard = statistics.median(g.listener(said) for g in games)
                cells.append(f"{heard:.0f} | {heard / sighted:.1f}")
            print(f"| {key} | {len(games)} | {statistics.median(g.decisions for g in games):.0f} | "
                  f"{statistics.median(len(g.heard) for g in games):.0f} | {sighted:.0f} | "
                  + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
