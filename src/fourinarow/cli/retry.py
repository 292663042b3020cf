"""Learn from your mistakes in the terminal: ``review --retry`` and ``games review N --retry``.

After the review, each mistake and blunder is replayed: the board before it is drawn and the
player is asked for a better move (asked again on input that is not a legal column); then the
verdict in one sentence and why (:func:`fourinarow.service.coach.answer`), and for a miss why
the better column is right and the best line from there. Each one missed (or shown with
``s``) is recorded as a failed puzzle in the puzzle history (``puzzles.sqlite3``, or
``--puzzle-db``), where ``fourinarow puzzle --stats`` counts it.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from fourinarow.cli.review_text import explanation_lines, line_text
from fourinarow.cli.streams import ask
from fourinarow.core import IllegalMoveError, InvalidMoveError, Player, column_label, parse_column
from fourinarow.core.notation import accepted_columns
from fourinarow.core.render import render_ansi, render_text
from fourinarow.search.solver import Solver
from fourinarow.service.coach import (
    Exercise,
    answer,
    answer_words,
    best_line,
    exercises,
    line_limit,
    remember_missed,
    task_words,
)
from fourinarow.service.puzzles import Progress, default_progress_path
from fourinarow.service.reviews import SYMBOLS, Review

__all__ = ["RETRY_HELP", "Retry"]

RETRY_HELP = (
    "after the review, replay each mistake and blunder (of X or O only, if given, or both; "
    "given alone, a saved game's against the computer replays yours) and ask for a better "
    "move; then the verdict and why. Missed ones join your puzzle history (--puzzle-db)"
)
"""The ``--retry`` option's help, the same for ``review`` and ``games review``."""

WIDTH = 79


class _Stop(Exception):  # noqa: N818 (control flow, not an error)
    """The player asked to stop (q, end of input)."""


class Retry:
    """A run through a review's mistakes in the terminal.

    Args:
        review: the reviewed game.
        player: whose mistakes (1 or 2), or ``None`` for both players'.
        progress_path: the puzzle history the missed ones join (default: the user's).
        read: reads one line after a prompt (``EOFError`` at the end of input).
        out: where the boards and verdicts go.
        color: draw the boards in colour.
    """

    def __init__(
        self,
        review: Review,
        *,
        player: Player | None = None,
        progress_path: Path | str | None = None,
        read: Callable[[str], str] = ask,
        out: TextIO,
        color: bool = False,
    ) -> None:
        self.review = review
        self.player = player
        self.progress_path = Path(progress_path) if progress_path else default_progress_path()
        self._read = read
        self._out = out
        self._color = color
        self._solver = Solver(tt_mb=32)

    def _say(self, text: str = "") -> None:
        print(text, file=self._out, flush=True)

    def run(self) -> tuple[int, int]:
        """Ask for a better move for each mistake; return how many were found and tried."""
        found = exercises(self.review, self.player)
        whose = "" if self.player is None else f" of {SYMBOLS[self.player]}"
        if not found:
            self._say(f"No mistakes{whose} to retry: every move kept the position's value.")
            return 0, 0
        many = "mistake" if len(found) == 1 else "mistakes"
        self._say(
            textwrap.fill(
                f"Learn from your mistakes: {len(found)} {many}{whose} to retry. Find a better "
                "move each time (s shows the answer, q stops).",
                WIDTH,
            )
        )
        right = tried = 0
        with Progress(self.progress_path) as progress:
            for index, exercise in enumerate(found, 1):
                self._say()
                self._say(self._heading(index, len(found), exercise))
                try:
                    column = self._ask_move(exercise)
                except _Stop:
                    break
                tried += 1
                if column is not None and self._verdict(exercise, column):
                    right += 1
                    continue
                if column is None:
                    self._say(answer_words(exercise))
                    for line in explanation_lines("Why not:", exercise.played_explanation):
                        self._say(line)
                self._better(exercise)
                remember_missed(exercise, progress, answer_shown=column is None)
        self._say()
        missed = tried - right
        self._say(f"Found {right} of {tried}.")
        if missed:
            which = "The one missed joins" if missed == 1 else f"The {missed} missed join"
            self._say(f"{which} your puzzle history (fourinarow puzzle --stats counts them).")
        return right, tried

    @staticmethod
    def _heading(index: int, count: int, exercise: Exercise) -> str:
        return f"{index}/{count}. {task_words(exercise)}"

    def _ask_move(self, exercise: Exercise) -> int | None:
        """The column the player tries (``None``: show the answer), asking again on bad
        input."""
        board = exercise.board
        self._say(render_ansi(board) if self._color else render_text(board))
        symbol = SYMBOLS[exercise.player]
        prompt = f"Your move for {symbol} [{accepted_columns(board.width)}, s, q]: "
        while True:
            try:
                text = self._read(prompt).strip().lower()
            except EOFError:
                self._say()
                raise _Stop from None
            if text in ("q", "quit", "exit"):
                raise _Stop
            if text in ("s", "show"):
                return None
            if not text:
                continue
            try:
                column = parse_column(text, board.width)
                if not board.is_legal(column):
                    raise IllegalMoveError(f"column {column_label(column)} is full")
            except (InvalidMoveError, IllegalMoveError) as error:
                self._say(f"Not a move: {error}.")
                continue
            return column

    def _verdict(self, exercise: Exercise, column: int) -> bool:
        """Say the verdict on ``column`` and why; return whether it was right."""
        verdict = answer(exercise, column)
        self._say(verdict.sentence)
        for line in explanation_lines("Why:", verdict.explanation):
            self._say(line)
        return verdict.right

    def _better(self, exercise: Exercise) -> None:
        """Why the better column is right, and the best line from the position."""
        for line in explanation_lines("Better:", exercise.best_explanation):
            self._say(line)
        board = exercise.board
        columns = best_line(board, limit=line_limit(board), solver=self._solver)
        if columns:
            self._say(textwrap.fill(f"  Best line: {line_text(columns)}", WIDTH))
