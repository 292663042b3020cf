"""The kind of file a user names, checked before it is opened, and outputs written safely.

A path a user gives may name something other than a regular file: a folder, a FIFO (which
blocks whoever opens it until the other end does), a device (``/dev/null``, a disk) or a
socket. These helpers tell the kind with ``os.stat``, never opening the path, so a FIFO never
blocks a check. A path may also name nothing that can ever be used (:func:`path_problem`): it
is empty, goes through a symbolic link that leads back to itself or to nothing, is too long
for the file system, goes through a file as if it were a folder, or through a folder this user
may not enter. Every check below refuses those first, in one line that names the path.

- an input (a book, a set of positions or puzzles) must be a regular file
  (:func:`check_regular_file`), and is opened by :func:`open_regular_file`, which never blocks
  either: it opens without waiting for a FIFO's writer and tells the kind from the file it
  opened, so a path swapped for a FIFO after the check is refused, not waited on;
- a database must be a regular file or a new path, checked before SQLite opens it, so that no
  ``NAME-journal`` is made beside a device (:func:`check_regular_file` too);
- an output is replaced whole, written beside as ``NAME.partial`` and renamed, when it is a
  regular file or new; an existing character device or FIFO is either written through (opened
  and written, never renamed over) or refused, as the command decides; a folder, a socket and
  a block device are always refused (:func:`check_output_file`, :func:`write_output_file`);
- an output folder must be a folder or a new path, in a place that takes new files
  (:func:`check_output_folder`).

A write that fails once the path was accepted (a full disk, a file grown past its limit, an
I/O error) raises :class:`OutputWriteError`, an ``OSError``, and leaves what was there before.

>>> kind_of(Path("/surely/not/here")) is None
True
>>> kind_of(Path("/"))
'a folder'
>>> path_problem("")
'the path is empty'
"""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
import tempfile
from pathlib import Path

from fourinarow.core.errors import FourInARowError

__all__ = [
    "OutputWriteError",
    "PathKindError",
    "check_output_file",
    "check_output_folder",
    "check_regular_file",
    "kind_of",
    "open_regular_file",
    "path_problem",
    "shown_path",
    "unwritable_place",
    "write_output_file",
]


class PathKindError(FourInARowError):
    """A path naming the wrong kind of file (a folder, a FIFO, a device or a socket), or
    nothing that can be used (see :func:`~fourinarow.core.paths.path_problem`)."""


class OutputWriteError(OSError):
    """An output that could not be written although its path was accepted (a full disk, a
    file grown past its size limit, an I/O error); what was there before is left as it was.
    Not a :class:`~fourinarow.core.FourInARowError`: nothing the user typed was wrong."""


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)

SHOWN_LENGTH = 100
"""The longest path a message shows whole; a longer one is shown by its ends."""


