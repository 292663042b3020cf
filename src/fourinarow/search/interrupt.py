"""Worker processes that leave Ctrl-C to the main one.

Ctrl-C in a terminal signals every process of the command, its workers too. A worker of
:func:`worker_pool` ignores it from its first instruction on, and the pool goes with the
block that made it, however the block ends, a Ctrl-C while the workers start included.

(A search in a thread beside the main one, which Ctrl-C does not hold back, is a job:
:func:`fourinarow.service.jobs.interruptible`.)
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

__all__ = ["worker_pool"]


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
