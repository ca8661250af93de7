"""The host: the one machine that holds the game, and its doors for guests.

A :class:`Host` owns the only :class:`~game.session.Session`, made from a
:class:`~game.session.GameSetup` whose friends' seats are kind ``"remote"``.
The host's own table plays through :attr:`Host.client`, a
:class:`~game.session.LocalClient` of that session, exactly as in a local game
(it paces the computers; its ``close()`` closes the host).  The network runs in
its own thread (an asyncio loop, game/net/link.py) and meets the table only in
the session, under the session's lock: networking never blocks a frame.

Two doors, either or both:

* **direct** (``listen="0.0.0.0"``, or ``"127.0.0.1"`` in tests): the host
  listens on a port (the first free one of 64 from
  :data:`~game.net.codes.DIRECT_PORT`, unless told one) and its room code
  carries its LAN address, the port and a password (game/net/codes.py);
* **relay** (``relay=(host, port)``): the host connects out to a relay and gets
  a room (4 symbols), adds a password of its own, and shows the 12-symbol code;
  guests connect out to the relay too (game/net/relay.py).

The direct door lets in at most ``guard.connections`` connections at once (32,
fewer when the process is short of file descriptors) and ``guard.per_address``
(8) from one address (game/net/guard.py); it accepts them one at a time and
closes the rest as they come, so a stranger's flood of idle connections
neither takes the descriptors the game's own files need nor shuts out a friend
at another address, and each idle one goes after ``hello_timeout``.
``status().listening`` names the addresses the door can be reached at (every
interface's, unless ``listen`` names one).

For each guest: it must open with the same protocol and game versions and
prove, through SPAKE2, that it knows the code's password (game/net/secure.py:
one attempt per connection, each at its address's turn; a wrong one is counted
in ``status().wrong_codes``).  Directly, the host keeps the turns; through a
relay the relay does (it sees the addresses), and the host tells it ``!wrong``
or ``!right``.  Every line after that is sealed.  It gets a remote seat: its
own again if its hello proves that seat's key (derived on the connection that
first welcomed it, never sent), else the first seat nobody has had yet, else
``room_full``; then a ``welcome`` (the setup as that seat sees it, without the
seed; the names) and every update of that seat, already redacted by the
session, unchanged.  Its actions
go through :meth:`Session.submit <game.session.Session.submit>`, never around
it: a refusal goes back with its reason key.  Garbage, oversized lines, unknown
types, wrong fields and refused actions cost strikes (game/net/protocol.py);
out of strikes, the connection is closed and the game goes on.

When a guest drops (its connection ends, goes silent for 9 s, or is closed for
abuse), a computer stands in for its seat (``Session.stand_in``) until a guest
comes back with the same code and proves the seat's key: it gets the game as
it stands (one update, no events) and the computer leaves the seat.  Someone
else with the code never gets that seat.  When the host closes, every guest
gets ``bye`` first, and the relay hears ``!close``: the room ends at once.

When the host's own connection to the relay drops (the relay restarted, the
network blinked), the game goes on at the host's table with a computer in the
guest's seat, ``status().problem`` is ``relay_lost``, and the host connects
again with backoff (``Limits.reclaim_first``, 0.5 s, doubling up to
``reclaim_most``, 10 s) for as long as it is open, asking for its room back with
the room, the relay's ticket and a signature of the relay's challenge by the
room's owner key (game/net/relay.py).  Once back, the problem clears, the code
is the same, and the guest, who has been reconnecting meanwhile, rejoins with
its seat's proof.  Only a refusal that another try cannot change (the room
taken by another owner on a relay that restarted) ends the reconnecting; the
problem then stays.

For the screens: :meth:`Host.start` returns at once; :meth:`Host.status` is a
snapshot (state, the codes, a problem key, and per seat who plays it and
whether a computer keeps it warm), cheap enough to read every frame.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import socket
import threading
from dataclasses import dataclass, replace
from typing import Any, Callable, Coroutine, Optional, Sequence

from game.ai.base import ComputerPlayer
from game.engine import Reason
from game.net import codes
from game.net.guard import HOST_GUARD, Guard, GuardLimits, accept_guarded, open_listener
from game.net.interfaces import listening_on, listens_everywhere
from game.net.link import Link, LoopThread
from game.net.protocol import (ABUSE, BAD_FIELD, CLOSE, FLOOD, GAME_VERSION, GONE, HELLO_TIMEOUT,
                               HOST_QUIT, JOINED, KICK, LIMITS, MAX_GUEST_LINE, MAX_LINE, PROTOCOL,
                               RELAY_FULL, REPLACED, RIGHT, ROOM_FULL, SLOW_DOWN, TAG_BYTES,
                               TOO_LONG, UNEXPECTED, WRONG, WRONG_CODE, WRONG_VERSION, Bucket, Bye,
                               Challenge, Confirm, Error, Hello, Limits, Pake, Proof,
                               ProtocolError, RelayHello, Room, Seats, Welcome, decode, encode)
from game.net.secure import HOST, Guesses, Handshake, Malformed, RoomOwner, Sealed, seat_proof
from game.session import (COMPUTER, HUMAN, REMOTE, GameSetup, LocalClient, Refused, SeatSpec,
                          Session, Submit, Update)
from game.session.computers import DEFAULT_BUDGET

log = logging.getLogger(__name__)

# Host states, for the screen.
STARTING, WAITING, PLAYING, FAILED, CLOSED = "starting", "waiting", "playing", "failed", "closed"
# Host problems (status().problem), for the screen to word as "net.<key>".
PORT_IN_USE = "port_in_use"
NOT_LAN = "not_lan"                      # the address to announce is not a LAN address
RELAY_UNREACHABLE = "relay_unreachable"
RELAY_LOST = "relay_lost"                # for now: the host is reconnecting to the relay


def lan_address() -> str:
    """This machine's address on its local network, found without sending anything:
    a UDP socket "connected" to a documentation address (TEST-NET-1) only picks the
    route.  127.0.0.1 if there is none.  Never used by the tests."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))
            return str(probe.getsockname()[0])
    except OSError:
        return "127.0.0.1"