def shown_path(path: str | os.PathLike[str]) -> str:
    """``path`` for a message: whole, or its start and end around ``...`` when it is long.

    >>> shown_path("x" * 300)[:8], len(shown_path("x" * 300))
    ('xxxxxxxx', 83)
    """
    text = os.fspath(path)
    return text if len(text) <= SHOWN_LENGTH else f"{text[:60]}...{text[-20:]}"


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
    check (or :func:`path_problem`) to report.
    """
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):  # ValueError: a NUL in the name
        return None
    return _kind_of_mode(mode)


def _prefixes(text: str) -> list[str]:
    """Every path leading to ``text``, the shortest first, ``text`` itself last."""
    path = Path(text)
    parts = path.parts
    return [str(Path(*parts[: i + 1])) for i in range(len(parts))] or [text]


def _first_failing(text: str) -> tuple[str | None, str]:
    """The first prefix of ``text`` that cannot be looked at, and the folder above it
    (``None`` when that prefix is the first)."""
    above: str | None = None
    for prefix in _prefixes(text):
        try:
            os.stat(prefix)
        except OSError:
            return above, prefix
        above = prefix
    return above, text


def _it(prefix: str, text: str) -> str:
    """How a message names ``prefix``: "it" when it is the whole path."""
    return "it" if prefix == text else shown_path(prefix)


def path_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` can name no file that could be used, or ``None`` when it can be looked at
    (it exists, or it is missing with nothing wrong on the way: a missing folder on the way
    is for the caller to make or refuse).

    The reasons: the path is empty or holds a NUL; it, or a folder on the way, is a symbolic
    link that leads back to itself (a loop) or to nothing; it is too long for the file
    system; a file stands where the way needs a folder; a folder on the way may not be
    entered by this user. The path is never opened.

    >>> path_problem("/")
    >>> path_problem("/surely/not/here")
    """
    text = os.fspath(path)
    if not text:
        return "the path is empty"
    if "\0" in text:
        return "the path holds a NUL character"
    try:
        os.stat(text)
        return None
    except OSError as error:
        code = error.errno
        reason = error.strerror or str(error)
    if code == errno.ENOENT:
        for prefix in _prefixes(text):
            if os.path.islink(prefix) and not os.path.exists(prefix):
                target = shown_path(os.readlink(prefix))
                return f"{_it(prefix, text)} is a symbolic link to {target}, which does not exist"
            if not os.path.lexists(prefix):
                return None
        return None
    if code == errno.ELOOP:
        _, prefix = _first_failing(text)
        return f"{_it(prefix, text)} is a symbolic link that leads back to itself (a loop)"
    if code == errno.ENAMETOOLONG:
        return "the name is too long for the file system"
    if code == errno.ENOTDIR:
        above, _ = _first_failing(text)
        if above is not None:
            return f"{shown_path(above)} is {kind_of(above) or 'a file'}, not a folder"
    if code in (errno.EACCES, errno.EPERM):
        above, _ = _first_failing(text)
        if above is not None:
            return f"this user may not enter the folder {shown_path(above)}"
    return reason


