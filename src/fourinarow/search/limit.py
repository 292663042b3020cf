"""``Limit``: how long a search may think, the one budget of the solver, the searches and agents.

A limit sets any of wall-clock time, depth and nodes; a field left ``None`` sets no bound. A
time of zero or less means *no time at all*: the search answers at once with what it has (an
agent still returns a legal move), never "no limit". The compiled kernels read 0 as "no limit";
that convention stays inside :meth:`Limit.kernel_budget`, the one place that translates.

A limit bounds the thinking, not one-time costs: the first search of a shape allocates its
transposition table and reads the shape's default opening book if it has one (for 7x6 about
1 s the first time on a machine, a few milliseconds in each later process); ``Solver.prepare``
pays them ahead of time.

>>> Limit(time=0.5).kernel_budget()
(0, 0.5)
>>> Limit().kernel_budget()  # no limit
(0, 0.0)
>>> Limit(time=0).kernel_budget()[1] > 0  # no time: a tiny budget, never "unlimited"
True
>>> Limit(time=0).spent_at_start, Limit(time=0.1).spent_at_start
(True, False)

Every field has a range, checked when the limit is made: a time is a finite number of seconds
(``None``, not infinity, sets no bound); a node count is at most :data:`MAX_NODES`, so that it fits
the kernels' 64-bit counters; a depth may be any whole number (searches cap it at what they can
reach: the empty cells).

>>> Limit(nodes=10**30)
Traceback (most recent call last):
    ...
fourinarow.search.limit.InvalidLimitError: a nodes limit is a whole number up to \
1000000000000000000 (or None for no limit), not 1000000000000000000000000000000
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from fourinarow.core import FourInARowError
from fourinarow.core.checks import finite_number

__all__ = ["MAX_NODES", "InvalidLimitError", "Limit"]

MAX_NODES = 10**18
"""The largest node limit: more than any search reaches (years of the compiled solver), and
within the kernels' unsigned 64-bit counters."""

_NO_TIME = 1e-9
"""The kernels' time budget for a limit of zero time: they stop at their first look at the
clock, because their 0 would mean no limit (that is after 1024 nodes in the compiled solver, a
fraction of a millisecond on 7x6, and 8 nodes in pure Python)."""


class InvalidLimitError(FourInARowError):
    """A limit out of range: a time that is not a finite number, a depth or node count that is
    not a whole number, or more nodes than :data:`MAX_NODES`."""


@dataclass(frozen=True)
class Limit:
    """How much a search may think; ``None`` in a field sets no bound on it.

    Attributes:
        time: seconds of wall-clock time; zero or less: answer at once.
        depth: plies of search (heuristic searches; at least 1 is always searched).
        nodes: positions searched (counted in batches: a search may run a few thousand over);
            zero or less: answer at once.

    Raises:
        InvalidLimitError: ``time`` is not a finite number (NaN, infinite, or an integer too
            large for a float), ``depth``/``nodes`` is not a whole number, or ``nodes`` is above
            :data:`MAX_NODES`.
    """

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None

    def __post_init__(self) -> None:
        if self.time is not None and not finite_number(self.time):
            raise InvalidLimitError(
                f"a time limit is a finite number of seconds (or None for no limit), "
                f"not {_shown(self.time)}"
            )
        for name in ("depth", "nodes"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, int)):
                raise InvalidLimitError(f"a {name} limit is a whole number, not {_shown(value)}")
        if self.nodes is not None and self.nodes > MAX_NODES:
            raise InvalidLimitError(
                f"a nodes limit is a whole number up to {MAX_NODES} (or None for no limit), "
                f"not {_shown(self.nodes)}"
            )

    @property
    def spent_at_start(self) -> bool:
        """True when the limit leaves no time or no nodes at all: answer at once."""
        no_time = self.time is not None and self.time <= 0
        return no_time or (self.nodes is not None and self.nodes <= 0)

    def capped_depth(self, most: int) -> int:
        """``most`` plies, or fewer (at least 1) if the limit sets a depth.

        >>> Limit(depth=3).capped_depth(8), Limit().capped_depth(8)
        (3, 8)
        """
        return most if self.depth is None else max(1, min(most, self.depth))

    def deadline(self, start: float) -> float | None:
        """The ``time.perf_counter()`` value at which the time runs out for a search that
        started at ``start``; ``None`` when the limit sets no time."""
        return None if self.time is None else start + max(0.0, self.time)

    def remaining(self, start: float) -> Limit:
        """This limit with the time already spent since ``start`` taken off."""
        if self.time is None:
            return self
        return Limit(self.time - (time.perf_counter() - start), self.depth, self.nodes)

    def share(self, fraction: float) -> Limit:
        """A limit of ``fraction`` of this one's time and nodes (depth unchanged)."""
        seconds = None if self.time is None else self.time * fraction
        nodes = None if self.nodes is None else int(self.nodes * fraction)
        return Limit(seconds, self.depth, nodes)

    def kernel_budget(self) -> tuple[int, float]:
        """``(node_limit, seconds)`` as the compiled and reference kernels read them, where 0
        means no limit: the one place that translates. No time or no nodes left become the
        smallest budget, so that they never read as unlimited."""
        nodes = 0 if self.nodes is None else max(1, self.nodes)
        seconds = 0.0 if self.time is None else max(_NO_TIME, self.time)
        return nodes, seconds


def _shown(value: object) -> str:
    """``repr(value)``, shortened for a message (an integer of thousands of digits)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 128:
        return f"an integer of {value.bit_length()} bits"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
