"""fourinarow: Connect Four for any board size, from a beginner's minimax to perfect play.

The rules core is re-exported here, so ``from fourinarow import Board`` works:

>>> from fourinarow import Board
>>> Board.from_moves("4455").turn
1
"""

from __future__ import annotations

from fourinarow.core import (
    Board,
    FourInARowError,
    GameOverError,
    IllegalMoveError,
    InvalidBoardSizeError,
    InvalidMoveError,
    InvalidPositionError,
    Outcome,
)

__all__ = [
    "Board",
    "FourInARowError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidBoardSizeError",
    "InvalidMoveError",
    "InvalidPositionError",
    "Outcome",
    "__version__",
]

__version__ = "0.2.0"
