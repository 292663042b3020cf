"""How large a book build is, known before it starts: positions, memory and CPU time, roughly.

A build holds every position of up to ``plies`` stones in memory, as Python integers, and
solves each one of the deepest layer. Both grow about tenfold every two plies on 7x6, so a
build a few plies too deep would fill the memory for hours before writing anything: the
estimate is made first, in a fraction of a second, and a build beyond what the machine can
hold or finish is refused (:class:`BuildTooLargeError`) unless asked for anyway.

The positions of the first few layers are counted exactly (those of about 20,000 positions in
all); each deeper layer is the number of ways to put its stones in the columns (column heights
times the choices of which stones are whose), scaled by the share of those that the last
counted layer holds. On 7x6 this is within 2% below and 10% above the published counts up to 12
stones, and above them beyond.

>>> estimate = estimate_build(4, 4, 4, plies=4)
>>> estimate.layers, estimate.positions
((1, 2, 8, 26, 82), 119)
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from fourinarow.book.layers import next_layer
from fourinarow.core.geometry import Geometry
from fourinarow.core.machine import free_memory_bytes, memory_text
from fourinarow.search.book import BookError

__all__ = [
    "BYTES_PER_POSITION",
    "MAX_BUILD_DAYS",
    "BuildEstimate",
    "BuildTooLargeError",
    "check_build_size",
    "estimate_build",
    "layer_sizes",
]

BYTES_PER_POSITION = 340
"""The memory a build takes for each position of its book at its peak (measured: the layers'
keys, the scores, the book made from them and written), in bytes."""

BASE_BYTES = 120 * 2**20
"""The memory a build takes whatever its size (the interpreter, the modules, the compressor)."""

WORKER_BYTES = 40 * 2**20
"""The memory each worker process takes beside its transposition table."""

MAX_BUILD_DAYS = 30
"""The longest a build may be estimated to take, in days of its workers' time, before it is
refused (unless asked for anyway)."""

EXACT_POSITIONS = 20_000
"""The most positions counted exactly, layer by layer, before the deeper layers are estimated."""

_SECONDS = (-4.55, 0.23, 16, 25e-6)
"""CPU seconds to solve one position with ``e`` empty cells, without a book, roughly:
``10 ** (a + b * (e - c))``, at least ``d`` (fitted on 7x6: 25 us a position of 26 stones,
0.1 ms of 22, 8.6 ms of 12 in a build, 3 s of 4)."""

_ENUMERATE_SECONDS = 11e-6
"""CPU seconds to find one position of the book's layers (measured, 7x6)."""


class BuildTooLargeError(BookError):
    """A book build beyond what this machine can hold in memory, or finish in
    :data:`MAX_BUILD_DAYS` days.

    Attributes:
        reason: what the build is and what it would take, without what to do instead.
    """

    def __init__(self, reason: str, instead: str) -> None:
        super().__init__(f"{reason}; {instead}")
        self.reason = reason


@dataclass(frozen=True)
class BuildEstimate:
    """What a build of a book will take, roughly.

    Attributes:
        layers: the positions of each number of stones, 0 to ``plies`` (exact for the first
            few, estimated beyond).
        memory: the bytes the build takes at its peak, the workers' tables included.
        cpu_seconds: the CPU time of finding and solving the positions.
        workers: the processes that share that time.
    """

    layers: tuple[int, ...]
    memory: int
    cpu_seconds: float
    workers: int

    @property
    def positions(self) -> int:
        """The positions of the book: every layer's."""
        return sum(self.layers)

    @property
    def deepest(self) -> int:
        """The positions to solve: the deepest layer's."""
        return self.layers[-1]

    @property
    def days(self) -> float:
        """The wall time of the build, in days, on its workers."""
        return self.cpu_seconds / self.workers / 86400

    def problem(self, free_memory: int | None) -> str | None:
        """Why this build cannot be done here: more memory than ``free_memory`` (``None``:
        not known), or more than :data:`MAX_BUILD_DAYS` days; ``None`` if it can."""
        too_big = free_memory is not None and self.memory > free_memory
        if not too_big and self.days <= MAX_BUILD_DAYS:
            return None
        free = f" where {memory_text(free_memory)} is free" if free_memory is not None else ""
        workers = (
            f" ({_duration(self.cpu_seconds / self.workers)} on {self.workers} workers)"
            if self.workers > 1
            else ""
        )
        return (
            f"about {_count(self.positions)} positions ({_count(self.deepest)} of "
            f"{len(self.layers) - 1} stones to solve) take about {memory_text(self.memory)} of "
            f"memory{free}, and about {_duration(self.cpu_seconds)} of CPU time{workers}"
        )


