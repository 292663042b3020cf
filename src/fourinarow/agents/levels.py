"""``level:1`` .. ``level:10``: presets from near-random play to perfect play.

Each level is another agent with a budget per move: a search depth or a number of positions
where it can (the same strength on any machine), else time. The gaps between the searches are
filled by ``blunder=P`` (a random move with probability P). The manual's *Levels* page shows the
Elo ratings measured by a tournament; a test checks the order on a small one.
"""

from __future__ import annotations

from dataclasses import dataclass

from fourinarow.agents.base import Agent, Decision, Limit, analyze
from fourinarow.core import Board
from fourinarow.search.checks import checked_limit
from fourinarow.search.scores import ColumnValues

__all__ = ["FIRST_LEVELS", "LEVELS", "Level", "LevelAgent"]


@dataclass(frozen=True)
class Level:
    """One preset: the agent spec it plays and its time per move (``None``: no clock)."""

    spec: str
    seconds: float | None
    description: str


LEVELS: dict[int, Level] = {
    1: Level("random", None, "plays at random"),
    2: Level("simple:blunder=0.75", None, "a quarter of the time as level 4, else random"),
    3: Level("simple:blunder=0.3", None, "as level 4, but a random move 3 times in 10"),
    4: Level("simple", None, "wins when it can, else blocks, else random"),
    5: Level("alphabeta:depth=2,eval=window,blunder=0.2", None, "two moves ahead, often careless"),
    6: Level("alphabeta:depth=2,eval=window", None, "looks two moves ahead"),
    7: Level("alphabeta:depth=5,eval=threats", None, "five moves ahead, knows about threats"),
    8: Level("engine:nodes=30", None, "the engine, 30 positions a move"),
    9: Level("engine:nodes=1000", None, "the engine, 1,000 positions a move"),
    10: Level("perfect", 2.0, "perfect wherever it can solve within 2 s a move"),
}
"""The levels, weakest first."""

FIRST_LEVELS: dict[int, Level] = {
    1: Level("random", None, "plays at random"),
    2: Level("simple:blunder=0.5", None, "half the time as level 3, half at random"),
    3: Level("simple", None, "wins when it can, else blocks, else random"),
    4: Level("alphabeta:depth=2,eval=window,blunder=0.2", None, "two moves ahead, often careless"),
    5: Level("alphabeta:depth=2,eval=window", None, "looks two moves ahead"),
    6: Level("alphabeta:depth=5,eval=threats", None, "five moves ahead, knows about threats"),
    7: Level("engine:nodes=3000,eval=threats", None, "the engine, 3 thousand positions a move"),
    8: Level("engine:nodes=300000,eval=threats", None, "the engine, 300 thousand positions a move"),
    9: Level("perfect:blunder=0.02", 2.0, "perfect play within 2 s a move, but 2% random moves"),
    10: Level("perfect", 2.0, "perfect wherever it can solve within 2 s a move"),
}
"""The levels as they were before the engine learned its evaluation (its engine on the threats
evaluation). The standard position sets and the shipped puzzles were made from games between
these levels; the commands that make them again play these presets, so that they make the same
files whatever the levels become."""


class LevelAgent:
    """Plays as the agent of a level, within the level's time per move (or less, if asked).

    Args:
        level: 1 to 10.
        agent: the level's agent, built from ``preset.spec``.
        preset: the level's preset (default ``LEVELS[level]``), whose time per move it keeps.
    """

    def __init__(self, level: int, agent: Agent, preset: Level | None = None) -> None:
        self.level = level
        self.agent = agent
        self.seconds = (preset or LEVELS[level]).seconds

    @property
    def name(self) -> str:
        """The spec that builds this agent."""
        return f"level:{self.level}"

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """The level's agent's move, its clock the shorter of the level's and the limit's."""
        return self.agent.choose(board, self._limit(limit))

    def analyze(self, board: Board, limit: Limit | None = None) -> ColumnValues:
        """The level's agent's column values, within the same clock as its moves.

        Raises:
            CannotAnalyzeError: the level's agent does not value columns (levels 1-3).
        """
        return analyze(self.agent, board, self._limit(limit), spec=self.name)

    def _limit(self, limit: Limit | None) -> Limit:
        limit = checked_limit(limit)
        seconds = self.seconds
        if limit.time is not None:
            seconds = limit.time if seconds is None else min(seconds, limit.time)
        return Limit(seconds, limit.depth, limit.nodes)
