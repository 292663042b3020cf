"""The solver on several threads (``Solver(threads=N)``) against the same solver on one: the
same exact scores on benchmark positions and random small boards, limits still respected, and
the argument checked."""

from __future__ import annotations

import random

import pytest

from fourinarow.core import Board, FourInARowError
from fourinarow.search.checks import MAX_THREADS, InvalidSearchSettingError
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver, compiled_kernel_available
from tests import bench

needs_kernel = pytest.mark.skipif(
    not compiled_kernel_available(), reason="the compiled kernel is not built"
)


def threaded(threads: int, *, tt_mb: float = 16, eager: bool = False) -> Solver:
    """A solver on ``threads`` threads without a book; with ``eager``, every search starts its
    threads at once (by default a search runs on one thread for its first nodes, so small
    positions would never reach the threaded code)."""
    solver = Solver(tt_mb=tt_mb, book=False, threads=threads)
    if eager:
        solver.prepare()
        kernel = solver._kernel
        assert kernel is not None
        kernel.serial_nodes = 0  # type: ignore[attr-defined]
    return solver


@pytest.mark.parametrize("threads", [0, -1, MAX_THREADS + 1, 2.0, "2", True, None])
def test_threads_must_be_a_whole_number_from_1_to_64(threads: object) -> None:
    with pytest.raises(InvalidSearchSettingError, match="threads is a whole number from 1 to 64"):
        Solver(threads=threads)  # type: ignore[arg-type]
    assert issubclass(InvalidSearchSettingError, FourInARowError)


def test_the_thread_count_is_kept() -> None:
    assert Solver().threads == 1
    assert Solver(threads=MAX_THREADS).threads == MAX_THREADS


@needs_kernel
@pytest.mark.parametrize("name", ["Test_L3_R1", "Test_L2_R2", "Test_L1_R1", "Test_L1_R2"])
def test_two_threads_give_the_scores_of_one_on_benchmark_positions(name: str) -> None:
    one, two = threaded(1), threaded(2, eager=True)
    rows = bench.every(name, 100)
    assert rows
    for row in rows:
        board = Board.from_moves(row.moves)
        for weak in (False, True):
            one.clear()
            two.clear()
            expected = one.solve(board, weak=weak).score
            assert two.solve(board, weak=weak).score == expected, row
        assert expected == (row.score > 0) - (row.score < 0)


@needs_kernel
def test_threads_give_the_scores_of_one_on_quick_begin_hard_positions() -> None:
    solvers = {threads: threaded(threads, tt_mb=32) for threads in (1, 2, 3)}
    for row in bench.at_lines("Test_L1_R3", [49, 59, 60]):
        board = Board.from_moves(row.moves)
        for solver in solvers.values():
            solver.clear()
            assert solver.solve(board).score == row.score, row


@needs_kernel
@pytest.mark.parametrize(("width", "height", "connect"), [(5, 4, 4), (6, 5, 4), (4, 7, 3)])
def test_threads_give_the_scores_of_one_on_random_small_boards(
    width: int, height: int, connect: int
) -> None:
    rng = random.Random(width * 100 + height * 10 + connect)
    one = threaded(1, tt_mb=1)  # small tables: many collisions between the threads' entries
    many = {threads: threaded(threads, tt_mb=1, eager=True) for threads in (2, 4)}
    checked = 0
    while checked < 20:
        board = Board(width, height, connect)
        for _ in range(rng.randrange(width * height // 3)):
            if board.is_game_over():
                break
            board.push(rng.choice(board.legal_moves))
        if board.is_game_over():
            continue
        expected = one.solve(board).score
        for solver in many.values():
            assert solver.solve(board).score == expected, board.to_moves()
            assert solver.best_moves(board) == one.best_moves(board), board.to_moves()
        checked += 1


@needs_kernel
def test_a_threaded_search_counts_every_threads_nodes_and_keeps_the_table() -> None:
    solver = threaded(2, eager=True)
    board = Board.from_moves("4455")
    cold = solver.solve(board)
    assert cold.score == 18
    assert solver.solve(board).nodes < cold.nodes


@needs_kernel
def test_limits_stop_every_thread_with_bounds_never_a_guess() -> None:
    solver = threaded(2, eager=True)
    board = Board()
    result = solver.solve(board, Limit(nodes=50_000))
    assert result.score is None
    assert result.lower <= 1 <= result.upper  # the empty board scores 1
    assert 50_000 <= result.nodes < 50_000 + 2 * 4096  # each thread counts in batches
    timed = solver.solve(board, Limit(time=0.05))
    assert timed.score is None
    assert timed.lower <= 1 <= timed.upper


def test_pure_python_searches_ignore_the_threads() -> None:
    solver = Solver(tt_mb=1, use_kernel=False, book=False, threads=2)
    assert solver.solve(Board.from_moves("4455", width=5, height=4)).exact


@needs_kernel
def test_helper_threads_vary_their_move_order_within_4_plies_of_the_root() -> None:
    """Deeper, the helpers' order costs more nodes than the spreading saves (measured on the
    empty 6x7 and 7x6 boards: 10 plies searched 6% more nodes on two threads than 4)."""
    from fourinarow.search._solver_kernel import Kernel

    assert Kernel(7, 6, 4, 16).jitter_plies == 4


@needs_kernel
def test_two_threads_test_the_windows_0_and_1_at_once() -> None:
    """While one thread halves the bounds, the other tests the window at 0, and once they
    are near, a thread tests the window at 1 beside it rather than join that test: on a
    score of 1 (the empty 7x6 and 6x7 boards'), the two tests that prove it, one per thread
    through the shared table: fewer nodes in all than when both join each test in turn."""
    from fourinarow.search._solver_kernel import Kernel

    assert Kernel(7, 6, 4, 16).max_probes == 2
    solver = Solver(tt_mb=16, book=False, threads=2)
    solver.prepare(6, 5)
    kernel = solver._kernel
    assert kernel is not None
    kernel.serial_nodes = 0  # type: ignore[attr-defined]
    board = Board.from_moves("3", width=6, height=5)  # the second player to move scores 0
    assert solver.solve(board).score == 0
    windows = [window for window, _, _ in kernel.test_log]  # type: ignore[attr-defined]
    assert windows[0] == -7  # halving, on the first thread
    assert 1 in windows  # the bet, whichever ended first
    assert sum(kernel.thread_nodes[1:]) > 0  # type: ignore[attr-defined]


@needs_kernel
def test_helpers_keep_their_own_near_leaf_tables_and_lose_them_on_a_full_clear() -> None:
    """Each helper thread's near-leaf table is its own (the default): the scores are those of
    one thread with it and without it, and after a full clear (which hands those tables back)
    a search on two threads still gives them."""
    one, two = threaded(1), threaded(2, eager=True)
    kernel = two._kernel
    assert kernel is not None
    assert kernel.own_near_tables is True  # type: ignore[attr-defined]
    rows = bench.every("Test_L2_R2", 100)
    assert rows
    for own in (False, True, True):
        kernel.own_near_tables = own  # type: ignore[attr-defined]
        two.clear(full=True)
        helped = 0
        for row in rows:
            board = Board.from_moves(row.moves)
            one.clear()
            two.clear()
            assert two.solve(board).score == one.solve(board).score, (own, row)
            helped += sum(kernel.thread_nodes[1:])  # type: ignore[attr-defined]
        assert helped > 0
