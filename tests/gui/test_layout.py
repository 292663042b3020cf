"""The game screen's geometry: the board to scale in any window, columns under the pointer."""

from __future__ import annotations

import itertools

import pytest

from fourinarow.gui.layout import Box, Layout

SIZES = [(720, 640), (1280, 400), (320, 900), (200, 200), (3000, 2000)]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("shape", [(7, 6), (4, 4), (20, 3), (3, 20), (20, 20)])
def test_the_board_fits_the_window_with_square_cells(
    size: tuple[int, int], shape: tuple[int, int]
) -> None:
    columns, rows = shape
    layout = Layout.fit(size, columns, rows)
    board = layout.board
    assert board.width == columns * layout.cell
    assert board.height == rows * layout.cell
    assert board.x >= 0
    assert board.x + board.width <= size[0]
    assert board.y >= layout.cell  # room for the disc above it
    assert layout.hints.bottom <= layout.status.y + 0.5
    assert layout.status.bottom == size[1]


def test_the_cells_grow_with_the_window() -> None:
    small = Layout.fit((400, 350), 7, 6)
    large = Layout.fit((1400, 1200), 7, 6)
    assert large.cell > 3 * small.cell


def test_each_columns_pixels_map_back_to_it() -> None:
    layout = Layout.fit((700, 600), 7, 6)
    for column in range(7):
        for row in (-1, 0, 5):
            assert layout.column_at(layout.cell_centre(column, row)) == column
    left_edge = layout.board.x
    assert layout.column_at((left_edge - 1, 200)) is None
    assert layout.column_at((left_edge, 200)) == 0
    assert layout.column_at((left_edge + layout.board.width, 200)) is None
    assert layout.column_at((left_edge + 1, layout.board.bottom + 1)) is None  # below the board


def test_the_end_buttons_sit_side_by_side_above_the_board() -> None:
    layout = Layout.fit((700, 600), 7, 6)
    buttons = layout.end_buttons(3)
    assert len(buttons) == 3
    assert all(a.x + a.width < b.x for a, b in itertools.pairwise(buttons))
    assert all(b.bottom <= layout.board.y + 1 for b in buttons)
    assert all(b.x >= 0 and b.x + b.width <= 700 for b in buttons)


def test_boxes() -> None:
    box = Box(10, 20, 30, 40)
    assert box.centre == (25, 40)
    assert box.moved(5) == Box(10, 25, 30, 40)
    assert Box(0.4, 0.6, 10.2, 10.5).rect() == (0, 1, 10, 10)
