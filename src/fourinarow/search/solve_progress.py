"""How far a running solve has come: snapshots that another thread can read while it runs.

A :class:`~fourinarow.search.solver.Solver` records its latest :meth:`~Solver.solve` or
:meth:`~Solver.analyze` in a :class:`SolveWatch`, and :attr:`Solver.progress` gives a
:class:`SolveProgress` of it: while the search runs (in a thread of its own, as a job of
:mod:`fourinarow.service.jobs`, whose snapshots carry it), the time, the nodes and the bounds
proven so far, which the kernel updates as it narrows them; once it has returned, its result.
A terminal display or a web app polls it.

Every bound in a snapshot is proven: a kernel's bounds are trusted only once they differ from
those it held when the watch began the search (until then they may still be an earlier
search's), else the snapshot holds the widest bounds, which need no proof.

>>> from fourinarow.core import Board
>>> from fourinarow.search.solver import Solver
>>> solver = Solver(tt_mb=16)
>>> solution = solver.solve(Board.from_moves("4455"))
>>> progress = solver.progress
>>> progress.running, progress.lower, progress.upper, progress.nodes == solution.nodes
(False, 18, 18, True)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, replace
from typing import Protocol

from fourinarow.core import Board, Column
from fourinarow.search.scores import Bounds, ColumnValue, ColumnValues, Exact, Unvalued

__all__ = ["SolveProgress", "SolveWatch"]


class _Watched(Protocol):
    """What a watch reads of a kernel (compiled or reference), from any thread."""

    @property
    def nodes(self) -> int: ...
    @property
    def bounds(self) -> tuple[int, int]: ...


@dataclass(frozen=True)
class SolveProgress:
    """A snapshot of a solver's latest :meth:`~Solver.solve` or :meth:`~Solver.analyze`.

    Attributes:
        board: the position (a copy).
        running: True while the search goes on.
        elapsed: seconds since it started (once it has ended, how long it took).
        nodes: positions this call has searched so far, on every thread.
        total_nodes: positions every solve and analysis of this solver has searched, this
            one's so far included.
        lower, upper: the bounds proven so far on the position's score, from the side to
            move's view (signs for a weak solve). For an analysis: the highest lower bound of
            a column, and the highest upper bound a legal column may still have.
        values: for an analysis, each column's value so far: exact for the columns done, the
            bounds proven so far for the one being searched, ``Unvalued.NOT_SEARCHED`` for the
            others (what :meth:`~Solver.analyze` returns when a limit stops it there);
            ``None`` for a solve.
        column: for an analysis, the column being searched now, else ``None``.
    """

    board: Board
    running: bool
    elapsed: float
    nodes: int
    total_nodes: int
    lower: int
    upper: int
    values: ColumnValues | None = None
    column: Column | None = None

    @property
    def exact(self) -> bool:
        """True when the score is proven."""
        return self.lower == self.upper


class SolveWatch:
    """The solver's record of one call, written by the searching thread and read by others.

    The searching thread makes it after resetting the kernel's nodes and before its search,
    calls :meth:`searching` and :meth:`searched` around each column's search of an analysis
    (then appends the column's value to ``values``), and :meth:`finish` once done.

    Args:
        kernel: the kernel that searches.
        board: the position (copied).
        weak: a weak solve (signs only).
        earlier_nodes: the nodes of this solver's earlier watched calls.
        values: for an analysis, the list the solver appends each column's value to, in
            column order; ``None`` for a solve.
    """

    def __init__(
        self,
        kernel: _Watched,
        board: Board,
        *,
        weak: bool,
        earlier_nodes: int,
        values: list[ColumnValue] | None = None,
    ) -> None:
        self._kernel = kernel
        self._board = board.copy()
        self._weak = weak
        self.earlier_nodes = earlier_nodes
        self._values = values
        self._start = time.perf_counter()
        cells = board.width * board.height
        self._widest = (
            (-1, 1) if weak else (-((cells - board.ply) // 2), (cells + 1 - board.ply) // 2)
        )
        self._stale = kernel.bounds
        self._fresh = False  # the kernel's bounds have been seen to leave the stale ones
        self._column: Column | None = None
        self._final: SolveProgress | None = None

    def searching(self, column: Column) -> None:
        """An analysis starts the search of ``column`` (the kernel's bounds are then the
        position after it, from the opponent's view)."""
        self._stale = self._kernel.bounds
        self._fresh = False
        self._column = column

    def searched(self) -> None:
        """The column's search has returned (its value goes into ``values`` next)."""
        self._column = None

    def finish(self, bounds: tuple[int, int] | None = None) -> SolveProgress:
        """The call has ended (a solve with these ``bounds``, an analysis with every column's
        value in ``values``, or an error with neither): its last snapshot, kept from now on."""
        final = replace(self._snapshot(bounds), running=False)
        self._final = final
        return final

    def snapshot(self) -> SolveProgress:
        """How far the call has come (safe from any thread)."""
        final = self._final
        return final if final is not None else self._snapshot(None)

    def _snapshot(self, result: tuple[int, int] | None) -> SolveProgress:
        column = self._column
        done = None if self._values is None else tuple(self._values)
        bounds = self._kernel.bounds
        nodes = self._kernel.nodes
        if self._final is not None:  # ended meanwhile: the kernel may serve another call now
            return self._final
        if bounds != self._stale and column == self._column:
            self._fresh = True  # this search's own bounds from now on, even if they come back
        trusted = result is not None or self._fresh  # to the stale ones (a draw after a draw)
        elapsed = time.perf_counter() - self._start
        total = self.earlier_nodes + nodes
        if done is None:
            lower, upper = result or (bounds if trusted else self._widest)
            return SolveProgress(self._board, True, elapsed, nodes, total, lower, upper)
        values = self._column_values(done, column, bounds if trusted else None, nodes, elapsed)
        lower, upper = self._best(values)
        return SolveProgress(self._board, True, elapsed, nodes, total, lower, upper, values, column)

    def _column_values(
        self,
        done: tuple[ColumnValue, ...],
        column: Column | None,
        bounds: tuple[int, int] | None,
        nodes: int,
        elapsed: float,
    ) -> ColumnValues:
        """The columns done, the one being searched (with its bounds, if proven), the rest."""
        values = list(done)
        board = self._board
        if column is not None and len(values) == column and bounds is not None:
            low, high = -bounds[1], -bounds[0]  # the opponent's bounds, turned
            values.append(self._exact(low) if low == high else Bounds(low, high))
        for c in range(len(values), board.width):
            values.append(Unvalued.NOT_SEARCHED if board.is_legal(c) else Unvalued.FULL)
        return ColumnValues(tuple(values), nodes, elapsed)

    def _exact(self, value: int) -> Exact:
        return Exact(value) if self._weak else Exact.of(value, self._board)

    def _best(self, values: ColumnValues) -> tuple[int, int]:
        """The position's bounds from its columns': the best column's."""
        lows: list[int] = []
        highs: list[int] = []
        for value in values.values:
            if isinstance(value, Exact):
                lows.append(value.value)
                highs.append(value.value)
            elif isinstance(value, Bounds):
                lows.append(value.lower)
                highs.append(value.upper)
            elif value is Unvalued.NOT_SEARCHED:
                highs.append(self._widest[1])
        return max(lows, default=self._widest[0]), max(highs, default=self._widest[1])
