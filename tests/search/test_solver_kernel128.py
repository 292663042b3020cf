"""The compiled kernel on 128-bit words (``_solver_kernel128``, boards of 65 to 128 bits) against
its pure-Python twin, node for node; keys above 2**64; its table's epochs; the solver's choice of
kernel; and threads on it."""

from __future__ import annotations

import random

import pytest

from fourinarow.core import Board
from fourinarow.search.python_solver import ReferenceKernel
from fourinarow.search.solver import KERNEL_MAX_BITS, Solver, compiled_kernel_available

try:
    from fourinarow.search._solver_kernel128 import Kernel as Kernel128
except ImportError:
    Kernel128 = None  # type: ignore[assignment, misc]

needs_kernel128 = pytest.mark.skipif(
    Kernel128 is None, reason="the compiled kernel on 128-bit words is not built"
)


def position(board: Board) -> tuple[int, int, int]:
    """The kernels' arguments for ``board``: the side to move's stones, every stone, the ply."""
    first, second = board.bitboards
    return (first if board.turn == 1 else second), first | second, board.ply


def played(width: int, height: int, columns: list[int]) -> Board:
    """The board after these 0-based columns."""
    board = Board(width, height)
    for column in columns:
        board.push(column)
    return board


def random_position(
    rng: random.Random, shape: tuple[int, int, int], empties: int, kernel: Kernel128
) -> Board:
    """A random game cut off with ``empties`` cells left, where the side to move cannot win at
    once; its moves complete no line, nor, while another move can, let the opponent complete
    one next (the kernel's can_win_next tells, on a board of 65 to 128 bits)."""
    while True:
        board = Board(*shape)
        while board.width * board.height - board.ply > empties:
            quiet, safe = [], []
            for column in board.legal_moves:
                board.push(column)
                if not board.is_game_over():
                    quiet.append(column)
                    if not kernel.can_win_next(*position(board)[:2]):
                        safe.append(column)
                board.pop()
            if not quiet:
                break
            board.push(rng.choice(safe or quiet))
        else:
            if not kernel.can_win_next(*position(board)[:2]):
                return board


def searched_positions(
    shape: tuple[int, int, int], empties: int, count: int, seed: int, most: int
) -> list[Board]:
    """``count`` random positions whose solve takes the compiled kernel 1,000 to ``most``
    nodes from an empty table: enough search to compare, little enough for pure Python."""
    assert Kernel128 is not None
    rng = random.Random(seed)
    kernel = Kernel128(*shape, 16)
    found: list[Board] = []
    for _ in range(60 * count):
        board = random_position(rng, shape, empties, kernel)
        kernel.clear()
        kernel.reset_nodes()
        kernel.set_limits(0, 0.0)
        kernel.solve(*position(board), False)
        if 1_000 <= kernel.nodes <= most:
            found.append(board)
            if len(found) == count:
                return found
    raise AssertionError(f"too few {shape} positions with {empties} empties take a search")


def agree_node_for_node(
    shape: tuple[int, int, int], empties: int, count: int, seed: int, most: int = 15_000
) -> None:
    """Both twins, with tables of the same size, solve ``count`` random positions (strong, then
    weak, without clearing in between) to the same bounds in the same number of nodes."""
    assert Kernel128 is not None
    compiled, reference = Kernel128(*shape, 16), ReferenceKernel(*shape, 16)
    above = 0
    for board in searched_positions(shape, empties, count, seed, most):
        current, mask, ply = position(board)
        above += current + mask >= 1 << 64
        for kernel in (compiled, reference):
            kernel.clear()
            kernel.reset_nodes()
            kernel.set_limits(0, 0.0)
        for weak in (False, True):
            expected = reference.solve(current, mask, ply, weak)
            assert compiled.solve(current, mask, ply, weak) == expected, board.to_moves()
            assert compiled.nodes == reference.nodes, board.to_moves()
    if shape[0] * (shape[1] + 1) - 2 >= 64:  # a cell above bit 63 (13x4's top one is bit 63)
        assert above, "no position had a key above 2**64"


@needs_kernel128
@pytest.mark.parametrize(
    ("shape", "empties"),
    [
        ((9, 7, 5), 20),  # 72 bits
        ((8, 8, 4), 24),  # 72 bits, even height: claimeven
        ((10, 8, 4), 28),  # 90 bits
        ((10, 8, 5), 18),
        ((11, 9, 4), 24),  # 110 bits
        ((12, 8, 4), 32),  # 108 bits
        ((13, 4, 4), 20),  # 65 bits: one above a word of 64
        ((16, 7, 4), 28),  # 128 bits: no spare bit for an epoch
        ((20, 5, 5), 18),  # 120 bits: the widest board
        ((6, 20, 5), 18),  # 126 bits: the tallest
    ],
    ids=str,
)
def test_the_128_bit_kernel_and_python_agree_node_for_node(
    shape: tuple[int, int, int], empties: int
) -> None:
    agree_node_for_node(shape, empties, 2, seed=sum(shape) + empties)


