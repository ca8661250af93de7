"""How long friends behind one router wait to sit when they join one table at once.

Five friends share one public address (here 127.0.0.1, as behind a home router) and
give a table's code at the same instant: a host of Bisca at six in this process,
reached through a relay process, then at its own door, with the limits a real game
uses (``guess_first`` 1 s, ``guess_most`` 8 s).  Prints, for each of ``--rounds``
tables, how long each friend took from its start to its seat in the waiting room
(sorted; the host starts the game once all five sit), and the slowest over every
round.  Through the relay, then: one stranger's wrong code from the same address,
and what three attempts with the right code after it heard within 3 s (the game has
begun, so one that gets its turn hears ``room_full``; the others still wait theirs:
wrong codes are slowed as before).

    .venv/bin/python bench/joining.py [--rounds 5] [--friends 5]

Every socket binds or connects to 127.0.0.1 only; the relay process is ended by its pid.
"""

from __future__ import annotations

import argparse
import logging
import sys
import threading
import time
from pathlib import Path
from typing import Any, Optional

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.net import LOOPBACK, SECRET_FILE, Child  # noqa: E402
from game.net import codes  # noqa: E402
from game.net.client import CONNECTED, WAITING, RemoteClient  # noqa: E402
from game.net.host import Host  # noqa: E402
from game.session import HUMAN, REMOTE, GameSetup, SeatSpec  # noqa: E402


def start_relay() -> tuple[Child, int]:
    """A relay process with the real limits (its guards as shipped: friends from one
    address are what it must let in)."""
    relay = Child("-m", "game.net.relay", "--listen", LOOPBACK, "--port", "0",
                  "--secret-file", str(SECRET_FILE))
    return relay, int(relay.expect("relay listening on ").rsplit(":", 1)[1])


def seated_in(client: RemoteClient, started: float, timeout: float) -> Optional[float]:
    """Seconds from ``started`` until ``client`` sat at the table, in the waiting room
    or at the game the host starts once every seat is taken (None: it did not)."""
    end = started + timeout
    while client.state not in (WAITING, CONNECTED):
        if time.monotonic() > end or client.reason:
            return None
        time.sleep(0.002)
    return time.monotonic() - started


def one_table(friends: int, relay: Optional[int], seed: int) -> tuple[list[Optional[float]], str]:
    """``friends`` friends join one table at once: each one's time to its seat, and
    (through the relay) what a stranger's wrong code did then."""
    setup = GameSetup("bisca", (SeatSpec(HUMAN, name="Host"),) +
                      tuple(SeatSpec(REMOTE) for _ in range(friends)), {}, seed)
    door = {"relay": (LOOPBACK, relay), "listen": None} if relay else \
        {"listen": LOOPBACK, "port": 0}
    host = Host(setup, name="Host", paced=False, stand_in="random", **door).start()
    try:
        if not host.wait_ready(10):
            raise RuntimeError(f"no table: {host.status()}")
        status = host.status()
        code = status.relay_code if relay else status.direct_code
        assert code is not None
        reach: dict[str, Any] = {"relay": (LOOPBACK, relay)} if relay else {}
        times: list[Optional[float]] = [None] * friends
        gate = threading.Barrier(friends)
        clients: list[RemoteClient] = []

        def friend(i: int) -> None:
            gate.wait()
            started = time.monotonic()
            client = RemoteClient(code, name=f"Friend {i + 1}", **reach)
            clients.append(client)
            times[i] = seated_in(client, started, 40.0)

        threads = [threading.Thread(target=friend, args=(i,)) for i in range(friends)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        after = stranger(code, reach, host) if relay else ""
        for client in clients:
            client.close()
        return times, after
    finally:
        host.close()


def stranger(code: str, reach: dict[str, Any], host: Host) -> str:
    """One wrong code from the friends' address, then three attempts at once: what each
    of those heard within 3 s (each friend's code was right, so the slate was clean)."""
    room = codes.parse(code)
    assert isinstance(room, codes.RelayCode)
    wrong = RemoteClient(codes.new_relay_code(room.room).text, **reach)
    wrong.wait_connected(10)
    wrong.close()
    after = [RemoteClient(code, **reach) for _ in range(3)]
    time.sleep(3.0)
    heard = [c.reason or ("seated" if c.state == CONNECTED else "waiting its turn")
             for c in after]
    for client in after:
        client.close()
    return f"{host.wrong_codes} counted; the three attempts after it: {', '.join(heard)}"


def main() -> int:
    logging.disable(logging.WARNING)
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--friends", type=int, default=5)
    args = parser.parse_args()
    relay, port = start_relay()
    try:
        for door, where in (("relay", port), ("direct", None)):
            slowest = 0.0
            for seed in range(args.rounds):
                times, after = one_table(args.friends, where, seed)
                shown = ", ".join("not seated" if t is None else f"{t:.2f}"
                                  for t in sorted(times, key=lambda t: t or 1e9))
                print(f"{door:6} table {seed + 1}: seated after {shown} s")
                if after:
                    print(f"             then a wrong code: {after}")
                slowest = max([slowest] + [t if t is not None else float("inf") for t in times])
            print(f"{door:6}: the slowest of {args.rounds * args.friends} friends sat after "
                  f"{slowest:.2f} s")
    finally:
        relay.end()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
