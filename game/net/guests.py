"""A guest of a host (game/net/host.py), from its connection to its seat: the line it
comes in on at either door (:class:`DirectPeer`, :class:`RelayPeer`: the same
:class:`Peer` to the host), the guest on it (:class:`Guest`), one of the waiting room
held while its connection is down (:class:`Away`), the seat it plays once the game has
started (:class:`RemoteSeat`), and the proof of the key it comes back by
(:func:`proven`).  Plain records and the two ways in: what the host's parts share."""

from __future__ import annotations

import asyncio
import hmac
import logging
from dataclasses import dataclass
from typing import Optional

from game.net.guard import Admitted
from game.net.link import Link
from game.net.protocol import (
    ABUSE,
    FLOOD,
    KICK,
    MAX_GUEST_LINE,
    RIGHT,
    TOO_LONG,
    WRONG,
    Bucket,
    Error,
    Hello,
    Limits,
    ProtocolError,
    encode,
)
from game.net.secure import Sealed, seat_proof
from game.session import Refused
from game.session.referee import Watcher

#: its lines are the host's, under its name (whoever follows that log sees them)
log = logging.getLogger("game.net.host")


class Peer:
    """What the host needs of one guest's connection, direct or through a relay."""

    direct: bool
    label: str
    ip: Optional[str] = None           # known for a direct guest only

    def wrong(self) -> None:
        """Close this guest for a wrong code."""
        self.close()

    def right(self) -> None:
        """This guest had the right code."""

    async def recv(self, timeout: Optional[float] = None) -> Optional[bytes]:
        raise NotImplementedError

    def waiting(self) -> bool:
        """Whether a line from the guest waits to be read (secure.Sealed's liveness)."""
        raise NotImplementedError

    def send(self, line: bytes) -> None:
        raise NotImplementedError

    async def flush(self) -> bool:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class DirectPeer(Peer):
    """A guest at the direct door; ``admitted``: its place there (game/net/guard.py),
    settled once it had the right code, so that no newcomer takes it."""

    direct = True

    def __init__(self, link: Link, admitted: Optional[Admitted] = None) -> None:
        self.link = link
        self.admitted = admitted
        self.label = link.peer
        name = link.writer.get_extra_info("peername")
        self.ip = str(name[0]) if name else None

    def right(self) -> None:
        if self.admitted is not None:
            self.admitted.settled = True

    async def recv(self, timeout: Optional[float] = None) -> Optional[bytes]:
        return await self.link.recv(timeout)

    def waiting(self) -> bool:
        return self.link.waiting()

    def abort(self) -> None:
        """Dropped at once (a silent channel): a read waiting on it ends."""
        self.link.abort()

    def send(self, line: bytes) -> None:
        self.link.send(line)

    async def flush(self) -> bool:
        return await self.link.flush()

    def close(self) -> None:
        self.link.close()


class RelayPeer(Peer):
    """A guest behind the relay, known there by its guest id: its lines come from the
    relay link's reader, tagged with that id; what is sent to it goes tagged (the
    relay strips the tag); closing it asks the relay to drop the guest (``!kick ID``).
    The relay watches its silence."""

    direct = False

    def __init__(self, relay: Link, gid: int, limits: Limits) -> None:
        self.relay = relay
        self.gid = gid
        self.tag = b"%d " % gid
        self.label = f"relay guest {gid}"
        self.pace = Bucket(limits.lines_per_s, limits.line_burst)
        self.queue: asyncio.Queue[Optional[bytes]] = asyncio.Queue()
        self.ended = False

    def feed(self, line: Optional[bytes]) -> None:
        """A line from the guest (None: one that was too long; an empty one is nothing)."""
        if not self.ended and line != b"":
            self.queue.put_nowait(line if line is None or len(line) <= MAX_GUEST_LINE else None)

    def end(self) -> None:
        if not self.ended:
            self.ended = True
            self.queue.put_nowait(b"")

    async def recv(self, timeout: Optional[float] = None) -> Optional[bytes]:
        line = await asyncio.wait_for(self.queue.get(), timeout)
        if line == b"":
            self.queue.put_nowait(b"")
            return None
        if not self.pace.take():
            raise ProtocolError(FLOOD, "more lines than a game needs")
        if line is None:
            raise ProtocolError(TOO_LONG, f"a line over {MAX_GUEST_LINE} bytes")
        return line

    def waiting(self) -> bool:
        return not self.queue.empty()

    def send(self, line: bytes) -> None:
        if not self.ended:
            self.relay.send(self.tag + line)

    async def flush(self) -> bool:
        return await self.relay.flush()

    def _say(self, word: bytes) -> None:
        self.relay.send(word + b" %d\n" % self.gid)

    def close(self) -> None:
        if not self.ended:
            self._say(KICK)
            self.end()

    def wrong(self) -> None:
        """The relay closes this guest and slows its address."""
        if not self.ended:
            self._say(WRONG)
            self.end()

    def right(self) -> None:
        """The relay stops slowing this guest's address."""
        self._say(RIGHT)


