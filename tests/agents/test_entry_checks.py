"""Every public entry point of the searches checks what it is given, and raises the typed error,
although their calls to each other check nothing again."""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from fourinarow.agents import PerfectAgent
from fourinarow.agents.proofs import book_reach, narrow_columns, prove_then_estimate
from fourinarow.core import Board, GameOverError, InvalidPositionError
from fourinarow.search.limit import InvalidLimitError, Limit
from fourinarow.search.solver import Solver

SOLVER = Solver(tt_mb=1)
AGENT = PerfectAgent(tt_mb=1)
OVER = Board.from_moves("4455667")  # the first player has four in a row
BOARD = Board.from_moves("4453")

Entry = Callable[[object, object], object]

ENTRIES: dict[str, Entry] = {
    "Solver.solve": lambda board, limit: SOLVER.solve(board, limit),  # type: ignore[arg-type]
    "Solver.analyze": lambda board, limit: SOLVER.analyze(board, limit),  # type: ignore[arg-type]
    "Solver.first_best_move": lambda board, limit: SOLVER.first_best_move(
        board,  # type: ignore[arg-type]
        [3],
        1,
        limit,  # type: ignore[arg-type]
    ),
    "PerfectAgent.choose": lambda board, limit: AGENT.choose(board, limit),  # type: ignore[arg-type]
    "PerfectAgent.analyze": lambda board, limit: AGENT.analyze(board, limit),  # type: ignore[arg-type]
    "prove_then_estimate": lambda board, limit: prove_then_estimate(
        board,  # type: ignore[arg-type]
        SOLVER,
        limit,  # type: ignore[arg-type]
    ),
    "narrow_columns": lambda board, limit: narrow_columns(
        SOLVER,
        board,  # type: ignore[arg-type]
        Limit() if limit is None else limit,  # type: ignore[arg-type]
        time.perf_counter(),
    ),
}


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_public_entry_refuses_what_is_not_a_board(entry: str) -> None:
    with pytest.raises(InvalidPositionError, match="a position is a Board, not"):
        ENTRIES[entry]("4453", Limit(time=0.1))


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_public_entry_refuses_a_finished_game(entry: str) -> None:
    with pytest.raises(GameOverError, match="the game is over at '4455667'"):
        ENTRIES[entry](OVER, Limit(time=0.1))


@pytest.mark.parametrize("entry", ENTRIES)
def test_a_public_entry_refuses_what_is_not_a_limit(entry: str) -> None:
    with pytest.raises(InvalidLimitError, match="a limit is a Limit"):
        ENTRIES[entry](BOARD, 0.5)


def test_book_reach_refuses_what_is_not_a_board() -> None:
    with pytest.raises(InvalidPositionError, match="a position is a Board, not"):
        book_reach("4453")  # type: ignore[arg-type]


def test_narrowing_on_a_stopped_solver_ends_with_what_it_has() -> None:
    solver = Solver(tt_mb=1, book=False)
    solver.stop()  # as a job stopped from another thread leaves it
    board = Board.from_moves("445536", width=8, height=7)
    bounds, nodes = narrow_columns(solver, board, Limit(time=0.5), time.perf_counter())
    assert len(bounds) <= 1  # the first search returned at once; none after it
    assert all(low <= high for low, high in bounds.values())
    assert nodes >= 0
