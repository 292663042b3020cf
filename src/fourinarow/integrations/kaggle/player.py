"""Our agents as Kaggle ConnectX agents: :class:`KaggleAgent` for any agent spec, and
:func:`agent`, Kaggle's agent call playing ``perfect``.

Kaggle calls an agent ``agent(observation, configuration)`` and takes the column it returns
(0-based). Each move's time is planned by
:func:`~fourinarow.integrations.kaggle.clock.move_seconds`; the package's docstring has an
example.
"""

from __future__ import annotations

import sys
import time
import traceback
from typing import Any

from fourinarow.agents.base import Agent, Decision, Limit, ensure_playable, reflex_move
from fourinarow.agents.registry import make_agent
from fourinarow.core import Board, Column
from fourinarow.integrations.kaggle.clock import DEFAULT_ACT_TIMEOUT, move_seconds
from fourinarow.integrations.kaggle.observation import _field, kaggle_board

__all__ = ["DEFAULT_SPEC", "KaggleAgent", "agent"]

DEFAULT_SPEC = "perfect"
"""The agent :func:`agent` plays."""


class KaggleAgent:
    """One of our agents as a Kaggle ConnectX agent: call it with ``(observation,
    configuration)``; it returns the column to play.

    It keeps its agent (and the solver's table) from move to move and game to game, and plans
    each move's time with :func:`move_seconds`. On the first move of a board shape it loads
    what the agent needs (the shape's opening book; on 7x6 about 2 s without the compiled kernel's
    cache) and takes that time off the move's budget, as it does the time since ``started``.

    If the agent fails (it should not), the traceback goes to standard error, where Kaggle
    logs it, and the column nearest the centre that wins, blocks or is legal is played, rather
    than losing the game by ``ERROR``.

    Args:
        spec: the agent spec (``perfect``, ``level:5``, ``engine``, ...).
        seed: seeds the agent's random choices.
        started: a ``time.perf_counter()`` reading taken when Kaggle's clock for the first move
            started (a submission's ``main.py`` takes one as it starts): the first move's budget
            is cut by the time since then.

    Raises:
        InvalidAgentSpecError: the spec names no agent of ours.
    """

    def __init__(
        self, spec: str = DEFAULT_SPEC, *, seed: int | None = None, started: float | None = None
    ) -> None:
        self.spec = spec
        self.agent: Agent = make_agent(spec, seed=seed)
        self._started = started
        self._prepared: set[tuple[int, int, int]] = set()
        self.last: Decision | None = None
        """The decision of the last move (for logs and tests)."""

    def __call__(self, observation: object, configuration: object = None) -> Column:
        """The column to play, 0-based.

        Raises:
            KaggleConfigurationError, FourInARowError: the observation cannot be read (a
                board that cannot arise, a mark that is not the player to move).
        """
        start = self._started if self._started is not None else time.perf_counter()
        self._started = None
        board = kaggle_board(observation, configuration)
        ensure_playable(board)
        try:
            return self._choose(board, observation, configuration, start)
        except Exception:  # a bug of ours must not lose the game by ERROR: log it, play on
            traceback.print_exc(file=sys.stderr)
            return reflex_move(board)

    def _choose(
        self, board: Board, observation: object, configuration: object, start: float
    ) -> Column:
        shape = (board.width, board.height, board.connect)
        if shape not in self._prepared:
            for solver in _solvers(self.agent):
                solver.prepare(*shape)
            self._prepared.add(shape)
        act_timeout = _field(configuration, "actTimeout", None)
        if act_timeout is None:
            act_timeout = _field(configuration, "timeout", DEFAULT_ACT_TIMEOUT)
        overage = _field(observation, "remainingOverageTime", 0.0)
        seconds = move_seconds(
            float(act_timeout),
            float(overage),
            board.width * board.height - board.ply,
            spent=time.perf_counter() - start,
        )
        self.last = self.agent.choose(board, Limit(time=seconds))
        return int(self.last.column)


def _solvers(agent: object) -> list[Any]:
    """The solvers inside an agent and the agents it wraps (a level, blunders, a fallback)."""
    found: list[Any] = []
    seen: set[int] = set()
    todo = [agent]
    while todo:
        current = todo.pop()
        if current is None or id(current) in seen:
            continue
        seen.add(id(current))
        solver = getattr(current, "solver", None)
        if solver is not None and callable(getattr(solver, "prepare", None)):
            found.append(solver)
        todo.extend(getattr(current, name, None) for name in ("agent", "fallback"))
    return found


_default: KaggleAgent | None = None


def agent(observation: object, configuration: object = None) -> Column:
    """Kaggle ConnectX's agent call: ``perfect`` (:data:`DEFAULT_SPEC`) within ConnectX's
    clock, on any ``rows``, ``columns`` and ``inarow``; the 0-based column to play.

    Raises:
        KaggleConfigurationError, FourInARowError: the observation cannot be read.
    """
    global _default
    if _default is None:
        _default = KaggleAgent()
    return _default(observation, configuration)
