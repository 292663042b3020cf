"""Positions from request parameters: moves or a diagram, a board size, a connect length."""

from __future__ import annotations

from fourinarow.core import (
    Board,
    Cell,
    InvalidBoardSizeError,
    InvalidPositionError,
    column_label,
)
from fourinarow.core import parse_size as core_parse_size
from fourinarow.core.grid import parse_diagram
from fourinarow.search.checks import playable_board

__all__ = ["parse_size", "playable", "position_record", "read_board"]


def parse_size(text: str) -> tuple[int, int]:
    """``WxH`` (such as ``7x6``) as ``(width, height)``: :func:`fourinarow.core.parse_size`,
    its message naming the ``size`` parameter.

    Raises:
        InvalidBoardSizeError: not of that form, or a side out of its range.

    >>> parse_size("8x7")
    (8, 7)
    """
    try:
        return core_parse_size(text)
    except InvalidBoardSizeError as error:
        raise InvalidBoardSizeError(f"size: {error}") from None


def read_board(
    pos: str | None = None,
    grid: str | None = None,
    size: str | None = None,
    connect: int = 4,
    *,
    within: float | None = None,
) -> Board:
    """The board the parameters describe: ``pos`` (moves, 1-based; ``""`` or ``-`` the empty
    board) or ``grid`` (a diagram, rows top to bottom, rows separated by ``/``), not both; the
    shape from ``size`` (default 7x6), or from the diagram, which must then match a ``size``
    given. ``within`` bounds the search for a diagram's order of play, in seconds.

    Raises:
        OrderSearchStoppedError: the diagram's order of play was not found in time.
        FourInARowError: the position, diagram, size or connect length is not valid.
    """
    if pos is not None and grid is not None:
        raise InvalidPositionError(
            "give the position as pos (moves) or as grid (a diagram), not both"
        )
    if grid is not None:
        rows = parse_diagram(grid)
        shape = (len(rows[0]), len(rows))
        if size is not None and shape != parse_size(size):
            width, height = parse_size(size)
            raise InvalidPositionError(
                f"grid is {shape[0]}x{shape[1]} ({shape[0]} columns, {shape[1]} rows) but size "
                f"is {width}x{height}: give a diagram of {width}x{height}, or leave out size"
            )
        return Board.from_diagram(grid, connect=connect, within=within)
    width, height = parse_size(size if size is not None else "7x6")
    moves = "" if pos is None or pos.strip() == "-" else pos
    return Board.from_moves(moves, width=width, height=height, connect=connect)


def playable(board: Board) -> Board:
    """``board``, if its game goes on.

    Raises:
        GameOverError: the game is over: there is no move to choose or value.
    """
    return playable_board(board, "there is no move")


def _cell(cell: Cell) -> list[int]:
    return [cell[0] + 1, cell[1]]


def position_record(board: Board) -> dict[str, object]:
    """The state of a board for the front end: moves, shape, whose turn, the cells (top row
    first), the legal columns (1-based) and how the game ended, if it did."""
    outcome = board.outcome()
    return {
        "position": board.to_moves(),
        "moves": [int(column_label(c)) for c in board.moves],
        "width": board.width,
        "height": board.height,
        "connect": board.connect,
        "ply": board.ply,
        "turn": board.turn,
        "grid": board.to_grid(),
        "legal": [int(column_label(c)) for c in board.legal_moves],
        "over": outcome is not None,
        "winner": None if outcome is None else outcome.winner,
        "draw": outcome is not None and outcome.is_draw,
        "line": [] if outcome is None else [_cell(cell) for cell in outcome.line],
    }
