"""The JSON records every front end prints and serves: a value, a position's column values, a
decision, a solved position and a reviewed game.

``fourinarow move --json``, ``analyze --json``, ``solve --json``, ``review --json`` and the web
API give the same records, built here: columns are 1-based, times in milliseconds, and each
typed score (as ``fourinarow.search.scores`` writes it) carries its words from
``fourinarow.service.words``: ``words`` (``loss in 18``) and, where the result is proven
with its distance, ``moves``, the N of those words (the winner's own moves, the winning one
included; ``distance`` stays the plies).

>>> from fourinarow.core import Board
>>> from fourinarow.search.scores import Exact
>>> score_record(Exact.of(-2, Board.from_moves("4435")))
{'kind': 'exact', 'value': -2, 'distance': 36, 'moves': 18, 'words': 'loss in 18'}
"""

from __future__ import annotations

from fourinarow.agents.base import Decision
from fourinarow.analysis.review import MoveReview, Review
from fourinarow.core import Board, column_label
from fourinarow.search.scores import ColumnValue, ColumnValues, Exact, Unvalued
from fourinarow.service.words import move_sentence, moves_to_end, value_words

__all__ = [
    "analysis_record",
    "decision_record",
    "review_record",
    "score_record",
    "solution_record",
]


def _number(column: int) -> int:
    """A 0-based column as its 1-based number."""
    return int(column_label(column))


def score_record(value: ColumnValue) -> dict[str, object]:
    """A typed value as JSON: its score's own fields (``kind`` first), ``moves`` where a win
    or loss is proven with its distance, and ``words``; ``{"kind": "full"}`` or ``{"kind":
    "not searched"}`` for a column without a score."""
    record: dict[str, object] = (
        {"kind": value.value} if isinstance(value, Unvalued) else value.to_json()
    )
    moves = moves_to_end(value)
    if moves is not None:
        record["moves"] = moves
    record["words"] = value_words(value)
    return record


def decision_record(decision: Decision) -> dict[str, object]:
    """The JSON record of a move: ``column`` (1-based), ``score`` (typed, with its words, or
    ``None`` for agents that do not score), ``depth``, ``nodes``, ``time_ms``, ``pv`` (1-based
    columns) and ``exact`` (true when the score is proven).

    >>> from fourinarow.agents import make_agent
    >>> record = decision_record(make_agent("simple", seed=1).choose(Board.from_moves("445566")))
    >>> record["column"], record["score"], record["exact"]
    (3, None, False)
    """
    return {
        "column": _number(decision.column),
        "score": None if decision.score is None else score_record(decision.score),
        "depth": decision.depth,
        "nodes": decision.nodes,
        "time_ms": round(decision.elapsed * 1000, 3),
        "pv": [_number(c) for c in decision.pv],
        "exact": decision.exact,
    }


def analysis_record(board: Board, values: ColumnValues) -> dict[str, object]:
    """The JSON record of a position's column values: ``position`` (its moves, ``-`` for the
    empty board), ``scores`` (exact values or ``None``), ``columns`` (each column's typed value
    with a 1-based ``column`` and its words), ``best_moves`` (1-based), ``exact`` (true only
    when every legal column is exact), ``nodes`` and ``time_ms``."""
    return {
        "position": board.to_moves() or "-",
        "scores": list(values.exact_values()),
        "columns": [
            {"column": c + 1, **score_record(value)} for c, value in enumerate(values.values)
        ],
        "best_moves": [_number(c) for c in values.best_moves()],
        "exact": values.exact,
        "nodes": values.nodes,
        "time_ms": round(values.elapsed * 1000, 3),
    }


def solution_record(
    board: Board,
    lower: int,
    upper: int,
    *,
    best_moves: tuple[int, ...] = (),
    weak: bool = False,
    nodes: int = 0,
    elapsed: float = 0.0,
) -> dict[str, object]:
    """The JSON record of a solved position, as ``solve --json`` prints it: ``position``,
    ``score`` (the exact value, ``None`` when a limit stopped the search first, then with
    ``lower`` and ``upper``), ``moves`` (N of ``words``, where the score says it), ``words``,
    ``best_moves`` (1-based), ``exact``, ``nodes`` and ``time_ms``. With ``weak`` the score is
    only the result (1, 0 or -1), and the words say only that.

    >>> solution_record(Board.from_moves("4435"), -2, -2, best_moves=(0, 1, 4))["words"]
    'loss in 18'
    """
    exact = lower == upper
    record: dict[str, object] = {"position": board.to_moves() or "-"}
    record["score"] = lower if exact else None
    if exact and not weak:
        value = Exact.of(lower, board)
        if moves_to_end(value) is not None:
            record["moves"] = moves_to_end(value)
        record["words"] = value_words(value)
    elif exact:
        record["words"] = value_words(Exact(lower))
    record["best_moves"] = [_number(c) for c in best_moves]
    if not exact:
        record.update(lower=lower, upper=upper)
    record.update(exact=exact, nodes=nodes, time_ms=round(elapsed * 1000, 3))
    return record


def move_record(move: MoveReview) -> dict[str, object]:
    """One reviewed move as JSON (``MoveReview.to_json``), its ``before`` and ``played``
    values with their words, and its ``estimate`` too."""
    record = move.to_json()
    values: dict[str, ColumnValue] = {
        "before": move.before,
        "played": move.played,
        "estimate": move.values.values[move.column],
    }
    for key, value in values.items():
        if record[key] is not None:
            record[key] = score_record(value)
    return record


def review_record(review: Review) -> dict[str, object]:
    """The JSON record of a reviewed game, as ``review --json`` prints it and the web API
    serves it: ``Review.to_json`` with every move's values in words and a ``sentence``
    for each turning point (proven, then likely)."""
    record = review.to_json()
    record["review"] = [move_record(move) for move in review.moves]
    for key, moves in (
        ("turning_points", review.turning_points),
        ("likely_turning_points", review.likely_turning_points),
    ):
        record[key] = [
            {"number": m.number, "grade": m.grade, "sentence": move_sentence(m)} for m in moves
        ]
    return record