@dataclass(frozen=True)
class SeatStatus:
    """Who plays a seat, for its plate: ``kind`` as in the setup, the player's
    ``name``, whether a remote player is ``present``, and whether a computer
    keeps the seat warm meanwhile (``stand_in``: "Computer playing for Anna")."""

    seat: int
    kind: str
    name: str
    present: bool
    stand_in: bool


@dataclass(frozen=True)
class HostStatus:
    state: str                            # STARTING, WAITING, PLAYING, FAILED, CLOSED
    direct_code: Optional[str]
    relay_code: Optional[str]
    problem: Optional[str]                # a key: PORT_IN_USE, RELAY_UNREACHABLE ...
    seats: tuple[SeatStatus, ...]
    port: Optional[int] = None
    #: where the direct door can be reached ("eth0 192.168.1.20", ...; game/net/interfaces.py)
    listening: tuple[str, ...] = ()
    wrong_codes: int = 0                  # connections that tried a wrong code


class _RemoteSeat:
    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name
        self.key: Optional[bytes] = None      # the seat key, once a guest has had the seat
        self.peer: Optional[Sealed] = None
        self.joined = False


class HostClient(LocalClient):
    """The host table's client: a LocalClient of the host's session whose ``close``
    closes the host (guests are told)."""

    def __init__(self, host: "Host", seat: Optional[int]) -> None:
        super().__init__(host.session, seat, owner=False)
        self.host = host

    def close(self) -> None:
        super().close()
        self.host.close()


class _Peer:
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

    def send(self, line: bytes) -> None:
        raise NotImplementedError

    async def flush(self) -> bool:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError


