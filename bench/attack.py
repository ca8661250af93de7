"""The attack table: what one client, or many, can take from a relay or a host, with the
defences of game/net/guard.py on and, for comparison, off (as before they were there).
Everything on 127.0.0.1; the attackers send from other loopback addresses
(127.0.0.2, 127.1.x.y) to 127.0.0.1, so that the relay and the host tell them apart.

1. *rooms*: one address asks a relay for a room and drops its connection, again and
   again (``--tries``, 10,500 by default): how many rooms it holds (a dropped host's
   room is held for it), in how long, and whether a real host then still gets one;
2. *host connections*: a host in this process, its process allowed 1,024 files (a
   common default), gets ``--flood`` (1,500) idle connections from one address, made
   by another process: how many it holds at most, how many accepts failed, how many
   tracebacks were logged, and whether the game could still open 50 files meanwhile;
3. *memory*: ``--half-lines`` (10,000) connections to a relay process, from 313
   addresses, each after its hello sends a 60 KB line that does not end (pairs of a
   host and a guest, the most a connection may park): the relay's resident memory
   before and after, and how many half lines it still holds.  The relay runs with
   long timeouts here (the figure is the byte cap's, not the timeouts').

    .venv/bin/python bench/attack.py [--tries 10500] [--flood 1500] [--half-lines 10000]

Every process it starts is ended by its pid.
"""

from __future__ import annotations

import argparse
import asyncio
import logging
import resource
import socket
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, Iterator, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.net import guard as guard_module  # noqa: E402
from game.net import host as host_module  # noqa: E402
from game.net.bot import hosted_setup  # noqa: E402
from game.net.guard import HOST_GUARD, RELAY_GUARD, GuardLimits, open_fds  # noqa: E402
from game.net.host import Host  # noqa: E402
from game.net.protocol import LIMITS, RELAY_PROTOCOL  # noqa: E402
from game.net.relay import Relay  # noqa: E402

LOOPBACK = "127.0.0.1"
ATTACKER = "127.0.0.2"
#: no defences: what the relay and the host had before game/net/guard.py
OFF = GuardLimits(connections=10 ** 9, per_address=10 ** 9, rooms_per_address=10 ** 9,
                  buffered=1 << 50, half_line=1e9)
#: timeouts long enough for the memory figure to be the byte cap's
PATIENT = replace(LIMITS, hello_timeout=300.0, dead_after=600.0)
HALF_LINE = 60_000


def hello(kind: str, code: Optional[str] = None) -> bytes:
    owner = ',"owner":"' + "ab" * 32 + '"' if kind == "host" else ""   # a host's owner key
    return (f'{{"type":"relay","role":"{kind}","protocol":{RELAY_PROTOCOL}{owner}'
            + (f',"code":"{code}"' if code else "") + "}\n").encode()


def connect(port: int, source: str) -> socket.socket:
    sock = socket.socket()
    sock.bind((source, 0))
    sock.settimeout(5.0)
    sock.connect((LOOPBACK, port))
    return sock


def reply(sock: socket.socket) -> bytes:
    data = b""
    while not data.endswith(b"\n"):
        chunk = sock.recv(4096)
        if not chunk:
            break
        data += chunk
    return data


# -- an in-process relay on its own thread -----------------------------------------------------
class RelayThread:
    def __init__(self, guard: GuardLimits, **options: Any) -> None:
        self.relay = Relay(LIMITS, guard=guard, **options)
        self.loop = asyncio.new_event_loop()
        self.port = 0
        ready = threading.Event()

        async def main() -> None:
            self.port = (await self.relay.start(LOOPBACK, 0))[1]
            ready.set()
            self.stop = asyncio.Event()
            await self.stop.wait()
            await self.relay.close()

        self.thread = threading.Thread(target=self.loop.run_until_complete, args=(main(),),
                                       daemon=True)
        self.thread.start()
        ready.wait(5)

    def end(self) -> None:
        self.loop.call_soon_threadsafe(self.stop.set)
        self.thread.join(5)


