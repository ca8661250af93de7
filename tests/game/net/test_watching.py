"""Mirroring a bucket across restarts of NATS (game/net/watching.py), against a real
nats-server on 127.0.0.1: an entry put after the server restarted (its store kept) is
seen, where nats-py's watcher alone waits for ever without a word."""

from __future__ import annotations

import asyncio
import time
from typing import Any, Callable

import pytest

from game.net.watching import Returns, mirror
from tests.game.net.fleet import NatsServer, needs_nats


async def _until(condition: Callable[[], bool], timeout: float, what: str) -> None:
    end = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < end, f"still not {what} after {timeout} s"
        await asyncio.sleep(0.01)


async def _put_once_back(kv: Any, key: str, timeout: float) -> None:
    """Put ``key``, tried again while the server is not back yet."""
    end = time.monotonic() + timeout
    while True:
        try:
            await kv.put(key, b"1")
            return
        except Exception:
            assert time.monotonic() < end, f"NATS did not take {key}"
            await asyncio.sleep(0.1)


async def _restart_and_put(server: NatsServer) -> dict[str, bytes]:
    import nats
    from nats.js.api import KeyValueConfig, StorageType

    returns = Returns()

    async def back() -> None:
        returns.back()

    nc = await nats.connect(server.url, max_reconnect_attempts=-1, reconnect_time_wait=0.1,
                            reconnected_cb=back)
    seen: dict[str, bytes] = {}
    try:
        kv = await nc.jetstream().create_key_value(KeyValueConfig(
            bucket="watched", history=1, storage=StorageType.FILE))
        task = asyncio.create_task(mirror(
            kv.watchall, lambda e: e is not None and seen.update({e.key: e.value}), returns,
            "test"))
        await kv.put("before", b"1")
        await _until(lambda: "before" in seen, 10, "the entry put before seen")
        await asyncio.to_thread(server.restart)
        await _put_once_back(kv, "after", 10)
        await _until(lambda: "after" in seen, 10, "the entry put after the restart seen")
        task.cancel()
    finally:
        await nc.close()
    return seen


@needs_nats
@pytest.mark.slow
def test_a_mirror_sees_what_is_put_after_nats_restarts():
    server = NatsServer()
    try:
        seen = asyncio.run(_restart_and_put(server))
    finally:
        server.end()
    assert set(seen) == {"before", "after"}
