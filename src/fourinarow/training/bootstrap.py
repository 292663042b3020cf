"""Targets for the early positions of boards without a book, bootstrapped from search.

On 8x7, 9x7 or 10x8 the solver cannot label the first dozens of plies; a network trained on
the later, solved positions can still judge them a little, and a search with it judges them
better than the network alone. Games are played as :mod:`fourinarow.training.labelled` plays
them (a share of random moves, else the engine's best), and every position before
``last_ply`` is searched by the engine with the given network within ``nodes`` nodes; its
target is the expected result of the best column's estimate (a win or loss the search proves
counts 1 or 0), and each position one move later gets its column's. Targets are soft: 0.7
means "the side to move is more likely to win than not", as the search sees it.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from dataclasses import dataclass

from fourinarow.core import Board, Geometry
from fourinarow.search.constants import FORCED
from fourinarow.search.deepening import column_estimates
from fourinarow.search.engine_search import Engine
from fourinarow.search.limit import Limit
from fourinarow.search.networks import Network
from fourinarow.search.scores import Estimate
from fourinarow.training.labelled import cells_of, first_time

__all__ = ["SearchedPosition", "expected_of", "searched_positions"]


@dataclass(frozen=True)
class SearchedPosition:
    """One position: its cells from the side to move's view, the expected result the search
    gives it (0 a loss .. 1 a win) and its ply."""

    cells: bytes
    target: float
    ply: int


def expected_of(value: int) -> float:
    """The expected result of an engine value: 1 or 0 for a win or loss the search proved,
    else the logistic curve of ``Estimate.expected``."""
    if value > FORCED:
        return 1.0
    if value < -FORCED:
        return 0.0
    return Estimate(value, 1).expected


def searched_positions(
    shape: Geometry,
    games: int,
    network: Network,
    *,
    last_ply: int,
    seed: int = 0,
    nodes: int = 20_000,
    random_share: tuple[float, float] = (0.05, 0.4),
) -> Iterator[SearchedPosition]:
    """Play ``games`` noisy games on ``shape`` and yield every position before ``last_ply``
    (and each one move later) with the target the engine's search with ``network`` gives it.
    The same arguments give the same positions."""
    rng = random.Random(seed)
    engine = Engine(shape.width, shape.height, shape.connect, tt_mb=16, network=network)
    seen: set[int] = set()
    for _ in range(games):
        share = rng.uniform(*random_share)
        board = Board(shape.width, shape.height, shape.connect)
        while not board.is_game_over() and board.ply < last_ply:
            most = board.width * board.height - board.ply
            scores, _, _ = column_estimates(
                engine, board, most, Limit(nodes=nodes), time.perf_counter()
            )
            legal = [c for c in board.legal_moves if scores[c] is not None]
            if legal:
                best = max(scores[c] for c in legal)  # type: ignore[type-var]
                yield from _once(board, expected_of(best), seen)  # type: ignore[arg-type]
                for column in legal:
                    board.push(column)
                    if not board.is_game_over():
                        yield from _once(board, 1 - expected_of(scores[column]), seen)  # type: ignore[arg-type]
                    board.pop()
            if rng.random() < share or not legal:
                board.push(rng.choice(board.legal_moves))
            else:
                top = max(scores[c] for c in legal)  # type: ignore[type-var]
                board.push(rng.choice([c for c in legal if scores[c] == top]))


def _once(board: Board, target: float, seen: set[int]) -> Iterator[SearchedPosition]:
    if first_time(board, seen):
        yield SearchedPosition(cells_of(board), target, board.ply)
