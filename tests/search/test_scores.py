"""Typed scores: the distance of an exact value is the real distance to the end of perfect play."""

from __future__ import annotations

import random

import pytest

from fourinarow.agents import PerfectAgent
from fourinarow.core import Board
from fourinarow.search.scores import (
    Bounds,
    ColumnValues,
    Exact,
    Heuristic,
    Probability,
    Unvalued,
    exact_value_of_win,
)
from fourinarow.search.solver import Solver


@pytest.mark.parametrize(
    "shape",
    # even and odd numbers of cells: on an odd one the first player has one stone more
    [(7, 6, 4), (5, 4, 4), (6, 5, 4), (4, 4, 3), (5, 5, 4), (5, 3, 3), (3, 3, 3), (7, 5, 4)],
)
def test_the_distance_is_how_many_plies_perfect_play_takes_to_the_winning_stone(
    shape: tuple[int, int, int],
) -> None:
    rng = random.Random(sum(shape))
    solver = Solver(tt_mb=8)
    agent = PerfectAgent(tt_mb=8)
    checked = 0
    while checked < 8:
        board = Board(*shape)
        for _ in range(rng.randrange(0, board.width * board.height // 2)):
            board.push(rng.choice(board.legal_moves))
            if board.is_game_over():
                break
        if board.is_game_over():
            continue
        score = solver.solve(board).value(board)
        assert isinstance(score, Exact)
        if score.value == 0:
            assert score.distance is None
            continue
        checked += 1
        start = board.ply
        while not board.is_game_over():  # both sides perfect: the fastest win, the longest defence
            board.push(agent.choose(board).column)
        outcome = board.outcome()
        assert outcome is not None
        assert outcome.winner is not None
        assert board.ply - start == score.distance, (board.to_moves(), score)
        mover = 1 + start % 2
        assert (outcome.winner == mover) == (score.value > 0)
        assert exact_value_of_win(board.width, board.height, start, score.distance) == score.value


def test_negation_turns_the_view_around() -> None:
    assert -Exact(5, 3) == Exact(-5, 3)
    assert -Bounds(-2, 4) == Bounds(-4, 2)
    assert -Heuristic(904) == Heuristic(-904)
    assert -Probability(0.25) == Probability(0.75)


def test_json_says_what_kind_of_number_it_is() -> None:
    values = ColumnValues((Exact(3, 5), Unvalued.FULL, Bounds(-1, 2), Unvalued.NOT_SEARCHED))
    assert values.to_json() == [
        {"column": 1, "kind": "exact", "value": 3, "distance": 5},
        {"column": 2, "kind": "full"},
        {"column": 3, "kind": "bounds", "lower": -1, "upper": 2},
        {"column": 4, "kind": "not searched"},
    ]
    assert Heuristic(10).to_json()["kind"] == "heuristic"
    assert Probability(0.5).to_json() == {"kind": "probability", "value": 0.5}
    assert not values.exact
    assert values.best_moves() == ()  # a column not searched might be better
