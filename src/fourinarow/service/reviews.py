"""Reviews for the front ends: a game's moves graded against the solver, and agents graded
on stored games and position sets; every front end reaches them here.

A review values each position by prove, then estimate (:mod:`fourinarow.service.judgement`)
within the review's budget (:mod:`fourinarow.service.budgets`):
:func:`~fourinarow.service.budgets.review_position_limit` per position, or
:func:`~fourinarow.service.budgets.whole_review_limit` under a cap for the whole review.

>>> [m.grade for m in review_game("4455").moves]
['best', 'best', 'blunder', 'blunder']
"""

from __future__ import annotations

from fourinarow.analysis import (
    GRADES,
    AgentSummary,
    Grade,
    MoveReview,
    PlayedGame,
    PlayerSummary,
    Review,
    ReviewedGame,
    ReviewError,
    agent_summaries,
    review_game,
    review_games,
)
from fourinarow.analysis.accuracy import (
    BENCHMARK_SETS,
    AccuracyReport,
    PositionFileError,
    agent_accuracy,
    evenly_spaced,
    read_positions,
    solve_positions,
)
from fourinarow.analysis.review import MARKS, SYMBOLS, Value, review_move
from fourinarow.analysis.standard_sets import (
    BENCH_ENVIRONMENT,
    StandardSet,
    published_directory,
    source_line,
    standard_set,
)

__all__ = [
    "BENCHMARK_SETS",
    "BENCH_ENVIRONMENT",
    "GRADES",
    "MARKS",
    "SYMBOLS",
    "AccuracyReport",
    "AgentSummary",
    "Grade",
    "MoveReview",
    "PlayedGame",
    "PlayerSummary",
    "PositionFileError",
    "Review",
    "ReviewError",
    "ReviewedGame",
    "StandardSet",
    "Value",
    "agent_accuracy",
    "agent_summaries",
    "evenly_spaced",
    "published_directory",
    "read_positions",
    "review_game",
    "review_games",
    "review_move",
    "solve_positions",
    "source_line",
    "standard_set",
]
