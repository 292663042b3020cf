"""``blunder=P`` on any agent spec, and ``engine:nodes=N``."""

from __future__ import annotations

import pytest

from fourinarow.agents import InvalidAgentSpecError, Limit, make_agent
from fourinarow.core import Board


def test_blunder_zero_is_the_agent_itself_and_one_is_random() -> None:
    board = Board.from_moves("445566")  # X wins in column 3 or 7
    sure = make_agent("simple:blunder=0", seed=3)
    assert all(sure.choose(board).column in (2, 6) for _ in range(50))
    careless = make_agent("simple:blunder=1", seed=3)
    assert {careless.choose(board).column for _ in range(200)} == set(range(7))


def test_blunders_come_at_the_asked_rate() -> None:
    agent = make_agent("alphabeta:depth=2,blunder=0.3", seed=4)
    board = Board.from_moves("4453")
    searched = sum(agent.choose(board).depth > 0 for _ in range(1000))
    assert 650 <= searched <= 750  # 700 expected; the seed makes this exact every run


def test_a_blundering_agent_is_named_by_its_spec_and_reproducible() -> None:
    assert make_agent("simple:blunder=0.25").name == "simple:blunder=0.25"
    assert make_agent("alphabeta:depth=2,blunder=0.5").name.endswith(",blunder=0.5")
    board = Board.from_moves("44")
    first = [make_agent("mcts:playouts=50,blunder=0.5", seed=9).choose(board).column]
    again = [make_agent("mcts:playouts=50,blunder=0.5", seed=9).choose(board).column]
    assert first == again


@pytest.mark.parametrize("value", ["2", "-0.1", "often"])
def test_bad_blunder_rates_say_what_is_accepted(value: str) -> None:
    with pytest.raises(InvalidAgentSpecError, match="blunder is a probability from 0 to 1"):
        make_agent(f"simple:blunder={value}")


def test_the_engine_keeps_to_its_node_budget() -> None:
    agent = make_agent("engine:nodes=2000", seed=1)
    decision = agent.choose(Board.from_moves("4453"))
    assert 0 < decision.nodes <= 2000 + 4096  # searches notice the limit in batches
    assert decision.column in range(7)
    tighter = agent.choose(Board.from_moves("4453"), Limit(nodes=500))
    assert tighter.nodes <= 500 + 4096
    with pytest.raises(InvalidAgentSpecError, match="nodes is a whole number"):
        make_agent("engine:nodes=lots")
