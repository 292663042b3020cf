"""Unit tests of Board: the classic bugs, errors, make/unmake, equality, keys and text."""

from __future__ import annotations

import pytest

from fourinarow import Board
from fourinarow.core import (
    IllegalMoveError,
    InvalidBoardSizeError,
    InvalidMoveError,
    InvalidPositionError,
    Outcome,
)
from tests.core.naive import NaiveBoard

# A 7x6 game found by a naive search in which no line appears until the 42nd stone makes one.
FULL_BOARD_LAST_STONE_WINS = "242436417642466154675732125513352675117337"


def test_win_with_the_last_stone_on_a_full_board_is_a_win_not_a_draw() -> None:
    board = Board.from_moves(FULL_BOARD_LAST_STONE_WINS)
    assert board.ply == 42
    outcome = board.outcome()
    assert outcome is not None
    assert outcome.winner == 2
    assert not outcome.is_draw
    naive = NaiveBoard(7, 6, 4)
    for column in board.moves:
        naive.play(column)
    assert naive.outcome() == (2, list(outcome.line))
    board.pop()
    assert board.outcome() is None


def test_a_full_board_without_a_line_is_a_draw() -> None:
    # 2x2 connect 2 cannot be drawn, but 4x1 connect 2 alternates X O X O in a row.
    board = Board.from_moves("1234", width=4, height=1, connect=2)
    assert board.outcome() == Outcome(winner=None)
    assert board.legal_moves == []


def test_five_in_a_row_wins_and_the_line_has_all_five_cells() -> None:
    board = Board.from_moves("112244553")
    outcome = board.outcome()
    assert outcome is not None
    assert outcome.winner == 1
    assert outcome.line == tuple((c, 0) for c in range(5))


def test_two_lines_at_once_report_every_cell() -> None:
    # X completes a row (a1-d1) and a column (d1-d4) with one stone at d1.
    board = Board.from_grid(
        [
            [0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 0, 0, 0, 0],
            [0, 0, 0, 1, 0, 0, 0],
            [0, 0, 0, 1, 0, 0, 0],
            [2, 2, 2, 1, 0, 0, 0],
            [1, 1, 1, 2, 2, 2, 0],
        ]
    )
    assert board.outcome() is None
    board.push(3)
    outcome = board.outcome()
    assert outcome is not None
    assert set(outcome.line) >= {(0, 0), (1, 0), (2, 0)} or set(outcome.line) >= {(3, 1)}


@pytest.mark.parametrize(
    ("moves", "winner", "line"),
    [
        ("1122334", 1, [(0, 0), (1, 0), (2, 0), (3, 0)]),  # bottom row, left edge
        ("7766554", 1, [(3, 0), (4, 0), (5, 0), (6, 0)]),  # bottom row, right edge
        ("1212121", 1, [(0, 0), (0, 1), (0, 2), (0, 3)]),  # left edge, bottom up
        ("7676767", 1, [(6, 0), (6, 1), (6, 2), (6, 3)]),  # right edge, bottom up
    ],
)
def test_lines_on_the_edges(moves: str, winner: int, line: list[tuple[int, int]]) -> None:
    outcome = Board.from_moves(moves).outcome()
    assert outcome == Outcome(winner=winner, line=tuple(line))


def test_lines_touching_every_edge_and_corner() -> None:
    """Each line of the board, laid out by hand, wins; the cells found are exactly its cells."""
    for width, height, connect in [(7, 6, 4), (5, 5, 5), (9, 7, 4), (4, 4, 3)]:
        directions = ((1, 0), (0, 1), (1, 1), (1, -1))
        for column in range(width):
            for row in range(height):
                for dc, dr in directions:
                    cells = [(column + k * dc, row + k * dr) for k in range(connect)]
                    if not all(0 <= c < width and 0 <= r < height for c, r in cells):
                        continue
                    geometry = Board(width, height, connect).geometry
                    bits = sum(1 << geometry.bit(c, r) for c, r in cells)
                    assert geometry.has_line(bits), cells
                    for c, r in cells:
                        index = geometry.bit(c, r)
                        assert geometry.completes_line(bits & ~(1 << index), index)
                        assert geometry.line_cells(bits, index) == sorted(
                            geometry.bit(cc, rr) for cc, rr in cells
                        )


@pytest.mark.parametrize(
    ("width", "height", "connect"), [(7, 6, 4), (6, 6, 4), (8, 7, 5), (3, 5, 3)]
)
def test_no_line_wraps_around_an_edge(width: int, height: int, connect: int) -> None:
    """Runs of bit indices that leave the board (top of a column to the next bottom) never win."""
    board = Board(width, height, connect)
    geometry = board.geometry
    stride = height + 1
    cells = [(c, r) for c in range(width) for r in range(height)]
    lines = set()
    for c, r in cells:
        for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
            run = [(c + k * dc, r + k * dr) for k in range(connect)]
            if all(0 <= cc < width and 0 <= rr < height for cc, rr in run):
                lines.add(frozenset(run))
    dense = [(c, r) for c in range(width) for r in range(height)]
    indices = {geometry.bit(c, r): (c, r) for c, r in dense}
    for start in indices:
        for step in (1, stride, stride - 1, stride + 1, height, height - 1, height + 1):
            run_indices = [start + k * step for k in range(connect)]
            if not all(i in indices for i in run_indices):
                continue
            cells_hit = frozenset(indices[i] for i in run_indices)
            bits = sum(1 << i for i in run_indices)
            assert geometry.has_line(bits) == (cells_hit in lines), sorted(cells_hit)


