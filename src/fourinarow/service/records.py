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

import time

from fourinarow.agents.base import Decision
from fourinarow.analysis.review import MoveReview, Review
from fourinarow.core import Board, column_label
from fourinarow.games import SavedGame
from fourinarow.search.limit import Limit
from fourinarow.search.scores import ColumnValue, ColumnValues, Exact, Unvalued
from fourinarow.search.solver import Solver
from fourinarow.service.budgets import line_limit as coach_line_limit
from fourinarow.service.coach import (
    Exercise,
    Verdict,
    answer,
    answer_words,
    best_line,
    course,
    move_explanations,
    task_words,
)
from fourinarow.service.words import (
    move_sentence,
    moves_to_end,
    turning_points_words,
    value_words,
)

__all__ = [
    "analysis_record",
    "decision_record",
    "exercise_record",
    "game_record",
    "review_record",
    "score_record",
    "solution_record",
    "verdict_record",
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


def review_record(
    review: Review,
    *,
    solver: Solver | None = None,
    line_limit: Limit | None = None,
    within: float | None = None,
) -> dict[str, object]:
    """The JSON record of a reviewed game, as ``review --json`` prints it and the web API
    serves it: ``Review.to_json`` with every move's values in words and a ``sentence``
    for each turning point (proven, then likely) and ``turning_points_words`` (how many there
    are, in the sentence every front end says), the evaluation graph ``course`` (one point
    per position, :func:`~fourinarow.service.coach.course`), and per move its
    ``explanation`` (why the move played is good or bad), ``best_explanation`` (why the best
    column is best; ``null`` when nothing was valued) and ``best_line`` (1-based columns
    from the position before the move); ``coached``: how many moves (from the first) have
    them.

    The best lines are the solver's on a shape with an opening book; elsewhere each of their
    positions gets ``line_limit`` (by default :func:`~fourinarow.service.coach.line_limit`).
    ``solver`` keeps its table from line to line (the review's solver, if at hand). With
    ``within`` (seconds, a server's cap), once that time has passed (checked between moves)
    the moves left get ``explanation`` and ``best_explanation`` ``null`` and ``best_line``
    empty.
    """
    start = time.perf_counter()
    record = review.to_json()
    solver = Solver(tt_mb=32) if solver is None else solver
    if line_limit is None:
        line_limit = coach_line_limit(review)
    moves: list[dict[str, object]] = []
    for move in review.moves:
        if within is None or time.perf_counter() - start < within:
            moves.append(_coached_move(review, move, solver, line_limit))
        else:
            uncoached: dict[str, object] = {"explanation": None, "best_explanation": None}
            moves.append({**move_record(move), **uncoached, "best_line": []})
    record["review"] = moves
    record["coached"] = sum(move["explanation"] is not None for move in moves)
    for key, turning in (
        ("turning_points", review.turning_points),
        ("likely_turning_points", review.likely_turning_points),
    ):
        record[key] = [
            {"number": m.number, "grade": m.grade, "sentence": move_sentence(m)} for m in turning
        ]
    record["turning_points_words"] = turning_points_words(review)
    record["course"] = [point.to_json() for point in course(review)]
    return record


def _coached_move(
    review: Review, move: MoveReview, solver: Solver, line_limit: Limit | None
) -> dict[str, object]:
    """:func:`move_record` with the move's explanations and the best line before it."""
    record = move_record(move)
    played, best = move_explanations(review, move.number)
    record["explanation"] = played.to_json()
    record["best_explanation"] = None if best is None else best.to_json()
    line = best_line(review.board_after(move.ply), limit=line_limit, solver=solver)
    record["best_line"] = [_number(c) for c in line]
    return record


def exercise_record(exercise: Exercise) -> dict[str, object]:
    """The JSON record of an exercise (a mistake to replay): ``number`` (the move's),
    ``position`` (the moves before it, ``-`` for none), ``width``, ``height``, ``connect``,
    ``player`` (1 or 2) and ``symbol``, ``played`` and ``good`` (1-based), ``grade``,
    ``best`` (the good column explained), ``task_words`` (what it asks, ``Move 3: X played
    column 5, a blunder. Find a better move for X.``) and ``answer_words`` (the answer:
    ``The answer: columns 3, 5 or 7.``), in the sentences every front end shows,
    ``best_explanation``, ``played_explanation``, and
    ``answers``: the verdict on each legal column (:func:`verdict_record`), keyed by its
    1-based number as text, so a page answers a try without asking again."""
    board = exercise.board
    return {
        "number": exercise.number,
        "position": board.to_moves() or "-",
        "width": board.width,
        "height": board.height,
        "connect": board.connect,
        "player": exercise.player,
        "symbol": exercise.move.symbol,
        "played": _number(exercise.played),
        "good": [_number(c) for c in exercise.good],
        "grade": exercise.grade,
        "best": _number(exercise.best),
        "task_words": task_words(exercise),
        "answer_words": answer_words(exercise),
        "best_explanation": exercise.best_explanation.to_json(),
        "played_explanation": exercise.played_explanation.to_json(),
        "answers": {
            column_label(c): verdict_record(answer(exercise, c)) for c in board.legal_moves
        },
    }


def verdict_record(verdict: Verdict) -> dict[str, object]:
    """The JSON record of a verdict: ``right``, ``sentence``, ``column`` (1-based, the one
    tried) and ``explanation`` (of that column)."""
    column = verdict.explanation.column
    return {
        "right": verdict.right,
        "sentence": verdict.sentence,
        "column": None if column is None else _number(column),
        "explanation": verdict.explanation.to_json(),
    }


def game_record(saved: SavedGame) -> dict[str, object]:
    """The JSON record of a saved game (``SavedGame.to_json``): ``number``, ``moves``,
    ``size``, ``width``, ``height``, ``connect``, ``plies``, ``first``, ``second``,
    ``result``, ``source`` and ``finished``."""
    return saved.to_json()
