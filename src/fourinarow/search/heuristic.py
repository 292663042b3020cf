"""Depth-limited game-tree search with a heuristic evaluation: minimax and alpha-beta.

This is the search of the classic minimax tutorials, on bitboards and for any board shape, with
their bugs fixed: a finished game is scored by the search, above any evaluation, and faster wins
(slower losses) score higher, so an immediate win is never skipped, even with two of them, and a
threat one move away is always seen at depth 2. Leaves are evaluated from the view of the player the
search plays for, as in the tutorials.

Scores are from the side to move's view at the root: ``WIN - plies`` for a win found ``plies``
plies ahead (the winning stone included), ``-(WIN - plies)`` for a loss, 0 for a full board,
else the evaluation of the leaves.

On boards with ``width * (height + 1) <= 128`` the search runs in a compiled kernel that visits the
same nodes and returns the same results (``_heuristic_kernel.pyx`` on 64-bit words up to 64 bits,
``_heuristic_kernel128.pyx`` on 128-bit words above); on larger boards, or without the extension, it
runs here in Python.

>>> from fourinarow.core import Board
>>> search = HeuristicSearch(7, 6, 4, "window")
>>> result = search.search(Board.from_moves("445566"), depth=4)
>>> result.best_moves, result.score == WIN - 1
([2, 6], True)
"""

from __future__ import annotations

import importlib
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from fourinarow.core import Board, Column, Geometry, InvalidBoardSizeError
from fourinarow.core.checks import shown, whole_number
from fourinarow.search.checks import InvalidSearchSettingError, kernel_choice, playable_board
from fourinarow.search.constants import INFINITY, PYTHON_HEURISTIC_CHECK_EVERY, WIN
from fourinarow.search.evaluation import (
    EVALUATIONS,
    EvaluationName,
    evaluation_name,
    lines_across,
)
from fourinarow.search.limit import InvalidLimitError

if TYPE_CHECKING:
    from types import ModuleType

    from fourinarow.search.solver import Backend

__all__ = [
    "WIN",
    "CompiledSearch",
    "HeuristicSearch",
    "SearchResult",
    "SearchStopped",
    "check_search",
    "compiled_module",
    "run_compiled",
]

_CHECK_EVERY = PYTHON_HEURISTIC_CHECK_EVERY  # nodes between two looks at the clock (mask)
_INFINITY = INFINITY
_KERNEL_MAX_NODES = (1 << 62) - 1  # the most nodes a kernel's limit holds; more is no limit
KERNEL_MAX_BITS = 128
"""The largest board the compiled kernels hold, in bits: ``width * (height + 1)``."""


class SearchStopped(Exception):  # noqa: N818 (a signal, not an error)
    """The time or node limit ran out before the search ended."""


@dataclass(frozen=True)
class SearchResult:
    """What a completed search found.

    Attributes:
        scores: per root column, its value (``None`` for a full column); with pruning, a column
            worse than the best may hold only an upper bound on its value.
        best_moves: the columns with the best score, in column order.
        score: the best score.
        depth: plies searched.
        nodes: positions visited.
        pv: the principal variation from the first best move, when known.
    """

    scores: tuple[int | None, ...]
    best_moves: list[Column]
    score: int
    depth: int
    nodes: int
    pv: tuple[Column, ...]


