"""The JSON records of a decision and of a position's column values, shared by the apps.

``fourinarow move --json``, ``fourinarow analyze --json`` and the web API print the same
records, built here: columns are 1-based, scores typed as :mod:`fourinarow.search.scores` writes
them, times in milliseconds.

>>> from fourinarow.agents import make_agent
>>> from fourinarow.core import Board
>>> record = decision_record(make_agent("simple", seed=1).choose(Board.from_moves("445566")))
>>> record["column"], record["score"], record["exact"]
(3, None, False)
"""

from __future__ import annotations

from fourinarow.agents.base import Decision
from fourinarow.core import Board, column_label
from fourinarow.search.scores import ColumnValues

__all__ = ["analysis_record", "decision_record"]


def _label(column: int) -> int:
    """A 0-based column as its 1-based number."""
    return int(column_label(column))


def decision_record(decision: Decision) -> dict[str, object]:
    """The JSON record of a move: ``column`` (1-based), ``score`` (typed, or ``None`` for
    agents that do not score), ``depth``, ``nodes``, ``time_ms``, ``pv`` (1-based columns) and
    ``exact`` (true when the score is proven)."""
    return {
        "column": _label(decision.column),
        "score": None if decision.score is None else decision.score.to_json(),
        "depth": decision.depth,
        "nodes": decision.nodes,
        "time_ms": round(decision.elapsed * 1000, 3),
        "pv": [_label(c) for c in decision.pv],
        "exact": decision.exact,
    }


def analysis_record(board: Board, values: ColumnValues) -> dict[str, object]:
    """The JSON record of a position's column values: ``position`` (its moves, ``-`` for the
    empty board), ``scores`` (exact values or ``None``), ``columns`` (each column's typed
    value), ``best_moves`` (1-based), ``exact`` (true only when every legal column is exact),
    ``nodes`` and ``time_ms``."""
    return {
        "position": board.to_moves() or "-",
        "scores": list(values.exact_values()),
        "columns": values.to_json(),
        "best_moves": [_label(c) for c in values.best_moves()],
        "exact": values.exact,
        "nodes": values.nodes,
        "time_ms": round(values.elapsed * 1000, 3),
    }