def rooms_figure(tries: int, guard: GuardLimits) -> dict[str, Any]:
    relay = RelayThread(guard, max_rooms=10_000)
    try:
        held, refused, started = 0, 0, time.perf_counter()
        for _ in range(tries):
            sock = connect(relay.port, ATTACKER)
            sock.sendall(hello("host"))
            answer = reply(sock)
            sock.close()
            held += b'"room"' in answer
            refused += b"relay_full" in answer
        took = time.perf_counter() - started
        real = connect(relay.port, LOOPBACK)
        real.sendall(hello("host"))
        real_ok = b'"room"' in reply(real)
        real.close()
        return {"rooms held": held, "refused": refused, "seconds": round(took, 1),
                "a real host gets a room": real_ok}
    finally:
        relay.end()


# -- the host's connections -------------------------------------------------------------------
FLOOD = """
import socket, sys, time
port, count, hold = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
socks = []
for _ in range(count):
    s = socket.socket()
    s.bind(("127.0.0.2", 0))
    s.setblocking(False)
    s.connect_ex(("127.0.0.1", port))
    socks.append(s)
print("open", len(socks), flush=True)
time.sleep(hold)
"""


async def unguarded(listener: socket.socket, guard: Any, handle: Any) -> None:
    """How the host served its door before game/net/guard.py: asyncio's own server."""
    server = await asyncio.start_server(handle, sock=listener)
    try:
        await asyncio.Event().wait()
    finally:
        server.close()


class Tracebacks(logging.Handler):
    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def emit(self, record: logging.LogRecord) -> None:
        self.count += record.exc_info is not None


def host_figure(flood: int, on: bool) -> dict[str, Any]:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(1024, hard), hard))
    saved = (guard_module.fd_headroom, host_module.accept_guarded)
    if not on:        # as before: asyncio's server, no cap, every failed accept a traceback
        guard_module.fd_headroom = lambda: 1 << 20
        host_module.accept_guarded = unguarded
    tracebacks = Tracebacks()
    logging.getLogger().addHandler(tracebacks)
    host: Optional[Host] = None
    child: Optional[subprocess.Popen] = None
    try:
        host = Host(hosted_setup("bocce", 0, 1, "random", 1), listen=LOOPBACK, port=0,
                    paced=False, guard=HOST_GUARD if on else OFF).start()
        host.wait_ready(5)
        port = host.status().port
        child = subprocess.Popen(
            [sys.executable, "-c", FLOOD, str(port), str(flood), "8"], stdout=subprocess.PIPE,
            text=True,
            preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard)))
        most, files_ok, files_failed, base = 0, 0, 0, open_fds() or 0
        end = time.monotonic() + 10
        with tempfile.TemporaryDirectory() as folder:
            while child.poll() is None and time.monotonic() < end:
                most = max(most, (open_fds() or 0) - base)
                handles = []
                for i in range(50):
                    try:
                        handles.append(open(Path(folder) / f"{i}.txt", "w"))
                        files_ok += 1
                    except OSError:
                        files_failed += 1
                for handle in handles:
                    handle.close()
                time.sleep(0.05)
        opened = child.stdout.readline().split()[-1] if child.stdout else "?"
        return {"connections opened": opened, "descriptors the host held at most": most,
                "accepts failed (counted with the guard)":
                    host.guard.stats["accept_failed"] if on else "-",
                "tracebacks": tracebacks.count,
                "own file opens that failed": f"{files_failed} of {files_ok + files_failed}"}
    finally:
        if child is not None and child.poll() is None:
            child.kill()
            child.wait(5)
        if host is not None:
            host.close()
        logging.getLogger().removeHandler(tracebacks)
        guard_module.fd_headroom, host_module.accept_guarded = saved
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


# -- memory under half lines ------------------------------------------------------------------
SERVE = """
import asyncio, sys
sys.path.insert(0, sys.argv[1])
from bench.attack import serve_relay
asyncio.run(serve_relay(sys.argv[2] == "on"))
"""


