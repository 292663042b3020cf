"""``perfect``: plays the solver's best moves: the fastest win, the longest defence, a draw.

It solves the position (at once where the opening book holds it), then tries the columns in the
order its tie-break prefers, one null-window search each, and plays the first that keeps the
score. With a time or node limit too short for that it still answers in time: if the score was
found but no column proven to keep it, it plays among the columns not refuted (when only one is
left, that one is proven best); if not even the score was found, it narrows the value of every
column by searches of growing size and plays the column with the best proven bound. A fallback
agent, if given, has the last part of the time to pick among the columns not proven worse. An
unproven move's ``Decision`` says so: its score is the proven ``Bounds`` or ``None``, not ``Exact``.
"""

from __future__ import annotations

import random
import time
from dataclasses import replace
from functools import partial

from fourinarow.agents.base import Agent, Decision, Limit, ensure_playable
from fourinarow.agents.proofs import (
    _narrow_checked,
    _prove_then_estimate_checked,
    proven_best,
)
from fourinarow.agents.tiebreak import TieBreak, adopt_tie_break, break_tie, preference_order
from fourinarow.core import Board, Column
from fourinarow.search.book import Book
from fourinarow.search.engine_search import Engine, EngineEvaluation, engine_evaluation
from fourinarow.search.estimates import ESTIMATE_TABLE_MB
from fourinarow.search.scores import Bounds, ColumnValues, Exact, Score
from fourinarow.search.solver import Solution, Solver

__all__ = ["PerfectAgent"]

FALLBACK_SHARE = 0.4  # the share of a time limit left to the fallback when the solve falls short
DIRECT_SHARE = 0.35  # the share of a limit for solving the position itself


