"""Reading Kaggle ConnectX's observation and configuration into our board.

The observation holds ``board`` (the cells flat, row-major, top row first: 0 empty, 1 and 2 the
players' stones) and ``mark`` (the player to move); the configuration ``rows``, ``columns`` and
``inarow``. Kaggle hands them as its ``Struct`` (a dict whose keys are attributes too); any
mapping or object with those fields is read.

>>> kaggle_board({"board": [0] * 41 + [1], "mark": 2}).to_moves()
'7'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from fourinarow.core import Board, FourInARowError, InvalidPositionError

__all__ = ["KaggleConfigurationError", "kaggle_board", "kaggle_grid"]


class KaggleConfigurationError(FourInARowError):
    """An observation or configuration that is not ConnectX's: a missing board or mark, sizes
    that are not whole numbers."""


def _field(holder: object, name: str, default: Any = None) -> Any:
    """``holder[name]`` for a mapping (Kaggle's ``Struct`` is a dict), else the attribute."""
    if isinstance(holder, Mapping):
        return holder.get(name, default)
    return getattr(holder, name, default)


def _whole(value: object, name: str) -> int:
    """A configuration size as an int (a JSON number such as 7 or 7.0)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)) or value != int(value):
        raise KaggleConfigurationError(
            f"configuration {name} is {str(value)[:20]!r}; ConnectX gives a whole number"
        )
    return int(value)


def kaggle_grid(configuration: object) -> tuple[int, int, int]:
    """The board's ``(columns, rows, inarow)`` in a configuration (ConnectX's 7, 6, 4 for
    what it leaves out).

    >>> kaggle_grid({"rows": 5, "columns": 6}), kaggle_grid(None)
    ((6, 5, 4), (7, 6, 4))

    Raises:
        KaggleConfigurationError: a size is not a whole number.
    """
    return (
        _whole(_field(configuration, "columns", 7), "columns"),
        _whole(_field(configuration, "rows", 6), "rows"),
        _whole(_field(configuration, "inarow", 4), "inarow"),
    )


def kaggle_board(
    observation: object, configuration: object = None, *, within: float | None = None
) -> Board:
    """The board of a ConnectX observation, with the player to move its ``mark``.

    Args:
        observation: a mapping or an object with ``board`` (the cells, flat, row-major, top row
            first) and ``mark`` (1 or 2).
        configuration: a mapping or an object with ``rows``, ``columns`` and ``inarow``
            (ConnectX's 6, 7 and 4 where left out).
        within: the most seconds the search for the cells' order of play may take
            (:meth:`~fourinarow.core.Board.from_grid`; ``None``: no limit but its steps).

    Raises:
        KaggleConfigurationError: no board or mark, or sizes that are not whole numbers.
        FourInARowError: the cells do not fit the shape or cannot arise in a game, or the mark
            is not the player to move (``InvalidPositionError``, ``InvalidBoardSizeError``).

    >>> kaggle_board({"board": [0] * 41 + [1], "mark": 2}).to_moves()
    '7'
    """
    cells = _field(observation, "board")
    mark = _field(observation, "mark")
    if not isinstance(cells, Sequence) or isinstance(cells, (str, bytes)):
        raise KaggleConfigurationError(
            "the observation has no board: ConnectX gives the cells as a flat list, top row first"
        )
    columns, rows, inarow = kaggle_grid(configuration)
    board = Board.from_grid(cells, width=columns, height=rows, connect=inarow, within=within)
    if mark != board.turn:
        raise InvalidPositionError(
            f"mark is {str(mark)[:20]} but the board has player {board.turn} to move "
            "(player 1 moves first)"
        )
    return board
