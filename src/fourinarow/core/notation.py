"""Move notation: 1-based column labels in text, 0-based columns in code.

A position is the sequence of columns played, first player first: ``"4453"``. Boards wider than 9
columns separate the moves with commas: ``"10,3,4"``. Humans may also name columns by letter
(``a`` is the leftmost), as the classic minimax tutorials do.
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable

from fourinarow.core.checks import shown
from fourinarow.core.errors import InvalidBoardSizeError, InvalidMoveError, InvalidPositionError
from fourinarow.core.geometry import MAX_SIDE, board_side
from fourinarow.core.numbers import InvalidNumberError, parse_int

__all__ = [
    "LETTER_COLUMNS",
    "accepted_columns",
    "column_label",
    "format_moves",
    "parse_column",
    "parse_moves",
    "parse_size",
]

LETTER_COLUMNS = 16
"""Letters name columns on boards up to this wide (a-p); wider boards use numbers only, so that
letters never clash with the terminal game's command keys (q quits, u undoes)."""

_LETTERS = string.ascii_lowercase[:LETTER_COLUMNS]


def column_label(column: int) -> str:
    """The 1-based label of a 0-based column.

    Raises:
        InvalidMoveError: ``column`` is not a whole number from 0 to ``MAX_SIDE - 1``.

    >>> column_label(3)
    '4'
    """
    if column.__class__ is not int or not 0 <= column < MAX_SIDE:
        _check_column(column, MAX_SIDE)
    return str(column + 1)


def _check_column(column: object, width: int) -> None:
    """Raise ``InvalidMoveError`` unless ``column`` is a 0-based column of ``width``."""
    if isinstance(column, bool) or not isinstance(column, int):
        raise InvalidMoveError(
            f"{shown(column)} is not a column: columns are whole numbers 0-{width - 1}"
        )
    if not 0 <= column < width:
        raise InvalidMoveError(
            f"column {shown(column)} is out of range: columns are 0-{width - 1} (0-based)"
        )


def accepted_columns(width: int) -> str:
    """A short description of the column names accepted on a board of ``width`` columns.

    Raises:
        InvalidBoardSizeError: ``width`` is not a board's width.

    >>> accepted_columns(7)
    '1-7 or a-g'
    """
    width = board_side(width)
    numbers = "1" if width == 1 else f"1-{width}"
    if width > len(_LETTERS):
        return numbers
    letters = "a" if width == 1 else f"a-{_LETTERS[width - 1]}"
    return f"{numbers} or {letters}"


def _number(text: str) -> int:
    """The value of a whole number in ASCII digits, or -1 for one too long to be a column (or
    for ``int()`` to read: it refuses more than 4300 digits)."""
    return int(text) if len(text) <= 100 else -1


def _text(value: object, what: str, error: type[InvalidMoveError | InvalidPositionError]) -> str:
    """``value`` if it is a ``str``, else ``error``."""
    if not isinstance(value, str):
        raise error(f"{what} is text, not {shown(value)}")
    return value


def _is_number(text: str) -> bool:
    """True for a whole number written in ASCII digits: the one rule for numbers in positions
    and typed columns (``²``, ``④`` or ``٤`` are not numbers here).

    >>> _is_number("12"), _is_number("²"), _is_number("٤"), _is_number("")
    (True, False, False, False)
    """
    return text.isascii() and text.isdigit()


def parse_column(text: str, width: int) -> int:
    """Read a column typed by a human: a 1-based number or a letter; return it 0-based.

    Raises:
        InvalidMoveError: the text is not a column of a board ``width`` columns wide.
        InvalidBoardSizeError: ``width`` is not a board's width.

    >>> parse_column("4", 7), parse_column("D", 7)
    (3, 3)
    """
    width = board_side(width)
    word = _text(text, "a column", InvalidMoveError).strip().lower()
    if _is_number(word):
        number = _number(word)
        if 1 <= number <= width:
            return number - 1
        raise InvalidMoveError(
            f"column {word if number >= 0 else shown(word)} is out of range: "
            f"enter {accepted_columns(width)}"
        )
    if len(word) == 1 and word in _LETTERS and width <= len(_LETTERS):
        index = _LETTERS.index(word)
        if index < width:
            return index
        raise InvalidMoveError(f"column {word!r} is out of range: enter {accepted_columns(width)}")
    raise InvalidMoveError(
        f"{shown(text.strip())} is not a column: enter {accepted_columns(width)}"
    )


