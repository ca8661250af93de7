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
  the host only gains.  A table the service deals has no screen: its computers
  are held to the same clock from the moment the race's update leaves
  (game/session/race.py's ``RaceClock``), every person there a guest;

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

# the numbers and the reaction live with the session (a service's table, paced by no
# screen, holds its computers to them: game/session/race.py)
from game.session.race import (
    GUEST_ALLOWANCE,
    HEARING_AT_MOST,
    RACE_NEWS_WORDS,
    REACTION,
    hearing_time,
    race_reaction,
    reaction_range,
)

__all__ = ["GUEST_ALLOWANCE", "HEARING_AT_MOST", "RACE_NEWS_WORDS", "REACTION", "hearing_time",
           "race_reaction", "reaction_range"]
