"""Open the window and run the game, or play the headless demo and save its last frame."""

from __future__ import annotations

import dataclasses
import io
import os
import sys
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType

from fourinarow.core.paths import write_output_file
from fourinarow.extras import require_extra
from fourinarow.gui.game_setup import GuiSettings, Mode

__all__ = [
    "DEFAULT_WINDOW",
    "DisplayError",
    "NoDisplayError",
    "import_pygame",
    "no_display_reason",
    "run_gui",
]

DEFAULT_WINDOW = (720, 640)
"""The window's size when it opens, in pixels (it can be resized)."""

CAPTION = "Connect Four - fourinarow"


DISPLAY_SERVER_DRIVERS = frozenset({"x11", "wayland"})
"""SDL's video drivers that need a display server, named by ``DISPLAY`` or ``WAYLAND_DISPLAY``."""

_DISPLAY_SERVER_SYSTEMS = ("linux", "freebsd", "openbsd", "netbsd")
"""The values of ``sys.platform`` (their starts) where SDL shows windows through X11 or Wayland."""


class DisplayError(RuntimeError):
    """No window can be opened (no display, or SDL refused), or the demo could not finish."""


class NoDisplayError(DisplayError):
    """There is no display at all to show a window on (no X11, no Wayland, no other driver)."""


def no_display_reason(environment: Mapping[str, str], platform: str) -> str | None:
    """Why no window can be shown here, in one line, or ``None`` when SDL may try.

    On Linux and the BSDs a window needs an X11 or Wayland server (``DISPLAY`` or
    ``WAYLAND_DISPLAY``); without one SDL falls back to a driver that draws nowhere, and the
    game would wait forever in a window nobody sees. A video driver the user chose with
    ``SDL_VIDEODRIVER`` other than those two (``dummy``, ``offscreen``, the console's
    ``kmsdrm``) is left to SDL, which opens it or says why not.

    >>> no_display_reason({"DISPLAY": ":0"}, "linux") is None
    True
    >>> no_display_reason({}, "linux").startswith("there is no display")
    True

    Args:
        environment: the environment variables (``os.environ``).
        platform: ``sys.platform``.
    """
    if not platform.startswith(_DISPLAY_SERVER_SYSTEMS):
        return None
    if environment.get("DISPLAY") or environment.get("WAYLAND_DISPLAY"):
        return None
    drivers = {name.strip().lower() for name in environment.get("SDL_VIDEODRIVER", "").split(",")}
    if not drivers <= DISPLAY_SERVER_DRIVERS | {""}:
        return None
    return (
        "there is no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set): "
        "play in the terminal with fourinarow play, or save the demo's last frame with "
        "fourinarow gui --demo --screenshot game.png"
    )


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
    review: bool = False,
) -> int:
    """Run the desktop game until its window is closed; return the exit status (0).

    Args:
        settings: the game's (or the menu's first) choices.
        demo: play computer against computer at once, without the menu.
        screenshot: with ``demo``: play headless (SDL's dummy video driver, no sound) as fast as
            the computers think, and save the last frame to this PNG file instead of showing a
            window (replaced whole; an existing device or FIFO is written through).
        window: the window's size in pixels.
        skip_menu: start the game at once with ``settings``.
        review: with ``screenshot``: save the review screen of the finished game, at its first
            mistake or blunder (at its first move if it has none), instead of the end.

    Raises:
        MissingExtraError: pygame is not installed.
        NoDisplayError: there is no display to show a window on (see
            :func:`no_display_reason`).
        DisplayError: no window could be opened, or the headless demo (or its review) did not
            finish.
        OutputWriteError: the screenshot could not be written (a full disk, ...).
    """
    if demo:
        settings = dataclasses.replace(settings, mode=Mode.COMPUTER_VS_COMPUTER)
    if screenshot is not None:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        settings = dataclasses.replace(settings, sound=False)
    reason = no_display_reason(os.environ, sys.platform)
    if reason is not None:
        raise NoDisplayError(reason)
    pygame = import_pygame()
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
    from fourinarow.gui.main_loop import App  # pygame is known to be there now

    try:
        # the headless demo's game is a picture, not a game played: it is not saved
        app = App(settings, start_game=demo or skip_menu, keep_games=screenshot is None)
        if screenshot is None:
            app.run()
            return 0
        if not app.play_to_end():
            raise DisplayError("the demo game did not finish in time")
        if review and not app.review_to_end():
            raise DisplayError("the demo game's review did not finish in time")
        app.draw(surface)
        image = io.BytesIO()
        pygame.image.save(surface, image, "png")
        # a full disk: an OutputWriteError (exit status 1), an old file left as it was
        write_output_file(screenshot, image.getvalue(), "the screenshot", write_through=True)
    finally:
        pygame.quit()
    return 0
