"""The host's door for a guest's code (game/net/host.py): who comes past it.  A guest's
attempt waits for its turn in the room's one line of attempts (across every address and
both doors; told so now and then), proves the code's password through SPAKE2, or, coming
back, passes the line with its seat key's pass (and, holding the key before it connects,
proves the key alone by the way back, secure.SeatBack: a key the host does not hold is a
wrong code); then its hello is read and the player's
key it names is held to this connection.  A wrong code is counted and slows the room for
all but returning guests (secure.Guesses).  What the host does with a guest once it is
in (the waiting room, the table) is none of its business."""

from __future__ import annotations

import asyncio
import hmac
import logging
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional

from game.net.guard import Guard
from game.net.guests import DirectPeer, Peer, refuse
from game.net.players import seat_proven
from game.net.protocol import (
    BAD_FIELD,
    GAME_VERSION,
    HELLO_TIMEOUT,
    NOT_PLAYER,
    PROTOCOL,
    SLOW_DOWN,
    UNEXPECTED,
    WRONG_CODE,
    WRONG_VERSION,
    Confirm,
    Error,
    Hello,
    Limits,
    Pake,
    ProtocolError,
    decode,
    encode,
)
from game.net.secure import (
    HOST,
    Guesses,
    Handshake,
    Keys,
    Malformed,
    Sealed,
    SeatBack,
    Turn,
    seat_pass,
)

if TYPE_CHECKING:
    from game.net.host import Host

#: the log of the host, whose door this is
log = logging.getLogger("game.net.host")

#: the room's key in its budget of guesses (``Host._room_guesses``)
ROOM = "room"
#: where the room's line has every guest through the relay come from (the host does not
#: see their addresses; the relay has a line per address of its own): one address among
#: the direct door's, so neither door's guests go before the other's without end
THROUGH_RELAY = "relay"


@dataclass
class _Attempt:
    """An attempt's turn of the room (None for a returning guest's pass), told how the
    attempt ended."""

    guesses: Guesses
    turn: Optional[Turn] = None

    def failed(self) -> None:
        self.guesses.failed(self.turn)

    def succeeded(self) -> None:
        """The right code: the room does not start afresh (a friend coming in gives a
        stranger guessing meanwhile no free turns)."""
        self.guesses.released(self.turn)

    def ended(self, answered: bool) -> None:
        """Gone without a word on its code: charged if it heard the answer."""
        if answered:
            self.guesses.left(self.turn)
        else:
            self.guesses.released(self.turn)


