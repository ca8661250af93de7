"""A table's action log read back from the stream the service keeps it in (game/net/tables.py):
what a worker that takes a table over replays.

Read by the stream's **direct get in batches** (``$JS.API.DIRECT.GET``, the stream made
with ``allow_direct``): one request for up to :data:`BATCH` of the table's actions, each
answered by the stream's servers straight to this worker's inbox, then an end-of-batch
line.  The log of a table is then one round trip to NATS, and no call of JetStream's
API: before, the log's last sequence, a consumer made for the read, and its fetches
were three round trips at least and two API calls, which the API answered "service
unavailable" when a hundred claims came at once (bench/README.md).  A server whose
direct get knows no batches (before NATS 2.11) answers one message without its count of
those pending: the log is read through a consumer of its own then, as before.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any, Optional

#: how many actions one request of the log asks for, and seconds it may take
BATCH = 1024
WAIT = 5.0
#: the headers of a direct get's answer (nats.js.api.Header's values)
STATUS, SEQUENCE, PENDING = "Status", "Nats-Sequence", "Nats-Num-Pending"
#: the statuses that end it: nothing (more) to read, the end of a batch
NO_MESSAGES, END_OF_BATCH = "404", "204"


class NoBatches(Exception):
    """This server's direct get answers one message a request: read by a consumer."""


async def read_log(nc: Any, js: Any, jsm: Any, stream: str,
                   subject: str) -> tuple[list[Any], int]:
    """The actions kept on ``subject`` (each as its JSON), in order, and the stream's
    sequence of the last (0 for none): by batches of direct gets, else by a consumer."""
    try:
        return await _direct(nc, stream, subject)
    except NoBatches:
        return await _consumer(js, jsm, stream, subject)


async def _direct(nc: Any, stream: str, subject: str) -> tuple[list[Any], int]:
    actions: list[Any] = []
    last = 0
    answers: asyncio.Queue[Any] = asyncio.Queue()
    inbox = nc.new_inbox()
    sub = await nc.subscribe(inbox, cb=answers.put)
    try:
        while True:
            ask = {"seq": last + 1, "next_by_subj": subject, "batch": BATCH}
            await nc.publish(f"$JS.API.DIRECT.GET.{stream}", json.dumps(ask).encode(),
                             reply=inbox)
            pending: Optional[int] = None
            while True:
                msg = await asyncio.wait_for(answers.get(), WAIT)
                headers = msg.headers or {}
                status = headers.get(STATUS)
                if status == NO_MESSAGES or status == END_OF_BATCH:
                    break
                if status is not None:
                    raise OSError(f"direct get: {status} {headers.get('Description', '')}")
                if PENDING not in headers:
                    raise NoBatches()
                actions.append(json.loads(msg.data))
                last = int(headers[SEQUENCE])
                pending = int(headers[PENDING])
            if not pending:
                return actions, last
    finally:
        await sub.unsubscribe()


async def _consumer(js: Any, jsm: Any, stream: str, subject: str) -> tuple[list[Any], int]:
    """The log read through a consumer of its own, :data:`BATCH` at a time (a server with
    no batches of direct gets)."""
    import nats.js.errors
    from nats.js.api import AckPolicy, ConsumerConfig, DeliverPolicy

    actions: list[Any] = []
    last = 0
    try:
        end = (await jsm.get_last_msg(stream, subject)).seq
    except nats.js.errors.NotFoundError:
        return actions, last                       # not one action yet
    reader = await js.pull_subscribe(
        subject, stream=stream,
        config=ConsumerConfig(deliver_policy=DeliverPolicy.ALL, ack_policy=AckPolicy.NONE,
                              mem_storage=True, inactive_threshold=WAIT))
    try:
        while last < end:
            for msg in await reader.fetch(BATCH, timeout=WAIT):
                actions.append(json.loads(msg.data))
                last = msg.metadata.sequence.stream
    finally:
        await reader.unsubscribe()
    return actions, last
