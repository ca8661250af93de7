"""Netplay figures, all over 127.0.0.1:

1. the round-trip time of an action: a guest in this process sends its move and
   waits for the update that carries it back, against a host process
   (``python -m game.net.bot host``), directly and through a relay process;
   median and p99 over every move of the guest in ``--games`` Bocce games;
2. the relay under load: ``--pairs`` simulated host/guest pairs through one relay
   process, at game pace (every ``--pace`` seconds each guest sends an action of
   ~120 bytes and its host answers with two updates of ~3 KB, as a move and a
   computer's reply do), for ``--seconds``; the same traffic without the relay
   (the pairs connected straight to each other) gives the baseline, so the added
   latency is the relay's.  Prints pairs held, one-way latency (median, p99) with
   and without the relay, the relay's CPU and memory, and the errors (a line lost
   or late by more than ``--late`` seconds, a connection dropped).  Each pair runs
   SPAKE2 first and seals every line as the game does (game/net/secure.py);
   ``--plain`` sends the same lines unsealed, as the wire did before.

    .venv/bin/python bench/net.py [--games 10] [--pairs 1000] [--seconds 30] [--plain]

Every socket binds or connects to 127.0.0.1 only; every process it starts is
ended by its pid.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import deque
from pathlib import Path
from typing import Any, Callable, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.ai import computer_player  # noqa: E402
from game.net.client import CONNECTED, RemoteClient  # noqa: E402
from game.net.protocol import (  # noqa: E402
    Confirm,
    Moved,
    Paired,
    Pake,
    RelayHello,
    Room,
    decode,
    encode,
)
from game.net.secure import GUEST, HOST, Channel, Handshake, RoomOwner  # noqa: E402
from game.session import Update  # noqa: E402

LOOPBACK = "127.0.0.1"


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


class Stamped(deque[Any]):
    """A client's inbox that notes when each message came (the client's network thread
    appends to it): a round trip ends as its update arrives, not when a players'
    process busy with its hundred other tables next looks.  The stamps of the last
    :data:`KEPT` messages taken are kept (a client polled through two wrappers is asked
    twice)."""

    KEPT = 256

    def __init__(self) -> None:
        super().__init__()
        self.came: dict[int, float] = {}
        #: told of each message as it comes (the client's thread): who looks at it next
        self.woke: Optional[Callable[[], None]] = None

    def append(self, msg: Any) -> None:
        self.came[id(msg)] = time.monotonic()
        super().append(msg)
        if self.woke is not None:
            self.woke()
        while len(self.came) > len(self) + self.KEPT:
            del self.came[next(iter(self.came))]

    def when(self, msg: Any) -> float:
        """When ``msg`` came (time.monotonic()); now, for one come before the stamps."""
        came = self.came.get(id(msg))
        return time.monotonic() if came is None else came


def stamped(client: Any) -> Stamped:
    """``client``'s inbox (a RemoteClient just made: nothing has come yet), stamped."""
    inbox = client._inbox
    if not isinstance(inbox, Stamped):
        inbox = Stamped()
        inbox.extend(client._inbox)
        client._inbox = inbox
    return inbox


def ms(value: float) -> str:
    return f"{value * 1000:.2f} ms"


class Child:
    """A process of this benchmark, read line by line, ended by its pid."""

    def __init__(self, *args: str, log: Optional[Path] = None) -> None:
        """``log``: where its standard error goes (by default, nowhere)."""
        err = open(log, "w") if log is not None else subprocess.DEVNULL
        self.popen = subprocess.Popen([sys.executable, *args], cwd=ROOT, stdout=subprocess.PIPE,
                                      stderr=err, text=True)
        if log is not None:
            err.close()

    def expect(self, prefix: str) -> str:
        assert self.popen.stdout is not None
        for line in self.popen.stdout:
            if line.startswith(prefix):
                return line[len(prefix):].strip()
        raise RuntimeError(f"{self.popen.args[1:4]} ended without {prefix!r}")

    def end(self, within: float = 10.0) -> None:
        """SIGTERM, then SIGKILL if it has not ended ``within`` seconds later (a profiled
        worker writes its profile as it stops: give it longer)."""
        if self.popen.poll() is None:
            self.popen.terminate()
            try:
                self.popen.wait(within)
            except subprocess.TimeoutExpired:
                self.popen.kill()
                self.popen.wait(10)
        if self.popen.stdout is not None:
            self.popen.stdout.close()


#: the benchmark's relays keep their secret here, not in the user's state directory
SECRET_FILE = Path(tempfile.mkdtemp(prefix="tavolata-bench-")) / "relay-secret"


