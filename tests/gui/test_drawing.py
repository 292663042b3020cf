"""The painter draws the hint's labels as their kinds need: pixels read back from a real
surface (SDL's dummy video driver)."""

from __future__ import annotations

import pytest

from tests.gui.conftest import NO_PYGAME

pytest.importorskip("pygame", reason=NO_PYGAME)

import pygame

from fourinarow.core import Board
from fourinarow.gui.drawing import Fonts, Painter
from fourinarow.gui.frame import GameFrame, HintLabel, hint_labels
from fourinarow.gui.layout import Box, Layout
from fourinarow.gui.palette import CLASSIC, COLOR_BLIND, Palette
from fourinarow.search.scores import ColumnValues, Estimate, Exact

SIZE = (600, 520)


def colours_in(surface: pygame.Surface, box: Box) -> set[tuple[int, ...]]:
    """Every colour drawn inside ``box``."""
    return {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(round(box.x), round(box.x + box.width))
        for y in range(round(box.y), round(box.bottom))
    }


def column_strip(layout: Layout, column: int) -> Box:
    """The part of the hint strip under ``column``."""
    strip = layout.hints
    return Box(strip.x + column * layout.cell, strip.y, layout.cell, strip.height)


def painted(
    palette: Palette, labels: tuple[HintLabel | None, ...]
) -> tuple[pygame.Surface, Layout]:
    board = Board.from_moves("12", width=len(labels), height=4)
    layout = Layout.fit(SIZE, board.width, board.height)
    frame = GameFrame(layout, palette, board, "status", hints=labels)
    surface = pygame.Surface(SIZE)
    Painter().draw_game(surface, frame)
    return surface, layout


@pytest.mark.parametrize("palette", [CLASSIC, COLOR_BLIND], ids=["classic", "color-blind"])
def test_estimates_are_drawn_in_their_own_colour_and_proofs_in_theirs(
    window: pygame.Surface, palette: Palette
) -> None:
    values = ColumnValues((Exact(3), Estimate(4, 6), Estimate(-9, 6, 0, 12), Exact(-2)))
    labels = hint_labels(values, best=True)
    assert [label.best for label in labels] == [True, False, False, False]
    surface, layout = painted(palette, labels)
    proven, estimated, bounded, lost = (
        colours_in(surface, column_strip(layout, c)) for c in range(4)
    )
    assert palette.win in proven
    assert palette.estimate not in proven
    assert palette.estimate in estimated
    assert palette.win not in estimated
    assert palette.estimate in bounded
    assert palette.dim_text in bounded  # the "≥0" note under the estimate
    assert palette.dim_text not in estimated
    assert palette.loss in lost
    assert palette.estimate not in lost


def test_the_best_columns_label_is_boxed(window: pygame.Surface) -> None:
    values = ColumnValues((Estimate(-4, 6), Estimate(12, 6), Estimate(3, 6)))
    labels = hint_labels(values, best=True)
    surface, layout = painted(CLASSIC, labels)
    edge = column_strip(layout, 1)
    left_edge = Box(edge.x + 2, edge.y + edge.height / 3, 2, edge.height / 3)
    assert CLASSIC.highlight in colours_in(surface, left_edge)
    for column in (0, 2):
        other = column_strip(layout, column)
        assert CLASSIC.highlight not in colours_in(
            surface, Box(other.x + 2, other.y + other.height / 3, 2, other.height / 3)
        )


def test_estimates_are_slanted(window: pygame.Surface) -> None:
    fonts = Fonts()
    assert fonts.get(20, italic=True).get_italic()
    assert not fonts.get(20).get_italic()
    upright, slanted = (
        fonts.get(20).render("~+0.4", True, (255, 255, 255)),
        fonts.get(20, italic=True).render("~+0.4", True, (255, 255, 255)),
    )
    assert pygame.image.tobytes(upright, "RGB") != pygame.image.tobytes(slanted, "RGB")
