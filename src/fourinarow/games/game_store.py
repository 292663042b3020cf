"""The player's own games, kept in a SQLite file: every game finished (or left) in the
terminal, the desktop game and the web page, numbered 1, 2, 3, ... in the order saved.

The file is ``games.sqlite3`` in the user's data folder (:func:`default_games_path`) unless
another is given. Each game is one row committed in one transaction when it is saved (the
database runs in WAL mode, so several programs may save at once), so a program killed at any
moment loses at most the game it was saving, and never leaves the file damaged.

The file is marked as ours (``PRAGMA application_id`` and ``user_version``); a file that is
not a SQLite database, another program's database, a folder, a place where the file cannot be
made, or a file (or a folder on the way) the user may not open is refused with a
:class:`GameStoreError` whose one line says which and where; a FIFO, a device or a socket with
a :class:`~fourinarow.core.PathKindError`, before SQLite opens it. A write that fails (a full
disk) raises :class:`~fourinarow.core.paths.OutputWriteError`, the games saved before kept.

>>> import tempfile, pathlib
>>> from fourinarow.core import Board
>>> with tempfile.TemporaryDirectory() as folder:
...     with GameStore(pathlib.Path(folder) / "g.sqlite3") as store:
...         saved = store.save(Board.from_moves("4455667"), first="You",
...                            second="Computer (level 3)", source="terminal")
...         (saved.number, saved.moves, saved.result, saved.you, len(store))
(1, '4455667', 'first', 'first', 1)
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any, Literal, get_args

from fourinarow.core import Board, FourInARowError
from fourinarow.core.checks import shown
from fourinarow.core.paths import OutputWriteError
from fourinarow.core.user_files import (
    UserFileKind,
    open_user_file,
    user_file_error,
)
from fourinarow.games.sides import MAX_NAME, Side, your_side
from fourinarow.userdata import (
    DAMAGED_ADVICE,
    UnknownDataHomeError,
    data_file,
)

__all__ = [
    "APPLICATION_ID",
    "GAME_RESULTS",
    "MAX_NAME",
    "SCHEMA_VERSION",
    "SOURCES",
    "GameResult",
    "GameStore",
    "GameStoreError",
    "SavedGame",
    "Source",
    "UnknownGameError",
    "default_games_path",
]

APPLICATION_ID = 0x34696147
"""``PRAGMA application_id`` of a games file: the bytes ``4iaG``."""
SCHEMA_VERSION = 1
"""``PRAGMA user_version`` of the table below; a file of a later version is refused."""

GameResult = Literal["first", "second", "draw", "unfinished"]
"""How a game ended: won by the first or the second player, drawn, or left before its end."""
GAME_RESULTS: tuple[GameResult, ...] = get_args(GameResult)

Source = Literal["terminal", "desktop", "web"]
"""Where a game was played."""
SOURCES: tuple[Source, ...] = get_args(Source)

WHAT = "the games file"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    number INTEGER PRIMARY KEY AUTOINCREMENT,
    moves TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    connect INTEGER NOT NULL,
    first TEXT NOT NULL,
    second TEXT NOT NULL,
    result TEXT NOT NULL CHECK (result IN ('first', 'second', 'draw', 'unfinished')),
    source TEXT NOT NULL CHECK (source IN ('terminal', 'desktop', 'web')),
    finished TEXT NOT NULL
);
"""

_COLUMNS = "number, moves, width, height, connect, first, second, result, source, finished"


class GameStoreError(FourInARowError):
    """A games file that cannot be used (not one of ours, damaged, in a place where it cannot
    be made or written), or a game that cannot be saved; the message names the file."""


class UnknownGameError(GameStoreError, LookupError):
    """No saved game has that number."""


KIND = UserFileKind(
    noun="games file",
    short="games file",
    file_name="games.sqlite3",
    kept="the games saved before",
    error=GameStoreError,
    application_id=APPLICATION_ID,
    schema_version=SCHEMA_VERSION,
    schema=_SCHEMA,
)
"""The games file among the user's SQLite files (its messages and marks)."""


