"""A running search or review as one handle: progress to iterate, ``stop()``, ``wait()``.

:func:`start_job` runs a piece of work in a daemon thread of its own (or on the caller's
executor) and returns a :class:`Job` at once, as python-chess's ``SimpleEngine.analysis()``
returns an analysis that goes on while the caller looks at it:

- iterate the job (``for snapshot in job``) for a :class:`JobProgress` every ``interval``
  seconds until it ends, then one last snapshot; :meth:`Job.progress` gives one now;
- :meth:`Job.stop` asks it to end early; :meth:`Job.wait` blocks until it has ended and
  returns its result, or raises what the work raised;
- a ``with`` block stops the job when it ends, however it ends.

:func:`start_search` (every column's value, by the solver) and :func:`start_review` (a game's
review) are the two jobs the front ends run; :func:`interruptible` waits for one in the main
thread so that Ctrl-C stops the wait at once.

**Stopping is cooperative.** :meth:`Job.stop` stops the search its solver runs now and every
later one of the job (:meth:`~fourinarow.search.solver.Solver.stop`: within one batch of
nodes, as a limit would; the solver is resumed when the work ends), and the work is handed a
:class:`JobControl` whose :meth:`~JobControl.check` raises :class:`JobStoppedError` from then
on: a review checks before each position. A search
(:func:`start_search`) stopped returns what it had proven, each column's value so far (the
columns not reached ``Unvalued.NOT_SEARCHED``), as a limit would; a review stopped, or any job
stopped before its work began, ends with ``None``. :meth:`JobControl.limit` gives a call a
limit that ends by the job's ``deadline``.

The threads are daemon threads: a job still running when the program ends does not keep it
alive. :attr:`Job.finished` says when its work has ended, after which its solver may serve
another job.

>>> job = start_job(lambda control: 6 * 7)
>>> job.wait()
42
>>> job.progress().running
False
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future
from dataclasses import dataclass
from types import TracebackType
from typing import TYPE_CHECKING, Generic, TypeVar

from fourinarow.core import Board
from fourinarow.search.limit import Limit
from fourinarow.search.scores import ColumnValues
from fourinarow.search.solve_progress import SolveProgress
from fourinarow.search.solver import Solver

if TYPE_CHECKING:
    from fourinarow.analysis import Review

__all__ = [
    "WAIT_SLICE",
    "Job",
    "JobControl",
    "JobProgress",
    "JobStoppedError",
    "interruptible",
    "solver_of",
    "start_job",
    "start_review",
    "start_search",
    "wait_interruptibly",
]

T = TypeVar("T")

WAIT_SLICE = 0.05
"""Seconds between two looks of :func:`interruptible` at its job: the most Ctrl-C waits (on
POSIX systems a signal cuts the wait short at once)."""

THREAD_NAME = "fourinarow-search"
"""The name of a job's own thread."""


class JobStoppedError(Exception):
    """Raised inside a job's work at a :meth:`JobControl.check` once the job was stopped or its
    deadline passed; the job then ends with the result ``None``."""


@dataclass(frozen=True)
class JobProgress:
    """A snapshot of a job.

    Attributes:
        running: True until the work has returned or raised (or the job was stopped before
            it began).
        stopped: :meth:`Job.stop` was called, or the deadline passed.
        elapsed: seconds since the job started (once it has ended, how long it ran).
        steps: the steps the work has reported (:meth:`JobControl.step`): positions reviewed.
        total: the steps in all, when the work knows (a review: its moves), else ``None``.
        search: the latest snapshot of the job's solver (nodes, bounds proven so far, each
            column's value so far in an analysis), ``None`` if it has no solver or before its
            first call.
        spent: positions the job's solver has searched since the job started, in all its
            calls (0 without a solver).
    """

    running: bool
    stopped: bool
    elapsed: float
    steps: int
    total: int | None
    search: SolveProgress | None
    spent: int = 0

    @property
    def nodes(self) -> int:
        """Positions the job's solver has searched in its latest call (0 without one)."""
        return 0 if self.search is None else self.search.nodes

    @property
    def values(self) -> ColumnValues | None:
        """Each column's value so far, when the job's latest solver call is an analysis."""
        return None if self.search is None else self.search.values


