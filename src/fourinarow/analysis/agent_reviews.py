"""Reviews of many games at once, summed up per agent: how often each agent kept the
position's value, over every move it played.

A :class:`PlayedGame` is a game with the names of its two players (agent specs, or any
names) and how many of its first moves were an opening that neither of them chose (a
tournament's random opening plies). :func:`review_games` reviews each game with
:func:`~fourinarow.analysis.review.review_game`, sharing one solver; :func:`agent_summaries`
adds up the grades of every agent's own moves, the opening left out.

An agent's ``accuracy`` is pooled over its moves, not averaged over games: the share of all its
graded moves that are best (a long game weighs more than a short one), and likewise the
``weighted_accuracy`` is the mean credit over all its graded moves.

>>> games = [PlayedGame("1212121", "stacker", "copycat", width=5, height=4)]
>>> [(s.agent, s.moves, s.counts["best"]) for s in agent_summaries(review_games(games))]
[('stacker', 4, 3), ('copycat', 3, 2)]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from fourinarow.analysis.review import GRADES, Grade, MoveReview, Review, ReviewError, review_game
from fourinarow.core.checks import shown
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver

__all__ = ["AgentSummary", "PlayedGame", "ReviewedGame", "agent_summaries", "review_games"]

Progress = Callable[[int, int, float], None]
"""Called as ``progress(done, total, seconds)`` after each game (and once before the first)."""


@dataclass(frozen=True)
class PlayedGame:
    """A game to review, with its players.

    Attributes:
        moves: the game in 1-based columns (``"4453"``; comma-separated on boards wider than 9).
        first, second: who played X (the first move) and who played O.
        width, height, connect: the board's shape.
        opening_plies: how many of the first moves neither player chose (a random opening):
            they are reviewed but not counted for the players.
        id: how the caller names the game (a tournament game's id, say); only shown.
    """

    moves: str
    first: str
    second: str
    width: int = 7
    height: int = 6
    connect: int = 4
    opening_plies: int = 0
    id: str = ""

    def player(self, number: int) -> str:
        """The name of player 1 (X) or 2 (O)."""
        return self.first if number == 1 else self.second


@dataclass(frozen=True)
class ReviewedGame:
    """A game and its review."""

    game: PlayedGame
    review: Review

    def moves_of(self, agent: str) -> tuple[MoveReview, ...]:
        """The moves ``agent`` chose, in order (the opening left out)."""
        return tuple(
            move
            for move in self.review.moves
            if move.ply >= self.game.opening_plies and self.game.player(move.player) == agent
        )


@dataclass(frozen=True)
class AgentSummary:
    """One agent's grades over the games it played.

    Attributes:
        agent: its name (spec).
        games: the games it played.
        counts: its moves per grade (every grade present, zeros included).
        accuracy: the share of its graded moves (``unproven`` left out) that are ``best``;
            ``None`` when none was graded.
        weighted_accuracy: the mean credit of its graded moves (see
            :class:`PlayerSummary`); ``None`` likewise.
    """

    agent: str
    games: int
    counts: dict[Grade, int]
    accuracy: float | None
    weighted_accuracy: float | None

    @property
    def moves(self) -> int:
        """The moves it chose, over all its games."""
        return sum(self.counts.values())

    @property
    def blunders_per_game(self) -> float:
        """Its blunders divided by its games (0 when it played none)."""
        return self.counts["blunder"] / self.games if self.games else 0.0

    def to_json(self) -> dict[str, object]:
        """The summary as JSON: agent, games, moves, counts per grade, both accuracies and
        blunders per game."""
        return {
            "agent": self.agent,
            "games": self.games,
            "moves": self.moves,
            "counts": dict(self.counts),
            "accuracy": self.accuracy,
            "weighted_accuracy": self.weighted_accuracy,
            "blunders_per_game": self.blunders_per_game,
        }


def review_games(
    games: Iterable[PlayedGame],
    *,
    limit: Limit | None = None,
    solver: Solver | None = None,
    progress: Progress | None = None,
) -> list[ReviewedGame]:
    """Review every game, in order, with one solver (its table is kept from game to game).

    Args:
        games: the games.
        limit: the time and nodes per position (``None``: until proven; quick on a shape with
            an opening book).
        solver: the solver to use; a new one by default.
        progress: told ``(done, total, seconds)`` before the first game and after each.

    Raises:
        ReviewError: a game is not a :class:`PlayedGame`, or its opening is longer than it.
        InvalidPositionError: a game's moves are malformed or illegal.
    """
    played = list(games)
    for game in played:
        if not isinstance(game, PlayedGame):
            raise ReviewError(f"a game to review is a PlayedGame, not {shown(game)}")
    solver = solver or Solver()
    start = time.perf_counter()
    if progress is not None:
        progress(0, len(played), 0.0)
    reviewed = []
    for done, game in enumerate(played, start=1):
        review = review_game(
            game.moves,
            width=game.width,
            height=game.height,
            connect=game.connect,
            limit=limit,
            solver=solver,
        )
        if not 0 <= game.opening_plies <= len(review.moves):
            raise ReviewError(
                f"game {game.id or done}: its opening of {game.opening_plies} moves is not "
                f"part of its {len(review.moves)} moves"
            )
        reviewed.append(ReviewedGame(game, review))
        if progress is not None:
            progress(done, len(played), time.perf_counter() - start)
    return reviewed


def agent_summaries(reviewed: Sequence[ReviewedGame]) -> list[AgentSummary]:
    """Every agent's grades over its games, the agents in the order they first play."""
    agents = list(dict.fromkeys(name for r in reviewed for name in (r.game.first, r.game.second)))
    return [_summary(agent, reviewed) for agent in agents]


def _summary(agent: str, reviewed: Sequence[ReviewedGame]) -> AgentSummary:
    games = [r for r in reviewed if agent in (r.game.first, r.game.second)]
    moves = [move for r in games for move in r.moves_of(agent)]
    counts: dict[Grade, int] = dict.fromkeys(GRADES, 0)
    for move in moves:
        counts[move.grade] += 1
    graded = [move for move in moves if move.grade != "unproven"]
    if not graded:
        return AgentSummary(agent, len(games), counts, None, None)
    credit = sum(move.credit or 0.0 for move in graded)
    return AgentSummary(
        agent, len(games), counts, counts["best"] / len(graded), credit / len(graded)
    )
