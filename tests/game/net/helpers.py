"""A host in this process with a computer at its table, guests, a relay in this
process, and raw sockets that misbehave on purpose; everything on 127.0.0.1, every
wait bounded."""

from __future__ import annotations

import asyncio
import json
import socket
import threading
import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator, Optional

from game.net import codes
from game.net.bot import Autoplayer, hosted_setup
from game.net.client import RemoteClient, SeatKey
from game.net.guard import QUICK_RELAY_GUARD, GuardLimits
from game.net.host import PLAYING, Host
from game.net.link import LoopThread
from game.net.protocol import (
    PING,
    QUICK,
    Confirm,
    Hello,
    Limits,
    Pake,
    RelayHello,
    decode,
    encode,
)
from game.net.relay import Relay
from game.net.secure import GUEST, Channel, Handshake, Keys, SeatBack, seat_pass, seat_proof
from game.session import HUMAN, REMOTE, GameSetup, SeatSpec, Update

LIMIT = 20.0


def until(condition: Callable[[], Any], timeout: float = 5.0, what: str = "") -> Any:
    """Wait for ``condition()`` to be true; AssertionError after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > end:
            raise AssertionError(f"still not {what or condition} after {timeout} s")
        time.sleep(0.005)


class Table(threading.Thread):
    """The host's table: a computer plays the host's seat through ``host.client``
    (which also pumps the session, as the real table does every frame).  While
    ``thinking`` is set the host's player takes its time: the game waits for it."""

    def __init__(self, host: Host, delay: float = 0.0, wait_for_guest: bool = True) -> None:
        super().__init__(daemon=True, name="host-table")
        self.host = host
        self.delay = delay
        self._auto: Optional[Autoplayer] = None
        self.wait_for_guest = wait_for_guest
        self.over = threading.Event()
        self.thinking = threading.Event()
        self._halt = threading.Event()

    @property
    def auto(self) -> Autoplayer:
        """The host's player, once the game has begun (the host's client is made then)."""
        if self._auto is None:
            assert self.host.client is not None, "the game has not begun"
            self._auto = Autoplayer(self.host.client, "random", 1, self.delay)
        return self._auto

    def run(self) -> None:
        while not self._halt.is_set():
            if self.thinking.is_set():
                pass
            elif not self.wait_for_guest and self.host.client is None:
                self.host.begin()
            elif self.host.status().state == PLAYING:
                if self.auto.step():
                    self.over.set()
            time.sleep(0.001)

    def stop(self) -> None:
        self._halt.set()
        if self.ident is not None:
            self.join(5)

    @property
    def result(self) -> Optional[dict]:
        latest = self._auto.latest if self._auto is not None else None
        return dict(latest.result) if latest is not None and latest.result else None


@contextmanager
def hosting(key: str = "bocce", seed: int = 1, limits: Limits = QUICK, delay: float = 0.0,
            wait_for_guest: bool = True, **options: Any) -> Iterator[tuple[Host, Table]]:
    options.setdefault("listen", "127.0.0.1")
    options.setdefault("port", 0)
    host = Host(hosted_setup(key, 0, 1, "random", seed), name="Host", paced=False,
                stand_in="random", limits=limits, **options).start()
    table = Table(host, delay, wait_for_guest)
    try:
        assert host.wait_ready(5.0), host.status()
        table.start()
        yield host, table
    finally:
        table.stop()
        host.close()


def table_of_friends(key: str, seats: int, seed: int) -> GameSetup:
    """The host at seat 0, a friend (remote) at every other seat."""
    return GameSetup(key, (SeatSpec(HUMAN, name="Host"),) +
                     tuple(SeatSpec(REMOTE) for _ in range(seats - 1)), {}, seed)


@contextmanager
def relay_here(guard: GuardLimits = QUICK_RELAY_GUARD, limits: Limits = QUICK,
               **options: Any) -> Iterator[tuple[Relay, int]]:
    """A relay in this process (its counts can be read) on 127.0.0.1, in its own thread."""
    relay = Relay(limits, guard=guard, **options)
    where: list[int] = []
    ready = threading.Event()

    async def main() -> None:
        where.append((await relay.start("127.0.0.1", 0))[1])
        ready.set()
        try:
            await asyncio.Event().wait()
        finally:
            await relay.close()

    net = LoopThread("test-relay")
    net.start(main)
    try:
        assert ready.wait(5.0)
        yield relay, where[0]
    finally:
        net.stop(3.0)


def join(code: str, limits: Limits = QUICK, **options: Any) -> RemoteClient:
    return RemoteClient(code, limits=limits, **options)


def play(client: RemoteClient, timeout: float = LIMIT) -> Update:
    return Autoplayer(client, "random", 3).play(timeout)


