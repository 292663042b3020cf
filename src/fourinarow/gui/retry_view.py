"""Learning from your mistakes, as data: each mistake or blunder of a reviewed game replayed,
one try at a better move, then the verdict and why. No pygame (``retry_screen`` turns keys
and clicks into these steps, ``drawing`` paints the ``RetryFrame``).

The exercises, the verdicts and their sentences come from the service layer
(:func:`fourinarow.service.coach.exercises` and :func:`~fourinarow.service.coach.answer`); an
exercise missed is given to ``remember`` (the app records it in the puzzle history with
:func:`~fourinarow.service.coach.remember_missed`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from fourinarow.core import Board, Cell, Column, column_label
from fourinarow.gui.frame import Button
from fourinarow.gui.layout import Box
from fourinarow.gui.palette import Palette
from fourinarow.gui.review_layout import ReviewLayout
from fourinarow.service import coach

__all__ = ["RETRY_BUTTONS", "RetryFrame", "RetryLayout", "RetryView"]

RETRY_BUTTONS = (("Back", "back"), ("Next", "next"))
"""The retry screen's buttons: each one's label and what it does."""


class RetryView:
    """The exercises, the one shown, and the answers given so far.

    Args:
        game: the reviewed game (its shape; the board shown once no exercise is left).
        exercises: the mistakes to replay, in order.
        names: what the players are called.
        remember: called with each exercise missed (to record it); what it raises is said on
            the screen, never stops the retry.
    """

    def __init__(
        self,
        game: Board,
        exercises: tuple[coach.Exercise, ...],
        names: tuple[str, str],
        remember: Callable[[coach.Exercise], None] | None = None,
    ) -> None:
        self.game = game.copy()
        self.exercises = exercises
        self.names = names
        self.remember = remember
        self.index = 0
        self.tried: Column | None = None
        self.verdict: coach.Verdict | None = None
        self.results: list[bool] = []  # right or not, per exercise answered
        self.notice: str | None = None

    @property
    def done(self) -> bool:
        """True once every exercise was answered and the last verdict left (or there were
        none)."""
        return self.index >= len(self.exercises)

    @property
    def exercise(self) -> coach.Exercise | None:
        """The exercise shown, if any is left."""
        return None if self.done else self.exercises[self.index]

    @property
    def board(self) -> Board:
        """The position shown: before the mistake, with the column tried once answered."""
        exercise = self.exercise
        if exercise is None:
            return self.game.copy()
        board = exercise.board.copy()
        if self.tried is not None:
            board.push(self.tried)
        return board

    def try_column(self, column: Column) -> bool:
        """Answer the exercise shown with ``column``; return False when that cannot be done
        (no exercise, already answered, or a full column: ``notice`` says why)."""
        exercise = self.exercise
        self.notice = None
        if exercise is None or self.verdict is not None:
            return False
        if not 0 <= column < exercise.board.width:
            self.notice = f"There is no column {column_label(column)} on this board."
            return False
        if not exercise.board.is_legal(column):
            self.notice = f"Column {column_label(column)} is full: try another one."
            return False
        self.tried = column
        self.verdict = coach.answer(exercise, column)
        self.results.append(self.verdict.right)
        if not self.verdict.right and self.remember is not None:
            try:
                self.remember(exercise)
            except Exception as error:  # the retry goes on; the screen says it
                self.notice = f"Not recorded in your puzzle history: {error}"
        return True

    def next(self) -> bool:
        """Go on to the next exercise once this one is answered; return True if it moved."""
        if self.verdict is None or self.done:
            return False
        self.index += 1
        self.tried = None
        self.verdict = None
        self.notice = None
        return True

    # ---------------------------------------------------------------------------- the words

    def words(self) -> tuple[str, str]:
        """The header's two lines: which exercise, and the question or the verdict."""
        exercise = self.exercise
        if not self.exercises:
            return "No mistakes to retry", "Every move kept its result: nothing to replay."
        if exercise is None:
            right, tried = sum(self.results), len(self.results)
            mistakes = "mistake" if tried == 1 else "mistakes"
            return "Retry done", f"You found a better move for {right} of {tried} {mistakes}."
        name = self.names[exercise.player - 1]
        head = (
            f"Mistake {self.index + 1} of {len(self.exercises)}: move {exercise.number}, "
            f"{name} to play"
        )
        if self.verdict is None:
            return head, "Find a better move: click a column or press its number."
        return head, self.verdict.sentence

    def notes(self) -> tuple[str, ...]:
        """What the panel says: the move played and its grade before the answer; after it,
        why the column tried is right or wrong, and why the best column is best."""
        exercise = self.exercise
        if exercise is None:
            return ()
        played = column_label(exercise.played)
        if self.verdict is None:
            return (f"In the game, column {played} was played here: a {exercise.grade}.",)
        notes = list(_sentences(self.verdict.explanation))
        if not self.verdict.right and exercise.best_explanation.headline:
            best = column_label(exercise.best)
            notes.insert(
                min(1, len(notes)), f"Best, column {best}: {exercise.best_explanation.headline}"
            )
        return tuple(notes)

    def cells(self) -> tuple[tuple[Cell, ...], Cell | None]:
        """Once answered: where the good columns' discs land (but the one tried), and the
        cell of the disc tried; before: nothing."""
        exercise = self.exercise
        if exercise is None or self.tried is None:
            return (), None
        heights = exercise.board.heights
        good = tuple((c, heights[c]) for c in exercise.good if c != self.tried)
        return good, (self.tried, heights[self.tried])


