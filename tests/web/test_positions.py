"""Positions from request parameters (web/positions.py)."""

from __future__ import annotations

import pytest

from fourinarow.core import (
    Board,
    FourInARowError,
    GameOverError,
    InvalidBoardSizeError,
    InvalidPositionError,
)
from fourinarow.web.positions import parse_size, playable, position_record, read_board


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("7x6", (7, 6)),
        (" 8 X 7 ", (8, 7)),
        ("1x20", (1, 20)),
        ("7\N{MULTIPLICATION SIGN}6", (7, 6)),
    ],
)
def test_sizes(text: str, size: tuple[int, int]) -> None:
    assert parse_size(text) == size


@pytest.mark.parametrize(
    "text",
    ["", "7", "7x", "x6", "7x6x5", "-7x6", "7*6", "0x6", "21x6", "\N{ARABIC-INDIC DIGIT SEVEN}x6"],
)
def test_bad_sizes(text: str) -> None:
    with pytest.raises(InvalidBoardSizeError):
        parse_size(text)


def test_read_board_from_moves_grid_and_shape() -> None:
    assert read_board() == Board()
    assert read_board("-") == Board()
    assert read_board("4453") == Board.from_moves("4453")
    assert read_board("12", size="5x4", connect=3) == Board.from_moves(
        "12", width=5, height=4, connect=3
    )
    grid = read_board(grid="..../X...", connect=2)
    assert (grid.width, grid.height, grid.to_moves()) == (4, 2, "1")
    assert read_board(grid="..../X...", size="4x2", connect=2) == grid


@pytest.mark.parametrize(
    ("arguments", "words"),
    [
        ({"pos": "1", "grid": "."}, "not both"),
        ({"grid": "..../X...", "size": "7x6", "connect": 2}, "4x2"),
        ({"pos": "8"}, "8"),
        ({"size": "3x3", "connect": 4}, "connect"),
    ],
)
def test_read_board_errors(arguments: dict[str, object], words: str) -> None:
    with pytest.raises(FourInARowError, match=words):
        read_board(**arguments)  # type: ignore[arg-type]


def test_playable_refuses_a_finished_game() -> None:
    assert playable(Board()) == Board()
    with pytest.raises(GameOverError, match="4455667"):
        playable(Board.from_moves("4455667"))
    assert issubclass(GameOverError, InvalidPositionError)


def test_position_record_of_a_won_game() -> None:
    record = position_record(Board.from_moves("4455667"))
    assert record["over"] is True
    assert record["winner"] == 1
    assert record["line"] == [[4, 0], [5, 0], [6, 0], [7, 0]]
    assert record["legal"] == []
    assert record["turn"] == 2
