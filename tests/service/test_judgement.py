"""Prove, then estimate: a move that throws a win the solver proves within the budget is graded
by proof, in a review as in ``analyze``, on boards without an opening book.

The games: a level agent's 8x7 connect-4 game in which O, with a win in hand at move 18
(columns 5 and 6 win), plays column 8, which loses; and a 9x7 connect-5 game in which O throws
the win (column 4 wins at once) with column 9 at move 30. Both end with perfect play. Proving
column after column, a review used to spend its proof time on the first hard column and grade
those moves by estimates (an inaccuracy, a "likely" blunder) although ``fourinarow analyze``
proved them lost.
"""

from __future__ import annotations

import pytest

from fourinarow.agents import PerfectAgent
from fourinarow.core import Board
from fourinarow.search.engine_search import Engine
from fourinarow.search.limit import Limit
from fourinarow.search.scores import Bounds, Estimate, Exact
from fourinarow.search.solver import Solver
from fourinarow.service.budgets import PROOF_SHARE, review_position_limit
from fourinarow.service.judgement import prove_then_estimate
from fourinarow.service.reviews import review_game, review_move

GAME_8X7 = "4444452528551365686622445566622271888881133"
THROW_8X7 = 18  # O's column 8: columns 5 and 6 win, 8 loses
GAME_9X7 = "5552555666622544669699112122494744433777779728811119933"
THROW_9X7 = 30  # O's column 9: column 4 wins at once, 9 loses
SHAPES = {"8x7": (8, 7, 4, GAME_8X7, THROW_8X7), "9x7": (9, 7, 5, GAME_9X7, THROW_9X7)}

NODES = {"8x7": 4_000_000, "9x7": 1_000_000}
"""Node limits within which narrowing every column together proves the throw (about a second
each), while proving column after column with the same nodes did not."""


def before_throw(shape: str) -> tuple[Board, int]:
    """The position before the throw, and the column thrown (0-based)."""
    width, height, connect, game, number = SHAPES[shape]
    board = Board.from_moves(game, width=width, height=height, connect=connect)
    thrown = board.moves[number - 1]
    position = Board(width, height, connect)
    for column in board.moves[: number - 1]:
        position.push(column)
    return position, thrown


def loses(value: object) -> bool:
    return (isinstance(value, Exact) and value.value < 0) or (
        isinstance(value, Bounds) and value.upper < 0
    )


@pytest.mark.parametrize("shape", SHAPES)
def test_every_column_is_narrowed_together_so_an_easy_proof_is_found(shape: str) -> None:
    position, thrown = before_throw(shape)
    width, height, connect, *_ = SHAPES[shape]
    engine = Engine(width, height, connect, tt_mb=16)
    values = prove_then_estimate(position, Solver(tt_mb=64), Limit(nodes=NODES[shape]), engine)
    assert loses(values.values[thrown])
    move = review_move(position, thrown, values)
    assert (move.grade, move.graded_by) == ("blunder", "proof")


@pytest.mark.parametrize("shape", SHAPES)
def test_the_perfect_agents_analysis_is_the_same_judgement(shape: str) -> None:
    """``analyze`` (the perfect agent) and a review's position value the columns alike."""
    position, _ = before_throw(shape)
    width, height, connect, *_ = SHAPES[shape]
    limit = Limit(nodes=NODES[shape])
    engine = Engine(width, height, connect, tt_mb=16)
    judged = prove_then_estimate(position, Solver(tt_mb=64), limit, engine)
    analysed = PerfectAgent(tt_mb=64).analyze(position, limit)
    proven = [v for v in judged.values if isinstance(v, Exact | Bounds)]
    assert proven == [v for v in analysed.values if isinstance(v, Exact | Bounds)]


def test_a_limit_without_nodes_or_time_proves_every_column() -> None:
    board = Board.from_moves("445566")
    values = prove_then_estimate(board, Solver(tt_mb=8), Limit(depth=3))
    assert all(isinstance(v, Exact) for v in values.values)


def test_proofs_alone_without_an_engine_leave_no_estimate() -> None:
    position, thrown = before_throw("8x7")
    values = prove_then_estimate(position, Solver(tt_mb=64), Limit(nodes=NODES["8x7"]))
    assert loses(values.values[thrown])
    assert not any(isinstance(v, Estimate) for v in values.values)


def test_the_proof_share_is_most_of_the_budget() -> None:
    assert 0.5 < PROOF_SHARE < 1


@pytest.mark.slow
@pytest.mark.parametrize("shape", SHAPES)
def test_the_default_review_grades_the_thrown_win_by_proof(shape: str) -> None:
    """The review as every front end runs it by default: its per-position budget. The claim
    is about a move that ``analyze`` proves lost within that budget, so ``analyze`` is asked
    first, on this machine, with the same budget (a machine too slow to prove it there has
    nothing to check)."""
    width, height, connect, game, number = SHAPES[shape]
    board = Board.from_moves(game, width=width, height=height, connect=connect)
    limit = review_position_limit(board)
    assert limit is not None  # no book for these shapes: a second a position
    position, thrown = before_throw(shape)
    analysed = PerfectAgent(tt_mb=64).analyze(position, limit)
    if not loses(analysed.values[thrown]):
        pytest.skip(f"analyze did not prove the throw within {limit.time} s on this machine")
    review = review_game(board, limit=limit, solver=Solver(tt_mb=64))
    move = review.moves[number - 1]
    assert (move.grade, move.graded_by) == ("blunder", "proof")
    assert move in review.turning_points
