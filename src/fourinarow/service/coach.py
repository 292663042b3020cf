"""The coach: a review as players know it, and learning from one's mistakes.

One judgement, said one way: the evaluation graph's points (:func:`course`), the best line
(:func:`best_line`), the mistakes to replay (:func:`exercises`) and the verdict on a retry
(:func:`answer`) all come from here, so the terminal, the desktop game and the web page only
draw them.

- :func:`course`: one point per position of a reviewed game (the start included), the first
  player's expected result from 0 (a loss) through 0.5 (a draw) to 1 (a win), from the same
  values that graded the moves: a drop on the graph is what the grade says was lost.
- :func:`best_line`: the best play from a position, the solver's where it proves it.
- :func:`exercises`: each mistake and blunder of a review as an exercise: the position, the
  move played, every column that would have kept the position's value, and why.
- :func:`answer`: the verdict on a column tried, in one sentence, with its explanation;
  :func:`remember_missed` adds an exercise missed to the puzzle history
  (:func:`remember_missed_move` one named by its position, as the web page names it).

``explain`` and ``Explanation`` (:mod:`fourinarow.analysis.explain`) are importable from here
too, for the front ends, which reach the analysis only through the service layer, and so are
``line_limit``, ``LINE_LENGTH`` and ``LINE_SECONDS``, a best line's budget
(:mod:`fourinarow.service.budgets`).

>>> from fourinarow.service.reviews import review_game
>>> review = review_game("4455")  # X's 5 throws the win; O's 5 throws it back
>>> [(p.ply, p.expected, p.words) for p in course(review)][2:]
[(2, 1.0, 'win in 20'), (3, 0.0, 'loss in 19'), (4, 1.0, 'win in 2')]
>>> (exercise,) = exercises(review, player=1)
>>> exercise.number, [c + 1 for c in exercise.good], exercise.grade
(3, [4], 'blunder')
>>> answer(exercise, 3).sentence
'Right: column 4 keeps the win.'
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from fourinarow.agents.proofs import prove_then_estimate
from fourinarow.analysis.explain import Explanation as Explanation
from fourinarow.analysis.explain import explain as explain
from fourinarow.analysis.review import MoveReview, Review, review_move
from fourinarow.core import Board, Column, FourInARowError, Player, column_label
from fourinarow.core.checks import shown
from fourinarow.puzzles.history import Progress
from fourinarow.search.checks import checked_limit, playable_board
from fourinarow.search.engine_search import Engine
from fourinarow.search.estimates import ESTIMATE_TABLE_MB
from fourinarow.search.limit import Limit
from fourinarow.search.scores import (
    Bounds,
    ColumnValue,
    Estimate,
    Exact,
    Unvalued,
    expected_result,
)
from fourinarow.search.solver import Solver
from fourinarow.service.budgets import LINE_LENGTH as LINE_LENGTH
from fourinarow.service.budgets import LINE_SECONDS as LINE_SECONDS
from fourinarow.service.budgets import line_limit as line_limit
from fourinarow.service.words import result_of, value_words, verb_words

__all__ = [
    "LINE_LENGTH",
    "LINE_SECONDS",
    "MISTAKES_SET",
    "CoachError",
    "CoursePoint",
    "Exercise",
    "Verdict",
    "answer",
    "answer_words",
    "best_line",
    "centre_first",
    "course",
    "exercise_id",
    "exercises",
    "line_limit",
    "move_explanations",
    "remember_missed",
    "remember_missed_move",
    "task_words",
]

MISTAKES_SET = "your games"
"""The puzzle set an exercise missed is recorded under in the puzzle history."""

REPLAYED = ("mistake", "blunder")
"""The grades an exercise replays (inaccuracies keep the result: they are not replayed)."""


class CoachError(FourInARowError):
    """A bad argument to the coach: not a review, an exercise or a player."""


# ------------------------------------------------------------------------------- the course


@dataclass(frozen=True)
class CoursePoint:
    """One point of a game's evaluation graph: the position after ``ply`` stones.

    Attributes:
        ply: the stones on the board (0: the start).
        expected: the first player's expected result, 0 (a loss), 0.5 (a draw), 1 (a win);
            in between, an estimate (or bounds that leave the result open).
        proven: the result is proven (``expected`` is then 0, 0.5 or 1).
        words: the value in words, for the first player (``win in 9``, ``draw``, ``likely
            draw``, ``at least a draw``, ``not proven``; ``X won`` or ``draw`` at the end).
    """

    ply: int
    expected: float
    proven: bool
    words: str

    def to_json(self) -> dict[str, object]:
        """The point as JSON: ``ply``, ``expected`` (3 decimals), ``proven`` and ``words``."""
        return {
            "ply": self.ply,
            "expected": round(self.expected, 3),
            "proven": self.proven,
            "words": self.words,
        }


def _flipped(value: ColumnValue) -> ColumnValue:
    """A value for the side to move as the other player's."""
    if isinstance(value, Exact | Bounds | Estimate):
        return -value
    return value


