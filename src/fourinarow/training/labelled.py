"""Positions with exact results, for training the learned evaluation.

Games are played by a noisy player: at each position it plays, with the game's share of
random moves, a random legal move, and otherwise a move the solver proves best (win over draw
over loss) or, where the solver cannot finish within its node limit, one of the engine's best
moves at a shallow depth. Every position the solver analyses completely is recorded with its
exact result for the side to move, and so is every position one move later (the analysis
values each column): one analysis labels up to ``width + 1`` positions. Positions are kept once
each (a position and its mirror image count as one).

A position is stored as one byte a cell, ``column * height + row`` (row 0 at the bottom): 0
empty, 1 a stone of the side to move, 2 an opponent's; its result is 1 (the side to move wins),
0 (a draw) or -1 (it loses) under perfect play; its ply is the number of stones.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from fourinarow.core import Board, Geometry
from fourinarow.search.engine_search import Engine
from fourinarow.search.limit import Limit
from fourinarow.search.scores import Bounds, Exact
from fourinarow.search.solver import Solver

__all__ = [
    "FIRST_SOLVED_PLY",
    "LabelledPosition",
    "cells_of",
    "first_time",
    "labelled_positions",
    "play_noisily",
    "proven_result",
]

FIRST_SOLVED_PLY = {
    (7, 6, 4): 4,
    (6, 7, 4): 4,
    (8, 7, 4): 16,
    (9, 7, 4): 22,
    (9, 7, 5): 18,
    (10, 8, 4): 34,
}
"""The ply from which a game's positions are given to the solver, per board shape (earlier ones
rarely finish within the node limit on boards without a book)."""


@dataclass(frozen=True)
class LabelledPosition:
    """One position: its cells from the side to move's view, its exact result and its ply."""

    cells: bytes
    result: int
    ply: int


def cells_of(board: Board) -> bytes:
    """``board``'s cells from the side to move's view: 0 empty, 1 own, 2 the opponent's;
    ``column * height + row`` order."""
    own = board.turn
    out = bytearray(board.width * board.height)
    for column in range(board.width):
        for row in range(board.heights[column]):
            out[column * board.height + row] = 1 if board.cell(column, row) == own else 2
    return bytes(out)


def proven_result(value: object) -> int | None:
    """The result (1 a win, 0 a draw, -1 a loss) that a column value (``Exact`` or ``Bounds``)
    proves, or None."""
    if isinstance(value, Exact):
        return (value.value > 0) - (value.value < 0)
    if isinstance(value, Bounds):
        if value.lower > 0:
            return 1
        if value.upper < 0:
            return -1
        if value.lower == value.upper == 0:
            return 0
    return None


def labelled_positions(
    shape: Geometry,
    games: int,
    *,
    seed: int = 0,
    node_limit: int = 2_000_000,
    first_ply: int | None = None,
    random_share: tuple[float, float] = (0.05, 0.4),
    engine_depth: int = 4,
    engine_games: float = 0.0,
) -> Iterator[LabelledPosition]:
    """Play ``games`` noisy games on ``shape`` and yield every position proven on the way.

    Each game draws its share of random moves uniformly from ``random_share``. The solver
    analyses positions from ``first_ply`` on (default: :data:`FIRST_SOLVED_PLY`, else 0) within
    ``node_limit`` nodes each; the same ``seed`` gives the same positions. In a share
    ``engine_games`` of the games the moves that are not random are the engine's (at
    ``engine_depth``), not the solver's: positions as players of the engine's strength reach.
    """
    rng = random.Random(seed)
    solver = Solver(tt_mb=64)
    engine = Engine(shape.width, shape.height, shape.connect, tt_mb=8)
    if first_ply is None:
        first_ply = FIRST_SOLVED_PLY.get((shape.width, shape.height, shape.connect), 0)
    seen: set[int] = set()
    for _ in range(games):
        share = rng.uniform(*random_share)
        by_engine = rng.random() < engine_games
        board = Board(shape.width, shape.height, shape.connect)
        while not board.is_game_over():
            results: list[int | None] = [None] * board.width
            complete = False
            if board.ply >= first_ply:
                values = solver.analyze(board, Limit(nodes=node_limit), weak=True)
                results = [proven_result(v) for v in values.values]
                legal = board.legal_moves
                complete = all(results[c] is not None for c in legal)
                for column in legal:
                    result = results[column]
                    if result is None:
                        continue
                    board.push(column)
                    if not board.is_game_over():
                        yield from _once(board, -result, seen)
                    board.pop()
                if complete:
                    yield from _once(board, max(results[c] for c in legal), seen)  # type: ignore[type-var, arg-type]
            solved = complete and not by_engine
            board.push(_choose(board, rng, share, results, solved, engine, engine_depth))


def _once(board: Board, result: int, seen: set[int]) -> Iterator[LabelledPosition]:
    if first_time(board, seen):
        yield LabelledPosition(cells_of(board), result, board.ply)


def first_time(board: Board, seen: set[int]) -> bool:
    """Whether neither ``board`` nor its mirror image is in ``seen`` yet (then it is added)."""
    key = min(board.key(), board.mirror().key())
    if key in seen:
        return False
    seen.add(key)
    return True


def play_noisily(
    board: Board,
    rng: random.Random,
    engine: Engine,
    share: float,
    *,
    until: int | None = None,
    depth: int = 4,
) -> None:
    """Play on ``board`` until the game is over (or ``until`` stones are on it): a random legal
    move with probability ``share``, else one of ``engine``'s best at ``depth`` plies."""
    while not board.is_game_over() and (until is None or board.ply < until):
        if rng.random() < share:
            board.push(rng.choice(board.legal_moves))
        else:
            board.push(rng.choice(engine.search(board, depth).best_moves))


def _choose(
    board: Board,
    rng: random.Random,
    share: float,
    results: list[int | None],
    complete: bool,
    engine: Engine,
    depth: int,
) -> int:
    legal = board.legal_moves
    if rng.random() < share:
        return rng.choice(legal)
    if complete:
        top = max(results[c] for c in legal)  # type: ignore[type-var]
        return rng.choice([c for c in legal if results[c] == top])
    wins = board.winning_moves()
    if wins:
        return rng.choice(wins)
    found = engine.search(board, min(depth, board.width * board.height - board.ply))
    return rng.choice(found.best_moves)
