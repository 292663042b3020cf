"""The engine's compiled search on 128-bit words (boards of 65 to 128 bits), with its table."""

from __future__ import annotations

import importlib
import random
from typing import TYPE_CHECKING

import pytest

from fourinarow.core import Board, Geometry
from fourinarow.search.engine_search import Engine
from fourinarow.search.evaluation import lines_across
from fourinarow.search.heuristic import WIN, HeuristicSearch, SearchResult
from tests.search.test_heuristic import TOP_RIGHT, TOP_RIGHT_BLOCK, needs_kernel, random_position

if TYPE_CHECKING:
    from fourinarow.search._heuristic_kernel import EngineKernel

pytestmark = needs_kernel

WIDE = [((9, 7, 5), "545545"), ((10, 8, 4), ""), ((11, 9, 4), "6,6,5"), ((8, 15, 4), "8888")]


def position(shape: tuple[int, int, int], moves: str) -> Board:
    return Board.from_moves(moves, width=shape[0], height=shape[1], connect=shape[2])


@pytest.mark.parametrize(("shape", "moves"), WIDE, ids=str)
def test_the_engine_repeats_itself_after_clearing_its_table(
    shape: tuple[int, int, int], moves: str
) -> None:
    engine = Engine(*shape, tt_mb=1)
    assert engine.backend == "compiled"
    board = position(shape, moves)
    first = [engine.search(board, depth, exact_root=True) for depth in (1, 2, 3, 4, 5)]
    engine.clear()
    again = [engine.search(board, depth, exact_root=True) for depth in (1, 2, 3, 4, 5)]
    assert again == first
    pruned = Engine(*shape, tt_mb=1).search(board, 5)
    assert pruned.score == first[-1].score
    assert pruned.best_moves[0] in first[-1].best_moves


def searched(engine: Engine, board: Board) -> SearchResult:
    return engine.search(board, 6, exact_root=True)


def test_the_table_keeps_the_stones_above_bit_64() -> None:
    # 9x7: the last column is bits 64 to 70. The two positions differ there only, so their keys
    # (and every pair of their descendants' keys that leave that column alone) differ only above
    # bit 64: a table that dropped the high half would answer one with the other's values.
    low = Board.from_moves("5544364", width=9, height=7)
    high = Board.from_moves("5544364999", width=9, height=7)
    fresh = searched(Engine(9, 7, 4, tt_mb=1), high)
    engine = Engine(9, 7, 4, tt_mb=1)
    searched(engine, low)
    assert searched(engine, high) == fresh
    engine = Engine(9, 7, 4, tt_mb=1)
    searched(engine, high)
    assert searched(engine, low) == searched(Engine(9, 7, 4, tt_mb=1), low)


def test_the_engine_wins_and_blocks_in_the_top_bits() -> None:
    board = Board.from_diagram(TOP_RIGHT)
    engine = Engine(16, 7, 4, tt_mb=1)
    assert engine.backend == "compiled"
    win = engine.search(board, 4)
    assert (win.best_moves, win.score) == ([15], WIN - 1)
    block = engine.search(Board.from_diagram(TOP_RIGHT_BLOCK), 4)
    assert block.best_moves == [15]
    assert all(score == -(WIN - 2) for score in block.scores[:12])  # X wins after any other


@pytest.mark.parametrize(
    "shape", [(7, 6, 4), (6, 5, 2), (4, 9, 3), (9, 7, 5), (10, 8, 4), (16, 7, 4)], ids=str
)
def test_the_engine_sees_every_immediate_win_of_the_other_side(shape: tuple[int, int, int]) -> None:
    # at depth 2 a column scores -(WIN - 2) exactly when the other side can win at once after it:
    # the engine's look for an immediate win at ply 1, against the rules' own winning_moves
    rng = random.Random(str(shape))
    engine = Engine(*shape, tt_mb=1)
    checked = 0
    for _ in range(40):
        board = random_position(rng, shape)
        scores = engine.search(board, 2, exact_root=True).scores
        for column in board.legal_moves:
            after = board.copy()
            after.push(column)
            if after.is_game_over():
                continue
            assert (scores[column] == -(WIN - 2)) == bool(after.winning_moves()), column
            checked += bool(after.winning_moves())
    assert checked > 0


def engine_kernels(module: str, shape: Geometry) -> EngineKernel:
    compiled = importlib.import_module(f"fourinarow.search.{module}")
    order = HeuristicSearch(shape.width, shape.height, shape.connect, "threats").order
    kernel = compiled.HeuristicKernel(shape, "threats", True, order, lines_across(shape))
    engine: EngineKernel = compiled.EngineKernel(kernel, 16)
    return engine


def test_the_128_bit_engine_matches_the_64_bit_one_on_small_boards() -> None:
    # a key below 2**64 gets the same slot on either word, so the tables fill alike
    shape = Geometry(7, 6, 4)
    narrow = engine_kernels("_heuristic_kernel", shape)
    wide = engine_kernels("_heuristic_kernel128", shape)
    rng = random.Random(7)
    for _ in range(6):
        board = random_position(rng, (7, 6, 4))
        first, second = board.bitboards
        own, other = (first, second) if board.turn == 1 else (second, first)
        for depth in (4, 6, 8):
            found = narrow.search(own, other, list(board.heights), depth, 0, 0, True)
            assert wide.search(own, other, list(board.heights), depth, 0, 0, True) == found
            assert wide.nodes == narrow.nodes


@pytest.mark.parametrize(("shape", "moves"), WIDE, ids=str)
def test_the_table_answers_a_search_made_again(shape: tuple[int, int, int], moves: str) -> None:
    engine = Engine(*shape, tt_mb=1)
    board = position(shape, moves)
    first = engine.search(board, 6, exact_root=True)
    again = engine.search(board, 6, exact_root=True)
    assert again.scores == first.scores
    assert again.nodes * 10 < first.nodes  # the root's columns are found in the table
