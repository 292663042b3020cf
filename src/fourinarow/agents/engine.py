"""``engine``: our strongest heuristic player, which uses the time it is given.

It deepens an alpha-beta search with a transposition table and the learned evaluation (the
``threats`` evaluation where the board has no network) one ply at a time until its time runs
out, and plays the best move of the deepest search that finished. Near the end of the game (at
most ``solve_empties`` empty cells) it first tries to solve the position outright and then plays
perfectly. Without a time limit it thinks for one second.
"""

from __future__ import annotations

import random
import time

from fourinarow.agents.base import (
    Decision,
    Limit,
    ensure_playable,
    heuristic_values,
    reflex_move,
    search_decision,
)
from fourinarow.agents.perfect import PerfectAgent
from fourinarow.agents.tiebreak import TieBreak, adopt_tie_break, break_tie
from fourinarow.core import Board
from fourinarow.search.deepening import column_values, deepen
from fourinarow.search.engine_search import Engine, EngineEvaluation, engine_evaluation
from fourinarow.search.scores import ColumnValues

__all__ = ["EngineAgent"]

DEFAULT_TIME = 1.0  # seconds per move when the limit sets neither time, depth nor nodes


class EngineAgent:
    """Iterative deepening alpha-beta with a transposition table; perfect near the end.

    Args:
        rng: breaks ties when ``tie_break`` is ``random``.
        tie_break: ``random`` (default), ``centre`` or ``leftmost``.
        tt_mb: the size of each transposition table (the engine's and the solver's).
        solve_empties: try an exact solve when at most this many cells are empty (0: never).
        nodes: search at most this many positions a move (also under a time limit): a
            strength that does not depend on the machine's speed.
        evaluation: ``None`` for the board's network where it has one, else ``threats``;
            ``"network"`` or ``"threats"`` to choose (see
            :class:`~fourinarow.search.engine_search.Engine`).

    Raises:
        InvalidSearchSettingError: ``evaluation`` is none of these.

    >>> EngineAgent(random.Random(1)).choose(Board.from_moves("17273"), Limit(time=0.1)).column
    3
    """

    name = "engine"

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        tie_break: TieBreak | str = "random",
        tt_mb: float = 16,
        solve_empties: int = 20,
        nodes: int | None = None,
        evaluation: EngineEvaluation | None = None,
    ) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._tie_break = adopt_tie_break(tie_break, self._rng)
        self.tt_mb = tt_mb
        self.solve_empties = solve_empties
        self.nodes = nodes
        self.evaluation = engine_evaluation(evaluation)
        self._engines: dict[tuple[int, int, int], Engine] = {}
        self._endgame = PerfectAgent(
            self._rng, tie_break=tie_break, tt_mb=tt_mb, evaluation=self.evaluation
        )

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """The best move found within the limit (see the module docstring).

        Raises:
            GameOverError: the game is over.
        """
        start = time.perf_counter()
        limit = self._own_limit(ensure_playable(board, limit=limit))
        empties = board.width * board.height - board.ply
        if empties <= self.solve_empties and limit.depth is None and not limit.spent_at_start:
            half = None if limit.time is None else limit.time / 2  # all the nodes, half the time
            solved = self._endgame.choose(board, Limit(half, nodes=limit.nodes))
            if solved.exact:
                return solved
            limit = limit.remaining(start)
        return self._deepen(board, limit, start)

    def _own_limit(self, limit: Limit) -> Limit:
        """The (checked) limit with the agent's own node budget, and a second when nothing
        is set."""
        nodes = limit.nodes
        if self.nodes is not None:
            nodes = self.nodes if nodes is None else min(self.nodes, nodes)
        seconds = limit.time
        if seconds is None and limit.depth is None and nodes is None:
            seconds = DEFAULT_TIME
        return Limit(seconds, limit.depth, nodes)

    def _deepen(self, board: Board, limit: Limit, start: float) -> Decision:
        most = board.width * board.height - board.ply
        found, nodes = deepen(self._engine_for(board), board, most, limit, start)
        if found is None:
            column = reflex_move(board)
            return Decision(column, None, 0, nodes, time.perf_counter() - start, (column,))
        column = break_tie(found.best_moves, self._tie_break, self._rng, board.width)
        return search_decision(found, column, nodes, start)

    def analyze(self, board: Board, limit: Limit | None = None) -> ColumnValues:
        """Every column's heuristic value from the deepest search that finished within the
        limit (one second without one); columns are ``not searched`` if none did.

        Raises:
            GameOverError: the game is over.
        """
        start = time.perf_counter()
        limit = self._own_limit(ensure_playable(board, "analyse", limit=limit))
        most = board.width * board.height - board.ply
        engine = self._engine_for(board)
        values, _, nodes = column_values(engine, board, most, limit, start)
        return heuristic_values(values, board, nodes, start)

    def _engine_for(self, board: Board) -> Engine:
        shape = (board.width, board.height, board.connect)
        if shape not in self._engines:
            self._engines[shape] = Engine(*shape, tt_mb=self.tt_mb, evaluation=self.evaluation)
        return self._engines[shape]
