"""A program started as a service manager starts it: with ``NOTIFY_SOCKET``, and waited
for until it says ``READY=1`` (scenes/ready.py), so a signal sent after is sent to a
program that handles it, however slowly a loaded machine starts it."""

from __future__ import annotations

import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

#: a bound for a program that never says it is up (a failure, never a pace)
NEVER = 120.0


@contextmanager
def started_until_ready(args: list[str], env: dict[str, str],
                        **popen: Any) -> Iterator[subprocess.Popen[str]]:
    """``args`` started with a notify socket of its own, yielded once it said READY=1;
    killed by its pid if it is still running at the end."""
    with tempfile.TemporaryDirectory(prefix="tv-ready-") as folder, \
            socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        where = str(Path(folder) / "notify")
        sock.bind(where)
        sock.settimeout(0.25)           # to see a program that ended without a word
        proc = subprocess.Popen(args, env=dict(env, NOTIFY_SOCKET=where), text=True, **popen)
        try:
            said, end = b"", time.monotonic() + NEVER
            while not said and proc.poll() is None and time.monotonic() < end:
                try:
                    said = sock.recv(256)
                except TimeoutError:
                    pass
            assert said == b"READY=1", f"no READY=1 (exit status {proc.poll()})"
            yield proc
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait(10)
