"""Your games in the real window (SDL's dummy video driver): every game played is saved once
(finished, or as left), the menu's Your games lists them, and one opens for review."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.gui.conftest import NO_PYGAME, WINDOW, MakeApp

pytest.importorskip("pygame", reason=NO_PYGAME)

import pygame

from fourinarow.core import Board
from fourinarow.gui.game_setup import GuiSettings
from fourinarow.gui.games_view import GamesLayout
from fourinarow.gui.menu import MenuLayout
from fourinarow.service.games import GameStore
from tests.gui.driving import click, press, settle
from tests.gui.test_review_screen import HUMANS, THROWN, finish, reviewed


def saved(path: Path) -> list[tuple[str, str, str, str, str]]:
    """The games in the file, oldest first: moves, players, result and source."""
    with GameStore(path) as store:
        games = store.games()
    return [(g.moves, g.first, g.second, g.result, g.source) for g in reversed(games)]


def test_a_finished_game_is_saved_once_and_a_game_left_as_unfinished(
    make_app: MakeApp, tmp_path: Path
) -> None:
    path = tmp_path / "games.sqlite3"
    app = make_app(HUMANS, games_path=path)
    finish(app, THROWN)
    for _ in range(5):
        app.step(1 / 60)
    assert saved(path) == [("12121272", "Red", "Yellow", "second", "desktop")]
    press(pygame.K_r)  # the review and back: nothing more is saved
    app.step(1 / 60)
    press(pygame.K_ESCAPE)
    app.step(1 / 60)
    press(pygame.K_p)  # play again: the game ended is saved already
    settle(app)
    press(pygame.K_4)
    settle(app)
    press(pygame.K_n)  # a new game leaves this one unfinished
    settle(app)
    press(pygame.K_3)
    settle(app)
    press(pygame.K_5)
    settle(app)
    press(pygame.K_ESCAPE)  # so does the menu
    app.step(1 / 60)
    assert app.game is None
    press(pygame.K_RETURN)
    app.step(1 / 60)
    press(pygame.K_7)
    settle(app)
    press(pygame.K_q)  # and quitting
    app.step(1 / 60)
    assert not app.running
    assert saved(path)[1:] == [
        ("4", "Red", "Yellow", "unfinished", "desktop"),
        ("35", "Red", "Yellow", "unfinished", "desktop"),
        ("7", "Red", "Yellow", "unfinished", "desktop"),
    ]


def test_a_game_that_cannot_be_saved_says_so_and_goes_on(make_app: MakeApp, tmp_path: Path) -> None:
    (tmp_path / "a file").write_text("not a folder")
    app = make_app(HUMANS, games_path=tmp_path / "a file" / "games.sqlite3")
    game = finish(app, "1212121")
    app.step(1 / 60)
    status = game.status()
    assert status.startswith("This game was not saved: ")
    assert "a file" in status
    press(pygame.K_p)  # the game goes on
    settle(app)
    assert app.game is game
    assert game.board.ply == 0


def test_your_games_on_the_menu_lists_them_and_opens_one_for_review(
    make_app: MakeApp, tmp_path: Path
) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        store.save(
            Board.from_moves(THROWN),
            first="You",
            second="Computer (level 5)",
            source="desktop",
        )
    app = make_app(HUMANS, games_path=path)
    finish(app, "1212121")
    press(pygame.K_ESCAPE)
    app.step(1 / 60)
    press(pygame.K_g)  # Your games
    app.step(1 / 60)
    screen = app.games
    assert screen is not None
    frame = screen.frame(WINDOW)
    assert frame.lines == ("Your games", "Games 1 to 2 of 2, newest first")
    assert frame.rows[0].startswith("2 · 7x6 · Red vs Yellow · Red won · 7 moves · ")
    assert frame.rows[1].startswith("1 · 7x6 · You vs Computer (level 5) · Computer (level 5) won")
    assert frame.chosen == 0
    press(pygame.K_DOWN)
    press(pygame.K_RETURN)  # the older game's review
    app.step(1 / 60)
    review = reviewed(app)
    assert review.view.moves == (0, 1, 0, 1, 0, 1, 6, 1)
    assert review.frame(WINDOW).lines[0] == "Move 1 of 8: You played column 1"
    assert review.player == 1  # "You": a retry replays your mistakes alone
    press(pygame.K_ESCAPE)  # back to the list
    app.step(1 / 60)
    assert app.review is None
    assert app.games is screen
    layout = GamesLayout.fit(WINDOW, screen.view.page)
    click(layout.rows[0].centre)  # a click opens a game too
    app.step(1 / 60)
    assert reviewed(app).view.count == 7
    press(pygame.K_ESCAPE)
    app.step(1 / 60)
    press(pygame.K_ESCAPE)  # the list goes back to the menu
    app.step(1 / 60)
    assert app.games is None
    assert app.game is None
    click(MenuLayout.fit(WINDOW).games.centre)  # the menu's button opens the list
    app.step(1 / 60)
    assert app.games is not None


def test_the_headless_demo_saves_no_game(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from fourinarow.gui.game_setup import GuiSettings as Settings
    from fourinarow.gui.launch import run_gui

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    settings = Settings(level=3, second_level=3, width=5, height=4, seed=1)
    assert run_gui(settings, demo=True, screenshot=tmp_path / "end.png") == 0
    assert (tmp_path / "end.png").exists()
    assert not (tmp_path / "data" / "fourinarow" / "games.sqlite3").exists()


def test_a_game_against_the_computer_is_saved_as_every_door_names_it(
    make_app: MakeApp, tmp_path: Path
) -> None:
    path = tmp_path / "games.sqlite3"
    settings = GuiSettings(sound=False, level=3, first="computer", seed=1)
    app = make_app(settings, games_path=path)
    settle(app)  # the computer's first disc
    press(pygame.K_4)
    settle(app)
    press(pygame.K_q)  # left: saved unfinished
    app.step(1 / 60)
    with GameStore(path) as store:
        (game,) = store.games()
    assert (game.first, game.second, game.you) == ("Computer (level 3)", "You", "second")


@pytest.mark.parametrize(
    ("first", "second", "player"),
    [("level 5", "you", 2), ("You", "computer (level:5)", 1), ("you", "you", None)],
)
def test_a_game_saved_before_still_knows_your_side(
    make_app: MakeApp, tmp_path: Path, first: str, second: str, player: int | None
) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:  # as the web page and the terminal spelt the players
        store.save(Board.from_moves(THROWN), first=first, second=second, source="web")
    app = make_app(HUMANS, games_path=path, start_game=False)
    app.open_games()
    app.open_saved()
    assert app.review is not None
    assert app.review.player == player  # a retry replays your mistakes alone