@needs_kernel128
@pytest.mark.slow
@pytest.mark.parametrize(
    ("shape", "empties"),
    [((9, 7, 5), 24), ((10, 8, 4), 32), ((10, 8, 5), 22), ((12, 8, 4), 36), ((14, 7, 4), 30)],
    ids=str,
)
def test_the_128_bit_kernel_and_python_agree_on_larger_searches(
    shape: tuple[int, int, int], empties: int
) -> None:
    agree_node_for_node(shape, empties, 3, seed=7 * sum(shape) + empties, most=100_000)


@needs_kernel128
def test_keys_above_2_to_the_64_reach_the_kernel_whole() -> None:
    # 16x7: the last column is bits 120 to 127; three stones of the side to move on top of each
    # other there, the fourth cell free, make a win next (a stone in the top bits of both words).
    kernel = Kernel128(16, 7, 4, 16)
    board = played(16, 7, [15, 0, 15, 0, 15, 1])
    current, mask, _ = position(board)
    assert current >= 1 << 120
    assert mask >= 1 << 120
    assert board.winning_moves() == [15]
    assert kernel.can_win_next(current, mask)
    assert not kernel.can_win_next(current & ((1 << 64) - 1), mask)  # the top stones cut off
    # Near the end, the last column full: key = current + mask sets bit 127, the word's top bit.
    rng = random.Random(5)
    while (current + mask) >> 127 == 0:
        current, mask, ply = position(random_position(rng, (16, 7, 4), 12, kernel))
    reference = ReferenceKernel(16, 7, 4, 16)
    for weak in (False, True):
        assert kernel.solve(current, mask, ply, weak) == reference.solve(current, mask, ply, weak)
        assert kernel.nodes == reference.nodes
    for bad in (1 << 128, -1):
        with pytest.raises(OverflowError):
            kernel.can_win_next(bad, 0)


@needs_kernel128
@pytest.mark.parametrize(("shape", "empties"), [((9, 7, 5), 20), ((16, 7, 4), 28)], ids=str)
def test_clearing_the_table_forgets_every_entry(shape: tuple[int, int, int], empties: int) -> None:
    # 9x7 keeps an epoch in the 56 bits above its keys; 16x7 has none, so each clear wipes.
    kernel = Kernel128(*shape, 16)
    (board,) = searched_positions(shape, empties, 1, 3, 100_000)
    current, mask, ply = position(board)
    kernel.set_limits(0, 0.0)
    cold = kernel.solve(current, mask, ply, False)
    cold_nodes = kernel.nodes
    kernel.reset_nodes()
    assert kernel.solve(current, mask, ply, False) == cold
    assert kernel.nodes < cold_nodes  # the table answers
    for _ in range(3):
        kernel.clear()
        kernel.reset_nodes()
        assert kernel.solve(current, mask, ply, False) == cold
        assert kernel.nodes == cold_nodes  # as from an empty table


def test_the_solver_picks_a_kernel_by_the_board_s_bits() -> None:
    assert KERNEL_MAX_BITS == 128
    solver = Solver(tt_mb=1, book=False)
    compiled = "compiled" if compiled_kernel_available() else "python"
    wide = "compiled" if Kernel128 is not None and compiled_kernel_available() else "python"
    assert solver.backend_for(Board(8, 7)) == compiled  # 64 bits
    for shape in [(9, 7), (13, 4), (8, 8), (16, 7), (20, 5), (6, 20)]:  # 65 to 128 bits
        assert solver.backend_for(Board(*shape)) == wide, shape
    for shape in [(17, 7), (11, 11), (20, 20)]:  # over 128 bits
        assert solver.backend_for(Board(*shape)) == "python", shape
    assert Solver(use_kernel=False).backend_for(Board(9, 7)) == "python"


@needs_kernel128
def test_the_solver_on_128_bit_words_agrees_with_pure_python() -> None:
    compiled = Solver(tt_mb=2, book=False)
    python = Solver(tt_mb=2, book=False, use_kernel=False)
    for shape, empties in [((9, 7, 5), 20), ((10, 8, 4), 28)]:
        (board,) = searched_positions(shape, empties, 1, 11, 15_000)
        assert compiled.backend_for(board) == "compiled"
        assert compiled.solve(board).score == python.solve(board).score
        assert compiled.solve(board, weak=True).score == python.solve(board, weak=True).score
        assert compiled.analyze(board).values == python.analyze(board).values
        assert compiled.best_moves(board) == python.best_moves(board)


@needs_kernel128
@pytest.mark.parametrize(
    ("shape", "empties"), [((9, 7, 5), 24), ((13, 4, 4), 24), ((16, 7, 4), 28)], ids=str
)
def test_threads_on_128_bit_words_give_the_scores_of_one(
    shape: tuple[int, int, int], empties: int
) -> None:
    one = Solver(tt_mb=1, book=False)  # small tables: many collisions between the threads
    many = Solver(tt_mb=1, book=False, threads=3)
    many.prepare(*shape)
    kernel = many._kernel
    assert kernel is not None
    kernel.serial_nodes = 0  # type: ignore[attr-defined]  # start the threads at once
    for board in searched_positions(shape, empties, 4, sum(shape), 300_000):
        expected = one.solve(board).score
        assert many.solve(board).score == expected, board.to_moves()
        assert many.best_moves(board) == one.best_moves(board), board.to_moves()
    assert sum(kernel.thread_nodes[1:]) > 0  # type: ignore[attr-defined]  # the helpers searched
