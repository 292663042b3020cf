"""The retry screen: each mistake of the reviewed game replayed, asking for a better move.

Opened from the review screen (Retry, or T). For each mistake or blunder it shows the position
before it, with a ghost of the disc played in the game; click a column (or press its number)
to answer, and the verdict and why appear, the good columns ringed. Missed ones join the
puzzle history.

Keys: 1 - 9 answer, Enter, Space or Right go on to the next mistake, Esc, Backspace or B back
to the review, Q quit. The mouse: a click on a column answers, the buttons Back and Next.
"""

from __future__ import annotations

import pygame

from fourinarow.gui.controls import Command, game_command
from fourinarow.gui.frame import button_row, hovered
from fourinarow.gui.palette import palette_for
from fourinarow.gui.retry_view import RETRY_BUTTONS, RetryFrame, RetryLayout, RetryView
from fourinarow.gui.screen import Action

__all__ = ["RETRY_KEYS", "RetryScreen"]

RETRY_KEYS = "1-9 or a click: answer   Enter or Right: next mistake   Esc: back to the review"
"""The status line's reminder of the keys."""

_NEXT = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_RIGHT)
_BACK = (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_b)


class RetryScreen:
    """Turns events into answers and steps through the exercises, and builds its frames.

    Args:
        view: the exercises and the answers so far.
        color_blind: use the colour-blind-safe palette.
    """

    def __init__(self, view: RetryView, *, color_blind: bool) -> None:
        self.view = view
        self.color_blind = color_blind
        self.size = (720, 640)  # the window's, kept up to date by the app
        self.focus: int | None = None

    def _layout(self) -> RetryLayout:
        game = self.view.game
        return RetryLayout.fit(self.size, game.width, game.height)

    def handle(self, event: pygame.event.Event) -> Action | None:
        """React to one pygame event; return what the app should do, if anything."""
        if event.type == pygame.MOUSEMOTION:
            self.focus = hovered(self._layout().button_at(event.pos), RETRY_BUTTONS)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            layout = self._layout()
            button = layout.button_at(event.pos)
            if button is not None:
                return self.act(button)
            column = layout.review.board.column_at(event.pos)
            if column is not None:
                self.view.try_column(column)
            return None
        if event.type != pygame.KEYDOWN:
            return None
        key = event.key
        if key == pygame.K_q:
            return Action.QUIT
        if key in _BACK:
            return self.act("back")
        if key in _NEXT:
            return self.act("next")
        pressed = game_command(key)
        if pressed is not None and pressed.command is Command.COLUMN:
            self.view.try_column(pressed.column)
        return None

    def act(self, action: str) -> Action | None:
        """Do what a key or a button asks: ``back`` or ``next``."""
        if action == "back":
            return Action.BACK
        if action == "next":
            view = self.view
            if view.verdict is None and not view.done:
                view.notice = "Answer first: click a column or press its number."
            else:
                view.next()
        return None

    def status(self) -> str:
        """The status line: a notice, or the keys."""
        return self.view.notice or RETRY_KEYS

    def frame(self, size: tuple[int, int]) -> RetryFrame:
        """What to draw in a window of ``size`` pixels now (and remember the size for clicks)."""
        self.size = size
        layout = self._layout()
        view = self.view
        exercise = view.exercise
        mistake = None
        if exercise is not None and view.tried is None:
            cell = (exercise.played, exercise.board.heights[exercise.played])
            mistake = (cell, exercise.grade, exercise.move.mark)
        good, tried_cell = view.cells()
        tried = None
        if tried_cell is not None and view.verdict is not None:
            tried = (tried_cell, view.verdict.right)
        buttons = button_row(layout.buttons, RETRY_BUTTONS, self.focus)
        return RetryFrame(
            layout=layout,
            palette=palette_for(self.color_blind),
            board=view.board,
            mistake=mistake,
            tried=tried,
            good=good,
            lines=view.words(),
            notes=view.notes(),
            buttons=buttons,
            status=self.status(),
        )
