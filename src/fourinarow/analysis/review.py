"""Game review: every move of a game graded against the exact solver.

For each move, the position before it is analysed with :meth:`Solver.analyze` (every column's
value for the side to move, in the standard convention: 0 a draw, positive a win, larger for a
faster win). The move played is graded against the best column:

- ``best``: it keeps the position's value (the final winning stone is always best);
- ``inaccuracy``: the same result, but a slower win or a faster loss;
- ``mistake``: a won position drawn, or a drawn one lost;
- ``blunder``: a won position lost;
- ``unproven``: neither proof nor estimates could grade it. When the bounds alone decide a
  grade (say the move's upper bound is below 0 while the best column's lower bound is above 0:
  a blunder whatever the exact values), the move gets that grade with ``from_bounds`` set.

Within a time or node limit each position is valued as every analysis is: prove, then estimate
(``fourinarow.agents.proofs.prove_then_estimate``): the solver narrows every column's
bounds together for ``PROOF_SHARE`` of the position's limit and the heuristic engine estimates
every column left open with the rest. A move proof cannot grade is
graded by the estimates (``estimated``, ``graded_by == "estimate"``): by the drop in expected
result (1 a win, 0.5 a draw, 0 a loss; an estimate's ``expected``, kept within its proven
bounds) from the best column to the move played, at :data:`ESTIMATE_THRESHOLDS`, and never to a
grade the bounds rule out.

Distances are counted as in the rest of fourinarow (``Exact.own_moves``): a win in N is N
of the mover's own moves, this one included; a loss in N means the opponent's Nth move from
there wins. The words a review is said in are made by ``fourinarow.service.words``.

Per player, ``accuracy`` is the share of graded moves (``unproven`` ones left out) that are
``best``. ``weighted_accuracy`` gives partial credit to inaccuracies by distance: a win in
``b`` moves played as a win in ``p`` (``p > b``) earns ``b / p``, a loss in ``b`` played as a
loss in ``p`` (``p < b``) earns ``p / b``; best moves earn 1, mistakes and blunders 0 (and so
does an inaccuracy proven by bounds alone, whose distances are not known); an inaccuracy
graded by estimates earns 1 minus the expected result it lost; it is the mean credit over the
graded moves, by proof and by estimate alike.

>>> review = review_game("4455")  # X's 5 throws the win; O's 5 throws it back
>>> [(m.number, m.label, m.grade) for m in review.moves]
[(1, '4', 'best'), (2, '4', 'best'), (3, '5', 'blunder'), (4, '5', 'blunder')]
>>> [(m.number, m.before.value, m.played.value) for m in review.turning_points]
[(3, 1, -2), (4, 2, -18)]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Literal

from fourinarow.agents.proofs import book_reach, prove_then_estimate
from fourinarow.core import Board, Column, FourInARowError, Geometry, Player, column_label
from fourinarow.core.checks import shown
from fourinarow.search.engine_search import Engine
from fourinarow.search.estimates import ESTIMATE_TABLE_MB
from fourinarow.search.limit import Limit
from fourinarow.search.scores import (
    Bounds,
    ColumnValues,
    Estimate,
    Exact,
    Unvalued,
    expected_result,
    value_range,
)
from fourinarow.search.solver import Solver

__all__ = [
    "ESTIMATE_THRESHOLDS",
    "GRADES",
    "Grade",
    "GradedBy",
    "MoveReview",
    "PlayerSummary",
    "Review",
    "ReviewError",
    "review_game",
    "review_move",
]

Grade = Literal["best", "inaccuracy", "mistake", "blunder", "unproven"]
"""How good a move was, from ``best`` to ``blunder``, or ``unproven``."""

GRADES: tuple[Grade, ...] = ("best", "inaccuracy", "mistake", "blunder", "unproven")
"""Every grade, best first."""

MARKS: dict[Grade, str] = {
    "best": "",
    "inaccuracy": "?!",
    "mistake": "?",
    "blunder": "??",
    "unproven": "~",
}
"""The annotation mark of each grade, as chess annotators write them (``~``: not proven)."""

ESTIMATE_THRESHOLDS: dict[Grade, float] = {"inaccuracy": 0.1, "mistake": 0.25, "blunder": 0.6}
"""The least drop in expected result (0..1) that makes an estimated move each grade."""

GradedBy = Literal["proof", "estimate"]
"""What decided a grade: proven values (or bounds), or the engine's estimates."""

SYMBOLS: dict[int, str] = {1: "X", 2: "O"}
"""The players' symbols in text, as the boards are drawn."""


