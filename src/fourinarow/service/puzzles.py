"""Puzzles for the front ends: sets read and written, puzzles found in games, the daily puzzle,
an attempt at one and the player's progress; every front end reaches them here."""

from __future__ import annotations

from collections.abc import Callable

from fourinarow import puzzles as package
from fourinarow.puzzles.attempt import (
    SYMBOLS as SYMBOLS,
)
from fourinarow.puzzles.attempt import (
    Move as Move,
)
from fourinarow.puzzles.attempt import (
    PuzzleSession as PuzzleSession,
)
from fourinarow.puzzles.daily import (
    daily_puzzle as daily_puzzle,
)
from fourinarow.puzzles.daily import (
    today as today,
)
from fourinarow.puzzles.generate import (
    STALL_GAMES as STALL_GAMES,
)
from fourinarow.puzzles.generate import (
    Game as Game,
)
from fourinarow.puzzles.generate import (
    generate as generate,
)
from fourinarow.puzzles.history import (
    Progress as Progress,
)
from fourinarow.puzzles.history import (
    ProgressError as ProgressError,
)
from fourinarow.puzzles.history import (
    Result as Result,
)
from fourinarow.puzzles.history import (
    default_progress_path as default_progress_path,
)
from fourinarow.puzzles.model import (
    KINDS as KINDS,
)
from fourinarow.puzzles.model import (
    Puzzle as Puzzle,
)
from fourinarow.puzzles.model import (
    PuzzleError as PuzzleError,
)
from fourinarow.puzzles.model import (
    read_puzzles as read_puzzles,
)
from fourinarow.puzzles.model import (
    write_puzzles as write_puzzles,
)


def shipped_puzzles() -> list[Puzzle] | None:
    """The puzzle set that ships with fourinarow, or ``None`` where this copy ships none.

    Raises:
        PuzzleError: the shipped file is damaged (a broken installation).
    """
    shipped: Callable[[], list[Puzzle]] | None = getattr(package, "shipped", None)
    return None if shipped is None else shipped()