def _refuse_problem(
    path: str | os.PathLike[str], start: str, accepted: str, error: type[FourInARowError]
) -> None:
    problem = path_problem(path)
    if problem is not None:
        raise error(f"{start} {shown_path(path)}: {problem}; {accepted}")


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
        PathKindError: ``path`` is a folder, a FIFO, a device or a socket, or has a
            :func:`path_problem`.
    """
    _refuse_problem(path, what, "give a regular file's path", error)
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


def _writes_through(kind: str | None) -> bool:
    return kind in ("a FIFO", "a character device")


def unwritable_place(path: str | os.PathLike[str]) -> str | None:
    """Why no new file can be made at ``path`` (whose folders may be missing, to be made), or
    ``None`` if one can: the nearest folder on the way that exists must be a folder that takes
    a new file. Permissions alone do not tell (root passes every permission check, and a
    read-only file system refuses even root), so a temporary file is made there and removed.
    """
    place = Path(path).parent
    while not place.exists() and place != place.parent:
        place = place.parent
    if not place.is_dir():
        return f"{shown_path(place)} is {kind_of(place) or 'a file'}, not a folder"
    try:
        with tempfile.TemporaryFile(dir=place, prefix=".fourinarow-probe-"):
            pass
    except OSError as error:
        return f"cannot write into {shown_path(place)} ({error.strerror or error})"
    return None


def _check_output_kind(
    path: str | os.PathLike[str],
    what: str,
    write_through: bool,
    error: type[FourInARowError],
) -> bool:
    accepted = (
        "a regular file's path, a new one, a character device or a FIFO"
        if write_through
        else "a regular file's path or a new one"
    )
    _refuse_problem(path, f"cannot write {what} to", f"give {accepted}", error)
    kind = kind_of(path)
    if kind is None:
        return False
    if write_through and _writes_through(kind):
        return True
    raise error(f"cannot write {what} to {path}: it is {kind}; give {accepted}")


def check_output_file(
    path: str | os.PathLike[str],
    what: str,
    *,
    write_through: bool,
    error: type[FourInARowError] = PathKindError,
) -> bool:
    """Check, before any work, that an output can go to ``path``; return ``True`` when it will
    be written through (an existing character device or FIFO, and ``write_through``), ``False``
    when it will be replaced whole (a regular file, or nothing there yet: then the nearest
    folder on the way that exists must take a new file, see :func:`unwritable_place`).

    Raises:
        PathKindError: ``path`` is a folder, a socket, a block device, or (unless
            ``write_through``) a character device or a FIFO; has a :func:`path_problem`; or
            lies where no file can be made.
    """
    if _check_output_kind(path, what, write_through, error):
        return True
    problem = unwritable_place(path)
    if problem is not None:
        raise error(f"cannot write {what} to {shown_path(path)}: {problem}")
    return False


def check_output_folder(
    path: str | os.PathLike[str], what: str, error: type[FourInARowError] = PathKindError
) -> Path:
    """``path`` as a ``Path`` if files can be written into it: an existing folder, or a new
    path (its folders are made by the caller) whose nearest existing folder takes new files.

    Raises:
        PathKindError: ``path`` is a file, a FIFO, a device or a socket, has a
            :func:`path_problem`, or lies where no file can be made.
    """
    accepted = "give a folder's path (it is made if missing)"
    _refuse_problem(path, f"cannot write {what} into", accepted, error)
    folder = Path(path)
    if folder.exists() and not folder.is_dir():
        raise error(
            f"cannot write {what} into {shown_path(folder)}: it is "
            f"{kind_of(folder) or 'a file'}; {accepted}"
        )
    problem = unwritable_place(folder / "file")
    if problem is not None:
        raise error(f"cannot write {what} into {shown_path(folder)}: {problem}")
    return folder


def _failed(what: str, path: Path, failure: OSError, existed: bool | None) -> OutputWriteError:
    """The error for a failed write; ``existed``: whether a file was there before (``None``
    for a device or a FIFO written through, which has no "before")."""
    reason = failure.strerror or str(failure)
    message = f"cannot write {what} to {shown_path(path)} ({reason})"
    if existed is not None:
        before = "the file there before is unchanged" if existed else "nothing was left there"
        message += f"; {before}"
    return OutputWriteError(message)


def write_output_file(
    path: str | os.PathLike[str],
    data: bytes,
    what: str,
    *,
    write_through: bool,
    error: type[FourInARowError] = PathKindError,
    make_folders: bool = False,
) -> None:
    """Write ``data`` to ``path``: replaced whole when it is a regular file or new (written to
    ``NAME.partial`` beside it, flushed to the disk, then renamed over it; the partial file is
    removed on any failure, Ctrl-C included), or written through when it is an existing
    character device or FIFO and ``write_through`` (opened and written, never renamed over: a
    FIFO waits for its reader). A symbolic link is never renamed over either: the file it
    leads to is replaced (so ``/dev/stdout`` sent to a file replaces that file). The kind is
    checked again here, so a path that changed since :func:`check_output_file` is never
    renamed over. With ``make_folders``, the folders missing on the way are made first.

    Raises:
        PathKindError: ``path`` is of a kind :func:`check_output_file` refuses.
        OutputWriteError: the data could not be written (a full disk, a missing folder, an
            I/O error); a file that was there is left as it was.
    """
    path = Path(path)
    if _check_output_kind(path, what, write_through, error):
        try:
            with open(path, "wb") as out:
                out.write(data)
        except OSError as failure:
            raise _failed(what, path, failure, existed=None) from failure
        return
    path = Path(os.path.realpath(path))  # a link stays, its target is replaced (/dev/stdout)
    partial = path.with_name(path.name + ".partial")
    existed = path.exists()
    if make_folders:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as failure:
            raise _failed(what, path, failure, existed) from failure
    try:
        partial.unlink(missing_ok=True)  # one left by a crash, or planted: never opened
        with open(partial, "xb") as out:
            out.write(data)
            out.flush()
            os.fsync(out.fileno())  # a disk that fills up on the flush fails here, not later
        os.replace(partial, path)
    except BaseException as failure:
        with contextlib.suppress(OSError):
            partial.unlink(missing_ok=True)
        if isinstance(failure, OSError):
            raise _failed(what, path, failure, existed) from failure
        raise
