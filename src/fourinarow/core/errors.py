"""The typed errors of fourinarow: one root, ``FourInARowError``, a ``ValueError``.

Every error caused by what a user gave (a move, a position, a board size, an agent spec, a book
file, a setting) is a ``FourInARowError``, so one ``except`` clause in an app reports them all;
the more precise classes say what kind of input was wrong. The errors of the other layers
(``BookError``, ``InvalidAgentSpecError``, ``InvalidSettingsError``, ...) derive from it too.

>>> from fourinarow import Board
>>> try:
...     Board().push(7)
... except FourInARowError as error:
...     print(type(error).__name__)
InvalidMoveError
"""

from __future__ import annotations

__all__ = [
    "FourInARowError",
    "GameOverError",
    "IllegalMoveError",
    "InvalidBoardSizeError",
    "InvalidMoveError",
    "InvalidPositionError",
    "NoMoveToTakeBackError",
    "OffBoardError",
    "OrderSearchStoppedError",
]


class FourInARowError(ValueError):
    """The root of every error caused by bad user input."""


class InvalidMoveError(FourInARowError):
    """A move that is not a column of the board at all (wrong type or out of range)."""


class IllegalMoveError(FourInARowError):
    """A real column that cannot be played now: the column is full, or the game is over."""


class InvalidPositionError(FourInARowError):
    """A position that cannot be read or cannot arise: bad move notation, a bad grid or diagram."""


class OrderSearchStoppedError(InvalidPositionError):
    """The search for an order of play that reaches a grid ran out of steps or of time before it
    found one or proved that none exists: the grid may still arise in a game (give its moves).

    Attributes:
        steps: the partial positions the search visited.
        timed_out: whether the time ran out (else the steps did).
    """

    steps: int = 0
    timed_out: bool = False


class GameOverError(InvalidPositionError):
    """A finished game was given where a move or a value was asked for."""


class InvalidBoardSizeError(FourInARowError):
    """A board shape or connect length outside what is supported."""


class OffBoardError(InvalidMoveError, IndexError):
    """A column or cell off the board where an index was asked for (an ``IndexError`` too)."""


class NoMoveToTakeBackError(FourInARowError, IndexError):
    """``pop()`` on a board with no moves (an ``IndexError`` too, as ``list.pop``'s)."""
