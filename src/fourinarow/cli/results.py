"""The results database on the command line, shared by ``match``, ``tournament``,
``experiment`` and ``review``: where it is by default, opening it, the worker count, and
``--resume`` (what it refuses, and how to go on after Ctrl-C)."""

from __future__ import annotations

import shlex
import sys
from collections.abc import Mapping
from pathlib import Path

from fourinarow.cli.options import within_cores
from fourinarow.core.machine import available_cores
from fourinarow.tournament.schedule import InvalidSettingsError
from fourinarow.tournament.store import ResultsLocationError, Store, default_db_path

__all__ = ["db_help", "open_store", "refuse_with_resume", "resolve_workers", "say_how_to_resume"]


def db_help() -> str:
    """Where the results go by default, for a help text (or why no default is known)."""
    try:
        return str(default_db_path())
    except ResultsLocationError:
        return "none: the home folder is not known"


def open_store(command: str, db: str | None, create: bool) -> Store:
    """The results database ``db`` (``--db``; ``None``: the default one), saying on standard
    error, as ``fourinarow COMMAND``, when it waits for a lock another program holds.

    Raises:
        ResultsDatabaseError: see :class:`Store`; for the default place, the message says how
            to choose another.
    """

    def say(message: str) -> None:
        print(f"fourinarow {command}: note: {message}", file=sys.stderr)

    if db:
        return Store(Path(db), create, on_wait=say)
    try:
        return Store(default_db_path(), create, on_wait=say)
    except ResultsLocationError as error:
        raise ResultsLocationError(
            f"{error} (the default place: give another with --db PATH, or set XDG_DATA_HOME)"
        ) from None


def resolve_workers(command: str, workers: int | None, cluster: bool = False) -> int:
    """The worker processes to start for ``--workers`` (``None``: not given): the cores when
    not given, and no more than the cores (saying so on standard error) unless the games go to
    a ``cluster``."""
    if workers is None:
        return available_cores()
    return within_cores(command, "--workers", workers, cluster=cluster)


def say_how_to_resume(played: int, total: int, command: list[str], db: str | None) -> None:
    """After Ctrl-C, on standard error: how many games are stored, and the command (with
    ``--db`` when one was given) that plays the rest."""
    words = ["fourinarow", *command, *(["--db", db] if db else [])]
    print(
        f"Stopped: {played} of {total} games are stored.\nContinue with: {shlex.join(words)}",
        file=sys.stderr,
    )


def refuse_with_resume(what: str, given: list[str], options: Mapping[str, object]) -> None:
    """Refuse ``--resume`` with settings it would ignore: ``given`` (such as the agents) and the
    ``options`` (by their argument names, such as ``opening_plies``) that are not ``None``.

    Raises:
        InvalidSettingsError: one of them was given.
    """
    given = given + [
        f"--{name.replace('_', '-')}" for name, value in options.items() if value is not None
    ]
    if given:
        listed = given[0] if len(given) == 1 else f"{', '.join(given[:-1])} and {given[-1]}"
        raise InvalidSettingsError(
            f"--resume continues a stored {what} with the settings it was started with: "
            f"leave out {listed}"
        )
