"""Agent accuracy: the share of positions in which an agent plays an optimal move.

This is the figure reinforcement-learning papers report as "accuracy against the perfect
solver". The agent is asked for its move in each position (``agent.choose(board, limit)``),
every column of the position is valued by the exact solver (:meth:`Solver.analyze`), and the
move is graded as a game review grades it (:func:`~fourinarow.analysis.review.review_move`):
``best``, ``inaccuracy``, ``mistake``, ``blunder`` or ``unproven``.

Two sets of figures are reported, as papers differ:

- over **all** positions (the usual figure in papers): ``accuracy`` is the share of graded
  positions (``unproven`` left out) where the move is ``best``, and ``weighted_accuracy`` the
  mean credit (an inaccuracy earns part, by distance; see :mod:`fourinarow.analysis.review`);
- over the **decisive** positions only: those with two or more legal columns where not every
  column is proven best, i.e. where a move can go wrong. A position with one legal column, or
  where every column has the same value, is a free point for any agent; ``decisive_accuracy``
  and ``decisive_weighted_accuracy`` leave those out.

"Best" keeps the exact value, distance included: a win in 5 played as a win in 7 is an
inaccuracy, not best. Papers that count any move keeping the result (win, draw or loss) as
correct, as a weak solver grades, report ``outcome_accuracy``: the share of graded positions
where the move is best or an inaccuracy.

A spec given as a string is built with ``make_agent(spec, seed=seed)``: one agent, its random
generator seeded once, asked for the positions in order, so a run is repeatable for agents
limited by depth or nodes (levels 1-8, ``minimax``, ``alphabeta``, ``engine:nodes=N``, ``mcts:
playouts=N``); agents on a clock (``engine``, ``mcts``, ``perfect`` under a time limit, levels 9
and 10) depend on the machine's speed.

>>> from fourinarow.core import Board
>>> report = agent_accuracy("perfect", [Board.from_moves("445566"), Board.from_moves("4")])
>>> report.positions, report.accuracy, report.counts["best"]
(2, 1.0, 2)
"""

from __future__ import annotations

import io
import time
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar

from fourinarow.agents import Agent, make_agent
from fourinarow.analysis.review import GRADES, Grade, MoveReview, ReviewError, review_move
from fourinarow.core import Board, FourInARowError, Geometry
from fourinarow.core.checks import shown
from fourinarow.core.lines import InputTooLongError, read_lines
from fourinarow.core.paths import check_regular_file, open_regular_file
from fourinarow.search.limit import Limit
from fourinarow.search.scores import ColumnValues
from fourinarow.search.solver import Solver

__all__ = [
    "BENCHMARK_SETS",
    "AccuracyReport",
    "PositionFileError",
    "PositionRecord",
    "SolvedPosition",
    "agent_accuracy",
    "evenly_spaced",
    "read_positions",
    "solve_positions",
]

_T = TypeVar("_T")

BENCHMARK_SETS: dict[str, tuple[str, str]] = {
    "end-easy": ("End-Easy", "Test_L3_R1"),
    "middle-easy": ("Middle-Easy", "Test_L2_R1"),
    "middle-medium": ("Middle-Medium", "Test_L2_R2"),
    "begin-easy": ("Begin-Easy", "Test_L1_R1"),
    "begin-medium": ("Begin-Medium", "Test_L1_R2"),
    "begin-hard": ("Begin-Hard", "Test_L1_R3"),
}
"""The six standard 7x6 benchmark sets (Pascal Pons' files of 1000 positions each): the name
``benchmarks/solver.py`` gives each, its title in tables and its file name, easiest first."""


class PositionFileError(FourInARowError):
    """A file of positions that cannot be read, or one of its lines that is not a position."""


@dataclass(frozen=True)
class SolvedPosition:
    """A position and the solver's analysis of its columns, to grade several agents on it
    without solving it again (:func:`solve_positions`)."""

    board: Board
    analysis: ColumnValues


@dataclass(frozen=True)
class PositionRecord:
    """One position an agent was asked to move in.

    Attributes:
        index: the position's place in the list given (from 0).
        moves: the position as a move string (1-based columns).
        review: the agent's move graded (``review.column``, ``review.grade``, ``review.credit``,
            ``review.best``, ``review.values``).
        decisive: two or more legal columns, and not every one of them proven best.
        seconds: the wall time the agent took to choose.
    """

    index: int
    moves: str
    review: MoveReview
    decisive: bool
    seconds: float

    @property
    def grade(self) -> Grade:
        """The grade of the agent's move."""
        return self.review.grade

    def to_json(self) -> dict[str, object]:
        """The record as JSON: index, moves, column (1-based), grade, credit, best (1-based),
        decisive and seconds."""
        return {
            "index": self.index,
            "moves": self.moves,
            "column": self.review.column + 1,
            "grade": self.review.grade,
            "credit": self.review.credit,
            "best": [c + 1 for c in self.review.best],
            "decisive": self.decisive,
            "seconds": self.seconds,
        }


