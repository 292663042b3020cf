"""Iterative deepening: search one ply deeper at a time until the time or nodes run out."""

from __future__ import annotations

from typing import Protocol

from fourinarow.core import Board
from fourinarow.search.constants import FORCED
from fourinarow.search.heuristic import SearchResult, SearchStopped

__all__ = ["FORCED", "Searcher", "column_values", "deepen"]


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
    *,
    deadline: float | None = None,
    node_limit: int | None = None,
    exact_root: bool = False,
) -> tuple[SearchResult | None, int]:
    """Search depths 1, 2, ... ``most``; the deepest finished search and the nodes spent.

    Stops early when a search proves a win or loss (deeper ones cannot change it). The result
    is ``None`` when not even depth 1 finished within the ``deadline`` (a ``time.perf_counter()``
    value) or ``node_limit``.
    """
    found: SearchResult | None = None
    nodes = 0
    for depth in range(1, most + 1):
        budget = None if node_limit is None else node_limit - nodes
        if budget is not None and budget <= 0:  # spent (searches stop a little late)
            break
        try:
            found = searcher.search(
                board, depth, deadline=deadline, node_limit=budget, exact_root=exact_root
            )
        except SearchStopped:
            nodes += searcher.nodes
            break
        nodes += found.nodes
        if abs(found.score) > FORCED:
            break
    return found, nodes


def column_values(
    searcher: Searcher,
    board: Board,
    most: int,
    *,
    deadline: float | None = None,
    node_limit: int | None = None,
) -> tuple[int | None, ...]:
    """Every column's exact value (``None`` for a full one) from the deepest search up to
    ``most`` plies that finished in time; all ``None`` if not even depth 1 did."""
    found, _ = deepen(
        searcher, board, most, deadline=deadline, node_limit=node_limit, exact_root=True
    )
    return (None,) * board.width if found is None else found.scores