class ReviewError(FourInARowError):
    """A game that cannot be reviewed: not a board or a move string, or a bad argument."""


Value = Exact | Bounds
"""A value for the side to move: exact, or the proven bounds."""


@dataclass(frozen=True)
class MoveReview:
    """One move of a reviewed game.

    Attributes:
        ply: stones on the board before the move (0 for the first move).
        player: 1 or 2, the player who moved.
        column: the column played, 0-based (``label`` is the 1-based one of records).
        before: the position's value for the mover (its best column's value), exact or bounds.
        played: the value of the move played, for the mover, exact or bounds.
        best: the columns proven best (0-based); empty when the limit left that open.
        grade: ``best``, ``inaccuracy``, ``mistake``, ``blunder`` or ``unproven``.
        from_bounds: the grade was decided by proven bounds, not exact values.
        values: the analysis of every column of the position before the move.
        estimated: the grade was decided by the engine's estimates, not by proof.
        loss: the drop in expected result (0..1) from the best column to the move played,
            where every column has a proven result or an estimate; ``None`` otherwise.
    """

    ply: int
    player: Player
    column: Column
    before: Value
    played: Value
    best: tuple[Column, ...]
    grade: Grade
    from_bounds: bool
    values: ColumnValues = field(repr=False, compare=False)
    estimated: bool = False
    loss: float | None = None

    @property
    def graded_by(self) -> GradedBy | None:
        """``proof`` or ``estimate``: what decided the grade; ``None`` when unproven."""
        if self.grade == "unproven":
            return None
        return "estimate" if self.estimated else "proof"

    @property
    def number(self) -> int:
        """The move's number in the game, from 1."""
        return self.ply + 1

    @property
    def label(self) -> str:
        """The column played as records write it (1-based)."""
        return column_label(self.column)

    @property
    def symbol(self) -> str:
        """``X`` for the first player, ``O`` for the second."""
        return SYMBOLS[self.player]

    @property
    def mark(self) -> str:
        """The grade's annotation mark: ``?!``, ``?``, ``??``, ``~`` or nothing for best."""
        return MARKS[self.grade]

    @property
    def credit(self) -> float | None:
        """The move's share in the distance-weighted accuracy (``None`` when unproven)."""
        return _credit(self)

    @property
    def likely_best(self) -> Column | None:
        """The proven best column, else the one with the highest expected result (proofs
        first, estimates second); ``None`` when nothing was valued."""
        if self.best:
            return self.best[0]
        likely = self.values.likely_best()
        return likely[0] if likely else None

    def to_json(self) -> dict[str, object]:
        """The move as JSON: number, player, column (1-based), the typed ``before`` and
        ``played`` scores, ``best`` (1-based), grade, mark, ``from_bounds``, ``graded_by``
        (``proof``, ``estimate`` or ``null``), ``estimate`` (the played column's estimate, or
        ``null``), ``expected_loss`` and ``credit``."""
        shown = self.values.values[self.column]
        return {
            "number": self.number,
            "player": self.player,
            "column": int(self.label),
            "before": self.before.to_json(),
            "played": self.played.to_json(),
            "best": [int(column_label(c)) for c in self.best],
            "grade": self.grade,
            "mark": self.mark,
            "from_bounds": self.from_bounds,
            "graded_by": self.graded_by,
            "estimate": shown.to_json() if isinstance(shown, Estimate) else None,
            "expected_loss": None if self.loss is None else round(self.loss, 3),
            "credit": self.credit,
        }


@dataclass(frozen=True)
class PlayerSummary:
    """One player's grades in a game.

    Attributes:
        player: 1 or 2.
        counts: moves per grade (every grade present, zeros included).
        accuracy: the share of graded moves (``unproven`` left out) that are ``best``; ``None``
            when no move was graded.
        weighted_accuracy: the mean credit of graded moves (best 1, a proven inaccuracy by
            how much slower it wins or faster it loses, an estimated one 1 minus the expected
            result it lost, mistakes and blunders 0); ``None`` likewise.
        by_proof, by_estimate: the graded moves whose grade proof decided, and estimates.
    """

    player: Player
    counts: dict[Grade, int]
    accuracy: float | None
    weighted_accuracy: float | None
    by_proof: int = 0
    by_estimate: int = 0

    @property
    def moves(self) -> int:
        """The player's moves in the game."""
        return sum(self.counts.values())

    def to_json(self) -> dict[str, object]:
        """The summary as JSON: player, moves, counts per grade, the moves graded by proof
        and by estimate, and both accuracies."""
        return {
            "player": self.player,
            "moves": self.moves,
            "counts": dict(self.counts),
            "graded_by": {"proof": self.by_proof, "estimate": self.by_estimate},
            "accuracy": self.accuracy,
            "weighted_accuracy": self.weighted_accuracy,
        }


