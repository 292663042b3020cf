"""Progress on standard error for long commands (tournaments, experiments, book builds), drawn
by rich: a bar, done/total, the rate, the time so far and the time left; for downloads (book
installs), in bytes; and for a game's review, move by move."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.progress import Task, TaskID
    from rich.text import Text

__all__ = [
    "ByteProgressCallback",
    "MoveProgressCallback",
    "ProgressCallback",
    "byte_progress",
    "move_progress",
    "progress_bar",
]

ProgressCallback = Callable[[int, int, float], None]
"""Called as ``progress(done, total, seconds)``; ``done`` may include work an earlier, resumed run
finished (the first call says where this run starts). The display keeps its own clock, so the
seconds are not used."""


@contextmanager
def progress_bar(unit: str, enabled: bool = True) -> Iterator[ProgressCallback | None]:
    """A progress display on standard error while the block runs, as a callback; ``None`` (no
    display) when not ``enabled`` or when standard error is not a terminal.

    The rate and the time left count only what was done since the first call, so a resumed run
    does not look faster than it is. The finished bar stays on screen; Ctrl-C leaves it as it
    was, and what is printed next goes below it.
    """
    if not enabled or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
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

    display = Progress(
        BarColumn(),
        MofNCompleteColumn(),
        unit,
        RateColumn(),
        TimeElapsedColumn(),
        "ETA",
        TimeRemainingColumn(),
        console=Console(stderr=True),
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
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TransferSpeedColumn

    display = Progress(
        BarColumn(), DownloadColumn(), TransferSpeedColumn(), console=Console(stderr=True)
    )
    task = display.add_task("download", total=None)

    def report(done: int, total: int | None) -> None:
        display.update(task, completed=done, total=total)

    display.start()
    try:
        yield report
    finally:
        display.stop()


MoveProgressCallback = Callable[[int, int], None]
"""Called as ``progress(done, total)`` after each move of a game is reviewed."""


@contextmanager
def move_progress(after: float = 1.0) -> Iterator[MoveProgressCallback | None]:
    """A game review's progress on standard error (``move k of n``, a bar, the time so far and
    the time left) while the block runs, as a callback; ``None`` (no display) when standard
    error is not a terminal. Nothing shows until ``after`` seconds have passed, so a quick
    review prints nothing; the display goes away when the block ends."""
    if not sys.stderr.isatty():
        yield None
        return
    import time

    from rich.console import Console
    from rich.progress import BarColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

    display = Progress(
        "reviewing move {task.fields[move]} of {task.total}",
        BarColumn(),
        TimeElapsedColumn(),
        "ETA",
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    )
    started = time.perf_counter()
    task: TaskID | None = None

    def report(done: int, total: int) -> None:
        nonlocal task
        if task is None:
            if time.perf_counter() - started < after:
                return
            task = display.add_task("review", total=total, completed=done, move=done + 1)
            display.start()
        display.update(task, total=total, completed=done, move=min(done + 1, total))

    try:
        yield report
    finally:
        if task is not None:
            display.stop()
