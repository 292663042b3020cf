"""Puzzles for the tests, made from positions the solver proves (the shipped set is another
branch's work; these do not depend on it)."""

from __future__ import annotations

import random
from pathlib import Path

from fourinarow.core import Board, column_label
from fourinarow.puzzles.attempt import PuzzleSession
from fourinarow.puzzles.model import Kind, Puzzle, write_puzzles
from fourinarow.search.scores import Exact
from fourinarow.search.solver import Solver

SOLVER = Solver(tt_mb=16)

WIN_IN_1 = "1116514624"
"""X to move; only column 3 wins, at once."""
WIN_IN_2 = "1116514624615274452"
"""O to move; only column 3 wins, in 2 of O's moves."""
WIN_IN_4 = "11165146246152744"
"""X to move; only column 3 wins, in 4."""
ONLY_MOVE = "25"
"""X to move; only column 4 keeps the win (in 19)."""
SAVE_DRAW = "257771"
"""X to move; only column 5 keeps the draw."""


def make_puzzle(moves: str, kind: Kind, rating: int = 1000) -> Puzzle:
    """The puzzle of ``kind`` at the position ``moves`` (7x6), its fields found with the solver.

    Raises:
        AssertionError: the position is not such a puzzle.
    """
    board = Board.from_moves(moves)
    values = {c: v for c, v in enumerate(SOLVER.analyze(board).values) if isinstance(v, Exact)}
    best = max(values.values(), key=lambda v: v.value)
    wins = [c for c, v in values.items() if v.value > 0]
    if kind == "save-draw":
        keeps = [c for c, v in values.items() if v.value >= 0]
        assert best.value == 0, (moves, values)
        assert len(keeps) == 1, (moves, values)
    else:
        keeps = wins
        assert len(wins) == 1, (moves, values)
    solution = keeps[0]
    draft = Puzzle(
        id=f"7x6c4-{moves or 'empty'}",
        moves=moves,
        width=7,
        height=6,
        connect=4,
        kind=kind,
        solution=solution,
        distance=best.own_moves,
        value=best.value,
        line=(solution,),
        rating=rating,
        source="tests",
    )
    if kind != "win":
        return draft
    session = PuzzleSession(draft, SOLVER)
    line: list[int] = []
    while session.status == "playing":
        move = session.play(session.accepted_columns()[0])
        line.append(move.column)
        if move.reply is not None:
            line.append(move.reply)
    assert session.status == "solved"
    return Puzzle(**{**draft.__dict__, "line": tuple(line)})


def examples() -> list[Puzzle]:
    """One puzzle of each kind, and wins of a few lengths."""
    return [
        make_puzzle(WIN_IN_1, "win", 800),
        make_puzzle(WIN_IN_2, "win", 1100),
        make_puzzle(WIN_IN_4, "win", 1500),
        make_puzzle(ONLY_MOVE, "only-move", 1800),
        make_puzzle(SAVE_DRAW, "save-draw", 1300),
    ]


def many_wins(count: int, seed: int = 1) -> list[Puzzle]:
    """``count`` win puzzles (wins in 1 to 3) from random games, each position once."""
    rng = random.Random(seed)
    found: dict[str, Puzzle] = {}
    while len(found) < count:
        board, moves = Board(), ""
        while board.outcome() is None and len(found) < count:
            values = [v for v in SOLVER.analyze(board).values if isinstance(v, Exact)]
            wins = [v for v in values if v.value > 0]
            length = wins[0].own_moves if len(wins) == 1 else None
            if length is not None and length <= 3 and moves not in found:
                found[moves] = make_puzzle(moves, "win", 900 + 100 * length)
            column = rng.choice(board.legal_moves)
            board.push(column)
            moves += column_label(column)
    return list(found.values())


def write_set(path: Path, puzzles: list[Puzzle]) -> Path:
    """Write ``puzzles`` as a set file at ``path``; return the path."""
    write_puzzles(path, puzzles)
    return path
