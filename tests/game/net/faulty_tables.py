"""A table worker (``python -m game.net.tables``) with one crash point patched in, for
tests/game/net/test_tables.py: a table asked for by the name :data:`FAULT` kills its
worker (kill -9, no goodbye) once the table's lease is made and counted, before its
record is written, the window where a count once outlived its table.  Every other
table is dealt as the shipped worker deals it::

    python -m tests.game.net.faulty_tables --nats URL --relay HOST:PORT ...
"""

from __future__ import annotations

import os
import signal
from typing import Any

from game.net import tables

#: the table name that kills the worker opening it
FAULT = "crash-at-lease"

_host = tables.Worker._host


def _host_or_die(worker: tables.Worker, table: Any, setup: Any, request: Any, owner: Any,
                 resume: Any) -> Any:
    """The worker's ``_host``, preceded by the crash for a new table named FAULT."""
    if resume is None and request.name == FAULT:
        os.kill(os.getpid(), signal.SIGKILL)
    return _host(worker, table, setup, request, owner, resume)


if __name__ == "__main__":       # patched in the worker's process only, not on import
    tables.Worker._host = _host_or_die
    raise SystemExit(tables.main())