class HeuristicSearch:
    """Minimax (``prune=False``) or alpha-beta (``prune=True``) to a fixed depth.

    Args:
        width, height, connect: the board shape.
        evaluation: the name of an evaluation in :data:`~fourinarow.search.evaluation.EVALUATIONS`.
        prune: alpha-beta pruning; without it, plain minimax visits every node.
        centre_first: try the columns nearest the centre first (alpha-beta's move ordering);
            otherwise left to right, as the plain tutorials do.
        use_kernel: ``None`` (default) for the compiled kernel wherever it fits and was built,
            ``False`` for pure Python, ``True`` to require the kernel.

    Raises:
        UnknownEvaluationError: no such evaluation (names are read as
            :func:`~fourinarow.search.evaluation.evaluation_name` reads them).
        InvalidBoardSizeError: the shape is out of range.
        InvalidSearchSettingError: ``use_kernel`` is not ``True``, ``False`` or ``None``, or
            it is ``True`` for a board larger than the kernel holds.
        RuntimeError: ``use_kernel=True`` and the kernel is not built.
    """

    def __init__(
        self,
        width: int,
        height: int,
        connect: int,
        evaluation: EvaluationName,
        *,
        prune: bool = True,
        centre_first: bool = True,
        use_kernel: bool | None = None,
    ) -> None:
        self.shape = Geometry(width, height, connect)
        evaluation = evaluation_name(evaluation)
        use_kernel = kernel_choice(use_kernel)
        width = self.shape.width
        self.evaluation = EVALUATIONS[evaluation](self.shape)
        self.prune = prune
        columns = range(width)
        self.order = sorted(columns, key=lambda c: (abs(2 * c - (width - 1)), c))
        if not centre_first:
            self.order = list(columns)
        self._lines_through = self._index_lines()
        self.nodes = 0
        self._deadline: float | None = None
        self._node_limit: int | None = None
        self._kernel: CompiledSearch | None = None
        bits = width * (self.shape.height + 1)
        if use_kernel and bits > KERNEL_MAX_BITS:
            raise InvalidSearchSettingError(
                "use_kernel=True: the compiled kernel holds boards of width * (height + 1) <= "
                f"{KERNEL_MAX_BITS} bits, and {width}x{self.shape.height} has {bits}"
            )
        if use_kernel is not False:
            self._kernel = _compiled_kernel(self.shape, evaluation, prune, self.order)
        if use_kernel and self._kernel is None:
            raise RuntimeError("the compiled heuristic kernel is not built")

    @property
    def backend(self) -> Backend:
        """``"compiled"`` or ``"python"``: where the search runs."""
        return "python" if self._kernel is None else "compiled"

    def _index_lines(self) -> dict[int, list[int]]:
        """For each cell's bit, the winning lines that pass through it."""
        through: dict[int, list[int]] = {}
        for window in self.shape.windows:
            bits = window
            while bits:
                low = bits & -bits
                through.setdefault(low, []).append(window)
                bits ^= low
        return through

    def _wins(self, stones: int, cell: int) -> bool:
        return any(stones & line == line for line in self._lines_through.get(cell, ()))

    def search(
        self,
        board: Board,
        depth: int,
        *,
        deadline: float | None = None,
        node_limit: int | None = None,
        exact_root: bool = False,
    ) -> SearchResult:
        """Search ``depth`` plies from ``board`` (not over) and score every column.

        With pruning, columns worse than the best hold upper bounds only, unless ``exact_root``
        asks for every column's exact value (as an analysis does; it costs more nodes).

        Raises:
            SearchStopped: ``deadline`` (a ``time.perf_counter()`` value) or ``node_limit``
                was reached first (at once for a node limit of 0 or less).
            InvalidPositionError, GameOverError, InvalidBoardSizeError, InvalidLimitError:
                the arguments are not as :func:`check_search` requires.
        """
        deadline = check_search(self.shape, board, depth, deadline, node_limit)
        if self._kernel is not None:
            try:
                return run_compiled(
                    self._kernel,
                    board,
                    depth,
                    deadline=deadline,
                    node_limit=node_limit,
                    exact_root=exact_root,
                )
            finally:
                self.nodes = self._kernel.nodes
        self.nodes = 0
        self._deadline = deadline
        self._node_limit = node_limit
        self._check_limits()  # no time or nodes at all: stop before the first node
        first, second = board.bitboards
        own, other = (first, second) if board.turn == 1 else (second, first)
        heights = list(board.heights)
        scores: list[int | None] = [None] * board.width
        best = -_INFINITY
        best_moves: list[Column] = []
        best_pv: tuple[Column, ...] = ()
        for column in self.order:
            if heights[column] == self.shape.height:
                continue
            cell = self.shape.cell_mask(column, heights[column])
            heights[column] += 1
            pv: list[Column] = []
            if self._wins(own | cell, cell):
                value = WIN - 1
            else:
                # the child window stays open at best - 1 so that ties with the best are exact
                floor = best - 1 if self.prune and not exact_root else -_INFINITY
                value = -self._negamax(
                    other, own | cell, heights, depth - 1, 1, -_INFINITY, -floor, False, pv
                )
            heights[column] -= 1
            scores[column] = value
            if value > best:
                best, best_moves, best_pv = value, [column], (column, *pv)
            elif value == best:
                best_moves.append(column)
        return SearchResult(
            scores=tuple(scores),
            best_moves=sorted(best_moves),
            score=best,
            depth=depth,
            nodes=self.nodes,
            pv=best_pv,
        )

    def _negamax(
        self,
        own: int,
        other: int,
        heights: list[int],
        depth: int,
        ply: int,
        alpha: int,
        beta: int,
        own_is_root: bool,
        pv: list[Column],
    ) -> int:
        """The value for ``own`` (to move), ``ply`` plies below the root; fills ``pv``."""
        self.nodes += 1
        if self.nodes & _CHECK_EVERY == 0:
            self._check_limits()
        occupied = own | other
        if occupied == self.shape.full_mask:
            return 0
        if depth <= 0:
            value = (
                self.evaluation(own, other, True)
                if own_is_root
                else -self.evaluation(other, own, False)
            )
            return value
        best = -_INFINITY
        for column in self.order:
            row = heights[column]
            if row == self.shape.height:
                continue
            cell = self.shape.cell_mask(column, row)
            line: list[Column] = []
            if self._wins(own | cell, cell):
                value = WIN - (ply + 1)
            else:
                heights[column] = row + 1
                value = -self._negamax(
                    other,
                    own | cell,
                    heights,
                    depth - 1,
                    ply + 1,
                    -beta,
                    -max(alpha, best),
                    not own_is_root,
                    line,
                )
                heights[column] = row
            if value > best:
                best = value
                pv[:] = [column, *line]
                if self.prune and best >= beta:
                    break
        return best

    def _check_limits(self) -> None:
        if self._node_limit is not None and self.nodes >= self._node_limit:
            raise SearchStopped
        if self._deadline is not None and time.perf_counter() >= self._deadline:
            raise SearchStopped


