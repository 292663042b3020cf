"""Puzzles for the front ends: sets read and written, puzzles found in games, the daily puzzle,
an attempt at one and the player's progress; every front end reaches them here."""

from __future__ import annotations

from collections.abc import Callable

from fourinarow import puzzles as package
from fourinarow.puzzles.attempt import SYMBOLS, Move, PuzzleSession, describe_value
from fourinarow.puzzles.daily import daily_puzzle, today
from fourinarow.puzzles.generate import STALL_GAMES, Game, generate
from fourinarow.puzzles.history import Progress, Result, default_progress_path
from fourinarow.puzzles.model import KINDS, Puzzle, PuzzleError, read_puzzles, write_puzzles

__all__ = [
    "KINDS",
    "STALL_GAMES",
    "SYMBOLS",
    "Game",
    "Move",
    "Progress",
    "Puzzle",
    "PuzzleError",
    "PuzzleSession",
    "Result",
    "daily_puzzle",
    "default_progress_path",
    "describe_value",
    "generate",
    "read_puzzles",
    "shipped_puzzles",
    "today",
    "write_puzzles",
]


def shipped_puzzles() -> list[Puzzle] | None:
    """The puzzle set that ships with fourinarow, or ``None`` where this copy ships none.

    Raises:
        PuzzleError: the shipped file is damaged (a broken installation).
    """
    shipped: Callable[[], list[Puzzle]] | None = getattr(package, "shipped", None)
    return None if shipped is None else shipped()
