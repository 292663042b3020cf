"""What the window's screens (the menu, the game, the review, the retry, the saved games) ask of
the app after an event."""

from __future__ import annotations

import enum

__all__ = ["Action"]


class Action(enum.Enum):
    """A request from a screen to the app."""

    START = "start"  # start a game with the menu's settings
    MENU = "menu"  # go back to the menu
    QUIT = "quit"  # close the window
    REVIEW = "review"  # review the game that has just ended
    BACK = "back"  # leave the review for the game's end screen
    GAMES = "games"  # the list of saved games, from the menu
    OPEN = "open"  # review the saved game chosen in the list
    RETRY = "retry"  # replay the reviewed game's mistakes, asking for a better move
