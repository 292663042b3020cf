"""Progress on standard error for long commands (tournaments, experiments, book builds), drawn
by rich: a bar, done/total, the rate, the time so far and the time left; for downloads (book
installs), in bytes; for a search of unknown length (solve, analyze), a spinner and one
line saying how far it has come; and for a game's review, move by move."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeVar

from fourinarow.service.jobs import Job, JobProgress, wait_interruptibly
from fourinarow.service.words import labels as column_labels

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Task, TaskID
    from rich.spinner import Spinner
    from rich.text import Text

    from fourinarow.core import Board
    from fourinarow.search.solve_progress import SolveProgress

T = TypeVar("T")

__all__ = [
    "STATUS_DELAY",
    "ByteProgressCallback",
    "ProgressCallback",
    "SearchStatus",
    "byte_progress",
    "job_text",
    "progress_bar",
    "review_progress",
    "search_status",
    "search_text",
    "solve_text",
]

ProgressCallback = Callable[[int, int, float], None]
"""Called as ``progress(done, total, seconds)``; ``done`` may include work an earlier, resumed run
finished (the first call says where this run starts). The display keeps its own clock, so the
seconds are not used."""


def _console(color: bool = True) -> Console:
    """Rich's console on standard error: without colour unless ``color`` (``False`` with
    ``--no-color``); rich leaves it out too where ``NO_COLOR`` is set."""
    from rich.console import Console

    return Console(stderr=True, no_color=None if color else True)


@contextmanager
def progress_bar(
    unit: str,
    enabled: bool = True,
    detail: Callable[[], str] | None = None,
    *,
    color: bool = True,
) -> Iterator[ProgressCallback | None]:
    """A progress display on standard error while the block runs, as a callback; ``None`` (no
    display) when not ``enabled`` or when standard error is not a terminal. ``detail()``, if
    given, is shown after the bar at each refresh (the unit in progress: "game 1/2, move 14").
    Without ``color`` (``--no-color``) it is drawn in plain text.

    The rate and the time left count only what was done since the first call, so a resumed run
    does not look faster than it is. The finished bar stays on screen; Ctrl-C leaves it as it
    was, and what is printed next goes below it.
    """
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        ProgressColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        """How many units a second, over the last half minute."""

        def render(self, task: Task) -> Text:
            speed = task.speed
            return Text(f"{speed:.1f} {unit}/s" if speed else f"- {unit}/s", style="cyan")

    class DetailColumn(ProgressColumn):
        """What ``detail()`` says now."""

        def render(self, task: Task) -> Text:
            return Text(detail() if detail is not None else "", style="magenta")

    display = Progress(
        BarColumn(),
        MofNCompleteColumn(),
        unit,
        RateColumn(),
        TimeElapsedColumn(),
        "ETA",
        TimeRemainingColumn(),
        *([DetailColumn()] if detail is not None else []),
        console=_console(color),
    )
    task: TaskID | None = None

    def report(done: int, total: int, seconds: float) -> None:
        nonlocal task
        if task is None:  # where this run starts (not progress made now): show the bar
            task = display.add_task(unit, total=total, completed=done)
            display.start()
        else:
            display.update(task, total=total, completed=done)

    try:
        yield report
    finally:
        if task is not None:
            display.stop()


ByteProgressCallback = Callable[[int, "int | None"], None]
"""Called as ``progress(bytes_so_far, total_bytes)``; the total is ``None`` when unknown."""


@contextmanager
def byte_progress(enabled: bool = True) -> Iterator[ByteProgressCallback | None]:
    """A download's progress on standard error (bytes so far, of how many, the speed) while the
    block runs, as a callback; ``None`` (no display) when not ``enabled`` or when standard error
    is not a terminal. Ctrl-C leaves the display as it was."""
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.progress import BarColumn, DownloadColumn, Progress, TransferSpeedColumn

    display = Progress(BarColumn(), DownloadColumn(), TransferSpeedColumn(), console=_console())
    task = display.add_task("download", total=None)

    def report(done: int, total: int | None) -> None:
        display.update(task, completed=done, total=total)

    display.start()
    try:
        yield report
    finally:
        display.stop()


STATUS_DELAY = 1.0
"""Seconds a search runs before :func:`search_status` shows it: a quick one shows nothing."""

STATUS_REFRESH = 4.0
"""Times a second the search's status line is drawn again."""


@dataclass
class SearchStatus:
    """What :func:`search_status` did: ``shown`` once its line has appeared."""

    shown: bool = False


