"""The compiled heuristic search against its pure-Python twin, node for node."""

from __future__ import annotations

import random

import pytest

from fourinarow.core import Board
from fourinarow.search.evaluation import EVALUATIONS
from fourinarow.search.heuristic import HeuristicSearch, SearchStopped

try:
    import fourinarow.search._heuristic  # noqa: F401

    COMPILED = True
except ImportError:
    COMPILED = False

needs_kernel = pytest.mark.skipif(not COMPILED, reason="the compiled heuristic kernel is not built")

SHAPES = [(7, 6, 4), (6, 5, 3), (8, 7, 5), (3, 15, 5), (2, 20, 2), (9, 5, 4)]


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
@pytest.mark.parametrize("shape", SHAPES, ids=str)
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


def test_boards_over_64_bits_search_in_python() -> None:
    search = HeuristicSearch(9, 7, 4, "window")
    assert search.backend == "python"
    assert search.search(Board.from_moves("5", width=9, height=7), 2).best_moves


@needs_kernel
def test_limits_stop_the_compiled_search() -> None:
    search = HeuristicSearch(7, 6, 4, "window", prune=False, centre_first=False)
    with pytest.raises(SearchStopped):
        search.search(Board(), 8, node_limit=5000)
    import time

    with pytest.raises(SearchStopped):
        search.search(Board(), 9, deadline=time.perf_counter() + 0.02)
