"""``perfect``: plays the solver's best moves: the fastest win, the longest defence, a draw.

It solves the position (at once where the opening book holds it), then tries the columns in the
order its tie-break prefers, one null-window search each, and plays the first that keeps the
score. With a time or node limit too short for that it still answers in time: if the score was
found but no column proven to keep it, it plays among the columns not refuted (when only one is
left, that one is proven best); if not even the score was found, it narrows the value of every
column by searches of growing size and plays the column with the best proven bound. A fallback
agent, if given, has the last part of the time to pick among the columns not proven worse. An
unproven move's ``Decision`` says so (``exact=False``).
"""

from __future__ import annotations

import random
import time
from dataclasses import replace

from fourinarow.agents.base import Agent, Decision, Limit, deadline_for, ensure_playable
from fourinarow.agents.tiebreak import break_tie, preference_order
from fourinarow.core import Board, Column
from fourinarow.search.book import Book
from fourinarow.search.solver import Solution, Solver

__all__ = ["PerfectAgent"]

_FIRST_PASS_NODES = 20_000  # the node budget of each column's first search under a limit
_GROWTH = 4  # each later pass allows this many times more nodes per column
FALLBACK_SHARE = 0.4  # the share of a time limit left to the fallback when the solve falls short
DIRECT_SHARE = 0.35  # the share of a limit for solving the position itself


