"""A TCP proxy on 127.0.0.1 that sits on the path between a guest or a host and the
far end: it records every byte both ways, and on request tampers with the lines it
passes (an attacker in the middle).  Its own asyncio loop runs in a thread; it stops
with :meth:`Proxy.close`."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import threading
from dataclasses import dataclass, field
from typing import Callable, Optional

from cryptography.hazmat.primitives.ciphers.aead import ChaCha20Poly1305

#: what a tamper hook does with one line: the lines to pass on instead (none: drop it)
Tamper = Callable[[bytes], list[bytes]]


@dataclass
class Stream:
    """One connection through the proxy: the bytes each way, and who ended it."""

    up: bytearray = field(default_factory=bytearray)         # from the client
    down: bytearray = field(default_factory=bytearray)       # from the far end
    ended_by_far_end: bool = False


class Proxy:
    """Listens on 127.0.0.1 (any free port) and forwards each connection to
    127.0.0.1:``target``.  ``up`` / ``down``: tamper hooks for the lines of each
    direction (set or change them at any time)."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.streams: list[Stream] = []
        self.up: Optional[Tamper] = None
        self.down: Optional[Tamper] = None
        self.loop = asyncio.new_event_loop()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True, name="proxy")
        self._thread.start()
        assert self._ready.wait(5), "the proxy did not start"

    def _run(self) -> None:
        asyncio.set_event_loop(self.loop)
        self.server = self.loop.run_until_complete(
            asyncio.start_server(self._serve, "127.0.0.1", 0, limit=1 << 20))
        self.port = self.server.sockets[0].getsockname()[1]
        self._ready.set()
        self.loop.run_forever()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        stream = Stream()
        self.streams.append(stream)
        try:
            far_reader, far_writer = await asyncio.open_connection("127.0.0.1", self.target,
                                                                   limit=1 << 20)
        except OSError:
            writer.close()
            return
        up = asyncio.ensure_future(self._pipe(reader, far_writer, stream.up, "up"))
        down = asyncio.ensure_future(self._pipe(far_reader, writer, stream.down, "down"))
        done, _ = await asyncio.wait({up, down}, return_when=asyncio.FIRST_COMPLETED)
        stream.ended_by_far_end = down in done
        for task in (up, down):
            task.cancel()
        for end in (writer, far_writer):
            end.close()

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                    record: bytearray, direction: str) -> None:
        while True:
            try:
                line = await reader.readuntil(b"\n")
            except asyncio.IncompleteReadError as end:
                record += end.partial
                writer.write(end.partial)
                return
            except (asyncio.LimitOverrunError, ConnectionError):
                return
            record += line
            hook = self.up if direction == "up" else self.down
            out = [line[:-1]] if hook is None else hook(line[:-1])
            writer.write(b"".join(part + b"\n" for part in out))
            try:
                await writer.drain()
            except ConnectionError:
                return

    def recording(self) -> bytes:
        """Every byte that went through, both ways, every connection."""
        return b"".join(bytes(s.up) + bytes(s.down) for s in self.streams)

    def close(self) -> None:
        def stop() -> None:
            self.server.close()
            self.loop.stop()

        self.loop.call_soon_threadsafe(stop)
        self._thread.join(5)


def sealed(line: bytes) -> bool:
    """Whether a line is a sealed one (not JSON in clear, not a link line)."""
    return bool(line) and line[:1] not in (b"{", b"!")


class Attack:
    """A tamper hook that leaves every line alone until :meth:`arm`, then does
    ``kind`` to the next sealed lines: ``flip`` one symbol of one, ``replay`` one
    (it passes twice), ``reorder`` two (the second goes first), ``drop`` one and
    resend it later (after the next)."""

    def __init__(self) -> None:
        self.kind: Optional[str] = None
        self.held: list[bytes] = []
        self.done = threading.Event()

    def arm(self, kind: str) -> None:
        self.kind = kind

    def __call__(self, line: bytes) -> list[bytes]:
        if self.kind is None or self.done.is_set() or not sealed(line):
            return [line]
        if self.kind == "flip":
            self.done.set()
            at = len(line) // 2
            return [line[:at] + (b"A" if line[at:at + 1] != b"A" else b"B") + line[at + 1:]]
        if self.kind == "replay":
            self.done.set()
            return [line, line]
        if not self.held:                       # reorder, drop: keep the first back
            self.held.append(line)
            return []
        self.done.set()
        return [line, self.held.pop()]


class Nth:
    """A tamper hook that passes every line but the ``nth`` sealed one (counted from 1,
    over every connection), which :meth:`at` turns into the lines passed instead."""

    def __init__(self, nth: int) -> None:
        self.nth = nth
        self.seen = 0
        self.done = threading.Event()

    def __call__(self, line: bytes) -> list[bytes]:
        if self.done.is_set() or not sealed(line):
            return [line]
        self.seen += 1
        if self.seen < self.nth:
            return [line]
        self.done.set()
        return self.at(line)

    def at(self, line: bytes) -> list[bytes]:
        raise NotImplementedError


class Drop(Nth):
    """Drops the ``nth`` sealed line: an attacker who loses one move on the path."""

    def at(self, line: bytes) -> list[bytes]:
        return []


class Swallow:
    """Swallows the first line in clear of the type ``kind`` (``pake``: a guest's first
    words to a host; ``relay``: to a relay), once: a path, or a loaded peer, that loses
    an attempt's hello."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.done = threading.Event()

    def __call__(self, line: bytes) -> list[bytes]:
        if self.done.is_set() or line[:1] != b"{":
            return [line]
        try:
            kind = json.loads(line).get("type")
        except ValueError:
            return [line]
        if kind != self.kind:
            return [line]
        self.done.set()
        return []


def forgery() -> bytes:
    """A line sealed under a random key: as long as a real one, base64, opening under no
    key of any connection."""
    return base64.b64encode(
        ChaCha20Poly1305(os.urandom(32)).encrypt(bytes(12), b'{"type":"bye"}', None))


class Inject(Nth):
    """After the ``nth`` sealed line, adds a line sealed under a random key."""

    def at(self, line: bytes) -> list[bytes]:
        return [line, forgery()]


class InjectEach:
    """After every ``every`` sealed lines (counted over every connection), adds a line
    sealed under a random key, ``times`` times in all: an attacker who cuts the link
    again and again, whatever the guest is doing then (joining, sitting, playing)."""

    def __init__(self, every: int, times: int) -> None:
        self.every, self.times = every, times
        self.seen = self.injected = 0
        self.done = threading.Event()

    def __call__(self, line: bytes) -> list[bytes]:
        if self.done.is_set() or not sealed(line):
            return [line]
        self.seen += 1
        if self.seen % self.every:
            return [line]
        self.injected += 1
        if self.injected >= self.times:
            self.done.set()
        return [line, forgery()]