async def serve_relay(on: bool) -> None:
    logging.getLogger().addHandler(logging.NullHandler())     # the figures only
    relay = Relay(PATIENT, max_rooms=100_000,
                  guard=replace(RELAY_GUARD, half_line=600.0) if on else OFF)
    port = (await relay.start(LOOPBACK, 0))[1]
    print("port", port, flush=True)
    loop = asyncio.get_running_loop()
    while True:                  # until this benchmark asks, or its stdin ends
        line = await loop.run_in_executor(None, sys.stdin.readline)
        if not line:
            break
        print("held", relay.guard.budget.used, len(relay.conns),
              relay.guard.stats["over_budget"] + relay.stats["over_budget"], flush=True)
    await relay.close()


def rss_of(pid: int) -> float:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return 0.0


def sources(count: int) -> Iterator[str]:
    for i in range(count):
        yield f"127.1.{i // 250}.{i % 250 + 1}"


def memory_figure(half_lines: int, on: bool) -> dict[str, Any]:
    child = subprocess.Popen([sys.executable, "-c", SERVE, str(ROOT), "on" if on else "off"],
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    socks: list[socket.socket] = []
    try:
        assert child.stdout is not None and child.stdin is not None
        port = int(child.stdout.readline().split()[1])
        before = rss_of(child.pid)
        pairs = half_lines // 2
        per_address = RELAY_GUARD.rooms_per_address
        sent, started = 0, time.perf_counter()
        for source in sources((pairs + per_address - 1) // per_address):
            for _ in range(min(per_address, pairs - len(socks) // 2)):
                try:
                    host = connect(port, source)
                    host.sendall(hello("host"))
                    code = reply(host).split(b'"code":"')[1].split(b'"')[0].decode()
                    guest = connect(port, source)
                    guest.sendall(hello("guest", code))
                    reply(guest)
                except (OSError, IndexError):
                    continue
                socks += [host, guest]
                for end in (host, guest):
                    try:
                        end.sendall(b"x" * HALF_LINE)
                        sent += 1
                    except OSError:
                        pass
        took = time.perf_counter() - started
        time.sleep(2)
        child.stdin.write("?\n")
        child.stdin.flush()
        _, used, conns, dropped = child.stdout.readline().split()
        return {"half lines sent": sent, "seconds": round(took, 1),
                "relay memory before": f"{before:.0f} MB",
                "relay memory after": f"{rss_of(child.pid):.0f} MB",
                "bytes held": f"{int(used) / (1 << 20):.0f} MB",
                "connections left": int(conns), "dropped at the cap": int(dropped)}
    finally:
        for sock in socks:
            sock.close()
        if child.poll() is None:
            child.kill()
            child.wait(5)


def table(title: str, rows: dict[str, dict[str, Any]]) -> None:
    print(f"\n{title}")
    keys = list(next(iter(rows.values())))
    print("| | " + " | ".join(rows) + " |")
    print("|---" * (len(rows) + 1) + "|")
    for key in keys:
        print(f"| {key} | " + " | ".join(str(r[key]) for r in rows.values()) + " |")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tries", type=int, default=10_500)
    parser.add_argument("--flood", type=int, default=1500)
    parser.add_argument("--half-lines", type=int, default=10_000)
    parser.add_argument("--parts", default="123", help="which figures: 1, 2, 3 (default all)")
    args = parser.parse_args()
    logging.getLogger().setLevel(logging.WARNING)     # counted (part 2), never printed
    logging.getLogger().addHandler(logging.NullHandler())
    if "1" in args.parts:
        table(f"1. rooms one address holds at a relay ({args.tries} tries, max 10,000 rooms)",
              {"guard on": rooms_figure(args.tries, RELAY_GUARD),
               "guard off": rooms_figure(args.tries, OFF)})
    if "2" in args.parts:
        table(f"2. a host allowed 1,024 files, {args.flood} idle connections from one address",
              {"guard on": host_figure(args.flood, True),
               "guard off": host_figure(args.flood, False)})
    if "3" in args.parts:
        table(f"3. a relay under {args.half_lines} half lines of {HALF_LINE} bytes",
              {"guard on": memory_figure(args.half_lines, True),
               "guard off": memory_figure(args.half_lines, False)})
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
