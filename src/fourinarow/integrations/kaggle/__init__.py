"""Kaggle ConnectX: our agents as Kaggle agents, and Kaggle's agents as ours.

Kaggle's ConnectX calls an agent ``agent(observation, configuration)`` and takes the column it
returns (0-based). The observation holds ``board`` (the cells flat, row-major, top row first: 0
empty, 1 and 2 the players' stones), ``mark`` (the player to move) and ``remainingOverageTime``
(seconds left in the game's overage bank); the configuration ``rows``, ``columns``, ``inarow``
and ``actTimeout`` (seconds per move, 2 in ConnectX). A move may run past ``actTimeout``: the
excess is taken from the bank, and the agent loses by ``TIMEOUT`` only when the bank runs dry.

- :func:`agent` plays ``perfect`` on any board shape: the solver's move (with the shape's
  shipped opening book, if any) wherever it is proven within the move's time, else the engine's
  choice among the columns not proven worse; :class:`KaggleAgent` plays any agent spec the same
  way (:mod:`~fourinarow.integrations.kaggle.player`). Both plan their time: ``actTimeout``
  less a margin, plus a share of the bank (keeping :data:`OVERAGE_RESERVE` of it), less what
  the first call spent loading (:func:`move_seconds`, in
  :mod:`~fourinarow.integrations.kaggle.clock`).
- :func:`kaggle_board` reads an observation into a :class:`~fourinarow.core.Board` (the web
  app's ``POST /api/v1/kaggle`` uses it too; :mod:`~fourinarow.integrations.kaggle.observation`).
- :func:`export_submission` (``fourinarow kaggle export``,
  :mod:`~fourinarow.integrations.kaggle.export`) writes a submission Kaggle accepts:
  ``submission.tar.gz`` with ``main.py`` at its root, the package's library layers and its shipped
  opening books; or one ``main.py`` with all of that embedded. It runs where only the standard
  library is installed, on the compiled kernel when the submission's copy loads there, else on
  the same search in pure Python (about 200 times slower: some 10 thousand positions a
  second against 2 million, measured on 7x6; within the book it makes no difference).
- ``kaggle:negamax`` and ``kaggle:random`` (:data:`AGENT_INFO`, :class:`KaggleEnvironmentAgent`,
  :mod:`~fourinarow.integrations.kaggle.environment`) are Kaggle's own built-in agents as agents
  of ours, for tournaments (``fourinarow match perfect kaggle:negamax``; the registry finds them
  through the entry point ``kaggle`` of the group ``fourinarow.agents``); they need the
  ``kaggle`` extra (``kaggle-environments``).

Only the standard library and fourinarow's library layers are imported here (and
``kaggle_environments`` inside the functions that need it), so that ``fourinarow kaggle
export`` can ship this package in a submission that runs where nothing else is installed.

>>> cells = [0] * 42
>>> cells[38] = 1  # the first player's stone in the middle of the bottom row
>>> agent({"board": cells, "mark": 2}, {"rows": 6, "columns": 7, "inarow": 4})
3
"""

from __future__ import annotations

from fourinarow.integrations.kaggle.clock import (
    DEFAULT_ACT_TIMEOUT,
    MARGIN,
    OVERAGE_RESERVE,
    OVERAGE_SHARE,
    move_seconds,
)
from fourinarow.integrations.kaggle.environment import (
    AGENT_INFO,
    KAGGLE_AGENTS,
    KaggleEnvironmentAgent,
)
from fourinarow.integrations.kaggle.export import KaggleExportError, Submission, export_submission
from fourinarow.integrations.kaggle.observation import (
    KaggleConfigurationError,
    kaggle_board,
    kaggle_grid,
)
from fourinarow.integrations.kaggle.player import DEFAULT_SPEC, KaggleAgent, agent

__all__ = [
    "AGENT_INFO",
    "DEFAULT_ACT_TIMEOUT",
    "DEFAULT_SPEC",
    "KAGGLE_AGENTS",
    "MARGIN",
    "OVERAGE_RESERVE",
    "OVERAGE_SHARE",
    "KaggleAgent",
    "KaggleConfigurationError",
    "KaggleEnvironmentAgent",
    "KaggleExportError",
    "Submission",
    "agent",
    "export_submission",
    "kaggle_board",
    "kaggle_grid",
    "move_seconds",
]
