"""The agent protocol: every opponent takes a board and a limit and returns a decision."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from fourinarow.core import Board, Column, GameOverError
from fourinarow.search.heuristic import SearchResult

__all__ = ["Agent", "Decision", "Limit", "deadline_for", "ensure_playable", "search_decision"]


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

    def capped_depth(self, most: int) -> int:
        """``most`` plies, or fewer (at least 1) if the limit sets a depth.

        >>> Limit(depth=3).capped_depth(8), Limit().capped_depth(8)
        (3, 8)
        """
        return most if self.depth is None else max(1, min(most, self.depth))


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
    """Raise ``GameOverError`` if the game is over: there is then no move to choose or analyse."""
    if board.is_game_over():
        raise GameOverError(
            f"the game is over at {board.to_moves() or 'the empty board'!r}: "
            f"there is no move to {doing}"
        )


def deadline_for(seconds: float | None, start: float, safety: float) -> float | None:
    """The ``time.perf_counter()`` value by which a search must stop to answer within
    ``seconds`` of ``start``, keeping back ``safety`` seconds for returning; ``None``: no clock."""
    return None if seconds is None else start + max(0.0, seconds - safety)


def search_decision(result: SearchResult, column: Column, nodes: int, start: float) -> Decision:
    """The decision to play ``column`` (one of ``result.best_moves``) after a search."""
    pv = result.pv if result.pv and result.pv[0] == column else (column,)
    elapsed = time.perf_counter() - start
    return Decision(column, result.score, result.depth, nodes, elapsed, pv)
