"""What a host proves and names to its guests by their keys (game/net/host.py): every
key a guest could come back by (a seat's at the table, each guest's in the waiting room)
and, on each connection, the host's proof that it holds them (``holds``: a guest offers a
kept key to no other host); the room's codes by one-way digest (``rooms``: a guest's kept
key is found whichever code it comes back with), said before a guest's hello, in a seated
guest's welcome, and to every seated guest when a code opens; the seat a hello proves is
its own.  The codes themselves never cross the wire."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Optional

from game.net.guests import proven
from game.net.identity import prove, public_bytes
from game.net.protocol import MAX_HOLDS, Hello, Rooms, encode
from game.net.secure import Sealed, host_proof

if TYPE_CHECKING:
    from game.net.host import Host


class RoomKeys:
    """One host's keys and codes as its guests are told them: see the module docstring."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def _room_digests(self) -> tuple[str, ...]:
        """The one-way names of this room's codes: a guest's kept key is found again
        whichever code it comes back with (game/net/kept_seats.py).  Each was made when
        its code opened, off the loop (codes.room_digest is slow on purpose)."""
        return tuple(self.host._digests.values())

    def _holds(self, peer: Sealed) -> tuple[str, ...]:
        """The host's proof, on this connection, of each key a guest could come back by
        (those :func:`proven` checks a hello against: a seat's at the table, a guest's of
        the waiting room), sorted so the order says nothing: a guest offers a kept key
        only if one of them matches it, so a host naming another room's digest learns
        nothing of that room's seat and has its key forgotten by nobody."""
        return tuple(sorted(host_proof(key, peer.keys.binding).hex()
                            for key in self.keys()))[:MAX_HOLDS]

    def keys(self) -> list[bytes]:
        """Every key a guest could come back by: a seat's at the table, each guest's in
        the waiting room."""
        keys: list[Optional[bytes]]
        with self.host._room:
            if self.host.session is None:
                keys = [*(away.key for away in self.host._waiting.held.values()),
                        *(guest.key for guest in self.host._guests.values())]
            else:
                keys = [remote.key for remote in self.host._remote.values()]
        return [key for key in keys if key is not None]

    def first_line(self, peer: Sealed) -> Rooms:
        """What a guest hears first on its sealed connection: the room's digests, the keys
        the host proves it holds, the host's name (whose program deals), and (a host with
        the service's identity) the service's signature over this connection's binding."""
        dealer = self.host.names[self.host.seat] if self.host.seat is not None else ""
        rooms = Rooms(self._room_digests(), self._holds(peer), dealer=dealer)
        if self.host.identity is None:
            return rooms
        return replace(rooms, service=public_bytes(self.host.identity),
                       signature=prove(self.host.identity, peer.keys.binding))

    def seat_digests(self, seat: Optional[int]) -> tuple[str, ...]:
        """The room's digests for a welcome: a seated guest keeps its key under each; a
        spectator keeps none and is told none there."""
        return () if seat is None else self._room_digests()

    def tell_rooms(self) -> None:
        """A code opened: every seated guest at the table hears the room's codes by
        digest (``rooms``), so its kept key follows the new one; a guest still in the
        waiting room hears them in its welcome."""
        for guest in list(self.host._guests.values()):
            if guest.playing and guest.seat is not None:
                guest.peer.send(encode(Rooms(self._room_digests())))

    def seat_back(self, peer: Sealed, hello: Hello) -> Optional[int]:
        """The seat this guest proves is its own, on this connection (None if none)."""
        return proven(peer, hello, {s: r.key for s, r in self.host._remote.items()
                                     if r.key is not None})
