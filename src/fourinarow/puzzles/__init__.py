"""Puzzles: positions with one good column, found in real games and proven by the solver.

:mod:`fourinarow.puzzles.model` says what a puzzle is and reads and writes set files.
"""

from __future__ import annotations

from fourinarow.puzzles.model import KINDS, Kind, Puzzle, PuzzleError, read_puzzles, write_puzzles

__all__ = ["KINDS", "Kind", "Puzzle", "PuzzleError", "read_puzzles", "write_puzzles"]