@dataclass(frozen=True)
class Review:
    """A reviewed game.

    Attributes:
        moves: every move's review, in order.
        width, height, connect: the board's shape.
    """

    moves: tuple[MoveReview, ...]
    width: int
    height: int
    connect: int

    @property
    def turning_points(self) -> tuple[MoveReview, ...]:
        """The mistakes and blunders proven as such, in order."""
        return tuple(m for m in self.moves if m.grade in ("mistake", "blunder") and not m.estimated)

    @property
    def likely_turning_points(self) -> tuple[MoveReview, ...]:
        """The mistakes and blunders graded by estimates (likely, not proven), in order."""
        return tuple(m for m in self.moves if m.grade in ("mistake", "blunder") and m.estimated)

    def graded_by(self) -> dict[str, int]:
        """How many moves proof graded, estimates graded, and neither (``proof``,
        ``estimate``, ``ungraded``)."""
        by_proof = sum(m.graded_by == "proof" for m in self.moves)
        by_estimate = sum(m.graded_by == "estimate" for m in self.moves)
        ungraded = len(self.moves) - by_proof - by_estimate
        return {"proof": by_proof, "estimate": by_estimate, "ungraded": ungraded}

    @property
    def board(self) -> Board:
        """The final position."""
        return self.board_after(len(self.moves))

    def board_after(self, count: int) -> Board:
        """The position after the first ``count`` moves."""
        board = Board(self.width, self.height, self.connect)
        for move in self.moves[:count]:
            board.push(move.column)
        return board

    def summary(self, player: Player) -> PlayerSummary:
        """The grades of one player's moves (1 or 2)."""
        if player not in (1, 2):
            raise ReviewError(f"a player is 1 or 2, not {shown(player)}")
        own = [m for m in self.moves if m.player == player]
        counts: dict[Grade, int] = dict.fromkeys(GRADES, 0)
        for move in own:
            counts[move.grade] += 1
        graded = [m for m in own if m.grade != "unproven"]
        by_estimate = sum(m.estimated for m in graded)
        by_proof = len(graded) - by_estimate
        if not graded:
            return PlayerSummary(player, counts, None, None)
        credits = [m.credit or 0.0 for m in graded]
        return PlayerSummary(
            player,
            counts,
            counts["best"] / len(graded),
            sum(credits) / len(graded),
            by_proof,
            by_estimate,
        )

    def summaries(self) -> tuple[PlayerSummary, PlayerSummary]:
        """Both players' summaries, the first player's first."""
        return self.summary(1), self.summary(2)

    def to_json(self) -> dict[str, object]:
        """The review as one JSON object: the shape, the moves string, every move, the
        turning points (number and grade; proven, then likely ones graded by estimates; the
        sentences that name them are the application's words: ``service.records``),
        the moves graded by proof, by estimate and neither, and both players' summaries."""
        board = self.board
        outcome = board.outcome()
        return {
            "size": f"{self.width}x{self.height}",
            "connect": self.connect,
            "moves": board.to_moves(),
            "result": None if outcome is None else ("draw" if outcome.is_draw else outcome.winner),
            "review": [m.to_json() for m in self.moves],
            "turning_points": [{"number": m.number, "grade": m.grade} for m in self.turning_points],
            "likely_turning_points": [
                {"number": m.number, "grade": m.grade} for m in self.likely_turning_points
            ],
            "graded_by": self.graded_by(),
            "players": [s.to_json() for s in self.summaries()],
        }


# ----------------------------------------------------------------------------- grading


def _low(value: Value) -> int:
    return value.value if isinstance(value, Exact) else value.lower


def _high(value: Value) -> int:
    return value.value if isinstance(value, Exact) else value.upper


def _column_value(entry: object, board: Board, whole: Bounds | None = None) -> Value:
    """A column's analysed entry as exact or bounds, clamped to the values the board allows
    (an estimate gives the bounds proven beside it; a column not searched the whole range,
    ``whole`` if given: ``Bounds(*value_range(board))``)."""
    if isinstance(entry, Exact):
        return entry
    if whole is None:
        whole = Bounds(*value_range(board))
    if isinstance(entry, Estimate) and entry.bounds is not None:
        entry = entry.bounds
    if isinstance(entry, Bounds):
        low, high = max(entry.lower, whole.lower), min(entry.upper, whole.upper)
        return Exact.of(low, board) if low == high else Bounds(low, high)
    return whole


