"""The masks a search needs from a board's geometry, against cell-by-cell definitions."""

from __future__ import annotations

import pytest

from fourinarow.core import Board, Geometry

SHAPES = [(7, 6, 4), (6, 6, 4), (8, 7, 5), (4, 4, 2), (12, 3, 3), (1, 5, 3), (20, 20, 20)]


def cells_of(geometry: Geometry, mask: int) -> set[tuple[int, int]]:
    return {
        (c, r)
        for c in range(geometry.width)
        for r in range(geometry.height)
        if mask & geometry.cell_mask(c, r)
    }


def lines_by_cells(geometry: Geometry, length: int) -> set[frozenset[tuple[int, int]]]:
    """Every straight line of ``length`` cells, found cell by cell."""
    found = set()
    for c in range(geometry.width):
        for r in range(geometry.height):
            for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                line = [(c + dc * i, r + dr * i) for i in range(length)]
                if all(0 <= x < geometry.width and 0 <= y < geometry.height for x, y in line):
                    found.add(frozenset(line))
    return found


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_the_masks_hold_the_cells_they_name(shape: tuple[int, int, int]) -> None:
    g = Geometry(*shape)
    assert all(g.cell_mask(c, r) == 1 << g.bit(c, r) for c in range(g.width) for r in (0, 1))
    assert [cells_of(g, m) for m in g.column_masks] == [
        {(c, r) for r in range(g.height)} for c in range(g.width)
    ]
    assert sum(g.column_masks) == g.full_mask
    middle = {g.width // 2, (g.width - 1) // 2}
    assert cells_of(g, g.centre_mask) == {(c, r) for c in middle for r in range(g.height)}
    assert cells_of(g, g.odd_rows_mask) == {
        (c, r) for c in range(g.width) for r in range(g.height) if (r + 1) % 2 == 1
    }


@pytest.mark.parametrize("shape", SHAPES, ids=str)
def test_lines_of_every_length_are_every_straight_run_of_cells(shape: tuple[int, int, int]) -> None:
    g = Geometry(*shape)
    for length in {2, g.connect - 1, g.connect}:
        if length < 2:
            continue
        masks = g.line_masks(length)
        assert len(set(masks)) == len(masks)
        assert {frozenset(cells_of(g, m)) for m in masks} == lines_by_cells(g, length)
    assert g.windows == g.line_masks(g.connect)


def test_a_classic_board_has_69_places_to_win() -> None:
    assert len(Geometry(7, 6, 4).windows) == 69


def test_a_board_never_computes_the_search_masks() -> None:
    """Boards build a geometry each: the masks only searches need wait until asked for."""
    geometry = Board.from_moves("4455").geometry
    assert not {"windows", "column_masks", "centre_mask", "odd_rows_mask"} & set(vars(geometry))
    assert geometry.windows is geometry.windows  # computed once, then kept
