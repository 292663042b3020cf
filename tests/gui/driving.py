"""Driving the real app from tests: events on pygame's queue, stepping, stand-in computers."""

from __future__ import annotations

import pytest

from tests.gui.conftest import NO_PYGAME

pytest.importorskip("pygame", reason=NO_PYGAME)

import threading
import time
from typing import Any

import pygame

from fourinarow.agents import Decision, Limit
from fourinarow.core import Board, Column
from fourinarow.gui.main_loop import App

__all__ = ["BlockingAgent", "ScriptedAgent", "click", "post", "press", "settle"]


class ScriptedAgent:
    """Plays the given columns in turn (the first legal one of the rest), at once."""

    name = "scripted"

    def __init__(self, columns: list[Column]) -> None:
        self.columns = list(columns)
        self.boards: list[Board] = []

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        self.boards.append(board.copy())
        while self.columns:
            column = self.columns.pop(0)
            if board.is_legal(column):
                return Decision(column)
        return Decision(board.legal_moves[0])


class BlockingAgent:
    """Thinks until ``release`` is set (or forever): the computer that never answers."""

    name = "blocking"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.started = threading.Event()

    def choose(self, board: Board, limit: Limit | None = None) -> Decision:
        self.started.set()
        self.release.wait()
        return Decision(board.legal_moves[0])


def post(event_type: int, **attributes: Any) -> None:
    """Put a real event on pygame's queue, as the window system would."""
    pygame.event.post(pygame.event.Event(event_type, **attributes))


def press(key: int, mod: int = 0, text: str = "") -> None:
    """Post a key press."""
    post(pygame.KEYDOWN, key=key, mod=mod, unicode=text)


def click(position: tuple[float, float]) -> None:
    """Post a left click at ``position``."""
    post(pygame.MOUSEBUTTONDOWN, pos=(round(position[0]), round(position[1])), button=1)


def settle(app: App, timeout: float = 10.0) -> int:
    """Step the app (1/60 s a frame) until nothing moves and the computer is not thinking;
    return the number of frames stepped."""
    deadline = time.monotonic() + timeout
    frames = 0
    while time.monotonic() < deadline:
        app.step(1 / 60)
        frames += 1
        game = app.game
        if game is None or not (game.animating or game.thinking or game.session.computer_to_move):
            return frames
        if game.thinking:
            time.sleep(0.001)
    raise AssertionError("the app did not settle")
