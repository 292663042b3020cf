"""``/solve`` answered at once, on the event loop, when a few thousand nodes prove it.

Most positions a client asks about are cheap to prove: those the opening book holds (7x6 up to 12
stones), those near the end of a game, those with a win in one. Sending them to a search slot
makes them wait behind whatever long searches hold the slots. :class:`QuickSolver` tries each
position first with its own solver and a budget of :data:`QUICK_NODES` nodes in the compiled
kernel (well under a millisecond on the event loop); only what that does not prove goes to a
slot.
"""

from __future__ import annotations

from collections import OrderedDict

from fourinarow.agents import Limit
from fourinarow.core import Board
from fourinarow.search.book import has_default_book
from fourinarow.search.scores import ColumnValues, Unvalued
from fourinarow.search.solver import Solver

__all__ = ["FULL_COLUMN", "QUICK_NODES", "QuickSolver", "pons_scores"]

FULL_COLUMN = 100
"""``/solve``'s score for a full column, as in Pons' API."""

QUICK_NODES = 4096
"""The nodes a quick try may search: it proves every column of the 7x6 book's positions and of
nearly every position in the last third of a game, in about 0.1-0.5 ms."""

QUICK_TABLE_MB = 2.0
"""Each quick solver's transposition table (its searches are small)."""

QUICK_SHAPES = 4
"""How many shapes keep a quick solver of their own (switching a solver to another shape makes
a new table: about 1 ms, against 0.1-0.5 ms for a try)."""


def pons_scores(values: ColumnValues) -> tuple[int | None, ...]:
    """Pons' ``score`` list: the exact values, 100 for a full column, None where not exact."""
    return tuple(
        FULL_COLUMN if value is Unvalued.FULL else exact
        for value, exact in zip(values.values, values.exact_values(), strict=True)
    )


class QuickSolver:
    """A solver for the event loop: node-bounded searches of the compiled kernel's shapes.

    It tries only shapes it knows to be ready: their opening book, if they have one, already
    read by this process (7x6 at start-up, another shape once a search slot has read it), so
    that no try reads a file; and only boards the compiled kernel holds, whose nodes are fast.
    Not thread-safe: the event loop alone calls :meth:`scores`.
    """

    def __init__(self) -> None:
        self._solvers: OrderedDict[tuple[int, int, int], Solver] = OrderedDict()
        self._ready: set[tuple[int, int, int]] = set()

    def _solver(self, shape: tuple[int, int, int]) -> Solver:
        """The solver of this shape, made if need be; the least recently used of
        :data:`QUICK_SHAPES` goes."""
        solver = self._solvers.get(shape)
        if solver is None:
            solver = self._solvers[shape] = Solver(tt_mb=QUICK_TABLE_MB)
            if len(self._solvers) > QUICK_SHAPES:
                self._solvers.popitem(last=False)
        self._solvers.move_to_end(shape)
        return solver

    def prepare(self, width: int = 7, height: int = 6, connect: int = 4) -> None:
        """Read this shape's book (if any) and allocate its table now; the shape is then
        ready."""
        shape = (width, height, connect)
        self._solver(shape).prepare(width, height, connect)
        self._ready.add(shape)

    def searched(self, board: Board, solver: Solver) -> None:
        """Note that ``solver`` (a search slot's) has just searched ``board``: its shape is
        ready once that search read the shape's book or the shape has none. Called from the
        slot's thread."""
        shape = (board.width, board.height, board.connect)
        if shape in self._ready or solver.backend_for(board) != "compiled":
            return
        if solver.book is not None or not has_default_book(*shape):
            self._ready.add(shape)

    def scores(self, board: Board) -> tuple[int | None, ...] | None:
        """``/solve``'s scores of ``board`` (a game not over) if :data:`QUICK_NODES` nodes prove
        every column, else ``None`` (also for a shape not ready)."""
        shape = (board.width, board.height, board.connect)
        if shape not in self._ready:
            return None
        values = pons_scores(self._solver(shape).analyze(board, Limit(nodes=QUICK_NODES)))
        return None if None in values else values