class JobControl:
    """What a job's work is handed: whether to stop, the time left, and where to report.

    Args:
        deadline: seconds the job may run from its start, ``None`` for no bound.
    """

    def __init__(self, deadline: float | None = None) -> None:
        self._stop = threading.Event()
        self._start = time.monotonic()
        self._end = None if deadline is None else self._start + max(0.0, deadline)
        self._lock = threading.Lock()
        self._solver: Solver | None = None  # stopped with the job while the work runs
        self.steps = 0
        self.total: int | None = None

    @property
    def stopped(self) -> bool:
        """True once the job was stopped or its deadline passed."""
        if not self._stop.is_set() and self._end is not None and time.monotonic() >= self._end:
            self.stop()  # the deadline has passed: as if stopped now
        return self._stop.is_set()

    def stop(self) -> None:
        """Ask the work to end at its next :meth:`check`, and stop the search its solver runs
        now, if any (from any thread)."""
        self._stop.set()
        with self._lock:
            if self._solver is not None:
                self._solver.stop()

    def _searching(self, solver: Solver | None) -> None:
        """The work runs on ``solver`` from now on (``None``: it has ended, and its solver,
        if stopped, may search again for whoever uses it next)."""
        with self._lock:
            if solver is None and self._solver is not None and self._stop.is_set():
                self._solver.resume()
            self._solver = solver

    def check(self) -> None:
        """Raise :class:`JobStoppedError` if the job was stopped or its deadline passed."""
        if self.stopped:
            raise JobStoppedError("the job was stopped")

    def left(self) -> float | None:
        """Seconds left before the deadline (0 once past), ``None`` without one."""
        return None if self._end is None else max(0.0, self._end - time.monotonic())

    def limit(self, limit: Limit | None) -> Limit | None:
        """``limit`` with its time cut to what is left before the deadline (unchanged
        without a deadline): the kernel's own limit then ends a call by it.

        >>> JobControl().limit(Limit(time=2.0))
        Limit(time=2.0, depth=None, nodes=None)
        >>> JobControl(deadline=0).limit(None)
        Limit(time=0.0, depth=None, nodes=None)
        """
        left = self.left()
        if left is None:
            return limit
        if limit is None:
            return Limit(time=left)
        seconds = left if limit.time is None else min(limit.time, left)
        return Limit(seconds, limit.depth, limit.nodes)

    def step(self, done: int | None = None, total: int | None = None) -> None:
        """Report a step done (or ``done`` steps in all) and, if known, the steps in all."""
        with self._lock:
            self.steps = self.steps + 1 if done is None else done
            if total is not None:
                self.total = total

    def elapsed(self) -> float:
        """Seconds since the job started."""
        return time.monotonic() - self._start


class Job(Generic[T]):
    """A handle on work running in another thread (made by :func:`start_job`).

    Thread-safe: any thread may read its progress, stop it or wait for it.
    """

    def __init__(
        self,
        control: JobControl,
        future: Future[T | None],
        solver: Solver | None,
        interval: float,
        before: int = 0,
    ) -> None:
        self._control = control
        self._future = future
        self._solver = solver
        self._interval = interval
        self._ended_at: float | None = None
        self._before = before  # the solver's nodes before the job began
        self._done = threading.Event()
        future.add_done_callback(self._ended)

    def _ended(self, _: object) -> None:
        self._ended_at = self._control.elapsed()
        self._done.set()

    # ------------------------------------------------------------------ reading

    @property
    def finished(self) -> bool:
        """True once the work has returned or raised (or was cancelled before it began)."""
        return self._future.done()

    @property
    def stopped(self) -> bool:
        """True once :meth:`stop` was called or the deadline passed."""
        return self._control.stopped

    def progress(self) -> JobProgress:
        """How far the job has come, now."""
        control = self._control
        ended = self._ended_at
        running = ended is None
        search = None if self._solver is None else self._solver.progress
        spent = 0 if search is None else max(0, search.total_nodes - self._before)
        return JobProgress(
            running=running,
            stopped=control.stopped,
            elapsed=control.elapsed() if ended is None else ended,
            steps=control.steps,
            total=control.total,
            search=search,
            spent=spent,
        )

    def __iter__(self) -> Iterator[JobProgress]:
        """A snapshot every ``interval`` seconds while the job runs, then its last one."""
        while not self._done.wait(self._interval):
            yield self.progress()
        yield self.progress()

    # ------------------------------------------------------------------ acting

    def stop(self) -> None:
        """Ask the job to end early (it ends at its work's next check, see the module's
        notes); a job not yet begun on a busy executor never begins. Its result is then
        ``None``."""
        self._control.stop()
        self._future.cancel()

    def wait(self, timeout: float | None = None) -> T | None:
        """Block until the job has ended and return its result (``None`` if it was stopped
        before its work returned).

        Raises:
            TimeoutError: it has not ended within ``timeout`` seconds.
            BaseException: whatever the work raised.
        """
        if not self._done.wait(timeout):
            raise TimeoutError(f"the job has not ended within {timeout:g} s")
        if self._future.cancelled():
            return None
        return self._future.result()

    def join(self, timeout: float | None = None) -> bool:
        """Block until the job has ended, at most ``timeout`` seconds; return
        :attr:`finished`."""
        return self._done.wait(timeout)

    def add_done_callback(self, callback: Callable[[Future[T | None]], object]) -> None:
        """Call ``callback(future)`` in the job's thread once it ends (at once if it has)."""
        self._future.add_done_callback(callback)

    def __enter__(self) -> Job[T]:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


