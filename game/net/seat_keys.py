"""The keys a guest proves its seat by (game/net/client.py): the one it holds (derived on
the connection it first came in on, or given: ``resume``; proven alone on the way back,
secure.SeatBack, unless the host turned it away), a kept one found under one of
the room's codes (game/net/kept_seats.py: offered only if the host proves it holds it), the
key it is known by in the waiting room, and the key of a first connection cut after its
hello (the host may have seated it: the next connection claims that seat by it).  A key is
never sent: a hello proves it on the connection's binding (game/net/secure.py)."""

from __future__ import annotations

import hmac
from dataclasses import dataclass
from typing import Callable, Optional

from game.net.protocol import LobbyView, Rooms
from game.net.secure import host_proof


@dataclass(frozen=True)
class SeatKey:
    """A seat, and the key that proves it is this guest's (never sent)."""

    seat: int
    key: bytes


class SeatKeys:
    """One guest's seat keys: see the module docstring.

    ``find_seat``: asked (in the network thread, on coming in without a seat key) for a
    key kept under any of the room's codes the host names by digest before the hello: a
    player whose program was closed when the host opened the code it comes back by finds
    the key kept under the code it first joined with.  ``on_seat``: told the seat's key
    each time the host welcomes this guest to its seat at the table, and again when the
    host names a code it opened since: a screen keeps it on disk under each code, so that
    the player comes back to the seat after the program was closed, by any code."""

    def __init__(self, resume: Optional[SeatKey],
                 find_seat: Optional[Callable[[tuple[str, ...]], Optional[SeatKey]]],
                 on_seat: Optional[Callable[[SeatKey], None]]) -> None:
        self.find_seat = find_seat
        self.on_seat = on_seat
        #: the seat this guest holds and its key
        self.held: Optional[SeatKey] = resume
        #: the kept key this guest offered on coming in (``resume``, or ``find_seat``'s):
        #: a screen forgets it if the host turns it away
        self.offered: Optional[SeatKey] = resume
        #: the key the host knows this guest by in the waiting room (derived on the
        #: connection it came in on; proven again on a new one to keep its seat)
        self.room_key: Optional[bytes] = None
        #: the key of a first connection cut after its hello, before the host's answer:
        #: the host may have seated it, so the next connection claims that seat by it
        #: (the host finds which seat it proves, whatever number it names)
        self.tentative: Optional[SeatKey] = None
        #: a held key the host turned away on the way back (it holds it no more): the
        #: next connections prove the code by SPAKE2 instead, as a guest with no key does
        self.unknown: Optional[bytes] = None

    def way_back(self) -> Optional[SeatKey]:
        """The held key to come back by without SPAKE2 (secure.SeatBack), unless the host
        turned it away once."""
        held = self.held
        return None if held is None or held.key == self.unknown else held

    def claim(self, named: Rooms, binding: bytes, watch: bool) -> Optional[SeatKey]:
        """The seat to prove in this connection's hello: the one held, a kept one the host
        proves it holds, or a cut connection's; None to come in afresh (or to watch)."""
        return self.held or self.kept(named, binding, watch) or self.tentative

    def kept(self, named: Rooms, binding: bytes, watch: bool) -> Optional[SeatKey]:
        """A seat key kept under one of the room's codes (by digest), to prove in the
        hello, if the host proved it holds it (``holds``): a host naming another room's
        digest, which does not hold that room's key, is offered nothing and learns not
        the seat, and the guest forgets nothing when it is turned away.  The newest kept
        key the host proves first, else one under a single digest it proves; None to
        come in afresh (or to watch)."""
        if self.find_seat is None or watch or not named.rooms:
            return None
        found = [self.find_seat(named.rooms),
                 *(self.find_seat((digest,)) for digest in named.rooms)]

        def held(key: SeatKey) -> bool:
            mine = host_proof(key.key, binding).hex()
            return any([hmac.compare_digest(mine, theirs) for theirs in named.holds])
        proven = next((key for key in found if key is not None and held(key)), None)
        if proven is not None:
            self.held = self.offered = proven
        return proven

    def came_in(self, claim: Optional[SeatKey], connection_key: bytes) -> None:
        """In the waiting room: a newcomer is known by this connection's key; one back,
        by the key it proved."""
        self.tentative = None
        self.room_key = connection_key if claim is None else claim.key

    def in_room(self, view: LobbyView) -> None:
        """The waiting room as the host tells it: a seated guest's claim follows its seat
        (the host may move it), so that a dropped link comes back to it."""
        self.held = None if view.you is None or self.room_key is None else \
            SeatKey(view.you, self.room_key)

    def back_to(self, seat: Optional[int], from_room: bool,
                tentative: Optional[SeatKey] = None) -> bool:
        """Whether ``seat`` at the table (None: watching) is one this guest may take: not
        when it came back to another (``from_room``: the waiting room's host may have moved
        it while its link was down).  A ``tentative`` claim takes the seat its key proved,
        whichever it is."""
        self.tentative = None
        if tentative is not None and seat is not None:
            self.held = SeatKey(seat, tentative.key)
        return self.held is None or from_room or seat == self.held.seat

    def seated(self, seat: Optional[int], connection_key: bytes) -> None:
        """Welcomed to ``seat`` (None: watching), the game known: the seat's key (the one
        held, else this connection's) is told (``on_seat``), to be kept."""
        if seat is None:
            return
        self.held = SeatKey(seat, self.held.key if self.held is not None else connection_key)
        if self.on_seat is not None:
            self.on_seat(self.held)

    def rooms_opened(self, new: bool) -> None:
        """The host opened another code since its welcome (``new``: one not named before):
        the seat's key is told again (``on_seat``), to be kept under that code too (the
        same news again writes nothing)."""
        if new and self.held is not None and self.on_seat is not None:
            self.on_seat(self.held)
