"""Board renderers for terminals: plain text and ANSI colour, with column labels, any width.

Each cell is three characters wide, so labels up to 20 line up over their columns. The stones of a
finished game's winning line are marked: ``[X]`` in plain text, a green background in colour.
"""

from __future__ import annotations

from fourinarow.core.board import Board
from fourinarow.core.checks import shown
from fourinarow.core.errors import InvalidPositionError
from fourinarow.core.notation import column_label

__all__ = ["render_ansi", "render_text"]

_SYMBOLS = {0: ".", 1: "X", 2: "O"}
_RESET = "\033[0m"
_LABEL_STYLE = "\033[1;37;44m"  # bold white on blue, like the board
_CELL_STYLES = {
    0: "\033[0;94;44m",  # empty: light blue dot on blue
    1: "\033[1;37;41m",  # X: bold white on red
    2: "\033[1;30;43m",  # O: bold black on yellow
}
_WIN_STYLE = "\033[1;30;42m"  # a stone of the winning line: bold black on green
_LAST_STYLE = "\033[4m"  # the last stone played: underlined


def _winning_cells(board: Board) -> set[tuple[int, int]]:
    if not isinstance(board, Board):
        raise InvalidPositionError(f"only a Board can be drawn, not {shown(board)}")
    outcome = board.outcome()
    return set(outcome.line) if outcome else set()


def _labels(board: Board) -> list[str]:
    return [column_label(c).center(3) for c in range(board.width)]


def render_text(board: Board) -> str:
    """The board as plain text with column labels 1..W; winning stones shown as ``[X]``.

    >>> from fourinarow.core import Board
    >>> print(render_text(Board.from_moves("4453", width=5, height=2)))
     1  2  3  4  5
     .  .  .  O  .
     .  .  O  X  X
    """
    winning = _winning_cells(board)
    lines = ["".join(_labels(board)).rstrip()]
    for row in reversed(range(board.height)):
        cells = []
        for column in range(board.width):
            symbol = _SYMBOLS[board.cell(column, row)]
            cells.append(f"[{symbol}]" if (column, row) in winning else f" {symbol} ")
        lines.append("".join(cells).rstrip())
    return "\n".join(lines)


def render_ansi(board: Board) -> str:
    """The board in ANSI colour, as in the classic minimax tutorials: red X, yellow O on a blue
    board.

    The winning line is shown on green and the last stone played is underlined.
    """
    winning = _winning_cells(board)
    last = None
    if board.moves:
        column = board.moves[-1]
        last = (column, board.heights[column] - 1)
    lines = [_LABEL_STYLE + "".join(_labels(board)) + _RESET]
    for row in reversed(range(board.height)):
        parts = []
        for column in range(board.width):
            player = board.cell(column, row)
            style = _WIN_STYLE if (column, row) in winning else _CELL_STYLES[player]
            if (column, row) == last:
                style += _LAST_STYLE
            symbol = "\u00b7" if player == 0 else _SYMBOLS[player]
            parts.append(f"{style} {symbol} {_RESET}")
        lines.append("".join(parts))
    return "\n".join(lines)
