"""A table worker's heartbeat said from a thread of its own (game/net/table_beat.py),
against a real NATS server on 127.0.0.1: beats go on while the worker's loop does not
turn at all (a worker busy past its core is alive), each beat is told to its claims on
that loop, and a loop stuck for WEDGED seconds says nothing (its tables go to another)."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from game.net.table_beat import WEDGED, Beat
from game.net.table_records import BUCKET
from tests.game.net.fleet import NatsServer

EVERY = 0.05
WITHIN = 30.0


class Claims:
    def __init__(self) -> None:
        self.said = 0
        self.failed: list[Exception] = []

    def said_alive(self) -> None:
        self.said += 1

    async def not_said(self, exc: Exception) -> None:
        self.failed.append(exc)


class Worker:
    def __init__(self, url: str) -> None:
        self.url, self.name = url, "busy"
        self.claims = Claims()
        self.loop: Any = None


async def bucket(url: str) -> tuple[Any, Any]:
    import nats as nats_py
    from nats.js.api import KeyValueConfig

    nc = await nats_py.connect(url)
    return nc, await nc.jetstream().create_key_value(KeyValueConfig(bucket=BUCKET, history=1))


def revision(kv: Any) -> int:
    """The heartbeat's revision, read from a loop that is not the worker's."""
    async def read() -> int:
        try:
            return int((await kv.get("alive.busy")).revision)
        except Exception:  # noqa: BLE001 (not said yet)
            return 0
    return asyncio.run_coroutine_threadsafe(read(), reader).result(10)


reader = asyncio.new_event_loop()


@pytest.mark.slow
def test_a_worker_whose_loop_does_not_turn_is_still_said_alive(nats: NatsServer) -> None:
    import threading

    threading.Thread(target=reader.run_forever, daemon=True).start()
    nc, kv = asyncio.run_coroutine_threadsafe(bucket(nats.url), reader).result(10)
    worker = Worker(nats.url)

    async def main() -> None:
        worker.loop = asyncio.get_running_loop()
        beat = Beat(worker, EVERY)   # type: ignore[arg-type]
        beat.start()
        try:
            first = 0
            end = time.monotonic() + WITHIN
            while not first and time.monotonic() < end:
                first = revision(kv)
            # the worker's loop busy: not one turn while three beats are kept
            while revision(kv) < first + 3 and time.monotonic() < end:
                time.sleep(EVERY)
            assert revision(kv) >= first + 3, "no beat said while the loop was busy"
            while worker.claims.said < 3 and time.monotonic() < end:
                await asyncio.sleep(EVERY)      # each told to the claims on this loop
            assert worker.claims.said >= 3 and not worker.claims.failed
        finally:
            await asyncio.to_thread(beat.stop)
    try:
        asyncio.run(main())
    finally:
        asyncio.run_coroutine_threadsafe(nc.close(), reader).result(10)


def test_a_loop_stuck_for_wedged_seconds_is_said_alive_no_more() -> None:
    beat = Beat(Worker("nats://127.0.0.1:9"), EVERY)   # type: ignore[arg-type]
    assert beat.due()
    beat.turned = time.monotonic() - WEDGED / 2
    assert beat.due(), "busy, not stuck"
    beat.turned = time.monotonic() - WEDGED - 1
    assert not beat.due()
