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
from dataclasses import dataclass
from typing import Optional, Protocol

from game.engine import Action, Event
from game.session.advice import Advice
from game.session.messages import Message, Refused, Submit, round_trip
from game.session.referee import Session
from game.session.setup import GameSetup


@dataclass(frozen=True)
class Seating:
    """Who sits where, as the network knows it: each seat's person's name ("" for a
    computer), and the seats a computer keeps warm while their person is away."""

    names: tuple[str, ...]
    away: frozenset[int] = frozenset()


@dataclass(frozen=True)
class LinkState:
    """A guest's connection to its host: ``state`` (game/net/client.py: "connecting",
    "connected", "reconnecting", "lost", "closed") and, once lost, ``reason`` (a key)."""

    state: str
    reason: Optional[str] = None


class Client(Protocol):
    """A seat's (or a spectator's) window on a game, wherever its referee runs.

    Everything the table asks of a client is here, and every client answers all of it
    (a game here, the host's, a guest's, a replay's): the table never asks what kind
    of client it holds."""

    @property
    def seat(self) -> Optional[int]:
        """The seat this client plays (None: a spectator)."""

    @property
    def setup(self) -> GameSetup:
        """The game: its key, options, seats and seed."""

    @property
    def advises(self) -> bool:
        """Whether :meth:`advise` can answer (a session in this process, a seat to advise)."""

    def poll(self) -> list[Message]:
        """Updates and refusals that arrived since the last poll, in order (never blocks)."""

    def submit(self, action: Action, version: Optional[int] = None, probe: bool = False) -> None:
        """Send this seat's action; a refusal arrives through :meth:`poll`."""

    def allow(self, version: int) -> None:
        """The screen has caught up with ``version``: its computers may move."""

    def covered(self, covered: bool) -> None:
        """The screen is covered (a menu, the log, a score sheet over the table: it shows
        and allows nothing meanwhile) or back: a host's game goes on for the friends at
        the table (game/net/host.py); every other client has nothing to do."""

    def advise(self) -> Optional[Advice]:
        """Hard's suggestion for this seat now (None while it thinks, or when the client
        cannot advise: :attr:`advises`)."""

    def seating(self) -> Optional[Seating]:
        """The people at the table by name (netplay); None for a game on this computer."""

    def link(self) -> Optional[LinkState]:
        """A guest's connection to its host; None for a client with no link to lose."""

    def told(self) -> list[Event]:
        """The story so far, redacted for this seat, of a game resumed from a save (the
        table tells it again); empty for a game that starts here."""

    def take_notice(self) -> Optional[tuple[str, str]]:
        """A line the player should be told once (a catalog key and its ``why``): a game
        that could not be kept, statistics set aside; None when there is nothing."""

    @property
    def says(self) -> bool:
        """Whether this seat may say table phrases (a person's seat at an online table)."""

    def say(self, phrase: str) -> None:
        """A table phrase (an id of game.net.protocol.PHRASES) from this seat to the table."""

    def heard(self) -> list[tuple[int, str]]:
        """The phrases said at the table since the last call: (seat, phrase id)."""

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

    def covered(self, covered: bool) -> None:
        """A game on this computer waits for its screen (nobody else plays it)."""

    @property
    def advises(self) -> bool:
        """A client of a session in this process may ask (a remote one has no world to
        search), for a seat of its own."""
        return self.seat is not None

    def advise(self) -> Optional[Advice]:
        """Hard's suggestion for this seat now (None while it thinks)."""
        return self.session.advise(self.seat) if self.seat is not None else None

    def seating(self) -> Optional[Seating]:
        return None

    def link(self) -> Optional[LinkState]:
        return None

    def told(self) -> list[Event]:
        return []

    def take_notice(self) -> Optional[tuple[str, str]]:
        return None

    @property
    def says(self) -> bool:
        """A game on this computer alone has nobody to say table phrases to."""
        return False

    def say(self, phrase: str) -> None:
        return None

    def heard(self) -> list[tuple[int, str]]:
        return []

    def close(self) -> None:
        self._watcher.close()
        if self.owner:
            self.session.close()
