"""Boards from grids, Kaggle flat lists and diagrams: round trips and every kind of bad grid."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from fourinarow.core import Board, InvalidPositionError, OrderSearchStoppedError
from fourinarow.core.grid import SEARCH_BUDGET

EMPTY_ROW = [0] * 7


def grid_with_bottom(*bottom_rows: list[object]) -> list[list[object]]:
    """A 7x6 grid whose lowest rows are given bottom row last."""
    empty: list[object] = list(EMPTY_ROW)
    return [empty] * (6 - len(bottom_rows)) + [list(row) for row in bottom_rows]


def test_grid_round_trip_keeps_stones_and_finds_a_history() -> None:
    board = Board.from_moves("44455554221")
    rebuilt = Board.from_grid(board.to_grid())
    assert rebuilt == board
    assert rebuilt.turn == board.turn
    assert Board.from_moves(rebuilt.to_moves()) == board
    rebuilt.pop()
    assert rebuilt.ply == board.ply - 1


def test_kaggle_flat_list_top_row_first() -> None:
    flat = [0] * 35 + [0, 0, 0, 1, 2, 0, 0]
    board = Board.from_grid(flat)
    assert board == Board.from_moves("45")
    assert Board.from_grid(flat, width=7, height=6) == board


def test_bottom_up_rows_as_in_the_numpy_tutorials() -> None:
    rows = [[0, 0, 0, 1, 2, 0, 0]] + [EMPTY_ROW] * 5
    assert Board.from_grid(rows, bottom_up=True) == Board.from_moves("45")


def test_float_cells_from_numpy_zeros_are_accepted() -> None:
    rows = [[0.0] * 7 for _ in range(5)] + [[0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0]]
    assert Board.from_grid(rows) == Board.from_moves("4")


def test_finished_game_grid_ends_with_the_winning_stone() -> None:
    board = Board.from_grid(grid_with_bottom([1, 1, 1, 1, 2, 2, 2]))
    outcome = board.outcome()
    assert outcome is not None
    assert outcome.winner == 1
    assert board.moves[-1] in (0, 1, 2, 3)


def test_random_positions_on_large_boards_are_rebuilt_quickly() -> None:
    rng = random.Random(7)
    for width, height, connect in [(20, 20, 5), (15, 12, 6), (9, 7, 4)]:
        board = Board(width, height, connect)
        while board.legal_moves and board.ply < width * height * 3 // 4:
            board.push(rng.choice(board.legal_moves))
        assert Board.from_grid(board.to_grid(), connect=connect) == board


@pytest.mark.parametrize(
    ("grid", "message"),
    [
        ([], "the grid is empty"),
        ([[0, 0], [0]], "row 2 of the grid has 1 cells, expected 2"),
        (grid_with_bottom([0, 0, 0, 3, 0, 0, 0]), r"row 6 \(from the top\), column 4 holds 3"),
        (grid_with_bottom([0, 0, 0, "x", 0, 0, 0]), "holds 'x'"),
        (grid_with_bottom([0, 0, 0, 0.5, 0, 0, 0]), "holds 0.5"),
        (
            grid_with_bottom([0, 0, 0, 1, 0, 0, 0], [0, 0, 0, 0, 2, 0, 0]),
            "column 4 has a stone in row 2 .from the bottom. above an empty cell",
        ),
        (
            grid_with_bottom([0, 0, 0, 2, 0, 0, 0]),
            "player 1 .X. has 0 stones and player 2 .O. has 1",
        ),
        (
            grid_with_bottom([1, 1, 0, 1, 0, 0, 0]),
            "player 1 .X. has 3 stones and player 2 .O. has 0",
        ),
        (
            grid_with_bottom([2, 2, 2, 2, 0, 0, 0], [1, 1, 1, 1, 0, 0, 0]),
            "both players have a line of 4",
        ),
        (
            grid_with_bottom([0, 0, 0, 0, 2, 0, 0], [1, 1, 1, 1, 2, 2, 2]),
            r"player 1 \(X\) has a line of 4 but player 2 \(O\) moved after it",
        ),
        (
            # Two separate lines of X: no single last stone makes both.
            grid_with_bottom([2, 0, 0, 0, 0, 0, 0], [1, 1, 1, 1, 2, 2, 2], [1, 1, 1, 1, 2, 2, 2]),
            r"no game reaches this grid: player 1 \(X\)'s lines of 4 do not share one last stone",
        ),
        (
            # O under X in one column with one stone each: X must have moved first.
            [[0, 0], [1, 0], [2, 0]],
            "no game reaches this grid: the colours cannot be stacked",
        ),
        (7, "a grid is a list of rows or a flat list of cells, not int"),
        ([0] * 41, "a flat grid of 41 cells does not fit a 7x6 board"),
    ],
)
def test_bad_grids_say_what_is_wrong(grid: object, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Board.from_grid(grid, connect=4 if not isinstance(grid, list) or len(grid) != 3 else 2)  # type: ignore[arg-type]


def test_grid_shape_must_match_what_was_asked() -> None:
    with pytest.raises(InvalidPositionError, match="the grid has 6 rows, expected 7"):
        Board.from_grid(grid_with_bottom(), height=7)


@pytest.mark.parametrize(
    ("text", "moves"),
    [
        ("......./......./......./......./......./...XO..", "45"),
        ("0000000\n0000000\n0000000\n0000000\n0000000\n0001200", "45"),
        (". . . . . . .\n" * 5 + ". . . x o . .\n", "45"),
    ],
)
def test_diagrams_in_every_accepted_spelling(text: str, moves: str) -> None:
    assert Board.from_diagram(text) == Board.from_moves(moves)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "the diagram is empty"),
        ("...Q...", r"row 1 \(from the top\), column 4 of the diagram is 'Q'"),
        ("....\n...", "row 2 of the diagram has 3 cells, row 1 has 4"),
    ],
)
def test_bad_diagrams(text: str, message: str) -> None:
    with pytest.raises(InvalidPositionError, match=message):
        Board.from_diagram(text)


def test_the_show_command_output_reads_back_as_a_diagram() -> None:
    from fourinarow.core.render import render_text

    board = Board.from_moves("1122334")
    assert Board.from_diagram(render_text(board)) == board


def test_numpy_like_values_are_shown_plainly_in_errors() -> None:
    class Scalar(float):  # like numpy.float64: a plain str, a decorated repr
        def __repr__(self) -> str:
            return f"np.float64({float(self)})"

        def __str__(self) -> str:
            return str(float(self))

    rows = [[0.0] * 7 for _ in range(5)] + [[0.0, 0.0, 0.0, Scalar(0.5), 0.0, 0.0, 0.0]]
    with pytest.raises(InvalidPositionError, match=r"holds 0\.5: cells hold"):
        Board.from_grid(rows)


UNORDERED = Path(__file__).parents[1] / "data" / "grids" / "unordered-20x20.txt"
"""A 20x20 diagram (connect 20) whose order of play the search gives up on (its README)."""


def test_a_grid_whose_order_is_not_found_in_the_steps_says_so() -> None:
    with pytest.raises(OrderSearchStoppedError, match="within 200000 steps") as stopped:
        Board.from_diagram(UNORDERED.read_text(), connect=20)
    assert (stopped.value.steps, stopped.value.timed_out) == (SEARCH_BUDGET, False)
    assert isinstance(stopped.value, InvalidPositionError)


def test_the_order_search_stops_when_its_time_is_up() -> None:
    cells = [[".XO".index(cell) for cell in row] for row in UNORDERED.read_text().split()]
    for within in (0.0, -1.0):  # no time left is no time, never no limit
        with pytest.raises(
            OrderSearchStoppedError, match=r"in the time allowed \(0 steps\)"
        ) as stopped:
            Board.from_grid(cells, connect=20, within=within)
        assert (stopped.value.steps, stopped.value.timed_out) == (0, True)
    board = Board.from_moves("44455554221")
    assert Board.from_grid(board.to_grid(), within=60.0) == board
    assert Board.from_diagram(str(board), within=60.0) == board
