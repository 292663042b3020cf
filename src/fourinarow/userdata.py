"""Where fourinarow keeps the user's own files (tournament results, puzzle progress), the
checks and messages those SQLite files share, and a check for partial files whose writer was
killed.

The place is ``$XDG_DATA_HOME/fourinarow``, or ``~/.local/share/fourinarow`` when
``XDG_DATA_HOME`` is unset or not an absolute path (as the XDG Base Directory specification
says). This module imports nothing of fourinarow, so every layer and app may use it.

>>> data_file("results.sqlite3").parts[-2:]
('fourinarow', 'results.sqlite3')
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = [
    "DAMAGED_ADVICE",
    "UnknownDataHomeError",
    "data_file",
    "data_folder",
    "holds_other_data",
    "is_damage",
    "sqlite_code",
    "sqlite_reason",
    "writer_gone",
]

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first bytes of every SQLite database file."""


DAMAGED_ADVICE = "restore it from a backup or give another --db"
"""What to do about a database file SQLite finds damaged."""

REASON_LENGTH = 100
"""The most characters of SQLite's own message an error repeats."""


class UnknownDataHomeError(LookupError):
    """Neither ``XDG_DATA_HOME`` (an absolute path) nor the home folder is known."""


def data_folder() -> Path:
    """``$XDG_DATA_HOME/fourinarow``, else ``~/.local/share/fourinarow`` (not made here).

    Raises:
        UnknownDataHomeError: ``XDG_DATA_HOME`` is unset (or relative) and the home folder is
            not known either.
    """
    data = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(data):
        try:
            data = str(Path.home() / ".local" / "share")
        except RuntimeError:
            raise UnknownDataHomeError(
                "cannot tell the home folder: set HOME or XDG_DATA_HOME"
            ) from None
    return Path(data) / "fourinarow"


def data_file(name: str) -> Path:
    """The file ``name`` in :func:`data_folder` (neither it nor the folder is made here).

    Raises:
        UnknownDataHomeError: as :func:`data_folder`.
    """
    return data_folder() / name


def holds_other_data(path: Path) -> bool:
    """True when ``path`` is a file with content that is not a SQLite database. SQLite takes
    a file too short for its header for an empty database and writes over it, so only an
    empty file or one with the header may be opened as a database.

    >>> holds_other_data(Path("/surely/not/here.sqlite3"))
    False
    """
    if not path.is_file() or not path.stat().st_size:
        return False
    with path.open("rb") as file:
        return file.read(len(SQLITE_HEADER)) != SQLITE_HEADER


def sqlite_reason(error: BaseException | str) -> str:
    """SQLite's message (or a check's verdict) on one line, shortened: some span lines
    (``PRAGMA quick_check``), and some quote a stored value that may hold anything.

    >>> sqlite_reason("*** in database main ***\\nPage 6: btreeInitPage() returns error code 11")
    '*** in database main *** Page 6: btreeInitPage() returns error code 11'
    """
    text = " ".join(str(error).split())
    if text.startswith("Could not decode to UTF-8"):  # a stored text with bytes flipped
        column = text.split("column ", 1)[-1].split(" with text", 1)[0]
        text = f"a stored text is not UTF-8 (column {column})"
    return text if len(text) <= REASON_LENGTH else text[: REASON_LENGTH - 3] + "..."


def sqlite_code(error: BaseException) -> int | None:
    """The primary result code of SQLite's ``error`` (``SQLITE_IOERR`` for each of its
    extended codes, such as a shared-memory file that cannot grow), or ``None``."""
    code = getattr(error, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def is_damage(error: BaseException) -> bool:
    """Whether SQLite's ``error`` says that the file is damaged (not a database, a malformed
    page or schema, a stored text that is not UTF-8) rather than that it cannot be written."""
    import sqlite3

    if sqlite_code(error) in (sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT):
        return True
    text = str(error)
    return text.startswith("Could not decode to UTF-8") or "malformed" in text


def writer_gone(pid: int) -> bool:
    """Whether no process of this id runs on this machine: the writer of a partial file named
    after it was killed (never said on Windows, where asking would end the process).

    >>> writer_gone(os.getpid())
    False
    """
    if os.name == "nt" or pid == os.getpid():
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    except OSError:  # there, but another user's
        return False
    return False
