"""Property tests of the rules core's public API: every call with arguments of any type either
works or raises a ``FourInARowError`` (a ``ValueError``) with a one-line message, never an
``AttributeError``, ``TypeError``, ``OverflowError`` or ``IndexError``."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fourinarow.core import (
    MAX_SIDE,
    Board,
    FourInARowError,
    Geometry,
    InvalidBoardSizeError,
    InvalidMoveError,
    InvalidPositionError,
    column_label,
    format_moves,
    parse_column,
    parse_moves,
)
from fourinarow.core.grid import parse_diagram, parse_grid
from fourinarow.core.notation import accepted_columns
from fourinarow.core.render import render_ansi, render_text
from tests.anything import HUGE_INTS, anything, call, numbers, texts

FEW = settings(max_examples=60, deadline=None)

sides = st.one_of(st.integers(min_value=1, max_value=MAX_SIDE), numbers())
"""A width, height or connect length: often a good one, else a number of any kind."""

columns = st.one_of(st.integers(min_value=-1, max_value=8), anything())

positions = st.one_of(
    st.text(alphabet="1234567", max_size=12), st.text(alphabet="0123456789,", max_size=8), texts()
)


@st.composite
def boards(draw: st.DrawFn) -> Board:
    """A board of a small shape after a few random legal moves (maybe a finished game)."""
    width = draw(st.integers(min_value=2, max_value=7))
    height = draw(st.integers(min_value=1, max_value=6))
    board = Board(width, height, draw(st.integers(min_value=2, max_value=max(width, height))))
    for _ in range(draw(st.integers(min_value=0, max_value=width * height))):
        if board.is_game_over():
            break
        board.push(draw(st.sampled_from(board.legal_moves)))
    return board


# ------------------------------------------------------------------------------ construction


@FEW
@given(width=sides, height=sides, connect=sides)
@example(width=10**5000, height=6, connect=4)
@example(width=7.0, height=6, connect=4)
@example(width=True, height=6, connect=4)
def test_board_and_geometry_take_any_shape(width: object, height: object, connect: object) -> None:
    board = call(Board, width, height, connect)
    geometry = call(Geometry, width, height, connect)
    assert (board is None) == (geometry is None)
    if board is not None:
        assert (board.width, board.height, board.connect) == (width, height, connect)
        assert type(board.width) is int


@FEW
@given(moves=st.one_of(positions, anything()), width=sides)
@example(moves=None, width=7)
@example(moves=b"4455", width=7)
@example(moves="1," + "9" * 5000, width=7)
@example(moves="4455", width=None)
def test_from_moves_takes_any_text(moves: object, width: object) -> None:
    board = call(Board.from_moves, moves, width=width, height=6)
    if board is not None:
        assert isinstance(moves, str)
        assert Board.from_moves(board.to_moves(), width=board.width) == board


cells = st.one_of(st.sampled_from([0, 1, 2]), anything())
grids = st.one_of(
    st.lists(st.lists(st.sampled_from([0, 0, 0, 1, 2]), min_size=3, max_size=3), max_size=4),
    st.lists(st.lists(cells, max_size=4), max_size=4),
    st.lists(cells, max_size=9),
    anything(),
)


@FEW
@given(grid=grids, width=st.one_of(st.none(), sides), height=st.one_of(st.none(), sides))
@example(grid=[0, 0, 0, 10**400], width=2, height=2)
@example(grid=[0, 0, 1, 2], width="2", height=2)
@example(grid=[0, 0, 1, 2], width=2.0, height=None)
@example(grid=[[0, 0, 1, 2]], width=None, height=1.5)
@example(grid=[[]], width=None, height=None)
def test_from_grid_takes_any_grid(grid: object, width: object, height: object) -> None:
    call(parse_grid, grid, width=width, height=height)
    board = call(Board.from_grid, grid, width=width, height=height, connect=2)
    if board is not None:
        assert Board.from_grid(board.to_grid(), connect=2) == board


@FEW
@given(
    text=st.one_of(st.text(alphabet=".XO/012\n []", max_size=20), anything()),
    connect=sides,
)
@example(text=None, connect=4)
@example(text=b"..X/.OX", connect=2)
@example(text="../XO", connect=None)
def test_from_diagram_takes_any_text(text: object, connect: object) -> None:
    call(parse_diagram, text)
    board = call(Board.from_diagram, text, connect=connect)
    if board is not None:
        assert Board.from_diagram(board.diagram(), connect=board.connect) == board


# ---------------------------------------------------------------------------------- methods


@FEW
@given(board=boards(), column=columns)
@example(board=Board(), column=True)
@example(board=Board(), column=3.0)
@example(board=Board(), column=10**5000)
def test_push_takes_any_column(board: Board, column: object) -> None:
    legal = board.is_legal(column)  # type: ignore[arg-type]
    assert isinstance(legal, bool)
    before = board.copy()
    call(board.push, column)
    if board.ply == before.ply:
        assert not legal
        assert board == before
    else:
        assert legal
        assert board.pop() == column


@FEW
@given(board=boards(), column=columns, row=columns)
@example(board=Board(), column=7, row=0)
@example(board=Board(), column=0, row=-1)
@example(board=Board(), column=None, row=0)
@example(board=Board(), column=True, row=0)
def test_cell_takes_any_coordinates(board: Board, column: object, row: object) -> None:
    player = call(board.cell, column, row)
    if player is not None:
        assert isinstance(column, int)
        assert isinstance(row, int)
        assert player == board.to_grid()[board.height - 1 - row][column]


@FEW
@given(board=boards(), player=st.one_of(st.none(), st.integers(-1, 4), anything()))
@example(board=Board(), player=0)
@example(board=Board(), player=3)
@example(board=Board(), player=True)
@example(board=Board(), player="1")
def test_winning_moves_takes_any_player(board: Board, player: object) -> None:
    moves = call(board.winning_moves, player)
    if moves is not None:
        assert player is None or (type(player) is int and player in (1, 2))
        assert set(moves) <= set(board.legal_moves)


def test_pop_from_an_empty_board_is_a_user_error_and_still_an_index_error() -> None:
    with pytest.raises(FourInARowError, match="no move"):
        Board().pop()
    with pytest.raises(IndexError):
        Board().pop()


def test_off_board_cells_are_a_user_error_and_still_an_index_error() -> None:
    with pytest.raises(InvalidMoveError, match="off a 7x6 board"):
        Board().cell(7, 0)
    with pytest.raises(IndexError):
        Board().cell(0, 6)


def test_true_is_not_a_column_anywhere() -> None:
    """``bool`` is an ``int``, but True is never read as column 1 (nor False as 0)."""
    board = Board()
    assert not board.is_legal(True)
    for attempt in (
        lambda: board.push(True),
        lambda: board.cell(True, 0),
        lambda: column_label(True),
        lambda: format_moves([True], 7),
    ):
        with pytest.raises(InvalidMoveError):
            attempt()
    with pytest.raises(FourInARowError):
        board.winning_moves(True)


# --------------------------------------------------------------------------------- notation


@FEW
@given(text=st.one_of(positions, anything()), width=sides)
@example(text="9" * 5000, width=7)
@example(text="1," + "9" * 5000, width=12)
@example(text="4", width=None)
@example(text="4", width="7")
@example(text="4", width=7.0)
def test_parse_moves_and_parse_column_take_anything(text: object, width: object) -> None:
    moves = call(parse_moves, text, width)
    if moves is not None:
        assert isinstance(width, int)
        assert all(0 <= move < width for move in moves)
        assert parse_moves(format_moves(moves, width), width) == moves
    column = call(parse_column, text, width)
    if column is not None:
        assert isinstance(width, int)
        assert 0 <= column < width


@FEW
@given(columns_=st.one_of(st.lists(columns, max_size=5), anything()), width=sides)
@example(columns_=[7], width=7)
@example(columns_=[-1], width=7)
@example(columns_=None, width=7)
@example(columns_="123", width=7)
@example(columns_=[0], width=None)
def test_format_moves_takes_anything(columns_: object, width: object) -> None:
    text = call(format_moves, columns_, width)
    if text is not None:
        assert parse_moves(text, width) == list(columns_)  # type: ignore[arg-type, call-overload]


@FEW
@given(column=columns, width=sides)
@example(column=-1, width=7)
@example(column=10**5000, width=7)
@example(column=2.0, width=7)
def test_column_label_and_accepted_columns_take_anything(column: object, width: object) -> None:
    label = call(column_label, column)
    if label is not None:
        assert label == str(column + 1)  # type: ignore[operator]
        assert 0 <= column < MAX_SIDE  # type: ignore[operator]
    accepted = call(accepted_columns, width)
    if accepted is not None:
        assert accepted.startswith("1")


def test_huge_numbers_in_messages_do_not_break_them() -> None:
    """A number too long for ``str()`` still gives a typed error with a short message."""
    for huge in HUGE_INTS:
        with pytest.raises(FourInARowError) as caught:
            Board(huge)
        assert len(str(caught.value)) < 200
        with pytest.raises(FourInARowError) as caught:
            Board().push(huge)
        assert len(str(caught.value)) < 200
    with pytest.raises(InvalidPositionError):
        parse_moves("1," + "9" * 5000, 12)
    with pytest.raises(InvalidBoardSizeError):
        parse_moves("4", 0)


# ---------------------------------------------------------------------------------- render


@FEW
@given(board=st.one_of(boards(), anything()))
@example(board=None)
@example(board="4455")
def test_renderers_take_anything(board: object) -> None:
    for render in (render_text, render_ansi):
        text = call(render, board)
        assert (text is None) == (not isinstance(board, Board))