def check_search(
    shape: Geometry, board: object, depth: object, deadline: object, node_limit: object
) -> float | None:
    """Check a search's arguments at its entry point: a board of ``shape`` whose game goes on,
    a depth of at least 1, a deadline (a ``time.perf_counter()`` value) and a node limit;
    return the deadline as a float (an int beyond floats is an infinite one).

    Raises:
        InvalidPositionError: ``board`` is not a :class:`~fourinarow.core.Board`.
        GameOverError: the game is over.
        InvalidBoardSizeError: the board is of another shape than the search's.
        InvalidLimitError: ``depth``, ``deadline`` or ``node_limit`` is not a number of the
            kind it must be.
        SearchStopped: a node limit of 0 or less: no search at all.
    """
    board = playable_board(board, "there is no move to search")
    if board.geometry != shape:
        raise InvalidBoardSizeError(
            f"this search is for {shape.width}x{shape.height} connect {shape.connect}, "
            f"not {board.width}x{board.height} connect {board.connect}"
        )
    if whole_number(depth, "a depth", InvalidLimitError) < 1:
        raise InvalidLimitError(f"a depth is at least 1 ply, not {shown(depth)}")
    if node_limit is not None and whole_number(node_limit, "a node limit", InvalidLimitError) <= 0:
        raise SearchStopped
    if deadline is None:
        return None
    if isinstance(deadline, bool) or not isinstance(deadline, int | float) or deadline != deadline:
        raise InvalidLimitError(f"a deadline is a time.perf_counter() value, not {shown(deadline)}")
    try:
        return float(deadline)
    except OverflowError:
        return math.inf if deadline > 0 else -math.inf


class CompiledSearch(Protocol):
    """A compiled root search (``HeuristicKernel`` or ``EngineKernel``)."""

    @property
    def nodes(self) -> int: ...

    def search(
        self,
        own: int,
        other: int,
        heights: list[int],
        depth: int,
        seconds: float,
        node_limit: int,
        exact_root: bool = False,
    ) -> tuple[list[int | None], list[int], int, list[int]] | None: ...


def run_compiled(
    kernel: CompiledSearch,
    board: Board,
    depth: int,
    *,
    deadline: float | None,
    node_limit: int | None,
    exact_root: bool,
) -> SearchResult:
    """Run a compiled search from ``board``, as :meth:`HeuristicSearch.search` describes.

    Raises:
        SearchStopped: the deadline or node limit came first.
    """
    seconds = 0.0  # no clock
    if deadline is not None:
        seconds = deadline - time.perf_counter()
        if seconds <= 0:
            raise SearchStopped
    if node_limit is not None and node_limit <= 0:
        raise SearchStopped  # the kernels read 0 as no limit
    first, second = board.bitboards
    own, other = (first, second) if board.turn == 1 else (second, first)
    heights = list(board.heights)
    found = kernel.search(
        own,
        other,
        heights,
        min(depth, board.width * board.height),  # no search goes deeper than the cells
        seconds,
        min(node_limit or 0, _KERNEL_MAX_NODES),
        exact_root,
    )
    if found is None:
        raise SearchStopped
    scores, best_moves, best, pv = found
    return SearchResult(tuple(scores), best_moves, best, depth, kernel.nodes, tuple(pv))


def compiled_module(shape: Geometry) -> ModuleType | None:
    """The compiled kernels' module for ``shape``, or ``None`` where none holds it or it is not
    built: ``_heuristic_kernel`` (64-bit words) for ``width * (height + 1) <= 64``,
    ``_heuristic_kernel128`` (128-bit words) up to :data:`KERNEL_MAX_BITS`. Both have the same
    ``HeuristicKernel`` and ``EngineKernel``."""
    bits = shape.width * shape.stride
    if bits > KERNEL_MAX_BITS:
        return None
    name = "_heuristic_kernel" if bits <= 64 else "_heuristic_kernel128"
    try:
        return importlib.import_module(f"fourinarow.search.{name}")
    except ImportError:
        return None


def _compiled_kernel(
    shape: Geometry, evaluation: EvaluationName, prune: bool, order: list[Column]
) -> CompiledSearch | None:
    module = compiled_module(shape)
    if module is None:
        return None
    kernel: CompiledSearch = module.HeuristicKernel(
        shape, evaluation, prune, order, lines_across(shape)
    )
    return kernel
