"""The review screen: a finished game stepped through move by move with its grades.

Opened from the end screen (the Review button, or R). The review is worked out on a background
thread while the screen already steps through the moves, saying "Reviewing… k/N"; the grades,
each column's value and the players' accuracy appear once it is done.

Beside the board an evaluation graph draws the game's course (a click on it shows that
position) above the explanation of the move shown: why it was good or bad, and why the best
column was best.

Keys: Left / Right step back and forth, Home / End go to the first / last move, N / P to the
next / previous turning point (a mistake or blunder), L the best line from the position before
the move shown (Left / Right then step along it, L or Esc leave it), T retry your mistakes,
Esc, Backspace or B back to the end screen, Q quit. The mouse: the buttons, and a click on the
bar of moves or on the graph shows that move.
"""

from __future__ import annotations

import pygame

from fourinarow.core import Board, Cell
from fourinarow.gui.best_line import BestLine
from fourinarow.gui.frame import HintLabel, button_row, hint_labels, hovered
from fourinarow.gui.palette import palette_for
from fourinarow.gui.review_layout import REVIEW_BUTTONS, ReviewLayout
from fourinarow.gui.review_view import BarMark, ReviewFrame, ReviewJob, ReviewView
from fourinarow.gui.screen import Action

__all__ = ["REVIEW_KEYS", "ReviewScreen"]

REVIEW_KEYS = "Left/Right: step   N/P: next/previous mistake   L: best line   T: retry   Esc: back"
"""The status line's reminder of the keys."""

LINE_KEYS = "Left/Right: step along the best line   Home/End: its start/end   L or Esc: leave it"
"""The status line's reminder of the keys while the best line is shown."""


