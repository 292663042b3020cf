"""Fixtures for the desktop game's tests: real pygame on SDL's dummy video and audio drivers."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator

import pytest

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from fourinarow.agents import Agent
from fourinarow.gui.app import App
from fourinarow.gui.settings import GuiSettings

WINDOW = (700, 600)

MakeApp = Callable[..., App]


@pytest.fixture
def window(monkeypatch: pytest.MonkeyPatch) -> Iterator[pygame.Surface]:
    """A 700x600 resizable window on the dummy video driver (audio: the dummy driver too)."""
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
    """Build an ``App`` in the window, silent, its computer played by ``agent`` if given."""

    def make(
        settings: GuiSettings | None = None, agent: Agent | None = None, start_game: bool = True
    ) -> App:
        settings = settings or GuiSettings(sound=False)
        agent_for = None if agent is None else (lambda level: agent)
        return App(settings, agent_for=agent_for, start_game=start_game)

    return make
