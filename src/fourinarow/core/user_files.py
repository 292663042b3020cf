"""The checks every SQLite file of the user's own data shares (the saved games, the puzzle
progress): a path that can hold one, a file that is ours and of a version we read, and
SQLite's errors said in one line.

Each kind of file is a :class:`UserFileKind`; its store opens it with :func:`open_user_file`
(which checks the path with :func:`check_user_file` before SQLite opens it, makes its folder,
and adopts the file with :func:`adopt_user_file`), and turns any later ``sqlite3.Error`` into
its own error with :func:`user_file_error`.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from fourinarow.core.errors import FourInARowError
from fourinarow.core.paths import OutputWriteError, check_regular_file, path_problem, shown_path
from fourinarow.userdata import (
    DAMAGED_ADVICE,
    holds_other_data,
    is_damage,
    sqlite_code,
    sqlite_reason,
)

__all__ = [
    "UserFileKind",
    "adopt_user_file",
    "check_user_file",
    "open_user_file",
    "user_file_error",
]


@dataclass(frozen=True)
class UserFileKind:
    """One kind of the user's SQLite files, as its messages name it.

    Attributes:
        noun: what one is, after "a" ("games file").
        short: what to give instead, after "give a" ("games file").
        file_name: its usual name, for the example a folder given gets ("games.sqlite3").
        kept: what survives a failed write ("the games saved before").
        error: the store's error class.
        application_id: the SQLite application id that marks the file as this kind.
        schema_version: the highest schema version this fourinarow reads.
        schema: the SQL that makes the tables (``CREATE ... IF NOT EXISTS``).
    """

    noun: str
    short: str
    file_name: str
    kept: str
    error: type[FourInARowError]
    application_id: int
    schema_version: int
    schema: str

    @property
    def what(self) -> str:
        """The file as a message starts with it: ``the games file``."""
        return f"the {self.noun}"


def check_user_file(path: Path, kind: UserFileKind) -> None:
    """Refuse, before SQLite opens it, a path that cannot be a file of ``kind``: one with a
    path problem, a folder, a device, a FIFO or a socket, or a file that is not SQLite.

    Raises:
        kind.error: what is wrong, on one line.
    """
    problem = path_problem(path)
    if problem is not None:
        raise kind.error(f"{kind.what} {shown_path(path)}: {problem}; give a file's path")
    if path.is_dir():
        raise kind.error(
            f"{path} is a folder, not a {kind.noun}: give a file in it, "
            f"e.g. {path / kind.file_name}"
        )
    # before SQLite opens it: a device or a FIFO would get a -journal file beside it
    check_regular_file(path, kind.what)
    if holds_other_data(path):
        raise kind.error(
            f"{path} is not a {kind.noun} (not a SQLite file); give a {kind.short}, or a new "
            "file, with --db"
        )


def adopt_user_file(db: sqlite3.Connection, path: Path, kind: UserFileKind) -> None:
    """Check that the open file is of ``kind`` (or new) and of a version we read; make its
    tables and its mark if missing; switch it to WAL.

    Raises:
        kind.error: another program's database, a later schema, or a damaged file.
    """
    application_id = db.execute("PRAGMA application_id").fetchone()[0]
    version = db.execute("PRAGMA user_version").fetchone()[0]
    tables = {
        row[0]
        for row in db.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
        )
    }
    if application_id != kind.application_id and (application_id or tables):
        raise kind.error(
            f"{path} is another program's database, not a {kind.noun} of fourinarow: give a "
            "new file"
        )
    if version > kind.schema_version:
        raise kind.error(
            f"{path} was written by a later fourinarow (schema version {version}; this one "
            f"reads up to {kind.schema_version})"
        )
    if tables:
        (verdict,) = db.execute("PRAGMA quick_check(1)").fetchone()
        if verdict != "ok":
            raise kind.error(
                f"{path} is a damaged {kind.noun} ({sqlite_reason(verdict)}); {DAMAGED_ADVICE}"
            )
    db.execute("PRAGMA journal_mode=WAL")
    with db:
        db.executescript(kind.schema)
        db.execute(f"PRAGMA application_id = {kind.application_id}")
        db.execute(f"PRAGMA user_version = {kind.schema_version}")


def user_file_error(
    error: sqlite3.Error, path: Path, kind: UserFileKind
) -> FourInARowError | OutputWriteError:
    """Our error for one of SQLite's, on one line: a damaged file says what to do; a write
    that failed (a full disk, an I/O error) is an :class:`OutputWriteError`."""
    code = sqlite_code(error)
    reason = sqlite_reason(error)
    if is_damage(error):
        return kind.error(f"{path} is damaged or not a {kind.noun} ({reason}); {DAMAGED_ADVICE}")
    if code in (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR):
        return OutputWriteError(f"cannot write {kind.what} {path} ({reason}); {kind.kept} are kept")
    return kind.error(f"cannot write {kind.what} {path}: {reason}")


def open_user_file(path: Path, kind: UserFileKind, *, timeout: float = 5.0) -> sqlite3.Connection:
    """The file of ``kind`` at ``path``, opened (and made, with its folder, if missing), checked
    and adopted; ``timeout`` seconds to wait for another writer's lock.

    Raises:
        kind.error: the path cannot hold such a file, its folder cannot be made, or the file is
            not one of ours (:func:`check_user_file`, :func:`adopt_user_file`).
        OutputWriteError: the file cannot be written (a full disk, an I/O error).
    """
    try:
        check_user_file(path, kind)
    except OSError as error:  # the file or a folder above it that we may not open
        raise kind.error(f"cannot open {kind.what} {path} ({error.strerror or error})") from None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise kind.error(
            f"cannot make the folder of {kind.what} {path}: {error.strerror or error}"
        ) from None
    try:
        db = sqlite3.connect(path, timeout=timeout)
    except sqlite3.Error as error:
        raise user_file_error(error, path, kind) from None
    try:
        adopt_user_file(db, path, kind)
    except sqlite3.Error as error:
        db.close()
        raise user_file_error(error, path, kind) from None
    except BaseException:
        db.close()
        raise
    return db