def _position_value(values: dict[Column, Value], board: Board) -> Value:
    """The position's value from its columns': the best of them, or bounds on it."""
    low = max(_low(v) for v in values.values())
    high = max(_high(v) for v in values.values())
    if low == high:
        return Exact.of(low, board)
    return Bounds(low, high)


def _best_columns(values: dict[Column, Value]) -> tuple[Column, ...]:
    """The columns proven best: exact, and no other column can score more (a column not
    searched can score anything the board allows)."""
    top = max(_high(v) for v in values.values())
    return tuple(c for c, v in values.items() if _low(v) == top)


def _sign(value: int) -> int:
    return (value > 0) - (value < 0)


def grade_of(played: int, best: int) -> Grade:
    """The grade of a move of exact value ``played`` where the best column has ``best``.

    >>> grade_of(5, 5), grade_of(3, 5), grade_of(0, 5), grade_of(-2, 0), grade_of(-2, 5)
    ('best', 'inaccuracy', 'mistake', 'mistake', 'blunder')
    """
    if played == best:
        return "best"
    if _sign(played) == _sign(best):
        return "inaccuracy"
    if best > 0 and played < 0:
        return "blunder"
    return "mistake"


def possible_grades(low: int, high: int, best_low: int, best_high: int) -> set[Grade]:
    """The grades a move can have when its value ``p`` is within ``low..high`` and the best
    column's ``b`` within ``best_low..best_high`` (with ``p <= b``): :func:`grade_of` over
    every such pair, found from the bounds alone (boards can be large).

    >>> sorted(possible_grades(-5, -1, 2, 9)), sorted(possible_grades(-5, 0, 1, 9))
    (['blunder'], ['blunder', 'mistake'])
    """
    grades: set[Grade] = set()
    if max(low, best_low) <= min(high, best_high):
        grades.add("best")  # p == b
    slowest = max(low, 1)  # the smallest winning p, then a larger winning b
    if slowest <= high and max(best_low, slowest + 1) <= best_high:
        grades.add("inaccuracy")
    if max(best_low, low + 1) <= min(best_high, -1):  # p < b < 0, with p = low
        grades.add("inaccuracy")
    can_lose, can_win = low <= -1, max(best_low, 1) <= best_high
    if (low <= 0 <= high and can_win) or (can_lose and best_low <= 0 <= best_high):
        grades.add("mistake")  # p == 0 < b, or p < 0 == b
    if can_lose and can_win:
        grades.add("blunder")  # p < 0 < b
    return grades


def _grade(played: Value, before: Value) -> tuple[Grade, bool]:
    """The grade from exact values or from bounds, and whether bounds decided it."""
    if isinstance(played, Exact) and isinstance(before, Exact):
        return grade_of(played.value, before.value), False
    grades = possible_grades(_low(played), _high(played), _low(before), _high(before))
    if len(grades) == 1:
        return grades.pop(), True
    return "unproven", False


def _credit(move: MoveReview) -> float | None:
    if move.grade == "unproven":
        return None
    if move.grade == "best":
        return 1.0
    if move.grade != "inaccuracy":
        return 0.0
    if move.estimated:  # the share of the expected result kept, by the estimates
        return max(0.0, 1.0 - (move.loss or 0.0))
    played, before = move.played, move.before
    if not (isinstance(played, Exact) and isinstance(before, Exact)):
        return 0.0  # an inaccuracy proven by bounds only: its distance is not known
    taken, best = played.own_moves, before.own_moves
    if taken is None or best is None:
        return 0.0
    if before.value > 0:  # a slower win: credit best moves / moves taken
        return best / taken
    return taken / best  # a faster loss


SEVERITY: dict[Grade, int] = {"best": 0, "inaccuracy": 1, "mistake": 2, "blunder": 3}


def grade_of_loss(loss: float) -> Grade:
    """The grade of a move that lost ``loss`` of the expected result (0..1) against the best
    column, by :data:`ESTIMATE_THRESHOLDS`.

    >>> grade_of_loss(0.04), grade_of_loss(0.12), grade_of_loss(0.25), grade_of_loss(0.6)
    ('best', 'inaccuracy', 'mistake', 'blunder')
    """
    for grade in ("blunder", "mistake", "inaccuracy"):
        if loss >= ESTIMATE_THRESHOLDS[grade] - 1e-9:
            return grade
    return "best"


