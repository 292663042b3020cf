"""The review's evaluation graph as data: where each position's point goes, and which position a
click picks. No pygame (``drawing`` paints a ``GraphFrame``).

The points come from the service layer (:func:`fourinarow.service.coach.course`): one per
position, the start included, each the first player's expected result from 0 (a loss) through
0.5 (a draw) to 1 (a win). The graph draws them left to right, the first player's win at the
top, the second player's at the bottom.
"""

from __future__ import annotations

from dataclasses import dataclass

from fourinarow.gui.layout import Box, Point

__all__ = ["GraphFrame", "GraphPoint"]


@dataclass(frozen=True)
class GraphPoint:
    """One position on the graph.

    Attributes:
        ply: the stones on the board (0 for the start).
        expected: the first player's expected result, 0 to 1.
        proven: the value is proven (drawn filled), else an estimate (drawn hollow).
        grade: the grade of the move that led here (``None`` for the start), for its colour.
    """

    ply: int
    expected: float
    proven: bool
    grade: str | None = None


@dataclass(frozen=True)
class GraphFrame:
    """The graph at one moment: its box, its points, the position shown, and its words.

    Attributes:
        box: where it is drawn.
        points: one per position reviewed, in order (empty while reviewing).
        plies: the positions the game has, the start not counted (the x axis' length).
        shown: the ply of the position shown (its point is marked by a vertical line).
        top, bottom: what the top and bottom edges mean (``Red wins``, ``Yellow wins``).
        words: the shown position's value in words, for the first player.

    >>> graph = GraphFrame(Box(0, 0, 100, 50), (), 4, 2, "X wins", "O wins", "")
    >>> graph.plot.x, graph.x(0), graph.ply_at((graph.x(3) + 1, 20))
    (6, 6.0, 3)
    """

    box: Box
    points: tuple[GraphPoint, ...]
    plies: int
    shown: int
    top: str
    bottom: str
    words: str

    @property
    def plot(self) -> Box:
        """The part of the box the points are drawn in (the box, less room for the labels at
        the top and bottom)."""
        box = self.box
        label = min(18.0, max(12.0, box.height * 0.15)) + 6  # the labels, and room for a dot
        return Box(box.x + 6, box.y + label, box.width - 12, max(1.0, box.height - 2 * label))

    def x(self, ply: int) -> float:
        """The x of position ``ply``."""
        plot = self.plot
        return plot.x + plot.width * ply / max(1, self.plies)

    def y(self, expected: float) -> float:
        """The y of an expected result (1 at the top of the plot, 0 at its bottom)."""
        plot = self.plot
        return plot.y + plot.height * (1 - max(0.0, min(1.0, expected)))

    def point(self, point: GraphPoint) -> Point:
        """Where ``point`` is drawn."""
        return self.x(point.ply), self.y(point.expected)

    def ply_at(self, where: Point) -> int | None:
        """The position nearest to ``where`` along the x axis, if ``where`` is on the graph."""
        if not self.box.contains(where):
            return None
        share = (where[0] - self.plot.x) / max(1.0, self.plot.width)
        return max(0, min(self.plies, round(share * self.plies)))
