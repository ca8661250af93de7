"""What a table worker's parts share (game/net/tables.py): where the service keeps its
tables in NATS (the bucket, the stream and a table's subject), a lease's value, and a
table as a worker deals it (:class:`DealtTable`)."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Optional

if TYPE_CHECKING:
    from game.net.host import Host

BUCKET = "tavolata-dealt"
STREAM = "TAVOLATA_DEALT"
SUBJECTS = "tavolata.dealt"
QUEUE = "tavolata-workers"
#: seconds a journal waits for the stream to keep an action (and the start for its record)
JOURNAL_WAIT = 5.0


def subject(table: str) -> str:
    return f"{SUBJECTS}.{table}"


@dataclass
class DealtTable:
    """A table this worker deals: its id, what the bucket holds of it, its host."""

    id: str
    record: dict[str, Any]
    host: Optional[Host] = None
    lease: int = 0                      # the revision of our lease entry
    last: int = 0                       # the stream's sequence of its last action
    count: int = 0                      # actions in its log
    started: bool = False
    quiet_since: float = field(default_factory=time.monotonic)
    over_since: float = 0.0
    stalled: float = 0.0                # its log could not keep a move: tried again then
    calm_until: float = 0.0             # its people at play: the worker's tidy looks then
    ending: bool = False
    #: the seats a computer played at the table's last action (game/net/rated.py: a rated
    #: table's who left), kept with the table when it changes
    left: set[int] = field(default_factory=set)


def lease_value(worker: str, at: Optional[float] = None) -> bytes:
    """A lease's (or a heartbeat's) value: the worker, and when (0: given up)."""
    return json.dumps({"worker": worker, "at": time.time() if at is None else at}).encode()
