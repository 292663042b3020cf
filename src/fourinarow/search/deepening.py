"""Iterative deepening: search one ply deeper at a time until the time or nodes run out."""

from __future__ import annotations

from typing import Protocol

from fourinarow.core import Board
from fourinarow.core.checks import shown, whole_number
from fourinarow.search.checks import InvalidSearchSettingError, checked_board, checked_limit
from fourinarow.search.constants import FORCED
from fourinarow.search.heuristic import SearchResult, SearchStopped
from fourinarow.search.limit import InvalidLimitError, Limit

__all__ = ["FORCED", "Searcher", "column_estimates", "column_values", "deepen"]


class Searcher(Protocol):
    """A depth-limited search such as ``HeuristicSearch`` or ``Engine``."""

    @property
    def nodes(self) -> int: ...

    def search(
        self,
        board: Board,
        depth: int,
        *,
        deadline: float | None = None,
        node_limit: int | None = None,
        exact_root: bool = False,
    ) -> SearchResult: ...


def deepen(
    searcher: Searcher,
    board: Board,
    most: int,
    limit: Limit,
    start: float,
    *,
    exact_root: bool = False,
) -> tuple[SearchResult | None, int]:
    """Search depths 1, 2, ... ``most`` (capped by the limit's depth) within the limit's time
    (counted from ``start``, a ``time.perf_counter()`` value) and nodes; the deepest finished
    search and the nodes spent.

    Stops early when a search proves a win or loss (deeper ones cannot change it). The result
    is ``None`` when not even depth 1 finished within the limit (at once for no time).

    Raises:
        InvalidSearchSettingError: ``searcher`` has no ``search`` method.
        InvalidLimitError: ``most`` is not a whole number, ``limit`` not a ``Limit`` or
            ``None``, or ``start`` not a number.
        InvalidPositionError: ``board`` is not a ``Board``.
        GameOverError, InvalidBoardSizeError: as the searcher's ``search`` raises them.
    """
    found, _, nodes = _deepen(searcher, board, most, limit, start, exact_root)
    return found, nodes


def _deepen(
    searcher: Searcher,
    board: Board,
    most: int,
    limit: Limit,
    start: float,
    exact_root: bool,
    every_column: bool = False,
) -> tuple[SearchResult | None, SearchResult | None, int]:
    """:func:`deepen`'s loop: the deepest finished search, the one before it, and the nodes.
    With ``every_column`` it stops early only when every column's win or loss is proven,
    not the best one's alone: the other columns' values still gain from deeper searches."""
    if not callable(getattr(searcher, "search", None)):
        raise InvalidSearchSettingError(
            f"a searcher has a search method; {shown(searcher)} has not"
        )
    whole_number(most, "a depth", InvalidLimitError)
    limit = checked_limit(limit)
    if isinstance(start, bool) or not isinstance(start, int | float) or start != start:
        raise InvalidLimitError(f"start is a time.perf_counter() value, not {shown(start)}")
    try:
        start = float(start)
    except OverflowError:  # an int beyond floats
        raise InvalidLimitError(
            f"start is a time.perf_counter() value, not {shown(start)}"
        ) from None
    checked_board(board)
    found: SearchResult | None = None
    previous: SearchResult | None = None
    nodes = 0
    deadline = limit.deadline(start)
    if limit.spent_at_start:
        return None, None, 0
    for depth in range(1, limit.capped_depth(most) + 1):
        budget = None if limit.nodes is None else limit.nodes - nodes
        if budget is not None and budget <= 0:  # spent (searches stop a little late)
            break
        try:
            result = searcher.search(
                board, depth, deadline=deadline, node_limit=budget, exact_root=exact_root
            )
        except SearchStopped:
            nodes += searcher.nodes
            break
        previous, found = found, result
        nodes += found.nodes
        if every_column:
            if all(score is None or abs(score) > FORCED for score in found.scores):
                break
        elif abs(found.score) > FORCED:
            break
    return found, previous, nodes


def column_values(
    searcher: Searcher, board: Board, most: int, limit: Limit, start: float
) -> tuple[tuple[int | None, ...], int, int]:
    """Every column's exact value to the deepest search up to ``most`` plies that finished
    within the limit (``None`` for a full column; all ``None`` if not even depth 1 did), the
    depth of that search (0: none) and the nodes spent. A win proven in one column does not
    stop the deepening while another column's value is open.

    Raises:
        FourInARowError: as :func:`deepen` raises.
    """
    found, _, nodes = _deepen(searcher, board, most, limit, start, True, every_column=True)
    if found is None:
        return (None,) * board.width, 0, nodes
    return found.scores, found.depth, nodes


def column_estimates(
    searcher: Searcher, board: Board, most: int, limit: Limit, start: float
) -> tuple[tuple[int | None, ...], int, int]:
    """As :func:`column_values`, but each column's value is the mean of the two deepest
    searches that finished (rounded towards zero), which cancels most of the swing between odd
    and even depths (a search that ends on its own move sees its threats, one that ends on the
    opponent's sees the replies); a win or loss proven within the horizon is kept as it is.

    Raises:
        FourInARowError: as :func:`deepen` raises.
    """
    found, previous, nodes = _deepen(searcher, board, most, limit, start, True, every_column=True)
    if found is None:
        return (None,) * board.width, 0, nodes
    if previous is None:
        return found.scores, found.depth, nodes
    values = tuple(
        _mean(deep, shallow) for deep, shallow in zip(found.scores, previous.scores, strict=True)
    )
    return values, found.depth, nodes


def _mean(deep: int | None, shallow: int | None) -> int | None:
    if deep is None or shallow is None or abs(deep) > FORCED or abs(shallow) > FORCED:
        return deep
    return int((deep + shallow) / 2)
