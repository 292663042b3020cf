"""The player's puzzle progress, kept in a SQLite file: every attempt, and what follows from
them (puzzles solved and failed, the current and the best streak).

The file is ``puzzles.sqlite3`` in the user's data folder (:func:`default_progress_path`) unless
another is given. Each attempt is one row committed on its own when the attempt ends (the
database runs in WAL mode), so a program killed at any moment loses at most the attempt it was
in, and never leaves the file damaged. An attempt that was never finished is not recorded.

The file is marked as ours (``PRAGMA application_id`` and ``user_version``); a file that is
not a SQLite database, another program's database, a folder, a place where the file cannot be
made, or a file (or a folder on the way) the user may not open is refused with a
:class:`ProgressError` whose message says which and where; a FIFO, a device or a socket with a
:class:`~fourinarow.core.PathKindError`, before SQLite opens it. A damaged file is refused in
one line that says to restore it or give another one; a write that fails (a full disk) raises
:class:`~fourinarow.core.paths.OutputWriteError`, the attempts recorded before kept.

A streak is a run of solved attempts; a failed or skipped one (the solution shown) ends it.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, get_args

from fourinarow.core import FourInARowError
from fourinarow.core.paths import OutputWriteError
from fourinarow.core.user_files import (
    UserFileKind,
    open_user_file,
    user_file_error,
)
from fourinarow.userdata import (
    UnknownDataHomeError,
    data_file,
)

__all__ = [
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "Attempt",
    "Progress",
    "ProgressError",
    "Result",
    "Stats",
    "default_progress_path",
]

APPLICATION_ID = 0x34696150
"""``PRAGMA application_id`` of a progress file: the bytes ``4iaP``."""
SCHEMA_VERSION = 1
"""``PRAGMA user_version`` of the table below; a file of a later version is refused."""

Result = Literal["solved", "failed", "skipped"]
"""How an attempt ended (``skipped``: the player asked for the solution)."""

RESULTS: tuple[Result, ...] = get_args(Result)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS attempts (
    id INTEGER PRIMARY KEY,
    puzzle TEXT NOT NULL,
    puzzle_set TEXT NOT NULL,
    played TEXT NOT NULL,
    daily TEXT,
    result TEXT NOT NULL CHECK (result IN ('solved', 'failed', 'skipped')),
    moves TEXT NOT NULL,
    hints INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS attempts_by_puzzle ON attempts (puzzle_set, puzzle);
"""


class ProgressError(FourInARowError):
    """A progress file that cannot be used: not one of ours, damaged, or in a place where it
    cannot be made or written."""


KIND = UserFileKind(
    noun="puzzle progress file",
    short="progress file",
    file_name="puzzles.sqlite3",
    kept="the attempts recorded before",
    error=ProgressError,
    application_id=APPLICATION_ID,
    schema_version=SCHEMA_VERSION,
    schema=_SCHEMA,
)
"""The puzzle progress file among the user's SQLite files (its messages and marks)."""


def default_progress_path() -> Path:
    """``puzzles.sqlite3`` in the user's data folder (``$XDG_DATA_HOME/fourinarow``, or
    ``~/.local/share/fourinarow``).

    Raises:
        ProgressError: neither ``XDG_DATA_HOME`` nor the home folder is known.
    """
    try:
        return data_file("puzzles.sqlite3")
    except UnknownDataHomeError:
        raise ProgressError(
            "cannot tell the home folder for the puzzle progress file: set HOME or "
            "XDG_DATA_HOME, or give the file with --db"
        ) from None


@dataclass(frozen=True)
class Attempt:
    """One finished attempt at a puzzle.

    Attributes:
        puzzle: the puzzle's id.
        puzzle_set: the set it came from (``shipped``, or a set file's path).
        played: when it ended (UTC, ISO 8601).
        daily: the date of the daily puzzle it was (``YYYY-MM-DD``), else ``None``.
        result: ``solved``, ``failed`` or ``skipped``.
        moves: the player's moves, 1-based columns separated by spaces.
        hints: how many hints were asked for.
    """

    puzzle: str
    puzzle_set: str
    played: str
    daily: str | None
    result: Result
    moves: str
    hints: int