def default_games_path() -> Path:
    """``games.sqlite3`` in the user's data folder (``$XDG_DATA_HOME/fourinarow``, or
    ``~/.local/share/fourinarow``).

    Raises:
        GameStoreError: neither ``XDG_DATA_HOME`` nor the home folder is known.
    """
    try:
        return data_file("games.sqlite3")
    except UnknownDataHomeError:
        raise GameStoreError(
            "cannot tell the home folder for the games file: set HOME or XDG_DATA_HOME, or "
            "give the file with --db"
        ) from None


@dataclass(frozen=True)
class SavedGame:
    """One saved game.

    Attributes:
        number: 1, 2, 3, ... in the order saved (never reused).
        moves: the move string, as ``Board.to_moves`` writes it for this board.
        width, height, connect: the board's shape.
        first, second: who played (``You``, ``Computer (level 5)``; ``Red`` and ``Yellow``
            for two people: :func:`~fourinarow.games.sides.player_names`).
        result: ``first``, ``second``, ``draw`` or ``unfinished`` (left before its end).
        source: ``terminal``, ``desktop`` or ``web``.
        finished: when it was saved (UTC, ISO 8601, seconds).
    """

    number: int
    moves: str
    width: int
    height: int
    connect: int
    first: str
    second: str
    result: GameResult
    source: Source
    finished: str

    @property
    def size(self) -> str:
        """The board's size as options write it: ``7x6``."""
        return f"{self.width}x{self.height}"

    @property
    def you(self) -> Side | None:
        """Which side is yours: ``first``, ``second``, or ``None`` (two people, or two
        computers), from the names (:func:`~fourinarow.games.sides.your_side`)."""
        return your_side(self.first, self.second)

    @property
    def plies(self) -> int:
        """The stones played."""
        return self.board().ply

    def board(self) -> Board:
        """The game's final position (a new board each call)."""
        return Board.from_moves(
            self.moves, width=self.width, height=self.height, connect=self.connect
        )

    def to_json(self) -> dict[str, object]:
        """The game as JSON: every attribute, ``size`` (``7x6``), ``plies`` and ``you``."""
        return {
            "number": self.number,
            "moves": self.moves,
            "size": self.size,
            "width": self.width,
            "height": self.height,
            "connect": self.connect,
            "plies": self.plies,
            "first": self.first,
            "second": self.second,
            "you": self.you,
            "result": self.result,
            "source": self.source,
            "finished": self.finished,
        }


def result_of(board: Board) -> GameResult:
    """How ``board``'s game stands: ``first``, ``second``, ``draw`` or ``unfinished``."""
    outcome = board.outcome()
    if outcome is None:
        return "unfinished"
    if outcome.is_draw:
        return "draw"
    return "first" if outcome.winner == 1 else "second"


def _name(value: object, which: str) -> str:
    if isinstance(value, str) and len(" ".join(value.split())) > MAX_NAME:
        raise GameStoreError(
            f"the {which} player's name has {len(' '.join(value.split()))} characters: a name "
            f"is 1 to {MAX_NAME} characters long"
        )
    if not isinstance(value, str) or not value.strip():
        raise GameStoreError(
            f"the {which} player's name is a text of 1 to {MAX_NAME} characters, not {shown(value)}"
        )
    return " ".join(value.split())


