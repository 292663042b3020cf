"""Searches beside the main thread, so that Ctrl-C stops a program at once.

The compiled kernels release the interpreter's lock while they search but do not look for
signals: run in the main thread, a search of a minute holds Ctrl-C back for that minute, since
Python runs its signal handlers in the main thread only, between two of its own instructions.
:func:`interruptible` runs the search in a daemon thread instead and waits for it in short
slices, so that the main thread sees Ctrl-C within one slice and leaves. The search is left
behind, still running: use it where Ctrl-C ends the program (the commands, the terminal game,
a tournament played in one process), since a daemon thread does not keep the process alive.

>>> interruptible(lambda: 6 * 7)
42
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

__all__ = ["WAIT_SLICE", "interruptible"]

WAIT_SLICE = 0.05
"""Seconds between two looks of the main thread at the search: the most Ctrl-C waits (on POSIX
systems a signal cuts the wait short at once)."""

T = TypeVar("T")


def interruptible(work: Callable[[], T]) -> T:
    """Run ``work`` in a daemon thread and return its result; Ctrl-C stops the wait at once.

    Raises:
        BaseException: whatever ``work`` raised, re-raised in the calling thread.
        KeyboardInterrupt: Ctrl-C came first; ``work`` is left to run on until the process ends.
    """
    result: list[T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(work())
        except BaseException as error:  # handed to the calling thread below
            failure.append(error)

    worker = threading.Thread(target=run, name="fourinarow-search", daemon=True)
    worker.start()
    while worker.is_alive():
        worker.join(WAIT_SLICE)
    if failure:
        raise failure[0]
    return result[0]
