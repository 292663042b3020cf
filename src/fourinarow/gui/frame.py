"""What the game screen shows at one moment, as plain data for the painter.

The game screen builds a ``GameFrame`` each frame; ``drawing`` turns it into pixels. Keeping the
two apart lets tests check what is shown without looking at pixels.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from fourinarow.core import Board, Cell
from fourinarow.gui.layout import Box, Layout
from fourinarow.gui.palette import Palette
from fourinarow.search.scores import Bounds, ColumnValues, Estimate, Exact, Unvalued

__all__ = [
    "Button",
    "GameFrame",
    "HintLabel",
    "MovingDisc",
    "button_row",
    "hint_labels",
    "hovered",
]


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
        text: ``+3``, ``0``, ``-2``, ``-2..+3`` (bounds, when time ran out first), ``~+0.4``
            (an estimate: the engine's evaluation, not a proof), ``?`` (not reached in time)
            or ``full``.
        tone: ``win``, ``draw``, ``loss``, ``estimate`` or ``open`` (not settled, or a full
            column).
        note: what the bounds proven beside an estimate say of the result, ``≥0`` (not
            losing) or ``≤0`` (not winning); empty otherwise (also for bounds that leave a
            win, a draw and a loss all open).
        best: the column is the best one to play (the proven best, else the likely best).
    """

    text: str
    tone: str
    note: str = ""
    best: bool = False


def hint_labels(values: ColumnValues, *, best: bool = False) -> tuple[HintLabel, ...]:
    """The hint's label for each column, from an analysis (``PerfectAgent.analyze``); with
    ``best``, the columns of ``values.likely_best()`` (proofs first, estimates second) are
    marked best.

    >>> from fourinarow.search.scores import Bounds, Estimate, Exact, Unvalued
    >>> full, unknown = Unvalued.FULL, Unvalued.NOT_SEARCHED
    >>> values = ColumnValues((Exact(2), Exact(0), full, Exact(-3), Bounds(-1, 4), unknown))
    >>> [label.text for label in hint_labels(values)]
    ['+2', '0', 'full', '-3', '-1..+4', '?']
    >>> guessed = ColumnValues((Estimate(4, 6), Estimate(-9, 6, 0, 12), Bounds(-2, -1)))
    >>> [(label.text, label.note, label.best) for label in hint_labels(guessed, best=True)]
    [('~+0.4', '', True), ('~-0.9', '≥0', False), ('-2..-1', '', False)]
    """
    chosen = set(values.likely_best()) if best else set()
    labels = []
    for column, value in enumerate(values.values):
        if value is Unvalued.FULL:
            labels.append(HintLabel("full", "open"))
        elif isinstance(value, Estimate):
            labels.append(HintLabel(str(value), "estimate", _note(value), column in chosen))
        elif not isinstance(value, Exact | Bounds):  # not searched in time
            labels.append(HintLabel("?", "open"))
        else:
            low, high = (
                (value.value, value.value)
                if isinstance(value, Exact)
                else (value.lower, value.upper)
            )
            text = (f"{low:+d}" if low else "0") if low == high else f"{low:+d}..{high:+d}"
            tone = "win" if low > 0 else "loss" if high < 0 else "draw" if low == high else "open"
            labels.append(HintLabel(text, tone, best=column in chosen))
    return tuple(labels)


def _note(estimate: Estimate) -> str:
    """What an estimate's proven bounds say of the result: ``≥0``, ``≤0`` or nothing."""
    if estimate.lower == 0:
        return "\u22650"
    if estimate.upper == 0:
        return "\u22640"
    return ""


@dataclass(frozen=True)
class Button:
    """An end-screen button where it is now (it may still be falling in)."""

    box: Box
    label: str
    focused: bool


def button_row(
    boxes: Sequence[Box], specs: Sequence[tuple[str, object]], focus: int | None
) -> tuple[Button, ...]:
    """A screen's buttons: each box with its spec's label (specs are ``(label, action)``
    pairs, one a box), the one at index ``focus`` focused."""
    return tuple(
        Button(box, label, index == focus)
        for index, (box, (label, _)) in enumerate(zip(boxes, specs, strict=True))
    )


def hovered(hit: object, specs: Sequence[tuple[str, object]]) -> int | None:
    """The index in ``specs`` of the button whose action ``hit`` is (the one under the mouse),
    or ``None`` when the mouse is over none."""
    return None if hit is None else [action for _, action in specs].index(hit)


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
