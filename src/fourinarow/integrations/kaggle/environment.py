"""Kaggle's built-in ConnectX agents (``kaggle:negamax``, ``kaggle:random``) as agents of ours.

For tournaments against Kaggle's baselines (``fourinarow match perfect kaggle:negamax``): the
registry finds them through the entry point ``kaggle`` of the group ``fourinarow.agents``
(:data:`AGENT_INFO`). They need the ``kaggle`` extra (``kaggle-environments``), imported only
when one is made.
"""

from __future__ import annotations

import contextlib
import random
import sys
import time
from typing import Any

from fourinarow.agents.base import (
    Agent,
    Decision,
    InvalidAgentSpecError,
    Limit,
    ensure_playable,
)
from fourinarow.agents.registry import AgentInfo, AgentOptions
from fourinarow.core import Board
from fourinarow.extras import require_extra

__all__ = ["AGENT_INFO", "KAGGLE_AGENTS", "KaggleEnvironmentAgent"]

KAGGLE_AGENTS = ("negamax", "random")
"""Kaggle's built-in ConnectX agents that ``kaggle:NAME`` plays."""


class KaggleEnvironmentAgent:
    """One of Kaggle's built-in ConnectX agents (``negamax``, ``random``), as kaggle-environments
    ships it, playing in our games: for tournaments against Kaggle's baselines.

    Kaggle's agents take no time limit (``negamax`` searches 4 plies on any board) and break
    ties with Python's global ``random``; ``seed`` seeds it before each move, from a generator
    of its own, so that games can be replayed.

    Raises:
        MissingExtraError: kaggle-environments is not installed.
        InvalidAgentSpecError: ``which`` is not one of :data:`KAGGLE_AGENTS`.
    """

    def __init__(self, which: str = "negamax", rng: random.Random | None = None) -> None:
        if which not in KAGGLE_AGENTS:
            raise InvalidAgentSpecError(
                f"kaggle:{str(which)[:20]} is not accepted; Kaggle's agents here: "
                f"{', '.join(KAGGLE_AGENTS)}"
            )
        # kaggle-environments prints each of its games that fails to load (one whose own
        # dependencies are missing) on standard output when it is imported: keep that off ours,
        # which may be JSON or a protocol (GTP).
        with contextlib.redirect_stdout(sys.stderr):
            connectx = require_extra(
                "kaggle_environments.envs.connectx.connectx",
                "kaggle",
                f"kaggle:{which} needs kaggle-environments",
            )
        self._play = connectx.agents[which]
        self._rng = rng
        self.name = f"kaggle:{which}"

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """Kaggle's agent's column for the side to move (the limit is not used).

        Raises:
            GameOverError: the game is over.
        """
        start = time.perf_counter()
        ensure_playable(board, limit=limit)
        observation = _Struct(board=_cells(board), mark=board.turn)
        configuration = _Struct(
            columns=board.width, rows=board.height, inarow=board.connect, actTimeout=2
        )
        if self._rng is not None:
            random.seed(self._rng.getrandbits(64))
        column = int(self._play(observation, configuration))
        return Decision(column, elapsed=time.perf_counter() - start)


class _Struct(dict[str, Any]):
    """A dict whose keys are attributes too, as kaggle-environments hands its agents."""

    def __getattr__(self, name: str) -> Any:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None


def _cells(board: Board) -> list[int]:
    """The board as ConnectX's flat list of cells, top row first."""
    return [int(cell) for row in board.to_grid() for cell in row]


def _kaggle_factory(rng: random.Random, options: AgentOptions) -> Agent:
    return KaggleEnvironmentAgent(options.choice("kaggle", "negamax", KAGGLE_AGENTS), rng)


AGENT_INFO = AgentInfo(
    _kaggle_factory,
    "Kaggle's ConnectX agents from kaggle-environments: kaggle:negamax (4 plies) or "
    "kaggle:random (needs the kaggle extra)",
    ("kaggle",),
)
"""The ``kaggle`` agent family, for the registry's plugins (entry point ``fourinarow.agents``)."""
