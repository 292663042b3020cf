"""Reading boards from grids and diagrams, and checking that a grid can arise in a game.

A robot's camera sees cells, not a move list. These functions turn cells into a move order that
reaches them, or say exactly why no game can reach them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from fourinarow.core.checks import shown
from fourinarow.core.errors import InvalidPositionError, OrderSearchStoppedError
from fourinarow.core.geometry import Geometry, board_side

__all__ = ["CLOCK_STEPS", "SEARCH_BUDGET", "find_move_order", "parse_diagram", "parse_grid"]

SEARCH_BUDGET = 200_000
"""How many partial positions :func:`find_move_order` may visit before it gives up."""

CLOCK_STEPS = 1024
"""How often :func:`find_move_order` reads the clock when given a time: every this many steps
(a step takes a few microseconds)."""

_DIAGRAM_SYMBOLS = {".": 0, "0": 0, "-": 0, "_": 0, "X": 1, "x": 1, "1": 1, "O": 2, "o": 2, "2": 2}
_NAMES = {1: "player 1 (X)", 2: "player 2 (O)"}


def _cell_value(value: Any, where: str) -> int:
    if value.__class__ is int and 0 <= value <= 2:
        return int(value)
    text = shown(value) if isinstance(value, str | bytes | int) or value is None else str(value)
    problem = InvalidPositionError(f"{where} holds {text[:60]}: cells hold 0 (empty), 1 or 2")
    if isinstance(value, str | bytes | bool):
        raise problem
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):  # OverflowError: an int beyond floats
        raise problem from None
    if number not in (0.0, 1.0, 2.0):
        raise problem
    return int(number)


def _is_row(item: Any) -> bool:
    return hasattr(item, "__len__") and not isinstance(item, (str, bytes))


def parse_grid(
    grid: Sequence[Any],
    *,
    width: int | None = None,
    height: int | None = None,
    bottom_up: bool = False,
) -> list[list[int]]:
    """Read a 2-D grid or a Kaggle flat list into rows of 0/1/2, top row first.

    Raises:
        InvalidPositionError: the grid is empty, ragged, of the wrong size, or holds a value
            other than 0, 1 and 2.
        InvalidBoardSizeError: ``width`` or ``height`` is given but not a board's side.

    >>> parse_grid([0, 0, 1, 2], width=2, height=2)
    [[0, 0], [1, 2]]
    """
    width = None if width is None else board_side(width, "width")
    height = None if height is None else board_side(height, "height")
    try:
        items = list(grid)
    except TypeError:
        raise InvalidPositionError(
            f"a grid is a list of rows or a flat list of cells, not {type(grid).__name__}"
        ) from None
    if not items:
        raise InvalidPositionError("the grid is empty")
    if _is_row(items[0]):
        rows: list[list[Any]] = [list(row) if _is_row(row) else [row] for row in items]
        expected_width = len(rows[0]) if width is None else width
        if height is not None and len(rows) != height:
            raise InvalidPositionError(f"the grid has {len(rows)} rows, expected {height}")
        for number, row in enumerate(rows, start=1):
            if len(row) != expected_width:
                raise InvalidPositionError(
                    f"row {number} of the grid has {len(row)} cells, expected {expected_width}"
                )
    else:
        flat_width = 7 if width is None else width
        flat_height = height if height is not None else (6 if width is None else None)
        if flat_height is None:
            flat_height = len(items) // flat_width if flat_width else 0
        if flat_width < 1 or len(items) != flat_width * flat_height:
            raise InvalidPositionError(
                f"a flat grid of {len(items)} cells does not fit a {flat_width}x{flat_height} "
                f"board: it needs width x height = {flat_width * flat_height} cells"
            )
        rows = [items[r * flat_width : (r + 1) * flat_width] for r in range(flat_height)]
    if bottom_up:
        rows.reverse()
    return [
        [
            _cell_value(value, f"row {r} (from the top), column {c}")
            for c, value in enumerate(row, start=1)
        ]
        for r, row in enumerate(rows, start=1)
    ]


def _is_labels(line: str) -> bool:
    """True for a line of column labels such as ``1  2  3  4  5  6  7`` (spaces removed)."""
    labels = "".join(str(n) for n in range(1, 21))
    return labels.startswith(line) and line.startswith("123")


def parse_diagram(text: str) -> list[list[int]]:
    """Read a diagram: rows top to bottom separated by newlines or ``/``, ``.``/``X``/``O`` cells.

    Spaces are ignored; ``0``, ``1``, ``2`` (and ``-`` or ``_`` for empty) are accepted too, as
    are lowercase ``x`` and ``o``. The board printed by ``fourinarow show`` reads back as well: a
    line of column labels ``1 2 3 ...`` is skipped and the brackets around a winning line dropped.

    Raises:
        InvalidPositionError: an unknown symbol, rows of different lengths, or not text.

    >>> parse_diagram("..X/.OX")
    [[0, 0, 1], [0, 2, 1]]
    """
    if not isinstance(text, str):
        raise InvalidPositionError(f"a diagram is text, not {shown(text)}")
    lines = [
        line.replace(" ", "").replace("\t", "") for line in text.replace("/", "\n").split("\n")
    ]
    lines = [
        line.replace("[", "").replace("]", "") for line in lines if line and not _is_labels(line)
    ]
    if not lines:
        raise InvalidPositionError("the diagram is empty")
    rows: list[list[int]] = []
    for r, line in enumerate(lines, start=1):
        row = []
        for c, symbol in enumerate(line, start=1):
            if symbol not in _DIAGRAM_SYMBOLS:
                raise InvalidPositionError(
                    f"row {r} (from the top), column {c} of the diagram is {symbol!r}: "
                    "cells are '.' (or 0) for empty, 'X' (or 1) and 'O' (or 2)"
                )
            row.append(_DIAGRAM_SYMBOLS[symbol])
        if rows and len(row) != len(rows[0]):
            raise InvalidPositionError(
                f"row {r} of the diagram has {len(row)} cells, row 1 has {len(rows[0])}"
            )
        rows.append(row)
    return rows


def find_move_order(
    rows: list[list[int]], geometry: Geometry, *, within: float | None = None
) -> list[int]:
    """Find an order of play (0-based columns) that reaches the grid ``rows`` (top row first).

    A game reaches the grid if stones rest on stones, player 1 has as many stones as player 2 or
    one more, and the stones can be played alternately with no line appearing before the last
    stone. Any line on the grid must therefore belong to the player who moved last and pass
    through the last stone.

    Finding the order is a search: most grids take a step per stone, but a large grid with many
    stones may need more than :data:`SEARCH_BUDGET` steps, and then the search gives up.

    Args:
        rows: the cells, 0 empty, 1 and 2 the players' stones, top row first.
        geometry: the board's shape.
        within: the most seconds the search may take (``None``: no limit but the steps); the
            clock is read every :data:`CLOCK_STEPS` steps, and before the first.

    Raises:
        OrderSearchStoppedError: the search ran out of steps or of time first.
        InvalidPositionError: no game reaches the grid; the message says why.
    """
    width, height = geometry.width, geometry.height
    columns = [[rows[height - 1 - r][c] for r in range(height)] for c in range(width)]
    heights = []
    for c, cells in enumerate(columns):
        filled = sum(1 for cell in cells if cell)
        if any(cells[filled:]):
            row = next(r for r in range(filled, height) if cells[r]) + 1
            raise InvalidPositionError(
                f"column {c + 1} has a stone in row {row} (from the bottom) above an empty cell: "
                "stones rest on the stones below them"
            )
        heights.append(filled)
    counts = {p: sum(cells.count(p) for cells in columns) for p in (1, 2)}
    if counts[1] - counts[2] not in (0, 1):
        raise InvalidPositionError(
            f"player 1 (X) has {counts[1]} stones and player 2 (O) has {counts[2]}: "
            "player 1 moves first, so it has as many stones as player 2 or one more"
        )
    bits = [
        sum(
            1 << geometry.bit(c, r)
            for c, cells in enumerate(columns)
            for r, cell in enumerate(cells)
            if cell == p
        )
        for p in (1, 2)
    ]
    stones = counts[1] + counts[2]
    last = 2 - (stones & 1)  # who played the last stone
    lines = [geometry.has_line(b) for b in bits]
    line_text = f"a line of {geometry.connect}"
    if all(lines):
        raise InvalidPositionError(f"both players have {line_text}: the game ends at the first")
    if lines[2 - last]:
        other = 3 - last
        raise InvalidPositionError(
            f"{_NAMES[other]} has {line_text} but {_NAMES[last]} moved after it: "
            "the game ends when a line is made"
        )
    deadline = None if within is None else time.monotonic() + within
    order = _unplay(columns, heights, bits, stones, geometry, deadline)
    if order is None:
        reason = (
            f"{_NAMES[last]}'s lines of {geometry.connect} do not share one last stone"
            if lines[last - 1]
            else "the colours cannot be stacked in alternating turns"
        )
        raise InvalidPositionError(f"no game reaches this grid: {reason}")
    return order


def _unplay(
    columns: list[list[int]],
    heights: list[int],
    bits: list[int],
    stones: int,
    geometry: Geometry,
    deadline: float | None = None,
) -> list[int] | None:
    """Take stones off the top in reverse order of play; return the forward order, or None.
    ``deadline`` is a :func:`time.monotonic` time, or None for none."""
    failed: set[tuple[int, ...]] = set()
    removed: list[int] = []
    visits = 0

    def search(remaining: int) -> bool:
        nonlocal visits
        if remaining == 0:
            return True
        state = tuple(heights)
        if state in failed:
            return False
        visits += 1
        if visits > SEARCH_BUDGET:
            raise _stopped(f"within {SEARCH_BUDGET} steps", SEARCH_BUDGET, timed_out=False)
        if deadline is not None and visits % CLOCK_STEPS == 1 and time.monotonic() >= deadline:
            steps = visits - 1
            raise _stopped(f"in the time allowed ({steps} steps)", steps, timed_out=True)
        player = 2 - (remaining & 1)
        for c in reversed(range(geometry.width)):  # so the forward order tends left to right
            top = heights[c] - 1
            if top < 0 or columns[c][top] != player:
                continue
            if remaining == stones:
                # The last stone must leave a board without lines; earlier ones cannot make any.
                rest = bits[player - 1] & ~(1 << geometry.bit(c, top))
                if geometry.has_line(rest):
                    continue
            heights[c] = top
            removed.append(c)
            if search(remaining - 1):
                return True
            removed.pop()
            heights[c] = top + 1
        failed.add(state)
        return False

    if not search(stones):
        return None
    return removed[::-1]


def _stopped(how_far: str, steps: int, *, timed_out: bool) -> OrderSearchStoppedError:
    error = OrderSearchStoppedError(
        f"could not find an order of play for this grid {how_far}: give the position as its "
        "moves instead"
    )
    error.steps = steps
    error.timed_out = timed_out
    return error
