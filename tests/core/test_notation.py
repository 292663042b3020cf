"""Move notation: 1-based text, 0-based code, commas beyond 9 columns, letters for humans."""

from __future__ import annotations

import pytest

from fourinarow.core import Board, InvalidMoveError, InvalidPositionError, parse_column
from fourinarow.core.notation import accepted_columns, format_moves, parse_moves


def test_round_trip_on_narrow_and_wide_boards() -> None:
    assert Board.from_moves("4453").to_moves() == "4453"
    assert Board.from_moves("4,4,5,3").to_moves() == "4453"
    wide = Board.from_moves("10,3,4", width=12, height=5)
    assert wide.moves == (9, 2, 3)
    assert wide.to_moves() == "10,3,4"
    assert Board.from_moves("  ").ply == 0
    assert format_moves([], 7) == ""


@pytest.mark.parametrize(
    ("text", "width", "message"),
    [
        ("4458", 7, r"move 4 of '4458' is column 8, out of range: moves are the numbers 1-7"),
        ("44a", 7, "move 3 of '44a' is 'a'"),
        ("0", 7, "move 1 of '0' is column 0, out of range"),
        (
            "10,13",
            12,
            "move 2 of '10,13' is column 13, out of range: moves are the numbers 1-12 separated",
        ),
        ("4,,5", 7, "move 2 of '4,,5' is ''"),
    ],
)
def test_malformed_positions(text: str, width: int, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Board.from_moves(text, width=width, height=5)


def test_illegal_move_in_a_position_names_the_move() -> None:
    with pytest.raises(InvalidPositionError, match="move 7 of '4444444': column 4 is full"):
        Board.from_moves("4444444")
    with pytest.raises(InvalidPositionError, match="move 8 of '12121214': the game is over"):
        Board.from_moves("12121214")


def test_parse_column_accepts_numbers_and_letters() -> None:
    assert parse_column("1", 7) == 0
    assert parse_column(" g ", 7) == 6
    assert parse_column("12", 12) == 11
    assert parse_moves("", 7) == []


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("8", "column 8 is out of range: enter 1-7 or a-g"),
        ("0", "column 0 is out of range"),
        ("h", "column 'h' is out of range"),
        ("xyz", "'xyz' is not a column: enter 1-7 or a-g"),
        ("", "'' is not a column"),
    ],
)
def test_parse_column_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidMoveError, match=message):
        parse_column(text, 7)


def test_accepted_columns_text() -> None:
    assert accepted_columns(1) == "1 or a"
    assert accepted_columns(16) == "1-16 or a-p"
    assert accepted_columns(17) == "1-17"
    with pytest.raises(InvalidMoveError, match="'q' is not a column: enter 1-17"):
        parse_column("q", 17)


NON_ASCII_DIGITS = ["\N{SUPERSCRIPT TWO}", "\u2463", "\u0664", "\uff14", "\U0001d7dc"]
"""Characters str.isdigit accepts: superscript, circled, Arabic-Indic, fullwidth, math 4."""


@pytest.mark.parametrize("digit", NON_ASCII_DIGITS)
def test_only_ascii_digits_are_numbers(digit: str) -> None:
    """Characters ``str.isdigit`` accepts but that are not ASCII digits are refused clearly."""
    with pytest.raises(InvalidPositionError, match="not a column"):
        parse_moves(f"4{digit}", 7)
    with pytest.raises(InvalidMoveError, match="is not a column"):
        parse_column(digit, 7)
