"""Puzzles: positions with one good column, found in real games and proven by the solver.

``fourinarow.puzzles.model`` says what a puzzle is and reads and writes set files,
``fourinarow.puzzles.verify`` re-proves a puzzle with the solver
(:func:`~fourinarow.puzzles.verify.verify`) and ``fourinarow.puzzles.generate`` mines games for
puzzles and rates them. A set of 7x6 puzzles
ships with the package: :func:`shipped`.
"""

from __future__ import annotations

from importlib.resources import files

from fourinarow.puzzles.model import (
    KINDS,
    WIN_MAX_DISTANCE,
    Kind,
    Puzzle,
    PuzzleError,
    read_puzzles,
    write_puzzles,
)

__all__ = [
    "KINDS",
    "SHIPPED_SET",
    "WIN_MAX_DISTANCE",
    "Kind",
    "Puzzle",
    "PuzzleError",
    "read_puzzles",
    "shipped",
    "write_puzzles",
]

SHIPPED_SET = "sets/7x6.jsonl"
"""The shipped set's file, inside this package."""


def shipped() -> list[Puzzle]:
    """The puzzle set that ships with the package: a few hundred 7x6 connect-4 puzzles of every
    kind, easiest first, each verified by the solver (the command that made it is
    ``fourinarow.puzzles.generate.SHIPPED_COMMAND``).

    Raises:
        PuzzleError: the shipped file is missing or damaged (a broken installation).
    """
    path = files(__name__).joinpath(SHIPPED_SET)
    return read_puzzles(str(path))
