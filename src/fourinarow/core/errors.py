"""The typed errors of the rules core; each is a ``ValueError`` raised for bad user input."""

from __future__ import annotations

__all__ = [
    "IllegalMoveError",
    "InvalidBoardSizeError",
    "InvalidMoveError",
    "InvalidPositionError",
]


class InvalidMoveError(ValueError):
    """A move that is not a column of the board at all (wrong type or out of range)."""


class IllegalMoveError(ValueError):
    """A real column that cannot be played now: the column is full, or the game is over."""


class InvalidPositionError(ValueError):
    """A position that cannot be read or cannot arise: bad move notation, a bad grid or diagram."""


class InvalidBoardSizeError(ValueError):
    """A board shape or connect length outside what is supported."""
