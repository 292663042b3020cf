"""``Solver.progress`` read from another thread while a real search runs, on both kernels: every
bound it shows is proven, the bounds only narrow, and a finished call leaves its result."""

from __future__ import annotations

import itertools
import threading
import time

import pytest

from fourinarow.core import Board
from fourinarow.search.scores import Bounds, Exact, Unvalued
from fourinarow.search.solve_progress import SolveProgress
from fourinarow.search.solver import Solver, compiled_kernel_available

needs_kernel = pytest.mark.skipif(
    not compiled_kernel_available(), reason="the compiled kernel is not built"
)

SEARCHES = {
    # (use_kernel, threads, shape, moves): about half a second each, several narrowing steps
    "compiled": (True, 1, (7, 6), "4444443"),
    "compiled on 2 threads": (True, 2, (7, 6), "4444443"),
    "python": (False, 1, (5, 4), ""),
}


def watch(solver: Solver, work: threading.Thread) -> list[SolveProgress]:
    """Snapshots of ``solver.progress`` taken every few milliseconds while ``work`` runs."""
    seen: list[SolveProgress] = []
    work.start()
    while work.is_alive():
        progress = solver.progress
        if progress is not None and progress.running:
            seen.append(progress)
        time.sleep(0.002)
    work.join()
    return seen


def solver_for(name: str) -> tuple[Solver, Board]:
    use_kernel, threads, (width, height), moves = SEARCHES[name]
    if use_kernel and not compiled_kernel_available():
        pytest.skip("the compiled kernel is not built")
    solver = Solver(tt_mb=16, book=False, use_kernel=use_kernel, threads=threads)
    return solver, Board.from_moves(moves, width=width, height=height)


def test_there_is_no_progress_before_the_first_search() -> None:
    assert Solver(tt_mb=16).progress is None


@pytest.mark.parametrize("name", SEARCHES)
def test_the_bounds_seen_while_a_solve_runs_are_proven_and_only_narrow(name: str) -> None:
    solver, board = solver_for(name)
    exact = Solver(tt_mb=16, book=False).solve(board).score
    assert exact is not None
    seen = watch(solver, threading.Thread(target=solver.solve, args=(board,)))
    assert len({(p.lower, p.upper) for p in seen}) >= 3, "too few narrowing steps were seen"
    for before, after in itertools.pairwise(seen):
        assert before.lower <= after.lower
        assert after.upper <= before.upper
        assert before.elapsed <= after.elapsed  # not measured: one clock's readings in order
    for progress in seen:
        assert progress.lower <= exact <= progress.upper
        assert progress.board == board
        assert progress.values is None
    assert seen[-1].nodes > seen[0].nodes  # counted live, on every thread
    final = solver.progress
    assert final is not None
    assert not final.running
    assert (final.lower, final.upper, final.exact) == (exact, exact, True)
    assert final.nodes == solver.last_nodes


@pytest.mark.parametrize("name", SEARCHES)
def test_an_analysis_shows_the_columns_done_and_the_bounds_of_the_one_searched(
    name: str,
) -> None:
    solver, board = solver_for(name)
    board.push(0)
    expected = Solver(tt_mb=16, book=False).analyze(board).values
    seen = watch(solver, threading.Thread(target=solver.analyze, args=(board,)))
    assert {p.column for p in seen} >= {0, 1}, "the searches of two columns were not seen"
    for progress in seen:
        assert progress.values is not None
        for column, value in enumerate(progress.values.values):
            final = expected[column]
            assert isinstance(final, Exact | Unvalued)
            if value is Unvalued.NOT_SEARCHED:
                assert final is not Unvalued.FULL
            elif isinstance(value, Bounds):
                assert column == progress.column
                assert isinstance(final, Exact)
                assert value.lower <= final.value <= value.upper
            else:
                assert value == final, f"column {column} shown as {value}, not {final}"
        best = max(v.value for v in expected if isinstance(v, Exact))
        assert progress.lower <= best <= progress.upper
    final_progress = solver.progress
    assert final_progress is not None
    assert final_progress.values is not None
    assert final_progress.values.values == expected
    assert not final_progress.running


@needs_kernel
def test_the_total_counts_every_call_of_the_solver() -> None:
    solver = Solver(tt_mb=16, book=False)
    first = solver.solve(Board.from_moves("4444443"), weak=True)
    second = solver.analyze(Board.from_moves("44444433"))
    progress = solver.progress
    assert progress is not None
    assert progress.nodes == second.nodes
    assert progress.total_nodes == first.nodes + second.nodes
