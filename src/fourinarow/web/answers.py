"""Proven answers kept for the next client that asks: a bounded cache of ``/solve`` values.

An exact value never changes, so the values of a position in which every column is proven can
be given again at once, without a search slot. Popular positions (openings, shared links, a
client replaying a game) are asked for again and again; a position past the book's depth can
take a second to solve, and the search slots keep separate tables, so without this a hard
position warm in one slot is solved again from nothing in the other.

Values are kept under the position itself (:func:`answer_key`: the board's shape and stones),
not under the request's words, so ``pos=4453``, ``pos=%204453%20`` and a diagram of the same
stones find the same entry, and no client can fill the cache with spellings of one position.
The cache is bounded by the bytes its entries take (an estimate of each entry's Python objects
and its share of the map), and by a number of entries. Values with a column not proven (a time
cap reached) are never kept.
"""

from __future__ import annotations

import sys
from collections import OrderedDict
from typing import Generic, TypeVar

from fourinarow.core import Board

__all__ = [
    "DEFAULT_ANSWERS",
    "DEFAULT_ANSWERS_MB",
    "ENTRY_OVERHEAD",
    "AnswerKey",
    "Answers",
    "answer_key",
    "approximate_size",
]

K = TypeVar("K")
V = TypeVar("V")

AnswerKey = tuple[int, int, int, int, int]
"""A position as the cache knows it: width, height, connect, then player 1's and player 2's
stones as bitboards."""

DEFAULT_ANSWERS = 100_000
"""How many positions a server keeps by default (``--keep-answers``)."""

DEFAULT_ANSWERS_MB = 64.0
"""How many megabytes of kept values a server holds by default (``--answers-mb``)."""

ENTRY_OVERHEAD = 200
"""Bytes an entry costs beyond its key and value objects: its slot in the map's table (grown
by doubling, so up to half empty), the ordered map's link node and the entry's own record of
its value and size."""

SHARED_INTS = (-5, 256)
"""The integers Python makes once and shares (a score, a board side): no entry pays for them."""


def answer_key(board: Board) -> AnswerKey:
    """The cache key of a position: its shape and its stones, however it was written.

    >>> answer_key(Board.from_moves("4453")) == answer_key(Board.from_moves("5344"))
    True
    """
    first, second = board.bitboards
    return (board.width, board.height, board.connect, first, second)


def approximate_size(value: object) -> int:
    """The bytes ``value`` holds: ``sys.getsizeof`` of it and, for tuples, lists and dicts,
    of what they hold; nothing for the integers from -5 to 256, which Python shares.

    >>> approximate_size((1, 2)) == sys.getsizeof((1, 2))
    True
    >>> approximate_size((1000,)) == sys.getsizeof((1000,)) + sys.getsizeof(1000)
    True
    """
    if type(value) is int and SHARED_INTS[0] <= value <= SHARED_INTS[1]:
        return 0
    size = sys.getsizeof(value)
    if isinstance(value, tuple | list):
        size += sum(approximate_size(item) for item in value)
    elif isinstance(value, dict):
        size += sum(approximate_size(k) + approximate_size(v) for k, v in value.items())
    return size


class Answers(Generic[K, V]):
    """A least-recently-used map of at most ``capacity`` entries taking at most ``max_bytes``.

    An entry's size is :func:`approximate_size` of its key and value plus
    :data:`ENTRY_OVERHEAD`; :attr:`size` is the sum over the entries kept.

    Args:
        capacity: the most entries kept; 0 keeps none.
        max_bytes: the most bytes the entries may take; 0 keeps none.

    Raises:
        ValueError: ``capacity`` or ``max_bytes`` is not a whole number, 0 or more.

    >>> answers: Answers[str, int] = Answers(2)
    >>> answers.put("a", 1); answers.put("b", 2); answers.get("a"); answers.put("c", 3)
    1
    >>> answers.get("b") is None, answers.get("a"), answers.get("c"), len(answers)
    (True, 1, 3, 2)
    """

    def __init__(self, capacity: int = DEFAULT_ANSWERS, max_bytes: int | None = None) -> None:
        if isinstance(capacity, bool) or not isinstance(capacity, int) or capacity < 0:
            raise ValueError(f"capacity is a whole number of entries, 0 or more, not {capacity!r}")
        if max_bytes is None:
            max_bytes = int(DEFAULT_ANSWERS_MB * 1024 * 1024)
        if isinstance(max_bytes, bool) or not isinstance(max_bytes, int) or max_bytes < 0:
            raise ValueError(f"max_bytes is a whole number of bytes, 0 or more, not {max_bytes!r}")
        self.capacity = capacity
        self.max_bytes = max_bytes
        self._kept: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self.size = 0
        """The bytes the entries kept take, by the estimate above."""
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._kept)

    def get(self, key: K) -> V | None:
        """The value kept for ``key`` (now the most recently used), or ``None``."""
        entry = self._kept.get(key)
        if entry is None:
            self.misses += 1
            return None
        self.hits += 1
        self._kept.move_to_end(key)
        return entry[0]

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key``, dropping the least recently used entries while there are
        more than ``capacity`` or they take more than ``max_bytes``."""
        cost = approximate_size(key) + approximate_size(value) + ENTRY_OVERHEAD
        if self.capacity == 0 or cost > self.max_bytes:
            return
        old = self._kept.pop(key, None)
        if old is not None:
            self.size -= old[1]
        self._kept[key] = (value, cost)
        self.size += cost
        while len(self._kept) > self.capacity or self.size > self.max_bytes:
            _, (_, dropped) = self._kept.popitem(last=False)
            self.size -= dropped
