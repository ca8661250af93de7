"""bench/idle_links.py: idle pairs of sealed connections, their CPU a pair a second."""

from __future__ import annotations

import asyncio

from bench import idle_links


def test_idle_pairs_are_measured_and_closed():
    per = asyncio.run(idle_links.measure(3, 0.05, settle=0.0))
    assert 0.0 <= per < 1.0, "a share of a core a pair"
