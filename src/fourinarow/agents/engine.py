"""``engine``: our strongest heuristic player, which uses the time it is given.

It deepens an alpha-beta search with a transposition table and the ``threats`` evaluation one ply
at a time until its time runs out, and plays the best move of the deepest search that finished.
Near the end of the game (at most ``solve_empties`` empty cells) it first tries to solve the
position outright and then plays perfectly. Without a time limit it thinks for one second.
"""

from __future__ import annotations

import random
import time

from fourinarow.agents.base import (
    Decision,
    Limit,
    deadline_for,
    ensure_playable,
    search_decision,
)
from fourinarow.agents.perfect import PerfectAgent
from fourinarow.agents.tiebreak import break_tie
from fourinarow.core import Board
from fourinarow.search.deepening import column_values, deepen
from fourinarow.search.engine import Engine

__all__ = ["EngineAgent"]

DEFAULT_TIME = 1.0  # seconds per move when the limit sets neither time, depth nor nodes
_SAFETY = 0.002  # seconds kept back from a time limit for returning


class EngineAgent:
    """Iterative deepening alpha-beta with a transposition table; perfect near the end.

    Args:
        rng: breaks ties when ``tie_break`` is ``random``.
        tie_break: ``random`` (default), ``centre`` or ``leftmost``.
        tt_mb: the size of each transposition table (the engine's and the solver's).
        solve_empties: try an exact solve when at most this many cells are empty (0: never).
        nodes: search at most this many positions a move (also under a time limit): a
            strength that does not depend on the machine's speed.

    >>> EngineAgent(random.Random(1)).choose(Board.from_moves("17273"), Limit(time=0.1)).column
    3
    """

    name = "engine"

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        tie_break: str = "random",
        tt_mb: float = 16,
        solve_empties: int = 20,
        nodes: int | None = None,
    ) -> None:
        self._rng = rng if rng is not None else random.Random()
        break_tie([0], tie_break, self._rng, 1)  # validate the policy now
        self._tie_break = tie_break
        self.tt_mb = tt_mb
        self.solve_empties = solve_empties
        self.nodes = nodes
        self._engines: dict[tuple[int, int, int], Engine] = {}
        self._endgame = PerfectAgent(self._rng, tie_break=tie_break, tt_mb=tt_mb)

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """The best move found within the limit (see the module docstring).

        Raises:
            ValueError: the game is over.
        """
        start = time.perf_counter()
        ensure_playable(board)
        limit = limit or Limit()
        if self.nodes is not None:
            nodes = self.nodes if limit.nodes is None else min(self.nodes, limit.nodes)
            limit = Limit(time=limit.time, depth=limit.depth, nodes=nodes)
        seconds = limit.time
        if seconds is None and limit.depth is None and limit.nodes is None:
            seconds = DEFAULT_TIME
        deadline = deadline_for(seconds, start, _SAFETY)
        empties = board.width * board.height - board.ply
        if empties <= self.solve_empties and limit.depth is None:
            share = None if seconds is None else seconds / 2
            solved = self._endgame.choose(board, Limit(time=share, nodes=limit.nodes))
            if solved.exact:
                return solved
        return self._deepen(board, limit, deadline, start)

    def _deepen(self, board: Board, limit: Limit, deadline: float | None, start: float) -> Decision:
        most = limit.capped_depth(board.width * board.height - board.ply)
        found, nodes = deepen(
            self._engine_for(board), board, most, deadline=deadline, node_limit=limit.nodes
        )
        if found is None:
            options = board.winning_moves() or board.winning_moves(3 - board.turn)
            column = break_tie(
                options or board.legal_moves, self._tie_break, self._rng, board.width
            )
            return Decision(column, None, 0, nodes, time.perf_counter() - start, (column,))
        column = break_tie(found.best_moves, self._tie_break, self._rng, board.width)
        return search_decision(found, column, nodes, start)

    def analyze(self, board: Board, limit: Limit | None = None) -> tuple[int | None, ...]:
        """Every column's heuristic value (``None`` for a full one) from the deepest search
        that finished within the limit (one second without one).

        Raises:
            ValueError: the game is over.
        """
        ensure_playable(board, "analyse")
        limit = limit or Limit(time=DEFAULT_TIME)
        return column_values(
            self._engine_for(board),
            board,
            limit.capped_depth(board.width * board.height - board.ply),
            deadline=deadline_for(limit.time, time.perf_counter(), _SAFETY),
            node_limit=limit.nodes,
        )

    def _engine_for(self, board: Board) -> Engine:
        shape = (board.width, board.height, board.connect)
        if shape not in self._engines:
            self._engines[shape] = Engine(*shape, tt_mb=self.tt_mb)
        return self._engines[shape]
