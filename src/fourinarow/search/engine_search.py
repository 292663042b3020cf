"""The engine's search: iterative-deepening alpha-beta with a transposition table and the
``threats`` evaluation, scored from the side to move's view.

On boards with ``width * (height + 1) <= 128`` it runs in a compiled kernel with a transposition
table (best move first, bounds reused across depths and moves; on 64-bit words up to 64 bits, on
128-bit words above, the whole position kept as the key in either). Elsewhere, or without the
extension, it falls back on the plain alpha-beta of ``fourinarow.search.heuristic`` with the
same evaluation and no table: weaker for the same time, never wrong about wins it sees.

>>> from fourinarow.core import Board
>>> Engine(7, 6, 4).search(Board.from_moves("445566"), 3).best_moves
[2, 6]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from fourinarow.core import Board, Geometry
from fourinarow.search.checks import table_megabytes
from fourinarow.search.evaluation import lines_across
from fourinarow.search.heuristic import (
    CompiledSearch,
    HeuristicSearch,
    SearchResult,
    check_search,
    compiled_module,
    run_compiled,
)

if TYPE_CHECKING:
    from fourinarow.search.solver import Backend

__all__ = ["Engine"]

_ENTRY_BYTES = 32


class _EngineKernel(CompiledSearch, Protocol):
    """A compiled engine search (``EngineKernel`` of either word size): a search with a table."""

    def clear(self) -> None: ...


class Engine:
    """Depth-limited search for one board shape, keeping its table from call to call.

    Args:
        width, height, connect: the board shape.
        tt_mb: the transposition table's size in megabytes (rounded down to a power of two).
        use_kernel: ``None`` for the compiled kernel where it fits, ``False`` for pure Python.

    Raises:
        InvalidBoardSizeError: the shape is out of range.
        InvalidSearchSettingError: ``tt_mb`` is not a number of megabytes above 0 (at most an
            exbibyte), or ``use_kernel`` not ``True``, ``False`` or ``None``.
    """

    def __init__(
        self,
        width: int,
        height: int,
        connect: int,
        *,
        tt_mb: float = 16,
        use_kernel: bool | None = None,
    ) -> None:
        tt_mb = table_megabytes(tt_mb)
        self.heuristic = HeuristicSearch(width, height, connect, "threats", use_kernel=use_kernel)
        self._kernel: _EngineKernel | None = None
        if self.heuristic.backend == "compiled":
            self._kernel = _engine_kernel(self.heuristic.shape, self.heuristic.order, tt_mb)
        self.nodes = 0

    @property
    def backend(self) -> Backend:
        """``"compiled"`` (with a table) or ``"python"`` (without)."""
        return "python" if self._kernel is None else "compiled"

    def clear(self) -> None:
        """Forget the transposition table."""
        if self._kernel is not None:
            self._kernel.clear()

    def search(
        self,
        board: Board,
        depth: int,
        *,
        deadline: float | None = None,
        node_limit: int | None = None,
        exact_root: bool = False,
    ) -> SearchResult:
        """Score every column to ``depth`` plies (board not over); columns worse than the best
        hold upper bounds unless ``exact_root``.

        Raises:
            SearchStopped: the deadline (a ``time.perf_counter()`` value) or node limit came first.
            InvalidPositionError, GameOverError, InvalidBoardSizeError, InvalidLimitError:
                the arguments are not as ``check_search``
                requires.
        """
        deadline = check_search(self.heuristic.shape, board, depth, deadline, node_limit)
        try:
            if self._kernel is None:
                return self.heuristic.search(
                    board, depth, deadline=deadline, node_limit=node_limit, exact_root=exact_root
                )
            return run_compiled(
                self._kernel,
                board,
                depth,
                deadline=deadline,
                node_limit=node_limit,
                exact_root=exact_root,
            )
        finally:
            self.nodes = self.heuristic.nodes if self._kernel is None else self._kernel.nodes


def _engine_kernel(shape: Geometry, order: list[int], tt_mb: float) -> _EngineKernel | None:
    module = compiled_module(shape)
    if module is None:
        return None
    bits = max(10, (int(tt_mb * 1024 * 1024) // _ENTRY_BYTES).bit_length() - 1)
    kernel = module.HeuristicKernel(shape, "threats", True, order, lines_across(shape))
    engine: _EngineKernel = module.EngineKernel(kernel, bits)
    return engine
