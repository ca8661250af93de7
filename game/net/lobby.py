"""The waiting room's seats, before the game starts: who sits where, and who watches.

Pure bookkeeping (no sockets, no threads: the host calls it under its lock), so
every rule of the room has a unit test:

* each seat is the **host**'s (the first ``human`` seat of the setup, if any), a
  **computer**'s (the host gave it one), or **open** for a person: empty ("Computer
  will play") or taken by a guest;
* a guest whose name someone in the room already has is told apart by a number: a
  second "Guest" is "Guest 2" (two people named alike could not tell whose seat is
  whose; the number may take the name past game/names.py's length, a room's own);
* a guest who comes in without asking to watch sits in the first open seat that
  is empty; none: ``table_full``.  A guest may move to another empty open seat
  (``seat_taken`` if someone is there, ``no_such_seat`` if it is the host's, a
  computer's or not a seat), or stand up to watch;
* watching needs the host's leave (``no_spectators`` when refused); spectators
  are not counted in the seats.  Refusing spectators sends those watching away;
* the host may move a guest to any empty open seat, free a seat (its guest stands
  up to watch if spectators are welcome, else leaves the room), give a seat to a
  computer (its guest, if any, is freed) or open it again;
* a seated guest whose connection drops (it did not say goodbye) keeps its seat,
  shown ``away``, while it reconnects (:meth:`Lobby.drop`, :meth:`Lobby.back`); the
  host still moves or frees it as any guest; its seat is free again only when it
  leaves for good (:meth:`Lobby.leave`: the host's wait for it is over).  A guest
  watching that drops just leaves (it comes back as any newcomer who watches);
* at the start (:meth:`Lobby.final`), open seats nobody took become computers
  (at the level the new-game screen gave the seat),
  taken ones are the guests' (``remote``, with their names), and nothing moves
  any more (every change is refused ``started``).

A guest is known by a small number the host gives each connection (``gid``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional

from game.session import COMPUTER, HUMAN, REMOTE, GameSetup, SeatSpec

#: what a seat is in the waiting room
HOST_SEAT, OPEN, COMPUTER_SEAT, PERSON = "host", "open", "computer", "person"
KINDS = (HOST_SEAT, OPEN, COMPUTER_SEAT, PERSON)
#: refusals (reason keys, worded "net.<key>" by the screens)
SEAT_TAKEN = "seat_taken"
TABLE_FULL = "table_full"
NO_SPECTATORS = "no_spectators"
NO_SUCH_SEAT = "no_such_seat"
STARTED = "started"
REFUSALS = (SEAT_TAKEN, TABLE_FULL, NO_SPECTATORS, NO_SUCH_SEAT, STARTED)


class Refusal(Exception):
    """A change the room does not make; ``reason`` is one of :data:`REFUSALS`."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


@dataclass(frozen=True)
class LobbySeat:
    """One seat as every guest sees it: ``kind`` (host, open, computer, person),
    the ``name`` of whoever sits there ("" for an open seat or a computer)."""

    kind: str
    name: str = ""
    away: bool = False              # a person whose connection dropped: reconnecting


