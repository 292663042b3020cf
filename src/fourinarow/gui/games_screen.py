"""The list of your saved games, opened from the menu (Your games, or G): choose one to review.

Keys: Up / Down choose a game, Page Up / Page Down (or Left / Right) newer and older games,
Enter or Space review the game chosen, Esc, Backspace or B back to the menu, Q quit. The
mouse: a click on a game reviews it; the buttons.
"""

from __future__ import annotations

import pygame

from fourinarow.gui.frame import button_row, hovered
from fourinarow.gui.games_view import GAMES_BUTTONS, GamesFrame, GamesLayout, GamesView, game_words
from fourinarow.gui.palette import palette_for
from fourinarow.gui.screen import Action

__all__ = ["GAMES_KEYS", "GamesScreen"]

GAMES_KEYS = "Up/Down: choose   Enter: review   PgUp/PgDn: newer/older   Esc: menu"
"""The status line's reminder of the keys."""

_KEYS = {
    pygame.K_UP: "up",
    pygame.K_DOWN: "down",
    pygame.K_PAGEUP: "newer",
    pygame.K_LEFT: "newer",
    pygame.K_PAGEDOWN: "older",
    pygame.K_RIGHT: "older",
    pygame.K_RETURN: "open",
    pygame.K_KP_ENTER: "open",
    pygame.K_SPACE: "open",
    pygame.K_ESCAPE: "back",
    pygame.K_BACKSPACE: "back",
    pygame.K_b: "back",
    pygame.K_q: "quit",
}


class GamesScreen:
    """Turns events into choices in the list of saved games, and builds its frames.

    Args:
        view: the page of games.
        color_blind: use the colour-blind-safe palette.
    """

    def __init__(self, view: GamesView, *, color_blind: bool) -> None:
        self.view = view
        self.color_blind = color_blind
        self.size = (720, 640)  # the window's, kept up to date by the app
        self.focus: int | None = None
        self.notice: str | None = None

    def _layout(self) -> GamesLayout:
        return GamesLayout.fit(self.size, self.view.page)

    def handle(self, event: pygame.event.Event) -> Action | None:
        """React to one pygame event; return what the app should do, if anything."""
        if event.type == pygame.MOUSEMOTION:
            self.focus = hovered(self._layout().button_at(event.pos), GAMES_BUTTONS)
            return None
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            layout = self._layout()
            button = layout.button_at(event.pos)
            if button is not None:
                return self.act(button)
            row = layout.row_at(event.pos)
            if row is not None and row < len(self.view.games):
                self.view.chosen = row
                return self.act("open")
            return None
        if event.type == pygame.KEYDOWN and event.key in _KEYS:
            return self.act(_KEYS[event.key])
        return None

    def act(self, action: str) -> Action | None:
        """Do what a key or a button asks."""
        view = self.view
        self.notice = None
        if action == "quit":
            return Action.QUIT
        if action == "back":
            return Action.MENU
        if action == "open":
            if view.game is None:
                self.notice = "No game to review."
                return None
            return Action.OPEN
        if action in ("up", "down"):
            view.move(1 if action == "down" else -1)
        elif action in ("newer", "older"):
            view.turn(1 if action == "older" else -1)
        return None

    def frame(self, size: tuple[int, int]) -> GamesFrame:
        """What to draw in a window of ``size`` pixels now (and remember the size for clicks)."""
        self.size = size
        layout = self._layout()
        view = self.view
        buttons = button_row(layout.buttons, GAMES_BUTTONS, self.focus)
        return GamesFrame(
            layout=layout,
            palette=palette_for(self.color_blind),
            lines=view.words(),
            rows=tuple(game_words(game) for game in view.games),
            chosen=view.chosen if view.games else None,
            buttons=buttons,
            status=self.notice or GAMES_KEYS,
        )
