"""``minimax`` and ``alphabeta``: the classic minimax tutorials' depth-limited searches as
agents.

``minimax:depth=D,eval=E`` is plain minimax, every node visited, columns left to right, for
teaching and comparison; ``alphabeta:depth=D,eval=E`` prunes with alpha-beta and tries the centre
columns first. Both take an immediate win at once, prefer faster wins and slower losses, and break
ties between equally good columns by an injected ``random.Random`` (or the centre-most or
leftmost column). With a time or node limit they deepen one ply at a time and play the best move
of the deepest search that finished, so they answer within the budget.

Their depth has a maximum, :data:`MAX_DEPTH`, so that a search without a time limit ends: 9 plies
for ``minimax`` (at most 2.7 s in 10 random 7x6 positions; a ply more is about ten times that)
and 12 for ``alphabeta`` (median 0.08 s, at most 2.9 s in 40 random 7x6 positions; 14 took 37 s
in one), on a busy 2-core x86-64 VM (AMD EPYC). Wider boards branch more and take longer at
the same depth. A search never goes deeper than the empty cells: no move exists beyond them.
"""

from __future__ import annotations

import random
import time

from fourinarow.agents.base import (
    Decision,
    InvalidAgentSpecError,
    Limit,
    ensure_playable,
    heuristic_score,
    heuristic_values,
    reflex_move,
    search_decision,
)
from fourinarow.agents.tiebreak import TieBreak, adopt_tie_break, break_tie
from fourinarow.core import Board
from fourinarow.search.deepening import column_values, deepen
from fourinarow.search.evaluation import EvaluationName, evaluation_name
from fourinarow.search.heuristic import WIN, HeuristicSearch, SearchResult
from fourinarow.search.scores import ColumnValues

__all__ = ["MAX_DEPTH", "SearchAgent"]

MAX_DEPTH: dict[bool, int] = {False: 9, True: 12}
"""The deepest search of plain minimax (``False``: no pruning) and of alpha-beta (``True``),
in plies (see the module docstring for the times they take)."""


class SearchAgent:
    """A depth-limited search with a heuristic evaluation.

    Args:
        rng: breaks ties when ``tie_break`` is ``random``.
        depth: plies to search, from 1 to ``MAX_DEPTH[prune]``.
        evaluation: the name of an evaluation in :type:`~fourinarow.agents.EvaluationName`.
        prune: alpha-beta pruning with centre-first ordering (``alphabeta``) or plain minimax.
        tie_break: ``random`` (default), ``centre`` or ``leftmost``.

    Raises:
        InvalidAgentSpecError: ``depth`` is not a whole number in that range.

    >>> agent = SearchAgent(random.Random(1), depth=4, evaluation="window", prune=True)
    >>> agent.choose(Board.from_moves("17273")).column  # blocks the three in a row
    3
    """

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        depth: int,
        evaluation: EvaluationName | str,
        prune: bool,
        tie_break: TieBreak | str = "random",
    ) -> None:
        self._rng = rng if rng is not None else random.Random()
        most = MAX_DEPTH[bool(prune)]
        if isinstance(depth, bool) or not isinstance(depth, int) or not 1 <= depth <= most:
            kind = "alphabeta" if prune else "minimax"
            huge = isinstance(depth, int) and depth.bit_length() > 64
            shown = "a number of over 64 bits" if huge else repr(depth)[:40]
            raise InvalidAgentSpecError(
                f"{kind}: depth={shown} is not accepted; depth is a whole number from 1 to {most}"
            )
        self.depth = depth
        self.evaluation = evaluation_name(evaluation)
        self.prune = prune
        self._tie_break = adopt_tie_break(tie_break, self._rng)
        self._searches: dict[tuple[int, int, int], HeuristicSearch] = {}

    @property
    def name(self) -> str:
        """The spec that builds this agent."""
        kind = "alphabeta" if self.prune else "minimax"
        return f"{kind}:depth={self.depth},eval={self.evaluation}"

    def _search_for(self, board: Board) -> HeuristicSearch:
        shape = (board.width, board.height, board.connect)
        if shape not in self._searches:
            self._searches[shape] = HeuristicSearch(
                *shape, self.evaluation, prune=self.prune, centre_first=self.prune
            )
        return self._searches[shape]

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """The best column found by the search (see the module docstring).

        Raises:
            GameOverError: the game is over.
        """
        start = time.perf_counter()
        limit = ensure_playable(board, limit=limit)
        wins = board.winning_moves()
        if wins:
            column = break_tie(wins, self._tie_break, self._rng, board.width)
            score = heuristic_score(WIN - 1)
            return Decision(column, score, 1, len(board.legal_moves), _since(start), (column,))
        search = self._search_for(board)
        if limit.time is None and limit.nodes is None:
            result = search.search(board, limit.capped_depth(self._reach(board)))
            return self._decide(board, result, result.nodes, start)
        found, nodes = deepen(search, board, self._reach(board), limit, start)
        if found is None:  # not even one ply fitted: block a threat if there is one
            column = reflex_move(board)
            return Decision(column, None, 0, nodes, _since(start), (column,))
        return self._decide(board, found, nodes, start)

    def analyze(self, board: Board, limit: Limit | None = None) -> ColumnValues:
        """Every column's value to the agent's depth, or from the deepest search that finished
        within a time or node limit (columns are ``not searched`` if none did).

        Raises:
            GameOverError: the game is over.
        """
        start = time.perf_counter()
        limit = ensure_playable(board, "analyse", limit=limit)
        values, _, nodes = column_values(
            self._search_for(board), board, self._reach(board), limit, start
        )
        return heuristic_values(values, board, nodes, start)

    def _reach(self, board: Board) -> int:
        """The agent's depth, or the empty cells if fewer: no move exists deeper."""
        return min(self.depth, board.width * board.height - board.ply)

    def _decide(self, board: Board, result: SearchResult, nodes: int, start: float) -> Decision:
        column = break_tie(result.best_moves, self._tie_break, self._rng, board.width)
        return search_decision(result, column, nodes, start)


def _since(start: float) -> float:
    return time.perf_counter() - start
