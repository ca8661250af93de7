"""A race's clock: how long the computers in a race wait before they may take it
(Briscola's Venceslao claim, where several seats may act and the first one takes it).

The rule and its numbers are scenes/table/race.py's (the table that shows the race
paces its computers by them); they live here so that a table no screen paces, one the
service deals (game/net/tables.py), holds its computers to the same clock:
:class:`RaceClock` is a session's ``hold`` (game/session/referee.py).  There nothing
shows the race but the players' own tables, all of them a guest's, so a computer's
reaction counts from the update's leaving, plus :data:`GUEST_ALLOWANCE`, plus a
listening guest's race's words (:func:`hearing_time`).
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any, Callable, Mapping, Optional, Sequence

#: a computer's reaction time in a race, seconds, by level (uniformly drawn)
REACTION: dict[str, tuple[float, float]] = {
    "easy": (1.1, 2.0),
    "normal": (0.7, 1.4),
    "hard": (0.45, 0.9),
}
#: seconds added to a computer's reaction when a guest's seat is in the race
GUEST_ALLOWANCE = 0.6
#: the longest a race waits for its words to be said before the clock runs anyway
HEARING_AT_MOST = 12.0
#: the words of a race's news, the longest language's ("West plays the 2 of Swords.
#: Venceslao! You and East may claim it.": 13; Italian's 11)
RACE_NEWS_WORDS = 13


def reaction_range(level: str) -> tuple[float, float]:
    """The range of a computer at ``level`` ("random" and the unknown: Normal's)."""
    return REACTION.get(level, REACTION["normal"])


def hearing_time(words_a_minute: int) -> float:
    """Seconds a listening guest's voice takes to say a race's news at that rate (0:
    the guest does not listen), at most :data:`HEARING_AT_MOST`."""
    if words_a_minute <= 0:
        return 0.0
    return min(HEARING_AT_MOST, RACE_NEWS_WORDS * 60.0 / words_a_minute)


def race_reaction(levels: Sequence[str], rng: random.Random, guest_racing: bool = False,
                  listening: Sequence[int] = ()) -> float:
    """Seconds after the race is shown before the quickest computer of ``levels`` (one
    entry per computer in the race) claims it; ``guest_racing``: a guest's seat races
    too, whose table shows the race later than the host's; ``listening``: the words a
    minute of each listening guest in the race, whose race starts once it is said (the
    slowest voice counts)."""
    quickest = min(rng.uniform(*reaction_range(level)) for level in levels)
    heard = max((hearing_time(rate) for rate in listening), default=0.0)
    return quickest + (GUEST_ALLOWANCE if guest_racing else 0.0) + heard


class RaceClock:
    """A session's ``hold`` at a table no screen paces: in a race (``State.racing``) its
    computers wait their reaction from the first look at the position, as a guest's
    table would show it (:func:`race_reaction`, every person a guest); ``listening``:
    the seats played by ear now, with their voices' words a minute; ``wake``: asks the
    session's driver to pump again, called when the wait is over."""

    def __init__(self, session: Any, listening: Callable[[], Mapping[int, int]],
                 wake: Callable[[], None], rng: Optional[random.Random] = None) -> None:
        self.session = session
        self.listening = listening
        self.wake = wake
        self.rng = rng or random.Random()
        #: the race under way: its version and when its computers may move (monotonic),
        #: and when it was first looked at
        self.race: Optional[tuple[int, float]] = None
        self.started = 0.0

    def __call__(self, state: Any, version: int) -> bool:
        """Whether the computers to act must wait now (under the session's lock)."""
        if not state.racing():
            return False
        if self.race is None or self.race[0] != version:
            acting = state.to_act()
            computers = [s for s in acting if self.session.is_computer(s)]
            if not computers:
                return False
            people = [s for s in acting if s not in computers]
            ears = self.listening() if people else {}
            wait = race_reaction([self.session.setup.seats[s].level for s in computers],
                                 self.rng, bool(people), [ears[s] for s in people if s in ears])
            self.started = time.monotonic()
            self.race = (version, self.started + wait)
            timer = threading.Timer(wait, self.wake)
            timer.daemon = True
            timer.start()
        return time.monotonic() < self.race[1]

    def wait(self) -> float:
        """Seconds the race under way still holds its computers (0: none)."""
        return max(0.0, self.race[1] - time.monotonic()) if self.race is not None else 0.0
