"""``engine`` and ``level:N``: wins, blocks, budgets, endgames, other shapes, the presets."""

from __future__ import annotations

from pathlib import Path

import pytest

from fourinarow.agents import InvalidAgentSpecError, Limit, make_agent
from fourinarow.agents.engine import EngineAgent
from fourinarow.agents.levels import LEVELS
from fourinarow.agents.perfect import PerfectAgent
from fourinarow.core import Board
from fourinarow.search.checks import InvalidSearchSettingError
from fourinarow.search.engine_search import Engine
from fourinarow.search.heuristic import WIN
from fourinarow.search.scores import Estimate, Exact
from tests import bench
from tests.search.test_heuristic import needs_kernel
from tests.search.test_networks import random_network, ship, shipped

__all__ = ["shipped"]  # the fixture, for the test of the engine's evaluation


def test_engine_takes_wins_and_blocks() -> None:
    assert make_agent("engine", seed=1).choose(
        Board.from_moves("445566"), Limit(time=0.1)
    ).column in (2, 6)
    assert (
        make_agent("engine", seed=1).choose(Board.from_moves("17273"), Limit(time=0.1)).column == 3
    )


def test_engine_keeps_its_time_budget_and_deepens() -> None:
    agent = make_agent("engine", seed=1)
    timed = agent.choose(Board(), Limit(time=0.15))  # the empty board: never settled in time
    assert 1 <= timed.depth < 42  # how deep depends on the machine: benchmarks/latency.py
    assert not timed.exact
    deep = make_agent("engine", seed=1).choose(Board(), Limit(depth=6))  # a fresh table
    assert (deep.depth, deep.column) == (6, 3)  # the centre
    assert agent.choose(Board(), Limit(depth=4)).depth == 4


def test_engine_plays_endgames_perfectly() -> None:
    agent = make_agent("engine", seed=1)
    for position in bench.every("Test_L3_R1", 40, stop=400):
        moves, score = position.moves, position.score
        decision = agent.choose(Board.from_moves(moves), Limit(time=1.0))
        if not Board.from_moves(moves).winning_moves():
            assert decision.exact, moves
            assert decision.score == Exact.of(score, Board.from_moves(moves)), moves


def test_engine_finds_a_forced_win_and_reports_it() -> None:
    # X to move in 4455: playing 3 (c1) makes two threats at once: a win in three plies.
    result = Engine(7, 6, 4).search(Board.from_moves("4455"), 5)
    assert result.score >= WIN - 3


def test_engine_on_boards_the_kernel_cannot_hold() -> None:
    board = Board.from_moves("5,5,4,4,6,6", width=12, height=10)  # 132 bits
    assert Engine(12, 10, 4).backend == "python"
    assert make_agent("engine").choose(board, Limit(time=0.2)).column in (2, 6)  # wins at once


def test_levels_build_their_agents_with_their_clocks() -> None:
    for level, preset in LEVELS.items():
        agent = make_agent(f"level:{level}", seed=1)
        assert agent.name == f"level:{level}"
        decision = agent.choose(Board.from_moves("445566"))
        careless = preset.spec == "random" or "blunder" in preset.spec
        assert decision.column in (2, 6) or careless
    assert make_agent("level").name == "level:5"


@pytest.mark.parametrize("spec", ["level:0", "level:11", "level:x"])
def test_bad_levels_say_what_is_accepted(spec: str) -> None:
    with pytest.raises(InvalidAgentSpecError, match="level is a whole number from 1 to 10") as e:
        make_agent(spec)
    assert str(e.value).startswith(f"{spec} is not accepted")


def test_exact_root_values_lie_within_the_pruned_bounds() -> None:
    board = Board.from_moves("4453")
    bounded = Engine(7, 6, 4).search(board, 6)
    exact = Engine(7, 6, 4).search(board, 6, exact_root=True)
    assert exact.score == bounded.score
    assert exact.scores != bounded.scores  # pruning leaves upper bounds on the worse columns
    for low, high in zip(exact.scores, bounded.scores, strict=True):
        assert low is not None
        assert high is not None
        assert low <= high


@needs_kernel
def test_the_engine_s_evaluation_is_an_option(shipped: Path) -> None:
    ship(shipped, random_network((7, 6, 4), 16, 8))
    board = Board.from_moves("4453")
    for spec, evaluation in [
        ("engine", "network"),
        ("engine:eval=auto", "network"),
        ("engine:eval=network", "network"),
        ("engine:eval=threats", "threats"),
    ]:
        agent = make_agent(spec, seed=1)
        assert isinstance(agent, EngineAgent)
        decision = agent.choose(board, Limit(nodes=3000))
        assert decision.column in board.legal_moves
        assert agent._engine_for(board).evaluation == evaluation, spec
    with pytest.raises(InvalidAgentSpecError, match="eval=window is not accepted; eval is one of"):
        make_agent("engine:eval=window")
    with pytest.raises(InvalidSearchSettingError, match="no network for 6x7 connect 4 boards"):
        make_agent("engine:eval=network").choose(Board(6, 7), Limit(nodes=100))


@needs_kernel
def test_estimates_come_from_the_shipped_network(shipped: Path) -> None:
    ship(shipped, random_network((6, 5, 4), 16, 8))  # a shape without a book
    agent = make_agent("perfect:book=none", seed=1)
    assert isinstance(agent, PerfectAgent)
    board = Board.from_moves("3344", width=6, height=5)
    values = agent.analyze(board, Limit(nodes=20_000))
    assert any(isinstance(value, Estimate) for value in values.values)
    assert agent._engine_for(board).evaluation == "network"
