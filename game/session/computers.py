"""Computer seats thinking off the caller's thread, each move within a time budget.

A player that searches thinks in a process of its own (game/session/apart.py), so
that its half second of pure Python never holds the interpreter's lock against the
frame loop; the others think in a worker thread.

A worker thread runs ``choose(view, legal, rng)`` on copies of the seat's view
and legal list, never on the state, so the game is only ever touched by the
thread that drives the session.  Each request is made for one version of the
game; an answer for a version the game has left is thrown away.  A player that
raises, answers an illegal move, or overruns its budget is replaced for that
move by the first legal action (and logged), so a broken or slow computer can
never stop a game.

The computers carry no human-like pause: that belongs to the screen's pacing
(a paced session applies a computer's move only once a client allows it, see
:meth:`Session.allow <game.session.referee.Session.allow>`).
"""

from __future__ import annotations

import logging
import random
import time
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Optional, Sequence

from game.ai.base import ComputerPlayer
from game.engine import Action, State, plain_copy
from game.session import apart

log = logging.getLogger(__name__)

#: seconds a computer may think about one move before a fallback is played
DEFAULT_BUDGET = 5.0


@dataclass
class _Request:
    version: int
    future: Future
    legal: tuple[Action, ...]
    started: float


def wants_world(player: ComputerPlayer) -> bool:
    """Whether the player searches, and so takes a world of its seat (game/ai/search.py)."""
    return bool(getattr(player, "wants_world", False))


def think(player: ComputerPlayer, view: Mapping[str, Any], legal: list[Action],
          rng: random.Random, world: Optional[State] = None) -> Action:
    """The player's move; a searching player gets its seat's world when there is one."""
    if world is not None and wants_world(player):
        return player.choose(view, legal, rng, world=world)  # type: ignore[call-arg]
    return player.choose(view, legal, rng)


def world_seed(seed: int, version: int, seat: int) -> int:
    """The seed of a seat's world for one move: fixed by the game, so a replay searches
    the same worlds."""
    return (seed * 1_000_003 + version) * 31 + seat


class ComputerSeats:
    """Asks each computer seat for its move in a background thread."""

    def __init__(self, players: Sequence[Optional[ComputerPlayer]], rngs: Sequence[random.Random],
                 budget: float = DEFAULT_BUDGET,
                 is_legal: Optional[Callable[[int, Action], bool]] = None) -> None:
        self.players = list(players)
        self.rngs = list(rngs)
        self.budget = budget
        #: the rules' check of an answer (a game may take forms of an action it does not
        #: list: Dou Dizhu's cards of a rank); without it, the answer must be listed
        self.is_legal = is_legal
        self._requests: dict[int, _Request] = {}
        self._executor: Optional[ThreadPoolExecutor] = None
        #: called (in the thread that thought) once a move is thought out: a driver that
        #: pumps only when there is something to do (game/net/tables.py) learns it here
        self.ready: Optional[Callable[[], None]] = None

    def is_computer(self, seat: int) -> bool:
        return 0 <= seat < len(self.players) and self.players[seat] is not None

    def thinking(self, seat: int, version: Optional[int] = None) -> bool:
        """Whether ``seat`` thinks (about ``version``, when given)."""
        req = self._requests.get(seat)
        return req is not None and (version is None or req.version == version)

    def _pool(self) -> ThreadPoolExecutor:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(max_workers=1, thread_name_prefix="computer")
        return self._executor

    def request(self, seat: int, view: Mapping[str, Any], legal: Sequence[Action],
                version: int, world: Optional[Callable[[], State]] = None) -> None:
        """Start thinking for ``seat`` unless it already thinks about this version.
        ``world`` makes the seat's world (:meth:`State.world`) for a player that
        searches; it is called here, in the caller's thread, which owns the state."""
        old = self._requests.get(seat)
        if old is not None and old.version == version:
            return
        player = self.players[seat]
        assert player is not None
        legal_t = tuple(legal)
        made = world() if world is not None and wants_world(player) else None
        origin = apart.origin_of(player)
        if made is not None and origin is not None:      # a search: in its own process
            future = apart.submit(origin, apart.budget_of(player), seat, view, legal_t,
                                  self.rngs[seat].getrandbits(64), made)
        else:
            # plain_copy, not deepcopy: a view is plain data, and deepcopy's memo made the
            # copy a sixth of a table worker's CPU (bench/README.md)
            future = self._pool().submit(think, player, plain_copy(view), list(legal_t),
                                         self.rngs[seat], made)
        self._requests[seat] = _Request(version, future, legal_t, time.monotonic())
        if self.ready is not None:
            ready = self.ready
            future.add_done_callback(lambda _: ready())

    def answers(self, version: int) -> dict[int, Action]:
        """The moves thought out for ``version`` (overdue ones replaced); stale requests dropped."""
        out: dict[int, Action] = {}
        now = time.monotonic()
        for seat, req in list(self._requests.items()):
            if req.version != version:
                del self._requests[seat]
                continue
            if req.future.done():
                out[seat] = self._answer(seat, req)
            elif now - req.started > self.budget:
                log.error("computer player of seat %d overran its %.1f s budget; "
                          "playing a legal move", seat, self.budget)
                req.future.cancel()
                self._abandon_pool()
                out[seat] = req.legal[0]
        return out

    def take(self, seat: int) -> None:
        """The answer of ``seat`` was used (or is no longer wanted)."""
        self._requests.pop(seat, None)

    def _answer(self, seat: int, req: _Request) -> Action:
        try:
            action = req.future.result()
            if isinstance(action, tuple):        # from a search's process: (action, thought)
                action = action[0]
        except Exception:  # a broken player must not stop the game
            log.exception("computer player of seat %d failed; playing a legal move", seat)
            return req.legal[0]
        legal = self.is_legal(seat, action) if self.is_legal is not None \
            else action in req.legal
        if not legal:
            log.error("computer player of seat %d chose illegal %s", seat, action)
            return req.legal[0]
        return action

    def wait_all(self, timeout: float = 5.0) -> None:
        """Block until every pending thought is done (tests, benchmarks)."""
        for req in list(self._requests.values()):
            try:
                req.future.result(timeout=timeout)
            except Exception:
                pass

    def _abandon_pool(self) -> None:
        """A thought that will not end keeps its thread; new thoughts get a new one."""
        if self._executor is not None:
            self._executor.shutdown(wait=False, cancel_futures=True)
            self._executor = None

    def shutdown(self) -> None:
        self._requests.clear()
        self._abandon_pool()
