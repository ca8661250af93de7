"""How long one write of the resume slot takes (game/saves.py), after each action of a
Bolola game between four people (469 actions, the longest log of all the games): the
figure that decided to write off the frame's thread (game/kept.py's Writer).

    python bench/keeping.py
"""

from __future__ import annotations

import random
import tempfile
import time
from pathlib import Path

import benchenv

benchenv.prepare()

from game.saves import Store, record_of  # noqa: E402
from game.session import HUMAN, GameSetup, SeatSpec, Session  # noqa: E402


def main() -> None:
    setup = GameSetup("bolola", tuple(SeatSpec(HUMAN) for _ in range(4)), {}, 3)
    session = Session(setup)
    store = Store(Path(tempfile.mkdtemp(prefix="tavolata-bench-")))
    rng = random.Random(1)
    times = []
    while not session.over:
        state = session.state
        seat = rng.choice(state.to_act())
        session.submit(seat, rng.choice(state.legal_actions(seat)))
        start = time.perf_counter()
        store.keep(record_of(setup, 0, session.log()))
        times.append(time.perf_counter() - start)
    times.sort()
    n = len(times)
    print(f"{n} writes of the resume slot ({store.slot('bolola').stat().st_size} bytes at the "
          f"end): median {times[n // 2] * 1e3:.2f} ms, p99 {times[int(n * .99)] * 1e3:.2f} ms, "
          f"max {times[-1] * 1e3:.2f} ms")


if __name__ == "__main__":
    main()
