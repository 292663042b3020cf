"""The start menu's screen: keys and clicks change the menu's rows; Enter or Start begins."""

from __future__ import annotations

import pygame

from fourinarow.gui.game_setup import GuiSettings
from fourinarow.gui.menu import Menu, MenuLayout
from fourinarow.gui.screen import Action

__all__ = ["MenuScreen"]

_ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)


class MenuScreen:
    """Turns events into menu changes.

    Keys: Up and Down (or Tab) move between the rows, Left and Right change the value, Enter or
    Space starts the game, G opens your saved games, Esc or Q quits. The mouse: the arrows and
    values change a row, Start starts, Your games opens the list.
    """

    def __init__(self, settings: GuiSettings) -> None:
        self.menu = Menu(settings)
        self.size = (720, 640)  # the window's, kept up to date by the app

    @property
    def settings(self) -> GuiSettings:
        """The settings chosen so far."""
        return self.menu.settings

    def handle(self, event: pygame.event.Event) -> Action | None:
        """React to one pygame event; return what the app should do, if anything."""
        menu = self.menu
        if event.type == pygame.KEYDOWN:
            key = event.key
            shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
            if key in (pygame.K_ESCAPE, pygame.K_q):
                return Action.QUIT
            if key in _ENTER:
                return Action.START
            if key == pygame.K_g:
                return Action.GAMES
            if key == pygame.K_UP or (key == pygame.K_TAB and shift):
                menu.move_focus(-1)
            elif key in (pygame.K_DOWN, pygame.K_TAB):
                menu.move_focus(1)
            elif key in (pygame.K_LEFT, pygame.K_RIGHT):
                menu.change(1 if key == pygame.K_RIGHT else -1)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = MenuLayout.fit(self.size).hit(event.pos)
            if hit is not None:
                row, step = hit
                if row == "start":
                    return Action.START
                if row == "games":
                    return Action.GAMES
                menu.focus_row(row)
                menu.change(step, row)
        return None
