"""Agents for web requests (web/players.py): the server's limits, pooled perfect solvers."""

from __future__ import annotations

import pytest

from fourinarow.agents import InvalidAgentSpecError, PerfectAgent
from fourinarow.agents.levels import LevelAgent
from fourinarow.core import Board
from fourinarow.search.solver import Solver
from fourinarow.web.foreign import WorkerProcesses
from fourinarow.web.players import Players, build_agent, on_solver


@pytest.mark.parametrize(
    ("spec", "pooled"),
    [
        ("perfect", True),
        ("perfect:tiebreak=random", True),
        ("perfect:book=shipped", True),
        ("level:10", True),
        ("level:9", True),
        ("perfect:book=none", False),
        ("perfect:tt_mb=8", False),
        ("alphabeta:depth=3", True),  # no solver in it: on_solver leaves it alone
    ],
)
def test_which_agents_search_on_a_pooled_solver(spec: str, pooled: bool) -> None:
    assert build_agent(spec, 1, tt_mb=64)[1] is pooled


@pytest.mark.parametrize(
    ("spec", "words"),
    [
        ("perfect:book=/etc/passwd", "book is shipped or none"),
        ("perfect:book=books/7x6c4.book", "book is shipped or none"),
        ("perfect:tt_mb=65", "at most 64"),
        ("engine:tt_mb=1000", "at most 64"),
        ("perfect:tt_mb=x", "at most 64"),
        ("bogus", "unknown agent"),
    ],
)
def test_specs_beyond_the_servers_limits_are_refused(spec: str, words: str) -> None:
    with pytest.raises(InvalidAgentSpecError, match=words):
        build_agent(spec, None, tt_mb=64)


def test_a_spec_must_be_text() -> None:
    with pytest.raises(InvalidAgentSpecError, match="string"):
        build_agent(7, None, tt_mb=64)  # type: ignore[arg-type]


def test_on_solver_reaches_the_perfect_player_inside_a_level() -> None:
    solver = Solver(tt_mb=1)
    agent, _ = build_agent("level:10", 1, tt_mb=64)  # a level around perfect
    on_solver(agent, solver)
    assert isinstance(agent, LevelAgent)
    inner = agent.agent
    while not isinstance(inner, PerfectAgent):
        inner = inner.agent  # type: ignore[attr-defined]
    assert inner.solver is solver
    assert agent.choose(Board.from_moves("445566")).column in (2, 6)


def test_a_slot_keeps_its_pooled_agents_but_builds_seeded_ones_afresh() -> None:
    players = Players(64, WorkerProcesses())
    slot, other = Solver(tt_mb=1), Solver(tt_mb=1)
    first = players.build("perfect", None, slot)
    assert players.build("perfect", None, slot) is first  # its tables kept for the slot
    assert players.build("perfect", None, other) is not first  # each slot its own
    assert players.build("perfect", 7, slot) is not first  # a seed repeats its choices
    assert players.build("perfect:tt_mb=8", None, slot) is not players.build(
        "perfect:tt_mb=8", None, slot
    )  # not pooled: a table of its own each time
    for spec in ("level:9", "level:10", "perfect:tiebreak=random", "alphabeta:depth=3"):
        players.build(spec, None, slot)  # more specs than a slot keeps
    assert players.build("perfect", None, slot) is not first
