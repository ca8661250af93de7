"""A Venceslao race at a table the service deals, as a guest receives it: how long the
computers in it wait (game/session/race.py's clock at the table worker).

A local fleet on 127.0.0.1 (a NATS server, a gateway, a table worker, as the tests start
them) deals one-game Briscola tables: a bot opens each for two people and leaves once
this guest is seated (a computer of the table's level, Normal, stands in for it), so the
guest plays against two computers.  The guest plays at random but never claims a race,
and tells the host it plays by ear at ``--rate`` words a minute (0: it does not); each
race's wait is the time from the update that opened it to the one that ended it, both
as received: the races the guest was in (a computer against it) and those of two
computers.  Expected: a computer's reaction (Normal 0.7-1.4 s), plus 0.6 s where a
person races, plus the race's words at the guest's rate (13 words: 4.5 s at 175).

    python bench/race_online.py [--games 6] [--rate 175 --rate 0]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import benchenv

benchenv.prepare()

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.net.bot import Autoplayer  # noqa: E402
from game.net.client import RemoteClient  # noqa: E402
from game.net.identity import fingerprint, public_bytes, service_key  # noqa: E402
from game.net.relays import relay_setting  # noqa: E402
from game.session import Update  # noqa: E402
from tests.game.net.conftest import SECRET_FILE, Proc  # noqa: E402
from tests.game.net.fleet import NatsServer, start_gateways  # noqa: E402


def holding(client: RemoteClient, me: Autoplayer) -> None:
    """``me`` never claims: it holds from the first update that shows a race."""
    poll = client.poll

    def polled() -> list:
        got = poll()
        for msg in got:
            if isinstance(msg, Update):
                me.holding = msg.view.get("phase") == "claim"
        return got
    client.poll = polled  # type: ignore[method-assign]


def one_game(relay: str, rate: int) -> list[tuple[bool, float]]:
    """One table: each race's (the guest was in it, seconds until it was taken)."""
    opener = subprocess.Popen(
        [sys.executable, "-m", "game.net.bot", "--limits", "patient", "--timeout", "600",
         "--relay", relay.split("#")[0], "open", "briscola", "--seats", "3", "--open", "2",
         "--options", '{"games": 1}', "--table-level", "normal", "--name", "Opener"],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    code = None
    assert opener.stdout is not None
    while code is None:
        line = opener.stdout.readline()
        if not line:
            raise SystemExit("the opener said nothing")
        code = line.split()[1] if line.startswith("opened ") else None
    client = RemoteClient(code, name="Ears", relay=relay_setting(relay), listening=rate)
    races: list[tuple[bool, float]] = []
    try:
        assert client.wait_connected(60), client.reason
        opener.kill()                          # its seat: a computer's, after a moment
        opener.wait()
        me = Autoplayer(client, "random", 1)
        holding(client, me)
        began = None
        end = time.monotonic() + 600
        while not me.step() and time.monotonic() < end:
            update = me.latest
            if update is not None:
                claim = update.view.get("phase") == "claim"
                if claim and began is None:
                    began = (client.seat in update.to_act, time.monotonic())
                elif not claim and began is not None:
                    races.append((began[0], time.monotonic() - began[1]))
                    began = None
            time.sleep(0.002)
    finally:
        client.close()
    return races


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--rate", type=int, action="append")
    args = parser.parse_args()
    rates = args.rate or [175, 0]
    nats = NatsServer()
    procs: list[Proc] = []
    try:
        _, ports = start_gateways(procs, nats.url, 1, SECRET_FILE, limits="patient")
        key_file = Path(tempfile.mkdtemp(prefix="tavolata-bench-race-")) / "service-key"
        worker = Proc(["-m", "game.net.tables", "--nats", nats.url, "--relay",
                       f"127.0.0.1:{ports[0]}", "--limits", "patient", "--name", "race",
                       "--service-key", str(key_file)])
        worker.expect("worker race deals tables", timeout=30)
        procs.append(worker)
        relay = f"127.0.0.1:{ports[0]}#{fingerprint(public_bytes(service_key(key_file)))}"
        print("| words a minute | races with the guest | their wait p50 s | min-max s | "
              "races of two computers | their wait p50 s | min-max s |")
        print("|---|---|---|---|---|---|---|")
        for rate in rates:
            races = [race for _ in range(args.games) for race in one_game(relay, rate)]
            mine = [s for with_me, s in races if with_me]
            theirs = [s for with_me, s in races if not with_me]

            def cells(waits: list[float]) -> str:
                if not waits:
                    return "0 | - | -"
                return (f"{len(waits)} | {statistics.median(waits):.2f} | "
                        f"{min(waits):.2f}-{max(waits):.2f}")
            print(f"| {rate} | {cells(mine)} | {cells(theirs)} |", flush=True)
    finally:
        for proc in procs:
            proc.end()
        nats.end()
    return 0


if __name__ == "__main__":
    sys.exit(main())
