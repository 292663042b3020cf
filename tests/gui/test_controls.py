"""The game's keys map to the commands the keys overlay promises."""

from __future__ import annotations

import pytest

from tests.gui.conftest import NO_PYGAME

pytest.importorskip("pygame", reason=NO_PYGAME)

import pygame

from fourinarow.gui.controls import Command, Pressed, game_command


@pytest.mark.parametrize(
    ("key", "mod", "text", "command"),
    [
        (pygame.K_LEFT, 0, "", Command.LEFT),
        (pygame.K_RIGHT, 0, "", Command.RIGHT),
        (pygame.K_RETURN, 0, "\r", Command.DROP),
        (pygame.K_SPACE, 0, " ", Command.DROP),
        (pygame.K_DOWN, 0, "", Command.DROP),
        (pygame.K_u, 0, "u", Command.UNDO),
        (pygame.K_BACKSPACE, 0, "", Command.UNDO),
        (pygame.K_z, pygame.KMOD_LCTRL, "", Command.UNDO),
        (pygame.K_r, 0, "r", Command.REDO),
        (pygame.K_y, pygame.KMOD_RCTRL, "", Command.REDO),
        (pygame.K_z, pygame.KMOD_CTRL | pygame.KMOD_SHIFT, "", Command.REDO),
        (pygame.K_h, 0, "h", Command.HINT),
        (pygame.K_SLASH, pygame.KMOD_SHIFT, "?", Command.HINT),
        (pygame.K_n, 0, "n", Command.NEW_GAME),
        (pygame.K_c, 0, "c", Command.PALETTE),
        (pygame.K_m, 0, "m", Command.SOUND),
        (pygame.K_F1, 0, "", Command.KEYS),
        (pygame.K_ESCAPE, 0, "", Command.MENU),
        (pygame.K_q, 0, "q", Command.QUIT),
    ],
)
def test_keys(key: int, mod: int, text: str, command: Command) -> None:
    assert game_command(key, mod, text) == Pressed(command)


def test_digits_name_columns_on_both_keyboards() -> None:
    assert game_command(pygame.K_1) == Pressed(Command.COLUMN, 0)
    assert game_command(pygame.K_KP9) == Pressed(Command.COLUMN, 8)
    assert game_command(pygame.K_0) is None
    assert game_command(pygame.K_x) is None
