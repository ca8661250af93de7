"""A small least-recently-used cache for rendered surfaces."""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Generic, Hashable, TypeVar

V = TypeVar("V")
#: a cache key: a tuple, its kind first (``("face", code, width, style)``)
Key = tuple[Hashable, ...]


class LRU(Generic[V]):
    """At most ``maxsize`` entries (and, given ``weigh``, at most ``budget`` of their
    weight, e.g. bytes); the least recently used goes first."""

    def __init__(self, maxsize: int, budget: int = 0,
                 weigh: Callable[[V], int] | None = None) -> None:
        if maxsize < 1:
            raise ValueError("an LRU needs room for at least one entry")
        self.maxsize = maxsize
        self.budget = budget
        self.weigh = weigh
        self.weight = 0
        self._d: OrderedDict[Key, V] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._d)

    def __contains__(self, key: Key) -> bool:
        return key in self._d

    def get(self, key: Key, make: Callable[[], V]) -> V:
        """The cached value for key, made (and stored) on a miss."""
        try:
            value = self._d[key]
        except KeyError:
            self.misses += 1
            value = make()
            self._d[key] = value
            if self.weigh is not None:
                self.weight += self.weigh(value)
            while len(self._d) > 1 and (len(self._d) > self.maxsize or
                                        (self.budget and self.weight > self.budget)):
                self._forget(self._d.popitem(last=False)[1])
            return value
        self.hits += 1
        self._d.move_to_end(key)
        return value

    def drop(self, predicate: Callable[[Key], bool]) -> int:
        """Forget every key the predicate accepts; returns how many."""
        gone = [k for k in self._d if predicate(k)]
        for k in gone:
            self._forget(self._d.pop(k))
        return len(gone)

    def clear(self) -> None:
        self._d.clear()
        self.weight = 0

    def _forget(self, value: V) -> None:
        if self.weigh is not None:
            self.weight -= self.weigh(value)
