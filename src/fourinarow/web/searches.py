"""Searches off the event loop: worker threads, a bounded number at once, pooled solvers.

The compiled kernel releases the interpreter's lock while it searches, so threads run searches
side by side. Each slot owns one perfect solver (a transposition table is not thread-safe): a
search takes a free slot and its solver, and gives both back when its thread is done, even if
the client has gone. A request that finds every slot busy waits; one that would wait longer
than the server's time cap, or finds too many already waiting, gets :class:`ServerBusyError`.

Searches of boards too large for the compiled kernel (:func:`is_heavy`) run in pure Python: they
are slow and hold the interpreter's lock. With two slots or more, they may take all slots but
one, so that searches of ordinary boards always find a slot within a short wait, however many
clients ask for large boards.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from fourinarow.core import Board
from fourinarow.search.solver import KERNEL_MAX_BITS, Solver

__all__ = ["SearchPool", "ServerBusyError", "is_heavy"]

log = logging.getLogger(__name__)

T = TypeVar("T")

WAITING_PER_SLOT = 64
"""How many requests may wait per search slot before more are refused at once."""


class ServerBusyError(RuntimeError):
    """Every search slot is busy for longer than a request may wait (HTTP 503)."""


def is_heavy(board: Board) -> bool:
    """Whether a search of ``board`` runs in pure Python: a board of more than 64 cells and
    guard bits (``width * (height + 1)``), which the compiled kernels do not hold.

    >>> is_heavy(Board()), is_heavy(Board(width=8, height=8))
    (False, True)
    """
    return board.width * (board.height + 1) > KERNEL_MAX_BITS


class SearchPool:
    """Runs searches in worker threads, at most ``size`` at once, each with its own solver.

    Args:
        size: the number of search slots (threads and solvers).
        tt_mb: each solver's transposition table in megabytes.
    """

    def __init__(self, size: int, tt_mb: float) -> None:
        self.size = size
        self._solvers = [Solver(tt_mb=tt_mb) for _ in range(size)]
        self._free = list(self._solvers)
        self._executor = ThreadPoolExecutor(size, thread_name_prefix="fourinarow-search")
        self._slots: asyncio.Semaphore | None = None
        self._heavy_slots: asyncio.Semaphore | None = None
        self._waiting = 0

    def prepare(self, width: int = 7, height: int = 6, connect: int = 4) -> None:
        """Allocate every solver's table for a shape and read its book, if one ships (once
        per process: the solvers share it)."""
        for solver in self._solvers:
            solver.prepare(width, height, connect)

    def close(self) -> None:
        """Wait for the running searches (each ends within its time cap) and stop the threads."""
        self._executor.shutdown(wait=True)

    async def run(self, work: Callable[[Solver], T], wait: float, *, heavy: bool = False) -> T:
        """``work(solver)`` in a worker thread, with a solver no other search uses meanwhile.

        Args:
            work: the search; it must end within the server's time cap.
            wait: the longest to wait for a free slot, in seconds.
            heavy: a search in pure Python (:func:`is_heavy`): it may take every slot but one.

        Raises:
            ServerBusyError: no slot came free within ``wait``, or too many requests wait.
            BaseException: whatever ``work`` raised.
        """
        if self._slots is None or self._heavy_slots is None:
            self._slots = asyncio.Semaphore(self.size)
            self._heavy_slots = asyncio.Semaphore(max(1, self.size - 1))
        slots = self._slots
        lane = self._heavy_slots if heavy else None
        if self._waiting >= WAITING_PER_SLOT * self.size:
            raise ServerBusyError(
                f"the server is busy: {self._waiting} requests wait for a search; try again"
            )
        self._waiting += 1
        taken: list[asyncio.Semaphore] = []
        try:
            async with asyncio.timeout(wait):
                for semaphore in (lane, slots):
                    if semaphore is not None:
                        await semaphore.acquire()
                        taken.append(semaphore)
        except TimeoutError:
            for semaphore in taken:
                semaphore.release()
            raise ServerBusyError(
                f"the server is busy: no search came free within {wait * 1000:g} ms; try again"
            ) from None
        except BaseException:
            for semaphore in taken:
                semaphore.release()
            raise
        finally:
            self._waiting -= 1
        solver = self._free.pop()

        def give_back(_: object) -> None:
            self._free.append(solver)
            for semaphore in taken:
                semaphore.release()

        try:
            future = asyncio.get_running_loop().run_in_executor(self._executor, work, solver)
        except BaseException:
            give_back(None)
            raise
        future.add_done_callback(give_back)
        return await asyncio.shield(future)
