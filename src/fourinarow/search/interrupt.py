"""Searches beside the main thread, so that Ctrl-C stops a program at once; worker processes
that leave Ctrl-C to the main one.

The compiled kernels release the interpreter's lock while they search but do not look for
signals: run in the main thread, a search of a minute holds Ctrl-C back for that minute, since
Python runs its signal handlers in the main thread only, between two of its own instructions.
:func:`interruptible` runs the search in a daemon thread instead and waits for it in short
slices, so that the main thread sees Ctrl-C within one slice and leaves. The search is left
behind, still running: use it where Ctrl-C ends the program (the commands, the terminal game,
a tournament played in one process), since a daemon thread does not keep the process alive.

Ctrl-C in a terminal signals every process of the command, its workers too. A worker of
:func:`worker_pool` ignores it from its first instruction on, and the pool goes with the
block that made it, however the block ends, a Ctrl-C while the workers start included.

>>> interruptible(lambda: 6 * 7)
42
"""

from __future__ import annotations

import multiprocessing
import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from multiprocessing.pool import Pool
from types import FrameType
from typing import TypeVar

__all__ = ["WAIT_SLICE", "interruptible", "worker_pool"]

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


@contextmanager
def worker_pool(workers: int, initializer: Callable[[], object] | None = None) -> Iterator[Pool]:
    """A pool of ``workers`` processes for the block, which Ctrl-C reaches only through this
    process: each worker ignores SIGINT before anything else (then runs ``initializer``), and
    a Ctrl-C while the workers start is held back until the pool is made, then raised here as
    ``KeyboardInterrupt``. The pool is terminated and its workers waited for when the block
    ends, however it ends; call ``close()`` in the block first to let queued work finish.
    """
    pool: Pool | None = None
    try:
        with _ctrl_c_held():
            pool = multiprocessing.Pool(workers, initializer=partial(_start_worker, initializer))
        yield pool
    finally:
        if pool is not None:
            pool.terminate()
            pool.join()


def _start_worker(initializer: Callable[[], object] | None) -> None:
    """In a new worker: Ctrl-C is the main process's to handle; then ``initializer``."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer()


@contextmanager
def _ctrl_c_held() -> Iterator[None]:
    """Hold Ctrl-C back during the block (in the main thread; elsewhere Python runs no signal
    handler anyway), then handle it as it would have been. A process forked in the block
    inherits the holding handler, so a Ctrl-C that reaches it before it sets its own is
    dropped, not raised in the middle of its start."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    held: list[int] = []

    def hold(signum: int, frame: FrameType | None) -> None:
        held.append(signum)

    previous = signal.signal(signal.SIGINT, hold)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
    if held and callable(previous):
        previous(signal.SIGINT, None)
