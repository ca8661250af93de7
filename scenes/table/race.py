"""A race a person can win: how fast a computer reacts when several seats may act
at once and the first one takes it (Briscola's Venceslao claim).

The rule, the same at every table (a game against the computer, the kiosk, a
hosted game):

* the clock of a computer's reaction starts when the race is *shown*: the table
  has finished animating the card that opened it, and the banner ("Venceslao!
  Claim it!") and the glowing card are on screen.  Nothing runs while the card
  still flies;
* each computer in the race draws its reaction time from its level's range
  (:data:`REACTION`), uniformly; with two computers in the race the quicker one
  is the one that counts.  A person's reaction is not faster at a faster
  animation speed, so no speed setting scales these numbers and "instant" does
  not skip them;
* Normal's range (0.7 to 1.4 s) is drawn so that a person who reacts in a
  normal human time wins a fair share: at 0.5 s every race, at 0.75 s about
  nine in ten, at 1.0 s about four in seven.  Easy is slower (1.1 to 2.0 s); Hard
  is quick (0.45 to 0.9 s), about as quick as a sharp person who expects it, and
  never quicker than a person can be (a choice reaction to a seen card takes a
  person at least about 0.4 s);
* online, the host's table paces the computers (a guest's table only shows the
  game).  The host cannot see the guest's screen, so when a guest's seat is in
  the race the computer's clock starts when the host's own table shows the
  race, plus :data:`GUEST_ALLOWANCE` (0.6 s): the update's way to the guest (a
  link's usual delay, up to about 0.2 s) and a guest's table that animates
  slower than the host's (the Two's flight and the race's pause take 0.37 s
  longer at "slow" than at "normal").  We chose a fixed allowance over a "shown"
  message from the guest: it needs nothing new on the wire, a slow or silent
  guest cannot hold the computers back, and a guest who animates faster than
  the host only gains.

* with the spoken table on, the race is *shown* to a listener when it has been
  said: the clock starts once the table's voice has said the news that opened it
  ("East plays the 2 of Swords. Venceslao! You and West may claim it.": 4.4 s of
  eSpeak NG at 175 words a minute, 2.4 s at 300, bench/race_speech.py), so the listener reacts
  from the words as a sighted player from the banner, with the same ranges.  A
  voice that never finishes holds the race at most :data:`HEARING_AT_MOST` seconds.
  Online, a guest's words are said at the guest's table, which the host cannot hear
  end; a guest who plays by ear says so in its hello, with its voice's words a minute
  (game/net/protocol.py's ``listening``), and the host's clock for a race that guest's
  seat is in starts :func:`hearing_time` later than for a sighted guest: the race's
  news at that rate (:data:`RACE_NEWS_WORDS` words, each 60/rate seconds: eSpeak NG's
  measured lengths, bench/README.md, are at most that, in either language), capped
  at :data:`HEARING_AT_MOST` as offline.  Only the host learns it (no other guest is
  told); what the others see is the race's length, as they would see a slow
  reaction.  We chose the rate over a "heard" message from the guest for the
  allowance's reasons: nothing waits on a guest that may never answer.

The numbers are said in the in-app rules (assets/rules/en/briscola.md); a test
holds the two together.
"""

from __future__ import annotations

import random
from typing import Sequence

#: a computer's reaction time in a race, seconds, by level (uniformly drawn)
REACTION: dict[str, tuple[float, float]] = {
    "easy": (1.1, 2.0),
    "normal": (0.7, 1.4),
    "hard": (0.45, 0.9),
}
#: seconds added to a computer's reaction when a guest's seat is in the race (see above)
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
