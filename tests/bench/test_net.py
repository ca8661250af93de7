"""bench/net.py's pieces the other benchmarks time with."""

from __future__ import annotations

from collections import deque

from bench import net


def test_a_stamped_inbox_times_each_message_as_it_came_not_as_it_is_taken(monkeypatch):
    clock = iter([10.0, 11.0, 99.0])
    monkeypatch.setattr(net.time, "monotonic", lambda: next(clock))
    client = type("Client", (), {})()
    client._inbox = deque()
    inbox = net.stamped(client)
    first, second = object(), object()
    client._inbox.append(first)
    client._inbox.append(second)
    taken = [client._inbox.popleft() for _ in range(2)]
    assert [inbox.when(msg) for msg in taken] == [10.0, 11.0]
    assert inbox.when(first) == 10.0, "asked twice (two wrappers), the same"
    assert net.stamped(client) is inbox
