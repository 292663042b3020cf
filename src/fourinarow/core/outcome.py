"""How a game ended: the winner, or a draw, and the winning line."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Cell", "Outcome"]

Cell = tuple[int, int]
"""A cell as ``(column, row)``, both 0-based, row 0 at the bottom."""


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    Attributes:
        winner: 1 or 2 for the player who completed a line, ``None`` for a draw (a full board).
        line: the cells of the winning line, sorted; empty for a draw. When the last stone
            completes several lines at once (or a line longer than the connect length), every
            cell of every completed line is included.

    >>> Outcome(winner=None).is_draw
    True
    """

    winner: int | None
    line: tuple[Cell, ...] = ()

    @property
    def is_draw(self) -> bool:
        """True when the board filled up without a line."""
        return self.winner is None
