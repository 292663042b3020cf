"""The kind of file a user names, checked before it is opened, and outputs written safely.

A path a user gives may name something other than a regular file: a folder, a FIFO (which
blocks whoever opens it until the other end does), a device (``/dev/null``, a disk) or a
socket. These helpers tell the kind with ``os.stat``, never opening the path, so a FIFO never
blocks a check:

- an input (a book, a set of positions or puzzles) must be a regular file
  (:func:`check_regular_file`), and is opened by :func:`open_regular_file`, which never blocks
  either: it opens without waiting for a FIFO's writer and tells the kind from the file it
  opened, so a path swapped for a FIFO after the check is refused, not waited on;
- a database must be a regular file or a new path, checked before SQLite opens it, so that no
  ``NAME-journal`` is made beside a device (:func:`check_regular_file` too);
- an output is replaced whole, written beside as ``NAME.partial`` and renamed, when it is a
  regular file or new; an existing character device or FIFO is either written through (opened
  and written, never renamed over) or refused, as the command decides; a folder, a socket and
  a block device are always refused (:func:`check_output_file`, :func:`write_output_file`).

>>> kind_of(Path("/surely/not/here")) is None
True
>>> kind_of(Path("/"))
'a folder'
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
from pathlib import Path

from fourinarow.core.errors import FourInARowError

__all__ = [
    "PathKindError",
    "check_output_file",
    "check_regular_file",
    "kind_of",
    "open_regular_file",
    "write_output_file",
]


class PathKindError(FourInARowError):
    """A path naming the wrong kind of file: a folder, a FIFO, a device or a socket."""


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def _kind_of_mode(mode: int) -> str | None:
    """What a file of this ``st_mode`` is when it is not a regular file (see :func:`kind_of`)."""
    for test, kind in _KINDS:
        if test(mode):
            return kind
    return None if stat.S_ISREG(mode) else "not a regular file"


def kind_of(path: str | os.PathLike[str]) -> str | None:
    """What ``path`` names when it is not a regular file ("a folder", "a FIFO", "a character
    device", "a block device", "a socket"); ``None`` for a regular file or nothing at all.

    Symbolic links are followed. The path is never opened; one that cannot be looked at (no
    such file, below a file, no permission) counts as nothing, for the caller's own open or
    check to report.
    """
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # ValueError: a NUL in the name
        return None
    return _kind_of_mode(mode)


def _writes_through(kind: str | None) -> bool:
    return kind in ("a FIFO", "a character device")


def check_regular_file(
    path: str | os.PathLike[str], what: str, error: type[FourInARowError] = PathKindError
) -> Path:
    """``path`` as a ``Path`` if it is a regular file or names nothing yet; for an input, a
    database. Call it before opening the path (or letting SQLite open it).

    Args:
        path: the path a user gave.
        what: what it is for, for the message ("the book", "the results database").
        error: the class to raise (a subclass of :class:`PathKindError` where a layer has one).

    Raises:
        PathKindError: ``path`` is a folder, a FIFO, a device or a socket.
    """
    path = Path(path)
    kind = kind_of(path)
    if kind is not None:
        raise error(f"{what} {path} is {kind}; it must be a regular file")
    return path


def open_regular_file(
    path: str | os.PathLike[str], what: str, error: type[FourInARowError] = PathKindError
) -> io.BufferedReader:
    """``path`` opened for reading in binary, if it is a regular file (symbolic links followed).

    It never blocks: the path is opened without waiting for a writer (``O_NONBLOCK``, which a
    FIFO would otherwise wait for) and its kind is told from the open file (``fstat``), so a
    path replaced by a FIFO after :func:`check_regular_file` is refused all the same.

    Args:
        path: the file to read.
        what: what it is for, for the message ("the book", "the puzzle set").
        error: the class to raise for the wrong kind (as :func:`check_regular_file`).

    Raises:
        PathKindError: ``path`` is a folder, a FIFO, a device or a socket, or a symbolic
            link that leads round in a loop.
        OSError: it cannot be opened otherwise (no such file, no permission); the caller
            says what to do about it.
    """
    path = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        descriptor = os.open(path, flags)  # not inherited by child processes (PEP 446)
    except OSError as failure:
        if failure.errno == errno.ELOOP:
            raise error(
                f"{what} {path} is a symbolic link that leads round in a loop; it must be a "
                "regular file"
            ) from None
        if failure.errno == errno.ENXIO:  # a socket: no file to open
            found = kind_of(path) or "not a regular file"
            raise error(f"{what} {path} is {found}; it must be a regular file") from None
        raise
    try:
        kind = _kind_of_mode(os.fstat(descriptor).st_mode)
        if kind is not None:
            raise error(f"{what} {path} is {kind}; it must be a regular file")
        if flags & getattr(os, "O_NONBLOCK", 0):  # reads of the regular file as usual
            os.set_blocking(descriptor, True)
        return os.fdopen(descriptor, "rb")
    except BaseException:
        os.close(descriptor)
        raise


def check_output_file(
    path: str | os.PathLike[str],
    what: str,
    *,
    write_through: bool,
    error: type[FourInARowError] = PathKindError,
) -> bool:
    """Check, before any work, that an output can go to ``path``; return ``True`` when it will
    be written through (an existing character device or FIFO, and ``write_through``), ``False``
    when it will be replaced whole (a regular file, or nothing there yet).

    Raises:
        PathKindError: ``path`` is a folder, a socket, a block device, or (unless
            ``write_through``) a character device or a FIFO.
    """
    kind = kind_of(path)
    if kind is None:
        return False
    if write_through and _writes_through(kind):
        return True
    accepted = (
        "a regular file's path, a new one, a character device or a FIFO"
        if write_through
        else "a regular file's path or a new one"
    )
    raise error(f"cannot write {what} to {path}: it is {kind}; give {accepted}")


def write_output_file(
    path: str | os.PathLike[str],
    data: bytes,
    what: str,
    *,
    write_through: bool,
    error: type[FourInARowError] = PathKindError,
) -> None:
    """Write ``data`` to ``path``: replaced whole when it is a regular file or new (written to
    ``NAME.partial`` beside it, then renamed over it; the partial file is removed on any
    failure, Ctrl-C included), or written through when it is an existing character device or
    FIFO and ``write_through`` (opened and written, never renamed over: a FIFO waits for its
    reader). A symbolic link is never renamed over either: the file it leads to is replaced
    (so ``/dev/stdout`` sent to a file replaces that file). The kind is checked again here, so
    a path that changed since :func:`check_output_file` is never renamed over.

    Raises:
        PathKindError: as :func:`check_output_file`.
        OSError: the file cannot be written (the caller says what to do about it).
    """
    path = Path(path)
    if check_output_file(path, what, write_through=write_through, error=error):
        with open(path, "wb") as out:
            out.write(data)
        return
    path = Path(os.path.realpath(path))  # a link stays, its target is replaced (/dev/stdout)
    partial = path.with_name(path.name + ".partial")
    try:
        partial.unlink(missing_ok=True)  # one left by a crash, or planted: never opened
        with open(partial, "xb") as out:
            out.write(data)
        os.replace(partial, path)
    except BaseException:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        raise