def _share(part: float, whole: int) -> float | None:
    return None if whole == 0 else part / whole


@dataclass(frozen=True)
class AccuracyReport:
    """An agent's moves in a list of positions, graded; the figures are properties.

    Attributes:
        agent: the agent's name (the spec for a spec).
        records: one per position, in order.
    """

    agent: str
    records: tuple[PositionRecord, ...]

    @property
    def positions(self) -> int:
        """Positions the agent moved in."""
        return len(self.records)

    @property
    def counts(self) -> dict[Grade, int]:
        """Positions per grade of the agent's move (every grade present, zeros included)."""
        counts: dict[Grade, int] = dict.fromkeys(GRADES, 0)
        for record in self.records:
            counts[record.grade] += 1
        return counts

    @property
    def graded(self) -> int:
        """Positions whose move has a grade (not ``unproven``)."""
        return sum(r.grade != "unproven" for r in self.records)

    @property
    def accuracy(self) -> float | None:
        """The share of graded positions where the move is best (``None``: none graded)."""
        return _accuracy(self.records)

    @property
    def weighted_accuracy(self) -> float | None:
        """The mean credit over graded positions (best 1, an inaccuracy part, else 0)."""
        return _weighted(self.records)

    @property
    def outcome_accuracy(self) -> float | None:
        """The share of graded positions where the move keeps the result (win, draw or loss):
        best moves and inaccuracies."""
        graded = self.graded
        counts = self.counts
        return _share(counts["best"] + counts["inaccuracy"], graded)

    @property
    def decisive(self) -> int:
        """Graded positions where a move can go wrong (two or more legal columns, not all
        proven best)."""
        return sum(r.decisive and r.grade != "unproven" for r in self.records)

    @property
    def decisive_accuracy(self) -> float | None:
        """:attr:`accuracy` over the decisive positions only."""
        return _accuracy([r for r in self.records if r.decisive])

    @property
    def decisive_weighted_accuracy(self) -> float | None:
        """:attr:`weighted_accuracy` over the decisive positions only."""
        return _weighted([r for r in self.records if r.decisive])

    @property
    def seconds_per_move(self) -> float | None:
        """The agent's mean wall time per move (``None`` for no positions)."""
        return _share(sum(r.seconds for r in self.records), len(self.records))

    def to_json(self) -> dict[str, object]:
        """The report as JSON: agent, positions, graded, counts, the three accuracies, the
        decisive positions' count and accuracies, seconds per move and every record."""
        return {
            "agent": self.agent,
            "positions": self.positions,
            "graded": self.graded,
            "counts": self.counts,
            "accuracy": self.accuracy,
            "weighted_accuracy": self.weighted_accuracy,
            "outcome_accuracy": self.outcome_accuracy,
            "decisive": {
                "positions": self.decisive,
                "accuracy": self.decisive_accuracy,
                "weighted_accuracy": self.decisive_weighted_accuracy,
            },
            "seconds_per_move": self.seconds_per_move,
            "records": [r.to_json() for r in self.records],
        }


def _accuracy(records: Sequence[PositionRecord]) -> float | None:
    graded = [r for r in records if r.grade != "unproven"]
    return _share(sum(r.grade == "best" for r in graded), len(graded))


def _weighted(records: Sequence[PositionRecord]) -> float | None:
    graded = [r for r in records if r.grade != "unproven"]
    return _share(sum(r.review.credit or 0.0 for r in graded), len(graded))


def _solver(solver: Solver | None) -> Solver:
    if solver is None:
        return Solver(tt_mb=64)
    if not isinstance(solver, Solver):
        raise ReviewError(f"solver is a Solver, not {shown(solver)}")
    return solver


def _checked_board(board: object) -> Board:
    if not isinstance(board, Board):
        raise ReviewError(f"a position to grade is a Board, not {shown(board)}")
    if board.is_game_over():
        raise ReviewError(f"the game is over in position {board.to_moves() or '(empty)'}")
    return board


def solve_positions(
    boards: Iterable[Board], *, solver: Solver | None = None, limit: Limit | None = None
) -> tuple[SolvedPosition, ...]:
    """Every position with the solver's analysis of its columns, each within ``limit``
    (``None``: until proven; quick on a shape with an opening book).

    Raises:
        ReviewError: a position is not a Board or its game is over, or ``solver`` is not a
            :class:`Solver`.
    """
    solver = _solver(solver)
    solved = []
    for board in boards:
        board = _checked_board(board)
        solved.append(SolvedPosition(board.copy(), solver.analyze(board, limit)))
    return tuple(solved)


def _agent(agent: Agent | str, seed: int | None) -> tuple[Agent, str]:
    if isinstance(agent, str):
        return make_agent(agent, seed=seed), agent.strip()
    if not isinstance(agent, Agent):
        raise ReviewError(
            f"an agent is an agent spec such as 'level:5' or an Agent, not {shown(agent)}"
        )
    if seed is not None:
        raise ReviewError("seed seeds an agent built from a spec; seed an Agent when building it")
    return agent, agent.name