def _expected_results(
    analysis: ColumnValues, values: dict[Column, Value]
) -> dict[Column, float] | None:
    """Every legal column's expected result (0..1): the result its proof settles, else its
    estimate's, kept within what is proven; ``None`` if some column has neither."""
    expected: dict[Column, float] = {}
    for column, proven in values.items():
        entry = analysis.values[column]
        if _sign(_low(proven)) == _sign(_high(proven)):  # the result is proven
            expected[column] = expected_result(proven)
        elif isinstance(entry, Estimate):  # kept within its bounds, which ``proven`` holds
            expected[column] = expected_result(entry)
        else:
            return None
    return expected


def _estimated_grade(loss: float, possible: set[Grade]) -> Grade:
    """The grade by ``loss``, or the nearest of the ``possible`` ones the proofs leave (the
    milder on a tie)."""
    wanted = grade_of_loss(loss)
    if wanted in possible or not possible:
        return wanted
    return min(possible, key=lambda g: (abs(SEVERITY[g] - SEVERITY[wanted]), SEVERITY[g]))


# ----------------------------------------------------------------------------- review


def _board_of(board_or_moves: object, shape: Geometry) -> tuple[Board, tuple[Column, ...]]:
    if isinstance(board_or_moves, Board):
        moves = board_or_moves.moves
        board = board_or_moves
        return Board(board.width, board.height, board.connect), moves
    if isinstance(board_or_moves, str):
        width, height, connect = shape.width, shape.height, shape.connect
        final = Board.from_moves(board_or_moves, width=width, height=height, connect=connect)
        return Board(width, height, connect), final.moves
    raise ReviewError(
        f"a game to review is a Board or a move string such as '4453', not {shown(board_or_moves)}"
    )


def review_move(board: Board, column: Column, analysis: ColumnValues) -> MoveReview:
    """The review of playing ``column`` (0-based, legal) in ``board``, from the solver's
    analysis of that position (:meth:`Solver.analyze`); the grading of :func:`review_game`,
    for one move (agent accuracy grades an agent's moves with it).

    >>> board = Board.from_moves("445566")  # X wins at once in column 3 or 7
    >>> [review_move(board, c, Solver().analyze(board)).grade for c in (2, 0)]  # 1 wins later
    ['best', 'inaccuracy']
    """
    whole = Bounds(*value_range(board))
    values = {c: _column_value(analysis.values[c], board, whole) for c in analysis.legal}
    before = _position_value(values, board)
    played = values[column]
    grade, from_bounds = _grade(played, before)
    expected = _expected_results(analysis, values)
    loss = None if expected is None else max(expected.values()) - expected[column]
    estimated = False
    if grade == "unproven" and loss is not None:
        possible = possible_grades(_low(played), _high(played), _low(before), _high(before))
        grade, estimated = _estimated_grade(loss, possible), True
    return MoveReview(
        ply=board.ply,
        player=board.turn,
        column=column,
        before=before,
        played=played,
        best=_best_columns(values),
        grade=grade,
        from_bounds=from_bounds,
        values=analysis,
        estimated=estimated,
        loss=loss,
    )


def _within(limit: Limit | None, seconds: float | None, start: float) -> Limit | None:
    """``limit`` with its time cut to what is left of ``seconds`` since ``start``."""
    if seconds is None:
        return limit
    left = seconds - (time.perf_counter() - start)
    if limit is None:
        return Limit(left)
    if limit.time is not None and limit.time <= left:
        return limit
    return Limit(left, limit.depth, limit.nodes)


def analyze_for_review(
    board: Board, solver: Solver, limit: Limit | None, engine: Engine | None = None
) -> ColumnValues:
    """Every column of ``board`` valued for a review: exact without a time or node limit;
    within one, prove, then estimate
    (``fourinarow.agents.proofs.prove_then_estimate``): the solver narrows every column
    together for ``PROOF_SHARE`` of it and the heuristic ``engine`` (one for the board's
    shape) estimates every column left open with the rest. Without an engine, proofs only.

    Raises:
        GameOverError: the game is over.
    """
    return prove_then_estimate(board, solver, limit, engine)


Progress = Callable[[int, int], None]
"""Called after each move is reviewed with the moves done and the moves in all."""


