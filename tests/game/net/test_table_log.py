"""A table's log read back from the stream (game/net/table_log.py), against a real NATS
server on 127.0.0.1: every action of the table, in order, none of another table's, and
the sequence of the last, whether the log is empty, short or longer than a batch; by the
stream's direct gets, and by a consumer (a server without batches) alike."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from game.net import table_log

STREAM, SUBJECTS = "LOGS_TEST", "logs.test"


async def _kept_and_read(url: str, counts: dict[str, int],
                         read: Any) -> dict[str, tuple[list[Any], int, int]]:
    """Each table's actions published (``counts``, interleaved), then read back by
    ``read``: per table, what was read, its last sequence, and the stream's."""
    import nats as nats_client
    from nats.js.api import StreamConfig

    nc = await nats_client.connect(url)
    try:
        js, jsm = nc.jetstream(), nc.jsm()
        await jsm.add_stream(StreamConfig(name=STREAM, subjects=[f"{SUBJECTS}.>"],
                                          allow_direct=True))
        last: dict[str, int] = {}
        for i in range(max(counts.values())):
            for table, count in counts.items():
                if i < count:
                    ack = await js.publish(f"{SUBJECTS}.{table}", json.dumps([i % 3, f"a{i}"])
                                           .encode(), stream=STREAM)
                    last[table] = ack.seq
        out = {}
        for table in counts:
            actions, seq = await read(nc, js, jsm, STREAM, f"{SUBJECTS}.{table}")
            out[table] = (actions, seq, last.get(table, 0))
        await jsm.delete_stream(STREAM)
        return out
    finally:
        await nc.close()


@pytest.mark.slow
@pytest.mark.parametrize("way", ["direct", "consumer"])
def test_a_tables_log_reads_back_whole_in_order_and_alone(nats, way):
    counts = {"empty": 0, "short": 7, "long": 2 * table_log.BATCH + 5, "beside": 900}

    async def read(nc: Any, js: Any, jsm: Any, stream: str, subject: str) -> Any:
        if way == "direct":
            return await table_log._direct(nc, stream, subject)
        return await table_log._consumer(js, jsm, stream, subject)
    # the empty table was never published to: its subject has no message at all
    got = asyncio.run(_kept_and_read(nats.url, counts, read))
    for table, count in counts.items():
        actions, seq, last = got[table]
        assert actions == [[i % 3, f"a{i}"] for i in range(count)], table
        assert seq == last, table
