"""Helpers to use files as another user would: the user ``nobody``, which only root can become
(root itself passes every permission check, so only another user meets a refusal).

:func:`as_other_user` switches this process's effective user for a block; :func:`run_as_other_user`
runs the ``fourinarow`` command in a process that drops to that user once its modules are
imported (the Python that runs the tests may live where ``nobody`` may not read, as under
``/root``, so the process cannot start as ``nobody``)."""

from __future__ import annotations

import os
import pwd
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

__all__ = [
    "as_other_user",
    "needs_root",
    "private_folder",
    "run_as_other_user",
    "shared_folder",
]

OTHER_USER = "nobody"

needs_root = pytest.mark.skipif(
    os.name != "posix" or os.geteuid() != 0,
    reason="only root can act as another user, and a refusal needs another user than root",
)

_DROP_AND_RUN = """
import importlib, os, pwd, sys
from fourinarow.cli.main import build_parser, main
build_parser()  # imports every command's module
for name in sys.argv[1].split(","):
    importlib.import_module(name)
user = pwd.getpwnam(sys.argv[2])
os.setgroups([])
os.setgid(user.pw_gid)
os.setuid(user.pw_uid)
sys.exit(main(sys.argv[3:]))
"""

PRELOADED = (
    "fourinarow.tournament.store",
    "fourinarow.tournament.runner",
    "fourinarow.tournament.experiment",
    "fourinarow.puzzles.history",
    "fourinarow.cli.tables",
    "sqlite3",
    "csv",
    "json",
)
"""Modules the commands import lazily: imported before the process drops to the other user."""


def _other_user() -> pwd.struct_passwd:
    try:
        return pwd.getpwnam(OTHER_USER)
    except KeyError:
        pytest.skip(f"this system has no user {OTHER_USER}")


@contextmanager
def as_other_user() -> Iterator[None]:
    """Run the block with the other user's effective ids, then root's again."""
    user = _other_user()
    os.setegid(user.pw_gid)
    os.seteuid(user.pw_uid)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


def run_as_other_user(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``fourinarow ARGS`` as the other user; return the completed process (text)."""
    user = _other_user()
    return subprocess.run(
        [sys.executable, "-c", _DROP_AND_RUN, ",".join(PRELOADED), user.pw_name, *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=tempfile.gettempdir(),  # a folder the other user may stand in
    )


def private_folder(tmp_path: Path) -> Path:
    """A folder of root's that the other user may not enter (as ``/root`` is)."""
    folder = tmp_path / "private"
    folder.mkdir(mode=0o700)
    return folder


@contextmanager
def shared_folder() -> Iterator[Path]:
    """A folder every user may enter and read, but only root write (pytest's own temporary
    folders are root's alone); removed after the block."""
    with tempfile.TemporaryDirectory(prefix="fourinarow-shared-") as name:
        os.chmod(name, 0o755)
        yield Path(name)