def _settled(value: ColumnValue) -> bool:
    """Whether ``value`` proves the result (win, draw or loss)."""
    return result_of(value) in ("win", "loss", "draw")


def _point(ply: int, value: ColumnValue, mover: Player) -> CoursePoint:
    """The point of a position whose value for its side to move (``mover``) is ``value``."""
    first = value if mover == 1 else _flipped(value)
    if isinstance(first, Unvalued):
        return CoursePoint(ply, 0.5, False, "not proven")
    expected = expected_result(first)
    words = value_words(first)
    if isinstance(first, Estimate) and not _settled(first):
        words = f"likely {first.likely_result}"
    return CoursePoint(ply, expected, _settled(first), words)


def _best_entry(move: MoveReview) -> ColumnValue:
    """The value of the position before ``move`` for its mover: its likely best column's
    entry (an estimate where nothing better is known), else the review's bounds."""
    best = move.likely_best
    if best is None:
        return move.before
    entry = move.values.values[best]
    return entry if not isinstance(entry, Unvalued) else move.before


def _played_entry(move: MoveReview) -> ColumnValue:
    """The value of the move played, for its mover, as the review valued it."""
    entry = move.values.values[move.column]
    return move.played if isinstance(entry, Unvalued) else entry


def course(review: Review) -> tuple[CoursePoint, ...]:
    """The evaluation graph of a reviewed game: one point per position, the start included
    (so one more than the moves), each the first player's expected result.

    Each position before a move is valued by that move's analysis (its best column); the
    position after the last move by the value of the move played, or by the game's result
    when it is over. An empty review has no points.

    Raises:
        CoachError: ``review`` is not a review.
    """
    if not isinstance(review, Review):
        raise CoachError(f"a course is drawn from a Review, not {shown(review)}")
    points = [_point(move.ply, _best_entry(move), move.player) for move in review.moves]
    if not review.moves:
        return ()
    last = review.moves[-1]
    outcome = review.board.outcome()
    ply = last.ply + 1
    if outcome is None:
        points.append(_point(ply, _flipped(_played_entry(last)), 3 - last.player))
    elif outcome.is_draw:
        points.append(CoursePoint(ply, 0.5, True, "draw"))
    else:
        won = outcome.winner == 1
        points.append(CoursePoint(ply, 1.0 if won else 0.0, True, "X won" if won else "O won"))
    return tuple(points)


def move_explanations(review: Review, number: int) -> tuple[Explanation, Explanation | None]:
    """Why move ``number`` (1-based) of a review was good or bad, and why the best column of
    its position is best (``None`` when the review valued no column there): the
    explanations of the column played and of the likely best one, in the position before
    the move.

    Raises:
        CoachError: ``review`` is not a review, or it has no move ``number``.
    """
    if not isinstance(review, Review):
        raise CoachError(f"explanations come from a Review, not {shown(review)}")
    if isinstance(number, bool) or not isinstance(number, int):
        raise CoachError(f"a move's number is a whole number, not {shown(number)}")
    if not 1 <= number <= len(review.moves):
        raise CoachError(f"the review has moves 1 to {len(review.moves)}, not {number}")
    move = review.moves[number - 1]
    board = review.board_after(move.ply)
    best = move.likely_best
    return explain(board, move.column), None if best is None else explain(board, best)


