"""Where fourinarow keeps the user's own files: tournament results, puzzle progress.

The place is ``$XDG_DATA_HOME/fourinarow``, or ``~/.local/share/fourinarow`` when
``XDG_DATA_HOME`` is unset or not an absolute path (as the XDG Base Directory specification
says). This module imports nothing of fourinarow, so every layer and app may use it.

>>> data_file("results.sqlite3").parts[-2:]
('fourinarow', 'results.sqlite3')
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["UnknownDataHomeError", "data_file", "data_folder"]


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
