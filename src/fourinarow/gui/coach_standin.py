"""A stand-in for ``fourinarow.service.coach`` until it is on main (deleted then)."""

from __future__ import annotations

from dataclasses import dataclass

from fourinarow.agents import PerfectAgent
from fourinarow.analysis.explain import Explanation, explain
from fourinarow.core import Board, Column
from fourinarow.search.limit import Limit
from fourinarow.search.scores import Exact, expected_result
from fourinarow.service.budgets import hint_limit
from fourinarow.service.reviews import Review
from fourinarow.service.words import value_words

__all__ = ["CoursePoint", "Explanation", "best_line", "course", "explain"]


@dataclass(frozen=True)
class CoursePoint:
    ply: int
    expected: float
    proven: bool
    words: str


def course(review: Review) -> tuple[CoursePoint, ...]:
    points = []
    for move in review.moves:
        mine = expected_result(move.before)
        first = mine if move.player == 1 else 1 - mine
        points.append(
            CoursePoint(move.ply, first, isinstance(move.before, Exact), value_words(move.before))
        )
    final = review.board
    if review.moves:
        last = review.moves[-1]
        mine = expected_result(last.played)
        first = mine if last.player == 1 else 1 - mine
        points.append(
            CoursePoint(final.ply, first, isinstance(last.played, Exact), value_words(last.played))
        )
    return tuple(points)


def best_line(board: Board, *, limit: Limit | None = None, length: int = 12) -> tuple[Column, ...]:
    agent = PerfectAgent(tt_mb=16)
    board = board.copy()
    line = []
    while len(line) < length and not board.is_game_over():
        values = agent.analyze(board, limit or hint_limit(board))
        best = values.best_moves()
        if not best:
            break
        line.append(best[0])
        board.push(best[0])
    return tuple(line)
