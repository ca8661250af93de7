"""Defences against one client that would deny everyone else service, shared by the
host's direct door (host.py) and the relay (relay.py).

What one client could do without them, measured on loopback before they were
here: open all 10,000 relay rooms in 5 s by connecting and dropping (every real
host then got ``relay_full``); exhaust the host's file descriptors with 1,500
idle connections (876 accept tracebacks, and the game's own file opens failed);
park 64 KB of half line on each of any number of relay connections.  So:

* :class:`AddressCounts` counts what each address holds (connections; rooms at
  the relay, held rooms too) and refuses one more past ``per_address`` or past
  a total.  An address is an IPv4 address, or an IPv6 address's /64 (one home
  gets a /64, so its addresses are one client);
* the total of connections is capped below the file descriptors the process
  may still open (:func:`fd_headroom`), keeping :data:`FD_RESERVE` of them for
  the game's own files (settings, logs, fonts).  A host accepts with
  :func:`accept_guarded`, one connection at a time, each admitted or closed at
  once before the next is taken, so a flood never holds more descriptors than
  the cap and one.  asyncio's own servers (the relay's) accept a whole backlog
  in one turn of the loop and refuse later: the relay keeps its backlog
  (``burst``) free of connections too;
* a flood may slow a friend, never keep them out: a connection over a cap
  (:meth:`Guard.admit`, given the connection as a :class:`Holder`) takes the
  place of the oldest connection that has not proved anything yet (a host's
  guest before the right code, a relay's before it holds a room or its host
  said its guest's code was right), from its own address when that address is
  at its cap, else from the address holding the most such connections, if that
  one holds at least two more than the newcomer's: shares even out across
  addresses, and twenty addresses that fill a host's 32 connections (or a relay
  short of descriptors) cannot keep a friend at a twenty-first out, nor take the
  place of a friend who is in (an attacker with more addresses than the door
  has connections still can: one each, none to spare).  A connection waiting in
  a line of attempts at a code (:meth:`Guard.in_line`) counts toward the total
  only, and no newcomer of its own address takes its place: a stranger's queued
  attempts neither keep a friend at its address from connecting nor are pushed
  out by the newcomers it keeps sending;
* :class:`ByteBudget`: the bytes held for all connections together (unfinished
  lines, and what waits to be sent to a peer that does not read) never pass
  ``buffered``; a connection whose bytes would pass it is dropped;
* :class:`HalfLine`: a line begun must end within ``half_line`` seconds (a
  trickle of bytes keeps a connection alive, not a line open forever); the idle
  and hello timeouts are :class:`~game.net.protocol.Limits`' as before;
* when accept() fails for want of descriptors (EMFILE, ENFILE) or memory, the
  listener stops accepting for a second (:data:`ACCEPT_PAUSE`) and tries again,
  saying so in one log line now and then, never a traceback per failed accept
  (:func:`accept_guarded`; for asyncio's servers, :func:`calm_accept_errors`).

Numbers (choices no rule text makes): the relay lets one address hold 64
connections and 16 rooms (a household behind one router hosting a few games,
with room for reconnections), 64 MB of buffered bytes in all, and 20 s for a
line to end; a host, which has at most three friends, lets in 32 connections in
all and 8 from one address.  A host uses the connection caps only: its guests'
lines are at most 4 KB and a stranger must say hello within ``hello_timeout``
however slowly it sends, so 32 connections hold a few MB at most (``buffered``
and ``half_line`` are the relay's).  The tests shrink them (``QUICK_*``).
"""

from __future__ import annotations

import asyncio
import errno
import ipaddress
import logging
import os
import socket
import struct
import time
from collections import Counter
from dataclasses import dataclass
from typing import Any, Awaitable, Callable, Optional, Protocol

try:
    import resource
except ImportError:                  # not on Windows: no descriptor limit to read there
    resource = None  # type: ignore[assignment]

log = logging.getLogger(__name__)

#: file descriptors never given to connections: the game's own files need them
FD_RESERVE = 64
#: a host's listen backlog (connections the system queues before they are accepted)
HOST_BACKLOG = 100
#: seconds a listener waits after an accept failed for want of descriptors
ACCEPT_PAUSE = 1.0
#: a relay's listen backlog, at most (a quarter of the descriptors left, at least 16)
RELAY_BACKLOG = 4096
#: seconds between two log lines about failed accepts
ACCEPT_LOG_EVERY = 10.0
_ACCEPT_ERRNOS = (errno.EMFILE, errno.ENFILE, errno.ENOBUFS, errno.ENOMEM)


