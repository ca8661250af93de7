"""game/net/link.py: a relay's name with several addresses (a fleet's gateways) is tried
at every address, in a random order, a refused one passed over.  Nothing here touches
the network: the name's addresses and the connections are stand-ins."""

from __future__ import annotations

import asyncio
import socket
from dataclasses import replace

import pytest

from game.net import link
from game.net.protocol import QUICK

ADDRESSES = ("192.0.2.1", "192.0.2.2", "192.0.2.3")       # TEST-NET-1: never reached


@pytest.fixture
def tried(monkeypatch):
    """The addresses connected to, in order; the first is refused (a gateway down)."""
    order: list[str] = []

    async def getaddrinfo(self, host, port, **kwargs):
        assert host == "relay.example.org"
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port)) for a in ADDRESSES]

    async def open_connection(address, port):
        order.append(address)
        if len(order) == 1:
            raise ConnectionRefusedError("down")
        return asyncio.StreamReader(), _Writer()

    monkeypatch.setattr(asyncio.BaseEventLoop, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(link.asyncio, "open_connection", open_connection)
    return order


class _Writer:
    def get_extra_info(self, name, default=None):
        return default

    def write(self, data):
        pass

    def close(self):
        pass


def test_a_name_with_several_addresses_is_tried_in_a_random_order_passing_over_one_down(tried):
    firsts = set()
    for _ in range(30):
        tried.clear()
        opened = asyncio.run(link.Link.open("relay.example.org", 47800, QUICK, 1000))
        assert isinstance(opened, link.Link)
        assert len(tried) == 2 and len(set(tried)) == 2, "the one refused is passed over"
        firsts.add(tried[0])
    assert firsts == set(ADDRESSES), "players spread over every address"


def test_an_address_that_never_answers_costs_its_own_wait_and_the_next_is_tried(monkeypatch):
    """A gateway's machine that is down answers nothing (no refusal): its address waits
    ``connect_timeout``, and the name's next address is still tried in time."""
    order: list[str] = []

    async def getaddrinfo(self, host, port, **kwargs):
        return [(socket.AF_INET, socket.SOCK_STREAM, 6, "", (a, port)) for a in ADDRESSES]

    async def open_connection(address, port):
        order.append(address)
        if len(order) == 1:
            await asyncio.Event().wait()          # silence, for ever
        return asyncio.StreamReader(), _Writer()

    monkeypatch.setattr(asyncio.BaseEventLoop, "getaddrinfo", getaddrinfo)
    monkeypatch.setattr(link.asyncio, "open_connection", open_connection)
    limits = replace(QUICK, connect_timeout=0.05)
    opened = asyncio.run(link.Link.open("relay.example.org", 47800, limits, 1000))
    assert isinstance(opened, link.Link) and len(order) == 2


def test_hosts_on_a_shared_loop_run_in_its_one_thread_and_stop_one_by_one():
    """A table worker's hosts share one loop (link.SharedLoop): each slot runs its main
    coroutine there as a LoopThread would, and stopping one leaves the others running."""
    import threading

    shared = link.SharedLoop("test-shared")
    seen: list[str] = []
    began = [threading.Event(), threading.Event()]

    def main(i: int):
        async def run() -> None:
            seen.append(threading.current_thread().name)
            began[i].set()
            await asyncio.Event().wait()
        return run

    slots = [shared.slot("one"), shared.slot("two")]
    try:
        for i, slot in enumerate(slots):
            slot.start(main(i))
        assert all(event.wait(5) for event in began)
        assert seen == ["test-shared", "test-shared"]
        slots[0].stop(5)
        assert not slots[0].running() and not slots[0].call(print)
        assert slots[1].running() and slots[1].call(lambda: None)
    finally:
        slots[1].stop(5)
        shared.close()


def test_a_line_that_came_while_the_loop_was_busy_is_read_not_taken_for_silence():
    """A busy machine's loop looks late: the bytes wait in the reader, heard, though the
    link last read anything longer ago than ``dead_after``.  Judged silent, busy links
    were dropped by the hundred at 1,000 tables (``lost host_gone``)."""
    async def late() -> tuple[object, bool]:
        reader = asyncio.StreamReader()
        reader.feed_data(b"a move\n")
        one = link.Link(reader, _Writer(), QUICK, 100)
        one.last_heard -= 10 * QUICK.dead_after          # the loop's timer came late
        return await one.recv(), one.closed

    assert asyncio.run(late()) == (b"a move", False)


def test_a_link_that_heard_nothing_for_dead_after_is_still_dead():
    async def silent() -> tuple[object, bool]:
        one = link.Link(asyncio.StreamReader(), _Writer(), QUICK, 100)
        one.last_heard -= 10 * QUICK.dead_after
        return await one.recv(), one.closed

    assert asyncio.run(silent()) == (None, True)
