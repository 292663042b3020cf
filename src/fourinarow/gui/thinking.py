"""Work that must not freeze the window (the computer's move, the hint) on a daemon thread:
jobs (:mod:`fourinarow.service.jobs`) collected by polling.

The window starts a job, keeps drawing, and polls for the answer each frame. A job that is no
longer wanted (after an undo, a new game or quitting) is forgotten and stopped, not waited
for: its thread is a daemon, so it never keeps the program from exiting.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from typing import Generic, TypeVar

from fourinarow.agents import Decision, PerfectAgent
from fourinarow.core import Column
from fourinarow.search.scores import ColumnValues
from fourinarow.search.solver import Solver
from fourinarow.service.jobs import Job, start_job

__all__ = ["BackgroundTask", "Hint", "TaskFailed", "Workers"]

T = TypeVar("T")


@dataclass(frozen=True)
class TaskFailed:
    """What a job raised instead of returning (handed to the window to report)."""

    error: BaseException


class BackgroundTask(Generic[T]):
    """One job at a time (:func:`fourinarow.service.jobs.start_job`, on its own daemon
    thread), its result collected by ``poll``.

    A new job may only start once the previous thread has finished, even when its result was
    forgotten: the jobs share objects (an agent and its tables) that are not thread-safe.

    >>> task: BackgroundTask[int] = BackgroundTask("adder")
    >>> task.start(lambda: 2 + 2)
    >>> task.wait(5.0)
    4
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._job: Job[T] | None = None
        self._wanted = False

    @property
    def pending(self) -> bool:
        """True while a started job's result is wanted and has not been collected."""
        return self._wanted

    @property
    def ready(self) -> bool:
        """True when a new job may start: no thread is still running."""
        return self._job is None or self._job.finished

    def start(self, job: Callable[[], T], solver: Solver | None = None) -> None:
        """Run ``job`` on a new daemon thread; ``solver``, the solver it searches with, if
        any, is stopped when the job is forgotten (:meth:`cancel`).

        Raises:
            RuntimeError: the previous job's thread is still running (see ``ready``).
        """
        if not self.ready:
            raise RuntimeError(f"{self.name}: the previous job is still running")
        self._job = start_job(lambda control: job(), solver=solver, name=self.name)
        self._wanted = True

    def cancel(self) -> None:
        """Forget the running job's result and stop it (its thread ends at the job's next
        check, unobserved)."""
        self._wanted = False
        if self._job is not None:
            self._job.stop()

    def poll(self) -> T | TaskFailed | None:
        """The wanted job's result once it is there (then no job is pending), else ``None``."""
        job = self._job
        if not self._wanted or job is None or not job.finished:
            return None
        self._wanted = False
        try:
            return job.wait()
        except Exception as error:  # handed over to the window, which reports it
            return TaskFailed(error)

    def wait(self, timeout: float) -> T | TaskFailed | None:
        """Block up to ``timeout`` seconds for the wanted job's result (for scripts and tests)."""
        if self._job is not None:
            self._job.join(timeout)
        return self.poll()


Hint = tuple[tuple[Column, ...], ColumnValues]
"""The moves that led to a position, and every column's value there (``PerfectAgent.analyze``)."""


@dataclass
class Workers:
    """The computer's task, the hint's task and the hint's solver, kept by the app across
    games: a forgotten task may still be running, and no new one may start on its agent (or
    solver) until it ends.

    Attributes:
        computer: works out the computer's move.
        hint: values every column of a position (for the moves that led to it).
        analyst: the hint's solver, made by the first hint.
    """

    computer: BackgroundTask[Decision] = dataclasses.field(
        default_factory=lambda: BackgroundTask("computer")
    )
    hint: BackgroundTask[Hint] = dataclasses.field(default_factory=lambda: BackgroundTask("hint"))
    analyst: PerfectAgent | None = None

    def cancel(self) -> None:
        """Forget both tasks' results."""
        self.computer.cancel()
        self.hint.cancel()