class Admission:
    """The door of one host's room: see the module docstring."""

    def __init__(self, host: Host, guesses: Guesses, limits: Limits, guard: Guard,
                 players_only: bool) -> None:
        self.host = host
        #: the room's budget of guesses, the host's (``Host._room_guesses``: see there)
        self._room_guesses = guesses
        self.limits = limits
        self.guard = guard
        self.players_only = players_only

    async def _first(self, peer: Peer | Sealed, expect: tuple[type, ...],
                     timeout: float) -> Optional[Any]:
        """The next message, one of ``expect``; None (refused with the reason) if it
        does not come in time or is something else."""
        try:
            line = await peer.recv(timeout)
            if line is None:
                return None
            return decode(line, expect)
        except asyncio.TimeoutError:
            refuse(peer, HELLO_TIMEOUT, f"nothing within {timeout} s")
        except ProtocolError as exc:
            refuse(peer, exc.reason, exc.detail)
        return None

    async def handshake(self, peer: Peer) -> Optional[Sealed]:
        """SPAKE2 with the code's password at the attempt's turn, or, for a guest coming
        back by its seat key (``back``), the way back under the key its pass names: the
        sealed connection, or None (refused; a wrong code counted, and the room's line
        slowed)."""
        pake = await self._first(peer, (Pake,), self.limits.hello_timeout)
        if pake is None:
            return None
        if pake.protocol != PROTOCOL or pake.game != GAME_VERSION:
            refuse(peer, WRONG_VERSION,
                         f"the host runs protocol {PROTOCOL}, Tavolata {GAME_VERSION}")
            return None
        kept = self._kept(pake)
        attempt = await self._turn(peer, kept is not None)
        if attempt is None:
            return None
        answered = False
        try:
            if pake.back:
                way = None if kept is None else self._back(kept, pake.back)
            else:
                way = self._spake(peer, pake.msg)
            if way is None and pake.back:       # a key this host does not hold: a wrong code
                self._wrong(peer, attempt, "the seat key is none this room holds")
                attempt = None
                return None
            if way is None:
                return None
            keys, reply = way
            peer.send(encode(reply))
            answered = True
            confirm = await self._first(peer, (Confirm,), self.limits.hello_timeout)
            if confirm is None:
                return None
            if not keys.confirms(confirm.confirm):
                self._wrong(peer, attempt, "the code's password is not this room's")
                attempt = None
                return None
            attempt.succeeded()
            attempt = None
            peer.right()
            return Sealed(peer, keys, self.limits)
        finally:
            if attempt is not None:
                attempt.ended(answered)  # it heard the answer: counted, if not said

    def _spake(self, peer: Peer, msg: bytes) -> Optional[tuple[Keys, Pake]]:
        """SPAKE2's keys with the code this guest came by, and the answer that gives it
        the host's message; None if refused."""
        code = self.host._direct if peer.direct else self.host._relay_code
        if code is None:                   # a relay guest before the code is made
            return None
        handshake = Handshake(code.secret, HOST)
        try:
            keys = handshake.finish(msg)
        except Malformed as exc:
            refuse(peer, BAD_FIELD, str(exc))
            return None
        return keys, Pake(handshake.message, keys.mine)

    @staticmethod
    def _back(seat_key: bytes, theirs: bytes) -> Optional[tuple[Keys, Pake]]:
        """The way back's keys under ``seat_key`` and the answer with the host's message;
        None if ``theirs`` is no public key (a wrong code, as a wrong key is)."""
        back = SeatBack(HOST)
        try:
            keys = back.finish(seat_key, theirs)
        except Malformed:
            return None
        return keys, Pake(b"", keys.mine, back=back.message)

    def _wrong(self, peer: Peer, attempt: _Attempt, detail: str) -> None:
        """A wrong code (or a seat key this room does not hold): counted, said on the
        host's screen, and the guest turned away."""
        attempt.failed()
        log.warning("a wrong code from %s (%d so far)", peer.label, self._room_guesses.total)
        self.host._update(wrong_codes=self._room_guesses.total)
        refuse(peer, WRONG_CODE, detail)
        peer.wrong()

    async def _turn(self, peer: Peer, passed: bool) -> Optional[_Attempt]:
        """The room's turn an attempt waits for in the room's line (secure.Guesses.line:
        across every address and both doors, a direct guest's address served in
        fairness, the relay's guests as one more address); none for a guest whose pass
        proves a seat key this host holds (``passed``).  While it waits it is told so now
        and then (a ``slow_down`` that is not fatal: its program waits on, in its place);
        None if it goes meanwhile."""
        guesses = self._room_guesses
        if passed:
            return _Attempt(guesses)
        place = guesses.line(ROOM, peer.ip or THROUGH_RELAY)
        if place.turn is not None:
            return _Attempt(guesses, place.turn)
        admitted = peer.admitted if isinstance(peer, DirectPeer) else None
        if admitted is not None:
            self.guard.in_line(admitted, True)
        told = float("-inf")
        try:
            while (wait := guesses.poll(place)) > 0:
                now = time.monotonic()
                if now - told >= self.limits.ping_every:
                    peer.send(encode(Error(SLOW_DOWN, f"in line: about {wait:.0f} s")))
                    told = now
                try:
                    early = await peer.recv(min(wait, self.limits.guess_first))
                except asyncio.TimeoutError:
                    continue
                except ProtocolError as exc:
                    refuse(peer, exc.reason, exc.detail)
                else:
                    if early is not None:
                        refuse(peer, UNEXPECTED, "a line before the host's answer")
                return None
        finally:
            guesses.withdraw(place)
            if admitted is not None:
                self.guard.in_line(admitted, False)
        return _Attempt(guesses, place.turn)

    def _kept(self, pake: Pake) -> Optional[bytes]:
        """The key this host holds (a seat's at the table, a guest's in the waiting room)
        that ``pake``'s pass (secure.seat_pass) is made under, if any."""
        if not pake.kept:
            return None
        found = None
        for key in self.host._room_keys.keys():            # every key tried: the same work either way
            if hmac.compare_digest(seat_pass(key, pake.back or pake.msg), pake.kept):
                found = key
        return found

    def player_proven(self, peer: Sealed, hello: Hello) -> bool:
        """Whether ``hello``'s player key, if any, is signed over this connection's binding
        (refused ``bad_field`` if not); at a ``players_only`` table a guest that proves
        none may only watch (refused ``not_player`` if it asks to play)."""
        if hello.player is not None and hello.signed is not None and \
                not seat_proven(hello.player, peer.keys.binding, hello.signed):
            refuse(peer, BAD_FIELD, "the player's key is not signed on this connection")
            return False
        if self.players_only and hello.player is None and not hello.watch:
            refuse(peer, NOT_PLAYER, "a rated table seats players with their own key")
            return False
        return True

    async def hello(self, peer: Sealed) -> Optional[Hello]:
        hello = await self._first(peer, (Hello,), self.limits.hello_timeout)
        return hello if isinstance(hello, Hello) else None
