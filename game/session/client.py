"""A client of a session: what the table (or any screen) talks to.

:class:`Client` is the whole interface: the table polls it for updates and
refusals, submits its seat's actions, and tells a paced session when its
computers may move.  :class:`LocalClient` serves a session in this process and
passes every message through the codec (game/session/messages.py), so the
table receives exactly what a remote client would, and can never share data
with the state.  A remote client (netplay) implements the same protocol over a
socket.
"""

from __future__ import annotations

from collections import deque
from typing import Optional, Protocol

from game.engine import Action
from game.session.advice import Advice
from game.session.messages import Message, Refused, Submit, round_trip
from game.session.referee import Session
from game.session.setup import GameSetup


class Client(Protocol):
    """A seat's (or a spectator's) window on a game, wherever its referee runs."""

    seat: Optional[int]
    setup: GameSetup

    def poll(self) -> list[Message]:
        """Updates and refusals that arrived since the last poll, in order (never blocks)."""

    def submit(self, action: Action, version: Optional[int] = None, probe: bool = False) -> None:
        """Send this seat's action; a refusal arrives through :meth:`poll`."""

    def allow(self, version: int) -> None:
        """The screen has caught up with ``version``: its computers may move."""

    def close(self) -> None:
        """Leave the game."""


class LocalClient:
    """A client of a session in this process; owns the session when ``owner``."""

    def __init__(self, session: Session, seat: Optional[int], owner: bool = True) -> None:
        self.session = session
        self.seat = seat
        self.owner = owner
        self._watcher = session.watch(seat)
        self._replies: deque[Message] = deque()

    @property
    def setup(self) -> GameSetup:
        return self.session.setup

    def poll(self) -> list[Message]:
        self.session.pump()
        out: list[Message] = [round_trip(u) for u in self._watcher.drain()]
        out += [self._replies.popleft() for _ in range(len(self._replies))]
        return out

    def submit(self, action: Action, version: Optional[int] = None, probe: bool = False) -> None:
        if self.seat is None:
            return
        sent = round_trip(Submit(self.seat, action, version, probe))
        assert isinstance(sent, Submit)
        refused = self.session.submit(sent.seat, sent.action, sent.version, sent.probe)
        if refused is not None:
            reply = round_trip(refused)
            assert isinstance(reply, Refused)
            self._replies.append(reply)

    def allow(self, version: int) -> None:
        self.session.allow(version)

    def advise(self) -> Optional[Advice]:
        """Hard's suggestion for this seat now (None while it thinks): a client of a
        session in this process may ask; a remote one has no world to search."""
        return self.session.advise(self.seat) if self.seat is not None else None

    def close(self) -> None:
        self._watcher.close()
        if self.owner:
            self.session.close()