def _reviews(
    board: Board,
    moves: tuple[Column, ...],
    solver: Solver,
    limit: Limit | None,
    within: float | None = None,
    progress: Progress | None = None,
) -> Iterator[MoveReview]:
    """Each move reviewed, in order. Within a time, the positions are searched from the last
    to the first (a game's last positions are the quickest to prove, and their proofs, kept in
    the solver's table, help the earlier ones), and once the time is up only those the opening
    book answers are searched."""
    start = time.perf_counter()
    engine: Engine | None = None
    reach = -1 if within is None else book_reach(board, solver)
    unsearched: dict[tuple[bool, ...], ColumnValues] = {}  # by the columns that are full

    def review(position: Board, column: Column) -> MoveReview:
        nonlocal engine
        position_limit = _within(limit, within, start)
        out_of_time = position_limit is not None and position_limit.spent_at_start
        if within is not None and out_of_time and position.ply >= reach:
            full = tuple(not position.is_legal(c) for c in range(position.width))
            if full not in unsearched:
                unsearched[full] = _not_searched(full)
            return _unsearched_review(position, column, unsearched[full])
        limited = position_limit is not None and (
            position_limit.time is not None or position_limit.nodes is not None
        )
        if engine is None and limited:
            engine = Engine(board.width, board.height, board.connect, tt_mb=ESTIMATE_TABLE_MB)
        return review_move(
            position, column, analyze_for_review(position, solver, position_limit, engine)
        )

    if within is None:
        for done, column in enumerate(moves, 1):
            yield review(board, column)
            board.push(column)
            if progress is not None:
                progress(done, len(moves))
        return
    for column in moves:
        board.push(column)
    reviewed: list[MoveReview] = []
    for done in range(1, len(moves) + 1):
        column = board.pop()
        reviewed.append(review(board, column))
        if progress is not None:
            progress(done, len(moves))
    yield from reversed(reviewed)


def _unsearched_review(board: Board, column: Column, nothing: ColumnValues) -> MoveReview:
    """:func:`review_move` of a position not searched (``nothing``: no column valued), at a
    fraction of its cost: every column, and so the position and the move, may have any value
    the board allows, and the grade is ``unproven`` unless those bounds leave one grade."""
    whole = Bounds(*value_range(board))
    if len(possible_grades(whole.lower, whole.upper, whole.lower, whole.upper)) == 1:
        return review_move(board, column, nothing)  # near the end: the bounds may decide
    return MoveReview(
        ply=board.ply,
        player=board.turn,
        column=column,
        before=whole,
        played=whole,
        best=(),
        grade="unproven",
        from_bounds=False,
        values=nothing,
    )


def _not_searched(full: tuple[bool, ...]) -> ColumnValues:
    """An analysis with no column searched, those ``full`` full."""
    return ColumnValues(tuple(Unvalued.FULL if f else Unvalued.NOT_SEARCHED for f in full))


def review_game(
    board_or_moves: Board | str,
    *,
    width: int = 7,
    height: int = 6,
    connect: int = 4,
    limit: Limit | None = None,
    solver: Solver | None = None,
    within: float | None = None,
    progress: Progress | None = None,
) -> Review:
    """Review every move of a game (finished or not) with the exact solver.

    Args:
        board_or_moves: the game: a :class:`~fourinarow.core.Board` (its moves and shape are
            used) or a move string in 1-based columns (``"4453"``; comma-separated on boards
            wider than 9).
        width, height, connect: the board's shape for a move string.
        limit: the time and nodes the analysis of each position may spend (``None``: until
            proven; on a shape with an opening book, such as 7x6, the book makes that quick).
        solver: the solver to use (its table is kept between positions); a new one by default.
        within: seconds the whole review may take (a server's cap): each position's time is cut
            to what is left, and once none is left the remaining positions are not searched:
            those the shape's opening book answers are still proven from it, the others are
            ``unproven``.
        progress: called after each move with the moves reviewed and the moves in all.

    Raises:
        ReviewError: ``board_or_moves`` is neither a board nor a string, or ``solver`` is not a
            :class:`~fourinarow.search.solver.Solver`.
        InvalidPositionError: the move string is malformed or illegal (a full column, a move
            after the game ended).
        InvalidBoardSizeError: the shape is not a board's.
    """
    start, moves = _board_of(board_or_moves, Geometry(width, height, connect))
    if solver is None:
        solver = Solver()
    elif not isinstance(solver, Solver):
        raise ReviewError(f"solver is a Solver, not {shown(solver)}")
    reviews = tuple(_reviews(start, moves, solver, limit, within, progress))
    return Review(reviews, start.width, start.height, start.connect)