@dataclass(frozen=True)
class GuardLimits:
    """How much of a listener one address, and everyone together, may hold."""

    connections: int            # at once, in all (and never past fd_headroom())
    per_address: int            # at once, from one address
    rooms_per_address: int      # relay: rooms one address holds (held ones count)
    buffered: int               # bytes held for all connections together
    half_line: float            # seconds a line begun may take to end


RELAY_GUARD = GuardLimits(connections=30_000, per_address=64, rooms_per_address=16,
                          buffered=64 << 20, half_line=20.0)
HOST_GUARD = GuardLimits(connections=32, per_address=8, rooms_per_address=0,
                         buffered=4 << 20, half_line=20.0)
#: the tests': faults show within a second
QUICK_RELAY_GUARD = GuardLimits(connections=30_000, per_address=64, rooms_per_address=16,
                                buffered=64 << 20, half_line=1.0)


def address_key(ip: str) -> str:
    """The client an address stands for: itself (IPv4), or its /64 (IPv6)."""
    try:
        addr = ipaddress.ip_address(ip.split("%", 1)[0])
    except ValueError:
        return ip
    if isinstance(addr, ipaddress.IPv6Address):
        if addr.ipv4_mapped is not None:
            return str(addr.ipv4_mapped)
        return str(ipaddress.IPv6Network((addr, 64), strict=False))
    return str(addr)


def open_fds() -> Optional[int]:
    """How many file descriptors this process has open (None where that is not known)."""
    for folder in ("/proc/self/fd", "/dev/fd"):
        try:
            return len(os.listdir(folder)) - 1          # the listing's own descriptor
        except OSError:
            continue
    return None


def fd_headroom() -> int:
    """File descriptors this process may still open, less :data:`FD_RESERVE`."""
    if resource is None:
        return 1 << 20
    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        return 1 << 20
    used = open_fds()
    return max(0, soft - (used if used is not None else FD_RESERVE) - FD_RESERVE)


class AddressCounts:
    """What each address holds, at most ``per_address`` each and ``total`` in all."""

    def __init__(self, per_address: int, total: int) -> None:
        self.per_address = per_address
        self.total = total
        self.counts: Counter[str] = Counter()
        self.held = 0

    def add(self, ip: str) -> bool:
        """One more for ``ip``, if it may hold one more (and the total allows)."""
        key = address_key(ip)
        if self.held >= self.total or self.counts[key] >= self.per_address:
            return False
        self.counts[key] += 1
        self.held += 1
        return True

    def remove(self, ip: str) -> None:
        key = address_key(ip)
        if self.counts[key] <= 0:
            return
        self.counts[key] -= 1
        self.held -= 1
        if not self.counts[key]:
            del self.counts[key]

    def of(self, ip: str) -> int:
        return self.counts.get(address_key(ip), 0)


class Holder(Protocol):
    """A connection as its listener's :class:`Guard` sees it: where from, whether it has
    proved anything yet (``settled``: then it is never dropped for a newcomer), and how
    to drop it."""

    ip: str

    @property
    def settled(self) -> bool: ...

    def drop(self) -> None: ...


