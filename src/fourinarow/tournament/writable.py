"""Whether the files a tournament or experiment will write can be written, found out before its
first game.

Permissions alone do not tell (root passes every permission check, and a read-only file system
or a kernel folder refuses even root), so the checks try: they open an existing file for
appending without writing to it, or make and remove a temporary file in the nearest folder that
exists. Folders still missing on the way are not made. A FIFO or a device is never opened (a
FIFO would block until a reader came): for those, only the permission is looked at, and what
is done with them is the caller's choice (see :mod:`fourinarow.core.paths`).
"""

from __future__ import annotations

import os
from pathlib import Path

from fourinarow.core.paths import kind_of, path_problem, unwritable_place

__all__ = ["nearest_folder", "unwritable_file", "unwritable_folder"]


def nearest_folder(path: Path) -> Path:
    """``path`` itself if it exists, else its nearest ancestor that does (which may be a file).

    >>> nearest_folder(Path("/surely/not/here/at/all")) == Path("/")
    True
    """
    existing = path
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    return existing


def unwritable_file(path: Path) -> str | None:
    """Why the file ``path`` cannot be written (made, or written over), or ``None`` if it can.

    A file that exists must be writable; a new one needs a folder it can be made in (the nearest
    one that exists, when folders are missing on the way). A path that can name no usable file
    (a link loop, a link to nothing, ...: :func:`~fourinarow.core.paths.path_problem`) is
    refused first.
    """
    problem = path_problem(path)
    if problem is not None:
        return problem
    if path.is_dir():
        return f"{path} is a folder"
    if kind_of(path) is not None:  # a FIFO, a device, a socket: never opened here
        return None if os.access(path, os.W_OK) else f"cannot write over {path}"
    if path.exists():
        try:
            with path.open("ab"):
                pass
        except OSError as error:
            return f"cannot write over {path} ({error.strerror or error})"
        return None
    return unwritable_place(path)


def unwritable_folder(path: Path) -> str | None:
    """Why files cannot be written into the folder ``path`` (made if missing), or ``None`` if
    they can."""
    problem = path_problem(path)
    if problem is not None:
        return problem
    existing = nearest_folder(path)
    if existing == path and not path.is_dir():
        return f"{path} is {kind_of(path) or 'a file'}, not a folder"
    return unwritable_place(path / "file")  # a new file in it, or in the nearest folder
