"""The rules core: boards of any size and connect length, standard library only.

>>> from fourinarow.core import Board
>>> board = Board.from_moves("445566")
>>> board.winning_moves()
[2, 6]
"""

from __future__ import annotations

from fourinarow.core.board import Board, Column, Player
from fourinarow.core.errors import (
    FourInARowError,
    GameOverError,
    IllegalMoveError,
    InvalidBoardSizeError,
    InvalidMoveError,
    InvalidPositionError,
    NoMoveToTakeBackError,
    OffBoardError,
    OrderSearchStoppedError,
)
from fourinarow.core.geometry import MAX_SIDE, MIN_CONNECT, Bitboard, Geometry
from fourinarow.core.notation import (
    column_label,
    format_moves,
    parse_column,
    parse_moves,
    parse_size,
)
from fourinarow.core.outcome import Cell, Outcome
from fourinarow.core.paths import PathKindError

__all__ = [
    "MAX_SIDE",
    "MIN_CONNECT",
    "Bitboard",
    "Board",
    "Cell",
    "Column",
    "FourInARowError",
    "GameOverError",
    "Geometry",
    "IllegalMoveError",
    "InvalidBoardSizeError",
    "InvalidMoveError",
    "InvalidPositionError",
    "NoMoveToTakeBackError",
    "OffBoardError",
    "OrderSearchStoppedError",
    "Outcome",
    "PathKindError",
    "Player",
    "column_label",
    "format_moves",
    "parse_column",
    "parse_moves",
    "parse_size",
]