class ByteBudget:
    """Bytes held for all connections together, at most ``cap``."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self.used = 0

    def hold(self, before: int, after: int) -> bool:
        """A holder that had ``before`` bytes has ``after``: False (and nothing changed)
        if that would pass the cap; shrinking always succeeds."""
        if after > before and self.used + after - before > self.cap:
            return False
        self.used += after - before
        return True


class HalfLine:
    """One connection's share of the budget (its unfinished line and what waits to be
    sent to it), and since when a line has been unfinished."""

    def __init__(self, budget: ByteBudget, limit: float) -> None:
        self.budget = budget
        self.limit = limit
        self.held = 0
        self.since: Optional[float] = None

    def track(self, held: int, midline: bool, now: Optional[float] = None) -> bool:
        """The bytes held for this connection now, and whether a line is unfinished;
        False if the budget cannot hold them (drop the connection)."""
        if midline and self.since is None:
            self.since = time.monotonic() if now is None else now
        elif not midline:
            self.since = None
        if not self.budget.hold(self.held, held):
            return False
        self.held = held
        return True

    def overdue(self, now: float) -> bool:
        """A line begun longer than ``limit`` ago has not ended."""
        return self.since is not None and now - self.since > self.limit

    def release(self) -> None:
        self.budget.hold(self.held, 0)
        self.held = 0
        self.since = None


class Guard:
    """A listener's defences: connections and rooms by address, the byte budget, the
    counts for its figures.  ``burst``: the listener's backlog, what one turn of its
    loop may accept before any is refused (kept free of connections)."""

    def __init__(self, limits: GuardLimits, burst: int = 0) -> None:
        self.limits = limits
        self.connections = AddressCounts(
            limits.per_address, max(1, min(limits.connections, fd_headroom() - burst)))
        self.rooms = AddressCounts(limits.rooms_per_address, 1 << 62)
        self.budget = ByteBudget(limits.buffered)
        self.stats: Counter[str] = Counter()
        #: the connections admitted with a holder, by address, oldest first
        self._holders: dict[str, dict[int, Holder]] = {}
        #: those of them waiting in a line of attempts (:meth:`in_line`)
        self._waiting: set[int] = set()

    def admit(self, ip: str, holder: Optional[Holder] = None) -> bool:
        """A new connection from ``ip`` may stay (then :meth:`leave` when it ends).  Over a
        cap, a ``holder`` takes the place of another's unsettled connection if one may
        go for it (see the module docstring), which is dropped."""
        if not self.connections.add(ip):
            over = "over_address_cap" if self.connections.held < self.connections.total \
                else "over_total_cap"
            if holder is None or not self._make_room(ip):
                self.stats[over] += 1
                return False
            self.stats["dropped_for_newcomer"] += 1
            self.connections.add(ip)
        if holder is not None:
            self._holders.setdefault(address_key(ip), {})[id(holder)] = holder
        return True

    def in_line(self, holder: Holder, waiting: bool) -> None:
        """``holder``'s connection waits (or no longer waits) in a line of attempts at a
        code (game/net/secure.py: ``Guesses.line``).  A connection in line counts toward
        the total only, not its address's share, and no newcomer of its own address takes
        its place: a friend behind the address a stranger guesses from still gets a
        connection, and keeps its place in line, however many attempts the stranger
        queues (up to the total; another address's newcomer may still take the place of
        one, as of any connection not proved)."""
        key = address_key(holder.ip)
        if id(holder) not in self._holders.get(key, {}) or \
                (id(holder) in self._waiting) == waiting:
            return
        if waiting:
            self._waiting.add(id(holder))
            self.connections.counts[key] -= 1
        else:
            self._waiting.discard(id(holder))
            self.connections.counts[key] += 1

    def _make_room(self, ip: str) -> bool:
        """Drop the oldest unsettled connection of ``ip``'s address if it is at its cap,
        else of the address holding the most unsettled ones, if that is at least two more
        than ``ip``'s (a host's own settled connection to a relay does not count against
        its friend's at the same address); whether one was dropped."""
        key = address_key(ip)
        own = self.connections.of(ip) >= self.connections.per_address
        if own:
            order = [key]
        else:
            unproved = Counter({other: sum(not h.settled for h in held.values())
                                for other, held in self._holders.items()})
            order = [other for other, count in unproved.most_common()
                     if count >= unproved[key] + 2]
        for other in order:
            victim = next((h for h in self._holders.get(other, {}).values()
                           if not h.settled and not (own and id(h) in self._waiting)), None)
            if victim is not None:
                self._release(victim)
                victim.drop()
                return True
        return False

    def _release(self, holder: Holder) -> bool:
        """Forget ``holder``'s connection (False if it was already forgotten)."""
        key = address_key(holder.ip)
        held = self._holders.get(key, {})
        if held.pop(id(holder), None) is None:
            return False
        if not held:
            del self._holders[key]
        if id(holder) in self._waiting:         # counted in the total only
            self._waiting.discard(id(holder))
            self.connections.counts[key] += 1
        self.connections.remove(holder.ip)
        return True

    def leave(self, ip: str, holder: Optional[Holder] = None) -> None:
        """A connection admitted from ``ip`` (with ``holder``, if it was) has ended."""
        if holder is None:
            self.connections.remove(ip)
        else:
            self._release(holder)

    def half_line(self) -> HalfLine:
        return HalfLine(self.budget, self.limits.half_line)


