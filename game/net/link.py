"""The plumbing a host and a guest share: an asyncio loop in its own thread, and a
TCP connection that carries lines with limits and a heartbeat.

The frame loop never waits for the network: a :class:`LoopThread` runs the
host's or the guest's asyncio loop in a daemon thread, and the screen only
reads plain attributes and queues filled from there.  A :class:`Link` is one
TCP connection: it cuts what arrives into lines (protocol.LineSplitter),
answers ``!ping`` with ``!pong`` on its own, sends ``!ping`` when it has sent
nothing for a while, and ends (``recv`` returns None) when nothing at all was
heard for ``dead_after`` seconds: heartbeats find a dead link in under 10 s.
"""

from __future__ import annotations

import asyncio
import logging
import random
import socket
import threading
import time
from collections import deque
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Callable, Coroutine, Optional

from game.net.beats import SLACK, keeper
from game.net.codes import address_text
from game.net.protocol import (
    FLOOD,
    PING,
    PONG,
    TOO_LONG,
    Bucket,
    Limits,
    LineSplitter,
    NetMessage,
    ProtocolError,
    encode,
)

if TYPE_CHECKING:
    from game.net.relays import Relay

log = logging.getLogger(__name__)

READ_CHUNK = 1 << 16


class LoopThread:
    """An asyncio loop in a daemon thread, running one main coroutine until it ends
    or :meth:`stop` cancels it; then every task left is cancelled and the loop closed."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.loop = asyncio.new_event_loop()
        self.waits: Optional[ThreadPoolExecutor] = None     # the loop's own executor
        self._task: Optional[asyncio.Task[Any]] = None
        self._thread: Optional[threading.Thread] = None

    def start(self, main: Callable[[], Coroutine[Any, Any, Any]]) -> None:
        self._task = self.loop.create_task(main())
        self._thread = threading.Thread(target=self._run, name=self.name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        assert self._task is not None
        try:
            self.loop.run_until_complete(self._task)
        except asyncio.CancelledError:
            pass
        except Exception:  # the network must never take the program down
            log.exception("%s stopped", self.name)
        finally:
            pending = asyncio.all_tasks(self.loop)
            for task in pending:
                task.cancel()
            self.loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
            self.loop.run_until_complete(self.loop.shutdown_asyncgens())
            self.loop.close()

    def call(self, fn: Callable[..., Any], *args: Any) -> bool:
        """Run ``fn(*args)`` in the loop's thread soon; False if the loop has ended."""
        try:
            self.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:        # closed
            return False
        return True

    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def stop(self, timeout: float = 2.0) -> None:
        """Cancel the main coroutine and wait (at most ``timeout``) for the thread."""
        if self._task is not None:
            self.call(self._task.cancel)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(timeout)


