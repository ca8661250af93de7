"""game/net/beats.py: every connection's heartbeat and silence on one loop by one
timer; each is looked at when due, not before, and put back at its new time; a read
waiting on a link that fell silent ends, with no timer of its own."""

from __future__ import annotations

import asyncio
import socket
from typing import Optional

import pytest

from game.net import beats, link
from game.net.protocol import QUICK


class _Conn:
    """A connection due at ``due``; each look moves it ``every`` on, until ``looks``."""

    def __init__(self, due: float, every: float = 3.0, looks: int = 1_000) -> None:
        self.due, self.every, self.looks = due, every, looks
        self.seen: list[float] = []

    def beat_due(self) -> Optional[float]:
        return None if len(self.seen) >= self.looks else self.due

    def beat(self, now: float) -> None:
        self.seen.append(now)
        self.due = now + self.every


def test_a_thousand_connections_share_one_timer():
    async def run() -> int:
        loop = asyncio.get_running_loop()
        before = len(loop._scheduled)                   # type: ignore[attr-defined]
        keeper = beats.keeper()
        for i in range(1000):
            keeper.add(_Conn(1e9 + i))
        return len(loop._scheduled) - before            # type: ignore[attr-defined]

    assert asyncio.run(run()) == 1


def test_each_is_looked_at_when_due_not_before_and_put_back_at_its_new_time(monkeypatch):
    clock = [100.0]
    monkeypatch.setattr(beats.time, "monotonic", lambda: clock[0])

    async def run() -> tuple[list[float], list[float], list[float], int]:
        keeper = beats.Beats(asyncio.get_running_loop())
        soon, late, ended = _Conn(101.0), _Conn(150.0), _Conn(101.0, looks=1)
        for conn in (soon, late, ended):
            keeper.add(conn)
        clock[0] = 101.0
        keeper._look()
        clock[0] = 104.0
        keeper._look()
        return soon.seen, late.seen, ended.seen, len(keeper)

    soon, late, ended, kept = asyncio.run(run())
    assert soon == [101.0, 104.0]
    assert late == []
    assert ended == [101.0]                 # ended after its look: dropped from the heap
    assert kept == 2


@pytest.mark.slow
def test_a_read_waiting_on_a_link_that_fell_silent_ends():
    """No timer a line read: the keeper drops a silent link, and the read waiting on it
    ends (its peer said nothing for ``dead_after``)."""
    async def run() -> tuple[Optional[bytes], bool]:
        mine, theirs = socket.socketpair()
        try:
            reader, writer = await asyncio.open_connection(sock=mine)
            one = link.Link(reader, writer, QUICK, 100)
            got = await asyncio.wait_for(one.recv(), 10 * QUICK.dead_after)
            return got, one.closed
        finally:
            theirs.close()

    assert asyncio.run(run()) == (None, True)


def test_a_sealed_channel_whose_connection_is_gone_leaves_the_keeper():
    """A channel nobody closed whose connection ended beat into nothing for ever (a task
    a channel did, before the keeper): it needs no look once its connection is gone."""
    from game.net.guests import RelayPeer
    from game.net.secure import GUEST, Keys, Sealed

    class Relay:
        def send(self, line: bytes) -> None:
            pass

    async def run() -> tuple[object, object]:
        peer = RelayPeer(Relay(), 1, QUICK)  # type: ignore[arg-type]
        sealed = Sealed(peer, Keys(bytes(32), GUEST), QUICK)
        before = sealed.beat_due()
        peer.end()                          # its connection ends; the channel is not closed
        return before, sealed.beat_due()

    before, after = asyncio.run(run())
    assert before is not None and after is None
