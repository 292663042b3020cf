"""The review screen's model: the game reviewed on a background thread, the move shown, and
what the screen says about it. No pygame (``review_screen`` turns keys into these steps and
``drawing`` paints the ``ReviewFrame``).

The review (:func:`fourinarow.service.jobs.start_review`) runs on a daemon thread, counting
the positions analysed so that the window can show "Reviewing… k/N". Each position gets the
review's budget (:func:`fourinarow.service.budgets.review_position_limit`, as ``fourinarow
review`` gives it by default): none on a shape with an opening book (shipped, as for 7x6
connect 4, or installed), whose positions the solver proves quickly; on other boards a second
per position, most of it for proofs and the rest for the engine's estimates, and a move whose
values were not proven in that time is graded from their bounds, else by the estimates (said
as "estimated"), else marked ``~`` (unproven).
"""

from __future__ import annotations

from dataclasses import dataclass

from fourinarow.core import Board, Cell, Column, column_label
from fourinarow.gui.frame import Button, HintLabel
from fourinarow.gui.graph import GraphFrame, GraphPoint
from fourinarow.gui.layout import Box
from fourinarow.gui.palette import COLOR_BLIND, Color, Palette
from fourinarow.gui.review_layout import REVIEW_BUTTONS, ReviewLayout
from fourinarow.search.limit import Limit
from fourinarow.search.scores import ColumnValue, Estimate
from fourinarow.search.solver import Solver
from fourinarow.service import coach
from fourinarow.service.jobs import Job, start_review
from fourinarow.service.reviews import (
    GRADES,
    MARKS,
    SYMBOLS,
    MoveReview,
    PlayerSummary,
    Review,
)
from fourinarow.service.words import value_words

__all__ = [
    "REVIEW_BUTTONS",
    "ReviewFrame",
    "ReviewJob",
    "ReviewLayout",
    "ReviewView",
    "grade_color",
]

_GRADE_COLORS: dict[bool, dict[str, Color]] = {
    False: {  # the classic palette (the key: is it the colour-blind palette?)
        "best": (96, 214, 120),
        "inaccuracy": (238, 214, 90),
        "mistake": (245, 150, 60),
        "blunder": (240, 80, 80),
        "unproven": (150, 156, 176),
    },
    True: {  # Okabe-Ito hues, apart from the discs' orange and sky blue
        "best": (0, 158, 115),
        "inaccuracy": (240, 228, 66),
        "mistake": (204, 121, 167),
        "blunder": (213, 94, 0),
        "unproven": (150, 150, 160),
    },
}


def grade_color(grade: str, palette: Palette) -> Color:
    """The colour a grade is shown in (its mark says the same for those who cannot tell).

    >>> from fourinarow.gui.palette import CLASSIC
    >>> grade_color("blunder", CLASSIC)
    (240, 80, 80)
    """
    return _GRADE_COLORS[palette == COLOR_BLIND][grade]


# ------------------------------------------------------------------------ the background job