def relay_backlog() -> int:
    """A relay's listen backlog: :data:`RELAY_BACKLOG`, or a quarter of the descriptors
    left where there are few."""
    return max(16, min(RELAY_BACKLOG, fd_headroom() // 4))


class _CalmLog:
    """One log line about failed accepts every :data:`ACCEPT_LOG_EVERY` seconds."""

    def __init__(self) -> None:
        self.last = -ACCEPT_LOG_EVERY

    def failed(self, exc: OSError, stats: Optional[Counter[str]]) -> None:
        if stats is not None:
            stats["accept_failed"] += 1
        now = time.monotonic()
        if now - self.last >= ACCEPT_LOG_EVERY:
            self.last = now
            log.warning("cannot accept connections for now (%s): trying again in a moment",
                        os.strerror(exc.errno or 0))


def _reset(conn: socket.socket) -> None:
    """Close ``conn`` with a reset, as asyncio's ``abort``: nothing lingers."""
    try:
        conn.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
    except OSError:
        pass
    conn.close()


class Admitted:
    """A connection :func:`accept_guarded` let in: the :class:`Holder` its handler marks
    ``settled`` once the other end has proved something (a host: the right code)."""

    def __init__(self, ip: str, conn: socket.socket) -> None:
        self.ip = ip
        self.conn = conn
        self.settled = False
        self.writer: Optional[asyncio.StreamWriter] = None

    def drop(self) -> None:
        if self.writer is not None:
            self.writer.transport.abort()
        else:
            _reset(self.conn)


Handler = Callable[[asyncio.StreamReader, asyncio.StreamWriter, Admitted], Awaitable[None]]


def open_listener(address: str, port: int, backlog: int = HOST_BACKLOG) -> socket.socket:
    """A listening TCP socket on ``address``:``port`` (0: any free port); OSError if the
    port is taken."""
    sock = socket.socket(socket.AF_INET6 if ":" in address else socket.AF_INET,
                         socket.SOCK_STREAM)
    try:
        if os.name == "posix":       # a port left in TIME_WAIT by the last game may be taken
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((address, port))
        sock.listen(backlog)
        sock.setblocking(False)
    except OSError:
        sock.close()
        raise
    return sock


async def accept_guarded(listener: socket.socket, guard: Guard, handle: Handler) -> None:
    """Serve ``listener`` until cancelled (then it is closed): accept one connection at a
    time, admit it or close it at once (a reset, as asyncio's ``abort``), and hand each
    admitted one to ``handle`` as a stream, in its own task.  An accept that fails for
    want of descriptors or memory pauses :data:`ACCEPT_PAUSE` seconds."""
    loop = asyncio.get_running_loop()
    calm = _CalmLog()
    served: set[asyncio.Task[None]] = set()
    try:
        while True:
            try:
                conn, peer = await loop.sock_accept(listener)
            except OSError as exc:
                if exc.errno not in _ACCEPT_ERRNOS:
                    raise
                calm.failed(exc, guard.stats)
                await asyncio.sleep(ACCEPT_PAUSE)
                continue
            holder = Admitted(str(peer[0]) if peer else "", conn)
            if not guard.admit(holder.ip, holder):
                _reset(conn)
                continue
            task = loop.create_task(_serve_one(holder, guard, handle))
            served.add(task)
            task.add_done_callback(served.discard)
    finally:
        listener.close()
        for task in list(served):
            task.cancel()


async def _serve_one(holder: Admitted, guard: Guard, handle: Handler) -> None:
    try:
        reader, writer = await asyncio.open_connection(sock=holder.conn)
    except OSError:
        holder.conn.close()
        guard.leave(holder.ip, holder)
        return
    holder.writer = writer
    try:
        await handle(reader, writer, holder)
    finally:
        writer.close()
        guard.leave(holder.ip, holder)


def calm_accept_errors(loop: asyncio.AbstractEventLoop, stats: Optional[Counter[str]] = None
                       ) -> None:
    """Make the loop's report of an accept() that failed for want of descriptors or
    memory one log line every :data:`ACCEPT_LOG_EVERY` seconds (counted in ``stats``),
    not a traceback each; every other report goes where it went."""
    previous = loop.get_exception_handler()
    calm = _CalmLog()

    def handler(loop: asyncio.AbstractEventLoop, context: dict[str, Any]) -> None:
        exc = context.get("exception")
        if isinstance(exc, OSError) and exc.errno in _ACCEPT_ERRNOS \
                and "accept" in str(context.get("message", "")):
            calm.failed(exc, stats)
            return
        if previous is not None:
            previous(loop, context)
        else:
            loop.default_exception_handler(context)

    loop.set_exception_handler(handler)
