"""One analysis protocol: every agent that values columns answers ``analyze`` the same way, on
every shape, within its budget; tiny and zero budgets are kept; full means full."""

from __future__ import annotations

import pytest

from fourinarow.agents import (
    AGENTS,
    Analyst,
    CannotAnalyzeError,
    Limit,
    analyze,
    make_agent,
)
from fourinarow.core import Board, GameOverError
from fourinarow.search.scores import Bounds, ColumnValues, Estimate, Exact, Unvalued

ANALYSTS = ["minimax", "alphabeta", "engine", "mcts", "perfect", "level:8", "perfect:blunder=0.5"]
SHAPES = [(7, 6, 4), (9, 7, 5), (20, 20, 5), (5, 4, 3)]


def position(shape: tuple[int, int, int]) -> Board:
    """A position of the shape with one full column (the first), the game not over."""
    width, height, connect = shape
    board = Board(width, height, connect)
    while board.is_legal(0):
        board.push(0)  # the players take turns in it: no line
    assert not board.is_game_over()
    return board


@pytest.mark.parametrize("spec", ANALYSTS)
@pytest.mark.parametrize("shape", SHAPES, ids=lambda s: "x".join(map(str, s)))
@pytest.mark.parametrize("seconds", [0.0, 0.001, 0.05])
def test_every_analyst_values_every_column_with_full_only_for_full_ones(
    spec: str, shape: tuple[int, int, int], seconds: float
) -> None:
    board = position(shape)
    agent = make_agent(spec, seed=1)
    assert isinstance(agent, Analyst)
    values = analyze(agent, board, Limit(time=seconds))  # benchmarks/latency.py times it
    assert isinstance(values, ColumnValues)
    assert len(values.values) == board.width
    for column, value in enumerate(values.values):
        assert (value is Unvalued.FULL) == (not board.is_legal(column)), (column, value)
    assert values.exact == all(isinstance(values.values[c], Exact) for c in board.legal_moves)


def test_zero_time_means_no_time_not_no_limit() -> None:
    for spec in ("perfect:book=none", "engine", "alphabeta:depth=12", "mcts", "minimax"):
        agent = make_agent(spec, seed=1)
        for board in (Board(), Board(9, 7, 5), Board(20, 20, 5)):
            for seconds in (0.0, -1.0):
                decision = agent.choose(board, Limit(time=seconds))
                assert (decision.nodes, decision.depth) == (0, 0), (spec, board.width)
                assert board.is_legal(decision.column)
                assert not decision.exact


def test_an_exact_analysis_agrees_with_the_solver_and_names_the_best_moves() -> None:
    board = Board.from_moves("37342133236232526427711116166777")
    values = make_agent("perfect").analyze(board)  # type: ignore[attr-defined]
    assert values.labels() == ("-", "-", "-", "-5", "-4", "-5", "-")
    assert values.exact
    assert values.best_moves() == (4,)
    assert values.exact_values() == (None, None, None, -5, -4, -5, None)


def test_a_limited_analysis_values_every_column_by_proof_or_estimate() -> None:
    values = make_agent("perfect:book=none").analyze(  # type: ignore[attr-defined]
        Board(), Limit(nodes=3000)
    )
    assert not values.exact
    assert all(isinstance(v, Bounds | Estimate) for v in values.values)
    assert any(isinstance(v, Estimate) for v in values.values)
    for value in values.values:
        if isinstance(value, Bounds):
            assert -21 <= value.lower < value.upper <= 21
            assert value.lower > 0 or value.upper < 0  # bounds stay only where they settle it
        elif isinstance(value, Estimate) and value.lower is not None:
            assert value.upper is not None
            assert -21 <= value.lower <= 0 <= value.upper <= 21
    assert values.likely_best() == (3,)  # the centre, as the engine sees it


def test_wrappers_delegate_and_agents_without_values_say_so() -> None:
    board = Board.from_moves("4453")
    assert make_agent("level:10").analyze(board).exact  # type: ignore[attr-defined]
    for spec in ("random", "simple", "level:3", "level:4", "simple:blunder=0.3"):
        with pytest.raises(CannotAnalyzeError, match="does not value columns"):
            analyze(make_agent(spec), board)
    with pytest.raises(GameOverError):
        analyze(make_agent("perfect"), Board.from_moves("1212121"))


def test_the_spec_given_names_the_agent_that_cannot_analyse() -> None:
    with pytest.raises(CannotAnalyzeError, match="agent 'level:1' does not value columns"):
        analyze(make_agent("level:1"), Board.from_moves("4453"), spec="level:1")


def test_every_registered_agent_either_analyses_or_says_it_cannot() -> None:
    board = Board.from_moves("44")
    for name in AGENTS:
        agent = make_agent(name, seed=1)
        try:
            values = analyze(agent, board, Limit(time=0.05))
        except CannotAnalyzeError:
            assert name in ("random", "defensive", "aggressive", "simple")
        else:
            assert len(values.values) == 7