class ReviewJob:
    """A game's review, worked out as a job (:func:`fourinarow.service.jobs.start_review`) on a
    daemon thread; ``done`` counts the positions analysed.

    Args:
        board: the game to review (its moves and shape; copied).
        limit: each position's limit (the review's budget,
            :func:`~fourinarow.service.budgets.review_position_limit`), ``None`` for
            none.
    """

    def __init__(self, board: Board, limit: Limit | None) -> None:
        self.board = board.copy()
        self.moves: tuple[Column, ...] = board.moves
        self.limit = limit
        self.review: Review | None = None
        self.error: str | None = None
        self._job: Job[Review] | None = None
        self._stopped = False

    @property
    def total(self) -> int:
        """The positions to analyse: one per move."""
        return len(self.moves)

    @property
    def done(self) -> int:
        """The positions analysed so far."""
        return 0 if self._job is None else self._job.progress().steps

    def is_for(self, board: Board) -> bool:
        """True if this is the review of ``board``'s game (the same moves and shape)."""
        mine = self.board
        return (board.moves, board.width, board.height, board.connect) == (
            self.moves,
            mine.width,
            mine.height,
            mine.connect,
        )

    @property
    def stopped(self) -> bool:
        """True once ``stop`` was called."""
        return self._stopped

    @property
    def running(self) -> bool:
        """True while the thread runs (a stopped one runs on to the end of its position's
        search, which the stop cuts short)."""
        return self._job is not None and not self._job.finished

    @property
    def finished(self) -> bool:
        """True once the review is there, or failed (``error`` says why)."""
        return self.review is not None or self.error is not None

    def start(self) -> None:
        """Start reviewing on a new daemon thread."""
        self._job = start_review(self.board, self.limit, solver=Solver(tt_mb=64), name="review")

    def stop(self) -> None:
        """Stop the review before its next position (its result is not wanted)."""
        self._stopped = True
        if self._job is not None:
            self._job.stop()

    def poll(self) -> bool:
        """Collect the result if it has come; return True when it came with this call."""
        job = self._job
        if job is None or not job.finished or self._stopped or self.finished:
            return False
        try:
            self.review = job.wait()
        except Exception as error:  # shown on the screen
            self.error = str(error) or type(error).__name__
        return self.finished

    def wait(self, timeout: float) -> bool:
        """Block up to ``timeout`` seconds for the result (for scripts and tests); return
        ``finished``."""
        if self._job is not None:
            self._job.join(timeout)
        self.poll()
        return self.finished


# ------------------------------------------------------------------------------- the view