def _check_count(value: object, name: str, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise GameStoreError(f"{name} is a whole number >= {least}, not {shown(value)}")


class GameStore:
    """A games file, opened (and made, with its folder, if missing).

    Args:
        path: the SQLite file (default: :func:`default_games_path`).

    Raises:
        GameStoreError: see the module's text.
    """

    def __init__(self, path: Path | str | None = None) -> None:
        self.path = default_games_path() if path is None else Path(path)
        self._db = open_user_file(self.path, KIND, timeout=10.0)

    def _error(self, error: sqlite3.Error) -> FourInARowError | OutputWriteError:
        return user_file_error(error, self.path, KIND)

    def _read(self, query: str, parameters: tuple[object, ...] = ()) -> list[tuple[Any, ...]]:
        """The rows of a query, SQLite's errors turned into ours."""
        try:
            return self._db.execute(query, parameters).fetchall()
        except sqlite3.Error as error:
            raise self._error(error) from None

    # ------------------------------------------------------------------------------ writing

    def save(
        self,
        board: Board,
        *,
        first: str,
        second: str,
        source: Source,
        when: datetime | None = None,
        keep: int | None = None,
    ) -> SavedGame:
        """Save the game that led to ``board`` (its moves and shape; the result from the
        board: ``unfinished`` if the game is not over) in one transaction; return it. With
        ``keep``, the oldest games beyond the newest ``keep`` are deleted in the same
        transaction (a server's bound).

        Raises:
            GameStoreError: ``board`` is not a board or has no moves, a name is not 1 to
                ``MAX_NAME`` characters, ``source`` is not one of ``SOURCES``,
                ``keep`` is not a whole number >= 1, or the file cannot be written.
        """
        if keep is not None:
            _check_count(keep, "the games to keep", 1)
        if not isinstance(board, Board):
            raise GameStoreError(f"a game to save is a Board, not {shown(board)}")
        if not board.ply:
            raise GameStoreError("a game without moves is not saved")
        if source not in SOURCES:
            raise GameStoreError(f"a game's source is {', '.join(SOURCES)}, not {shown(source)}")
        names = _name(first, "first"), _name(second, "second")
        finished = (when or datetime.now(UTC)).astimezone(UTC).isoformat(timespec="seconds")
        row = (board.to_moves(), board.width, board.height, board.connect, *names)
        result = result_of(board)
        try:
            with self._db:
                cursor = self._db.execute(
                    "INSERT INTO games (moves, width, height, connect, first, second, result, "
                    "source, finished) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (*row, result, source, finished),
                )
                if keep is not None:
                    self._prune(keep)
        except sqlite3.Error as error:
            raise self._error(error) from None
        number = cursor.lastrowid
        assert number is not None
        return SavedGame(number, *row, result, source, finished)

    def prune(self, keep: int) -> int:
        """Delete all but the newest ``keep`` games (their numbers are not reused); return
        how many were deleted.

        Raises:
            GameStoreError: ``keep`` is not a whole number of at least 0, or the file cannot
                be written.
        """
        _check_count(keep, "the games to keep", 0)
        try:
            with self._db:
                return self._prune(keep)
        except sqlite3.Error as error:
            raise self._error(error) from None

    def _prune(self, keep: int) -> int:
        cursor = self._db.execute(
            "DELETE FROM games WHERE number NOT IN "
            "(SELECT number FROM games ORDER BY number DESC LIMIT ?)",
            (keep,),
        )
        return cursor.rowcount

    # ------------------------------------------------------------------------------ reading

    def games(self, limit: int = 50, offset: int = 0) -> list[SavedGame]:
        """Up to ``limit`` games, newest first, after skipping the ``offset`` newest.

        Raises:
            GameStoreError: ``limit`` or ``offset`` is not a whole number >= 0.
        """
        _check_count(limit, "limit", 0)
        _check_count(offset, "offset", 0)
        rows = self._read(
            f"SELECT {_COLUMNS} FROM games ORDER BY number DESC LIMIT ? OFFSET ?",
            (limit, offset),
        )
        return [self._game(row) for row in rows]

    def game(self, number: int) -> SavedGame:
        """The game of this number.

        Raises:
            UnknownGameError: no saved game has it (the message says which numbers exist).
        """
        if isinstance(number, bool) or not isinstance(number, int):
            raise UnknownGameError(f"a game's number is a whole number, not {shown(number)}")
        rows = self._read(f"SELECT {_COLUMNS} FROM games WHERE number = ?", (number,))
        if rows:
            return self._game(rows[0])
        low, high = self._read("SELECT MIN(number), MAX(number) FROM games")[0]
        if low is None:
            raise UnknownGameError(f"no game {number}: {self.path} holds no games yet")
        raise UnknownGameError(f"no game {number} in {self.path}: the games are {low} to {high}")

    def __len__(self) -> int:
        return int(self._read("SELECT COUNT(*) FROM games")[0][0])

    def _game(self, row: tuple[Any, ...]) -> SavedGame:
        game = SavedGame(*row)
        try:
            game.board()
        except FourInARowError as error:
            raise GameStoreError(
                f"{self.path} is damaged: game {game.number} is not a game ({error}); "
                f"{DAMAGED_ADVICE}"
            ) from None
        return game

    # ----------------------------------------------------------------------------- closing

    def close(self) -> None:
        """Close the file (every game is committed already)."""
        self._db.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()
