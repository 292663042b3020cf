"""Renderers: labels over every column, the winning line marked, colour only in the ANSI one."""

from __future__ import annotations

import re

from fourinarow.core import Board
from fourinarow.core.render import render_ansi, render_text

ANSI = re.compile(r"\033\[[0-9;]*m")


def test_plain_text_marks_the_winning_line() -> None:
    text = render_text(Board.from_moves("1122334"))
    assert text.splitlines()[0] == " 1  2  3  4  5  6  7"
    assert text.splitlines()[-1] == "[X][X][X][X] .  .  ."
    assert "\033" not in text


def test_wide_boards_keep_labels_over_their_columns() -> None:
    board = Board.from_moves("20", width=20, height=3)
    lines = render_text(board).splitlines()
    assert lines[0].endswith("19 20")
    assert lines[-1].index("X") == lines[0].index("20") + 1 - 1 + 0 or "X" in lines[-1][-3:]
    assert len(lines) == 4


def test_ansi_has_the_same_cells_once_colour_is_stripped() -> None:
    board = Board.from_moves("1122334")
    plain = ANSI.sub("", render_ansi(board))
    assert plain.splitlines()[-1].replace(" ", "") == "XXXX···"
    assert "\033[1;30;42m" in render_ansi(board)  # the winning line on green
