"""The agent protocols: every opponent takes a board and a limit and returns a decision; agents
that value columns also answer ``analyze`` with one result type.

``Limit`` (time, depth, nodes) lives in :mod:`fourinarow.search.limit` and is re-exported here;
scores are typed (:mod:`fourinarow.search.scores`).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from fourinarow.core import Board, Column, FourInARowError
from fourinarow.core.checks import shown
from fourinarow.search.checks import checked_limit, playable_board
from fourinarow.search.constants import FORCED, WIN
from fourinarow.search.heuristic import SearchResult
from fourinarow.search.limit import Limit
from fourinarow.search.scores import ColumnValues, Exact, Heuristic, Score

__all__ = [
    "Agent",
    "Analyst",
    "CannotAnalyzeError",
    "Decision",
    "InvalidAgentSpecError",
    "Limit",
    "analyze",
    "ensure_playable",
    "heuristic_score",
    "heuristic_values",
    "reflex_move",
    "search_decision",
]


@dataclass(frozen=True)
class Decision:
    """The move an agent chose and what it knows about it.

    Attributes:
        column: the chosen 0-based column.
        score: the value of the move for the side to move, typed: ``Exact`` (proven, with its
            distance), ``Bounds``, ``Heuristic`` or ``Probability``; ``None`` when the agent
            does not score moves.
        depth: plies searched (0 for agents that do not search).
        nodes: positions examined.
        elapsed: seconds spent choosing.
        pv: the principal variation (0-based columns, starting with ``column``) when known.
    """

    column: Column
    score: Score | None = None
    depth: int = 0
    nodes: int = 0
    elapsed: float = 0.0
    pv: tuple[Column, ...] = ()

    @property
    def exact(self) -> bool:
        """True when ``score`` is a proven game value."""
        return isinstance(self.score, Exact)


@runtime_checkable
class Agent(Protocol):
    """Anything that chooses moves; the terminal game and the apps depend on this protocol."""

    @property
    def name(self) -> str:
        """A short human-readable name, such as ``simple``."""
        ...

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """Choose a legal move for the side to move.

        Preconditions: the game is not over (else ``GameOverError``). The board is left as it
        was given.
        """
        ...


@runtime_checkable
class Analyst(Protocol):
    """An agent that values every column: the CLI's ``analyze`` and the hints use this."""

    def analyze(self, board: Board, limit: Limit | None = None) -> ColumnValues:
        """What playing each column is worth to the side to move, within the limit.

        Raises:
            GameOverError: the game is over.
            CannotAnalyzeError: the agent (a wrapper around one that does not value
                columns) cannot.
        """
        ...


class InvalidAgentSpecError(FourInARowError):
    """An agent spec that names no known agent or has malformed options, or an agent's option
    out of range."""


class CannotAnalyzeError(FourInARowError):
    """The agent asked for column values does not value columns."""


def analyze(
    agent: Agent, board: Board, limit: Limit | None = None, *, spec: str | None = None
) -> ColumnValues:
    """``agent.analyze(board, limit)``, or :class:`CannotAnalyzeError` if it has no analysis.

    ``spec``, the agent spec the user gave (``level:1``), names the agent in that error rather
    than the agent's own name (``random``).

    >>> from fourinarow.agents import make_agent
    >>> analyze(make_agent("alphabeta:depth=2"), Board.from_moves("445566")).best_moves()
    (2, 6)
    """
    if not isinstance(agent, Analyst):
        name = spec if spec is not None else getattr(agent, "name", None)
        raise _cannot_analyze(name if isinstance(name, str) else agent)
    if spec is None:
        return agent.analyze(board, limit)
    try:
        return agent.analyze(board, limit)
    except CannotAnalyzeError:  # a wrapper (a level, blunders) around one that cannot
        raise _cannot_analyze(spec) from None


def _cannot_analyze(name: object) -> CannotAnalyzeError:
    return CannotAnalyzeError(
        f"agent {shown(name)} does not value columns; agents that do: minimax, alphabeta, "
        "engine, mcts, perfect, level:4 to level:10"
    )


def ensure_playable(board: Board, doing: str = "choose", *, limit: object = None) -> Limit:
    """Check an agent's arguments: a board whose game goes on, and a limit if one is given;
    the limit checked (``Limit()``, no bound, for ``None``), for the agent to search within.

    Raises:
        InvalidPositionError: ``board`` is not a :class:`~fourinarow.core.Board`.
        GameOverError: the game is over: there is then no move to choose or analyse.
        InvalidLimitError: ``limit`` is neither a ``Limit`` nor ``None``.
    """
    playable_board(board, f"there is no move to {doing}")
    return checked_limit(limit)


def reflex_move(board: Board) -> Column:
    """The move to play when no search fitted the budget: a win at once, else a block of the
    opponent's win at once, else the column nearest the centre (the left one of two).

    >>> reflex_move(Board.from_moves("121212")), reflex_move(Board())  # a win in column 1
    (0, 3)
    """
    options = board.winning_moves() or board.winning_moves(3 - board.turn) or board.legal_moves
    return min(options, key=lambda c: (abs(2 * c - (board.width - 1)), c))


def heuristic_score(value: int) -> Heuristic:
    """A heuristic search's root value, typed; a win or loss it proved within its horizon
    (scored ``WIN - plies``) says so, with its distance.

    >>> heuristic_score(904), heuristic_score(WIN - 3)
    (Heuristic(value=904), Heuristic(value=999999997, forced=1, distance=3))
    """
    if abs(value) <= FORCED:
        return Heuristic(value)
    return Heuristic(value, 1 if value > 0 else -1, WIN - abs(value))


def heuristic_values(
    values: tuple[int | None, ...], board: Board, nodes: int, start: float
) -> ColumnValues:
    """A heuristic search's column values (``None``: full or not reached), typed."""
    scores = [None if value is None else heuristic_score(value) for value in values]
    elapsed = time.perf_counter() - start
    return ColumnValues.of(scores, board, nodes=nodes, elapsed=elapsed)


def search_decision(result: SearchResult, column: Column, nodes: int, start: float) -> Decision:
    """The decision to play ``column`` (one of ``result.best_moves``) after a search."""
    pv = result.pv if result.pv and result.pv[0] == column else (column,)
    elapsed = time.perf_counter() - start
    return Decision(column, heuristic_score(result.score), result.depth, nodes, elapsed, pv)
