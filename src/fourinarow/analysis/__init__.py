"""Analysis of finished games with the exact solver: game review (grades, turning points and
accuracy per player), and reviews of many games summed up per agent.

>>> from fourinarow.analysis import review_game
>>> review = review_game("1212121", width=5, height=4)
>>> [move.grade for move in review.moves][-1]
'best'
"""

from __future__ import annotations

from fourinarow.analysis.agent_reviews import (
    AgentSummary,
    PlayedGame,
    ReviewedGame,
    agent_summaries,
    review_games,
)
from fourinarow.analysis.review import (
    GRADES,
    Grade,
    MoveReview,
    PlayerSummary,
    Review,
    ReviewError,
    review_game,
)

__all__ = [
    "GRADES",
    "AgentSummary",
    "Grade",
    "MoveReview",
    "PlayedGame",
    "PlayerSummary",
    "Review",
    "ReviewError",
    "ReviewedGame",
    "agent_summaries",
    "review_game",
    "review_games",
]
