"""Analysis that never goes blank: proven values where the solver found them, estimates where
it did not.

An analysis within a limit first narrows every column's bounds with the solver, then runs the
heuristic engine on the position for the time left. :func:`with_estimates` puts the two
together, column by column:

- an exact value stays exact, and bounds that settle the result (a proven win, draw or loss
  whose exact value is still open) stay bounds;
- a win or loss the engine proves within its horizon narrows the bounds (a forced win in ``d``
  plies scores at least the value of a win in ``d``; a forced loss at most that of a loss in
  ``d``);
- every other column gets an :class:`~fourinarow.search.scores.Estimate`: the engine's value of
  it and the depth reached, with the bounds proven so far where they narrow the whole range.

>>> from fourinarow.core import Board
>>> from fourinarow.search.scores import Bounds, Exact, Unvalued
>>> board = Board.from_moves("4455", width=7, height=6)
>>> proven = ColumnValues((Exact(-18), Bounds(-19, 3), Unvalued.NOT_SEARCHED, Exact(2),
...                        Bounds(1, 18), Unvalued.NOT_SEARCHED, Unvalued.NOT_SEARCHED))
>>> merged = with_estimates(proven, (-30, 12, None, 2, 40, -7, 0), 9, board)
>>> merged.labels()
('-18', '~+1.2', '?', '2', '1..18', '~-0.7', '~+0.0')
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import replace

from fourinarow.core import Board
from fourinarow.search.constants import FORCED, WIN
from fourinarow.search.deepening import Searcher, column_estimates
from fourinarow.search.limit import Limit
from fourinarow.search.scores import (
    Bounds,
    ColumnValue,
    ColumnValues,
    Estimate,
    Exact,
    InvalidScoreError,
    Unvalued,
    exact_value_of_win,
    value_range,
)

__all__ = ["ESTIMATE_TABLE_MB", "estimate_open_columns", "settled", "with_estimates"]

ESTIMATE_TABLE_MB = 16
"""The most, in megabytes, the table of an engine that makes estimates takes (the perfect
agent's analyses, reviews): estimates need a few plies, not the solver's table."""


def settled(value: ColumnValue) -> bool:
    """True when ``value`` needs no estimate: a full column, an exact value, or bounds that
    prove the result (a win, a draw or a loss)."""
    if value is Unvalued.FULL or isinstance(value, Exact):
        return True
    if isinstance(value, Bounds):
        return value.lower > 0 or value.upper < 0 or value.lower == value.upper
    return False


def with_estimates(
    proven: ColumnValues,
    estimates: Sequence[int | None],
    depth: int,
    board: Board,
    *,
    nodes: int | None = None,
    elapsed: float | None = None,
) -> ColumnValues:
    """``proven`` (a solver's analysis of ``board`` within a limit) with an estimate for every
    column it left open, from the engine's ``estimates`` (per column, its value for the side
    to move at ``depth`` plies, ``None`` where it has none).

    ``nodes`` and ``elapsed`` default to ``proven``'s.

    Raises:
        InvalidScoreError: ``estimates`` does not hold one entry per column of ``board``.
    """
    if len(estimates) != board.width or len(proven.values) != board.width:
        raise InvalidScoreError(
            f"{len(estimates)} estimates and {len(proven.values)} values for the "
            f"{board.width} columns"
        )
    cells = board.width * board.height - board.ply  # the empty cells, the move's included
    lowest, highest = -(cells // 2), (cells - 1) // 2  # any move's value but a winning stone's
    values: list[ColumnValue] = []
    for value, estimate in zip(proven.values, estimates, strict=True):
        if settled(value) or estimate is None or depth < 1:
            values.append(value)
            continue
        lower, upper = (value.lower, value.upper) if isinstance(value, Bounds) else (None, None)
        if abs(estimate) > FORCED:
            values.append(_forced(estimate, board, lower, upper))
            continue
        if lower is None or upper is None or (lower, upper) == (lowest, highest):
            values.append(Estimate(estimate, depth))
        else:
            values.append(Estimate(estimate, depth, lower, upper))
    return ColumnValues(
        tuple(values),
        proven.nodes if nodes is None else nodes,
        proven.elapsed if elapsed is None else elapsed,
    )


def estimate_open_columns(
    proven: ColumnValues, engine: Searcher, board: Board, limit: Limit, start: float
) -> ColumnValues:
    """``proven`` with estimates for the columns it leaves open, from ``engine`` (a heuristic
    search of ``board``'s shape) deepening within ``limit``; ``elapsed`` counted from
    ``start`` (a ``time.perf_counter()`` value) and ``nodes`` adding the engine's.
    ``proven`` as it is (with that ``elapsed``) when every column is settled.

    Raises:
        FourInARowError: as :func:`~fourinarow.search.deepening.deepen` raises.
    """
    if all(settled(value) for value in proven.values):
        return replace(proven, elapsed=time.perf_counter() - start)
    most = board.width * board.height - board.ply
    scores, depth, nodes = column_estimates(engine, board, most, limit, time.perf_counter())
    return with_estimates(
        proven,
        scores,
        depth,
        board,
        nodes=proven.nodes + nodes,
        elapsed=time.perf_counter() - start,
    )


def _forced(estimate: int, board: Board, lower: int | None, upper: int | None) -> ColumnValue:
    """The bounds a win or loss proven by the engine (``WIN - plies`` either way) gives,
    within the bounds already proven (``None``: the whole range)."""
    lowest, highest = value_range(board)
    low = lowest if lower is None else lower
    high = highest if upper is None else upper
    distance = WIN - abs(estimate)
    bound = exact_value_of_win(board.width, board.height, board.ply, distance)
    if estimate > 0:
        low = max(low, bound)
    else:
        high = min(high, bound)
    if low >= high:
        return Exact.of(low, board)
    return Bounds(low, high)