# ---------------------------------------------------------------------------- the best line


def centre_first(columns: tuple[Column, ...] | list[Column], width: int) -> Column:
    """The column nearest the centre of a board ``width`` wide among ``columns`` (0-based;
    the left one of two as near): the one a best line, a hint and an exercise name among
    equally good columns.

    >>> centre_first((0, 2, 4, 6), 7), centre_first((2, 4), 7)
    (2, 2)
    """
    return min(columns, key=lambda c: (abs(2 * c - (width - 1)), c))


def best_line(
    board: Board,
    *,
    limit: Limit | None = None,
    length: int = LINE_LENGTH,
    solver: Solver | None = None,
) -> tuple[Column, ...]:
    """The best play from ``board`` for both sides, up to ``length`` moves or the game's end
    (0-based columns; the column nearest the centre among equals).

    Without a limit every move is the solver's proven best. Within one, each position is
    valued as a review's is (prove, then estimate, the limit per position, with an engine of
    the board's shape for the estimates): the proven best where the solver proves it, else
    the likely best by the engine's estimates; the line stops at a position where some column
    has neither a proven result nor an estimate (it cannot be weighed against the others). A
    finished game has an empty line.

    Raises:
        InvalidPositionError: ``board`` is not a board.
        CoachError: ``length`` is not a whole number >= 0.
        InvalidLimitError: ``limit`` is not a ``Limit``.
    """
    if not isinstance(board, Board):
        playable_board(board, "")  # raises the usual error
    if isinstance(length, bool) or not isinstance(length, int) or length < 0:
        raise CoachError(f"a best line's length is a whole number >= 0, not {shown(length)}")
    if limit is not None:
        limit = checked_limit(limit)
    solver = Solver() if solver is None else solver
    engine = None if limit is None else Engine(board.width, board.height, board.connect,
                                               tt_mb=ESTIMATE_TABLE_MB)  # fmt: skip
    position = board.copy()
    line: list[Column] = []
    while len(line) < length and not position.is_game_over():
        if limit is None:
            best = solver.best_moves(position)
        else:
            values = prove_then_estimate(position, solver, limit, engine)
            known = all(
                isinstance(values.values[c], Estimate) or _settled(values.values[c])
                for c in values.legal
            )  # a column merely bounded cannot be weighed against the others
            best = list(values.likely_best()) if known else []
        if not best:
            break
        column = centre_first(best, position.width)
        line.append(column)
        position.push(column)
    return tuple(line)


# ----------------------------------------------------------------------------- exercises


@dataclass(frozen=True)
class Exercise:
    """One mistake of a game to replay: find a better move.

    Attributes:
        number: the move's number in the game (1-based).
        board: the position before the mistake (a copy; the player to move made it).
        played: the column played (0-based).
        good: the columns that keep the position's value (0-based): any of them is right.
        grade: ``mistake`` or ``blunder``.
        best_explanation: why the best column is best.
        played_explanation: why the column played was wrong.
        move: the review of the move, whose analysis judges every answer.
    """

    number: int
    board: Board
    played: Column
    good: tuple[Column, ...]
    grade: str
    best_explanation: Explanation
    played_explanation: Explanation
    move: MoveReview

    @property
    def player(self) -> Player:
        """The player who made the mistake (1 or 2)."""
        return self.move.player

    @property
    def best(self) -> Column:
        """The good column nearest the centre: the one explained as best."""
        return centre_first(self.good, self.board.width)


