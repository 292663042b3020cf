"""Agents that do not search, as the classic minimax tutorials have them: ``random``;
``defensive`` and ``aggressive``; ``simple`` (win, else block, else random)."""

from __future__ import annotations

import random
import time

from fourinarow.agents.base import Decision, Limit, ensure_playable
from fourinarow.core import Board, Column

__all__ = ["AggressiveAgent", "DefensiveAgent", "RandomAgent", "SimpleAgent"]


class _RuleAgent:
    """An agent that plays at random among the columns its rule prefers."""

    name = ""

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()

    def preferred(self, board: Board) -> list[Column]:
        """The columns the rule picks from; empty to fall back on every legal column."""
        return []

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """A random column among the preferred ones, else among the legal ones."""
        start = time.perf_counter()
        ensure_playable(board, limit=limit)
        legal = board.legal_moves
        column = self._rng.choice(self.preferred(board) or legal)
        return Decision(column=column, nodes=len(legal), elapsed=time.perf_counter() - start)


class RandomAgent(_RuleAgent):
    """Plays a uniformly random legal column.

    Args:
        rng: the source of randomness; pass a seeded ``random.Random`` for reproducible games.

    >>> RandomAgent(random.Random(1)).choose(Board()).column in range(7)
    True
    """

    name = "random"


class SimpleAgent(_RuleAgent):
    """Wins at once if it can, else blocks the opponent's immediate win, else plays at random.

    This is the classic minimax tutorials' "simple AI". With several wins or blocks it picks
    one at random.

    >>> SimpleAgent(random.Random(1)).choose(Board.from_moves("112233")).column
    3
    """

    name = "simple"

    def preferred(self, board: Board) -> list[Column]:
        """The winning columns, else the blocking ones."""
        return board.winning_moves() or board.winning_moves(3 - board.turn)


class DefensiveAgent(_RuleAgent):
    """Blocks the opponent's immediate win first, else plays at random (the classic tutorials'
    defensive AI).

    It never looks for a win of its own: that is what tells it from ``simple``.

    >>> DefensiveAgent(random.Random(1)).choose(Board.from_moves("17273")).column
    3
    """

    name = "defensive"

    def preferred(self, board: Board) -> list[Column]:
        """The columns that block the opponent's immediate win."""
        return board.winning_moves(3 - board.turn)


class AggressiveAgent(_RuleAgent):
    """Wins at once when it can, else plays at random (the tutorials' aggressive AI).

    It never blocks the opponent: that is what tells it from ``simple``.

    >>> AggressiveAgent(random.Random(1)).choose(Board.from_moves("445566")).column in (2, 6)
    True
    """

    name = "aggressive"

    def preferred(self, board: Board) -> list[Column]:
        """The winning columns."""
        return board.winning_moves()
