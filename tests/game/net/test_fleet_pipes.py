"""game/net/fleet.py without a NATS server: when messages may have been lost (NATS gone
for a moment, or a slow consumer's messages dropped), every pipe closes at both ends,
so that no game waits for ever for a line that will not come."""

from __future__ import annotations

import asyncio

import pytest

from tests.game.net.fleet import MISSING

pytestmark = pytest.mark.skipif(MISSING is not None, reason=MISSING or "")


class _Conn:
    def __init__(self) -> None:
        self.closed = False
        self.lost = False

    def close(self, abort: bool = False) -> None:
        self.closed = True

    def connection_lost(self, exc) -> None:
        self.lost = True


def fleet_with_pipes():
    from game.net.fleet import FleetDirectory, _EdgePipe, _PipeTransport
    fleet = FleetDirectory("nats://127.0.0.1:1", name="here")
    edge_conn, home_conn = _Conn(), _Conn()
    fleet.edges["herex1"] = _EdgePipe(fleet, edge_conn, "there", "herex1")
    transport = _PipeTransport(fleet, "there", "therex1", "127.0.0.1")
    transport.protocol = home_conn
    fleet.homes["therex1"] = transport
    return fleet, edge_conn, home_conn


@pytest.mark.parametrize("how", ["nats_gone", "slow_consumer"])
def test_when_messages_may_be_lost_every_pipe_closes_at_both_ends(how):
    import nats.errors

    async def scenario():
        fleet, edge_conn, home_conn = fleet_with_pipes()
        if how == "nats_gone":
            await fleet._nats_down()
        else:
            await fleet._nats_error(nats.errors.SlowConsumerError("s", "", 1, None))
        await asyncio.sleep(0)                      # connection_lost comes soon after
        return fleet, edge_conn, home_conn

    fleet, edge_conn, home_conn = asyncio.run(scenario())
    assert edge_conn.closed and home_conn.lost
    assert not fleet.edges and not fleet.homes


def test_another_error_of_nats_closes_no_pipe():
    async def scenario():
        fleet, edge_conn, home_conn = fleet_with_pipes()
        await fleet._nats_error(OSError("a passing error"))
        return fleet, edge_conn, home_conn

    fleet, edge_conn, home_conn = asyncio.run(scenario())
    assert not edge_conn.closed and not home_conn.lost and fleet.edges and fleet.homes
