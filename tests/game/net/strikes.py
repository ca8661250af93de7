"""kill -9 of a table's worker at named moments of a game the service deals
(tests/game/net/test_tables.py): a :class:`Follower` reads the table's log from its
stream as it is kept, replays it through the engine, and kills the worker dealing it
when the game stands at the next :class:`Moment` (the test's thread starts another,
told through :attr:`Follower.blows`).  First, a few actions in, NATS is restarted
(by the test's thread: :data:`NATS`); no worker is killed before every person has
moved again once NATS has been back :data:`SETTLE` seconds: each fault is met by a
fleet that is whole (a worker killed while the players still reconnect after NATS
came back is two faults at once, which these tests leave aside).

A worker is killed only while every seat to act is a person's (a bot that waits
before each move): the game cannot move on between the sight of the moment and the
kill, and the log the dead worker left (read at once: nobody takes the table over for
a second) is the game at that moment, which the test checks afterwards.
"""

from __future__ import annotations

import asyncio
import json
import os
import queue
import signal
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping

from game.engine import Action, State, replay_log
from game.net.tables import BUCKET, STREAM, subject

#: actions kept after one kill before the next may strike (the game went on)
GAP = 4
#: the blows the test's thread is told of: a worker killed (with its name), NATS to restart
WORKER, NATS = "worker", "nats"
#: seconds NATS is back before the players' moves count as theirs over the links they
#: came back by (a link NATS's restart ends drops a moment after it is back)
SETTLE = 1.0


@dataclass(frozen=True)
class Moment:
    """A moment of a game: its ``name``, and whether a state is ``at`` it."""

    name: str
    at: Callable[[Any], bool]


def _last_trick(state: Any) -> bool:
    """Every hand down to its last card, or none, in play."""
    return state.phase == "play" and all(len(hand) <= 1 for hand in state.hands) and \
        not getattr(state, "stock", ())


#: where each game's worker is killed, in turn (each moment comes back in the game: a
#: kill the game outran, or one put off while NATS settles, strikes the next one)
MOMENTS: dict[str, tuple[Moment, ...]] = {
    "bisca": (Moment("the bets", lambda s: s.phase == "bet"),
              Moment("a round's last trick", _last_trick)),
    "bolola": (Moment("a deal's last trick", _last_trick),      # the first deal's, then
               Moment("the dealer's choice of a contract",         # the second's or third's
                      lambda s: s.phase == "contract")),
    "briscola": (Moment("a Venceslao race", lambda s: s.phase == "claim"),
                 Moment("a game's last trick", _last_trick)),
    "doudizhu": (Moment("the bids", lambda s: s.phase == "bid"),
                 Moment("a hand's end near (a player down to five cards)",
                        lambda s: s.phase == "play" and min(len(h) for h in s.hands) <= 5)),
    "bocce": (Moment("one secret lag committed, the other not", lambda s: s.phase == "lag" and
                     len(s.to_act()) == 1),
              Moment("a boccia rolled", lambda s: s.phase == "roll")),
}


#: a game with no moments named above: killed a few moves in, then at a last trick
ANY_GAME = (Moment("a few moves in", lambda s: True), Moment("a last trick", _last_trick))


def moments(key: str) -> tuple[Moment, ...]:
    """Where ``key``'s worker is killed, in turn."""
    return MOMENTS.get(key, ANY_GAME)


def game_log(record: Mapping[str, Any], actions: list[list[Any]]) -> dict[str, Any]:
    """The log of the table the service keeps as ``record`` (its request and its seed),
    with ``actions``: what ``replay_log`` replays from scratch."""
    request = record["request"]
    return {"key": request["game"], "options": dict(request["options"]),
            "seats": request["seats"], "seed": int(record["seed"]), "actions": actions}


def game(record: Mapping[str, Any], actions: list[list[Any]]) -> State:
    """The table's game after ``actions``, replayed from scratch."""
    return replay_log(game_log(record, actions))