def solver_of(searcher: object) -> Solver | None:
    """The solver ``searcher`` searches with: itself if it is a
    :class:`~fourinarow.search.solver.Solver`, else its ``solver`` (as the perfect agent's),
    else ``None``."""
    solver = searcher if isinstance(searcher, Solver) else getattr(searcher, "solver", None)
    return solver if isinstance(solver, Solver) else None


def _total_nodes(solver: Solver | None) -> int:
    """The positions ``solver`` has searched in all its watched calls so far."""
    progress = None if solver is None else solver.progress
    return 0 if progress is None else progress.total_nodes


def start_job(
    work: Callable[[JobControl], T],
    *,
    solver: Solver | None = None,
    deadline: float | None = None,
    executor: Executor | None = None,
    interval: float = 0.1,
    name: str = THREAD_NAME,
) -> Job[T]:
    """Start ``work(control)`` and return its :class:`Job` at once.

    Args:
        work: the work; it calls ``control.check()`` where it may stop, ``control.step()``
            where it has done a step, and gives its solver calls ``control.limit(...)``.
        solver: the solver the work searches with, whose progress the job's snapshots carry.
        deadline: seconds the job may run, ``None`` for no bound.
        executor: run the work there (a pool of the caller's) instead of in a new daemon
            thread.
        interval: seconds between two snapshots when the job is iterated.
        name: the thread's name.
    """
    control = JobControl(deadline)
    before = _total_nodes(solver)

    def run() -> T | None:
        control._searching(solver)
        try:
            control.check()
            return work(control)
        except JobStoppedError:
            return None
        finally:
            control._searching(None)

    future: Future[T | None]
    if executor is not None:
        future = executor.submit(run)
    else:
        future = Future()

        def in_thread() -> None:
            if not future.set_running_or_notify_cancel():
                return
            try:
                result = run()
            except BaseException as error:  # handed to whoever waits
                future.set_exception(error)
            else:
                future.set_result(result)

        threading.Thread(target=in_thread, name=name, daemon=True).start()
    return Job(control, future, solver, interval, before)


def start_search(
    board: Board,
    limit: Limit | None = None,
    *,
    solver: Solver | None = None,
    deadline: float | None = None,
    interval: float = 0.1,
    name: str = THREAD_NAME,
) -> Job[ColumnValues]:
    """Every column's value of ``board`` (:meth:`~fourinarow.search.solver.Solver.analyze`) as
    a job; its snapshots carry each column's value so far. Stopped before the search returned,
    the result is ``None`` and the last snapshot's :attr:`JobProgress.values` holds what was
    found.

    >>> job = start_search(Board.from_moves("4455"))
    >>> job.wait().labels()
    ('-4', '-3', '18', '2', '2', '18', '-3')
    """
    searcher = solver if solver is not None else Solver(tt_mb=16)

    def work(control: JobControl) -> ColumnValues:
        return searcher.analyze(board, control.limit(limit))

    return start_job(work, solver=searcher, deadline=deadline, interval=interval, name=name)


def start_review(
    board: Board,
    limit: Limit | None = None,
    *,
    solver: Solver | None = None,
    deadline: float | None = None,
    interval: float = 0.1,
    name: str = THREAD_NAME,
) -> Job[Review]:
    """A game's review (:func:`fourinarow.analysis.review_game`, ``limit`` for each
    position) as a job; its snapshots count the positions reviewed, and a stop ends it
    before the next position (the result is then ``None``)."""
    from fourinarow.analysis import review_game

    searcher = solver if solver is not None else Solver(tt_mb=64)
    moves = board.ply

    def work(control: JobControl) -> Review:
        control.step(0, moves)

        def reviewed(done: int, total: int) -> None:
            control.step(done, total)
            if done < total:
                control.check()

        return review_game(board, limit=control.limit(limit), solver=searcher, progress=reviewed)

    return start_job(work, solver=searcher, deadline=deadline, interval=interval, name=name)


def interruptible(work: Callable[[], T]) -> T:
    """Run ``work`` as a job and return its result, waiting in the calling thread so that
    Ctrl-C stops the wait at once: the compiled kernels do not look for signals, and Python
    runs its signal handlers in the main thread only, between two of its own instructions.

    Use it where Ctrl-C ends the program (the commands, the terminal game, a tournament
    played in one process): the work is left to run on in its daemon thread.

    >>> interruptible(lambda: 6 * 7)
    42

    Raises:
        BaseException: whatever ``work`` raised, re-raised in the calling thread.
        KeyboardInterrupt: Ctrl-C came first (the job is stopped and left behind).
    """
    return wait_interruptibly(start_job(lambda control: work()))  # type: ignore[return-value]


def wait_interruptibly(job: Job[T]) -> T | None:
    """:meth:`Job.wait`, in slices of :data:`WAIT_SLICE` so that Ctrl-C stops the wait at once
    (then the job is stopped and ``KeyboardInterrupt`` raised)."""
    try:
        while not job.join(WAIT_SLICE):
            pass
    except KeyboardInterrupt:
        job.stop()
        raise
    return job.wait()
