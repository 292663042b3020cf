"""A small tournament: the agents' expected order of strength, and perfect never losing."""

from __future__ import annotations

import random
import zlib

import pytest

from fourinarow.agents import Agent, Limit, make_agent
from fourinarow.core import Board


def play(
    first: Agent,
    second: Agent,
    opening: list[int],
    seconds: float | None,
    second_seconds: float | None = None,
) -> int | None:
    """One game from ``opening`` (columns); the winner (1 or 2) or None for a draw. Each move
    may take ``seconds``; the second player's ``second_seconds`` where given."""
    board = Board()
    for column in opening:
        board.push(column)
    seats = {1: first, 2: second}
    limits = {1: Limit(time=seconds), 2: Limit(time=seconds)}
    if second_seconds is not None:
        limits[2] = Limit(time=second_seconds)
    while (outcome := board.outcome()) is None:
        board.push(seats[board.turn].choose(board.copy(), limits[board.turn]).column)
    return outcome.winner


def score_of_stronger(weaker: str, stronger: str, games: int, seconds: float | None) -> float:
    """The stronger agent's score rate (win 1, draw 1/2) over games with both colours, each
    pair of games from the same random two-ply opening."""
    rng = random.Random(zlib.crc32(f"{weaker} {stronger}".encode()))  # hash() varies per run
    points = 0.0
    for game in range(games):
        if game % 2 == 0:
            opening = [rng.randrange(7), rng.randrange(7)]
        agents = {"weak": make_agent(weaker, seed=game), "strong": make_agent(stronger, seed=game)}
        strong_first = game % 2 == 0
        first, second = ("strong", "weak") if strong_first else ("weak", "strong")
        winner = play(agents[first], agents[second], opening, seconds)
        strong_side = 1 if strong_first else 2
        points += 0.5 if winner is None else float(winner == strong_side)
    return points / games


@pytest.mark.parametrize(
    ("weaker", "stronger", "games"),
    [
        ("random", "simple", 20),
        ("simple", "alphabeta:depth=2", 12),
        ("alphabeta:depth=2", "alphabeta:depth=6", 12),
        ("alphabeta:depth=6", "engine", 8),
    ],
)
def test_the_stronger_agent_scores_better(weaker: str, stronger: str, games: int) -> None:
    assert score_of_stronger(weaker, stronger, games, seconds=0.05) > 0.6


@pytest.mark.slow
def test_perfect_is_stronger_than_the_engine() -> None:
    assert score_of_stronger("engine", "perfect", 4, seconds=0.5) >= 0.5


@pytest.mark.slow
@pytest.mark.parametrize("opponent", ["random", "simple", "alphabeta:depth=6", "engine"])
def test_perfect_never_loses_as_the_first_player(opponent: str) -> None:
    # perfect's own clock is what it must keep to; the opponent's is short (a search of 0.2 s
    # a move has no more chance to refute perfect play than one of 2 s, and costs a tenth)
    for seed in range(2):
        perfect, other = make_agent("perfect", seed=seed), make_agent(opponent, seed=seed)
        winner = play(perfect, other, [], 2.0, second_seconds=0.2)
        assert winner != 2
