"""Property tests of the agents' protocol: ``choose`` and ``analyze`` given a board and a limit
of any type either answer or raise a ``FourInARowError`` (a ``ValueError``), never an
``AttributeError`` or ``TypeError``."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fourinarow.agents import Agent, Analyst, CannotAnalyzeError, Limit, analyze, make_agent
from fourinarow.core import Board, GameOverError, InvalidPositionError
from fourinarow.search.limit import InvalidLimitError
from tests.anything import anything, call

SPECS = [
    "random",
    "defensive",
    "aggressive",
    "simple",
    "minimax:depth=2",
    "alphabeta:depth=3",
    "engine",
    "mcts:playouts=20",
    "perfect",
    "level:1",
    "level:6",
    "simple:blunder=0.5",
]
AGENTS = [make_agent(spec, seed=1) for spec in SPECS]

boards = st.one_of(
    st.sampled_from(
        [
            Board(5, 4, 3),
            Board.from_moves("3344", width=5, height=4, connect=3),
            Board.from_moves("112", width=5, height=4, connect=3),
        ]
    ),
    anything(),
)
limits = st.one_of(
    st.sampled_from([None, Limit(nodes=200), Limit(time=0), Limit(depth=2, nodes=500)]),
    anything(),
)


@pytest.mark.parametrize("agent", AGENTS, ids=SPECS)
@settings(max_examples=15, deadline=None)
@given(board=boards, limit=limits)
@example(board=None, limit=None)
@example(board="4455", limit=None)
@example(board=Board(5, 4, 3), limit=0.5)
@example(board=Board(5, 4, 3), limit="fast")
def test_choose_and_analyze_take_anything(agent: Agent, board: object, limit: object) -> None:
    decision = call(agent.choose, board, limit)
    if decision is not None:
        assert isinstance(board, Board)
        assert board.is_legal(decision.column)
    if isinstance(agent, Analyst):
        values = call(agent.analyze, board, limit)
        if values is not None:
            assert isinstance(board, Board)
            assert len(values.values) == board.width
    assert (decision is None) == (
        not isinstance(board, Board) or not isinstance(limit, Limit | None)
    )


@pytest.mark.parametrize("agent", AGENTS, ids=SPECS)
def test_the_errors_say_what_was_wrong(agent: Agent) -> None:
    with pytest.raises(InvalidPositionError, match="a position is a Board, not '4455'"):
        agent.choose("4455")  # type: ignore[arg-type]
    with pytest.raises(InvalidLimitError, match=r"not 0\.5"):
        agent.choose(Board(5, 4, 3), 0.5)  # type: ignore[arg-type]
    with pytest.raises(GameOverError):
        agent.choose(Board.from_moves("12121", width=5, height=4, connect=3))


def test_analyze_names_an_agent_without_a_name() -> None:
    with pytest.raises(CannotAnalyzeError, match="object"):
        analyze(object(), Board())  # type: ignore[arg-type]