class ReviewView:
    """The move shown (1 to N: the board after it, its disc marked) and the steps between
    moves; the grades come from ``review`` once it is there.

    >>> view = ReviewView(Board.from_moves("4455"))
    >>> view.shown, view.step(1), view.shown, view.last(), view.shown
    (1, True, 2, True, 4)
    >>> view.step(1), view.move_words()
    (False, 'Move 4 of 4: O played column 5')
    """

    def __init__(self, board: Board, names: tuple[str, str] = ("X", "O")) -> None:
        self.final = board.copy()
        self.moves: tuple[Column, ...] = board.moves
        self.names = names
        self.shown = 1 if self.moves else 0
        self.review: Review | None = None
        self._course: tuple[Review, tuple[coach.CoursePoint, ...]] | None = None
        self._notes: tuple[tuple[int, int], tuple[str, ...]] | None = None

    @property
    def count(self) -> int:
        """The moves of the game."""
        return len(self.moves)

    @property
    def board(self) -> Board:
        """The position after the move shown."""
        return self._after(self.shown)

    def board_before(self) -> Board:
        """The position the shown move was played in."""
        return self._after(max(0, self.shown - 1))

    def _after(self, count: int) -> Board:
        board = Board(self.final.width, self.final.height, self.final.connect)
        for column in self.moves[:count]:
            board.push(column)
        return board

    @property
    def move(self) -> MoveReview | None:
        """The shown move's review, once the review is there."""
        if self.review is None or not self.shown:
            return None
        return self.review.moves[self.shown - 1]

    @property
    def player(self) -> int:
        """Who played the shown move (1 or 2)."""
        return 2 - self.shown % 2

    def go(self, shown: int) -> bool:
        """Show move ``shown`` (clamped to 1..N); return True if the move shown changed."""
        target = max(min(1, self.count), min(self.count, shown))
        changed = target != self.shown
        self.shown = target
        return changed

    def step(self, moves: int) -> bool:
        """Step ``moves`` forward (negative: back)."""
        return self.go(self.shown + moves)

    def first(self) -> bool:
        """Show the first move."""
        return self.go(1)

    def last(self) -> bool:
        """Show the last move."""
        return self.go(self.count)

    def turning_point(self, direction: int) -> bool:
        """Show the next (``direction`` 1) or previous (-1) mistake or blunder; return False
        if there is none that way (or the review is not there yet)."""
        if self.review is None:
            return False
        points = self.review.turning_points + self.review.likely_turning_points
        numbers = [move.number for move in points]
        ahead = [n for n in numbers if (n - self.shown) * direction > 0]
        if not ahead:
            return False
        return self.go(min(ahead) if direction > 0 else max(ahead))

    # ---------------------------------------------------------------------------- the words

    def move_words(self) -> str:
        """``Move 17 of 42: Red played column 3``."""
        if not self.shown:
            return "No moves to review."
        column = column_label(self.moves[self.shown - 1])
        name = self.names[self.player - 1]
        return f"Move {self.shown} of {self.count}: {name} played column {column}"

    def grade_words(self) -> str:
        """The shown move's grade: ``?? blunder``, ``best``, ``~ unproven``, ``? mistake
        (proven by bounds)``, ``?! inaccuracy (estimated)``."""
        move = self.move
        if move is None:
            return ""
        words = f"{move.mark} {move.grade}".strip()
        if move.estimated:
            return words + " (estimated)"
        return words + (" (proven by bounds)" if move.from_bounds else "")

    def value_words(self) -> str:
        """What the position was worth before the move and what the move made of it, for its
        player, in the words of ``fourinarow.service.words``: ``before: win in 9 · column 3: loss
        in 12 · best: column 5``."""
        move = self.move
        if move is None:
            return ""
        best = ", ".join(column_label(c) for c in move.best)
        best_words = (
            f"best: column {best}"
            if len(move.best) == 1
            else f"best: columns {best}"
            if move.best
            else "best: not proven"
        )
        if move.estimated:
            return _estimated_words(move)
        return (
            f"before: {value_words(move.before)} · column {move.label}: "
            f"{value_words(move.played)} · {best_words}"
        )

    def graph(self, box: Box, shown: int | None = None) -> GraphFrame:
        """The evaluation graph in ``box``: a point per position once the review is there
        (from :func:`fourinarow.service.coach.course`), the position ``shown`` (by default the
        one after the move shown) marked."""
        points: tuple[GraphPoint, ...] = ()
        words = ""
        ply = self.shown if shown is None else shown
        if self.review is not None:
            if self._course is None or self._course[0] is not self.review:
                self._course = (self.review, coach.course(self.review))
            course = self._course[1]
            grades = [None, *(move.grade for move in self.review.moves)]
            points = tuple(
                GraphPoint(
                    p.ply, p.expected, p.proven, grades[p.ply] if p.ply < len(grades) else None
                )
                for p in course
            )
            here = [p for p in course if p.ply == ply]
            if here:
                words = f"{self.names[0]}: {here[0].words}"
        # the explanations say X and O, as every front end does: the graph names both
        wins = tuple(f"{name} ({SYMBOLS[n]}) wins" for n, name in enumerate(self.names, 1))
        return GraphFrame(box, points, self.count, ply, wins[0], wins[1], words)

    def notes(self) -> tuple[str, ...]:
        """Why the shown move was good or bad, in the sentences of
        :func:`fourinarow.service.coach.explain` (its headline first, then why the best column
        was best when another was played, then the rest); empty until the review is there."""
        move = self.move
        if move is None:
            return ()
        key = (id(self.review), self.shown)
        if self._notes is None or self._notes[0] != key:
            self._notes = (key, self._explained(move))
        return self._notes[1]

    def _explained(self, move: MoveReview) -> tuple[str, ...]:
        assert self.review is not None
        played, best = coach.move_explanations(self.review, move.number)
        notes = _sentences(played)
        if best is None or best.column is None or best.column == move.column:
            return notes
        if move.grade != "best" and best.headline:  # why the best was best, second
            line = f"Best, column {column_label(best.column)}: {best.headline}"
            return (*notes[:1], line, *notes[1:])
        return notes

    def summary_words(self) -> tuple[str, ...]:
        """A line per player: the accuracy, the weighted accuracy and the misses."""
        if self.review is None:
            return ()
        return tuple(
            _summary_line(self.names[summary.player - 1], summary)
            for summary in self.review.summaries()
        )


