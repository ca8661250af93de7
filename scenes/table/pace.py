"""The person's own pace at the table: fast forward at every table, and a way out of
watching a game that no longer needs you.

* **F**, at any table, in any game: fast forward on or off for this table (at least
  :data:`FAST_FORWARD` times normal speed; "instant" stays instant).  It changes
  nothing in the game, so it works while the cards move, like L and F1.  The
  speed in the Settings stays yours; a toast says which way it went.
* **Only computers left to act**: once the person at this screen is out of the
  game (the adapter greys their plate, as the screen shows it:
  :meth:`TableAdapter.plate_dimmed`, a Bisca player with no lives left), the choice bar
  offers *Skip to the result* (K) and fast forward (F) for as long as the game goes on, and a score sheet
  between rounds no longer waits for a key: it stays :data:`SHEET_GLANCE`
  seconds (at the table's speed) and goes, its button counting the seconds down
  ("Next round in 3…", scenes/result.py).  The sheet of the round that put you
  out still waits: that one is news.  Skipping plays the rest at "instant"
  (sheets close at once) up to the result, which waits as always.

The kiosk and a spectator's table play by themselves already (``auto_close``):
none of this is offered there.  A spectator of a game played elsewhere (netplay) sees
each sheet between rounds for the same glance: that game goes on without them.

The computers' pace is the table's too (:class:`ComputerPace`): when the screen
is idle and a computer seat is to act, the table waits a human-like pause (in a
race a person can win, a person's reaction time: scenes/table/race.py) and
then *allows* the session to apply that move.
"""

from __future__ import annotations

import random
from typing import Any, Callable, Mapping, Optional, Sequence

from game.session import COMPUTER, REMOTE, SeatSpec, Update
from scenes.i18n import tr
from scenes.table.position import Position
from scenes.table.race import HEARING_AT_MOST, race_reaction
from scenes.tween import Timeline
from scenes.widgets import ChoiceButton

#: fast forward's speed factor (the Settings' "fast" is 2)
FAST_FORWARD = 3.0
#: seconds a round's score sheet stays at normal speed once you are out (then it goes)
SHEET_GLANCE = 3.0
FAST_KEY, SKIP_KEY = "F", "K"
#: seconds a computer seems to think at normal speed
DEFAULT_DELAY = (0.5, 0.9)
#: the share of the usual pause a computer takes over a forced move (its last card)
FORCED_SHARE = 1 / 3


def computer_pause(table_delay: tuple[float, float], speed: float, rng: random.Random) -> float:
    """Seconds a computer seems to think before an ordinary move: the table's range
    divided by the speed setting, skipped at "instant" (a race is paced apart:
    scenes/table/race.py)."""
    lo, hi = table_delay
    return 0.0 if speed <= 0 or hi <= 0 else rng.uniform(lo, hi) / speed


def pause_share(update: Update, computers: Sequence[int]) -> float:
    """The share of the usual pause the computers ``computers`` (all to act) take before
    their move: :data:`FORCED_SHARE` when the update says each one's move is forced (a
    fact every watcher has alike, see :func:`game.session.referee.forced_seats`), else 1."""
    return FORCED_SHARE if computers and set(computers) <= set(update.forced) else 1.0


class Pace:
    """Fast forward and skipping to the result, for one table.

    ``settings``: the app's settings now (their animation speed); ``notify``: a toast;
    ``auto_close``: the table's own closing of score sheets (None: they wait);
    ``close_sheet``: closes a score sheet of this table up now; ``changed``: what the
    table offers has changed (the choice bar is asked again); ``spectating``: a
    spectator of a game played elsewhere, which goes on without waiting for them: its
    sheets between rounds go after a glance, as once you are out."""

    def __init__(self, position: Position, adapter: Any, auto_close: Optional[float],
                 timeline: Timeline, settings: Callable[[], Any],
                 notify: Callable[[str, float], Any], close_sheet: Callable[[], None],
                 changed: Callable[[], None], spectating: bool = False) -> None:
        self.position = position
        self.spectating = spectating
        self.adapter = adapter
        self.auto_close = auto_close
        self.timeline = timeline
        self.settings = settings
        self.notify = notify
        self.close_sheet = close_sheet
        self.changed = changed
        self.fast_forward = False
        self.skipping = False
        #: the version (update) that first showed this screen's person out (None: still in)
        self.out_since: Optional[int] = None

    def speed(self) -> float:
        """The animation speed factor now: the Settings', fast forward, or skipping (0)."""
        settings = self.settings()
        base = float(getattr(settings, "speed_factor", 1.0)) if settings is not None else 1.0
        if self.skipping:
            return 0.0
        if self.fast_forward and base > 0:
            return max(base, FAST_FORWARD)
        return base

    def sitting_out(self) -> bool:
        """The person at this screen is out of a game that goes on: only computers (or
        other people) are left to act."""
        pos = self.position
        return (not pos.watching and pos.seat is not None and pos.result is None
                and pos.update is not None
                and bool(self.adapter.plate_dimmed(pos.shown, pos.seat)))

    def toggle_fast_forward(self) -> None:
        self.fast_forward = not self.fast_forward
        self.notify(tr("table.pace.fast_on" if self.fast_forward else "table.pace.fast_off"),
                    2.0)
        self.changed()

    def skip_to_result(self) -> None:
        """Play the rest at once (only while you are out); the result waits as ever."""
        if not self.sitting_out():
            return
        self.skipping = True
        self.changed()
        self.timeline.finish()
        self.close_sheet()          # a round sheet up now goes too

    def buttons(self) -> list[ChoiceButton]:
        """What the choice bar offers while you are out (nothing once skipping)."""
        if self.skipping or not self.sitting_out():
            return []
        fast = tr("table.pace.normal" if self.fast_forward else "table.pace.fast")
        return [ChoiceButton(tr("table.pace.skip"), None, SKIP_KEY, primary=True),
                ChoiceButton(fast, None, FAST_KEY)]

    def command(self, hotkey: str) -> bool:
        """F or K, from the keyboard or the bar; True when it was one of them."""
        if hotkey.upper() == FAST_KEY:
            self.toggle_fast_forward()
            return True
        if hotkey.upper() == SKIP_KEY and self.sitting_out():
            self.skip_to_result()
            return True
        return False

    def note_out(self) -> None:
        """Remember the update in which this screen's person was first shown out (each
        frame: a Bisca round's sheet comes before the plate greys, in the same update)."""
        if self.out_since is None and self.sitting_out():
            self.out_since = self.position.version

    def sheet_auto_close(self) -> Optional[float]:
        """Seconds a score sheet between rounds stays before it goes by itself (None: it
        waits for the player): the table's own ``auto_close`` first; else none when
        skipping, a glance once you are out (not on the sheet of the update that put
        you out, shown before or after your plate greys)."""
        if self.auto_close is not None:
            return self.auto_close
        if self.skipping:
            return 0.0
        self.note_out()
        if not self.spectating and (self.out_since is None or
                                    self.out_since == self.position.version):
            return None                  # still in, or the sheet that says you are out
        speed = self.speed()
        return SHEET_GLANCE / speed if speed > 0 else 0.0


