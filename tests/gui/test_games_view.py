"""The list of saved games without pygame: pages, the choice across them, a damaged file."""

from __future__ import annotations

from pathlib import Path

import pytest

from fourinarow.core import Board
from fourinarow.gui.games_view import GamesLayout, GamesView, game_words
from fourinarow.gui.keeper import GameKeeper
from fourinarow.service.games import SavedGame


def test_the_choice_turns_the_pages_newest_first(tmp_path: Path) -> None:
    keeper = GameKeeper(tmp_path / "games.sqlite3")
    for column in range(1, 8):
        for second in range(1, 4):
            keeper.keep(Board.from_moves(f"{column}{second}"), ("Red", "Yellow"))
    view = GamesView(keeper, page=10)
    assert (view.total, len(view.games)) == (21, 10)
    assert view.words()[1] == "Games 1 to 10 of 21, newest first"
    assert view.game is not None
    assert view.game.number == 21
    for _ in range(10):
        view.move(1)
    assert (view.offset, view.chosen) == (10, 0)
    assert view.game.number == 11
    view.move(-1)
    assert (view.offset, view.chosen, view.game.number) == (0, 9, 12)
    view.turn(2)
    assert (view.offset, len(view.games), view.game.number) == (20, 1, 1)
    view.move(1)  # no game beyond the oldest
    view.turn(1)
    assert view.game.number == 1
    view.turn(-1)
    assert view.offset == 10


def test_a_long_name_is_cut_in_the_list_only() -> None:
    spec = "Computer (alphabeta:depth=4,eval=threats,blunder=0.25,tiebreak=centre)"
    game = SavedGame(
        3, "4455", 7, 6, 4, "You", spec, "unfinished", "terminal", "2026-11-29T06:50:12+00:00"
    )
    line = game_words(game)
    assert line.startswith("3 · 7x6 · You vs Computer (alphabeta:depth=4,eval=th… · unfinished")
    assert game.second == spec  # the game keeps it whole


def test_a_damaged_file_is_said_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.write_bytes(b"this is not a games file at all" * 100)
    view = GamesView(GameKeeper(path))
    assert view.games == []
    assert view.game is None
    _, line = view.words()
    assert line.startswith("Cannot read your games: ")
    assert str(path) in line
    assert "\n" not in line


def test_nothing_saved_yet_says_where_games_come_from(tmp_path: Path) -> None:
    view = GamesView(GameKeeper(tmp_path / "games.sqlite3"))
    assert view.words() == (
        "Your games",
        "No games saved yet: every game played in the window is kept here.",
    )


@pytest.mark.parametrize("size", [(200, 200), (720, 640), (1600, 500), (400, 1200)])
def test_the_list_layout_keeps_its_rows_above_the_buttons(size: tuple[int, int]) -> None:
    layout = GamesLayout.fit(size, 10)
    assert layout.header.bottom <= layout.rows[0].y
    assert layout.rows[-1].bottom <= layout.buttons[0].y + 1e-9
    assert layout.buttons[0].bottom <= layout.status.y
    assert all(box.x >= 0 and box.x + box.width <= size[0] for box in layout.buttons)
    assert layout.row_at(layout.rows[3].centre) == 3
    assert layout.button_at(layout.buttons[-1].centre) == "open"
