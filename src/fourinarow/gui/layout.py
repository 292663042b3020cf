"""Where the game screen's parts go in a window of any size: pure geometry, no pygame.

The board is drawn to scale: square cells as large as the window allows, with a row above the
board for the disc about to be played, a strip below it for the hint's column values, and a
status line at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Box", "Layout", "Point"]

Point = tuple[float, float]
"""A position in the window, in pixels from the top left."""

HINT_STRIP = 0.6
"""Height of the strip for column values under the board, in cells."""


@dataclass(frozen=True)
class Box:
    """An axis-aligned rectangle in window pixels."""

    x: float
    y: float
    width: float
    height: float

    @property
    def centre(self) -> Point:
        """The middle of the box."""
        return self.x + self.width / 2, self.y + self.height / 2

    @property
    def bottom(self) -> float:
        """The y of the lower edge."""
        return self.y + self.height

    def contains(self, point: Point) -> bool:
        """True if ``point`` lies inside the box (its left and top edges included).

        >>> Box(0, 0, 10, 5).contains((9.5, 0)), Box(0, 0, 10, 5).contains((10, 0))
        (True, False)
        """
        x, y = point
        return self.x <= x < self.x + self.width and self.y <= y < self.y + self.height

    def moved(self, dy: float) -> Box:
        """The same box ``dy`` pixels lower."""
        return Box(self.x, self.y + dy, self.width, self.height)

    def rect(self) -> tuple[int, int, int, int]:
        """``(x, y, width, height)`` rounded to whole pixels, as pygame takes rectangles."""
        return round(self.x), round(self.y), round(self.width), round(self.height)


@dataclass(frozen=True)
class Layout:
    """The game screen's geometry for one window size and board shape.

    Attributes:
        size: the window's width and height.
        columns, rows: the board's shape.
        cell: the side of a cell in pixels.
        board: the board itself (``columns x rows`` cells).
        hints: the strip under the board where the hint writes each column's value.
        status: the line at the bottom for messages.

    >>> layout = Layout.fit((700, 600), 7, 6)
    >>> layout.cell, layout.column_at(layout.cell_centre(3, 0)), layout.column_at((5, 300))
    (70.0, 3, None)
    """

    size: tuple[int, int]
    columns: int
    rows: int
    cell: float
    board: Box
    hints: Box
    status: Box

    @classmethod
    def fit(cls, size: tuple[int, int], columns: int, rows: int) -> Layout:
        """The largest board that fits a window of ``size`` pixels, centred."""
        width, height = max(1, size[0]), max(1, size[1])
        margin = max(4.0, min(width, height) * 0.02)
        status_height = min(40.0, max(20.0, height * 0.07))
        usable_height = height - status_height - 2 * margin
        cells_high = rows + 1 + HINT_STRIP  # the row above the board, the board, the hints
        cell = float(max(1, int(min((width - 2 * margin) / columns, usable_height / cells_high))))
        left = (width - columns * cell) / 2
        top = margin + max(0.0, (usable_height - cells_high * cell) / 2)
        board = Box(left, top + cell, columns * cell, rows * cell)
        hints = Box(left, board.bottom, board.width, HINT_STRIP * cell)
        status = Box(0, height - status_height, width, status_height)
        return cls((width, height), columns, rows, cell, board, hints, status)

    @property
    def disc_radius(self) -> float:
        """The radius of a disc (a little less than half a cell)."""
        return self.cell * 0.42

    def column_at(self, point: Point) -> int | None:
        """The column under ``point`` (anywhere from the window's top down to the board's
        bottom edge), or ``None`` if the point is beside or below the board."""
        x, y = point
        if not (self.board.x <= x < self.board.x + self.board.width and 0 <= y < self.board.bottom):
            return None
        return min(self.columns - 1, int((x - self.board.x) // self.cell))

    def cell_centre(self, column: float, row_from_top: float) -> Point:
        """The centre of a cell, in pixels; fractional positions are allowed (for animations),
        and ``row_from_top = -1`` is the row above the board."""
        return (
            self.board.x + (column + 0.5) * self.cell,
            self.board.y + (row_from_top + 0.5) * self.cell,
        )

    def hint_centre(self, column: int) -> Point:
        """Where the hint writes a column's value."""
        return self.board.x + (column + 0.5) * self.cell, self.hints.y + self.hints.height / 2

    def end_buttons(self, count: int) -> list[Box]:
        """The resting places of the end screen's ``count`` buttons: a row in the strip above
        the board, where the next disc would wait, so the final position stays in view."""
        width = self.size[0]
        gap = max(8.0, width * 0.02)
        button_width = min(200.0, (width - (count + 1) * gap) / count)
        button_height = min(56.0, max(28.0, self.cell * 0.8))
        left = (width - count * button_width - (count - 1) * gap) / 2
        top = max(2.0, self.board.y - self.cell / 2 - button_height / 2)
        return [
            Box(left + i * (button_width + gap), top, button_width, button_height)
            for i in range(count)
        ]
