"""What an idle connection costs a second: ``--links`` pairs of sealed connections (a
guest's and its host's ends, over socket pairs, in one process and one loop) that say
nothing but their heartbeats, as a table between moves does; the process's CPU over
``--seconds`` a pair a second::

    .venv/bin/python bench/idle_links.py [--links 1000] [--seconds 20]

Each end is what a worker and a players' process hold for a guest: a Link with its
heartbeat (game/net/link.py) under a Sealed channel with its own (game/net/secure.py),
and a task reading it.  The keys are made directly (no handshake: not what is measured).
Everything on socket pairs; nothing touches the network.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.net.link import Link  # noqa: E402
from game.net.protocol import LIMITS, MAX_LINE  # noqa: E402
from game.net.secure import GUEST, HOST, Keys, Sealed  # noqa: E402


async def _end(sock: socket.socket, keys: Keys) -> Sealed:
    reader, writer = await asyncio.open_connection(sock=sock)
    link = Link(reader, writer, LIMITS, MAX_LINE)
    link.start_heartbeat()
    return Sealed(link, keys, LIMITS)


async def _read(sealed: Sealed) -> None:
    while await sealed.recv() is not None:
        pass


async def measure(links: int, seconds: float, settle: float = LIMITS.ping_every) -> float:
    """The process's CPU a pair a second (seconds) over ``seconds`` of idle pairs, after
    ``settle`` seconds (every beat under way)."""
    ends: list[Sealed] = []
    readers: list[asyncio.Task[None]] = []
    for _ in range(links):
        key = os.urandom(32)
        a, b = socket.socketpair()
        for sock, side in ((a, GUEST), (b, HOST)):
            sealed = await _end(sock, Keys(key, side))
            ends.append(sealed)
            readers.append(asyncio.create_task(_read(sealed)))
    await asyncio.sleep(settle)
    cpu, wall = time.process_time(), time.monotonic()
    await asyncio.sleep(seconds)
    spent, took = time.process_time() - cpu, time.monotonic() - wall
    for sealed in ends:
        sealed.close()
    for task in readers:
        task.cancel()
    await asyncio.gather(*readers, return_exceptions=True)
    return spent / took / links


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, default=1000)
    parser.add_argument("--seconds", type=float, default=20.0)
    args = parser.parse_args()
    per = asyncio.run(measure(args.links, args.seconds))
    print(f"{args.links} idle pairs of sealed connections, {args.seconds:.0f} s: "
          f"{per * 1e6:.1f} µs of CPU a pair a second ({per * args.links * 100:.1f}% of a "
          f"core; load average {' '.join(f'{v:.1f}' for v in os.getloadavg())})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
