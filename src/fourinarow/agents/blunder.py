"""Weakening any agent: with probability ``p`` a move is chosen at random instead.

The option ``blunder=P`` of every agent spec builds this wrapper, which is how the playing
levels fill the gaps between the searches' strengths (see :mod:`fourinarow.agents.levels`).
"""

from __future__ import annotations

import random
import time

from fourinarow.agents.base import (
    Agent,
    Decision,
    InvalidAgentSpecError,
    Limit,
    analyze,
    ensure_playable,
)
from fourinarow.core import Board
from fourinarow.search.scores import ColumnValues

__all__ = ["BlunderingAgent"]


class BlunderingAgent:
    """Plays a random legal column with probability ``chance``, else the wrapped agent's move.

    A blunder is a uniformly random legal column, which may by luck be a good one. The wrapped
    agent does not think on a blunder move, so a blundering agent is also faster.

    Args:
        agent: the agent to weaken.
        chance: the probability of a random move, from 0 (never) to 1 (always).
        rng: draws both whether to blunder and the column.

    >>> from fourinarow.agents.basic import SimpleAgent
    >>> agent = BlunderingAgent(SimpleAgent(random.Random(1)), 0.25, random.Random(1))
    >>> agent.name
    'simple:blunder=0.25'
    """

    def __init__(self, agent: Agent, chance: float, rng: random.Random) -> None:
        if not 0 <= chance <= 1:
            raise InvalidAgentSpecError(f"the chance of a blunder is from 0 to 1, not {chance}")
        self.agent = agent
        self.chance = chance
        self._rng = rng

    @property
    def name(self) -> str:
        """The wrapped agent's name with the ``blunder`` option added."""
        inner = self.agent.name
        return f"{inner}{',' if ':' in inner else ':'}blunder={self.chance:g}"

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """A random column with probability ``chance``, else the wrapped agent's decision.

        Raises:
            ValueError: the game is over.
        """
        start = time.perf_counter()
        ensure_playable(board, limit=limit)
        if self._rng.random() < self.chance:
            column = self._rng.choice(board.legal_moves)
            return Decision(column, elapsed=time.perf_counter() - start, pv=(column,))
        return self.agent.choose(board, limit)

    def analyze(self, board: Board, limit: Limit | None = None) -> ColumnValues:
        """The wrapped agent's column values: blunders change the choice, not the values.

        Raises:
            CannotAnalyzeError: the wrapped agent does not value columns.
        """
        return analyze(self.agent, board, limit)
