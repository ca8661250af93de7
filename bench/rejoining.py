"""What a guest's way back to its seat costs in CPU: SPAKE2 with the code (as before) or
the way back by its seat key alone (secure.SeatBack).

Two figures, each the median of ``--runs``:

* **each side's handshake**, the cryptography alone in this thread (``time.thread_time``):
  the guest's message, its pass and its keys; the host's search of the pass among the
  ``--keys`` seat keys it holds, its message and its keys;
* **a whole reconnection at a private table**: a host with its direct door on 127.0.0.1
  and one guest, both in this process; the host drops the guest's link, and the CPU of
  the process (every thread: the host's, the guest's, the table's) is counted from the
  drop until the guest is back at its seat and has the game as it stands.  ``--spake2``
  makes the guest forget it may come back by its key (it proves the code by SPAKE2
  instead, with its pass, as before the way back).

    nice -n 10 .venv/bin/python bench/rejoining.py [--runs 200] [--rejoins 40] [--keys 6]

Every socket binds or connects to 127.0.0.1 only.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Callable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.net.bot import hosted_setup  # noqa: E402
from game.net.client import CONNECTED, RemoteClient  # noqa: E402
from game.net.host import Host  # noqa: E402
from game.net.protocol import QUICK  # noqa: E402
from game.net.secure import GUEST, HOST, Handshake, SeatBack, seat_pass  # noqa: E402

SECRET = b"relay:BENCHPW"


def cpu_ms(work: Callable[[], object], runs: int) -> float:
    """The median CPU milliseconds of ``work`` in this thread."""
    spent = []
    for _ in range(runs):
        start = time.thread_time()
        work()
        spent.append((time.thread_time() - start) * 1000)
    return statistics.median(spent)


def sides(runs: int, held: int) -> dict[str, float]:
    """Each side's handshake, by SPAKE2 and by the way back, in CPU ms."""
    keys = [os.urandom(32) for _ in range(held)]
    seat_key = keys[-1]
    spake_host, back_host = Handshake(SECRET, HOST), SeatBack(HOST)

    def spake_guest() -> object:
        guest = Handshake(SECRET, GUEST)
        seat_pass(seat_key, guest.message)
        return guest.finish(spake_host.message)

    def back_guest() -> object:
        guest = SeatBack(GUEST)
        seat_pass(seat_key, guest.message)
        return guest.finish(seat_key, back_host.message)

    guest_spake, guest_back = Handshake(SECRET, GUEST).message, SeatBack(GUEST).message
    pass_spake, pass_back = seat_pass(seat_key, guest_spake), seat_pass(seat_key, guest_back)

    def found(message: bytes, given: bytes) -> bytes:
        return [key for key in keys if seat_pass(key, message) == given][0]

    def host_spake() -> object:
        found(guest_spake, pass_spake)
        return Handshake(SECRET, HOST).finish(guest_spake)

    def host_back() -> object:
        return SeatBack(HOST).finish(found(guest_back, pass_back), guest_back)

    return {"guest, SPAKE2": cpu_ms(spake_guest, runs), "guest, way back": cpu_ms(back_guest, runs),
            "host, SPAKE2": cpu_ms(host_spake, runs), "host, way back": cpu_ms(host_back, runs)}


def reconnections(rejoins: int, spake2: bool) -> float:
    """The median CPU ms of the whole process for one reconnection at a private table."""
    host = Host(hosted_setup("briscola", 0, 1, "random", 7), name="Host", paced=False,
                stand_in="random", limits=QUICK, listen="127.0.0.1", port=0).start()
    try:
        assert host.wait_ready(10), host.status()
        code = host.status().direct_code
        assert code is not None
        guest = RemoteClient(code, name="Guest", limits=QUICK)
        assert guest.wait_connected(10), guest.reason
        spent = []
        for _ in range(rejoins):
            if spake2 and guest.seat_key is not None:
                guest.seats.unknown = guest.seat_key.key     # as before the way back
            before, reconnects = time.process_time(), guest.reconnects
            peer = host._remote[1].peer
            assert peer is not None
            host._net.call(peer.close)
            while guest.reconnects == reconnects or guest.state != CONNECTED or \
                    host.status().seats[1].stand_in:
                time.sleep(0.001)
            spent.append((time.process_time() - before) * 1000)
            guest.poll()
        guest.close()
        return statistics.median(spent)
    finally:
        host.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=200)
    parser.add_argument("--rejoins", type=int, default=40)
    parser.add_argument("--keys", type=int, default=6, help="seat keys the host holds")
    args = parser.parse_args()
    print(f"load before: {os.getloadavg()[0]:.1f}")
    for name, value in sides(args.runs, args.keys).items():
        print(f"{name:18s} {value:7.3f} ms of CPU a handshake (median of {args.runs})")
    for spake2 in (True, False):
        way = "SPAKE2 with the code" if spake2 else "the way back by the seat key"
        value = reconnections(args.rejoins, spake2)
        print(f"a reconnection, {way}: {value:.2f} ms of the process's CPU "
              f"(host and guest, median of {args.rejoins})")
    print(f"load after: {os.getloadavg()[0]:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