class SharedLoop:
    """One asyncio loop in one daemon thread for many hosts (a table worker's hundreds of
    tables, game/net/tables.py): each host's :meth:`slot` behaves as its own
    :class:`LoopThread` would (start, call, running, stop), without a thread and an
    executor of its own each.  A person's host keeps a LoopThread of its own."""

    #: threads for its hosts' calls that wait on something else (a guest's move kept in
    #: a table's log first); each of its hosts' digests stays on the loop's own executor
    WAITERS = 16

    def __init__(self, name: str) -> None:
        self.loop = asyncio.new_event_loop()
        self.waits = ThreadPoolExecutor(self.WAITERS, thread_name_prefix=f"{name}-waits")
        self._thread = threading.Thread(target=self._run, name=name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.loop.run_forever()

    def slot(self, name: str) -> "LoopSlot":
        return LoopSlot(self, name)

    def close(self, timeout: float = 2.0) -> None:
        """Stop the loop (its slots stopped first) and wait for its thread."""
        self.loop.call_soon_threadsafe(self.loop.stop)
        self._thread.join(timeout)
        self.waits.shutdown(wait=False, cancel_futures=True)


class LoopSlot:
    """One main coroutine on a :class:`SharedLoop`, as a :class:`LoopThread` runs one: the
    tasks it left when it ended are its own business (a host cancels its own)."""

    def __init__(self, shared: SharedLoop, name: str) -> None:
        self.shared = shared
        self.name = name
        self.loop = shared.loop
        self.waits: Optional[ThreadPoolExecutor] = shared.waits
        self._task: Optional[asyncio.Task[Any]] = None
        self._done = threading.Event()

    def start(self, main: Callable[[], Coroutine[Any, Any, Any]]) -> None:
        def begin() -> None:
            self._task = self.loop.create_task(main())
            self._task.add_done_callback(self._ended)
        self.loop.call_soon_threadsafe(begin)

    def _ended(self, task: "asyncio.Task[Any]") -> None:
        if not task.cancelled() and task.exception() is not None:
            log.error("%s stopped", self.name, exc_info=task.exception())
        self._done.set()

    def call(self, fn: Callable[..., Any], *args: Any) -> bool:
        """Run ``fn(*args)`` in the loop's thread soon; False if this slot has ended."""
        if self._done.is_set():
            return False
        try:
            self.loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:        # the shared loop is closed
            return False
        return True

    def running(self) -> bool:
        return self._task is not None and not self._done.is_set()

    def stop(self, timeout: float = 2.0) -> None:
        """Cancel the main coroutine and wait (at most ``timeout``) for it to end."""
        if self.call(lambda: self._task.cancel() if self._task is not None else None) and \
                threading.current_thread() is not self.shared._thread:
            self._done.wait(timeout)


async def _connect_any(host: str, port: int, timeout: float) -> tuple[asyncio.StreamReader,
                                                                     asyncio.StreamWriter]:
    """A connection to one of the addresses ``host`` resolves to, each tried in turn with
    ``timeout`` of its own: a machine that is down (no answer at all, not a refusal)
    costs its own wait, and the next address is still tried."""
    loop = asyncio.get_running_loop()
    infos = await asyncio.wait_for(loop.getaddrinfo(host, port, type=socket.SOCK_STREAM),
                                   timeout)
    addresses = list(dict.fromkeys(str(info[4][0]) for info in infos))
    random.shuffle(addresses)
    failed: Optional[BaseException] = None
    for address in addresses:
        try:
            return await asyncio.wait_for(asyncio.open_connection(address, port), timeout)
        except (OSError, asyncio.TimeoutError) as exc:
            failed = exc
    raise failed or OSError(f"no address for {host}")


class Link:
    """One TCP connection carrying lines (see the module docstring).

    ``pace``: an allowance of lines; a line beyond it raises ``ProtocolError(FLOOD)``
    from :meth:`recv` (a host paces its guests).
    """

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 limits: Limits, max_line: int, pace: Optional[Bucket] = None) -> None:
        self.reader = reader
        self.writer = writer
        self.limits = limits
        self.pace = pace
        self.splitter = LineSplitter(max_line)
        self.closed = False
        self.last_heard = self.last_sent = time.monotonic()
        self._lines: deque[Optional[bytes]] = deque()
        #: looked after by the loop's keeper (game/net/beats.py): its silence, and its
        #: heartbeat once started
        self._kept = False
        self._beating = False

    @classmethod
    async def open(cls, host: str, port: int, limits: Limits, max_line: int) -> "Link":
        """A connection to ``host``:``port``; OSError or TimeoutError if there is none.
        A name with several addresses (a relay's fleet of gateways behind one name,
        game/net/fleet.py) is tried at its addresses in a random order, each with
        ``connect_timeout`` of its own, so that players spread over them and one that is
        down is passed over."""
        reader, writer = await _connect_any(host, port, limits.connect_timeout)
        return cls(reader, writer, limits, max_line)

    @property
    def peer(self) -> str:
        name = self.writer.get_extra_info("peername")
        return f"{name[0]}:{name[1]}" if name else "?"

    # -- receiving ----------------------------------------------------------------------
    async def recv(self, timeout: Optional[float] = None) -> Optional[bytes]:
        """The next line that is not a heartbeat (``!`` lines of a relay come through);
        None once the link has ended or was silent for ``dead_after``.  Raises
        ``ProtocolError`` for an oversized line or a flood (the link goes on), and
        ``asyncio.TimeoutError`` when ``timeout`` passes first."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            while self._lines:
                line = self._lines.popleft()
                if self.pace is not None and not self.pace.take():
                    raise ProtocolError(FLOOD, "more lines than a game needs")
                if line is None:
                    raise ProtocolError(TOO_LONG, f"a line over {self.splitter.limit} bytes")
                if line == PING:
                    self.send(PONG + b"\n")
                elif line != PONG:
                    return line
            if self.closed:
                return None
            now = time.monotonic()
            if deadline is not None and now >= deadline:
                raise asyncio.TimeoutError()
            wait = self.last_heard + self.limits.dead_after - now
            if deadline is not None:
                wait = min(wait, deadline - now)
            if wait <= 0 and self.waiting():
                # a late timer, not a silent peer: the bytes came while this loop was busy
                self.last_heard, wait = now, self.limits.dead_after
            if wait <= 0:
                self._silent()
                return None
            try:
                if deadline is None:    # its silence is the keeper's: no timer a line
                    self._keep()
                    data = await self.reader.read(READ_CHUNK)
                else:
                    data = await asyncio.wait_for(self.reader.read(READ_CHUNK), wait)
            except asyncio.TimeoutError:
                continue
            except (ConnectionError, OSError):
                data = b""
            if not data:
                self.close()
                return None
            self.last_heard = time.monotonic()
            self._lines.extend(self.splitter.feed(data))

    def waiting(self) -> bool:
        """Whether something heard waits to be read: a line cut already, or bytes the
        loop took from the socket into the reader's buffer.  On a busy machine a timer
        comes late, and a peer whose lines wait here was heard, however long ago the
        loop last looked: judged silent then, busy links were dropped by the hundred
        (``lost host_gone``, bench/README.md)."""
        return bool(self._lines) or bool(getattr(self.reader, "_buffer", b""))

    # -- sending ------------------------------------------------------------------------
    def send(self, line: bytes) -> None:
        """Queue one line (with its newline) for sending; nothing if closed."""
        if self.closed:
            return
        try:
            self.writer.write(line)
        except (ConnectionError, OSError, RuntimeError):
            self.close()
            return
        self.last_sent = time.monotonic()

    def send_msg(self, msg: NetMessage) -> None:
        self.send(encode(msg))

    async def flush(self) -> bool:
        """Wait until the peer has taken what was sent; False (and the link closed) if
        it does not within ``write_timeout``: a peer that does not read is dropped."""
        if self.closed:
            return False
        try:
            await asyncio.wait_for(self.writer.drain(), self.limits.write_timeout)
        except (asyncio.TimeoutError, ConnectionError, OSError, RuntimeError):
            self.close()
            return False
        return True

    def start_heartbeat(self) -> None:
        """``!ping`` whenever nothing was sent for ``ping_every`` (the loop's keeper)."""
        if not self._beating:
            self._beating = True
            self._kept = False
            self._keep()

    def _keep(self) -> None:
        if not self._kept:
            self._kept = True
            keeper().add(self)

    def beat_due(self) -> Optional[float]:
        """When the keeper looks again (game/net/beats.py): its silence's end, and its
        next heartbeat if it beats."""
        if self.closed:
            return None
        due = self.last_heard + self.limits.dead_after
        return min(due, self.last_sent + self.limits.ping_every) if self._beating else due

    def beat(self, now: float) -> None:
        if self.closed:
            return
        if now - self.last_heard >= self.limits.dead_after:
            if not self.waiting():
                self._silent()
                return
            self.last_heard = now               # a late look: the bytes came meanwhile
        if self._beating and now - self.last_sent >= self.limits.ping_every - SLACK:
            self.send(PING + b"\n")

    def _silent(self) -> None:
        """Nothing heard for ``dead_after``: dropped at once (a read waiting on it ends)."""
        log.info("link to %s silent for %.1f s: dead", self.peer, self.limits.dead_after)
        self.abort()

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        try:
            self.writer.close()
        except RuntimeError:        # its loop is closing
            pass

    def abort(self) -> None:
        """Drop the connection at once, without a goodbye (a dead peer; tests: a cut
        cable): a read waiting on it ends."""
        transport = getattr(self.writer, "transport", None)
        if transport is not None:
            transport.abort()
        self.close()


async def open_gateway(relay: "Relay", start: int, limits: Limits,
                     max_line: int) -> tuple[Link, int]:
    """A connection to the relay and the index of the address it reached: the gateway at
    ``start`` first (the one reached last), then each next address of the setting in
    turn, so that a gateway killed under a game is passed over for another.  OSError or
    TimeoutError (the last one met) if none answers."""
    failed: Optional[BaseException] = None
    for index, (host, port) in relay.rotation(start):
        try:
            return await Link.open(host, port, limits, max_line), index
        except (OSError, asyncio.TimeoutError) as exc:
            log.warning("relay gateway %s: %s", address_text(host, port), exc or "timed out")
            failed = exc
    assert failed is not None
    raise failed
