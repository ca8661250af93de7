"""The host's waiting room for its guests (game/net/host.py, over game/net/lobby.py's
:class:`~game.net.lobby.Lobby`), until the game starts: a guest asks for seats there,
hears the room at every change, and the table's chair may start it; the host's screen
moves, frees and gives seats.  A seated guest whose connection drops keeps its seat,
held for it (shown away) while it may come back proving its key; one the host sends
away hears why.  When the game starts, every guest goes on to the table."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Any, Callable, Optional

from game.net.guests import Away, Guest, heard, proven, refuse, strike
from game.net.lobby import Refusal
from game.net.protocol import (
    NOT_CHAIR,
    NOT_FULL,
    PRIVATE,
    REPLACED,
    SEAT_FREED,
    Bye,
    Error,
    Hello,
    LobbyView,
    Phrase,
    ProtocolError,
    Sit,
    Start,
    decode,
    encode,
)
from game.net.secure import Sealed

if TYPE_CHECKING:
    from game.net.host import Host

#: the log of the host, whose waiting room this is
log = logging.getLogger("game.net.host")


class WaitingRoom:
    """One host's waiting room: see the module docstring."""

    def __init__(self, host: Host) -> None:
        self.host = host

    def change(self, change: Callable[[], Any], why: str = SEAT_FREED) -> Optional[str]:
        """Make a change to the waiting room; tell every guest (those it sends away
        hear ``why``); None or the refusal."""
        with self.host._room:
            try:
                sent = change()
            except Refusal as exc:
                return exc.reason
        for gid in sent or ():
            if gid is not None:
                self.host._net.call(self.send_away, gid, why)
        self.host._net.call(self.tell)
        self.host._update()
        return None

    def back(self, peer: Sealed, hello: Hello) -> Optional[Guest]:
        """A guest of the waiting room whose connection dropped comes back (under the
        room's lock): it proves its key, and is the same guest (its id, its name, its seat
        if the host has not freed it) on this connection; an older connection of it that
        the host still holds is closed.  None (refused ``seat_freed``) if it proves no key
        of the room: the host sent it away meanwhile, or it is not who it claims."""
        known: dict[int, Guest | Away] = {**self.held, **self.host._guests}
        gid = proven(peer, hello, {g: guest.key for g, guest in known.items()})
        if gid is None:
            refuse(peer, SEAT_FREED, "no seat in this room is held for that key")
            return None
        old = known[gid]
        if isinstance(old, Guest) and self.host._guests.get(gid) is old:    # drop not noticed
            old.peer.send(encode(Error(REPLACED, "the same player connected again", True)))
            old.peer.close()
        guest = Guest(gid, peer, old.name, self.host.limits, old.key)
        self.host._guests[gid] = guest
        self.host.lobby.back(gid)
        log.info("%s is back in the room from %s", old.name or "a guest", peer.label)
        return guest

    @property
    def held(self) -> dict[int, Away]:
        """The seated guests whose connection dropped in the waiting room, held for them:
        those the lobby has ``away`` (it says who, as every guest sees it), by the
        connection that dropped (under the room's lock)."""
        return {gid: self.host._dropped[gid] for gid in self.host.lobby.away}

    def hold(self, away: Away) -> None:
        """Hold a seat in the waiting room for ``away`` while it may try to come back."""
        asyncio.get_running_loop().call_later(
            self.host.limits.reconnect_for + self.host.limits.dead_after, self._expire, away)

    def _expire(self, away: Away) -> None:
        """A guest held in the waiting room did not come back in time: its seat is free."""
        with self.host._room:
            if self.host.session is not None or self.held.get(away.gid) is not away:
                return
            self.host.lobby.leave(away.gid)
        self.changed()

    async def serve(self, guest: Guest) -> bool:
        """Serve a guest in the waiting room (it asks for seats) until the game starts:
        True, or False if it left or was sent away."""
        peer = guest.peer
        while not guest.started.is_set():
            reading = asyncio.ensure_future(peer.recv())
            starting = asyncio.ensure_future(guest.started.wait())
            done, _ = await asyncio.wait((reading, starting),
                                         return_when=asyncio.FIRST_COMPLETED)
            starting.cancel()
            if reading not in done:
                reading.cancel()                # no line is lost: see Link.recv
                await asyncio.gather(reading, return_exceptions=True)
                break
            try:
                line = reading.result()
                if line is None or guest.gone:
                    return False
                msg = decode(line, (Sit, Start, Bye, Phrase, Error))
            except ProtocolError as exc:
                if not strike(peer, guest.strikes, Error(exc.reason, exc.detail)):
                    return False
                continue
            if isinstance(msg, Bye):
                guest.left = True
                return False
            if isinstance(msg, Error):
                heard(guest, msg)
            if isinstance(msg, Start):
                self._chair_starts(guest)
            if isinstance(msg, Sit):
                with self.host._room:
                    try:
                        self.host.lobby.sit(guest.gid, msg.seat)
                        refused = None
                    except Refusal as exc:
                        refused = exc.reason
                if refused is not None:
                    peer.send(encode(Error(refused, "that seat is not free")))
                self.changed()
        return not guest.gone

    def _chair(self) -> Optional[int]:
        """The table's chair: its first seated guest (the gid it came in with), if the
        table has one (``chair``) and anyone sits (under the room's lock)."""
        if not self.host.chair or not self.host.lobby.sitting:
            return None
        return min(self.host.lobby.sitting.values())

    def _chair_starts(self, guest: Guest) -> None:
        """The chair says ``start``: the game begins; anyone else is refused."""
        with self.host._room:
            chair = self._chair()
        if chair is None or guest.gid != chair:
            guest.peer.send(encode(Error(NOT_CHAIR, "only the table's chair starts it")))
            return
        if self.host.players_only and len(self.host.lobby.sitting) < len(self.host.lobby.seats()):
            guest.peer.send(encode(Error(NOT_FULL, "a rated table starts when it is full")))
            return
        log.info("the chair starts the table")
        self.host.begin()

    def changed(self) -> None:
        """The waiting room changed: every guest hears, the listing follows, and a host
        that starts by itself starts once every open seat has its person."""
        self.tell()
        self.host._update()
        if self.host.on_lobby is not None and self.host.session is None:
            self.host.on_lobby(self.host)
        if self.host.autostart and self.host.session is None and self.host.lobby.full:
            self.host.begin()

    def tell(self) -> None:
        """Each guest in the waiting room gets the room as it sees it."""
        with self.host._room:
            if self.host.session is not None:
                return
            seats = self.host.lobby.seats()
            chair = self._chair()
            chair_seat = None if chair is None else self.host.lobby.seat_of(chair)
            lines = [(g.peer, LobbyView(self.host.setup.key, seats, self.host.lobby.seat_of(g.gid),
                                    self.host.lobby.spectators, len(self.host.lobby.watching),
                                    self.host.setup.options, g.gid == chair, chair_seat,
                                    self.host.players_only))
                     for g in self.host._guests.values()]
        for peer, msg in lines:
            peer.send(encode(msg))
        self.host._relay_door.publish()

    def send_away(self, gid: int, why: str) -> None:
        """The host freed this guest's seat (and spectators are refused), or refused
        spectators while it watched: it goes, told ``why``."""
        guest = self.host._guests.get(gid)            # away: nobody to tell
        if guest is not None:
            guest.gone = True
            refuse(guest.peer, why)
            guest.peer.close()

    def started(self) -> None:
        """The game began: every guest in the waiting room goes to the table."""
        for guest in list(self.host._guests.values()):
            guest.started.set()
        if self.host.public and self.host._relay_link is not None:
            self.host._relay_link.send(PRIVATE + b"\n")           # gathering no more
