"""Analysis of finished games with the exact solver: game review (grades, turning points and
accuracy per player).

>>> from fourinarow.analysis import review_game
>>> review = review_game("1212121", width=5, height=4)
>>> [move.grade for move in review.moves][-1]
'best'
"""

from __future__ import annotations

from fourinarow.analysis.review import (
    GRADES,
    Grade,
    MoveReview,
    PlayerSummary,
    Review,
    ReviewError,
    review_game,
)

__all__ = ["GRADES", "Grade", "MoveReview", "PlayerSummary", "Review", "ReviewError", "review_game"]
