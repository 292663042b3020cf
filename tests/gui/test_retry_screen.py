"""Learning from your mistakes in the real window (SDL's dummy video driver): a game is played
to its end, reviewed, and its mistakes replayed from the review screen, answered with keys and
clicks; the missed ones land in the puzzle history."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gui.conftest import NO_PYGAME, WINDOW, MakeApp

pytest.importorskip("pygame", reason=NO_PYGAME)

import pygame

from fourinarow.gui.game_setup import GuiSettings, Mode
from fourinarow.gui.main_loop import App
from fourinarow.gui.retry_screen import RetryScreen
from fourinarow.gui.retry_view import RetryLayout
from fourinarow.service.puzzles import Progress
from tests.gui.driving import ScriptedAgent, click, press
from tests.gui.test_review_screen import HUMANS, THROWN, finish, reviewed


def retry_of(app: App) -> RetryScreen:
    assert app.retry is not None
    return app.retry


def retrying(app: App) -> RetryScreen:
    """Open the review of the game just ended, wait for it, and open the retry with T."""
    press(pygame.K_r)
    app.step(1 / 60)
    reviewed(app)
    press(pygame.K_t)
    app.step(1 / 60)
    return retry_of(app)


def test_each_mistake_is_asked_again_then_judged_and_missed_ones_are_remembered(
    make_app: MakeApp, tmp_path: Path
) -> None:
    history = tmp_path / "puzzles.sqlite3"
    app = make_app(HUMANS, progress_path=history)
    finish(app, THROWN)
    screen = retrying(app)
    frame = screen.frame(WINDOW)
    assert frame.lines == (
        "Mistake 1 of 3: move 1, Red to play",
        "Find a better move: click a column or press its number.",
    )
    assert frame.board.moves == ()
    assert frame.mistake == ((0, 0), "blunder", "??")  # the disc played in the game, a ghost
    assert frame.notes == ("In the game, column 1 was played here: a blunder.",)
    press(pygame.K_RETURN)  # not answered yet: it says so and stays
    app.step(1 / 60)
    assert screen.view.index == 0
    assert screen.status() == "Answer first: click a column or press its number."
    press(pygame.K_5)  # a draw, not the win
    app.step(1 / 60)
    frame = screen.frame(WINDOW)
    assert frame.lines[1] == "Not that: column 5 draws."
    assert frame.tried == ((4, 0), False)
    assert frame.good == ((3, 0),)
    assert frame.mistake is None
    assert frame.board.moves == (4,)
    assert frame.notes  # why column 5 is not it
    press(pygame.K_4)  # one try per mistake
    app.step(1 / 60)
    assert screen.frame(WINDOW).tried == ((4, 0), False)
    with Progress(history) as progress:
        missed = [(a.puzzle, a.result) for a in progress.attempts()]
    assert missed == [("7x6:-", "failed")]
    press(pygame.K_RETURN)
    app.step(1 / 60)
    layout = RetryLayout.fit(WINDOW, 7, 6)
    click(layout.review.board.cell_centre(0, 0))  # Yellow blocks column 1: right
    app.step(1 / 60)
    frame = screen.frame(WINDOW)
    assert frame.lines == (
        "Mistake 2 of 3: move 6, Yellow to play",
        "Right: column 1 keeps the win.",
    )
    assert frame.tried == ((0, 3), True)
    press(pygame.K_RIGHT)
    press(pygame.K_7)  # Red plays its blunder again
    app.step(1 / 60)
    frame = screen.frame(WINDOW)
    assert frame.lines[1] == "Not that: column 7 (the move played) loses in 1."
    assert frame.notes[1] == "Best, column 1: X wins at once in column 1."
    click(layout.buttons[1].centre)  # Next
    app.step(1 / 60)
    frame = screen.frame(WINDOW)
    assert frame.lines == ("Retry done", "You found a better move for 1 of 3 mistakes.")
    with Progress(history) as progress:
        assert len(progress.attempts()) == 2
    press(pygame.K_ESCAPE)  # back to the review
    app.step(1 / 60)
    assert app.retry is None
    assert app.review is not None
    press(pygame.K_t)  # a new retry starts from the first mistake
    app.step(1 / 60)
    assert retry_of(app).view.index == 0
    click(layout.buttons[0].centre)  # Back
    app.step(1 / 60)
    assert app.retry is None
    assert app.review is not None


def test_against_the_computer_only_your_mistakes_are_replayed(
    make_app: MakeApp, tmp_path: Path
) -> None:
    settings = GuiSettings(mode=Mode.HUMAN_VS_COMPUTER, first="human", sound=False)
    agent = ScriptedAgent([1, 1, 1, 1])  # the computer (Yellow) plays column 2 every time
    app = make_app(settings, agent, progress_path=tmp_path / "puzzles.sqlite3")
    finish(app, "1117")  # with the computer's replies: the thrown game again
    assert app.game is not None
    assert app.game.board.moves == (0, 1, 0, 1, 0, 1, 6, 1)
    screen = retrying(app)
    assert [exercise.number for exercise in screen.view.exercises] == [1, 7]
    assert screen.frame(WINDOW).lines[0] == "Mistake 1 of 2: move 1, You to play"