class ReviewScreen:
    """Turns events into steps through a reviewed game, and builds its frames.

    Args:
        job: the review being worked out (started, or finished).
        names: what the players are called (``You``, ``Computer (level 5)``, ``Red``).
        color_blind: use the colour-blind-safe palette.
    """

    def __init__(self, job: ReviewJob, names: tuple[str, str], *, color_blind: bool) -> None:
        self.job = job
        self.view = ReviewView(job.board, names)
        self.view.review = job.review
        self.color_blind = color_blind
        self.size = (720, 640)  # the window's, kept up to date by the app
        self.notice: str | None = None
        self.focus: int | None = None  # the button under the mouse
        self.line: BestLine | None = None  # the best line, while it is shown
        self.player: int | None = None  # whose mistakes a retry replays (None: both's)

    @property
    def board(self) -> Board:
        """The position shown: after the move shown, or along the best line."""
        return self.view.board if self.line is None else self.line.board

    @property
    def reviewing(self) -> bool:
        """True while the review is being worked out."""
        return not self.job.finished

    def _layout(self) -> ReviewLayout:
        final = self.job.board
        return ReviewLayout.fit(self.size, final.width, final.height)

    # -------------------------------------------------------------------------------- events

    def handle(self, event: pygame.event.Event) -> Action | None:
        """React to one pygame event; return what the app should do, if anything."""
        if event.type == pygame.MOUSEMOTION:
            self.focus = hovered(self._layout().button_at(event.pos), REVIEW_BUTTONS)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            layout = self._layout()
            button = layout.button_at(event.pos)
            if button is not None:
                return self.act(button)
            move = layout.bar_at(event.pos, self.view.count)
            if move is None:
                move = self.view.graph(layout.graph).ply_at(event.pos)
            if move is not None:
                self.notice = None
                self.leave_line()
                self.view.go(move)
            return None
        if event.type != pygame.KEYDOWN:
            return None
        action = _KEYS.get(event.key)
        if action is None:
            return None
        return self.act(action)

    def act(self, action: str) -> Action | None:
        """Do what a key or a button asks: one of ``REVIEW_BUTTONS``' actions, or ``quit``."""
        view = self.view
        self.notice = None
        if action == "quit":
            return Action.QUIT
        if self.line is not None and action not in ("retry",):
            return self._act_on_line(action, self.line)
        if action == "back":
            return Action.BACK
        if action == "best line":
            self.show_line()
            return None
        if action == "retry":
            if self.reviewing:
                self.notice = "The review is still being worked out: wait for it."
                return None
            self.leave_line()
            return Action.RETRY
        if action in ("previous", "next"):
            view.step(1 if action == "next" else -1)
        elif action == "first":
            view.first()
        elif action == "last":
            view.last()
        elif action.endswith("turning point"):
            direction = 1 if action.startswith("next") else -1
            if self.reviewing:
                self.notice = "The review is still being worked out: wait for it."
            elif not view.turning_point(direction):
                after = "after" if direction > 0 else "before"
                self.notice = f"No mistake or blunder {after} move {view.shown}."
        return None

    def _act_on_line(self, action: str, line: BestLine) -> Action | None:
        """Step along the best line; ``back`` and ``best line`` leave it."""
        if action in ("back", "best line"):
            self.leave_line()
        elif action in ("previous", "next"):
            line.step(1 if action == "next" else -1)
        elif action == "first":
            line.go(1)
        elif action == "last":
            line.go(len(line.line or ()))
        else:  # the turning points: leave the line for the game's moves
            self.leave_line()
            return self.act(action)
        return None

    def show_line(self) -> None:
        """Show the best line from the position before the move shown, worked out on a
        daemon thread."""
        view = self.view
        if not view.shown:
            self.notice = "No moves to review."
            return
        self.line = BestLine(view.board_before(), view.shown)
        self.line.start()

    def leave_line(self) -> None:
        """Back from the best line to the game's moves."""
        if self.line is not None:
            self.line.stop()
        self.line = None

    def update(self, dt: float) -> None:
        """Collect the review and the best line once they are there (``dt`` is not needed:
        nothing moves)."""
        if self.job.poll() and self.job.review is not None:
            self.view.review = self.job.review
        if self.line is not None:
            self.line.poll()

    # --------------------------------------------------------------------------------- frame

    def status(self) -> str:
        """The status line: a notice, the progress, a failure, or the keys."""
        if self.notice:
            return self.notice
        if self.line is not None:
            return LINE_KEYS
        job = self.job
        if job.error is not None:
            return f"The review failed: {job.error}"
        if self.reviewing:
            limit = "" if job.limit is None else f" ({job.limit.time:g} s a position)"
            return f"Reviewing… {job.done}/{job.total}{limit}   " + REVIEW_KEYS
        return REVIEW_KEYS

    def frame(self, size: tuple[int, int]) -> ReviewFrame:
        """What to draw in a window of ``size`` pixels now (and remember the size for clicks)."""
        self.size = size
        layout = self._layout()
        view, job = self.view, self.job
        board = view.board
        move = view.move
        marked = None
        if view.shown:
            column = view.moves[view.shown - 1]
            marked = (column, board.heights[column] - 1)
        best: tuple[Cell, ...] = ()
        values: tuple[HintLabel, ...] | None = None
        if move is not None:
            before = view.board_before()
            best = tuple((c, before.heights[c]) for c in move.best if c != move.column)
            values = hint_labels(move.values)
        if move is not None:
            second = f"{view.grade_words()}: {view.value_words()}"
        elif job.error is not None:
            second = "No grades: the review failed."
        else:
            second = f"Reviewing… {job.done}/{job.total}"
        lines = (view.move_words(), second)
        graph = view.graph(layout.graph)
        notes = view.notes()
        numbers: tuple[tuple[Cell, int], ...] = ()
        line = self.line
        grade = None if move is None else move.grade
        mark = "" if move is None else move.mark
        if line is not None:  # the best line instead of the game's move
            board = line.board
            numbers = line.numbers()
            marked = numbers[-1][0] if numbers else None
            grade, mark, best, values = None, "", (), None
            lines = line.words()
            graph = view.graph(layout.graph, shown=line.start_board.ply)
        review = view.review
        bar = tuple(
            BarMark(None if review is None else review.moves[index].grade)
            for index in range(view.count)
        )
        buttons = button_row(layout.buttons, REVIEW_BUTTONS, self.focus)
        return ReviewFrame(
            layout=layout,
            palette=palette_for(self.color_blind),
            board=board,
            marked=marked,
            grade=grade,
            mark=mark,
            best=best,
            values=values,
            lines=lines,
            bar=bar,
            shown=view.shown,
            progress=job.done / max(1, job.total) if self.reviewing else None,
            buttons=buttons,
            summary=view.summary_words(),
            status=self.status(),
            graph=graph,
            notes=notes,
            numbers=numbers,
        )


_KEYS = {
    pygame.K_LEFT: "previous",
    pygame.K_RIGHT: "next",
    pygame.K_HOME: "first",
    pygame.K_END: "last",
    pygame.K_n: "next turning point",
    pygame.K_p: "previous turning point",
    pygame.K_ESCAPE: "back",
    pygame.K_BACKSPACE: "back",
    pygame.K_b: "back",
    pygame.K_l: "best line",
    pygame.K_t: "retry",
    pygame.K_q: "quit",
}
