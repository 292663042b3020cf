"""``level:1`` .. ``level:10``: presets from near-random play to perfect play.

Each level is another agent with a time per move. The order of strength is checked by a
tournament in the tests; calibrating the levels in Elo is the experiments' job.
"""

from __future__ import annotations

from dataclasses import dataclass

from fourinarow.agents.base import Agent, Decision, Limit
from fourinarow.core import Board

__all__ = ["LEVELS", "Level", "LevelAgent"]


@dataclass(frozen=True)
class Level:
    """One preset: the agent spec it plays and its time per move (``None``: no clock)."""

    spec: str
    seconds: float | None
    description: str


LEVELS: dict[int, Level] = {
    1: Level("random", None, "plays at random"),
    2: Level("aggressive", None, "wins when it can, else random"),
    3: Level("simple", None, "wins, else blocks, else random"),
    4: Level("minimax:depth=2,eval=window", None, "looks two moves ahead"),
    5: Level("alphabeta:depth=4,eval=window", None, "looks four moves ahead"),
    6: Level("alphabeta:depth=6,eval=rivest", None, "looks six moves ahead"),
    7: Level("alphabeta:depth=8,eval=threats", None, "eight moves ahead, knows about threats"),
    8: Level("engine", 0.1, "the engine with 0.1 s a move"),
    9: Level("engine", 1.0, "the engine with 1 s a move"),
    10: Level("perfect", 2.0, "perfect wherever it can solve within 2 s a move"),
}
"""The levels, weakest first."""


class LevelAgent:
    """Plays as the agent of a level, within the level's time per move (or less, if asked).

    Args:
        level: 1 to 10.
        agent: the level's agent, built from ``LEVELS[level].spec``.
    """

    def __init__(self, level: int, agent: Agent) -> None:
        self.level = level
        self.agent = agent
        self.seconds = LEVELS[level].seconds

    @property
    def name(self) -> str:
        """The spec that builds this agent."""
        return f"level:{self.level}"

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """The level's agent's move, its clock the shorter of the level's and the limit's."""
        limit = limit or Limit()
        seconds = self.seconds
        if limit.time is not None:
            seconds = limit.time if seconds is None else min(seconds, limit.time)
        return self.agent.choose(board, Limit(time=seconds, depth=limit.depth, nodes=limit.nodes))
