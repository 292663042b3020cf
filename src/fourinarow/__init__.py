"""fourinarow: Connect Four for any board size, from a beginner's minimax to perfect play.

The rules core is re-exported here, so ``from fourinarow import Board`` works:

>>> from fourinarow import Board
>>> Board.from_moves("4455").turn
1

The names are read from :mod:`fourinarow.core` when first asked for, so that importing the
package itself costs nothing: the ``fourinarow`` command starts by importing it, and handles
Ctrl-C only once its own first module runs (see :mod:`fourinarow.__main__`).
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
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


def __getattr__(name: str) -> object:
    """A name of :data:`__all__` from :mod:`fourinarow.core`, imported on first use."""
    if name not in __all__:
        raise AttributeError(f"module 'fourinarow' has no attribute {name!r}")
    from fourinarow import core

    value = getattr(core, name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