class PerfectAgent:
    """Perfect play from the solver; keeps its transposition table from move to move.

    Args:
        rng: breaks ties between equally good columns when ``tie_break`` is ``random``.
        tie_break: ``random``, ``centre`` (default) or ``leftmost``.
        tt_mb: the solver's transposition table budget in megabytes.
        book: the opening book the solver consults: ``True`` for the one shipped for the
            board's shape (if any), ``False`` for none.
        fallback: the agent that picks among the columns not proven worse when a time limit
            stops the solve first (the registry's ``perfect`` uses ``engine``); it gets the
            last ``FALLBACK_SHARE`` of the time. Without one, the best proven bound decides.

    >>> PerfectAgent(tt_mb=8).choose(Board.from_moves("445566")).column
    2
    """

    name = "perfect"

    def __init__(
        self,
        rng: random.Random | None = None,
        *,
        tie_break: str = "centre",
        tt_mb: float = 64,
        book: Book | bool = True,
        fallback: Agent | None = None,
    ) -> None:
        self._rng = rng if rng is not None else random.Random()
        break_tie([0], tie_break, self._rng, 1)  # validate the policy now
        self._tie_break = tie_break
        self.solver = Solver(tt_mb=tt_mb, book=book)
        self.fallback = fallback

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        """The best column for the side to move; exact unless a limit cut the solve short.

        Raises:
            ValueError: the game is over.
        """
        start = time.perf_counter()
        ensure_playable(board)
        wins = board.winning_moves()
        if wins:
            score = (board.width * board.height + 1 - board.ply) // 2
            column = self._pick(wins, board)
            return self._decision(column, score, board, 0, start, exact=True)
        limit = limit or Limit()
        # (the solver reads a time limit of 0 as none: keep a zero budget from meaning that)
        seconds = None if limit.time is None else max(1e-6, limit.time * DIRECT_SHARE)
        nodes = None if limit.nodes is None else max(1, int(limit.nodes * DIRECT_SHARE))
        solution = self.solver.solve(board, time_limit=seconds, node_limit=nodes)
        order = preference_order(board.legal_moves, self._tie_break, board.width)
        if solution.score is not None and order is not None:
            return self._first_best(board, limit, start, solution, order)
        if solution.score is not None and limit.time is None and limit.nodes is None:
            best = self.solver.best_moves(board, solution=solution)  # for a random tie-break
            column = self._pick(best, board)
            return self._decision(column, solution.score, board, solution.nodes, start, exact=True)
        if limit.nodes is not None:
            limit = replace(limit, nodes=max(1, limit.nodes - solution.nodes))
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
        seconds = None
        if limit.time is not None:
            share = 1 - FALLBACK_SHARE if self.fallback is not None else 1.0
            seconds = max(1e-3, start + limit.time * share - time.perf_counter())
        nodes = None if limit.nodes is None else max(1, limit.nodes - solution.nodes)
        scan = self.solver.first_best_move(
            board, order, solution.score, time_limit=seconds, node_limit=nodes
        )
        spent = solution.nodes + scan.nodes
        if scan.column is not None:
            return self._decision(scan.column, solution.score, board, spent, start, exact=True)
        left = [c for c in order if c not in scan.refuted]
        if len(left) == 1:  # some column keeps the score: the only one not refuted
            return self._decision(left[0], solution.score, board, spent, start, exact=True)
        column = left[0]
        if self.fallback is not None and limit.time is not None:
            remaining = max(0.0, start + limit.time - time.perf_counter())
            advice = self.fallback.choose(board, Limit(time=remaining))
            spent += advice.nodes
            if advice.column in left:
                column = advice.column
        return self._decision(column, None, board, spent, start, exact=False)

    def analyze(
        self, board: Board, limit: Limit | None = None
    ) -> tuple[tuple[int, int] | None, ...]:
        """The proven ``(lower, upper)`` bounds on every column's score, ``None`` for full ones.

        Scores are for the side to move, as if it played the column; the bounds are equal
        (exact) unless the limit stopped the searches first.

        Raises:
            ValueError: the game is over.
        """
        start = time.perf_counter()
        ensure_playable(board, "analyse")
        limit = limit or Limit()
        if limit.time is None and limit.nodes is None:
            return self.solver.analyze(board).bounds
        bounds, _ = self._narrow(board, limit, start, until_best=False)
        return tuple(bounds.get(c) for c in range(board.width))

    def _choose_within(self, board: Board, limit: Limit, start: float) -> Decision:
        """The proven best column if narrowing within the limit finds it, else the fallback's
        choice among the columns not proven worse, else the best proven bound's."""
        narrowing = limit
        if self.fallback is not None and limit.time is not None:
            narrowing = Limit(time=limit.time * (1 - FALLBACK_SHARE), nodes=limit.nodes)
        bounds, nodes = self._narrow(board, narrowing, start, until_best=True)
        if bounds and len(bounds) == len(board.legal_moves) and _proven_best(bounds):
            return self._best_by_bounds(board, bounds, nodes, start)
        if self.fallback is not None and limit.time is not None:
            remaining = max(0.0, start + limit.time - time.perf_counter())
            advice = self.fallback.choose(board, Limit(time=remaining))
            best_low = max((lo for lo, _ in bounds.values()), default=None)
            hopeful = advice.column not in bounds or best_low is None
            if hopeful or bounds[advice.column][1] >= best_low:  # type: ignore[operator]
                nodes += advice.nodes
                return self._decision(advice.column, None, board, nodes, start, exact=False)
        if not bounds:  # not even one search fitted: fall back on the centre-most column
            column = self._pick(board.legal_moves, board)
            return self._decision(column, None, board, nodes, start, exact=False)
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
        score = low if exact else None
        return self._decision(column, score, board, nodes, start, exact=exact)

    def _narrow(
        self, board: Board, limit: Limit, start: float, *, until_best: bool
    ) -> tuple[dict[Column, tuple[int, int]], int]:
        """Narrow every column's bounds by searches of growing size, within the limit.

        Stops when the best column is proven (``until_best``) or every column is exact, or when
        the time or nodes run out. Returns the bounds found (columns not reached are missing)
        and the nodes searched.
        """
        deadline = deadline_for(limit.time, start, 0.0)
        bounds: dict[Column, tuple[int, int]] = {}
        nodes = 0
        per_search = _FIRST_PASS_NODES
        child = board.copy()
        wins = set(board.winning_moves())
        while True:
            for column in board.legal_moves:
                if column in bounds and bounds[column][0] == bounds[column][1]:
                    continue
                seconds = None if deadline is None else deadline - time.perf_counter()
                allowed = (
                    per_search if limit.nodes is None else min(per_search, limit.nodes - nodes)
                )
                if (seconds is not None and seconds <= 0) or allowed <= 0:
                    return bounds, nodes
                child.push(column)
                if column in wins:
                    low = high = (board.width * board.height + 1 - board.ply) // 2
                elif child.is_game_over():  # the last cell, filled without a line
                    low = high = 0
                else:
                    found = self.solver.solve(child, time_limit=seconds, node_limit=allowed)
                    nodes += found.nodes
                    low, high = -found.upper, -found.lower  # the opponent's view, turned
                child.pop()
                if column in bounds:  # every search's bounds are proven: keep the tightest
                    low, high = max(low, bounds[column][0]), min(high, bounds[column][1])
                bounds[column] = (low, high)
            if len(bounds) == len(board.legal_moves):
                if all(lo == hi for lo, hi in bounds.values()):
                    return bounds, nodes
                if until_best and _proven_best(bounds):
                    return bounds, nodes
            per_search *= _GROWTH

    def _pick(self, columns: list[Column], board: Board) -> Column:
        return break_tie(columns, self._tie_break, self._rng, board.width)

    @staticmethod
    def _decision(
        column: Column, score: int | None, board: Board, nodes: int, start: float, *, exact: bool
    ) -> Decision:
        return Decision(
            column=column,
            score=score,
            depth=board.width * board.height - board.ply,
            nodes=nodes,
            elapsed=time.perf_counter() - start,
            pv=(column,),
            exact=exact,
        )


def _proven_best(bounds: dict[Column, tuple[int, int]]) -> bool:
    """True when some column's exact value is known and no other column can beat it."""
    best = max(low for low, _ in bounds.values())
    proven = any(low == high == best for low, high in bounds.values())
    return proven and all(high <= best for _, high in bounds.values())
