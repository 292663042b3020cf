"""The daily puzzle: the same one for everyone on a date.

The pick depends only on the date and the set's ids (not on the order of its lines): the
puzzles are sorted by id and the date's SHA-256 picks one. Two dates pick the same puzzle only
by chance (one in the set's size).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from datetime import UTC, date, datetime

from fourinarow.puzzles.model import Puzzle, PuzzleError

__all__ = ["daily_puzzle", "today"]


def today() -> date:
    """Today's date in UTC, the calendar of the daily puzzle."""
    return datetime.now(UTC).date()


def daily_puzzle(puzzles: Sequence[Puzzle], day: date) -> Puzzle:
    """The puzzle of ``day`` among ``puzzles``.

    Raises:
        PuzzleError: there are no puzzles.
    """
    if not puzzles:
        raise PuzzleError("there is no puzzle to pick the daily one from: the set is empty")
    ordered = sorted(puzzles, key=lambda p: p.id)
    digest = hashlib.sha256(f"fourinarow daily puzzle {day.isoformat()}".encode()).digest()
    return ordered[int.from_bytes(digest[:8], "big") % len(ordered)]