def start_relay() -> tuple[Child, int]:
    # every pair comes from 127.0.0.1: lift what one address may hold (game/net/guard.py)
    relay = Child("-m", "game.net.relay", "--listen", LOOPBACK, "--port", "0",
                  "--max-rooms", "100000", "--per-address", "100000",
                  "--rooms-per-address", "100000", "--secret-file", str(SECRET_FILE))
    return relay, int(relay.expect("relay listening on ").rsplit(":", 1)[1])


# -- 1. round trip of an action --------------------------------------------------------------
def one_game(relay_port: Optional[int], seed: int) -> list[float]:
    """Round trips of every move the guest makes in one Bocce game."""
    way = ["--relay", f"{LOOPBACK}:{relay_port}"] if relay_port else []
    door = [] if relay_port else ["--listen", LOOPBACK, "--port", "0"]
    host = Child("-m", "game.net.bot", *way, "host", "bocce", "--seed", str(seed), *door,
                 "--linger", "2")
    try:
        code = host.expect("relay " if relay_port else "direct ")
        client = RemoteClient(code, name="bench",
                              relay=(LOOPBACK, relay_port) if relay_port else None)
        try:
            if not client.wait_connected(10):
                raise RuntimeError(f"could not join: {client.reason}")
            return _play_timed(client, seed)
        finally:
            client.close()
    finally:
        host.end()


def _play_timed(client: RemoteClient, seed: int) -> list[float]:
    player = computer_player("bocce", "random")
    rng = random.Random(seed)
    latest: Optional[Update] = None
    waiting: Optional[tuple[int, float]] = None     # (version sent for, when)
    sent = -1
    times: list[float] = []
    end = time.monotonic() + 60
    while time.monotonic() < end and client.state == CONNECTED:
        for msg in client.poll():
            if not isinstance(msg, Update):
                waiting = None                       # a race lost: not timed
                continue
            latest = msg
            if waiting and msg.version == waiting[0] + 1 and msg.actor == client.seat:
                times.append(time.perf_counter() - waiting[1])
                waiting = None
        if latest is not None and latest.over:
            return times
        if latest is not None and latest.my_turn and waiting is None and latest.version > sent:
            action = player.choose(dict(latest.view), list(latest.legal), rng)
            sent = latest.version
            waiting = (sent, time.perf_counter())
            client.submit(action, sent)
        else:
            time.sleep(0.00005)
    raise RuntimeError("the game did not end")


def round_trips(games: int) -> None:
    relay, port = start_relay()
    try:
        for name, relay_port in (("direct", None), ("relay", port)):
            times: list[float] = []
            for seed in range(games):
                times += one_game(relay_port, seed)
            print(f"round trip of an action, {name:6}: median {ms(statistics.median(times))}, "
                  f"p99 {ms(percentile(times, 99))} ({len(times)} moves, {games} games)")
    finally:
        relay.end()


# -- 2. the relay under load -----------------------------------------------------------------
ACTION_PAD = "a" * 60
UPDATE_PAD = "u" * 2900


