"""A small least-recently-used cache for rendered surfaces."""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

V = TypeVar("V")


class LRU(Generic[V]):
    """At most ``maxsize`` entries; the least recently used goes first."""

    def __init__(self, maxsize: int) -> None:
        if maxsize < 1:
            raise ValueError("an LRU needs room for at least one entry")
        self.maxsize = maxsize
        self._d: OrderedDict[Hashable, V] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._d)

    def __contains__(self, key: Hashable) -> bool:
        return key in self._d

    def get(self, key: Hashable, make: Callable[[], V]) -> V:
        """The cached value for key, made (and stored) on a miss."""
        try:
            value = self._d[key]
        except KeyError:
            self.misses += 1
            value = make()
            self._d[key] = value
            while len(self._d) > self.maxsize:
                self._d.popitem(last=False)
            return value
        self.hits += 1
        self._d.move_to_end(key)
        return value

    def drop(self, predicate: Callable[[Hashable], bool]) -> int:
        """Forget every key the predicate accepts; returns how many."""
        gone = [k for k in self._d if predicate(k)]
        for k in gone:
            del self._d[k]
        return len(gone)

    def clear(self) -> None:
        self._d.clear()