def agent_accuracy(
    agent: Agent | str,
    positions: Iterable[Board | SolvedPosition],
    *,
    limit: Limit | None = None,
    seed: int | None = None,
    solver: Solver | None = None,
    solver_limit: Limit | None = None,
) -> AccuracyReport:
    """Ask the agent for its move in every position and grade each against the solver.

    Args:
        agent: an agent spec (``"level:7"``, ``"alphabeta:depth=4"``) or an :class:`Agent`.
        positions: the positions (games not over), or positions already solved by
            :func:`solve_positions` (to grade several agents on one set).
        limit: the agent's budget per move (``None``: its own default; levels keep their
            clock, the engine and MCTS take 1 s, the perfect agent solves to the end).
        seed: the seed of an agent built from a spec (``None``: not repeatable).
        solver: the solver that values the columns; a new one (64 MB table) by default.
        solver_limit: the solver's budget per position (``None``: until proven); a move whose
            grade the bounds found do not decide is ``unproven``.

    Raises:
        InvalidAgentSpecError: the spec names no agent or has bad options.
        ReviewError: a position is not a Board or its game is over, ``agent`` is neither a
            spec nor an Agent, ``seed`` is given with an Agent, or ``solver`` is no Solver.
    """
    player, name = _agent(agent, seed)
    own_solver: Solver | None = None
    records = []
    for index, position in enumerate(positions):
        if isinstance(position, SolvedPosition):
            board, analysis = position.board, position.analysis
        else:
            board = _checked_board(position)
            own_solver = own_solver or _solver(solver)
            analysis = own_solver.analyze(board, solver_limit)
        start = time.perf_counter()
        column = player.choose(board.copy(), limit).column
        seconds = time.perf_counter() - start
        review = review_move(board, column, analysis)
        decisive = len(analysis.legal) > 1 and len(review.best) < len(analysis.legal)
        records.append(PositionRecord(index, board.to_moves(), review, decisive, seconds))
    return AccuracyReport(name, tuple(records))


# ----------------------------------------------------------------------------- position files


def _board_of_line(text: str, where: str, shape: Geometry) -> Board | None:
    words = text.split("#", 1)[0].split()
    if not words:
        return None
    try:
        board = Board.from_moves(
            words[0], width=shape.width, height=shape.height, connect=shape.connect
        )
    except FourInARowError as error:
        raise PositionFileError(f"{where}: {error}") from None
    for word in words[1:]:
        if not word.lstrip("+-").isdigit():
            raise PositionFileError(
                f"{where}: {shown(word, 40)} is not a whole number; a line is a move string "
                "such as 4453, optionally followed by whole numbers (a score, as in the "
                "benchmark sets)"
            )
    if board.is_game_over():
        raise PositionFileError(f"{where}: the game is over in {words[0]}: no move to grade")
    return board


def read_positions(
    path: str | Path, *, width: int = 7, height: int = 6, connect: int = 4
) -> list[Board]:
    """The positions of a file: one a line, a move string in 1-based columns (``4453``,
    comma-separated on boards wider than 9), optionally followed by whole numbers, as in the
    benchmark sets' ``moves score`` lines (the numbers are not used). Blank lines and text
    after ``#`` are skipped.

    Raises:
        PositionFileError: the file cannot be read, or a line is not a position whose game
            goes on or is longer than :data:`~fourinarow.core.lines.LINE_LIMIT` characters
            (the message names the file and line).
        PathKindError: ``path`` is a folder, a FIFO, a device or a socket (found without
            opening it, so a FIFO never blocks).
        InvalidBoardSizeError: the shape is not a board's (said before the file is read).
    """
    shape = Geometry(width, height, connect)
    path = check_regular_file(path, "the positions file")
    try:
        opened = open_regular_file(path, "the positions file")  # never waits on a FIFO
        with io.TextIOWrapper(opened, encoding="utf-8") as file:
            lines = list(read_lines(file, str(path)))
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise PositionFileError(f"cannot read positions from {path}: {reason}") from None
    except InputTooLongError as error:  # read a bounded piece at a time: never held whole
        raise PositionFileError(str(error)) from None
    boards = []
    for number, line in enumerate(lines, start=1):
        board = _board_of_line(line, f"{path}, line {number}", shape)
        if board is not None:
            boards.append(board)
    return boards


def evenly_spaced(items: Sequence[_T], count: int | None) -> list[_T]:
    """``count`` items spread evenly over ``items``, the first included (all for ``None`` or
    a count of at least ``len(items)``), as ``benchmarks/solver.py --sample`` picks them.

    >>> evenly_spaced(list(range(10)), 3)
    [0, 3, 6]
    """
    if count is None or count >= len(items):
        return list(items)
    step = len(items) / count
    return [items[int(i * step)] for i in range(count)]
