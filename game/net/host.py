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
  carries its LAN address, the port and a secret (game/net/codes.py);
* **relay** (``relay=(host, port)``): the host connects out to a relay and gets
  a 6-symbol code; guests connect out to the relay too (game/net/relay.py).

The direct door lets in at most ``guard.connections`` connections at once (32,
fewer when the process is short of file descriptors) and ``guard.per_address``
(8) from one address (game/net/guard.py); it accepts them one at a time and
closes the rest as they come, so a stranger's flood of idle connections
neither takes the descriptors the game's own files need nor shuts out a friend
at another address, and each idle one goes after ``hello_timeout``.  ``status().listening`` names the addresses the
door can be reached at (every interface's, unless ``listen`` names one).

For each guest: it must say hello in time, with the same protocol and game
versions and (direct) the secret; it gets a remote seat (the one its ``token``
names if it had one, else the first seat with no player), a ``welcome`` (the
setup as that seat sees it, without the seed; the names; its token), then every
update of that seat, already redacted by the session, unchanged.  Its actions
go through :meth:`Session.submit <game.session.Session.submit>`, never around
it: a refusal goes back with its reason key.  Garbage, oversized lines, unknown
types, wrong fields and refused actions cost strikes (game/net/protocol.py);
out of strikes, the connection is closed and the game goes on.

When a guest drops (its connection ends, goes silent for 9 s, or is closed for
abuse), a computer stands in for its seat (``Session.stand_in``) until a guest
comes back with the same code: it gets the game as it stands (one update, no
events) and the computer leaves the seat.  When the host closes, every guest
gets ``bye`` first, and the relay hears ``!close``: the room ends at once.

When the host's own connection to the relay drops (the relay restarted, the
network blinked), the game goes on at the host's table with a computer in the
guest's seat, ``status().problem`` is ``relay_lost``, and the host connects
again with backoff (``Limits.reclaim_first``, 0.5 s, doubling up to
``reclaim_most``, 10 s) for as long as it is open, asking for its room back with
the code and the key the relay gave it (game/net/relay.py).  Once back, the
problem clears, the code is the same, and the guest, who has been reconnecting
meanwhile, rejoins with its seat's token.  Only a refusal that another try
cannot change (the code taken by someone else's room on a relay that
restarted) ends the reconnecting; the problem then stays.

For the screens: :meth:`Host.start` returns at once; :meth:`Host.status` is a
snapshot (state, the codes, a problem key, and per seat who plays it and
whether a computer keeps it warm), cheap enough to read every frame.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
import secrets
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
from game.net.protocol import (ABUSE, CLOSE, GAME_VERSION, GONE, HELLO_TIMEOUT, HOST_QUIT,
                               JOINED, KICK, LIMITS, MAX_GUEST_LINE, MAX_LINE, NO_SUCH_ROOM,
                               PROTOCOL, RELAY_FULL, REPLACED, ROOM_FULL, TOO_LONG,
                               WRONG_VERSION, Bucket, Bye, Error, FLOOD, Hello, Limits,
                               ProtocolError, RelayHello, Room, Seats, Welcome, decode, encode)
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
LOCKED = "locked"                        # too many wrong secrets: only tokens get in now


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


class _RemoteSeat:
    def __init__(self, seat: int, name: str) -> None:
        self.seat = seat
        self.name = name
        self.token: Optional[str] = None
        self.peer: Optional["_Peer"] = None
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

    async def recv(self, timeout: Optional[float] = None) -> Optional[bytes]:
        return await self.link.recv(timeout)

    def send(self, line: bytes) -> None:
        self.link.send(line)

    async def flush(self) -> bool:
        return await self.link.flush()

    def close(self) -> None:
        self.link.close()