def task_words(exercise: Exercise) -> str:
    """What an exercise asks, as every front end sets it (the web page names the players by
    their colours): ``Move 3: X played column 5, a blunder. Find a better move for X.``

    Raises:
        CoachError: ``exercise`` is not an exercise.
    """
    if not isinstance(exercise, Exercise):
        raise CoachError(f"a task is an Exercise's, not {shown(exercise)}")
    symbol = exercise.move.symbol
    return (
        f"Move {exercise.number}: {symbol} played column {column_label(exercise.played)}, a "
        f"{exercise.grade}. Find a better move for {symbol}."
    )


def answer_words(exercise: Exercise) -> str:
    """The answer to an exercise, as every front end shows it when asked for it: ``The
    answer: column 4.``, ``The answer: columns 3, 5 or 7.``

    Raises:
        CoachError: ``exercise`` is not an exercise.
    """
    if not isinstance(exercise, Exercise):
        raise CoachError(f"an answer is to an Exercise, not {shown(exercise)}")
    columns = [column_label(c) for c in exercise.good]
    if len(columns) == 1:
        return f"The answer: column {columns[0]}."
    return "The answer: columns " + ", ".join(columns[:-1]) + f" or {columns[-1]}."


def _keeps(move: MoveReview, board: Board, column: Column) -> bool:
    """Whether ``column`` keeps the value of the position ``move`` was made in: graded best
    or an inaccuracy (the same result) by the same analysis."""
    if isinstance(move.values.values[column], Unvalued):
        return False
    return review_move(board, column, move.values).grade in ("best", "inaccuracy")


def _exercise(review: Review, move: MoveReview) -> Exercise | None:
    board = review.board_after(move.ply)
    good = tuple(c for c in board.legal_moves if _keeps(move, board, c))
    if not good:
        return None
    best = centre_first(good, board.width)
    return Exercise(
        number=move.number,
        board=board,
        played=move.column,
        good=good,
        grade=move.grade,
        best_explanation=explain(board, best),
        played_explanation=explain(board, move.column),
        move=move,
    )


def exercises(
    review: Review, player: Player | None = None, *, within: float | None = None
) -> tuple[Exercise, ...]:
    """The mistakes and blunders of a review (of ``player`` alone, if given), in order, each
    as an exercise; inaccuracies are not replayed, nor moves the review could not grade.

    With ``within`` (seconds: what a capped review has left, as
    :mod:`~fourinarow.service.budgets` splits a server's cap), no exercise is begun once that
    time has passed: the first ones found are returned (none for 0), so that a game of many
    mistakes on a large board, each explained, stays within the cap.

    Raises:
        CoachError: ``review`` is not a review, ``player`` is not 1, 2 or ``None``, or
            ``within`` is not a number of seconds >= 0.
    """
    start = time.perf_counter()
    if not isinstance(review, Review):
        raise CoachError(f"exercises come from a Review, not {shown(review)}")
    if player is not None and (isinstance(player, bool) or player not in (1, 2)):
        raise CoachError(f"a player is 1, 2 or None, not {shown(player)}")
    if within is not None and (
        isinstance(within, bool) or not isinstance(within, int | float) or not within >= 0
    ):
        raise CoachError(f"within is a number of seconds >= 0 or None, not {shown(within)}")
    found = []
    for move in review.moves:
        if move.grade not in REPLAYED or (player is not None and move.player != player):
            continue
        if within is not None and time.perf_counter() - start >= within:
            break
        exercise = _exercise(review, move)
        if exercise is not None:
            found.append(exercise)
    return tuple(found)


def exercise_id(exercise: Exercise) -> str:
    """The exercise's name in the puzzle history: its shape and position, ``7x6:4455``."""
    return _position_id(exercise.board)


def _position_id(board: Board) -> str:
    shape = f"{board.width}x{board.height}" + ("" if board.connect == 4 else f"c{board.connect}")
    return f"{shape}:{board.to_moves() or '-'}"