class _DirectPeer(_Peer):
    direct = True

    def __init__(self, link: Link) -> None:
        self.link = link
        self.label = link.peer
        name = link.writer.get_extra_info("peername")
        self.ip = str(name[0]) if name else None

    async def recv(self, timeout: Optional[float] = None) -> Optional[bytes]:
        return await self.link.recv(timeout)

    def send(self, line: bytes) -> None:
        self.link.send(line)

    async def flush(self) -> bool:
        return await self.link.flush()

    def close(self) -> None:
        self.link.close()


class _RelayPeer(_Peer):
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


class _RelayRefused(Exception):
    """No room from the relay: ``reason`` a problem key; ``again``: worth another try."""

    def __init__(self, reason: str, again: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.again = again


class Host:
    """A game hosted for remote players: see the module docstring.

    ``setup``: at least one seat of kind ``"remote"``; the first ``"human"`` seat
    is the host's (None: the host only watches).  ``listen``: the address to
    listen on for direct play (None: no direct door); ``port``: None for the first
    free of the 64 usual ports, 0 for any.  ``advertise``: the address the direct
    code names (default: ``listen``, or this machine's LAN address when listening
    on 0.0.0.0).  ``relay``: (host, port) of a relay.  ``stand_in``: the level of
    the computer that keeps a dropped guest's seat warm.  ``paced``, ``players``,
    ``budget``: as for :class:`~game.session.Session`.
    """

    def __init__(self, setup: GameSetup, *, name: str = "", listen: Optional[str] = None,
                 port: Optional[int] = None, advertise: Optional[str] = None,
                 relay: Optional[tuple[str, int]] = None, stand_in: str = "normal",
                 paced: bool = True, limits: Limits = LIMITS,
                 players: Optional[Sequence[Optional[ComputerPlayer]]] = None,
                 budget: float = DEFAULT_BUDGET, guard: GuardLimits = HOST_GUARD) -> None:
        remote = [s for s, spec in enumerate(setup.seats) if spec.kind == REMOTE]
        if not remote:
            raise ValueError("a hosted game needs a remote seat")
        if listen is None and relay is None:
            raise ValueError("a host listens, or uses a relay, or both")
        self.session = Session(setup, players, paced, budget)
        self.setup = self.session.setup
        humans = setup.humans()
        self.seat: Optional[int] = humans[0] if humans else None
        self.client = HostClient(self, self.seat)
        self.listen, self.port, self.advertise, self.relay = listen, port, advertise, relay
        self.level = stand_in
        self.limits = limits
        self.guard = Guard(guard)
        self.names = [spec.name for spec in setup.seats]
        if self.seat is not None:
            self.names[self.seat] = name or self.names[self.seat]
        self._remote = {s: _RemoteSeat(s, self.names[s]) for s in remote}
        self._direct: Optional[codes.DirectCode] = None
        self._relay_code: Optional[codes.RelayCode] = None
        self._guesses = Guesses(limits.guess_first, limits.guess_most)
        self._owner = RoomOwner()
        self._lock = threading.Lock()
        self._status = HostStatus(STARTING, None, None, None, ())
        self._status = self._snapshot(STARTING)
        self._ready = threading.Event()
        self._net = LoopThread("netplay-host")
        self._closing = False
        self._relay_link: Optional[Link] = None
        self._tasks: set[asyncio.Task[None]] = set()

    # -- the screen's side (any thread) -------------------------------------------------
    def start(self) -> "Host":
        """Open the doors in the network thread; returns at once (see :meth:`status`)."""
        self._net.start(self._main)
        return self

    def wait_ready(self, timeout: float = 5.0) -> bool:
        """Block until the doors are open or have failed (command line, tests); whether
        at least one code is ready."""
        self._ready.wait(timeout)
        status = self.status()
        return status.direct_code is not None or status.relay_code is not None

    def status(self) -> HostStatus:
        with self._lock:
            return self._status

    @property
    def wrong_codes(self) -> int:
        """Connections that tried a wrong code (the waiting screen says how many)."""
        return self.status().wrong_codes

    def close(self) -> None:
        """Tell every guest goodbye, close the doors and the session.  Idempotent."""
        with self._lock:
            if self._closing:
                return
            self._closing = True
        self._net.stop(3.0)
        self.session.close()
        self._update(CLOSED)

    # -- status -------------------------------------------------------------------------
    def _snapshot(self, state: Optional[str] = None, **changes: Any) -> HostStatus:
        old = self._status
        state = state or old.state
        if state in (WAITING, PLAYING):
            state = PLAYING if all(r.joined for r in self._remote.values()) else WAITING
        seats = tuple(SeatStatus(s, spec.kind, self.names[s],
                                 s in self._remote and self._remote[s].peer is not None,
                                 self.session.standing_in(s))
                      for s, spec in enumerate(self.setup.seats))
        return replace(old, state=state, seats=seats, **changes)

    def _update(self, state: Optional[str] = None, **changes: Any) -> None:
        with self._lock:
            self._status = self._snapshot(state, **changes)

    # -- the network thread -----------------------------------------------------------------
    async def _main(self) -> None:
        """Open the doors, then serve until :meth:`close` cancels this (its ``finally``
        still says goodbye to every guest)."""
        try:
            if self.listen is not None:
                await self._open_direct()
            if self.relay is not None:
                self._spawn(self._relay_door())
            else:
                self._opened()
            await asyncio.Event().wait()
        finally:
            await self._shutdown()

    def _opened(self) -> None:
        status = self.status()
        ok = status.direct_code is not None or status.relay_code is not None
        self._update(WAITING if ok else FAILED)
        self._ready.set()

    def _spawn(self, coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _open_direct(self) -> None:
        assert self.listen is not None
        ports: Sequence[int] = [self.port] if self.port is not None else \
            range(codes.DIRECT_PORT, codes.DIRECT_PORT + codes.NEAR_PORTS)
        for port in ports:
            try:
                listener = open_listener(self.listen, port)
                break
            except OSError:
                continue
        else:
            self._update(problem=PORT_IN_USE)
            return
        port = listener.getsockname()[1]
        self._spawn(accept_guarded(listener, self.guard, self._on_direct))
        self._update(listening=listening_on(self.listen, lan_address))
        address = self.advertise or (lan_address() if listens_everywhere(self.listen)
                                     else self.listen)
        try:
            self._direct = codes.new_direct_code(address, port)
        except ValueError:
            log.error("cannot put %s in a room code: not a LAN address", address)
            self._update(problem=NOT_LAN, port=port)
            return
        log.info("hosting %s directly on %s:%d", self.setup.key, address, port)
        self._update(direct_code=self._direct.text, port=port)

    async def _on_direct(self, reader: asyncio.StreamReader,
                         writer: asyncio.StreamWriter) -> None:
        pace = Bucket(self.limits.lines_per_s, self.limits.line_burst)
        link = Link(reader, writer, self.limits, MAX_GUEST_LINE, pace)
        link.start_heartbeat()
        try:
            await self._serve(_DirectPeer(link))
        finally:
            link.close()

    async def _relay_door(self) -> None:
        """Open a room on the relay; while the host is open, get it back with its key
        whenever the connection drops (see the module docstring)."""
        try:
            link, room = await self._relay_room(None)
        except _RelayRefused as exc:
            self._update(problem=exc.reason)
            self._opened()
            return
        self._relay_code = codes.new_relay_code(room.code)
        self._update(relay_code=self._relay_code.text)
        self._opened()
        while link is not None:
            self._relay_link = link
            link.start_heartbeat()
            await self._relay_lines(link)
            self._relay_link = None
            if self._closing:
                return
            log.warning("lost the relay")
            self._update(problem=RELAY_LOST)
            link = await self._reclaim(room)

    async def _reclaim(self, room: Room) -> Optional[Link]:
        """A connection to the relay that has given ``room`` back, after tries spaced
        from ``reclaim_first`` doubling to ``reclaim_most``; None if the relay never
        will (the problem stays)."""
        wait = self.limits.reclaim_first
        while True:
            await asyncio.sleep(wait)
            wait = min(2 * wait, self.limits.reclaim_most)
            try:
                link, _ = await self._relay_room(room)
            except _RelayRefused as exc:
                if exc.again:
                    continue
                log.error("the relay will not give room %s back: %s", room.code, exc.reason)
                return None
            if self._closing:                       # quit meanwhile: end the room
                link.send(CLOSE + b"\n")
                link.close()
                return None
            log.info("back on the relay with room %s", room.code)
            with self._lock:
                problem = self._status.problem
                self._status = self._snapshot(problem=None if problem == RELAY_LOST else problem)
            return link

    async def _relay_room(self, room: Optional[Room]) -> tuple[Link, Room]:
        """A connection to the relay and the room it gives: a new one, or ``room`` back
        (its code and ticket, and the owner key's answer to the relay's challenge);
        :class:`_RelayRefused` if not."""
        assert self.relay is not None
        owner = self._owner.public
        hello = RelayHello("host", owner=owner) if room is None else \
            RelayHello("host", code=room.code, key=room.key, owner=owner)
        try:
            link = await Link.open(self.relay[0], self.relay[1], self.limits,
                                   MAX_LINE + TAG_BYTES)
        except (OSError, asyncio.TimeoutError) as exc:
            log.warning("relay %s:%d: %s", *self.relay, exc)
            raise _RelayRefused(RELAY_UNREACHABLE, again=True) from None
        try:
            link.send_msg(hello)
            line = await link.recv(self.limits.connect_timeout)
            reply = decode(line or b"", (Room, Challenge, Error))
            if isinstance(reply, Challenge) and room is not None:
                link.send_msg(Proof(self._owner.sign(room.code, reply.nonce)))
                line = await link.recv(self.limits.connect_timeout)
                reply = decode(line or b"", (Room, Error))
            if isinstance(reply, Error):
                raise _RelayRefused(reply.reason, again=reply.reason == RELAY_FULL)
            if not isinstance(reply, Room):
                raise ProtocolError(WRONG_VERSION, "a challenge for a new room")
            if room is not None and reply.code != room.code:
                raise _RelayRefused(RELAY_LOST, again=False)
        except (asyncio.TimeoutError, ProtocolError) as exc:
            log.warning("relay %s:%d: %s", *self.relay, exc)
            link.close()
            raise _RelayRefused(RELAY_UNREACHABLE, again=True) from None
        except BaseException:
            link.close()
            raise
        return link, reply

    async def _relay_lines(self, link: Link) -> None:
        """Hand the relay's lines to the guests behind it, each by its guest id."""
        peers: dict[int, _RelayPeer] = {}
        try:
            while True:
                try:
                    line = await link.recv()
                except ProtocolError:
                    continue                # a line over the limit: no guest's to feed
                if line is None:
                    break
                word, _, arg = line.partition(b" ")
                gid = int(arg) if arg.isdigit() and len(arg) < TAG_BYTES else None
                if word == JOINED and gid is not None:
                    if gid in peers:
                        peers[gid].end()
                    peers[gid] = _RelayPeer(link, gid, self.limits)
                    self._spawn(self._serve(peers[gid]))
                elif word == GONE and gid is not None:
                    peer = peers.pop(gid, None)
                    if peer is not None:
                        peer.end()
                elif line[:1] != b"!" and word.isdigit() and int(word) in peers:
                    peers[int(word)].feed(arg)
        finally:
            for peer in peers.values():
                peer.end()

    # -- one guest ---------------------------------------------------------------------
    async def _serve(self, peer: _Peer) -> None:
        try:
            sealed = await self._handshake(peer)
            if sealed is None:
                return
            hello = await self._hello(sealed)
            if hello is None:
                return
            seat = self._admit(sealed, hello)
            if seat is None:
                return
            await self._play(sealed, seat)
        finally:
            peer.close()

    def _refuse(self, peer: _Peer | Sealed, reason: str, detail: str = "") -> None:
        peer.send(encode(Error(reason, detail, fatal=True)))

    async def _first(self, peer: _Peer | Sealed, expect: tuple[type, ...],
                     timeout: float) -> Optional[Any]:
        """The next message, one of ``expect``; None (refused with the reason) if it
        does not come in time or is something else."""
        try:
            line = await peer.recv(timeout)
            if line is None:
                return None
            return decode(line, expect)
        except asyncio.TimeoutError:
            self._refuse(peer, HELLO_TIMEOUT, f"nothing within {timeout} s")
        except ProtocolError as exc:
            self._refuse(peer, exc.reason, exc.detail)
        return None

    async def _handshake(self, peer: _Peer) -> Optional[Sealed]:
        """SPAKE2 with the code's password: the sealed connection, or None (refused;
        a wrong code counted, and slowed for its address)."""
        pake = await self._first(peer, (Pake,), self.limits.hello_timeout)
        if pake is None:
            return None
        if pake.protocol != PROTOCOL or pake.game != GAME_VERSION:
            self._refuse(peer, WRONG_VERSION,
                         f"the host runs protocol {PROTOCOL}, Tavolata {GAME_VERSION}")
            return None
        if peer.ip is not None and not await self._turn(peer, peer.ip):
            return None
        code = self._direct if peer.direct else self._relay_code
        if code is None:                   # a relay guest before the code is made
            return None
        handshake = Handshake(code.secret, HOST)
        try:
            keys = handshake.finish(pake.msg)
        except Malformed as exc:
            self._refuse(peer, BAD_FIELD, str(exc))
            return None
        peer.send(encode(Pake(handshake.message, keys.mine)))
        confirm = await self._first(peer, (Confirm,), self.limits.hello_timeout)
        if confirm is None:
            return None
        if not keys.confirms(confirm.confirm):
            self._guesses.failed(peer.ip)
            log.warning("a wrong code from %s (%d so far)", peer.label, self._guesses.total)
            self._update(wrong_codes=self._guesses.total)
            self._refuse(peer, WRONG_CODE, "the code's password is not this room's")
            peer.wrong()
            return None
        self._guesses.succeeded(peer.ip)
        peer.right()
        return Sealed(peer, keys)

    async def _turn(self, peer: _Peer, ip: str) -> bool:
        """Wait for this address's turn to try a code (secure.Guesses), hearing the
        heartbeats meanwhile; False (refused, or gone) if it does not get one."""
        wait = self._guesses.wait(ip, within=2 * self.limits.guess_most)
        if wait is None:
            self._refuse(peer, SLOW_DOWN, f"wrong codes from {ip}: wait")
            return False
        if wait <= 0:
            return True
        try:
            early = await peer.recv(wait)
        except asyncio.TimeoutError:
            return True
        except ProtocolError as exc:
            self._refuse(peer, exc.reason, exc.detail)
            return False
        if early is not None:
            self._refuse(peer, UNEXPECTED, "a line before the host's answer")
        return False

    async def _hello(self, peer: Sealed) -> Optional[Hello]:
        hello = await self._first(peer, (Hello,), self.limits.hello_timeout)
        return hello if isinstance(hello, Hello) else None

    def _admit(self, peer: Sealed, hello: Hello) -> Optional[int]:
        """The seat for this guest, or None (refused, with the reason sent): its own
        seat back if it proves that seat's key on this connection, else a seat nobody
        has had."""
        keys = peer.keys
        seat = None
        if hello.seat is not None and hello.proof is not None:
            remote = self._remote.get(hello.seat)
            if remote is not None and remote.key is not None and hmac.compare_digest(
                    seat_proof(remote.key, keys.binding), hello.proof):
                seat = remote
            else:
                log.warning("%s claims seat %s without its key", peer.label, hello.seat)
        seat = seat or next((r for r in self._remote.values() if r.key is None), None)
        if seat is None:
            self._refuse(peer, ROOM_FULL)
            return None
        if seat.peer is not None:
            seat.peer.send(encode(Error(REPLACED, "the same player connected again", True)))
            seat.peer.close()
        seat.peer = peer
        seat.joined = True
        seat.key = seat.key or keys.seat_key
        if hello.name:
            seat.name = self.names[seat.seat] = hello.name
        log.info("seat %d: %s joins from %s", seat.seat, seat.name or "a guest", peer.label)
        return seat.seat

    def setup_for(self, seat: int) -> GameSetup:
        """The game as ``seat``'s player sees it: their seat ``human``, every other
        person ``remote``, the names; and no seed (it would tell every card)."""
        seats = tuple(SeatSpec(HUMAN if s == seat else COMPUTER if spec.kind == COMPUTER
                               else REMOTE, spec.level, self.names[s])
                      for s, spec in enumerate(self.setup.seats))
        return GameSetup(self.setup.key, seats, self.setup.options, None)

    def _seats_msg(self) -> Seats:
        away = tuple(s for s in self._remote if self.session.standing_in(s))
        return Seats(tuple(self.names), away)

    def _tell_seats(self) -> None:
        line = encode(self._seats_msg())
        for remote in self._remote.values():
            if remote.peer is not None:
                remote.peer.send(line)

    async def _play(self, peer: Sealed, seat: int) -> None:
        loop = asyncio.get_running_loop()
        wake = asyncio.Event()

        def notify() -> None:          # called by whichever thread applied an action
            try:
                loop.call_soon_threadsafe(wake.set)
            except RuntimeError:       # the loop is closing
                pass

        self.session.return_seat(seat)
        watcher = self.session.watch(seat, notify)
        peer.send(encode(Welcome(seat, self.setup_for(seat), tuple(self.names))))
        self._update()
        self._tell_seats()
        forward = loop.create_task(self._forward(peer, watcher.drain, wake))
        try:
            await self._actions(peer, seat)
        finally:
            forward.cancel()
            watcher.close()
            remote = self._remote[seat]
            if remote.peer is peer:
                remote.peer = None
                if not self._closing:
                    log.info("seat %d: %s left; a computer stands in", seat, remote.name)
                    self.session.stand_in(seat, self.level)
                    self._tell_seats()
                self._update()

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

    async def _actions(self, peer: Sealed, seat: int) -> None:
        strikes = Bucket(self.limits.strike_leak, self.limits.strikes)
        while True:
            try:
                line = await peer.recv()
                if line is None:
                    return
                msg = decode(line, (Submit, Bye))
            except ProtocolError as exc:
                if not self._strike(peer, strikes, Error(exc.reason, exc.detail)):
                    return
                continue
            if isinstance(msg, Bye):
                return
            assert isinstance(msg, Submit)
            if msg.seat != seat:
                refused: Optional[Refused] = Refused(msg.seat, str(msg.action),
                                                     Reason("engine.not_your_seat"),
                                                     self.session.version, msg.probe)
            else:
                refused = self.session.submit(seat, msg.action, msg.version, msg.probe)
            if refused is None:
                continue
            if refused.probe or refused.reason.key == "engine.moved_on":
                peer.send(encode(refused))       # a race lost, a question: no offence
            elif not self._strike(peer, strikes, refused):
                return

    def _strike(self, peer: Sealed, strikes: Bucket, reply: Error | Refused) -> bool:
        """Answer an offence; False (and the connection closed) when out of strikes."""
        if strikes.take():
            peer.send(encode(reply))
            return True
        log.warning("closing %s: out of strikes (%s)", peer.label,
                    reply.reason if isinstance(reply, Error) else reply.reason.key)
        self._refuse(peer, ABUSE, "too many bad lines")
        peer.close()
        return False

    async def _shutdown(self) -> None:
        bye = encode(Bye(HOST_QUIT))
        peers = [r.peer for r in self._remote.values() if r.peer is not None]
        for peer in peers:
            peer.send(bye)
        await asyncio.gather(*(p.flush() for p in peers), return_exceptions=True)
        for peer in peers:
            peer.close()
        if self._relay_link is not None:
            self._relay_link.send(CLOSE + b"\n")        # the room ends now, not held
            await self._relay_link.flush()
            self._relay_link.close()
        for task in list(self._tasks):
            task.cancel()