class PerfectAgent:
    """Perfect play from the solver; keeps its transposition table from move to move.

    Args:
        rng: breaks ties between equally good columns when ``tie_break`` is ``random``.
        tie_break: ``random``, ``centre`` (default) or ``leftmost``.
        tt_mb: the solver's transposition table budget in megabytes.
        book: the opening book the solver consults: ``True`` for the board shape's default
            book (shipped or installed, if any), ``False`` for none.
        threads: the threads each solve runs on (1 to 64; default 1), sharing the table.
        fallback: the agent that picks among the columns not proven worse when a time limit
            stops the solve first (the registry's ``perfect`` uses ``engine``); it gets the
            last ``FALLBACK_SHARE`` of the time. Without one, the best proven bound decides.
        evaluation: the evaluation of the engine that estimates the columns an analysis
            leaves unproven (``None``: the board's network where it has one, else threats).

    >>> PerfectAgent(tt_mb=8).choose(Board.from_moves("445566")).column
    2
    """

    name = "perfect"

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        tie_break: TieBreak | str = "centre",
        tt_mb: float = 64,
        book: Book | bool = True,
        threads: int = 1,
        fallback: Agent | None = None,
        evaluation: EngineEvaluation | None = None,
    ) -> None:
        self._rng = rng if rng is not None else random.Random()
        self._evaluation = engine_evaluation(evaluation)
        self._tie_break = adopt_tie_break(tie_break, self._rng)
        self.solver = Solver(tt_mb=tt_mb, book=book, threads=threads)
        self.fallback = fallback
        self._tt_mb = tt_mb
        self._engines: dict[tuple[int, int, int], Engine] = {}
        self._so_far: tuple[Board, ColumnValues] | None = None

    def analysis_so_far(self, board: Board) -> ColumnValues | None:
        """What the latest :meth:`analyze` of ``board`` has found so far (read from another
        thread while it runs, say after Ctrl-C): the columns proven, with their bounds, and
        ``not searched`` for the rest until the estimates come; once it returned, its result.
        ``None`` when the latest analysis was of another position or none has begun.
        """
        found = self._so_far
        if found is None or found[0] != board:
            return None
        return found[1]

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """The best column for the side to move; exact unless a limit cut the solve short.

        Raises:
            GameOverError: the game is over.
        """
        start = time.perf_counter()
        limit = ensure_playable(board, limit=limit)
        wins = board.winning_moves()
        if wins:
            score = (board.width * board.height + 1 - board.ply) // 2
            column = self._pick(wins, board)
            return self._decision(column, Exact.of(score, board), board, 0, start)
        if limit.spent_at_start:
            return self._unproven(board, limit, start, {}, 0)
        # checked once, here: the solver's own calls below check nothing again
        solution = self.solver._solve_checked(board, limit.share(DIRECT_SHARE))
        order = preference_order(board.legal_moves, self._tie_break, board.width)
        if solution.score is not None and order is not None:
            return self._first_best(board, limit, start, solution, order)
        if solution.score is not None and limit.time is None and limit.nodes is None:
            best = self.solver.best_moves(board, solution=solution)  # for a random tie-break
            column = self._pick(best, board)
            nodes = solution.nodes + self.solver.last_nodes
            return self._decision(column, solution.value(board), board, nodes, start)
        if limit.nodes is not None:
            limit = replace(limit, nodes=limit.nodes - solution.nodes)
        decision = self._choose_within(board, limit, start)
        return replace(decision, nodes=decision.nodes + solution.nodes)

    def _first_best(
        self, board: Board, limit: Limit, start: float, solution: Solution, order: list[Column]
    ) -> Decision:
        """Knowing the position's score, try the columns in the tie-break's order and play
        the first that keeps it. If the limit stops that first: the one column not refuted
        must be the best; among several, the fallback's choice if it is one of them, else
        the first of them (unproven)."""
        assert solution.score is not None
        scan_limit = limit.remaining(start)
        if self.fallback is not None:
            scan_limit = scan_limit.share(1 - FALLBACK_SHARE)
        if limit.nodes is not None:
            scan_limit = replace(scan_limit, nodes=limit.nodes - solution.nodes)
        scan = self.solver._first_best_checked(board, order, solution.score, scan_limit)
        spent = solution.nodes + scan.nodes
        score = solution.value(board)
        if scan.column is not None:
            return self._decision(scan.column, score, board, spent, start)
        left = [c for c in order if c not in scan.refuted]
        if len(left) == 1:  # some column keeps the score: the only one not refuted
            return self._decision(left[0], score, board, spent, start)
        column = left[0]
        if self.fallback is not None and limit.time is not None:
            advice = self.fallback.choose(board, Limit(limit.remaining(start).time))
            spent += advice.nodes
            if advice.column in left:
                column = advice.column
        return self._decision(column, None, board, spent, start)

    def analyze(self, board: Board, limit: Limit | None = None) -> ColumnValues:
        """Every column's value for the side to move, as if it played there: prove, then
        estimate (``fourinarow.agents.proofs.prove_then_estimate``).

        Without a limit every value is exact. Within a time or node limit, the solver first
        narrows every column's bounds together for up to ``PROOF_SHARE`` of it (see
        ``fourinarow.agents.proofs``), and the heuristic engine estimates every column not
        proven with the rest: exact values and bounds that settle the result stay as they are.

        Raises:
            GameOverError: the game is over.
        """
        limit = ensure_playable(board, "analyse", limit=limit)
        if limit.time is None and limit.nodes is None:
            return self.solver._analyze_checked(board, limit)
        self._so_far = None
        publish = partial(self._published, board)
        engine = self._engine_for(board)
        values = _prove_then_estimate_checked(board, self.solver, limit, engine, publish=publish)
        return self._published(board, values)

    def _published(self, board: Board, values: ColumnValues) -> ColumnValues:
        """``values``, kept as what the analysis of ``board`` found (see analysis_so_far)."""
        self._so_far = (board.copy(), values)
        return values

    def _engine_for(self, board: Board) -> Engine:
        """The heuristic engine for ``board``'s shape, made once and kept (with its table)."""
        shape = (board.width, board.height, board.connect)
        if shape not in self._engines:
            self._engines[shape] = Engine(
                *shape, tt_mb=min(self._tt_mb, ESTIMATE_TABLE_MB), evaluation=self._evaluation
            )
        return self._engines[shape]

    def _choose_within(self, board: Board, limit: Limit, start: float) -> Decision:
        """The proven best column if narrowing within the limit finds it, else the fallback's
        choice among the columns not proven worse, else the best proven bound's."""
        narrowing = limit
        if self.fallback is not None and limit.time is not None:
            narrowing = Limit(limit.time * (1 - FALLBACK_SHARE), nodes=limit.nodes)
        bounds, nodes = _narrow_checked(self.solver, board, narrowing, start, until_best=True)
        if bounds and len(bounds) == len(board.legal_moves) and proven_best(bounds):
            return self._best_by_bounds(board, bounds, nodes, start)
        return self._unproven(board, limit, start, bounds, nodes)

    def _unproven(
        self,
        board: Board,
        limit: Limit,
        start: float,
        bounds: dict[Column, tuple[int, int]],
        nodes: int,
    ) -> Decision:
        """No best column proven within the limit: the fallback's choice among the columns
        not proven worse, else the best proven bound's, else the tie-break's (centre-most)."""
        if self.fallback is not None and limit.time is not None:
            advice = self.fallback.choose(board, Limit(limit.remaining(start).time))
            best_low = max((lo for lo, _ in bounds.values()), default=None)
            hopeful = advice.column not in bounds or best_low is None
            if hopeful or bounds[advice.column][1] >= best_low:  # type: ignore[operator]
                nodes += advice.nodes
                return self._decision(advice.column, None, board, nodes, start)
        if not bounds:  # not even one search fitted: block a threat, or the centre-most
            column = self._pick(board.winning_moves(3 - board.turn) or board.legal_moves, board)
            return self._decision(column, None, board, nodes, start)
        return self._best_by_bounds(board, bounds, nodes, start)

    def _best_by_bounds(
        self, board: Board, bounds: dict[Column, tuple[int, int]], nodes: int, start: float
    ) -> Decision:
        """The column with the best proven lower bound (then upper bound); exact when proven."""
        best_low = max(lo for lo, _ in bounds.values())
        candidates = [c for c, (lo, _) in bounds.items() if lo == best_low]
        best_high = max(bounds[c][1] for c in candidates)
        column = self._pick([c for c in candidates if bounds[c][1] == best_high], board)
        low, high = bounds[column]
        exact = low == high and best_low >= max(hi for _, hi in bounds.values())
        exact = exact and len(bounds) == len(board.legal_moves)
        score: Score = Exact.of(low, board) if exact else Bounds(low, high)
        return self._decision(column, score, board, nodes, start)

    def _pick(self, columns: list[Column], board: Board) -> Column:
        return break_tie(columns, self._tie_break, self._rng, board.width)

    @staticmethod
    def _decision(
        column: Column, score: Score | None, board: Board, nodes: int, start: float
    ) -> Decision:
        return Decision(
            column=column,
            score=score,
            depth=0 if score is None else board.width * board.height - board.ply,
            nodes=nodes,
            elapsed=time.perf_counter() - start,
            pv=(column,),
        )
