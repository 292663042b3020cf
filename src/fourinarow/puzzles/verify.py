"""Re-prove a puzzle with the solver: is it what its fields say?

:func:`verify` lists what is wrong with a puzzle (nothing, for a sound one); :func:`check_puzzle`
raises :class:`UnsoundPuzzleError` with that list. A puzzle is sound when:

- its position is a legal game that is not over, with at least two legal columns;
- every column's exact value is proven (within the limit, if one is given) and ``value`` is the
  position's, the best column's;
- exactly one column has the kind's property, and it is ``solution``: for ``win`` and
  ``only-move`` it is the only column that wins at all, and the win takes ``distance`` of the
  mover's own moves, this one included (at most :data:`WIN_MAX_DISTANCE` for ``win``, more for
  ``only-move``); for ``save-draw`` the position is a draw, ``solution`` draws, every other
  column loses and ``distance`` is ``None``;
- ``line`` starts with ``solution`` and every move of it keeps the value (the winner's the
  fastest win, the loser's the longest defence); for the winning kinds it ends with the
  winning stone, ``2 * distance - 1`` plies on.

Distances: the solver's :class:`~fourinarow.search.scores.Exact` counts plies to the winning
stone; a puzzle counts the mover's own moves, ``(plies + 1) // 2`` (:attr:`Exact.own_moves`).

>>> from fourinarow.puzzles.model import Puzzle
>>> puzzle = Puzzle("p", "4455", 7, 6, 4, "win", 2, 2, 18, (2, 3, 5), 0, "")
>>> verify(puzzle)  # X to move: 3 and 6 win in 2, and 4 and 5 win later
['columns 3, 4, 5, 6 win: a win puzzle has one winning column']
"""

from __future__ import annotations

from fourinarow.core import Board, Column, FourInARowError, column_label
from fourinarow.puzzles.model import WIN_MAX_DISTANCE, Puzzle, PuzzleError
from fourinarow.search.limit import Limit
from fourinarow.search.scores import Exact
from fourinarow.search.solver import Solver

__all__ = ["UnsoundPuzzleError", "check_puzzle", "verify"]


class UnsoundPuzzleError(PuzzleError):
    """A puzzle the solver does not confirm: another answer, another value or distance, a line
    that is not a best line (the message lists every problem)."""


def _columns(columns: list[Column]) -> str:
    return ", ".join(column_label(c) for c in columns)


def verify(puzzle: Puzzle, solver: Solver | None = None, limit: Limit | None = None) -> list[str]:
    """What is wrong with ``puzzle``, by the solver's proof: an empty list for a sound puzzle.

    Args:
        puzzle: the puzzle to check.
        solver: the solver to use (its table is kept between calls); a new one by default.
        limit: the time and nodes each search may spend (``None``: until proven; on a shape
            with an opening book, such as 7x6, the book makes that quick). A value left
            unproven is a problem.
    """
    solver = Solver() if solver is None else solver
    try:
        board = puzzle.board
    except FourInARowError as error:
        return [f"the moves are not a legal game: {error}"]
    if board.is_game_over():
        return ["the game is already over"]
    legal = board.legal_moves
    if len(legal) < 2:
        return ["only one column is legal: there is nothing to find"]
    if not board.is_legal(puzzle.solution):
        return [f"the solution {column_label(puzzle.solution)} is not a legal column"]
    analysis = solver.analyze(board, limit)
    values = {c: analysis.values[c] for c in legal}
    exact = {c: v for c, v in values.items() if isinstance(v, Exact)}
    if len(exact) != len(values):
        return ["the solver did not prove every column's value within the limit"]
    best = max(v.value for v in exact.values())
    problems = []
    if puzzle.value != best:
        problems.append(f"the value is {best}, not {puzzle.value}")
    if puzzle.kind == "save-draw":
        problems += _save_draw_problems(puzzle, exact, best)
    else:
        problems += _win_problems(puzzle, exact, best)
    return problems + _line_problems(puzzle, board, solver, limit, best)


def _win_problems(puzzle: Puzzle, values: dict[Column, Exact], best: int) -> list[str]:
    if best <= 0:
        return [f"the side to move does not win (the value is {best})"]
    winners = [c for c, v in values.items() if v.value > 0]
    if len(winners) > 1:
        return [f"columns {_columns(winners)} win: a {puzzle.kind} puzzle has one winning column"]
    problems = []
    if winners[0] != puzzle.solution:
        problems.append(
            f"column {column_label(puzzle.solution)} does not win; "
            f"column {column_label(winners[0])} does"
        )
    moves = values[winners[0]].own_moves
    assert moves is not None
    if puzzle.distance != moves:
        problems.append(f"the win takes {moves} own moves, not {puzzle.distance}")
    if puzzle.kind == "win" and moves > WIN_MAX_DISTANCE:
        problems.append(
            f"a win in {moves} is an only-move puzzle: win puzzles take at most "
            f"{WIN_MAX_DISTANCE} moves"
        )
    if puzzle.kind == "only-move" and moves <= WIN_MAX_DISTANCE:
        problems.append(
            f"a win in {moves} is a win puzzle: only-move puzzles take more than "
            f"{WIN_MAX_DISTANCE} moves"
        )
    return problems


def _save_draw_problems(puzzle: Puzzle, values: dict[Column, Exact], best: int) -> list[str]:
    if best != 0:
        return [f"the position is not a draw (the value is {best})"]
    drawing = [c for c, v in values.items() if v.value == 0]
    problems = []
    if len(drawing) > 1:
        problems.append(f"columns {_columns(drawing)} draw: a save-draw puzzle has one")
    if values[puzzle.solution].value != 0:
        problems.append(
            f"column {column_label(puzzle.solution)} does not draw; "
            f"column {column_label(drawing[0])} does"
        )
    if puzzle.distance is not None:
        problems.append(f"a save-draw puzzle has no distance, not {puzzle.distance}")
    return problems


def _line_problems(
    puzzle: Puzzle, board: Board, solver: Solver, limit: Limit | None, value: int
) -> list[str]:
    """Whether the line is a best line from ``board`` (whose exact value is ``value``)."""
    line = puzzle.line
    if not line or line[0] != puzzle.solution:
        return ["the line does not start with the solution"]
    board = board.copy()
    mover = board.turn
    for number, column in enumerate(line, 1):
        where = f"move {number} of the line (column {column_label(column)})"
        if not board.is_legal(column):
            return [f"{where} is not legal"]
        board.push(column)
        if board.is_game_over():
            outcome = board.outcome()
            if number != len(line):
                return [f"{where} ends the game, and the line goes on"]
            if puzzle.kind == "save-draw" or outcome is None or outcome.winner != mover:
                return [f"{where} ends the game in another result than the puzzle's"]
            return []
        after = solver.solve(board, limit).score
        if after is None:
            return [f"the solver did not prove the value after {where} within the limit"]
        if after != -value:
            return [f"{where} is not a best move: it leaves {after} to the opponent, not {-value}"]
        value = after
    if puzzle.kind != "save-draw":
        return ["the line stops before the winning stone"]
    return []


def check_puzzle(puzzle: Puzzle, solver: Solver | None = None, limit: Limit | None = None) -> None:
    """Raise if ``puzzle`` is not sound (see :func:`verify`).

    Raises:
        UnsoundPuzzleError: what :func:`verify` found, in one message naming the puzzle.
    """
    problems = verify(puzzle, solver, limit)
    if problems:
        raise UnsoundPuzzleError(f"puzzle {puzzle.id}: {'; '.join(problems)}")
