"""The host's table for its guests (game/net/host.py), once the game has started: each
guest's seat is played from its connection (an older one closed, the computer that kept
it warm leaving it), every update of that seat goes out as the session makes it (a
spectator's: the spectator view), and its moves come in through the session, never
around it (a refusal goes back with its reason; offences cost strikes).  A table phrase
goes to everyone at the table.  A guest that drops has a computer stand in for its seat,
at once or after ``stand_in_after`` seconds, until it comes back."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING, Callable, Optional

from game.engine import Reason
from game.net.guests import Guest, heard, strike
from game.net.protocol import (
    REPLACED,
    Bye,
    Error,
    Phrase,
    ProtocolError,
    Seats,
    Welcome,
    decode,
    encode,
)
from game.net.secure import Sealed
from game.session import Refused, Submit, Update

if TYPE_CHECKING:
    from game.net.host import Host

#: the log of the host, whose table this is
log = logging.getLogger("game.net.host")


class TablePlay:
    """The guests at one host's table: see the module docstring."""

    def __init__(self, host: Host) -> None:
        self.host = host

    async def play(self, guest: Guest) -> None:
        """A guest at the table: its seat's updates (a spectator's: the spectator view)
        go out as the session makes them; its actions come in."""
        session = self.host.session
        assert session is not None
        loop = asyncio.get_running_loop()
        wake = asyncio.Event()
        peer, seat = guest.peer, guest.seat

        def notify() -> None:          # called by whichever thread applied an action
            try:
                loop.call_soon_threadsafe(wake.set)
            except RuntimeError:       # the loop is closing
                pass

        if seat is not None:
            self._take_seat(peer, seat)
            self.host._remote[seat].listening = guest.listening
        watcher = guest.watcher or session.watch(seat)
        watcher.notify = notify
        peer.send(encode(Welcome(seat, self.host.setup_for(seat), tuple(self.host.names),
                                 self.host._room_keys.seat_digests(seat))))
        guest.playing = True
        self.host._update()
        self._tell_seats()
        if self.host._rated_line is not None:          # back after the ratings were told
            peer.send(self.host._rated_line)
        forward = loop.create_task(self._forward(peer, watcher.drain, wake))
        try:
            await self._actions(guest)
        finally:
            forward.cancel()
            watcher.close()
            guest.playing = False
            remote = self.host._remote.get(seat) if seat is not None else None
            if remote is not None and remote.peer is peer:
                remote.peer = None
                if not self.host._closing:
                    self.away(remote.seat)
            self.host._update()

    def away(self, seat: int) -> None:
        """Nobody plays a guest's seat: a computer stands in, at once, or once the seat
        has waited ``stand_in_after`` seconds for its guest to come back (a table the
        service deals, whose computers move at once: a link that blinks, or the worker's
        takeover, must not cost its player a hand)."""
        if self.host.stand_in_after > 0:
            asyncio.get_running_loop().call_later(self.host.stand_in_after, self._stand_in, seat)
        else:
            self._stand_in(seat)

    def _stand_in(self, seat: int) -> None:
        remote, session = self.host._remote.get(seat), self.host.session
        if remote is None or remote.peer is not None or session is None or self.host._closing or \
                session.standing_in(seat):
            return
        log.info("seat %d: %s left; a computer stands in", seat, remote.name)
        session.stand_in(seat, self.host.level)
        self._tell_seats()
        self.host._update()

    def _take_seat(self, peer: Sealed, seat: int) -> None:
        """The guest's seat is played from this connection (an older one is closed), and
        the computer that kept it warm leaves it."""
        assert self.host.session is not None
        remote = self.host._remote[seat]
        if remote.peer is not None and remote.peer is not peer:
            remote.peer.send(encode(Error(REPLACED, "the same player connected again", True)))
            remote.peer.close()
        remote.peer = peer
        self.host.session.return_seat(seat)
        log.info("seat %d: %s plays from %s", seat, remote.name or "a guest", peer.label)

    async def _forward(self, peer: Sealed, drain: Callable[[], list[Update]],
                       wake: asyncio.Event) -> None:
        """Every update of the guest's seat, in order, as the session made it."""
        while True:
            wake.clear()
            for update in drain():
                peer.send(encode(update))
            if not await peer.flush():
                peer.close()
                return
            await wake.wait()

    async def _actions(self, guest: Guest) -> None:
        session = self.host.session
        assert session is not None
        peer, seat, strikes = guest.peer, guest.seat, guest.strikes
        while True:
            try:
                line = await peer.recv()
                if line is None:
                    return
                msg = decode(line, (Submit, Bye, Phrase, Error))
            except ProtocolError as exc:
                if not strike(peer, strikes, Error(exc.reason, exc.detail)):
                    return
                continue
            if isinstance(msg, Bye):
                return
            if isinstance(msg, Error):
                heard(guest, msg)
                continue
            if isinstance(msg, Phrase):
                if seat is not None and self.host._remote[seat].peer is peer:
                    self.said(seat, msg.phrase)
                continue
            assert isinstance(msg, Submit)
            if msg.seat != seat or seat is None:
                refused: Optional[Refused] = Refused(msg.seat, str(msg.action),
                                                     Reason("engine.not_your_seat"),
                                                     session.version, msg.probe)
            elif self.host.journal is not None:      # kept first: waits on the log, off the loop
                refused = await asyncio.get_running_loop().run_in_executor(  # (and the digests)
                    self.host._net.waits, session.submit, seat, msg.action,
                    msg.version, msg.probe)
            else:
                refused = session.submit(seat, msg.action, msg.version, msg.probe)
            if refused is None:
                continue
            if refused.probe or refused.reason.key == "engine.moved_on":
                peer.send(encode(refused))       # a race lost, a question: no offence
            elif not strike(peer, strikes, refused):
                return

    def said(self, seat: int, phrase: str) -> None:
        """A phrase said at ``seat``: every guest at the table hears it, and the host."""
        line = encode(Phrase(phrase, seat))
        for guest in list(self.host._guests.values()):
            if guest.playing:
                guest.peer.send(line)
        if self.host.client is not None:
            self.host.client._heard.append((seat, phrase))

    def _tell_seats(self) -> None:
        line = encode(self._seats_msg())
        for guest in list(self.host._guests.values()):
            if guest.playing:
                guest.peer.send(line)

    def _seats_msg(self) -> Seats:
        assert self.host.session is not None
        away = tuple(s for s in self.host._remote if self.host.session.standing_in(s))
        return Seats(tuple(self.host.names), away)
