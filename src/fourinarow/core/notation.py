"""Move notation: 1-based column labels in text, 0-based columns in code.

A position is the sequence of columns played, first player first: ``"4453"``. Boards wider than 9
columns separate the moves with commas: ``"10,3,4"``. Humans may also name columns by letter
(``a`` is the leftmost), as the seed tutorials do.
"""

from __future__ import annotations

import string
from collections.abc import Iterable

from fourinarow.core.errors import InvalidMoveError, InvalidPositionError

__all__ = [
    "LETTER_COLUMNS",
    "accepted_columns",
    "column_label",
    "format_moves",
    "parse_column",
    "parse_moves",
]

LETTER_COLUMNS = 16
"""Letters name columns on boards up to this wide (a-p); wider boards use numbers only, so that
letters never clash with the terminal game's command keys (q quits, u undoes)."""

_LETTERS = string.ascii_lowercase[:LETTER_COLUMNS]


def column_label(column: int) -> str:
    """The 1-based label of a 0-based column.

    >>> column_label(3)
    '4'
    """
    return str(column + 1)


def accepted_columns(width: int) -> str:
    """A short description of the column names accepted on a board of ``width`` columns.

    >>> accepted_columns(7)
    '1-7 or a-g'
    """
    numbers = "1" if width == 1 else f"1-{width}"
    if width > len(_LETTERS):
        return numbers
    letters = "a" if width == 1 else f"a-{_LETTERS[width - 1]}"
    return f"{numbers} or {letters}"


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

    >>> parse_column("4", 7), parse_column("D", 7)
    (3, 3)
    """
    word = text.strip().lower()
    if _is_number(word):
        number = int(word)
        if 1 <= number <= width:
            return number - 1
        raise InvalidMoveError(f"column {number} is out of range: enter {accepted_columns(width)}")
    if len(word) == 1 and word in _LETTERS and width <= len(_LETTERS):
        index = _LETTERS.index(word)
        if index < width:
            return index
        raise InvalidMoveError(f"column {word!r} is out of range: enter {accepted_columns(width)}")
    raise InvalidMoveError(f"{text.strip()!r} is not a column: enter {accepted_columns(width)}")


def parse_moves(text: str, width: int) -> list[int]:
    """Read a move sequence in 1-based notation; return 0-based columns.

    Up to 9 columns each digit is a move (commas are allowed too); wider boards need commas.
    Whitespace around the text is ignored; the empty string is the empty board.

    Raises:
        InvalidPositionError: a character or number is not a column of the board.

    >>> parse_moves("4453", 7)
    [3, 3, 4, 2]
    >>> parse_moves("10,3,4", 12)
    [9, 2, 3]
    """
    text = text.strip()
    if not text:
        return []
    if "," in text or width > 9:
        tokens = [token.strip() for token in text.split(",")]
    else:
        tokens = list(text)
    columns = []
    hint = "" if width <= 9 else " separated by commas"
    for number, token in enumerate(tokens, start=1):
        if _is_number(token) and not 1 <= int(token) <= width:
            raise InvalidPositionError(
                f"move {number} of {text!r} is column {token}, out of range: "
                f"moves are the numbers 1-{width}{hint}"
            )
        if not _is_number(token):
            raise InvalidPositionError(
                f"move {number} of {text!r} is {token!r}, not a column: "
                f"moves are the numbers 1-{width}{hint}"
            )
        columns.append(int(token) - 1)
    return columns


def format_moves(columns: Iterable[int], width: int) -> str:
    """Write 0-based columns in 1-based notation, comma-separated on boards wider than 9.

    >>> format_moves([3, 3, 4, 2], 7)
    '4453'
    >>> format_moves([9, 2], 10)
    '10,3'
    """
    labels = [column_label(c) for c in columns]
    return ",".join(labels) if width > 9 else "".join(labels)
