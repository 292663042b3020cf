"""Type stub of the compiled heuristic searches (see _heuristic_kernel.pyx for the whole contract).

Positions are ``own`` (the side to move's stones), ``other`` and ``heights`` (stones per column)
in the bit layout of :mod:`fourinarow.core.geometry`; the shape has ``width*(height+1) <= 64``
(``_heuristic_kernel128`` has the same classes for up to 128), nobody has won and the board is not
full. ``search()`` returns ``(scores, best_moves, best, pv)`` from the side to move's view
(per-column values with ``None`` for full columns, the 0-based best columns in order, the best
score, the principal variation), with wins scored ``WIN - plies``; or ``None`` when ``seconds``
(0: no clock) or ``node_limit`` (0: no limit) ran out first.
"""

from fourinarow.core import Geometry

class HeuristicKernel:
    """Minimax or alpha-beta to a fixed depth with one evaluation, no table."""

    def __init__(
        self,
        shape: Geometry,
        kind: str,
        prune: bool,
        order: list[int],
        lines_across: list[list[int]],
    ) -> None: ...
    @property
    def nodes(self) -> int:
        """The nodes of the latest search (a stopped one included)."""
    def search(
        self,
        own: int,
        other: int,
        heights: list[int],
        depth: int,
        seconds: float,
        node_limit: int,
        exact_root: bool = False,
    ) -> tuple[list[int | None], list[int], int, list[int]] | None:
        """Score every root column to ``depth`` plies; ``None`` when a limit stopped it."""

NetworkWeights = tuple[int, int, int, int, bytes, bytes, bytes, bytes, bytes, int, int]
"""``Network.kernel_weights()``: h1, h2, value_scale, value_limit, W1, b1, W2, b2, w3 (arrays of
the machine's byte order), b3, features (0: stones; 1: stones and threat cells)."""

class EngineKernel:
    """Alpha-beta with the ``threats`` evaluation or a network's (its first layer updated per
    stone) and an always-replace transposition table of ``2**table_bits`` 32-byte entries, kept
    from search to search until :meth:`clear`."""

    check_accumulators: bool
    """Compare each leaf's accumulators with ones computed from scratch (for tests; slower)."""

    def __init__(
        self, kernel: HeuristicKernel, table_bits: int, network: NetworkWeights | None = None
    ) -> None: ...
    @property
    def network(self) -> bool:
        """Whether the leaves are a network's values (else the ``threats`` evaluation)."""
    @property
    def accumulator_checks(self) -> tuple[int, int]:
        """``(leaves checked, leaves whose accumulators differed)`` since the checks were set."""
    def evaluate(self, own: int, other: int, heights: list[int]) -> int:
        """The leaf value of a position for its side to move (``own``), from scratch."""
    def clear(self) -> None:
        """Forget every table entry."""
    @property
    def nodes(self) -> int:
        """The nodes of the latest search (a stopped one included)."""
    def search(
        self,
        own: int,
        other: int,
        heights: list[int],
        depth: int,
        seconds: float,
        node_limit: int,
        exact_root: bool = False,
    ) -> tuple[list[int | None], list[int], int, list[int]] | None:
        """Score every root column to ``depth`` plies, table move first; ``None`` when stopped."""
