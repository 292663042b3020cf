"""What the game screen shows at one moment, as plain data for the painter.

The game screen builds a ``GameFrame`` each frame; ``drawing`` turns it into pixels. Keeping the
two apart lets tests check what is shown without looking at pixels.
"""

from __future__ import annotations

from dataclasses import dataclass

from fourinarow.core import Board, Cell
from fourinarow.gui.layout import Box, Layout
from fourinarow.gui.palette import Palette
from fourinarow.search.scores import Bounds, ColumnValues, Exact, Unvalued

__all__ = ["Button", "GameFrame", "HintLabel", "MovingDisc", "hint_labels"]


@dataclass(frozen=True)
class MovingDisc:
    """A disc off its resting place: sliding, falling, or waiting above the board.

    Attributes:
        x: its column, fractional while it moves across.
        y: its row counted from the board's top, -1 for the row above the board.
        player: 1 or 2.
    """

    x: float
    y: float
    player: int


@dataclass(frozen=True)
class HintLabel:
    """A column's value as the hint shows it.

    Attributes:
        text: ``+3``, ``0``, ``-2``, ``-2..+3`` (bounds, when time ran out first), ``?`` (not
            reached in time) or ``full``.
        tone: ``win``, ``draw``, ``loss`` or ``open`` (not settled, or a full column).
    """

    text: str
    tone: str


def hint_labels(values: ColumnValues) -> tuple[HintLabel, ...]:
    """The hint's label for each column, from the solver's values (``PerfectAgent.analyze``).

    >>> from fourinarow.search.scores import Bounds, Exact, Unvalued
    >>> full, unknown = Unvalued.FULL, Unvalued.NOT_SEARCHED
    >>> values = ColumnValues((Exact(2), Exact(0), full, Exact(-3), Bounds(-1, 4), unknown))
    >>> [label.text for label in hint_labels(values)]
    ['+2', '0', 'full', '-3', '-1..+4', '?']
    """
    labels = []
    for value in values.values:
        if value is Unvalued.FULL:
            labels.append(HintLabel("full", "open"))
            continue
        if not isinstance(value, Exact | Bounds):  # not searched in time
            labels.append(HintLabel("?", "open"))
            continue
        low, high = (
            (value.value, value.value) if isinstance(value, Exact) else (value.lower, value.upper)
        )
        text = (f"{low:+d}" if low else "0") if low == high else f"{low:+d}..{high:+d}"
        tone = "win" if low > 0 else "loss" if high < 0 else "draw" if low == high else "open"
        labels.append(HintLabel(text, tone))
    return tuple(labels)


@dataclass(frozen=True)
class Button:
    """An end-screen button where it is now (it may still be falling in)."""

    box: Box
    label: str
    focused: bool


@dataclass(frozen=True)
class GameFrame:
    """Everything the game screen shows at one moment.

    Attributes:
        status: the line at the bottom.
        hidden: a cell whose disc is still on its way (drawn as ``moving``, not in place).
        moving: the disc that moves or waits above the board, if any.
        hints: a label per column while the hint is on (``None`` where not known yet).
        winning_line: the cells to highlight once the game is won.
        buttons: the end screen's buttons.
        keys: the lines of the keys overlay, when it is open.
    """

    layout: Layout
    palette: Palette
    board: Board
    status: str
    hidden: Cell | None = None
    moving: MovingDisc | None = None
    hints: tuple[HintLabel | None, ...] | None = None
    winning_line: tuple[Cell, ...] = ()
    buttons: tuple[Button, ...] = ()
    keys: tuple[str, ...] = ()