# ------------------------------------------------------------------------------ answers


@dataclass(frozen=True)
class Verdict:
    """The verdict on a column tried in an exercise.

    Attributes:
        right: the column keeps the position's value.
        sentence: one sentence: ``Right: column 4 keeps the win.`` or ``Not that: column 5
            loses in 2.``
        explanation: the explanation of the column tried.
    """

    right: bool
    sentence: str
    explanation: Explanation


def _kept(move: MoveReview) -> str:
    """What the best column keeps, as a noun: ``win``, ``draw``, ``likely win``..."""
    entry = _best_entry(move)
    if isinstance(entry, Estimate) and not _settled(entry):
        return f"likely {entry.likely_result}"
    result = result_of(entry)
    return "draw" if result in ("draw", "at least a draw") else "win"


def answer(exercise: Exercise, column: Column) -> Verdict:
    """The verdict on ``column`` (0-based) tried in ``exercise``: right when it keeps the
    position's value (any good column), with one sentence and the column's explanation. A
    wrong verdict says what the column does, not which column is better, so that the player
    may try again (``exercise.good`` is the answer).

    Raises:
        CoachError: ``exercise`` is not an exercise.
        InvalidMoveError: ``column`` is not a column of the board.
        IllegalMoveError: ``column`` is full.
    """
    if not isinstance(exercise, Exercise):
        raise CoachError(f"an answer is to an Exercise, not {shown(exercise)}")
    explanation = explain(exercise.board, column)  # raises for a column that cannot be played
    kept = _kept(exercise.move)
    label = column_label(column)
    if column in exercise.good:
        return Verdict(True, f"Right: column {label} keeps the {kept}.", explanation)
    value = exercise.move.values.values[column]
    said = "is not proven" if isinstance(value, Unvalued) else verb_words(value)
    again = " (the move played)" if column == exercise.played else ""
    # the better column is not named: a front end may let the player try again
    return Verdict(False, f"Not that: column {label}{again} {said}.", explanation)


def remember_missed(exercise: Exercise, progress: Progress, *, answer_shown: bool = False) -> None:
    """Record ``exercise`` in the player's puzzle history (set :data:`MISTAKES_SET`, id
    :func:`exercise_id`), so that it counts with the puzzles missed: as a failed puzzle, or
    with ``answer_shown`` (the answer asked for without a try) as a skipped one, as a puzzle
    whose solution is shown.

    Raises:
        CoachError: ``exercise`` or ``progress`` is not what it should be.
        ProgressError: the progress file cannot be written.
    """
    if not isinstance(exercise, Exercise):
        raise CoachError(f"remember an Exercise, not {shown(exercise)}")
    remember_missed_move(exercise.board, exercise.played, progress, answer_shown=answer_shown)


def remember_missed_move(
    board: Board, played: Column, progress: Progress, *, answer_shown: bool = False
) -> str:
    """Record the exercise of the mistake ``played`` (0-based) made at ``board`` as
    :func:`remember_missed` does (the same id, set and result), for a front end that keeps its
    exercises itself (the web page names one by its position and the column played); return
    its id (:func:`exercise_id`).

    Raises:
        CoachError: ``board`` or ``progress`` is not what it should be.
        InvalidMoveError: ``played`` is not a column of the board.
        IllegalMoveError: ``played`` cannot be played there (full, or the game is over).
        ProgressError: the progress file cannot be written.
    """
    if not isinstance(board, Board):
        raise CoachError(f"a missed exercise is at a Board, not {shown(board)}")
    if not isinstance(progress, Progress):
        raise CoachError(f"missed exercises go to a puzzle Progress, not {shown(progress)}")
    board.copy().push(played)  # raises for a column that is not a move there
    puzzle = _position_id(board)
    if answer_shown:
        progress.record(puzzle, MISTAKES_SET, "skipped")
    else:
        progress.record(puzzle, MISTAKES_SET, "failed", [column_label(played)])
    return puzzle