class _RelayPeer(_Peer):
    """A guest behind the relay: its lines come from the relay link's reader; closing
    it asks the relay to drop the guest (``!kick``).  The relay watches its silence."""

    direct = False
    label = "relay guest"

    def __init__(self, relay: Link, limits: Limits) -> None:
        self.relay = relay
        self.pace = Bucket(limits.lines_per_s, limits.line_burst)
        self.queue: asyncio.Queue[Optional[bytes]] = asyncio.Queue()
        self.ended = False

    def feed(self, line: Optional[bytes]) -> None:
        """A line from the guest (None: one that was too long)."""
        if not self.ended:
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
            self.relay.send(line)

    async def flush(self) -> bool:
        return await self.relay.flush()

    def close(self) -> None:
        if not self.ended:
            self.relay.send(KICK + b"\n")
            self.end()


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
        self._secret: Optional[int] = None
        self._wrong_secrets = 0
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
        self._secret = codes.new_secret(port)
        try:
            code = codes.direct_code(address, port, self._secret)
        except ValueError:
            log.error("cannot put %s in a room code: not a LAN address", address)
            self._update(problem=NOT_LAN, port=port)
            return
        log.info("hosting %s directly on %s:%d", self.setup.key, address, port)
        self._update(direct_code=code, port=port)

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
        self._update(relay_code=room.code)
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
        if room.key is None:                        # a relay that cannot give rooms back
            return None
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
        (its code and key); :class:`_RelayRefused` if not."""
        assert self.relay is not None
        hello = RelayHello("host") if room is None else RelayHello("host", code=room.code,
                                                                   key=room.key)
        try:
            link = await Link.open(self.relay[0], self.relay[1], self.limits, MAX_LINE)
        except (OSError, asyncio.TimeoutError) as exc:
            log.warning("relay %s:%d: %s", *self.relay, exc)
            raise _RelayRefused(RELAY_UNREACHABLE, again=True) from None
        try:
            link.send_msg(hello)
            line = await link.recv(self.limits.connect_timeout)
            reply = decode(line or b"", (Room, Error))
            if isinstance(reply, Error):
                raise _RelayRefused(reply.reason, again=reply.reason == RELAY_FULL)
            assert isinstance(reply, Room)
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
        """Hand the relay's lines to the guest behind it, one guest after another."""
        peer: Optional[_RelayPeer] = None
        try:
            while True:
                try:
                    line = await link.recv()
                except ProtocolError:
                    if peer is not None:
                        peer.feed(None)
                    continue
                if line is None:
                    break
                if line == JOINED:
                    if peer is not None:
                        peer.end()
                    peer = _RelayPeer(link, self.limits)
                    self._spawn(self._serve(peer))
                elif line == GONE:
                    if peer is not None:
                        peer.end()
                    peer = None
                elif line[:1] != b"!" and peer is not None:
                    peer.feed(line)
        finally:
            if peer is not None:
                peer.end()

    # -- one guest ---------------------------------------------------------------------
    async def _serve(self, peer: _Peer) -> None:
        try:
            hello = await self._hello(peer)
            if hello is None:
                return
            seat = await self._admit(peer, hello)
            if seat is None:
                return
            await self._play(peer, seat)
        finally:
            peer.close()

    def _refuse(self, peer: _Peer, reason: str, detail: str = "") -> None:
        peer.send(encode(Error(reason, detail, fatal=True)))

    async def _hello(self, peer: _Peer) -> Optional[Hello]:
        try:
            line = await peer.recv(self.limits.hello_timeout)
        except asyncio.TimeoutError:
            self._refuse(peer, HELLO_TIMEOUT, f"no hello within {self.limits.hello_timeout} s")
            return None
        except ProtocolError as exc:
            self._refuse(peer, exc.reason, exc.detail)
            return None
        if line is None:
            return None
        try:
            hello = decode(line, (Hello,))
        except ProtocolError as exc:
            self._refuse(peer, exc.reason, exc.detail)
            return None
        assert isinstance(hello, Hello)
        if hello.protocol != PROTOCOL or hello.game != GAME_VERSION:
            self._refuse(peer, WRONG_VERSION,
                         f"the host runs protocol {PROTOCOL}, Tavolata {GAME_VERSION}")
            return None
        return hello

    async def _admit(self, peer: _Peer, hello: Hello) -> Optional[int]:
        """The seat for this guest, or None (refused, with the reason sent)."""
        by_token = next((r for r in self._remote.values() if r.token is not None
                         and hello.token is not None and hmac.compare_digest(r.token, hello.token)),
                        None)
        if by_token is None and peer.direct and not await self._secret_ok(hello.secret):
            self._refuse(peer, NO_SUCH_ROOM, "wrong code")
            return None
        seat = by_token or next((r for r in self._remote.values() if r.peer is None), None)
        if seat is None:
            self._refuse(peer, ROOM_FULL)
            return None
        if seat.peer is not None:
            seat.peer.send(encode(Error(REPLACED, "the same player connected again", True)))
            seat.peer.close()
        seat.peer = peer
        seat.joined = True
        seat.token = seat.token or secrets.token_hex(16)
        if hello.name:
            seat.name = self.names[seat.seat] = hello.name
        log.info("seat %d: %s joins from %s", seat.seat, seat.name or "a guest", peer.label)
        return seat.seat

    async def _secret_ok(self, secret: Optional[int]) -> bool:
        if self._wrong_secrets < self.limits.bad_secret_lockout and secret == self._secret:
            return True
        self._wrong_secrets += 1
        if self._wrong_secrets >= self.limits.bad_secret_lockout:
            self._update(problem=LOCKED)
        await asyncio.sleep(self.limits.bad_secret_delay)
        return False

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

    async def _play(self, peer: _Peer, seat: int) -> None:
        loop = asyncio.get_running_loop()
        wake = asyncio.Event()

        def notify() -> None:          # called by whichever thread applied an action
            try:
                loop.call_soon_threadsafe(wake.set)
            except RuntimeError:       # the loop is closing
                pass

        self.session.return_seat(seat)
        watcher = self.session.watch(seat, notify)
        token = self._remote[seat].token
        assert token is not None
        peer.send(encode(Welcome(seat, self.setup_for(seat), tuple(self.names), token)))
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

    async def _forward(self, peer: _Peer, drain: Callable[[], list[Update]],
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

    async def _actions(self, peer: _Peer, seat: int) -> None:
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

    def _strike(self, peer: _Peer, strikes: Bucket, reply: Error | Refused) -> bool:
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