def parse_moves(text: str, width: int) -> list[int]:
    """Read a move sequence in 1-based notation; return 0-based columns.

    Up to 9 columns each digit is a move (commas are allowed too); wider boards need commas.
    Whitespace around the text is ignored; the empty string is the empty board.

    Raises:
        InvalidPositionError: a character or number is not a column of the board, or ``text``
            is not a ``str``.
        InvalidBoardSizeError: ``width`` is not a board's width.

    >>> parse_moves("4453", 7)
    [3, 3, 4, 2]
    >>> parse_moves("10,3,4", 12)
    [9, 2, 3]
    """
    width = board_side(width)
    text = _text(text, "a move sequence", InvalidPositionError).strip()
    if not text:
        return []
    if "," in text or width > 9:
        tokens = [token.strip() for token in text.split(",")]
    else:
        tokens = list(text)
    columns = []
    hint = "" if width <= 9 else " separated by commas"
    for number, token in enumerate(tokens, start=1):
        if not _is_number(token):
            raise InvalidPositionError(
                f"move {number} of {shown(text, 400)} is {shown(token)}, not a column: "
                f"moves are the numbers 1-{width}{hint}"
            )
        column = _number(token)
        if not 1 <= column <= width:
            shown_token = token if column >= 0 else shown(token)
            raise InvalidPositionError(
                f"move {number} of {shown(text, 400)} is column {shown_token}, out of range: "
                f"moves are the numbers 1-{width}{hint}"
            )
        columns.append(column - 1)
    return columns


def format_moves(columns: Iterable[int], width: int) -> str:
    """Write 0-based columns in 1-based notation, comma-separated on boards wider than 9.

    Raises:
        InvalidMoveError: an item of ``columns`` is not a column of the board.
        InvalidPositionError: ``columns`` is not a sequence of columns.
        InvalidBoardSizeError: ``width`` is not a board's width.

    >>> format_moves([3, 3, 4, 2], 7)
    '4453'
    >>> format_moves([9, 2], 10)
    '10,3'
    """
    width = board_side(width)
    if isinstance(columns, str | bytes) or not isinstance(columns, Iterable):
        raise InvalidPositionError(f"moves are a sequence of 0-based columns, not {shown(columns)}")
    labels = []
    for column in columns:
        if column.__class__ is not int or not 0 <= column < width:
            _check_column(column, width)
        labels.append(str(column + 1))
    return ",".join(labels) if width > 9 else "".join(labels)


_SIZE = re.compile("^\\s*([0-9]+)\\s*[xX\N{MULTIPLICATION SIGN}]\\s*([0-9]+)\\s*$", re.ASCII)


def parse_size(text: str) -> tuple[int, int]:
    """A board size written ``WxH`` (``7x6``; ``X`` or ``\N{MULTIPLICATION SIGN}`` too, ASCII
    digits) as ``(width, height)``, each side from 1 to ``MAX_SIDE``.

    Raises:
        InvalidBoardSizeError: not of that form, or a side out of its range.

    >>> parse_size("8x7")
    (8, 7)
    """
    match = _SIZE.match(text)
    if not match:
        raise InvalidBoardSizeError(
            f"{shown(text)} is not a board size: write WIDTHxHEIGHT, such as 7x6 (digits 0-9)"
        )
    sides = []
    for name, digits in (("width", match[1]), ("height", match[2])):
        try:
            sides.append(parse_int(digits, 1, MAX_SIDE))
        except InvalidNumberError:
            short = digits if len(digits) <= 20 else digits[:10] + "..."
            raise InvalidBoardSizeError(
                f"{name} {short} is out of range: width and height go from 1 to {MAX_SIDE}"
            ) from None
    return sides[0], sides[1]
