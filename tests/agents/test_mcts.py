"""``mcts``: wins, blocks, budgets, reproducibility, other shapes."""

from __future__ import annotations

from fourinarow.agents import Limit, make_agent
from fourinarow.core import Board
from fourinarow.search.scores import Probability


def test_takes_a_win_and_blocks_a_threat() -> None:
    assert make_agent("mcts:playouts=50", seed=1).choose(Board.from_moves("445566")).column in (
        2,
        6,
    )
    for seed in range(3):
        assert (
            make_agent("mcts:playouts=300", seed=seed).choose(Board.from_moves("17273")).column == 3
        )


def test_same_seed_same_move_and_playout_count() -> None:
    board = Board.from_moves("4453")
    first = make_agent("mcts:playouts=400", seed=5).choose(board)
    again = make_agent("mcts:playouts=400", seed=5).choose(board)
    assert (first.column, first.score, first.nodes) == (again.column, again.score, again.nodes)
    assert first.nodes == 400
    assert isinstance(first.score, Probability)
    assert 0 <= first.score.value <= 1


def test_a_time_limit_stops_the_playouts_first() -> None:
    """A million playouts take minutes; a tenth of a second stops them long before."""
    decision = make_agent("mcts:playouts=1000000", seed=1).choose(Board(), Limit(time=0.1))
    assert decision.nodes < 1_000_000
    assert decision.column in range(7)


def test_nearly_full_and_other_shapes() -> None:
    board = Board.from_moves("1,5,9,1", width=10, height=3, connect=3)
    assert make_agent("mcts:playouts=100", seed=1).choose(board).column in board.legal_moves
    last = Board.from_moves("1234", width=5, height=1, connect=2)
    assert make_agent("mcts:playouts=10", seed=1).choose(last).column == 4