class Follower(threading.Thread):
    """Follow table ``table`` (its kept ``record``) on NATS at ``url`` and kill its worker
    at each of ``moments`` in turn; ``workers``: a worker's name -> its pid; ``people``:
    the seats of bots.  :attr:`struck`: (moment, actions kept when struck) for each
    kill; :attr:`missed`: the same for a kill the game outran (a person moved between
    the sight and the kill: the moment is struck again where it comes back);
    :attr:`blows`: ``(WORKER, name)`` for each worker killed and ``(NATS, "")`` once
    ``nats_after`` actions are kept (None: never), for the test's thread, which says
    :meth:`restarted` once NATS is back."""

    def __init__(self, url: str, table: str, record: Mapping[str, Any],
                 moments: tuple[Moment, ...], workers: Callable[[str], int],
                 people: set[int], nats_after: int | None = None) -> None:
        super().__init__(daemon=True)
        self.url, self.table, self.moments = url, table, list(moments)
        self.workers, self.people = workers, people
        self.state = game(record, [])
        self.actions: list[list[Any]] = []
        self._next = 1                          # the stream's sequence to read from
        self.struck: list[tuple[str, int]] = []
        self.missed: list[tuple[str, int]] = []
        self.blows: "queue.Queue[tuple[str, str]]" = queue.Queue()
        self.nats_after = nats_after
        self._restarting = nats_after is not None
        self._back: float | None = None         # when NATS came back (monotonic)
        self._since: int | None = None          # the actions kept once it had settled
        self.done = threading.Event()
        self.failed: BaseException | None = None

    def run(self) -> None:
        try:
            asyncio.run(self._follow())
        except BaseException as exc:  # said by the test's thread
            self.failed = exc

    async def _follow(self) -> None:
        import nats

        nc = await nats.connect(self.url, max_reconnect_attempts=-1, reconnect_time_wait=0.1)
        try:
            # asked again soon while NATS restarts (a request lost then waits its timeout)
            jsm = nc.jsm(timeout=0.5)
            kv = await nc.jetstream(timeout=0.5).key_value(BUCKET)
            last = -GAP
            while not self.done.is_set():
                settled = self._settled()
                if not await self._read(jsm):
                    await asyncio.sleep(0.002)
                    continue
                if self.nats_after is not None and len(self.actions) >= self.nats_after:
                    self.nats_after = None
                    self.blows.put((NATS, ""))
                moment = self.moments[0] if self.moments else None
                if moment is None or self.state.over or len(self.actions) - last < GAP or \
                        not moment.at(self.state):
                    continue
                if not set(self.state.to_act()) <= self.people or not settled:
                    continue
                lease = json.loads((await kv.get(f"lease.{self.table}")).value)
                os.kill(self.workers(lease["worker"]), signal.SIGKILL)
                await self._read(jsm)                   # what it kept before it died
                self.blows.put((WORKER, lease["worker"]))
                last = len(self.actions)
                if moment.at(self.state) and set(self.state.to_act()) <= self.people:
                    self.moments.pop(0)
                    self.struck.append((moment.name, last))
                else:                   # a person moved first: struck at the next one
                    self.missed.append((moment.name, last))
        finally:
            await nc.close()

    def restarted(self) -> None:
        """NATS is back (the test's thread restarted it)."""
        self._back = time.monotonic()

    def _settled(self) -> bool:
        """No restart of NATS in this game, or every person has moved since NATS had been
        back :data:`SETTLE` seconds."""
        if not self._restarting:
            return True
        if self._since is None and self._back is not None and \
                time.monotonic() - self._back >= SETTLE:
            self._since = len(self.actions)
        return self._since is not None and \
            self.people <= {seat for seat, _ in self.actions[self._since:]}

    async def _read(self, jsm: Any) -> bool:
        """Take the actions kept since the last read into the game; whether any was."""
        import nats.errors

        read = False
        while True:
            try:
                msg = await jsm.get_msg(STREAM, seq=self._next, subject=subject(self.table),
                                        next=True)
            except nats.errors.Error:            # none yet, or NATS away: asked again
                return read
            self._next = msg.seq + 1
            seat, text = json.loads(msg.data)
            self.state.apply(seat, self.state.from_log(seat, Action.parse(text)))
            self.actions.append([seat, text])
            read = True


def at_moment(record: Mapping[str, Any], actions: list[list[Any]], moment: Moment,
              people: set[int]) -> bool:
    """Whether the game of ``actions`` stands at ``moment``, with only people to act."""
    state = game(record, actions)
    return moment.at(state) and set(state.to_act()) <= people