def _sentences(explanation: coach.Explanation) -> tuple[str, ...]:
    """An explanation's sentences, its headline first."""
    head = explanation.headline
    rest = tuple(s for s in explanation.sentences if s != head)
    return rest if head is None else (head, *rest)


@dataclass(frozen=True)
class RetryLayout:
    """The retry screen's geometry: the review's header, board and panel, and two buttons
    where the review's bar and buttons go."""

    review: ReviewLayout
    panel: Box
    buttons: tuple[Box, ...]

    @classmethod
    def fit(cls, size: tuple[int, int], columns: int, rows: int) -> RetryLayout:
        """The review's layout for ``size``, the graph and notes joined into one panel."""
        review = ReviewLayout.fit(size, columns, rows)
        graph, notes = review.graph, review.notes
        panel = Box(graph.x, graph.y, graph.width, notes.bottom - graph.y)
        first = review.buttons[0]
        width = max(first.width, min(160.0, size[0] * 0.2))
        gap = max(8.0, size[0] * 0.02)
        left = (size[0] - 2 * width - gap) / 2
        buttons = tuple(
            Box(left + i * (width + gap), first.y, width, first.height) for i in range(2)
        )
        return cls(review, panel, buttons)

    def button_at(self, point: tuple[float, float]) -> str | None:
        """What the button under ``point`` does, if there is one."""
        for box, (_, action) in zip(self.buttons, RETRY_BUTTONS, strict=True):
            if box.contains(point):
                return action
        return None


@dataclass(frozen=True)
class RetryFrame:
    """Everything the retry screen shows at one moment.

    Attributes:
        board: the position of the exercise (with the column tried, once answered).
        mistake: the cell where the mistake's disc landed in the game, and its grade and
            mark, shown as a ghost before the answer.
        tried: the disc tried, once answered, and whether it was right.
        good: where the good columns' discs would land, once answered.
        lines: the header's two lines.
        notes: the panel's paragraphs.
    """

    layout: RetryLayout
    palette: Palette
    board: Board
    mistake: tuple[Cell, str, str] | None
    tried: tuple[Cell, bool] | None
    good: tuple[Cell, ...]
    lines: tuple[str, str]
    notes: tuple[str, ...]
    buttons: tuple[Button, ...]
    status: str
