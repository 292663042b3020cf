"""The labels of :func:`fourinarow.training.labelled.labelled_positions` against solves that
share nothing with it: a plain negamax written here (5x4) and the solver without its book, by
strong solve from the rebuilt board (7x6)."""

from __future__ import annotations

import collections
import random
from functools import cache

import pytest

from fourinarow.core import Board, Geometry
from fourinarow.search.solver import Solver
from fourinarow.training.labelled import LabelledPosition, labelled_positions


def board_of(found: LabelledPosition, shape: Geometry) -> Board:
    """The board a labelled position's cells stand for (the first player moves at even plies)."""
    first_moves = found.ply % 2 == 0
    rows = [
        [
            (
                0
                if (cell := found.cells[column * shape.height + row]) == 0
                else cell
                if first_moves
                else 3 - cell
            )
            for column in range(shape.width)
        ]
        for row in range(shape.height)
    ]
    return Board.from_grid(rows, connect=shape.connect, bottom_up=True)


def negamax(shape: Geometry) -> object:
    """A memoized negamax on cells (1 the side to move, 2 the other): 1, 0 or -1."""
    width, height, connect = shape.width, shape.height, shape.connect

    def wins(cells: bytes, column: int, row: int) -> bool:
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = 1
            for sign in (1, -1):
                c, r = column + sign * dc, row + sign * dr
                while 0 <= c < width and 0 <= r < height and cells[c * height + r] == 1:
                    run += 1
                    c, r = c + sign * dc, r + sign * dr
            if run >= connect:
                return True
        return False

    @cache
    def solve(cells: bytes) -> int:
        best = -2
        for column in range(width):
            column_cells = cells[column * height : (column + 1) * height]
            if 0 not in column_cells:
                continue
            row = column_cells.index(0)
            after = bytearray(cells)
            after[column * height + row] = 1
            if wins(bytes(after), column, row):
                return 1
            swapped = bytes(3 - x if x else 0 for x in after)
            best = max(best, -solve(swapped))
        return 0 if best == -2 else best

    return solve


def test_labels_on_5x4_agree_with_a_plain_negamax() -> None:
    shape = Geometry(5, 4, 4)
    found = list(labelled_positions(shape, 8, seed=3))
    assert len(found) > 40
    solve = negamax(shape)
    sample = random.Random(1).sample([f for f in found if f.ply >= 6], 40)
    results = {f.result for f in sample}
    assert [f.result for f in sample] == [solve(f.cells) for f in sample]  # type: ignore[operator]
    assert len(results) >= 2


def test_labels_on_7x6_agree_with_a_bookless_strong_solve() -> None:
    shape = Geometry(7, 6, 4)
    found = [f for f in labelled_positions(shape, 3, seed=6) if f.ply >= 16]
    sample = random.Random(2).sample(found, min(20, len(found)))
    assert len(sample) >= 10
    solver = Solver(tt_mb=16, book=None)
    solved = []
    for position in sample:
        board = board_of(position, shape)
        assert board.ply == position.ply
        score = solver.solve(board).score
        assert score is not None
        solved.append((score > 0) - (score < 0))
    assert [f.result for f in sample] == solved


def test_book_positions_on_5x4_agree_with_a_plain_negamax() -> None:
    pytest.importorskip("numpy")
    from fourinarow.training.book_positions import book_positions

    shape = Geometry(5, 4, 4)
    cells, result, ply = book_positions(shape, 15, seed=2)
    assert sorted(set(ply.tolist())) == list(range(1, 9))  # the 5x4 book: up to 8 stones
    assert max(collections.Counter(ply.tolist()).values()) == 15
    solve = negamax(shape)
    late = ply >= 7  # a plain negamax is quick from there
    assert [solve(bytes(row)) for row in cells[late]] == result[late].tolist()  # type: ignore[operator]
    again = book_positions(shape, 15, seed=2)
    assert again[0].tobytes() == cells.tobytes()


def test_book_positions_on_6x6_agree_with_a_bookless_strong_solve() -> None:
    pytest.importorskip("numpy")
    from fourinarow.training.book_positions import book_positions

    shape = Geometry(6, 6, 4)
    cells, result, ply = book_positions(shape, 2, seed=3, first_ply=8)
    assert sorted(ply.tolist()) == [8, 8, 9, 9, 10, 10]
    solver = Solver(tt_mb=16, book=None)
    solved = []
    for row, stones in zip(cells, ply, strict=True):
        position = LabelledPosition(bytes(row), 0, int(stones))
        score = solver.solve(board_of(position, shape)).score
        assert score is not None
        solved.append((score > 0) - (score < 0))
    assert result.tolist() == solved


def test_a_shape_without_a_book_is_refused() -> None:
    pytest.importorskip("numpy")
    from fourinarow.training.book_positions import book_positions
    from fourinarow.training.dataset import TrainingDataError

    with pytest.raises(TrainingDataError, match="8x7 connect 4 has no opening book"):
        book_positions(Geometry(8, 7, 4), 10)
