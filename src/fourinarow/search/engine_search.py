"""The engine's search: iterative-deepening alpha-beta with a transposition table, scored from
the side to move's view, with the learned evaluation where the board's shape has a network
(:mod:`fourinarow.search.networks`) and the compiled kernel holds it, else the ``threats``
evaluation.

On boards with ``width * (height + 1) <= 128`` it runs in a compiled kernel with a transposition
table (best move first, bounds reused across depths and moves; on 64-bit words up to 64 bits, on
128-bit words above, the whole position kept as the key in either). Elsewhere, or without the
extension, it falls back on the plain alpha-beta of ``fourinarow.search.heuristic`` with the
``threats`` evaluation and no table: weaker for the same time, never wrong about wins it sees.

>>> from fourinarow.core import Board
>>> Engine(7, 6, 4).search(Board.from_moves("445566"), 3).best_moves
[2, 6]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, Protocol

from fourinarow.core import Board, Geometry
from fourinarow.core.checks import shown
from fourinarow.search.checks import InvalidSearchSettingError, table_megabytes
from fourinarow.search.evaluation import lines_across
from fourinarow.search.heuristic import (
    CompiledSearch,
    HeuristicSearch,
    SearchResult,
    check_search,
    compiled_module,
    run_compiled,
)
from fourinarow.search.networks import Network, network_for

if TYPE_CHECKING:
    from fourinarow.search.solver import Backend

__all__ = ["ENGINE_EVALUATIONS", "Engine", "EngineEvaluation", "engine_evaluation"]

EngineEvaluation = Literal["network", "threats"]
"""The engine's evaluations: the shape's network, or the hand-made threats evaluation."""
ENGINE_EVALUATIONS: tuple[EngineEvaluation, ...] = ("network", "threats")

_ENTRY_BYTES = 32


class _EngineKernel(CompiledSearch, Protocol):
    """A compiled engine search (``EngineKernel`` of either word size): a search with a table."""

    check_accumulators: bool

    def clear(self) -> None: ...

    @property
    def accumulator_checks(self) -> tuple[int, int]: ...

    def evaluate(self, own: int, other: int, heights: list[int]) -> int: ...


class Engine:
    """Depth-limited search for one board shape, keeping its table from call to call.

    Args:
        width, height, connect: the board shape.
        tt_mb: the transposition table's size in megabytes (rounded down to a power of two).
        use_kernel: ``None`` for the compiled kernel where it fits, ``False`` for pure Python.
        evaluation: ``None`` (default) for the network where the shape has one (see
            :func:`~fourinarow.search.networks.network_for`) and the compiled kernel runs the
            search, else ``"threats"``; ``"network"`` or ``"threats"`` to choose.
        network: a network of this shape to use instead of the shipped one (with
            ``evaluation`` ``None`` or ``"network"``).

    Raises:
        InvalidBoardSizeError: the shape is out of range.
        InvalidSearchSettingError: ``tt_mb`` is not a number of megabytes above 0 (at most an
            exbibyte), ``use_kernel`` not ``True``, ``False`` or ``None``, ``evaluation`` not
            one of ``None``, ``"network"`` and ``"threats"``, ``network`` not a network of this
            shape, or ``"network"`` asked for where there is none or the search runs in pure
            Python.
    """

    def __init__(
        self,
        width: int,
        height: int,
        connect: int,
        *,
        tt_mb: float = 16,
        use_kernel: bool | None = None,
        evaluation: EngineEvaluation | None = None,
        network: Network | None = None,
    ) -> None:
        tt_mb = table_megabytes(tt_mb)
        evaluation = engine_evaluation(evaluation)
        self.heuristic = HeuristicSearch(width, height, connect, "threats", use_kernel=use_kernel)
        shape = self.heuristic.shape
        if network is not None and (
            not isinstance(network, Network) or network.shape != shape or evaluation == "threats"
        ):
            raise InvalidSearchSettingError(
                f"network={shown(network)} is not accepted; it is a Network for "
                f"{width}x{height} connect {connect} boards, with evaluation None or 'network'"
            )
        compiled = self.heuristic.backend == "compiled"
        if compiled and evaluation != "threats" and network is None:
            network = network_for(shape)
        if evaluation == "network" and (network is None or not compiled):
            raise InvalidSearchSettingError(
                "evaluation='network' is not accepted here: "
                + (
                    "the network runs in the compiled kernel, and this search runs in pure Python"
                    if not compiled
                    else f"there is no network for {width}x{height} connect {connect} boards"
                )
            )
        if not compiled:
            network = None  # the pure-Python search keeps the threats evaluation
        self._kernel: _EngineKernel | None = None
        if compiled:
            self._kernel = _engine_kernel(shape, self.heuristic.order, tt_mb, network)
        self.evaluation: EngineEvaluation = "threats" if network is None else "network"
        """The evaluation at the leaves: ``"network"`` or ``"threats"``."""
        self.network = network
        """The network the leaves are scored by, or ``None`` (``threats``)."""
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


def engine_evaluation(evaluation: object) -> EngineEvaluation | None:
    """``evaluation`` if it is one of the engine's: ``None``, ``"network"`` or ``"threats"``.

    Raises:
        InvalidSearchSettingError: it is not.
    """
    if evaluation is None:
        return None
    for name in ENGINE_EVALUATIONS:
        if evaluation == name:
            return name
    raise InvalidSearchSettingError(
        f"evaluation={shown(evaluation)} is not accepted; the engine's evaluations are "
        "'network', 'threats' and None (the network where the shape has one)"
    )


def _engine_kernel(
    shape: Geometry, order: list[int], tt_mb: float, network: Network | None
) -> _EngineKernel | None:
    module = compiled_module(shape)
    if module is None:
        return None
    bits = max(10, (int(tt_mb * 1024 * 1024) // _ENTRY_BYTES).bit_length() - 1)
    kernel = module.HeuristicKernel(shape, "threats", True, order, lines_across(shape))
    weights = None if network is None else network.kernel_weights()
    engine: _EngineKernel = module.EngineKernel(kernel, bits, weights)
    return engine
