"""The games the web page saves: one games file, read and written by one thread of its own.

The page posts each game finished on it (``POST /api/v1/games``); the server keeps the newest
``keep`` of them (the oldest are deleted in the same call), so a flood of posts cannot grow the
file without bound. Every call runs on one worker thread, in order (SQLite writes one at a
time anyway, and a connection stays on its thread); at most :data:`MAX_WAITING` calls wait for
it, and one more is refused at once (HTTP 503), so a flood cannot queue work without bound or
hold the event loop: the other routes go on answering.

The file is opened at the first call (and made at the first save: a server that only lists
makes no file), in the user's data folder by default, as the terminal and desktop games are.

The exercises missed on the page (*Learn from your mistakes*) join the puzzle history on the
same thread (``POST /api/v1/exercises/missed``), as the terminal's ``--retry`` records them
(:func:`~fourinarow.service.coach.remember_missed_move`): ``puzzles.sqlite3`` in the user's
data folder by default.
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import TypeVar

from fourinarow.core import Board, Column, FourInARowError
from fourinarow.core.paths import OutputWriteError
from fourinarow.service.coach import remember_missed_move
from fourinarow.service.games import (
    GameStore,
    GameStoreError,
    UnknownGameError,
    default_games_path,
)
from fourinarow.service.puzzles import Progress, ProgressError, default_progress_path
from fourinarow.service.records import game_record
from fourinarow.web.searches import ServerBusyError

__all__ = ["MAX_WAITING", "NoGamesKeptError", "SavedGames", "SavedGamesError"]

MAX_WAITING = 64
"""The most calls on the games file that wait at once; one more gets 503."""

T = TypeVar("T")

log = logging.getLogger(__name__)


class SavedGamesError(ServerBusyError):
    """The games file cannot be read or written now (HTTP 503); the server's log says why (the
    answer does not name the server's file)."""


class NoGamesKeptError(FourInARowError):
    """This server keeps no games (``--keep-games 0``): HTTP 403."""


class SavedGames:
    """The web page's games file.

    Args:
        path: the games file (default: ``games.sqlite3`` in the user's data folder).
        keep: how many games to keep, the newest; 0 keeps none (a save is refused with
            :class:`NoGamesKeptError`, and no file is made; so is an exercise missed).
        puzzle_path: the puzzle history the exercises missed join (default:
            ``puzzles.sqlite3`` in the user's data folder).
    """

    def __init__(self, path: Path | None, keep: int, puzzle_path: Path | None = None) -> None:
        self.path = path
        self.keep = keep
        self.puzzle_path = puzzle_path
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="fourinarow-games")
        self._store: GameStore | None = None
        self._waiting = 0
        self._lock = threading.Lock()

    def _file(self) -> Path:
        return default_games_path() if self.path is None else self.path

    def _opened(self) -> GameStore:
        """The store, opened on the worker thread at its first use."""
        if self._store is None:
            self._store = GameStore(self._file())
        return self._store

    async def _run(self, call: Callable[[], T]) -> T:
        """``call`` on the worker thread; 503 when too many wait, or the file fails."""
        with self._lock:
            if self._waiting >= MAX_WAITING:
                raise ServerBusyError(
                    f"more than {MAX_WAITING} requests wait for the games file: try again"
                )
            self._waiting += 1
        try:
            return await asyncio.get_running_loop().run_in_executor(self._thread, call)
        except UnknownGameError:
            raise
        except GameStoreError as error:  # it names the server's file: logged, not answered
            log.error("the games file: %s", error)
            raise SavedGamesError(
                "the saved games cannot be read or written now; the server's log says why"
            ) from None
        except (ProgressError, OutputWriteError) as error:
            log.error("the puzzle history: %s", error)
            raise SavedGamesError(
                "the puzzle history cannot be written now; the server's log says why"
            ) from None
        finally:
            with self._lock:
                self._waiting -= 1

    async def save(self, board: Board, first: str, second: str) -> dict[str, object]:
        """Save the game that led to ``board`` (from the web), keep the newest :attr:`keep`
        games; the saved game's record."""

        if self.keep == 0:
            raise NoGamesKeptError("this server keeps no games (fourinarow serve --keep-games 0)")

        def call() -> dict[str, object]:
            saved = self._opened().save(
                board, first=first, second=second, source="web", keep=self.keep
            )
            return game_record(saved)

        return await self._run(call)

    async def games(self, limit: int, offset: int) -> tuple[list[dict[str, object]], int]:
        """The records of ``limit`` games from ``offset``, newest first, and how many there
        are (none, without making the file, when there is none yet)."""

        def call() -> tuple[list[dict[str, object]], int]:
            if self.keep == 0 or (self._store is None and not self._file().exists()):
                return [], 0
            store = self._opened()
            return [game_record(g) for g in store.games(limit, offset)], len(store)

        return await self._run(call)

    async def game(self, number: int) -> dict[str, object]:
        """The record of game ``number``.

        Raises:
            UnknownGameError: no game has that number (HTTP 404).
        """

        def call() -> dict[str, object]:
            return game_record(self._opened().game(number))

        return await self._run(call)

    async def missed(self, board: Board, played: Column, *, shown: bool) -> str:
        """Record the exercise of the mistake ``played`` (0-based) at ``board`` as missed in
        the puzzle history (``shown``: its answer was shown without a try: skipped); its id.

        Raises:
            NoGamesKeptError: this server keeps nothing of the games played on it.
            InvalidMoveError, IllegalMoveError: ``played`` is not a move at ``board``.
        """
        if self.keep == 0:
            raise NoGamesKeptError(
                "this server keeps nothing of the games played on it (fourinarow serve "
                "--keep-games 0)"
            )
        board.copy().push(played)  # a bad move is refused before the thread is asked

        def call() -> str:
            path = default_progress_path() if self.puzzle_path is None else self.puzzle_path
            with Progress(path) as progress:
                return remember_missed_move(board, played, progress, answer_shown=shown)

        return await self._run(call)

    def close(self) -> None:
        """Close the file, once the calls under way are done."""

        def call() -> None:
            if self._store is not None:
                self._store.close()
                self._store = None

        self._thread.submit(call).result()
        self._thread.shutdown()
