"""Where the review screen's parts go in a window of any size: pure geometry, no pygame.

Two lines of words at the top; the board with each column's value under it and, beside it
when the window is wide enough (else under it), a panel with the evaluation graph above the
explanations; then the bar of moves, the buttons, a line per player and the status line.
"""

from __future__ import annotations

from dataclasses import dataclass

from fourinarow.gui.layout import Box, Layout, Point

__all__ = ["REVIEW_BUTTONS", "ReviewLayout"]

REVIEW_BUTTONS = (
    ("Back", "back"),
    ("|<", "first"),
    ("<", "previous"),
    (">", "next"),
    (">|", "last"),
    ("< ??", "previous turning point"),
    ("?? >", "next turning point"),
    ("Best line", "best line"),
    ("Retry", "retry"),
)
"""The review screen's buttons: each one's label and what it does."""

MIN_PANEL_WIDTH = 220.0
"""The narrowest panel beside the board; a narrower window gets the panel under the board."""

GRAPH_SHARE = 0.45
"""The share of the panel's height the graph takes (the explanations have the rest)."""


@dataclass(frozen=True)
class ReviewLayout:
    """The review screen's geometry for one window size and board shape.

    >>> layout = ReviewLayout.fit((720, 640), 7, 6)
    >>> layout.board.board.bottom < layout.bar.y < layout.buttons[0].y < layout.status.y
    True
    >>> layout.beside, layout.graph.x > layout.board.board.x + layout.board.board.width
    (True, True)
    """

    size: tuple[int, int]
    header: Box
    board: Layout
    graph: Box
    notes: Box
    bar: Box
    buttons: tuple[Box, ...]
    summary: Box
    status: Box
    beside: bool

    @classmethod
    def fit(cls, size: tuple[int, int], columns: int, rows: int) -> ReviewLayout:
        """The largest board that fits with the other parts in a window of ``size``: the
        panel beside it if that leaves the panel ``MIN_PANEL_WIDTH``, else under it."""
        width, height = max(1, size[0]), max(1, size[1])
        margin = max(4.0, min(width, height) * 0.02)
        status_height = min(40.0, max(20.0, height * 0.07))
        header = Box(0, margin, width, min(64.0, max(36.0, height * 0.11)))
        summary_height = min(44.0, max(24.0, height * 0.075))
        button_height = min(44.0, max(24.0, height * 0.07))
        bar_height = min(28.0, max(12.0, height * 0.04))
        below = bar_height + button_height + summary_height + status_height + 4 * margin
        usable = height - header.bottom - margin - below
        cells_high = rows + 0.6  # the board and the strip of values under it
        side = float(max(1, int(min((width * 0.58 - 2 * margin) / columns, usable / cells_high))))
        beside = width - columns * side - 5 * margin >= MIN_PANEL_WIDTH
        top = header.bottom + margin
        if beside:
            cell = side
            left = 2 * margin
            panel = Box(
                left + columns * cell + margin,
                top,
                width - left - columns * cell - 3 * margin,
                cells_high * cell,
            )
        else:
            panel_height = max(0.0, usable * 0.4)
            usable -= panel_height + margin
            cell = float(
                max(1, int(min((width - 2 * margin) / columns, max(1.0, usable) / cells_high)))
            )
            left = (width - columns * cell) / 2
            panel = Box(
                2 * margin, top + cells_high * cell + margin, width - 4 * margin, panel_height
            )
        board_box = Box(left, top, columns * cell, rows * cell)
        hints = Box(left, board_box.bottom, board_box.width, 0.6 * cell)
        status = Box(0, height - status_height, width, status_height)
        board = Layout((width, height), columns, rows, cell, board_box, hints, status)
        graph = Box(panel.x, panel.y, panel.width, panel.height * GRAPH_SHARE)
        notes = Box(
            panel.x,
            graph.bottom + margin / 2,
            panel.width,
            panel.bottom - graph.bottom - margin / 2,
        )
        bar = Box(
            margin * 2, max(hints.bottom, panel.bottom) + margin, width - 4 * margin, bar_height
        )
        count = len(REVIEW_BUTTONS)
        gap = max(4.0, width * 0.01)
        button_width = min(110.0, (width - 2 * margin - (count - 1) * gap) / count)
        first = (width - count * button_width - (count - 1) * gap) / 2
        buttons_top = bar.bottom + margin
        buttons = tuple(
            Box(first + i * (button_width + gap), buttons_top, button_width, button_height)
            for i in range(count)
        )
        summary = Box(0, buttons_top + button_height + margin, width, summary_height)
        return cls(
            (width, height), header, board, graph, notes, bar, buttons, summary, status, beside
        )

    def bar_cell(self, index: int, count: int) -> Box:
        """The place of move ``index`` (0-based) of ``count`` in the bar."""
        step = self.bar.width / max(1, count)
        return Box(self.bar.x + index * step, self.bar.y, step, self.bar.height)

    def bar_at(self, point: Point, count: int) -> int | None:
        """The move (1-based) under ``point`` in the bar, if any."""
        if not self.bar.contains(point) or count == 0:
            return None
        return min(count, int((point[0] - self.bar.x) / (self.bar.width / count)) + 1)

    def button_at(self, point: Point) -> str | None:
        """What the button under ``point`` does, if there is one."""
        for box, (_, action) in zip(self.buttons, REVIEW_BUTTONS, strict=True):
            if box.contains(point):
                return action
        return None