class Lobby:
    """The seats of ``setup`` before the game: see the module docstring.  ``host_name``
    names the host's seat; ``spectators``: whether people may watch."""

    def __init__(self, setup: GameSetup, host_name: str = "", spectators: bool = False) -> None:
        self.setup = setup
        humans = setup.humans()
        self.host_seat: Optional[int] = humans[0] if humans else None
        self.host_name = host_name or (setup.seats[self.host_seat].name
                                       if self.host_seat is not None else "")
        self.kinds = [HOST_SEAT if s == self.host_seat else
                      COMPUTER_SEAT if spec.kind == COMPUTER else OPEN
                      for s, spec in enumerate(setup.seats)]
        self.sitting: dict[int, int] = {}          # seat -> gid
        self.names: dict[int, str] = {}            # gid -> name
        self.watching: set[int] = set()            # gids
        self.away: set[int] = set()                # seated gids whose connection dropped
        self.spectators = spectators
        self.started = False

    # -- what it shows ---------------------------------------------------------------------
    def seats(self) -> tuple[LobbySeat, ...]:
        out = []
        for seat, kind in enumerate(self.kinds):
            if kind == HOST_SEAT:
                out.append(LobbySeat(HOST_SEAT, self.host_name))
            elif seat in self.sitting:
                gid = self.sitting[seat]
                out.append(LobbySeat(PERSON, self.names[gid], gid in self.away))
            else:
                out.append(LobbySeat(kind))
        return tuple(out)

    def seat_of(self, gid: int) -> Optional[int]:
        return next((s for s, g in self.sitting.items() if g == gid), None)

    def free_seats(self) -> list[int]:
        """Open seats nobody sits in, in order."""
        return [s for s, kind in enumerate(self.kinds) if kind == OPEN and s not in self.sitting]

    @property
    def taken(self) -> int:
        """Seats with a person at them (the host's included)."""
        return len(self.sitting) + (self.host_seat is not None)

    @property
    def full(self) -> bool:
        """Every open seat has its person (what a host that starts by itself waits for)."""
        return not self.free_seats() and OPEN in self.kinds

    # -- a guest's moves ---------------------------------------------------------------------
    def enter(self, gid: int, name: str, watch: bool = False) -> Optional[int]:
        """A guest comes in: the seat it sits in, or None when it watches; :class:`Refusal`
        when the room has no place for it."""
        self._not_started()
        name = self.distinct(name)
        if watch:
            self._may_watch()
            self.names[gid] = name
            self.watching.add(gid)
            return None
        free = self.free_seats()
        if not free:
            raise Refusal(TABLE_FULL)
        self.names[gid] = name
        self.sitting[free[0]] = gid
        return free[0]

    def distinct(self, name: str) -> str:
        """``name``, or with the first number from 2 that nobody in the room has."""
        taken = {self.host_name, *self.names.values()}
        if not name or name not in taken:               # no name: the screens word one
            return name
        number = 2
        while f"{name} {number}" in taken:
            number += 1
        return f"{name} {number}"

    def sit(self, gid: int, seat: Optional[int]) -> None:
        """A guest in the room moves to ``seat`` (None: stands up to watch)."""
        self._not_started()
        if gid not in self.names:
            raise Refusal(NO_SUCH_SEAT)
        if seat is None:
            self._may_watch()
            self._stand(gid)
            self.watching.add(gid)
            return
        self._check_free(seat, gid)
        self._stand(gid)
        self.watching.discard(gid)
        self.sitting[seat] = gid

    def leave(self, gid: int) -> None:
        """A guest left for good (goodbye, sent away, or away too long): its seat is
        free again."""
        self._stand(gid)
        self.watching.discard(gid)
        self.away.discard(gid)
        self.names.pop(gid, None)

    def drop(self, gid: int) -> bool:
        """A guest's connection dropped: a seated one keeps its seat, away, and True is
        returned (the host waits for it); one watching leaves (False)."""
        if self.seat_of(gid) is None:
            self.leave(gid)
            return False
        self.away.add(gid)
        return True

    def restore(self, seat: int, gid: int, name: str) -> None:
        """A guest seated at ``seat`` in a waiting room taken over from another process
        (game/net/tables.py), away until it comes back (:meth:`back`)."""
        self._not_started()
        if seat in self.sitting or not 0 <= seat < len(self.kinds) or self.kinds[seat] != OPEN:
            raise Refusal(NO_SUCH_SEAT)
        self.sitting[seat] = gid
        self.names[gid] = name
        self.away.add(gid)

    def back(self, gid: int) -> None:
        """An away guest is connected again (its seat, if the host has not freed it)."""
        self.away.discard(gid)

    # -- the host's moves ----------------------------------------------------------------------
    def move(self, seat: int, to: int) -> None:
        """The host moves the guest at ``seat`` to the empty open seat ``to``."""
        self._not_started()
        gid = self.sitting.get(seat)
        if gid is None:
            raise Refusal(NO_SUCH_SEAT)
        self.sit(gid, to)

    def free(self, seat: int) -> Optional[int]:
        """The host frees ``seat``: its guest stands up to watch, or, when spectators are
        refused or the guest is away, leaves: that guest's id is returned (None if it
        stays)."""
        self._not_started()
        gid = self.sitting.pop(seat, None)
        if gid is None:
            return None
        if self.spectators and gid not in self.away:
            self.watching.add(gid)
            return None
        self.names.pop(gid, None)
        self.away.discard(gid)
        return gid

    def give(self, seat: int, computer: bool) -> Optional[int]:
        """The host gives ``seat`` to a computer (its guest freed: see :meth:`free`) or
        opens it again for a person."""
        self._not_started()
        if not 0 <= seat < len(self.kinds) or self.kinds[seat] == HOST_SEAT:
            raise Refusal(NO_SUCH_SEAT)
        sent = self.free(seat) if computer else None
        self.kinds[seat] = COMPUTER_SEAT if computer else OPEN
        return sent

    def allow_spectators(self, allow: bool) -> list[int]:
        """Welcome spectators or not; refusing them sends those watching away (their
        ids are returned)."""
        self.spectators = allow
        if allow:
            return []
        gone = sorted(self.watching)
        for gid in gone:
            self.leave(gid)
        return gone

    # -- the start -------------------------------------------------------------------------------
    def final(self) -> GameSetup:
        """The game to start: taken open seats are the guests' (``remote``, named), open
        seats nobody took become computers (at the level the setup gave the seat); no
        change after this."""
        self.started = True
        seats = []
        for seat, (spec, kind) in enumerate(zip(self.setup.seats, self.kinds)):
            if kind == HOST_SEAT:
                seats.append(replace(spec, kind=HUMAN, name=self.host_name))
            elif seat in self.sitting:
                seats.append(SeatSpec(REMOTE, spec.level, self.names[self.sitting[seat]]))
            else:
                seats.append(SeatSpec(COMPUTER, spec.level))
        return replace(self.setup, seats=tuple(seats))

    # -- checks ------------------------------------------------------------------------------------
    def _not_started(self) -> None:
        if self.started:
            raise Refusal(STARTED)

    def _may_watch(self) -> None:
        if not self.spectators:
            raise Refusal(NO_SPECTATORS)

    def _check_free(self, seat: int, gid: int) -> None:
        if type(seat) is not int or not 0 <= seat < len(self.kinds) or self.kinds[seat] != OPEN:
            raise Refusal(NO_SUCH_SEAT)
        if self.sitting.get(seat, gid) != gid:
            raise Refusal(SEAT_TAKEN)

    def _stand(self, gid: int) -> None:
        seat = self.seat_of(gid)
        if seat is not None:
            del self.sitting[seat]
