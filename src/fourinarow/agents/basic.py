"""Agents that do not search: ``random``; ``defensive`` and ``aggressive`` (seed 003);
``simple`` (win, else block, else random, seed 002)."""

from __future__ import annotations

import random
import time

from fourinarow.agents.base import Decision, Limit
from fourinarow.core import Board

__all__ = ["AggressiveAgent", "DefensiveAgent", "RandomAgent", "SimpleAgent"]


class RandomAgent:
    """Plays a uniformly random legal column.

    Args:
        rng: the source of randomness; pass a seeded ``random.Random`` for reproducible games.

    >>> RandomAgent(random.Random(1)).choose(Board()).column in range(7)
    True
    """

    name = "random"

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """Pick any legal column at random."""
        start = time.perf_counter()
        column = self._rng.choice(_legal(board))
        return Decision(column=column, elapsed=time.perf_counter() - start)


class SimpleAgent:
    """Wins at once if it can, else blocks the opponent's immediate win, else plays at random.

    This is the "simple AI" of seed 002. With several wins or blocks it picks one at random.

    >>> SimpleAgent(random.Random(1)).choose(Board.from_moves("112233")).column
    3
    """

    name = "simple"

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """Win, else block, else a random legal column."""
        start = time.perf_counter()
        legal = _legal(board)
        wins = board.winning_moves()
        blocks = board.winning_moves(3 - board.turn)
        column = self._rng.choice(wins or blocks or legal)
        return Decision(column=column, nodes=len(legal), elapsed=time.perf_counter() - start)


class DefensiveAgent:
    """Blocks the opponent's immediate win first, else plays at random (seed 003's defensive AI).

    It never looks for a win of its own: that is what tells it from ``simple``.

    >>> DefensiveAgent(random.Random(1)).choose(Board.from_moves("17273")).column
    3
    """

    name = "defensive"

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """Block, else a random legal column."""
        start = time.perf_counter()
        legal = _legal(board)
        column = self._rng.choice(board.winning_moves(3 - board.turn) or legal)
        return Decision(column=column, nodes=len(legal), elapsed=time.perf_counter() - start)


class AggressiveAgent:
    """Wins at once when it can, else plays at random (seed 003's aggressive AI).

    It never blocks the opponent: that is what tells it from ``simple``.

    >>> AggressiveAgent(random.Random(1)).choose(Board.from_moves("445566")).column in (2, 6)
    True
    """

    name = "aggressive"

    def __init__(self, rng: random.Random | None = None) -> None:
        self._rng = rng if rng is not None else random.Random()

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """Win, else a random legal column."""
        start = time.perf_counter()
        legal = _legal(board)
        column = self._rng.choice(board.winning_moves() or legal)
        return Decision(column=column, nodes=len(legal), elapsed=time.perf_counter() - start)


def _legal(board: Board) -> list[int]:
    legal = board.legal_moves
    if not legal:
        raise ValueError("the game is over: there is no move to choose")
    return legal
