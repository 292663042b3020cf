"""The agents that do not search: random and simple, through the registry."""

from __future__ import annotations

import pytest

from fourinarow.agents import AGENTS, Agent, InvalidAgentSpecError, make_agent, parse_spec
from fourinarow.core import Board


def test_registry_builds_agents_that_follow_the_protocol() -> None:
    for name in AGENTS:
        agent = make_agent(name, seed=1)
        assert isinstance(agent, Agent)
        assert agent.name.partition(":")[0] == name  # searchers name their options too


def test_random_agent_is_reproducible_and_legal() -> None:
    board = Board.from_moves("444444")
    moves = [make_agent("random", seed=3).choose(board).column for _ in range(3)]
    assert len(set(moves)) == 1
    agent = make_agent("random", seed=5)
    assert all(agent.choose(board).column != 3 for _ in range(50))


def test_simple_takes_a_win_even_when_it_has_two() -> None:
    board = Board.from_moves("445566")  # X holds d1 e1 f1: it wins on c1 and on g1
    assert board.winning_moves() == [2, 6]
    for seed in range(10):
        assert make_agent("simple", seed=seed).choose(board).column in (2, 6)


def test_simple_blocks_a_threat() -> None:
    board = Board.from_moves("17273")  # X holds a1 b1 c1; O to move must block at d1
    for seed in range(10):
        assert make_agent("simple", seed=seed).choose(board).column == 3


def test_simple_on_other_sizes_and_connect_lengths() -> None:
    board = Board.from_moves("1,20,2", width=20, height=4, connect=3)
    assert make_agent("simple", seed=0).choose(board).column == 2


def test_agents_do_not_change_the_board_and_refuse_finished_games() -> None:
    board = Board.from_moves("17273")
    make_agent("simple").choose(board)
    assert board.to_moves() == "17273"
    with pytest.raises(ValueError, match="game is over"):
        make_agent("random").choose(Board.from_moves("1212121"))


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("", f"empty agent spec; accepted agents: {', '.join(AGENTS)}"),
        (
            "minimax9",
            "unknown agent 'minimax9' \\(did you mean 'minimax'\\?\\); accepted agents: "
            f"{', '.join(AGENTS)}",
        ),
        (
            "simple:depth",
            "option 'depth' in agent spec 'simple:depth' is not of the form key=value",
        ),
        ("simple:depth=3", "agent 'simple' does not take the option 'depth'; its options: none"),
    ],
)
def test_bad_specs_say_what_is_accepted(spec: str, message: str) -> None:
    with pytest.raises(InvalidAgentSpecError, match=message):
        make_agent(spec)


def test_parse_spec_normalises_case_and_spaces() -> None:
    assert parse_spec(" Simple ") == ("simple", {})


def test_defensive_blocks_but_does_not_take_its_own_win() -> None:
    board = Board.from_moves("17273")  # X holds a1 b1 c1; O must block at d1
    assert all(make_agent("defensive", seed=s).choose(board).column == 3 for s in range(10))
    # X to move holds d1 e1 f1 and could win, but defensive only blocks and plays at random
    board = Board.from_moves("445566")
    picks = {make_agent("defensive", seed=s).choose(board).column for s in range(30)}
    assert len(picks) > 2


def test_aggressive_wins_but_does_not_block() -> None:
    board = Board.from_moves("445566")
    assert all(make_agent("aggressive", seed=s).choose(board).column in (2, 6) for s in range(10))
    board = Board.from_moves("17273")  # O to move, no win of its own: it does not block
    picks = {make_agent("aggressive", seed=s).choose(board).column for s in range(30)}
    assert len(picks) > 2
