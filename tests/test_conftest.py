"""tests/conftest.py: the order the workers' collection hands pytest-xdist."""

from __future__ import annotations

from dataclasses import dataclass

from tests.conftest import longest_first


@dataclass
class Item:
    nodeid: str
    slow: bool = False

    def get_closest_marker(self, name: str) -> object:
        return name == "slow" and self.slow or None


def test_groups_then_the_slow_then_the_rest_each_in_its_collected_order():
    items = [Item("a::fast1"), Item("net::one"), Item("a::slow1", slow=True), Item("b::fast2"),
             Item("net::two", slow=True), Item("c::slow2", slow=True), Item("net::three")]
    ordered = longest_first(items, {"net::one", "net::two", "net::three"})
    assert [i.nodeid for i in ordered] == ["net::one", "net::two", "net::three", "a::slow1",
                                           "c::slow2", "a::fast1", "b::fast2"]
