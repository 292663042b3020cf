"""Open the window and run the game, or play the headless demo and save its last frame."""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path
from types import ModuleType

from fourinarow.extras import require_extra
from fourinarow.gui.settings import GuiSettings, Mode

__all__ = ["DEFAULT_WINDOW", "DisplayError", "import_pygame", "run_gui"]

DEFAULT_WINDOW = (720, 640)
"""The window's size when it opens, in pixels (it can be resized)."""

CAPTION = "Connect Four - fourinarow"


class DisplayError(RuntimeError):
    """No window can be opened (no display, or SDL refused), or the demo could not finish."""


def import_pygame() -> ModuleType:
    """pygame, imported quietly.

    Raises:
        MissingExtraError: pygame is not installed; the message names the pip command.
    """
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    return require_extra("pygame", "gui", "the desktop game needs pygame")


def run_gui(
    settings: GuiSettings,
    *,
    demo: bool = False,
    screenshot: Path | None = None,
    window: tuple[int, int] = DEFAULT_WINDOW,
    skip_menu: bool = False,
) -> int:
    """Run the desktop game until its window is closed; return the exit status (0).

    Args:
        settings: the game's (or the menu's first) choices.
        demo: play computer against computer at once, without the menu.
        screenshot: with ``demo``: play headless (SDL's dummy video driver, no sound) as fast as
            the computers think, and save the last frame to this PNG file instead of showing a
            window.
        window: the window's size in pixels.
        skip_menu: start the game at once with ``settings``.

    Raises:
        MissingExtraError: pygame is not installed.
        DisplayError: no window could be opened, or the headless demo did not finish.
    """
    pygame = import_pygame()
    if demo:
        settings = dataclasses.replace(settings, mode=Mode.COMPUTER_VS_COMPUTER)
    if screenshot is not None:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        settings = dataclasses.replace(settings, sound=False)
    try:
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption(CAPTION)
        surface = pygame.display.set_mode(window, pygame.RESIZABLE)
    except pygame.error as error:
        pygame.quit()
        raise DisplayError(
            f"cannot open a window ({error}); without a display, try "
            "fourinarow gui --demo --screenshot game.png"
        ) from None
    from fourinarow.gui.app import App  # pygame is known to be there now

    try:
        app = App(settings, start_game=demo or skip_menu)
        if screenshot is None:
            app.run()
            return 0
        if not app.play_to_end():
            raise DisplayError("the demo game did not finish in time")
        app.draw(surface)
        pygame.image.save(surface, str(screenshot))
    finally:
        pygame.quit()
    return 0
