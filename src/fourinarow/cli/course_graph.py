"""The evaluation graph of a reviewed game in a terminal: a small chart of block characters,
one column per position, within 80 columns.

The height of each column is the first player's expected result
(:func:`fourinarow.service.coach.course`): full for a win of X, half for a draw, empty for a
win of O. Under the chart, ``^`` marks the position after each mistake or blunder and ``~``
a position valued by estimates (not proven). A game longer than the chart is wide is drawn
every so many positions. A stream that cannot write the block characters gets them in ASCII
(:func:`fourinarow.cli.output.writable`).

>>> from fourinarow.service.reviews import review_game
>>> print("\\n".join(course_graph(review_game("4455"))))  # doctest: +NORMALIZE_WHITESPACE
Course (X's expected result; full: X wins, half: draw, empty: O wins):
 X wins │██████  ██
        │██████  ██
   draw ┤██████  ██
 O wins │██████  ██
        └┴─────────
         0
               ^ ^
        ^ after a mistake or blunder (move 3, 4)
"""

from __future__ import annotations

import math

from fourinarow.service.coach import CoursePoint, course
from fourinarow.service.reviews import Review

__all__ = ["CHART_ROWS", "course_graph"]

CHART_ROWS = 4
"""The chart's height in lines (each line holds eight steps of a block)."""

WIDTH = 80
"""The widest a line of the chart may be."""

LABEL = 8
"""The width of the labels left of the chart."""

BLOCKS = " ▁▂▃▄▅▆▇█"
"""A cell filled by 0 to 8 eighths from the bottom."""

TICK_EVERY = 10
"""A tick under the chart every so many moves."""


def _column(point: CoursePoint) -> list[str]:
    """The cells of one point's column, bottom first."""
    eighths = round(point.expected * CHART_ROWS * 8)
    return [BLOCKS[max(0, min(8, eighths - 8 * row))] for row in range(CHART_ROWS)]


def _marks(review: Review, shown: list[int], cell: int) -> tuple[str, list[int]]:
    """The line under the axis: ``^`` under a position right after a mistake or blunder (or,
    where positions are skipped, under the one drawn for them), ``~`` under an estimate; and
    the numbers of those moves."""
    turning = sorted({m.number for m in (*review.turning_points, *review.likely_turning_points)})
    points = course(review)
    line = []
    for index, ply in enumerate(shown):
        since = shown[index - 1] if index else -1
        if any(since < number <= ply for number in turning):
            line.append("^".ljust(cell))
        elif not points[ply].proven:
            line.append("~".ljust(cell))
        else:
            line.append(" " * cell)
    return "".join(line).rstrip(), turning


def _axis(shown: list[int], cell: int) -> tuple[str, str]:
    """The axis with a tick every :data:`TICK_EVERY` moves, and their numbers under it."""
    axis, numbers = [], [" "] * (len(shown) * cell + 4)
    for index, ply in enumerate(shown):
        tick = index == 0 or shown[index - 1] // TICK_EVERY != ply // TICK_EVERY
        axis.append(("┴" if tick else "─") + "─" * (cell - 1))
        if tick:
            text = str(ply if index == 0 else ply // TICK_EVERY * TICK_EVERY)
            at = index * cell
            if all(c == " " for c in numbers[max(0, at - 1) : at + len(text) + 1]):
                numbers[at : at + len(text)] = list(text)
    return "".join(axis), "".join(numbers).rstrip()


def _listed(head: str, numbers: list[int], width: int) -> str:
    """``head`` and as many of ``numbers`` as fit in ``width``, then ``...)`` or ``)``."""
    text = head
    for index, number in enumerate(numbers):
        item = ("" if index == 0 else ", ") + str(number)
        if len(text) + len(item) + len(", ...)") > width:
            return text + ", ...)"
        text += item
    return text + ")"


def course_graph(review: Review, width: int = WIDTH) -> list[str]:
    """The lines of the game's evaluation graph, none wider than ``width``; no lines for a
    review without moves."""
    points = course(review)
    if not points:
        return []
    room = max(10, width - LABEL - 1)  # the chart starts after the labels and the axis
    step = max(1, math.ceil(len(points) / room))
    cell = 2 if 2 * len(points) <= room else 1  # a short game: two characters a position
    shown = list(range(0, len(points), step))
    if shown[-1] != len(points) - 1:
        shown.append(len(points) - 1)  # the end is always drawn
    columns = [_column(points[ply]) for ply in shown]
    lines = ["Course (X's expected result; full: X wins, half: draw, empty: O wins):"]
    labels = {CHART_ROWS - 1: " X wins │", CHART_ROWS // 2 - 1: "   draw ┤", 0: " O wins │"}
    for row in reversed(range(CHART_ROWS)):
        label = labels.get(row, "        │")
        lines.append(label + "".join(column[row] * cell for column in columns).rstrip())
    axis, numbers = _axis(shown, cell)
    lines += ["        └" + axis, "         " + numbers]
    marks, turning = _marks(review, shown, cell)
    if marks.strip():
        lines.append("         " + marks)
    if turning:
        lines.append(_listed("        ^ after a mistake or blunder (move ", turning, width))
    if "~" in marks:
        lines.append("        ~ estimated, not proven")
    if step > 1:
        lines.append(f"        (a column every {step} positions)")
    return [line[:width] for line in lines]
