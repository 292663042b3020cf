"""The best line from a reviewed position, stepped on the board: what should have been played
there, and the best play after it. No pygame.

The line comes from the service layer (:func:`fourinarow.service.coach.best_line`: the
solver's, as far as it is proven), worked out as a job on a daemon thread, so that the window
answers while it is found. Each of its positions gets a hint's budget
(:func:`fourinarow.service.budgets.hint_limit`): none inside an opening book, else a second,
after which the engine's likely best move stands in for a proof.
"""

from __future__ import annotations

from fourinarow.core import Board, Cell, Column, column_label
from fourinarow.search.limit import Limit
from fourinarow.service import coach
from fourinarow.service.budgets import hint_limit
from fourinarow.service.jobs import Job, JobControl, start_job

__all__ = ["BestLine"]


class BestLine:
    """The best line from ``start`` (the position before move ``number``), and the step shown.

    >>> line = BestLine(Board.from_moves("112233"), 7)
    >>> line.line = (3,)
    >>> line.step(1), line.board.moves, line.numbers()
    (True, (0, 0, 1, 1, 2, 2, 3), (((3, 0), 1),))
    >>> line.words()
    ('Best line from before move 7: step 1 of 1', '[4]')
    """

    def __init__(self, start: Board, number: int) -> None:
        self.start_board = start.copy()
        self.number = number
        self.line: tuple[Column, ...] | None = None
        self.error: str | None = None
        self.shown = 0  # the moves of the line on the board
        self.limit: Limit | None = hint_limit(start)  # each position's
        self._job: Job[tuple[Column, ...]] | None = None

    def start(self) -> None:
        """Work the line out on a daemon thread."""
        board, limit = self.start_board.copy(), self.limit

        def work(control: JobControl) -> tuple[Column, ...]:
            return coach.best_line(board, limit=limit)

        self._job = start_job(work, name="best line")

    def poll(self) -> bool:
        """Collect the line if it has come (and show its first move); return True when it came
        with this call."""
        job = self._job
        if job is None or not job.finished or self.line is not None or self.error is not None:
            return False
        try:
            self.line = job.wait() or ()
        except Exception as error:  # shown on the screen
            self.error = str(error) or type(error).__name__
            return True
        self.shown = min(1, len(self.line))
        return True

    def wait(self, timeout: float) -> bool:
        """Block up to ``timeout`` seconds for the line (for tests); return True once it is
        there."""
        if self._job is not None:
            self._job.join(timeout)
        self.poll()
        return self.line is not None

    def stop(self) -> None:
        """Forget the line (a search under way ends on its own)."""
        if self._job is not None:
            self._job.stop()

    @property
    def board(self) -> Board:
        """The start with the line's first ``shown`` moves played."""
        board = self.start_board.copy()
        for column in (self.line or ())[: self.shown]:
            board.push(column)
        return board

    def go(self, shown: int) -> bool:
        """Show the line's first ``shown`` moves (clamped); return True if that changed."""
        target = max(0, min(len(self.line or ()), shown))
        changed = target != self.shown
        self.shown = target
        return changed

    def step(self, moves: int) -> bool:
        """Step ``moves`` along the line (negative: back)."""
        return self.go(self.shown + moves)

    def numbers(self) -> tuple[tuple[Cell, int], ...]:
        """The cells of the line's discs on the board, each with its step (1-based)."""
        heights = list(self.start_board.heights)
        cells = []
        for step, column in enumerate((self.line or ())[: self.shown], start=1):
            cells.append(((column, heights[column]), step))
            heights[column] += 1
        return tuple(cells)

    def words(self) -> tuple[str, str]:
        """The header's two lines: where the line starts and the step shown; the line's
        columns with the one shown in brackets."""
        head = f"Best line from before move {self.number}"
        if self.error is not None:
            return head, f"No best line: {self.error}"
        if self.line is None:
            return head, "Working out the best line…"
        if not self.line:
            return head, "No best line is known from here."
        labels = [column_label(c) for c in self.line]
        if self.shown:
            labels[self.shown - 1] = f"[{labels[self.shown - 1]}]"
        return f"{head}: step {self.shown} of {len(self.line)}", " ".join(labels)