class ComputerPace:
    """The computers' pause before each move, counted while the table is idle.

    ``seats``: the game's seats (which are computers, their levels); ``delay``: the
    pause range at normal speed; ``race``: whether a view is a race a person can win
    (the adapter's); ``speed``: the animation speed now; ``allow``: lets the session
    apply the computers' move in a version; ``away``: the friends' seats a computer keeps
    warm now (netplay: a guest whose link dropped), which a computer plays at this pace
    too, or the game would wait for a move nobody lets it make; ``heard``: the spoken
    table has said the news of the position shown (always, with it off): a race's
    clock starts only then (scenes/table/race.py); ``listening``: the friends' seats
    played by ear and their voices' words a minute, whose tables say a race later."""

    def __init__(self, position: Position, seats: Sequence[SeatSpec],
                 delay: tuple[float, float], rng: random.Random,
                 race: Callable[[dict[str, Any]], bool], speed: Callable[[], float],
                 allow: Callable[[int], None],
                 away: Callable[[], frozenset[int]] = frozenset,
                 heard: Callable[[], bool] = lambda: True,
                 listening: Callable[[], Mapping[int, int]] = dict) -> None:
        self.position = position
        self.seats = seats
        self.away = away
        self.delay = delay
        self.rng = rng
        self.race = race
        self.speed = speed
        self.allow = allow
        self.heard = heard
        #: the friends' seats played by ear, with their voices' words a minute (a host's:
        #: their race starts once it is said at their tables, scenes/table/race.py)
        self.listening = listening
        #: (version, seconds left) of the pause under way
        self.pause: Optional[tuple[int, float]] = None
        #: seconds a race has waited for its words to be said
        self.hearing = 0.0

    def forget(self) -> None:
        """A new position: its pause is drawn when the table is idle in it."""
        self.pause = None

    def step(self, dt: float) -> None:
        """A frame of an idle table: when a computer is to act, wait a human-like pause,
        then let the session apply its move.  In a race (the adapter's :meth:`race`) the
        wait is a person's reaction time, counted from this frame, the first one that
        shows the race (scenes/table/race.py); a move the update says is forced
        (``forced``: a last card with one legal play) takes a short pause."""
        pos = self.position
        if pos.over or pos.update is None:
            return
        computers, guests = self._computers(pos.to_act)
        if not computers:
            return
        if self.pause is None or self.pause[0] != pos.version:
            if self.race(pos.view):
                ears = self.listening() if guests else {}
                wait = race_reaction([self.seats[s].level for s in computers], self.rng,
                                     bool(guests), [ears[s] for s in guests if s in ears])
                self.pause = (pos.version, wait)
                self.hearing = 0.0
                return                    # the race shows from this frame's drawing on
            wait = computer_pause(self.delay, self.speed(), self.rng)
            wait *= pause_share(pos.update, computers)  # nothing to think over: forced
            self.pause = (pos.version, wait)
        if self.race(pos.view) and not self.heard() and self.hearing < HEARING_AT_MOST:
            self.hearing += dt            # a listener's race starts once it is said
            return
        version, left = self.pause
        left -= dt
        self.pause = (version, left)
        if left <= 0:
            self.allow(version)

    def _computers(self, to_act: Sequence[int]) -> tuple[list[int], list[int]]:
        """The seats to act that a computer plays (the game's computers, and a friend's
        seat while a computer stands in), and those a friend plays from afar."""
        friends = [s for s in to_act if self.seats[s].kind == REMOTE]
        away = self.away() if friends else frozenset()
        computers = [s for s in to_act if self.seats[s].kind == COMPUTER or s in away]
        return computers, [s for s in friends if s not in away]

    def wait(self) -> float:
        """Seconds left before the computers to act may move (0: none waits)."""
        if self.pause is None or self.pause[0] != self.position.version:
            return 0.0
        return max(0.0, self.pause[1])
