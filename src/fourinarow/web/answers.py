"""Proven answers kept for the next client that asks: a bounded cache of ``/solve`` replies.

An exact value never changes, so a reply in which every column is proven can be given again at
once, without a search slot and without reading the position again. Popular positions (openings,
shared links, a client replaying a game) are asked for again and again; a position past the
book's depth can take a second to solve, and the search slots keep separate tables, so without
this a hard position warm in one slot is solved again from nothing in the other.

Replies are kept under the request's own words (the position text, diagram, size and connect
length as given), so a lookup costs no parsing and runs on the event loop. Replies with a
column not proven (a time cap reached) are never kept.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Generic, TypeVar

__all__ = ["DEFAULT_ANSWERS", "Answers"]

K = TypeVar("K")
V = TypeVar("V")

DEFAULT_ANSWERS = 100_000
"""How many replies a server keeps by default (a ``/solve`` reply is about 300 bytes)."""


class Answers(Generic[K, V]):
    """A least-recently-used map of at most ``capacity`` replies.

    Args:
        capacity: the most replies kept; 0 keeps none.

    >>> answers: Answers[str, int] = Answers(2)
    >>> answers.put("a", 1); answers.put("b", 2); answers.get("a"); answers.put("c", 3)
    1
    >>> answers.get("b") is None, answers.get("a"), answers.get("c"), len(answers)
    (True, 1, 3, 2)
    """

    def __init__(self, capacity: int = DEFAULT_ANSWERS) -> None:
        if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 0:
            raise ValueError(f"capacity is a whole number of replies, 0 or more, not {capacity!r}")
        self.capacity = capacity
        self._kept: OrderedDict[K, V] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: K) -> V | None:
        """The reply kept for ``key`` (now the most recently used), or ``None``."""
        value = self._kept.get(key)
        if value is None:
            self.misses += 1
            return None
        self.hits += 1
        self._kept.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key``, dropping the least recently used reply when full."""
        if self.capacity == 0:
            return
        self._kept[key] = value
        self._kept.move_to_end(key)
        while len(self._kept) > self.capacity:
            self._kept.popitem(last=False)
