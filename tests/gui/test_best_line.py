"""The best line's model without pygame: its budget, its steps, its words."""

from __future__ import annotations

from fourinarow.core import Board
from fourinarow.gui.best_line import BestLine
from fourinarow.search.limit import Limit


def test_a_board_without_a_book_gets_a_hints_budget_a_position() -> None:
    assert BestLine(Board(), 1).limit is None  # 7x6: the opening book answers at once
    assert BestLine(Board(10, 8), 1).limit == Limit(time=1.0)


def test_a_short_line_is_stepped_to_the_win_and_no_further() -> None:
    start = Board.from_moves("445566", width=7, height=6)
    line = BestLine(start, 7)
    line.start()
    assert line.wait(60.0)
    assert line.line == (2,) or line.line == (6,)  # a win at once, either end of the three
    assert line.shown == 1
    assert not line.step(1)
    assert line.board.is_game_over()
    assert line.step(-1)
    assert line.board.moves == start.moves
    assert line.words() == ("Best line from before move 7: step 0 of 1", line.words()[1])


def test_a_finished_game_has_no_line_to_show() -> None:
    line = BestLine(Board.from_moves("1212121"), 8)
    line.start()
    assert line.wait(60.0)
    assert line.line == ()
    assert line.words()[1] == "No best line is known from here."
