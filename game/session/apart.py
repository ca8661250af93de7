"""Searching computers think in a process of their own, not in a thread.

A search (game/ai/search.py) is pure Python that runs for half a second.  In a thread
of the program it would hold the interpreter's lock for most of that time, and the
frame loop, which needs the lock many times a frame, would wait its turn at every
switch: a loop doing 3 ms of work a frame took median 15 ms, p99 28 ms alone, and
29 / 116 ms beside a Bolola search in a thread, 11 / 27 ms with the search in this
process (bench/search_apart.py, load average 11 from other work).  So a player that
searches, and that can be made again from its game and level (its ``origin``, set by
:func:`game.ai.computer_player`), thinks in one worker process (:data:`WORKER`: it
imports the rules, never pygame), started the first time one is needed and shared by
every session of the program.  Requests and answers are pickles over the worker's pipes, answered in
order; a worker that dies fails what it was asked (the session then plays a legal
move, as for any broken player) and the next request starts a new one.  The worker
keeps one player per (game, level, seat), so what a player remembers from move to
move (Briscola's trump) lasts as it would in a thread.  A world is a few kilobytes
pickled, a fraction of a millisecond.

Simulations and benchmarks call players in their own thread (:meth:`Session.run`):
there is no frame to protect there, and a seed gives one game.
"""

from __future__ import annotations

import atexit
import pickle
import random
import struct
import subprocess
import sys
import threading
from collections import deque
from concurrent.futures import Future
from pathlib import Path
from typing import IO, Any, Mapping, Optional, Sequence

from game.ai.base import ComputerPlayer
from game.engine import Action, State

#: (game key, level): what a player is made from
Origin = tuple[str, str]
#: the folder that holds the ``game`` package: the worker starts there
ROOT = Path(__file__).resolve().parent.parent.parent
_HEADER = struct.Struct("!I")
#: the worker's program: its answers own stdout (a stray print goes to stderr)
WORKER = ("import sys; out = sys.stdout.buffer; sys.stdout = sys.stderr; "
          "from game.session.apart import serve; serve(sys.stdin.buffer, out)")


def origin_of(player: ComputerPlayer) -> Optional[Origin]:
    """The (game, level) a searching player can be made again from; None for others."""
    origin = getattr(player, "origin", None)
    return origin if getattr(player, "wants_world", False) and origin else None


def budget_of(player: ComputerPlayer) -> tuple[Optional[int], Optional[float]]:
    return getattr(player, "playouts", None), getattr(player, "seconds", None)


def submit(origin: Origin, budget: tuple[Optional[int], Optional[float]], seat: int,
           view: Mapping[str, Any], legal: Sequence[Action], seed: int, world: State) -> Future:
    """Think in the worker process; the future's result is (action, thought or None)."""
    return _worker().ask((origin, budget, seat, view, list(legal), seed, world))


def think_apart(origin: Origin, budget: tuple[Optional[int], Optional[float]], seat: int,
                view: dict[str, Any], legal: list[Action], seed: int,
                world: State, kept: dict[tuple[str, str, int], ComputerPlayer]
                ) -> tuple[Action, Any]:
    """In the worker: the kept player of (game, level, seat) chooses, given its world."""
    from game.ai import computer_player

    key = (origin[0], origin[1], seat)
    player = kept.get(key)
    if player is None:
        player = kept[key] = computer_player(*origin)
    player.playouts, player.seconds = budget  # type: ignore[attr-defined]
    action = player.choose(view, legal, random.Random(seed), world=world)  # type: ignore[call-arg]
    return action, getattr(player, "last", None)


def _write(stream: IO[bytes], obj: Any) -> None:
    data = pickle.dumps(obj, protocol=pickle.HIGHEST_PROTOCOL)
    stream.write(_HEADER.pack(len(data)) + data)
    stream.flush()


def _read(stream: IO[bytes]) -> Any:
    head = stream.read(_HEADER.size)
    if len(head) < _HEADER.size:
        raise EOFError("the pipe closed")
    size = _HEADER.unpack(head)[0]
    data = stream.read(size)
    if len(data) < size:
        raise EOFError("the pipe closed")
    return pickle.loads(data)


class _Worker:
    """The worker process, its pipes, and the questions it has not answered yet."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     cwd=str(ROOT))
        self.lock = threading.Lock()
        self.pending: deque[Future] = deque()
        self.alive = True
        threading.Thread(target=self._answers, name="search-answers", daemon=True).start()

    def ask(self, request: tuple) -> Future:
        future: Future = Future()
        with self.lock:
            try:
                assert self.proc.stdin is not None
                _write(self.proc.stdin, request)
            except (OSError, ValueError) as exc:
                self.alive = False
                future.set_exception(exc)
                return future
            self.pending.append(future)
        return future

    def _answers(self) -> None:
        assert self.proc.stdout is not None
        try:
            while True:
                ok, result = _read(self.proc.stdout)
                with self.lock:
                    future = self.pending.popleft()
                if not future.set_running_or_notify_cancel():
                    continue            # dropped by its asker (advice for an older position)
                if ok:
                    future.set_result(result)
                else:
                    future.set_exception(RuntimeError(result))
        except (EOFError, OSError, pickle.UnpicklingError) as exc:
            with self.lock:
                self.alive = False
                while self.pending:
                    future = self.pending.popleft()
                    if future.set_running_or_notify_cancel():
                        future.set_exception(RuntimeError(f"search worker: {exc}"))

    def stop(self) -> None:
        self.alive = False
        try:
            if self.proc.stdin is not None:
                self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=2)
        except subprocess.TimeoutExpired:
            self.proc.kill()


_current: Optional[_Worker] = None
_current_lock = threading.Lock()


def _worker() -> _Worker:
    global _current
    with _current_lock:
        if _current is None or not _current.alive or _current.proc.poll() is not None:
            _current = _Worker()
        return _current


def shutdown() -> None:
    """Stop the worker (the program ends); a thought in progress is dropped."""
    global _current
    with _current_lock:
        if _current is not None:
            _current.stop()
            _current = None


atexit.register(shutdown)


def serve(stdin: IO[bytes], stdout: IO[bytes]) -> None:
    """The worker's loop: a request in, (True, answer) or (False, what went wrong) out."""
    kept: dict[tuple[str, str, int], ComputerPlayer] = {}
    while True:
        try:
            request = _read(stdin)
        except EOFError:
            return
        try:
            origin, budget, seat, view, legal, seed, world = request
            _write(stdout, (True, think_apart(origin, budget, seat, view, legal, seed, world,
                                              kept)))
        except Exception as exc:  # one bad question must not end the worker
            _write(stdout, (False, f"{type(exc).__name__}: {exc}"))

