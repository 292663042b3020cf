"""The game's keys: which key does what, in one place, and the keys overlay that lists them."""

from __future__ import annotations

import enum
from dataclasses import dataclass

import pygame

__all__ = ["AT_ONCE", "KEYS_HELP", "Command", "Pressed", "game_command"]


class Command(enum.Enum):
    """What a key asks the game screen to do."""

    MENU = "menu"
    QUIT = "quit"
    KEYS = "keys"  # open the keys overlay
    PALETTE = "palette"
    SOUND = "sound"
    NEW_GAME = "new game"
    UNDO = "undo"
    REDO = "redo"
    HINT = "hint"
    LEFT = "left"  # the disc (or, at the end, the button focus) one step left
    RIGHT = "right"
    DROP = "drop"  # drop the disc where it is (at the end: press the focused button)
    COLUMN = "column"  # drop the disc in a given column
    PLAY_AGAIN = "play again"


AT_ONCE = frozenset({Command.MENU, Command.QUIT, Command.NEW_GAME})
"""The commands that act at once, even while a disc falls; other keys wait for it to land."""


@dataclass(frozen=True)
class Pressed:
    """A key's command, with the 0-based column for ``COLUMN``."""

    command: Command
    column: int = 0


KEYS_HELP = (
    "Keys",
    "",
    "Left / Right: move the disc     Enter, Space or Down: drop it",
    "1 - 9: drop in that column     (or click a column)",
    "U, Backspace or Ctrl+Z: undo     R or Ctrl+Y: redo (at the end: review)",
    "H: hint (every column's value)     N: new game",
    "C: colour-blind palette     M: sound on / off",
    "Esc: menu     Q: quit     F1: close this",
)
"""The lines of the keys overlay (F1)."""

_SIMPLE = {
    pygame.K_ESCAPE: Command.MENU,
    pygame.K_q: Command.QUIT,
    pygame.K_F1: Command.KEYS,
    pygame.K_c: Command.PALETTE,
    pygame.K_m: Command.SOUND,
    pygame.K_n: Command.NEW_GAME,
    pygame.K_F2: Command.NEW_GAME,
    pygame.K_r: Command.REDO,
    pygame.K_u: Command.UNDO,
    pygame.K_BACKSPACE: Command.UNDO,
    pygame.K_h: Command.HINT,
    pygame.K_LEFT: Command.LEFT,
    pygame.K_RIGHT: Command.RIGHT,
    pygame.K_TAB: Command.RIGHT,
    pygame.K_RETURN: Command.DROP,
    pygame.K_KP_ENTER: Command.DROP,
    pygame.K_SPACE: Command.DROP,
    pygame.K_DOWN: Command.DROP,
    pygame.K_p: Command.PLAY_AGAIN,
}

_DIGITS = {getattr(pygame, f"K_{n}"): n - 1 for n in range(1, 10)} | {
    getattr(pygame, f"K_KP{n}"): n - 1 for n in range(1, 10)
}


def game_command(key: int, mod: int = 0, text: str = "") -> Pressed | None:
    """The command of a key press on the game screen (``key`` and ``mod`` as pygame gives
    them, ``text`` the character typed), or ``None`` for a key that does nothing.

    >>> game_command(pygame.K_z, pygame.KMOD_CTRL).command.value
    'undo'
    >>> game_command(pygame.K_3)
    Pressed(command=<Command.COLUMN: 'column'>, column=2)
    """
    if mod & pygame.KMOD_CTRL:
        if key == pygame.K_y or (key == pygame.K_z and mod & pygame.KMOD_SHIFT):
            return Pressed(Command.REDO)
        if key == pygame.K_z:
            return Pressed(Command.UNDO)
    if text == "?":
        return Pressed(Command.HINT)
    if key in _DIGITS:
        return Pressed(Command.COLUMN, _DIGITS[key])
    command = _SIMPLE.get(key)
    return None if command is None else Pressed(command)