class Raw:
    """A hand-made connection to 127.0.0.1:``port``: it sends what it is told.  ``source``:
    the address it comes from (conftest.OTHER_CLIENT: another client than the others).
    Once :meth:`hello` has made the secure channel, what it sends and reads goes through
    it (``!`` lines excepted), so that a test misbehaves inside the channel."""

    def __init__(self, port: int, source: Optional[str] = None) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=5.0,
                                             source_address=(source, 0) if source else None)
        self.buf = b""
        self.keys: Optional[Keys] = None
        self.channel: Optional[Channel] = None
        self.seat_key: Optional[SeatKey] = None     # once welcomed: to hand the seat on
        self.gid = 0                                # its id on a relay host's side (tests)
        self.sent_back = (b"", b"")                 # a way back's first line, confirmation

    def send(self, data: bytes) -> bool:
        """Send all of ``data`` (each line sealed once there is a channel); False if the
        other end has closed (what a test of abuse expects sooner or later)."""
        if self.channel is not None:
            lines = data.split(b"\n")
            data = b"".join((line if line[:1] == b"!" else self.channel.seal(line)) + b"\n"
                            for line in lines[:-1])
        return self.send_raw(data)

    def send_raw(self, data: bytes) -> bool:
        try:
            self.sock.sendall(data)
        except (BrokenPipeError, ConnectionResetError):
            return False
        return True

    def say(self, obj: dict) -> None:
        self.send(json.dumps(obj).encode() + b"\n")

    def line(self, timeout: float = 5.0, link: bool = False) -> Optional[bytes]:
        """The next line (heartbeats skipped unless ``link``); None at the end."""
        end = time.monotonic() + timeout
        while True:
            if b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                if self.channel is not None and not line.startswith(b"!"):
                    line = self.channel.open(line)
                if link or not line.startswith(b"!"):
                    return line
                continue
            left = end - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no line within {timeout} s")
            self.sock.settimeout(left)
            try:
                data = self.sock.recv(65536)
            except TimeoutError:
                continue
            except ConnectionError:
                return None
            if not data:
                return None
            self.buf += data

    def msg(self, timeout: float = 5.0) -> Optional[dict]:
        line = self.line(timeout)
        return None if line is None else json.loads(line)

    def expect(self, kind: str, timeout: float = 5.0) -> dict:
        """The next message of type ``kind`` (others skipped)."""
        end = time.monotonic() + timeout
        while True:
            msg = self.msg(max(0.01, end - time.monotonic()))
            assert msg is not None, f"closed before a {kind}"
            if msg.get("type") == kind:
                return msg

    def closed(self, timeout: float = 5.0) -> bool:
        """Whether the other end closes within ``timeout`` (what comes meanwhile is read)."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                if self.line(max(0.01, end - time.monotonic()), link=True) is None:
                    return True
            except AssertionError:
                return False
        return False

    def handshake(self, code: str, **fields: Any) -> Keys:
        """SPAKE2 with ``code``'s password (``fields`` change the first line); the keys,
        the channel made.  AssertionError if the host's confirmation does not match."""
        handshake = Handshake(codes.parse(code).secret, GUEST)
        first = json.loads(encode(Pake(handshake.message)))
        self.say({**first, **fields})
        reply = decode(self._past_the_line(), (Pake,))
        keys = handshake.finish(reply.msg)
        self.send(encode(Confirm(keys.mine)))
        assert keys.confirms(reply.confirm), "the host's confirmation"
        self.keys, self.channel = keys, keys.channel()
        return keys

    def back(self, seat_key: bytes, replay: Optional[tuple[bytes, bytes]] = None) -> Keys:
        """The way back by ``seat_key`` alone (secure.SeatBack), its first line and its
        confirmation recorded in :attr:`sent_back`; ``replay``: send those two lines of
        another connection as they were instead (the keys returned then are the host's
        as this end can work them out, which a replayer cannot).  AssertionError if the
        host does not answer with its part of the way back."""
        way = SeatBack(GUEST)
        first = replay[0] if replay else encode(
            Pake(b"", kept=seat_pass(seat_key, way.message), back=way.message))
        self.send(first)
        line = self._past_the_line()
        assert json.loads(line).get("type") == "pake", line
        reply = decode(line, (Pake,))
        assert reply.back, "the host's part of the way back"
        keys = way.finish(seat_key, reply.back)
        confirm = replay[1] if replay else encode(Confirm(keys.mine))
        self.send(confirm)
        self.sent_back = (first, confirm)
        if not replay:
            assert keys.confirms(reply.confirm), "the host's confirmation"
            self.keys, self.channel = keys, keys.channel()
        return keys

    def _past_the_line(self, timeout: float = 30.0) -> bytes:
        """The host's first answer past any word that this guest still waits in line for
        its turn (a ``slow_down`` that is not fatal), as a real guest waits on."""
        end = time.monotonic() + timeout
        while True:
            line = self.line(max(0.01, end - time.monotonic()))
            assert line is not None, "closed before the host's answer"
            msg = json.loads(line)
            if not (msg.get("type") == "error" and msg.get("reason") == "slow_down"
                    and not msg.get("fatal", True)):
                return line

    def hello(self, code: str, seat: Optional[tuple[int, bytes]] = None, name: str = "Raw") -> dict:
        """Into the room with ``code``: the welcome (``seat``: a seat and its key, to
        come back to it)."""
        keys = self.handshake(code)
        proof = None if seat is None else seat_proof(seat[1], keys.binding)
        self.send(encode(Hello(name, seat and seat[0], proof)))
        welcome = self.expect("welcome")
        self.seat_key = SeatKey(welcome["seat"], seat[1] if seat else keys.seat_key)
        return welcome

    def close(self) -> None:
        self.sock.close()


