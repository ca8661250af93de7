"""The fleet over a NATS cluster: three NATS servers clustered on 127.0.0.1 (JetStream
on, a store each), each gateway on a server of its own and its buckets kept on all
three (``--replicas 3``).  Whole games are played with their host and guest on two
gateways (the guest piped: the gateways' public addresses answer nobody, so that
its lines cross the cluster) while one NATS server is killed (kill -9, by its pid):
the cluster keeps its quorum (two of three) and the games finish."""

from __future__ import annotations

import asyncio
from typing import Iterator

import pytest

from game.net.fleet import MISSES_BUCKET, ROOMS_BUCKET, TABLES_BUCKET
from tests.game.net.conftest import SECRET_FILE
from tests.game.net.fleet import MISSING, Front, NatsCluster, start_gateways
from tests.game.net.helpers import play
from tests.game.net.test_fleet import (
    Fleet,
    bystanders,
    finished,
    nowhere,
    start_guest,
    start_host,
)

pytestmark = pytest.mark.slow       # a cluster, gateways and whole games


@pytest.fixture
def cluster() -> Iterator[NatsCluster]:
    if MISSING is not None:
        pytest.skip(MISSING)
    servers = NatsCluster(3)
    yield servers
    servers.end()


@pytest.fixture
def fleet(cluster, procs) -> Iterator[Fleet]:
    """Three gateways, gateway i on NATS server i, their buckets on all three servers;
    the guests they send on come back and are piped."""
    started, ports = start_gateways(procs, cluster.urls, 3, SECRET_FILE, "--replicas", "3",
                                    public=nowhere(3), limits="patient")
    front = Front(ports)
    yield Fleet(cluster.servers[0], started, ports, front)
    front.close()


def copies(url: str, bucket: str) -> int:
    """How many servers keep ``bucket`` (its stream's replicas), as NATS says."""
    async def ask() -> int:
        import nats

        nc = await nats.connect(url)
        try:
            info = await nc.jetstream().stream_info(f"KV_{bucket}")
            return int(info.config.num_replicas or 1)
        finally:
            await nc.close()

    return asyncio.run(ask())


@pytest.mark.parametrize("whose", ["host", "guest"])
def test_a_nats_server_killed_mid_game_and_the_game_finishes(whose, cluster, fleet, procs):
    """kill -9 the NATS server of the host's gateway (the room's home) or of the
    guest's: that gateway goes on through another server of the cluster, its pipes
    closed and their clients back; the game finishes, and a table whose people are
    all on the gateway the game does not use never notices.  As in test_fleet.py, with
    the PATIENT limits, the host waiting for its guest once a computer has stood in."""
    host, code = start_host(procs, fleet, "bocce", 8, "--delay", "0.03", "--wait-for-guests")
    guest = start_guest(procs, fleet, code)
    guest.expect("joined ")
    placed = list(fleet.front.placed)
    assert placed == [0, 1, 2], "the host on gateway 0 (NATS server 0), its guest sent on " \
        "from 1, back through the name to 2 and piped"
    assert all(copies(cluster.urls[2], bucket) == 3
               for bucket in (ROOMS_BUCKET, TABLES_BUCKET, MISSES_BUCKET))
    with bystanders(fleet.ports[1]) as bystander:
        killed = cluster.servers[placed[0] if whose == "host" else placed[-1]]
        killed.stop()
        finished(host, guest)
        assert len(fleet.front.placed) > len(placed), "the guest came back mid-game"
        assert play(bystander).over and bystander.reconnects == 0, "undisturbed"
    assert killed.popen is not None and killed.popen.poll() is not None, "it stayed dead"
