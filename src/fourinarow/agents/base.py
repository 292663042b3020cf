"""The agent protocol: every opponent takes a board and a limit and returns a decision."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from fourinarow.core import Board, Column

__all__ = ["Agent", "Decision", "Limit", "ensure_playable"]


@dataclass(frozen=True)
class Limit:
    """How much an agent may think; any field may be left out (``None`` means no limit).

    Attributes:
        time: seconds of wall-clock time.
        depth: plies of search.
        nodes: positions searched (counted in batches: a search may run a few thousand over).
    """

    time: float | None = None
    depth: int | None = None
    nodes: int | None = None


@dataclass(frozen=True)
class Decision:
    """The move an agent chose and what it knows about it.

    Attributes:
        column: the chosen 0-based column.
        score: the value of the move for the side to move, or ``None`` when the agent does not
            score moves.
        depth: plies searched (0 for agents that do not search).
        nodes: positions examined.
        elapsed: seconds spent choosing.
        pv: the principal variation (0-based columns, starting with ``column``) when known.
        exact: True when ``score`` is a proven game-theoretic value.
    """

    column: Column
    score: int | None = None
    depth: int = 0
    nodes: int = 0
    elapsed: float = 0.0
    pv: tuple[Column, ...] = ()
    exact: bool = False


@runtime_checkable
class Agent(Protocol):
    """Anything that chooses moves; the terminal game and the apps depend on this protocol."""

    @property
    def name(self) -> str:
        """A short human-readable name, such as ``simple``."""
        ...

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """Choose a legal move for the side to move.

        Preconditions: the game is not over (``board.legal_moves`` is not empty). The board is
        left as it was given.
        """
        ...


def ensure_playable(board: Board, doing: str = "choose") -> None:
    """Raise ``ValueError`` if the game is over: there is then no move to choose or analyse."""
    if not board.legal_moves:
        raise ValueError(f"the game is over: there is no move to {doing}")
