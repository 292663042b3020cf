"""Fixtures for the desktop game's tests: real pygame on SDL's dummy video and audio drivers.

Without pygame (a plain clone, no ``gui`` extra) the tests that need it skip, each module with
``pytest.importorskip(..., reason=NO_PYGAME)``; those of the modules that compute without pygame
(session, layout, physics, menu, thinking) run all the same.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest

from fourinarow.agents import Agent
from fourinarow.gui.game_setup import GuiSettings

if TYPE_CHECKING:
    import pygame

    from fourinarow.gui.main_loop import App

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

NO_PYGAME = "needs pygame, the desktop game's extra: pip install 'fourinarow[gui]'"
"""Why a test of the window skips when pygame is not installed."""

WINDOW = (700, 600)

MakeApp = Callable[..., "App"]


@pytest.fixture
def window(monkeypatch: pytest.MonkeyPatch) -> Iterator[pygame.Surface]:
    """A 700x600 resizable window on the dummy video driver (audio: the dummy driver too)."""
    pygame = pytest.importorskip("pygame", reason=NO_PYGAME)
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    pygame.display.init()
    pygame.font.init()
    surface = pygame.display.set_mode(WINDOW, pygame.RESIZABLE)
    pygame.event.clear()
    yield surface
    pygame.quit()


@pytest.fixture
def make_app(window: pygame.Surface) -> MakeApp:
    """Build an ``App`` in the window, silent, its computer played by ``agent`` if given (the
    other keywords go to ``App``)."""
    from fourinarow.gui.main_loop import App  # pygame is there: the window is open

    def make(
        settings: GuiSettings | None = None,
        agent: Agent | None = None,
        start_game: bool = True,
        **options: Any,
    ) -> App:
        settings = settings or GuiSettings(sound=False)
        agent_for = None if agent is None else (lambda level: agent)
        return App(settings, agent_for=agent_for, start_game=start_game, **options)

    return make