class Tagged:
    """A host's stream at a relay of protocol 3 seen as one guest's: its id stripped
    from what comes in and put before each line that goes out."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                 gid: bytes) -> None:
        self.reader, self.writer, self.gid = reader, writer, gid

    async def readline(self) -> bytes:
        while True:
            line = await self.reader.readline()
            if not line or not line.startswith(b"!"):
                return line.partition(b" ")[2] if line else line

    def write(self, data: bytes) -> None:
        self.writer.write(b"".join(self.gid + b" " + line + b"\n"
                                   for line in data.split(b"\n")[:-1]))

    def close(self) -> None:
        self.writer.close()


class Load:
    """Pairs of connections exchanging game-sized lines at game pace, sealed unless
    ``plain``."""

    def __init__(self, pairs: int, pace: float, late: float, plain: bool = False) -> None:
        self.pairs = pairs
        self.pace = pace
        self.late = late
        self.plain = plain
        self.latencies: list[float] = []
        self.sent = self.received = self.errors = 0
        self.dropped = 0
        self.measuring = False
        self.running = True
        self.held = 0
        self.sent_on = 0          # guests a gateway of a fleet sent to their room's

    def stamp(self, kind: str, pad: str, channel: Optional[Channel]) -> bytes:
        self.sent += self.measuring
        line = json.dumps({"type": kind, "t": time.perf_counter(), "m": self.measuring,
                           "pad": pad}).encode()
        return (line if channel is None else channel.seal(line)) + b"\n"

    def heard(self, line: bytes, channel: Optional[Channel]) -> None:
        msg = json.loads(line if channel is None else channel.open(line.rstrip(b"\n")))
        if msg["m"]:
            delay = time.perf_counter() - msg["t"]
            self.latencies.append(delay)
            self.received += 1
            if delay > self.late:
                self.errors += 1

    async def handshake(self, side: str, reader: asyncio.StreamReader,
                        writer: asyncio.StreamWriter) -> Optional[Channel]:
        """SPAKE2 and the key confirmations, as a guest and a host run them."""
        if self.plain:
            return None
        handshake = Handshake(b"relay:BENCHPW", side)
        if side == GUEST:
            writer.write(encode(Pake(handshake.message)))
            reply = decode((await reader.readline()).rstrip(b"\n"), (Pake,))
            keys = handshake.finish(reply.msg)
            writer.write(encode(Confirm(keys.mine)))
        else:
            first = decode((await reader.readline()).rstrip(b"\n"), (Pake,))
            keys = handshake.finish(first.msg)
            writer.write(encode(Pake(handshake.message, keys.mine)))
            decode((await reader.readline()).rstrip(b"\n"), (Confirm,))
        return keys.channel()

    async def host_side(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                        channel: Optional[Channel] = None) -> None:
        try:
            if channel is None:
                channel = await self.handshake(HOST, reader, writer)
            while self.running:
                line = await reader.readline()
                if not line:
                    break
                if line.startswith(b"!"):
                    continue
                self.heard(line, channel)
                writer.write(self.stamp("update", UPDATE_PAD, channel) +
                             self.stamp("update", UPDATE_PAD, channel))
        finally:
            if self.running:
                self.dropped += 1

    async def guest_side(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter,
                         channel: Optional[Channel]) -> None:
        async def listen() -> None:
            while self.running:
                line = await reader.readline()
                if not line:
                    if self.running:
                        self.dropped += 1
                    return
                if not line.startswith(b"!"):
                    self.heard(line, channel)

        task = asyncio.get_running_loop().create_task(listen())
        await asyncio.sleep(random.uniform(0, self.pace))
        try:
            while self.running and not task.done():
                writer.write(self.stamp("submit", ACTION_PAD, channel))
                await asyncio.sleep(self.pace * random.uniform(0.8, 1.2))
        finally:
            task.cancel()

    async def pair_through_relay(self, port: int, setting_up: asyncio.Semaphore,
                                 guest_port: Optional[int] = None) -> None:
        """A host at the relay on ``port`` and its guest (at ``guest_port``, else the
        same relay); the host's lines carry the guest's id (relay protocol 3)."""
        async with setting_up:      # a few handshakes at a time: SPAKE2 takes the CPU
            hr, hw = await asyncio.open_connection(LOOPBACK, port, limit=1 << 20)
            hw.write(encode(RelayHello("host", owner=RoomOwner().public)))
            room = decode((await hr.readline()).rstrip(b"\n"), (Room,))
            assert isinstance(room, Room)
            gr, gw = await self.guest_at(guest_port or port, room.code)
            joined = (await hr.readline()).strip()
            assert joined.startswith(b"!joined ")
            host = Tagged(hr, hw, joined.split()[1])
            theirs, ours = await asyncio.gather(self.handshake(GUEST, gr, gw),
                                                self.handshake(HOST, host, host))  # type: ignore[arg-type]
        self.held += 1
        serving = asyncio.get_running_loop().create_task(
            self.host_side(host, host, ours))  # type: ignore[arg-type]
        await self.guest_side(gr, gw, theirs)
        gw.close()
        hw.close()                  # the host side reads the end of its stream and stops
        await serving

    async def guest_at(self, port: int, room: str) -> tuple[asyncio.StreamReader,
                                                          asyncio.StreamWriter]:
        """A guest paired in ``room`` by the relay at ``port``, or by the gateway of a
        fleet it is sent to (``moved``: one hop, as game/net/client.py goes)."""
        reader, writer = await asyncio.open_connection(LOOPBACK, port, limit=1 << 20)
        writer.write(encode(RelayHello("guest", code=room, follow=True)))
        answer = decode((await reader.readline()).rstrip(b"\n"), (Paired, Moved))
        if isinstance(answer, Moved):
            writer.close()
            self.sent_on += 1
            host, there = answer.address
            reader, writer = await asyncio.open_connection(host, there, limit=1 << 20)
            writer.write(encode(RelayHello("guest", code=room)))
            decode((await reader.readline()).rstrip(b"\n"), (Paired,))
        return reader, writer

    async def pair_direct(self, server_port: int, setting_up: asyncio.Semaphore) -> None:
        async with setting_up:
            gr, gw = await asyncio.open_connection(LOOPBACK, server_port, limit=1 << 20)
            channel = await self.handshake(GUEST, gr, gw)
        self.held += 1
        await self.guest_side(gr, gw, channel)
        gw.close()

    async def run(self, relay_port: Optional[int], seconds: float,
                  relay_pid: Optional[int]) -> dict:
        """Connect the pairs (through the relay, or straight to a server of this process
        playing every host), measure for ``seconds``, then let every pair end."""
        server = None
        if relay_port is None:
            server = await asyncio.start_server(self.host_side, LOOPBACK, 0, backlog=4096,
                                                limit=1 << 20)
            direct_port = server.sockets[0].getsockname()[1]
        loop = asyncio.get_running_loop()
        setting_up = asyncio.Semaphore(8)
        tasks = []
        for start in range(0, self.pairs, 100):          # connect in batches
            tasks += [loop.create_task(self.pair_through_relay(relay_port, setting_up)
                                       if relay_port else
                                       self.pair_direct(direct_port, setting_up))
                      for _ in range(start, min(self.pairs, start + 100))]
            await asyncio.sleep(0.05)
        while self.held < self.pairs:
            await asyncio.sleep(0.1)
            if any(t.done() and t.exception() for t in tasks):
                raise next(t.exception() for t in tasks if t.done() and t.exception())
        await asyncio.sleep(self.pace * 2)                # settle
        cpu0 = cpu_seconds(relay_pid)
        self.measuring = True
        started = time.monotonic()
        await asyncio.sleep(seconds)
        self.measuring = False
        elapsed = time.monotonic() - started
        cpu1 = cpu_seconds(relay_pid)
        await asyncio.sleep(max(1.0, self.late))          # the last lines arrive
        held = self.pairs - self.dropped
        self.running = False        # every guest stops, closes, and its host side ends
        await asyncio.wait(tasks, timeout=self.pace * 2 + 5)
        if server is not None:
            server.close()
            await server.wait_closed()
        return {"held": held, "lost": self.sent - self.received, "elapsed": elapsed,
                "cpu": (cpu1 - cpu0) / elapsed if relay_pid else None}


def cpu_seconds(pid: Optional[int]) -> float:
    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def memory(pid: int) -> str:
    status = dict(line.split(":", 1) for line in Path(f"/proc/{pid}/status").read_text()
                  .splitlines() if ":" in line)
    return f"RSS {status['VmRSS'].strip()} (peak {status['VmHWM'].strip()})"


def raise_file_limit(needed: int) -> None:
    """Each pair holds two sockets in this process, and two in the relay (which inherits
    the limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < needed:
        target = needed if hard == resource.RLIM_INFINITY else min(needed, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (target, hard))
        print(f"open-file limit raised from {soft} to {target}")


def under_load(pairs: int, seconds: float, pace: float, late: float, plain: bool) -> None:
    raise_file_limit(2 * pairs + 200)
    print("lines unsealed (--plain)" if plain else "lines sealed (SPAKE2, ChaCha20-Poly1305)")
    base = Load(pairs, pace, late, plain)
    direct = asyncio.run(base.run(None, seconds, None))
    relay, port = start_relay()
    try:
        load = Load(pairs, pace, late, plain)
        through = asyncio.run(load.run(port, seconds, relay.popen.pid))
        mem = memory(relay.popen.pid)
    finally:
        relay.end()
    for name, run, result in (("without relay", base, direct), ("through relay", load, through)):
        lat = run.latencies
        print(f"{name}: {result['held']}/{pairs} pairs held, {len(lat)} lines in "
              f"{result['elapsed']:.0f} s, one-way median {ms(statistics.median(lat))}, "
              f"p99 {ms(percentile(lat, 99))}, max {ms(max(lat))}; lost {result['lost']}, "
              f"late {run.errors}, dropped {run.dropped}")
    added = percentile(load.latencies, 99) - percentile(base.latencies, 99)
    print(f"relay: p99 added latency {ms(added)}, CPU {through['cpu'] * 100:.1f}% of a core, "
          f"{mem}; errors {load.errors + load.dropped + through['lost']}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=10, help="games per way for the round trip")
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--pace", type=float, default=1.0, help="seconds between a guest's moves")
    parser.add_argument("--late", type=float, default=1.0,
                        help="seconds after which a line counts as an error")
    parser.add_argument("--skip-rtt", action="store_true")
    parser.add_argument("--skip-load", action="store_true")
    parser.add_argument("--plain", action="store_true",
                        help="the load's lines unsealed, as before the secure channel")
    args = parser.parse_args()
    if not args.skip_rtt:
        round_trips(args.games)
    if not args.skip_load:
        under_load(args.pairs, args.seconds, args.pace, args.late, args.plain)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