def _sentences(explanation: coach.Explanation) -> tuple[str, ...]:
    """An explanation's sentences, its headline first."""
    head = explanation.headline
    rest = tuple(s for s in explanation.sentences if s != head)
    return rest if head is None else (head, *rest)


def _estimated_words(move: MoveReview) -> str:
    """A move graded by estimates: ``column 3 about -0.5 · likely best: column 5, about +1.2 ·
    0.31 of the expected result lost``."""
    played = move.values.values[move.column]
    words = f"column {move.label} {_about(played)}"
    likely = move.likely_best
    if likely is not None and likely != move.column:
        words += f" · likely best: column {column_label(likely)}, "
        words += _about(move.values.values[likely])
    return words + ("" if move.loss is None else f" · {move.loss:.2f} of the expected result lost")


def _about(value: ColumnValue) -> str:
    if isinstance(value, Estimate):
        return f"about {value.tenths}"
    return value_words(value)


def _summary_line(name: str, summary: PlayerSummary) -> str:
    """``Red: accuracy 83% (weighted 91%); 1 ?!, 1 ??; 4 by proof, 3 estimated`` for one
    player."""
    if summary.accuracy is None or summary.weighted_accuracy is None:
        head = f"{name}: no move graded"
    else:
        head = f"{name}: accuracy {summary.accuracy:.0%} (weighted {summary.weighted_accuracy:.0%})"
    misses = [
        f"{summary.counts[grade]} {MARKS[grade]}"
        for grade in GRADES
        if grade != "best" and summary.counts[grade]
    ]
    head += f"; {', '.join(misses)}" if misses else "; every move best"
    if summary.by_estimate:
        head += f"; {summary.by_proof} by proof, {summary.by_estimate} estimated"
    return head


# ------------------------------------------------------------------------------ the frame


@dataclass(frozen=True)
class BarMark:
    """One move in the bar: its colour (a grade's, or ``None`` while not reviewed)."""

    grade: str | None


@dataclass(frozen=True)
class ReviewFrame:
    """Everything the review screen shows at one moment, for the painter.

    Attributes:
        board: the position after the move shown.
        marked: the cell of the move shown (ringed in its grade's colour).
        grade: the shown move's grade, ``None`` while the review is not there.
        mark: the grade's mark (``??``, ``?``, ``?!``, ``~``; none for best), written on the
            disc.
        best: the cells where the best columns' discs would have landed (ghost rings), when
            they are not the move played.
        values: every column's value before the move, as the hint labels them.
        lines: the header's two lines (the move; its grade and values, or the progress).
        bar: a mark per move; ``shown`` is the 1-based move shown.
        progress: the share of positions analysed while reviewing, else ``None``.
        summary: a line per player (accuracy), once reviewed.
        graph: the evaluation graph, the position shown marked.
        notes: the explanation's sentences, each drawn as a paragraph.
        numbers: the discs of the best line stepped on the board, each with its step (1, 2,
            ...) to write on it; empty outside the best line.
    """

    layout: ReviewLayout
    palette: Palette
    board: Board
    marked: Cell | None
    grade: str | None
    mark: str
    best: tuple[Cell, ...]
    values: tuple[HintLabel, ...] | None
    lines: tuple[str, str]
    bar: tuple[BarMark, ...]
    shown: int
    progress: float | None
    buttons: tuple[Button, ...]
    summary: tuple[str, ...]
    status: str
    graph: GraphFrame
    notes: tuple[str, ...] = ()
    numbers: tuple[tuple[Cell, int], ...] = ()