def _count(number: float) -> str:
    """A count as a message writes it: in full up to a billion, then in powers of ten.

    >>> _count(40_919_476.2), _count(9.3e9), _count(3.5e16)
    ('40,919,476', '9.3e9', '3.5e16')
    """
    if number < 1e9:
        return f"{round(number):,}"
    mantissa, exponent = f"{number:.1e}".split("e")
    return f"{mantissa}e{int(exponent)}"


def _duration(seconds: float) -> str:
    """A time in the largest unit that keeps it at least 1: seconds to years."""
    for unit, size in (("years", 365 * 86400), ("days", 86400), ("hours", 3600), ("minutes", 60)):
        if seconds >= size:
            return f"{_count(seconds / size)} {unit}"
    return f"{seconds:.0f} s"


def _column_fillings(width: int, height: int, stones: int) -> int:
    """The ways to stack ``stones`` in ``width`` columns of ``height`` cells (column heights)."""
    ways = [1] + [0] * stones
    for _ in range(width):
        stacked = [0] * (stones + 1)
        for below, count in enumerate(ways):
            if count:
                for added in range(min(height, stones - below) + 1):
                    stacked[below + added] += count
        ways = stacked
    return ways[stones]


def _arrangements(width: int, height: int, stones: int) -> int:
    """An upper bound of the positions of ``stones`` stones: the column heights, times the
    ways to choose which of the stones are the first player's."""
    return _column_fillings(width, height, stones) * math.comb(stones, (stones + 1) // 2)


def layer_sizes(width: int, height: int, connect: int, plies: int) -> tuple[int, ...]:
    """The positions a book of ``plies`` holds with each number of stones, folded by mirror
    symmetry: exact for the first layers (about :data:`EXACT_POSITIONS` positions), estimated
    beyond (see the module's docstring)."""
    geometry = Geometry(width, height, connect)
    layer = [0]
    sizes = [1]
    while len(sizes) <= plies and layer and sum(sizes) + len(layer) * width <= EXACT_POSITIONS:
        layer = next_layer(geometry, layer)
        sizes.append(len(layer))
    counted = len(sizes) - 1
    share = sizes[counted] / _arrangements(width, height, counted)
    for stones in range(counted + 1, plies + 1):
        sizes.append(math.ceil(_arrangements(width, height, stones) * share))
    return tuple(sizes)


def _solving_seconds(empty: int) -> float:
    """The CPU seconds to solve one position with ``empty`` empty cells, roughly."""
    a, b, c, least = _SECONDS
    return max(least, 10 ** (a + b * (empty - c)))


def estimate_build(
    width: int,
    height: int,
    connect: int,
    plies: int,
    *,
    workers: int = 1,
    tt_mb: float = 128,
    tables_here: bool = True,
) -> BuildEstimate:
    """What a build of a book of ``plies`` stones will take, roughly (see :class:`BuildEstimate`).

    Args:
        workers: the processes the positions are solved on (one: the build's own process).
        tt_mb: each worker's transposition table.
        tables_here: whether the workers run on this machine (not on a Ray cluster's).
    """
    sizes = layer_sizes(width, height, connect, plies)
    memory = BASE_BYTES + BYTES_PER_POSITION * sum(sizes)
    if tables_here:
        processes = workers if workers > 1 else 0
        memory += workers * int(tt_mb * 2**20) + processes * WORKER_BYTES
    seconds = _ENUMERATE_SECONDS * sum(sizes)
    seconds += sizes[-1] * _solving_seconds(width * height - plies)
    return BuildEstimate(sizes, memory, seconds, max(1, workers))


def check_build_size(estimate: BuildEstimate, what: str) -> None:
    """Refuse a build this machine cannot hold in its free memory or finish in
    :data:`MAX_BUILD_DAYS` days.

    Raises:
        BuildTooLargeError: it cannot; the message names ``what`` (the board and plies), the
            positions, the memory and the time.
    """
    problem = estimate.problem(free_memory_bytes())
    if problem:
        raise BuildTooLargeError(
            f"{what}: {problem}", "give fewer plies, or check_size=False to build anyway"
        )