class Guest:
    """One guest's connection, from its hello to its end: its id in the room, the
    sealed line, its name, its strikes; in the game, its ``seat`` (None: watching).
    ``key``: what its seat is proven by (derived on the connection it first came in
    on: a guest back in the waiting room keeps its first one).  ``started`` is set
    when the game begins (the waiting room ends); ``gone`` when the host sent it away,
    ``left`` when it said goodbye."""

    def __init__(self, gid: int, peer: Sealed, name: str, limits: Limits,
                 key: Optional[bytes] = None) -> None:
        self.gid = gid
        self.peer = peer
        self.name = name
        self.key = key if key is not None else peer.keys.seat_key
        self.seat: Optional[int] = None
        self.playing = False
        self.gone = False
        self.left = False
        #: its mailbox at the table, made when the game begins (or when it comes in later)
        self.watcher: Optional[Watcher] = None
        self.started = asyncio.Event()
        self.strikes = Bucket(limits.strike_leak, limits.strikes)
        #: it answered a line of ours with an error (logged once a connection)
        self.answered = False
        #: its hello's ``listening``: it plays by ear, at this many words a minute
        self.listening = 0


@dataclass(frozen=True)
class Away:
    """A seated guest of the waiting room whose connection dropped: who it was, and the
    key it comes back by (derived on that connection)."""

    gid: int
    name: str
    key: bytes


class RemoteSeat:
    """A seat a guest plays once the game has started."""

    def __init__(self, seat: int, name: str, key: Optional[bytes] = None) -> None:
        self.seat = seat
        self.name = name
        self.key: Optional[bytes] = key       # the seat key: its guest proves it to come back
        self.peer: Optional[Sealed] = None
        #: its guest plays by ear at this many words a minute (0: it does not): a race's
        #: clock waits for the race's words (scenes/table/race.py), told by its hello
        self.listening = 0


def refuse(peer: Peer | Sealed, reason: str, detail: str = "") -> None:
    """Turn a guest away: the last line it hears from the host says why."""
    peer.send(encode(Error(reason, detail, fatal=True)))


def strike(peer: Sealed, strikes: Bucket, reply: Error | Refused) -> bool:
    """Answer an offence; False (and the connection closed) when out of strikes."""
    if strikes.take():
        peer.send(encode(reply))
        return True
    log.warning("closing %s: out of strikes (%s)", peer.label,
                reply.reason if isinstance(reply, Error) else reply.reason.key)
    refuse(peer, ABUSE, "too many bad lines")
    peer.close()
    return False


def heard(guest: Guest, error: Error) -> None:
    """A guest's answer to a line of ours it could not take (a bug on one side or the
    other, never the guest's offence, so no strike): logged, the first of a connection
    as a warning, the rest quietly (a guest cannot fill the log); nothing else."""
    level = logging.DEBUG if guest.answered else logging.WARNING
    guest.answered = True
    log.log(level, "%s could not take a line of ours: %r (%r)", guest.peer.label,
            error.reason, error.detail)          # quoted: a guest's words start no line


def proven(peer: Sealed, hello: Hello, keys: dict[int, bytes]) -> Optional[int]:
    """Which of ``keys`` (a seat's, or a guest's in the waiting room) the hello's proof
    shows it holds, on this very connection (a proof is bound to it: never replayed);
    None if none."""
    if hello.seat is None or hello.proof is None:
        return None
    proven = None
    for which, key in keys.items():             # every key tried: the same work either way
        if hmac.compare_digest(seat_proof(key, peer.keys.binding), hello.proof):
            proven = which
    if proven is None:
        log.warning("%s claims seat %s without its key", peer.label, hello.seat)
    return proven