def test_no_vertical_wrap_from_one_column_top_to_the_next_bottom() -> None:
    # X holds the top two cells of column 1 and the bottom two of column 2: not a line.
    board = Board.from_grid(
        [
            [1, 0, 0, 0, 0, 0, 0],
            [1, 0, 0, 0, 0, 0, 0],
            [2, 0, 0, 0, 0, 0, 0],
            [2, 0, 0, 0, 0, 0, 0],
            [1, 1, 0, 0, 0, 0, 0],
            [2, 1, 2, 0, 0, 0, 0],
        ]
    )
    assert board.outcome() is None


def test_push_pop_and_history() -> None:
    board = Board()
    for column in (3, 3, 4, 2):
        board.push(column)
    assert board.moves == (3, 3, 4, 2)
    assert board.heights == (0, 0, 1, 2, 1, 0, 0)
    assert board.cell(3, 1) == 2
    assert board.turn == 1
    assert board.pop() == 2
    assert board.turn == 2
    with pytest.raises(IndexError):
        Board().pop()


@pytest.mark.parametrize("column", [-1, 7, 100, "3", 2.5, None, True])
def test_push_rejects_what_is_not_a_column(column: object) -> None:
    with pytest.raises(InvalidMoveError, match=r"column|not a column"):
        Board().push(column)  # type: ignore[arg-type]


def test_push_accepts_integer_like_values() -> None:
    class Index:
        def __index__(self) -> int:
            return 3

    board = Board()
    board.push(Index())  # type: ignore[arg-type]
    assert board.moves == (3,)


def test_full_column_and_finished_game_are_illegal() -> None:
    board = Board.from_moves("444444")
    with pytest.raises(
        IllegalMoveError, match="column 4 is full; playable columns: 1, 2, 3, 5, 6, 7"
    ):
        board.push(3)
    won = Board.from_moves("1212121")
    assert won.legal_moves == []
    assert not won.is_legal(4)
    with pytest.raises(IllegalMoveError, match="game is over"):
        won.push(4)


def test_errors_are_value_errors() -> None:
    for error in (InvalidMoveError, IllegalMoveError, InvalidPositionError, InvalidBoardSizeError):
        assert issubclass(error, ValueError)


@pytest.mark.parametrize(
    ("width", "height", "connect", "message"),
    [
        (0, 6, 4, "width 0 is out of range"),
        (21, 6, 4, "width 21 is out of range"),
        (7, 0, 4, "height 0 is out of range"),
        (7, 6, 8, "connect 8 does not fit a 7x6 board: it goes from 2 to 7"),
        (7, 6, 1, "connect 1"),
        ("7", 6, 4, "width must be a whole number"),
    ],
)
def test_board_size_errors(width: object, height: int, connect: int, message: str) -> None:
    with pytest.raises(InvalidBoardSizeError, match=message):
        Board(width, height, connect)  # type: ignore[arg-type]


def test_extreme_shapes_are_supported() -> None:
    assert Board(1, 2, 2).legal_moves == [0]
    with pytest.raises(InvalidBoardSizeError, match="1x1 board has no room for a line"):
        Board(1, 1, 2)
    assert Board(20, 20, 20).legal_moves == list(range(20))
    tall = Board.from_moves("1,1,2,2,3,3,4,4,5", width=20, height=20, connect=5)
    assert tall.outcome() is not None


def test_copy_is_independent() -> None:
    board = Board.from_moves("44")
    copy = board.copy()
    copy.push(0)
    assert board.moves == (3, 3)
    assert copy.moves == (3, 3, 0)


def test_equality_ignores_move_order_but_not_shape() -> None:
    assert Board.from_moves("1234") == Board.from_moves("3214")
    assert Board.from_moves("1234") != Board.from_moves("1243")
    assert Board() != Board(8, 7)
    assert len({Board.from_moves("1234").key(), Board.from_moves("3214").key()}) == 1
    assert Board() != "board"


def test_key_matches_the_classic_formula_and_mirror() -> None:
    board = Board.from_moves("4453")
    first, second = board.bitboards
    assert board.key() == first + (first | second)
    assert board.mirror().to_moves() == "4435"
    assert Board.from_moves("4").mirror() == Board.from_moves("4")


def test_repr_is_eval_able() -> None:
    for board in (Board.from_moves("4453"), Board.from_moves("1,12", width=12, height=5)):
        assert eval(repr(board), {"Board": Board}) == board


def test_diagram_round_trip() -> None:
    board = Board.from_moves("44455554221")
    assert Board.from_diagram(board.diagram()) == board
    assert str(board) == board.diagram()
    assert board.diagram().splitlines()[-1] == "XX.XO.."


def test_a_board_is_not_hashable_but_its_key_is() -> None:
    """A mutable board in a set would be lost after a move; the key is the immutable value."""
    board = Board.from_moves("4453")
    with pytest.raises(TypeError, match="unhashable"):
        {board}  # noqa: B018
    seen = {board.key()}
    board.push(0)
    assert board.key() not in seen
    board.pop()
    assert board.key() in seen
    assert Board.from_moves("5344").key() in seen  # the position, whatever the move order
