"""The person's own pace at the table: fast forward at every table, and a way out of
watching a game that no longer needs you.

* **F**, at any table, in any game: fast forward on or off for this table (at least
  :data:`FAST_FORWARD` times normal speed; "instant" stays instant).  It changes
  nothing in the game, so it works while the cards move, like L and F1.  The
  speed in the Settings stays yours; a toast says which way it went.
* **Only computers left to act**: once the person at this screen is out of the
  game (the adapter greys their plate, as the screen shows it:
  :meth:`TableAdapter.plate_dimmed`, a Bisca player with no lives left), the choice bar offers *Skip to the result*
  (K) and fast forward (F) for as long as the game goes on, and a score sheet
  between rounds no longer waits for a key: it stays :data:`SHEET_GLANCE`
  seconds (at the table's speed) and goes, its button counting the seconds down
  ("Next round in 3…", scenes/result.py).  The sheet of the round that put you
  out still waits: that one is news.  Skipping plays the rest at "instant"
  (sheets close at once) up to the result, which waits as always.

The kiosk and a spectator's table play by themselves already (``auto_close``):
none of this is offered there.
"""

from __future__ import annotations

from typing import Any, Optional

from scenes.hud import ChoiceButton
from scenes.i18n import tr

#: fast forward's speed factor (the Settings' "fast" is 2)
FAST_FORWARD = 3.0
#: seconds a round's score sheet stays at normal speed once you are out (then it goes)
SHEET_GLANCE = 3.0
FAST_KEY, SKIP_KEY = "F", "K"


class PaceMixin:
    """Fast forward and skipping to the result, for :class:`TableScene`."""

    app: Any
    adapter: Any
    seat: Optional[int]
    watching: bool
    auto_close: Optional[float]
    fast_forward = False
    skipping = False
    #: the version (update) that first showed this screen's person out (None: still in)
    out_since: Optional[int] = None

    def speed(self) -> float:
        """The animation speed factor now: the Settings', fast forward, or skipping (0)."""
        settings = getattr(self.app, "settings", None)
        base = float(getattr(settings, "speed_factor", 1.0)) if settings is not None else 1.0
        if self.skipping:
            return 0.0
        if self.fast_forward and base > 0:
            return max(base, FAST_FORWARD)
        return base

    def sitting_out(self) -> bool:
        """The person at this screen is out of a game that goes on: only computers (or
        other people) are left to act."""
        return (not self.watching and self.seat is not None and self.result is None
                and self.update_msg is not None
                and bool(self.adapter.plate_dimmed(self.shown, self.seat)))

    def toggle_fast_forward(self) -> None:
        self.fast_forward = not self.fast_forward
        self.app.notify(tr("table.pace.fast_on" if self.fast_forward else "table.pace.fast_off"),
                        2.0)
        self._interaction_key = ()

    def skip_to_result(self) -> None:
        """Play the rest at once (only while you are out); the result waits as ever."""
        if not self.sitting_out():
            return
        self.skipping = True
        self._interaction_key = ()
        self.timeline.finish()
        top = self.app.stack.top
        if getattr(top, "table", None) is self and hasattr(top, "go_on"):
            top.go_on()          # a round sheet up now goes too

    def pace_buttons(self) -> list[ChoiceButton]:
        """What the choice bar offers while you are out (nothing once skipping)."""
        if self.skipping or not self.sitting_out():
            return []
        fast = tr("table.pace.normal" if self.fast_forward else "table.pace.fast")
        return [ChoiceButton(tr("table.pace.skip"), None, SKIP_KEY, primary=True),
                ChoiceButton(fast, None, FAST_KEY)]

    def pace_command(self, hotkey: str) -> bool:
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
            self.out_since = self.version

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
        if self.out_since is None or self.out_since == self.version:
            return None                  # still in, or the sheet that says you are out
        speed = self.speed()
        return SHEET_GLANCE / speed if speed > 0 else 0.0