def guess(port: int, secret: bytes, source: Optional[str] = None, timeout: float = 10.0,
          room: Optional[str] = None) -> str:
    """One attempt at a code with the password ``secret`` from ``source`` (through a relay
    at ``port``: asking for ``room`` first), as a stranger makes it (it never confirms a
    key it cannot have), waiting in the line of attempts for its turn while it is told
    to (a ``slow_down`` that is not fatal): ``answered`` once the host gave its SPAKE2
    answer at once, ``waited`` once it gave it after a wait in line, else the reason it
    was refused, or ``closed``."""
    try:
        raw = Raw(port, source)
    except OSError:                                   # reset at the door: over a cap
        return "closed"
    waited = False
    try:
        if room is not None:
            raw.say(json.loads(encode(RelayHello("guest", code=room))))
            paired, waited = in_line(raw, timeout)
            if paired is None or paired.get("type") != "paired":
                return "closed" if paired is None else str(paired.get("reason"))
        raw.say(json.loads(encode(Pake(Handshake(secret, GUEST).message))))
        reply, later = in_line(raw, timeout)
        if reply is None:
            return "closed"
        if reply.get("type") == "error":
            return str(reply.get("reason"))
        raw.send(encode(Confirm(bytes(32))))         # a wrong code, counted as one
        raw.closed(timeout)
        return "waited" if waited or later else "answered"
    except (AssertionError, OSError):
        return "closed"
    finally:
        raw.close()


def in_line(raw: Raw, timeout: float) -> tuple[Optional[dict], bool]:
    """The answer ``raw`` waits for, past the notes that it waits in line for a turn (a
    heartbeat sent back for each, as a guest's program keeps its link alive), and whether
    it was told to wait."""
    waited = False
    while True:
        msg = raw.msg(timeout)
        if msg is None or msg.get("type") != "error" or msg.get("reason") != "slow_down" \
                or msg.get("fatal"):
            return msg, waited
        waited = True
        raw.send(PING + b"\n")


@contextmanager
def guessers(port: int, secret: bytes, sources: tuple[Optional[str], ...],
             room: Optional[str] = None) -> Iterator[None]:
    """Strangers trying the password ``secret`` again and again (:func:`guess`), one at
    each entry of ``sources`` (an address; None: 127.0.0.1), until the block ends."""
    stop = threading.Event()

    def guesser(source: Optional[str]) -> None:
        while not stop.is_set():
            guess(port, secret, source, timeout=2.0, room=room)

    crowd = [threading.Thread(target=guesser, args=(source,), daemon=True)
             for source in sources]
    for thread in crowd:
        thread.start()
    try:
        yield
    finally:
        stop.set()
        for thread in crowd:
            thread.join(5)


class Flood(threading.Thread):
    """Idle connections to 127.0.0.1:``port``, ``each`` from every address of ``sources``,
    opened again as fast as the door closes them (a flood that keeps the pressure on),
    until :meth:`stop`."""

    def __init__(self, port: int, sources: tuple[str, ...], each: int) -> None:
        super().__init__(daemon=True, name="flood")
        self.port, self.sources, self.each = port, sources, each
        self.opened = 0
        self._halt = threading.Event()
        self._held: dict[str, list[socket.socket]] = {source: [] for source in sources}

    def run(self) -> None:
        while not self._halt.is_set():
            for source, held in self._held.items():
                held[:] = [sock for sock in held if _open(sock)]
                while len(held) < self.each and not self._halt.is_set():
                    try:
                        held.append(socket.create_connection(
                            ("127.0.0.1", self.port), timeout=1.0, source_address=(source, 0)))
                        self.opened += 1
                    except OSError:
                        break
            self._halt.wait(0.02)

    def stop(self) -> None:
        self._halt.set()
        self.join(5)
        for held in self._held.values():
            for sock in held:
                sock.close()


def _open(sock: socket.socket) -> bool:
    """Whether the other end has not closed ``sock`` (what it sent is read and dropped)."""
    try:
        return sock.recv(65536, socket.MSG_DONTWAIT) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False
