"""Prove, then estimate: what every front end shows as a position's column values.

One routine values the columns of a position within a budget
(:func:`~fourinarow.service.judgement.prove_then_estimate`, which the perfect agent's analysis
and each position of a review use too): the solver narrows every column's bounds together for
``PROOF_SHARE`` of the budget, so that a column easy to prove is proven even beside a hard one,
and the heuristic engine estimates the columns left open with the rest. The budgets come from
:mod:`fourinarow.service.budgets`: a hint and an analysis get the same, and a review position
gets the review's.

>>> from fourinarow.agents import PerfectAgent
>>> hint(PerfectAgent(tt_mb=8), Board.from_moves("445566")).best_moves()
(2, 6)
"""

from __future__ import annotations

from fourinarow.agents import Agent, PerfectAgent, analyze
from fourinarow.agents.proofs import prove_then_estimate
from fourinarow.core import Board
from fourinarow.search.scores import ColumnValues
from fourinarow.service.budgets import analysis_limit, hint_limit

__all__ = ["analysis", "hint", "prove_then_estimate"]


def hint(analyst: PerfectAgent, board: Board) -> ColumnValues:
    """Every column's value for the side to move, within a hint's budget
    (:func:`~fourinarow.service.budgets.hint_limit`: exact at once inside an opening book);
    ``analyst`` keeps its tables from hint to hint.

    Raises:
        GameOverError: the game is over.
    """
    return analyst.analyze(board, hint_limit(board))


def analysis(
    agent: Agent, board: Board, seconds: float | None = None, *, spec: str | None = None
) -> ColumnValues:
    """Every column's value for the side to move, from ``agent`` within an analysis's
    budget (:func:`~fourinarow.service.budgets.analysis_limit`: ``seconds``, by default the
    same as a hint's); the perfect agent proves, then estimates. ``spec`` names the agent in
    errors as the user gave it.

    Raises:
        GameOverError: the game is over.
        CannotAnalyzeError: the agent does not value columns.
    """
    return analyze(agent, board, analysis_limit(seconds), spec=spec)
