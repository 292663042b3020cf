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
    GRADES as GRADES,
)
from fourinarow.analysis import (
    AgentSummary as AgentSummary,
)
from fourinarow.analysis import (
    Grade as Grade,
)
from fourinarow.analysis import (
    MoveReview as MoveReview,
)
from fourinarow.analysis import (
    PlayedGame as PlayedGame,
)
from fourinarow.analysis import (
    PlayerSummary as PlayerSummary,
)
from fourinarow.analysis import (
    Review as Review,
)
from fourinarow.analysis import (
    ReviewedGame as ReviewedGame,
)
from fourinarow.analysis import (
    ReviewError as ReviewError,
)
from fourinarow.analysis import (
    agent_summaries as agent_summaries,
)
from fourinarow.analysis import (
    review_game as review_game,
)
from fourinarow.analysis import (
    review_games as review_games,
)
from fourinarow.analysis.accuracy import (
    BENCHMARK_SETS as BENCHMARK_SETS,
)
from fourinarow.analysis.accuracy import (
    AccuracyReport as AccuracyReport,
)
from fourinarow.analysis.accuracy import (
    PositionFileError as PositionFileError,
)
from fourinarow.analysis.accuracy import (
    agent_accuracy as agent_accuracy,
)
from fourinarow.analysis.accuracy import (
    evenly_spaced as evenly_spaced,
)
from fourinarow.analysis.accuracy import (
    read_positions as read_positions,
)
from fourinarow.analysis.accuracy import (
    solve_positions as solve_positions,
)
from fourinarow.analysis.review import (
    MARKS as MARKS,
)
from fourinarow.analysis.review import (
    SYMBOLS as SYMBOLS,
)
from fourinarow.analysis.review import (
    Value as Value,
)
from fourinarow.analysis.review import (
    review_move as review_move,
)
from fourinarow.analysis.standard_sets import (
    BENCH_ENVIRONMENT as BENCH_ENVIRONMENT,
)
from fourinarow.analysis.standard_sets import (
    StandardSet as StandardSet,
)
from fourinarow.analysis.standard_sets import (
    published_directory as published_directory,
)
from fourinarow.analysis.standard_sets import (
    source_line as source_line,
)
from fourinarow.analysis.standard_sets import (
    standard_set as standard_set,
)