@dataclass(frozen=True)
class Stats:
    """What the attempts add up to.

    Attributes:
        attempts: every attempt recorded.
        solved, failed, skipped: the attempts that ended each way.
        puzzles_solved: the different puzzles solved at least once.
        streak: solved attempts in a row up to the last one (0 if the last was not solved).
        best_streak: the longest such run ever.
        daily_solved: the dates whose daily puzzle was solved.
    """

    attempts: int
    solved: int
    failed: int
    skipped: int
    puzzles_solved: int
    streak: int
    best_streak: int
    daily_solved: int


class Progress:
    """A progress file, opened (and made, with its folder, if missing).

    Args:
        path: the SQLite file (default: :func:`default_progress_path`).

    Raises:
        ProgressError: see the module's text.
    """

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = default_progress_path() if path is None else Path(path)
        self._db = open_user_file(self.path, KIND, timeout=5.0)

    def _error(self, error: sqlite3.Error) -> FourInARowError | OutputWriteError:
        return user_file_error(error, self.path, KIND)

    def _read(self, query: str, parameters: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of a query, SQLite's errors turned into ours."""
        try:
            return self._db.execute(query, parameters).fetchall()
        except sqlite3.Error as error:
            raise self._error(error) from None

    # ------------------------------------------------------------------------------ writing

    def record(
        self,
        puzzle: str,
        puzzle_set: str,
        result: Result,
        moves: Iterable[str] = (),
        hints: int = 0,
        daily: str | None = None,
        when: datetime | None = None,
    ) -> Attempt:
        """Record a finished attempt and commit it at once; return it.

        Raises:
            ProgressError: ``result`` is not a result, or the file cannot be written.
        """
        if result not in RESULTS:
            raise ProgressError(f"an attempt ends {', '.join(RESULTS)}, not {result!r}")
        played = (when or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")
        attempt = Attempt(puzzle, puzzle_set, played, daily, result, " ".join(moves), hints)
        try:
            with self._db:
                self._db.execute(
                    "INSERT INTO attempts (puzzle, puzzle_set, played, daily, result, moves, "
                    "hints) VALUES (?, ?, ?, ?, ?, ?, ?)",
                    (puzzle, puzzle_set, played, daily, result, attempt.moves, hints),
                )
        except sqlite3.Error as error:
            raise self._error(error) from None
        return attempt

    # ------------------------------------------------------------------------------ reading

    def attempts(self) -> list[Attempt]:
        """Every attempt, oldest first."""
        rows = self._read(
            "SELECT puzzle, puzzle_set, played, daily, result, moves, hints FROM attempts "
            "ORDER BY id"
        )
        return [Attempt(*row) for row in rows]

    def solved(self, puzzle_set: str | None = None) -> set[str]:
        """The ids of the puzzles solved at least once (of one set, if given)."""
        query = "SELECT DISTINCT puzzle FROM attempts WHERE result = 'solved'"
        if puzzle_set is None:
            return {row[0] for row in self._read(query)}
        return {row[0] for row in self._read(query + " AND puzzle_set = ?", (puzzle_set,))}

    def stats(self) -> Stats:
        """The totals and streaks of every attempt."""
        counts = dict.fromkeys(RESULTS, 0)
        streak = best = 0
        solved: set[tuple[str, str]] = set()
        days: set[str] = set()
        for attempt in self.attempts():
            counts[attempt.result] += 1
            if attempt.result == "solved":
                solved.add((attempt.puzzle_set, attempt.puzzle))
                if attempt.daily is not None:
                    days.add(attempt.daily)
                streak += 1
                best = max(best, streak)
            else:
                streak = 0
        return Stats(
            attempts=sum(counts.values()),
            solved=counts["solved"],
            failed=counts["failed"],
            skipped=counts["skipped"],
            puzzles_solved=len(solved),
            streak=streak,
            best_streak=best,
            daily_solved=len(days),
        )

    # ----------------------------------------------------------------------------- closing

    def close(self) -> None:
        """Close the file (every attempt is committed already)."""
        self._db.close()

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
