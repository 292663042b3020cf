"""Searches off the event loop: jobs (:mod:`fourinarow.service.jobs`) in worker threads, a
bounded number at once, pooled solvers.

The compiled kernel releases the interpreter's lock while it searches, so threads run searches
side by side. Each slot owns one perfect solver (a transposition table is not thread-safe): a
search takes a free slot and its solver, and gives both back when its thread is done, even if
the client has gone. A request that finds every slot busy waits; one that would wait longer
than the server's time cap, or finds too many already waiting, gets :class:`ServerBusyError`.

The threads are daemon threads: a search still running when the server stops (a long cap)
does not keep the process alive. A request whose client has gone stops its job, whose
solver's search then ends early.

Searches of boards too large for the compiled kernel (:func:`is_heavy`) run in pure Python: they
are slow and hold the interpreter's lock. With two slots or more, they may take all slots but
one, so that searches of ordinary boards always find a slot within a short wait, however many
clients ask for large boards.
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar, cast

from fourinarow.core import Board
from fourinarow.search.heuristic import KERNEL_MAX_BITS as HEURISTIC_KERNEL_MAX_BITS
from fourinarow.search.solver import KERNEL_MAX_BITS, Solver
from fourinarow.service.jobs import Job, start_job

__all__ = [
    "DaemonThreads",
    "SearchPool",
    "ServerBusyError",
    "ServerStoppingError",
    "is_heavy",
    "settle",
]

log = logging.getLogger(__name__)

T = TypeVar("T")

WAITING_PER_SLOT = 64
"""How many requests may wait per search slot before more are refused at once."""


STOPPING = "the server is stopping; try again once it is back"


class ServerBusyError(RuntimeError):
    """Every search slot is busy for longer than a request may wait (HTTP 503)."""


class ServerStoppingError(ServerBusyError):
    """The server stops before the search ends (HTTP 503)."""


class DaemonThreads(Executor):
    """Runs calls in daemon threads, kept for the next call once idle (the pool's slots bound
    how many run at once, and so how many threads there are)."""

    def __init__(self, name: str) -> None:
        self._name = name
        self._calls: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._idle = 0

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """Run ``fn(*args, **kwargs)`` in an idle thread, or a new one; its future."""
        future: Future[T] = Future()

        def call() -> None:
            if not future.set_running_or_notify_cancel():
                self._now_idle()
                return
            try:
                result = fn(*args, **kwargs)
            except BaseException as error:  # handed to the waiting request
                self._now_idle()
                future.set_exception(error)
            else:
                self._now_idle()  # before the answer, so that the next call finds it idle
                future.set_result(result)

        with self._lock:
            start = self._idle == 0
            if not start:
                self._idle -= 1
        self._calls.put(call)
        if start:
            threading.Thread(target=self._serve, name=self._name, daemon=True).start()
        return future

    def _serve(self) -> None:
        """Run the calls handed over, one at a time, for as long as the process lives."""
        while True:
            self._calls.get()()

    def _now_idle(self) -> None:
        with self._lock:
            self._idle += 1


def is_heavy(board: Board) -> bool:
    """Whether a search of ``board`` may run in pure Python: a board of more cells and guard
    bits (``width * (height + 1)``) than the compiled kernels hold (the solver's,
    :data:`~fourinarow.search.solver.KERNEL_MAX_BITS`, and the heuristic searches', the same).

    >>> is_heavy(Board()), is_heavy(Board(width=8, height=8)), is_heavy(Board(width=12, height=10))
    (False, False, True)
    """
    return board.width * (board.height + 1) > min(KERNEL_MAX_BITS, HEURISTIC_KERNEL_MAX_BITS)


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
        self._executor = DaemonThreads("fourinarow-search")
        self._slots: asyncio.Semaphore | None = None
        self._heavy_slots: asyncio.Semaphore | None = None
        self._waiting = 0
        self._answers: set[asyncio.Future[Any]] = set()
        self._jobs: set[Job[Any]] = set()
        self._stopped = False

    def prepare(self, width: int = 7, height: int = 6, connect: int = 4) -> None:
        """Allocate every solver's table for a shape and read its book, if one ships (once
        per process: the solvers share it)."""
        for solver in self._solvers:
            solver.prepare(width, height, connect)

    def stop(self) -> None:
        """Answer every request that waits for a search or a slot, and every later one, with
        :class:`ServerStoppingError` at once (on the event loop, when the server starts to
        stop), and stop the searches still running (each ends at its next check, its
        solver's search within one batch of nodes)."""
        self._stopped = True
        for job in list(self._jobs):
            job.stop()
        for answer in self._answers:
            if not answer.done():
                answer.set_exception(ServerStoppingError(STOPPING))
        if self._waiting:  # each request woken so passes it on to the next
            for semaphore in (self._slots, self._heavy_slots):
                if semaphore is not None:
                    semaphore.release()

    def close(self) -> None:
        """Stop at once: a search still running is left to its daemon thread, which ends
        with the process (the server gave its requests their time before it closes)."""
        self._executor.shutdown(wait=False)

    async def run(self, work: Callable[[Solver], T], wait: float, *, heavy: bool = False) -> T:
        """``work(solver)`` in a worker thread, with a solver no other search uses meanwhile.

        Args:
            work: the search; it must end within the server's time cap.
            wait: the longest to wait for a free slot, in seconds.
            heavy: a search in pure Python (:func:`is_heavy`): it may take every slot but one.

        Raises:
            ServerBusyError: no slot came free within ``wait``, or too many requests wait.
            ServerStoppingError: the server stops (:meth:`stop`) before the search ends.
            BaseException: whatever ``work`` raised.
        """
        if self._stopped:
            raise ServerStoppingError(STOPPING)
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
        if self._stopped:  # woken by stop(): pass the wake-up on to the next in line
            for semaphore in taken:
                semaphore.release()
            raise ServerStoppingError(STOPPING)
        solver = self._free.pop()

        def give_back() -> None:
            self._free.append(solver)
            for semaphore in taken:
                semaphore.release()

        loop = asyncio.get_running_loop()
        answer: asyncio.Future[T] = loop.create_future()  # the search's, or stop()'s

        def ended(done: Future[T | None]) -> None:  # on the event loop
            self._jobs.discard(job)
            give_back()
            settle(answer, cast("Future[T]", done))  # only a stopped job gives None

        try:
            job = start_job(lambda control: work(solver), solver=solver, executor=self._executor)
        except BaseException:
            give_back()
            raise
        self._jobs.add(job)
        job.add_done_callback(lambda done: _call_soon(loop, ended, done))
        self._answers.add(answer)
        try:
            return await answer
        except asyncio.CancelledError:  # the client has gone: its search ends early
            job.stop()
            raise
        finally:
            self._answers.discard(answer)


def _call_soon(loop: asyncio.AbstractEventLoop, call: Callable[[T], object], arg: T) -> None:
    """``call(arg)`` on ``loop``, from any thread; nothing if the loop has closed (the server
    has stopped, and nobody waits any more)."""
    try:
        loop.call_soon_threadsafe(call, arg)
    except RuntimeError:
        log.debug("a search ended after its server had stopped")


def settle(answer: asyncio.Future[T], done: asyncio.Future[T] | Future[T]) -> None:
    """Give the search's outcome to the request's ``answer``, unless it has one already (the
    server stopped, or the request was cancelled); the outcome is read either way, so that a
    failure nobody waits for is not logged as never retrieved."""
    failure = None if done.cancelled() else done.exception()
    if answer.done():
        return
    if done.cancelled():
        answer.cancel()
    elif failure is not None:
        answer.set_exception(failure)
    else:
        answer.set_result(done.result())
