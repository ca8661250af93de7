"""Hard's advice for a person's seat (the Hint button), thought off the caller's thread.

The session asks for it with the seat's view, its legal actions and its world
(:meth:`State.world <game.engine.State.world>`, made in the session's thread);
the search runs in the searches' own process (game/session/apart.py), so the
screen's frames go on meanwhile.
One question at a time: a question about a newer position replaces an older one,
whose answer is dropped.  The answer carries one line of why, as a translation key
and its parameters (the client puts it into words), when the search can say it.
"""

from __future__ import annotations

import copy
import importlib
import logging
import random
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Mapping, Optional, Sequence

from game.ai import computer_player
from game.ai.search import Thought
from game.engine import Action, Reason, State
from game.session import apart
from game.session.computers import think

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Advice:
    """The play Hard suggests, and why (None when it cannot say); ``usual``, the play
    it found better than (its fallback's, "the obvious one"), when the why says so."""

    action: Action
    why: Optional[Reason] = None
    usual: Optional[Action] = None


def game_line(key: str, view: Mapping[str, Any], action: Action) -> Optional[Reason]:
    """What the play does now, in the game's words: its computer module's ``why``
    (game/ai/why.py; the module its registration names), if it has one and can say it here."""
    from game import GAMES

    module = importlib.import_module(GAMES[key].computers.partition(":")[0])
    why = getattr(module, "why", None)
    return why(view, action) if why is not None else None


def reason_of(thought: Optional[Thought], key: str = "", view: Optional[Mapping[str, Any]] = None,
              action: Optional[Action] = None) -> Optional[Reason]:
    """One line of why: what the play does now, in the game's words, when its module can
    say it (:func:`game_line`); else from what the search found: how many deals it played
    out, and how much better its play did than the usual one with the margin's 95%
    interval, where that interval shows it better at all; else that the two did about
    as well (or that they agree)."""
    if key and view is not None and action is not None:
        line = game_line(key, view, action)
        if line is not None:
            return line
    if thought is None or not thought.samples:
        return None
    one = "_one" if thought.samples == 1 else ""
    if thought.chosen == thought.policy:
        return Reason(f"advice.agrees{one}", {"deals": thought.samples})
    if not thought.shown():                 # a difference the deals cannot tell from none
        return Reason(f"advice.close{one}", {"deals": thought.samples})
    margin, within = round(thought.margin(), 1), round(thought.within(), 1)
    if thought.chances:                     # the search weighed chances to win, not points
        return Reason("advice.better_chance", {"deals": thought.samples, "chance": margin,
                                               "within": within})
    if thought.unit:                        # Bisca's lives, not points
        return Reason(f"advice.better_{thought.unit}",
                      {"deals": thought.samples, thought.unit: margin, "within": within})
    return Reason("advice.better", {"deals": thought.samples, "points": margin,
                                    "within": within})


def advice_of(action: Action, thought: Optional[Thought], key: str = "",
              view: Optional[Mapping[str, Any]] = None) -> Advice:
    """The advice for ``action``: its why (:func:`reason_of`), and the obvious play when
    the why is the search's comparison with it (better, or about as good)."""
    why = reason_of(thought, key, view, action)
    compared = thought is not None and why is not None and \
        why.key.startswith(("advice.better", "advice.close"))
    return Advice(action, why, thought.policy if compared and thought is not None else None)


class Advisor:
    """Asks the game's Hard player, in a worker thread, what one seat should play."""

    def __init__(self, key: str, playouts: Optional[int] = None) -> None:
        self.key = key
        self.player = computer_player(key, "hard")
        if playouts is not None:               # a count instead of a time (tests)
            self.player.seconds, self.player.playouts = None, playouts  # type: ignore[attr-defined]
        self._asked: Optional[tuple[int, int]] = None       # (seat, version)
        self._view: Optional[Mapping[str, Any]] = None       # the view asked about
        self._future: Optional[Future] = None
        self._executor: Optional[ThreadPoolExecutor] = None

    def ask(self, seat: int, version: int, view: Mapping[str, Any], legal: Sequence[Action],
            world: Optional[State], seed: int) -> None:
        """Start thinking about (seat, version) unless it already does."""
        if self._asked == (seat, version):
            return
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="advice")
        if self._future is not None:
            self._future.cancel()
        self._asked = (seat, version)
        self._view = copy.deepcopy(view)
        origin = apart.origin_of(self.player)
        if world is not None and origin is not None:      # in the searches' own process
            self._future = apart.submit(origin, apart.budget_of(self.player), seat, view,
                                        legal, seed, world)
        else:
            self._future = self._executor.submit(self._think, copy.deepcopy(view), list(legal),
                                                 world, random.Random(seed))

    def _think(self, view: Mapping[str, Any], legal: list[Action], world: Optional[State],
               rng: random.Random) -> tuple[Action, Optional[Thought]]:
        return think(self.player, view, legal, rng, world), getattr(self.player, "last", None)

    def answer(self, seat: int, version: int) -> Optional[Advice]:
        """The advice for (seat, version) once thought out, else None."""
        if self._asked != (seat, version) or self._future is None or not self._future.done():
            return None
        try:
            action, thought = self._future.result()
            return advice_of(action, thought, self.key, self._view)
        except Exception:  # a broken search must not break the table: no advice
            log.exception("advice for seat %d failed", seat)
            return None

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None
