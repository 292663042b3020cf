"""The compiled heuristic search against its pure-Python twin, node for node, on 64-bit and
128-bit words."""

from __future__ import annotations

import random
import time

import pytest

from fourinarow.core import Board, Geometry
from fourinarow.search.checks import InvalidSearchSettingError
from fourinarow.search.engine_search import Engine
from fourinarow.search.evaluation import EVALUATIONS, EvaluationName, lines_across
from fourinarow.search.heuristic import WIN, HeuristicSearch, SearchStopped, compiled_module

try:
    import fourinarow.search._heuristic_kernel
    import fourinarow.search._heuristic_kernel128

    COMPILED = True
except ImportError:
    COMPILED = False

needs_kernel = pytest.mark.skipif(
    not COMPILED, reason="the compiled heuristic kernels are not built"
)

SHAPES = [(7, 6, 4), (6, 5, 3), (8, 7, 5), (3, 15, 5), (2, 20, 2), (9, 5, 4)]
WIDE_SHAPES = [(9, 7, 5), (10, 8, 4), (11, 9, 4), (8, 15, 4)]  # 72, 90, 110 and 128 bits

# 16x7 (128 bits) with X to move: X's only win is the top right cell, bit 126, beside X's stones
# at bits 102, 110 and 118; with one X stone more, O to move must block it there.
TOP_RIGHT = (
    "............XXX./............XOOO/............OXXX/............OOXX/"
    "............XOOO/............OOXX/O...........XXOO"
)
TOP_RIGHT_BLOCK = TOP_RIGHT.replace("/O...........XXOO", "/OX..........XXOO")


def random_position(rng: random.Random, shape: tuple[int, int, int]) -> Board:
    while True:
        board = Board(*shape)
        for _ in range(rng.randrange(shape[0] * shape[1] - 1)):
            board.push(rng.choice(board.legal_moves))
            if board.is_game_over():
                break
        if not board.is_game_over():
            return board


@needs_kernel
@pytest.mark.parametrize("shape", SHAPES + WIDE_SHAPES, ids=str)
def test_compiled_and_python_searches_agree_node_for_node(shape: tuple[int, int, int]) -> None:
    rng = random.Random(sum(shape))
    for name in EVALUATIONS:
        for prune in (True, False):
            compiled = HeuristicSearch(*shape, name, prune=prune, centre_first=prune)
            python = HeuristicSearch(
                *shape, name, prune=prune, centre_first=prune, use_kernel=False
            )
            assert compiled.backend == "compiled"
            assert python.backend == "python"
            for _ in range(3):
                board = random_position(rng, shape)
                depth = rng.randrange(1, 4 if prune else 3)
                expected = python.search(board, depth)
                assert compiled.search(board, depth) == expected, (name, prune, board.to_moves())


@needs_kernel
@pytest.mark.parametrize("name", sorted(EVALUATIONS))
def test_the_128_bit_kernel_agrees_with_the_64_bit_one_on_small_boards(
    name: EvaluationName,
) -> None:
    shape = Geometry(7, 6, 4)
    order = HeuristicSearch(7, 6, 4, name, use_kernel=False).order
    narrow = fourinarow.search._heuristic_kernel.HeuristicKernel(
        shape, name, True, order, lines_across(shape)
    )
    wide = fourinarow.search._heuristic_kernel128.HeuristicKernel(
        shape, name, True, order, lines_across(shape)
    )
    rng = random.Random(name)
    for _ in range(10):
        board = random_position(rng, (7, 6, 4))
        first, second = board.bitboards
        own, other = (first, second) if board.turn == 1 else (second, first)
        found = narrow.search(own, other, list(board.heights), 4, 0, 0)
        assert wide.search(own, other, list(board.heights), 4, 0, 0) == found
        assert wide.nodes == narrow.nodes


@needs_kernel
def test_each_board_gets_the_kernel_of_its_word() -> None:
    for shape, module in [
        ((7, 6, 4), "_heuristic_kernel"),
        ((8, 7, 4), "_heuristic_kernel"),
        ((9, 7, 5), "_heuristic_kernel128"),
        ((16, 7, 4), "_heuristic_kernel128"),
        ((8, 15, 4), "_heuristic_kernel128"),
        ((12, 10, 4), None),
    ]:
        found = compiled_module(Geometry(*shape))
        assert (found and found.__name__.rsplit(".", 1)[1]) == module, shape
        backend = "python" if module is None else "compiled"
        assert HeuristicSearch(*shape, "window").backend == backend
        assert Engine(*shape, tt_mb=1).backend == backend


def test_boards_over_128_bits_search_in_python() -> None:
    search = HeuristicSearch(12, 10, 4, "window")
    assert search.backend == "python"
    assert search.search(Board.from_moves("6", width=12, height=10), 2).best_moves
    with pytest.raises(InvalidSearchSettingError, match=r"<= 128 bits, and 12x10 has 132"):
        HeuristicSearch(12, 10, 4, "window", use_kernel=True)


@needs_kernel
@pytest.mark.parametrize("name", sorted(EVALUATIONS))
def test_stones_in_the_top_bits_count(name: EvaluationName) -> None:
    board = Board.from_diagram(TOP_RIGHT)
    assert board.winning_moves() == [15]
    for position in (board, Board.from_diagram(TOP_RIGHT_BLOCK)):
        compiled = HeuristicSearch(16, 7, 4, name)
        python = HeuristicSearch(16, 7, 4, name, use_kernel=False)
        assert compiled.backend == "compiled"
        for depth in (1, 2):
            assert compiled.search(position, depth) == python.search(position, depth), depth
    win = HeuristicSearch(16, 7, 4, name).search(board, 2)
    assert (win.best_moves, win.score) == ([15], WIN - 1)
    block = HeuristicSearch(16, 7, 4, name).search(Board.from_diagram(TOP_RIGHT_BLOCK), 2)
    assert block.best_moves == [15]
    assert all(score == -(WIN - 2) for score in block.scores[:12])  # X wins after any other


@needs_kernel
def test_positions_beyond_the_word_are_refused() -> None:
    shape = Geometry(7, 6, 4)
    narrow = fourinarow.search._heuristic_kernel.HeuristicKernel(shape, "window", True, [3], [])
    wide = fourinarow.search._heuristic_kernel128.HeuristicKernel(shape, "window", True, [3], [])
    with pytest.raises(OverflowError, match="does not fit in 64 bits"):
        narrow.search(1 << 64, 0, [0] * 7, 1, 0, 0)
    with pytest.raises(OverflowError, match="does not fit in 128 bits"):
        wide.search(0, 1 << 128, [0] * 7, 1, 0, 0)
    with pytest.raises(OverflowError, match="does not fit in 64 bits"):
        fourinarow.search._heuristic_kernel.HeuristicKernel(
            Geometry(9, 7, 4), "window", True, [4], []
        )


@needs_kernel
@pytest.mark.parametrize("shape", [(7, 6), (10, 8)], ids=str)
def test_limits_stop_the_compiled_search(shape: tuple[int, int]) -> None:
    search = HeuristicSearch(*shape, 4, "window", prune=False, centre_first=False)
    with pytest.raises(SearchStopped):
        search.search(Board(*shape), 8, node_limit=5000)
    with pytest.raises(SearchStopped):
        search.search(Board(*shape), 9, deadline=time.perf_counter() + 0.02)