@contextmanager
def search_status(describe: Callable[[], str], enabled: bool = True) -> Iterator[SearchStatus]:
    """A spinner and one line on standard error while a search runs: from :data:`STATUS_DELAY`
    seconds on, ``describe()`` (called in the display's own thread) drawn a few times a second.

    Nothing when not ``enabled`` or when standard error is not a terminal. The line goes away
    when the block ends, by Ctrl-C too, so that what is printed next takes its place.
    """
    status = SearchStatus()
    if not enabled or not sys.stderr.isatty():
        yield status
        return
    from rich.live import Live
    from rich.spinner import Spinner
    from rich.text import Text

    spinner = Spinner("dots", style="cyan")

    def render() -> Spinner:
        spinner.update(text=Text(describe()))  # as it is: brackets are not markup
        return spinner

    live = Live(
        console=_console(),
        get_renderable=render,
        refresh_per_second=STATUS_REFRESH,
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    )
    ended = threading.Event()
    lock = threading.Lock()

    def show_later() -> None:
        if not ended.wait(STATUS_DELAY):
            with lock:
                if not ended.is_set():
                    live.start()
                    status.shown = True

    threading.Thread(target=show_later, name="fourinarow-status", daemon=True).start()
    try:
        yield status
    finally:
        with lock:
            ended.set()
            if status.shown:
                live.stop()


def _count(number: float) -> str:
    """A count in three figures or so: 812, 48.1 k, 815 k, 3.9 M, 1.2 G."""
    for size, suffix in ((1e9, " G"), (1e6, " M"), (1e3, " k")):
        if number >= size:
            scaled = number / size
            return f"{scaled:.0f}{suffix}" if scaled >= 100 else f"{scaled:.1f}{suffix}"
    return f"{number:.0f}"


def _signed(value: int) -> str:
    return f"{value:+d}" if value else "0"


def search_text(elapsed: float, nodes: int | None = None) -> str:
    """How long a search has run and, when known, its nodes and their rate.

    >>> search_text(12.4, 48_100_000), search_text(2.0, 1_630_000), search_text(0.7)
    ('12.4 s  48.1 M nodes  3.9 M/s', '2.0 s  1.6 M nodes  815 k/s', '0.7 s')
    """
    text = f"{elapsed:.1f} s"
    if nodes is not None:
        text += f"  {_count(nodes)} nodes"
        if elapsed > 0:
            text += f"  {_count(nodes / elapsed)}/s"
    return text


def solve_text(progress: SolveProgress) -> str:
    """A running solve's status line, ``12.4 s  48.1 M nodes  3.9 M/s  score -3..+5``; for an
    analysis, the columns instead: their values so far, the one being searched in brackets
    (``columns -1 0 [-2..+1] ? - ? ?``)."""
    text = search_text(progress.elapsed, progress.nodes)
    if progress.values is None:
        if progress.exact:
            return f"{text}  score {_signed(progress.lower)}"
        return f"{text}  score {_signed(progress.lower)}..{_signed(progress.upper)}"
    labels = list(column_labels(progress.values))
    if progress.column is not None:
        labels[progress.column] = f"[{labels[progress.column]}]"
    return f"{text}  columns {' '.join(labels)}"


def job_text(progress: JobProgress, board: Board | None = None) -> str:
    """A running job's status line: its solver's (:func:`solve_text`) while that searches
    ``board`` (any position when ``None``), else (reading the book, finding the best moves)
    the time and the nodes the job has searched so far."""
    search = progress.search
    if search is None or not search.running or (board is not None and search.board != board):
        return search_text(progress.elapsed, progress.spent if search is not None else None)
    return solve_text(search)


def review_progress(job: Job[T], after: float = 1.0, *, color: bool = True) -> T | None:
    """Wait for a review's job (:func:`fourinarow.service.jobs.start_review`) and return its
    result, showing its progress on standard error meanwhile (``move k of n``, a bar, the
    time so far and the time left) when standard error is a terminal (in plain text without
    ``color``). Nothing shows until ``after`` seconds have passed, so a quick review prints
    nothing; the display goes away when the review ends. Ctrl-C stops the job and raises
    ``KeyboardInterrupt`` at once.

    Raises:
        BaseException: what the review raised.
    """
    if not sys.stderr.isatty():
        return wait_interruptibly(job)
    from rich.progress import BarColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    display = Progress(
        "reviewing move {task.fields[move]} of {task.total}",
        BarColumn(),
        TimeElapsedColumn(),
        "ETA",
        TimeRemainingColumn(),
        console=_console(color),
        transient=True,
    )
    task: TaskID | None = None
    try:
        for snapshot in job:
            done, total = snapshot.steps, snapshot.total
            if total is None or (task is None and snapshot.elapsed < after):
                continue
            if task is None:
                task = display.add_task("review", total=total, completed=done, move=done + 1)
                display.start()
            display.update(task, total=total, completed=done, move=min(done + 1, total))
    except KeyboardInterrupt:
        job.stop()
        raise
    finally:
        if task is not None:
            display.stop()
    return job.wait()
