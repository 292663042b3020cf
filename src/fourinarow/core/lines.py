"""Lines of text a user gives (on standard input, in a file), read a bounded piece at a time.

``for line in stream`` and ``stream.readline()`` hold a whole line in memory before the caller
sees any of it: a line of 100 MB without a newline takes gigabytes before it can be refused.
:func:`read_line` asks the stream for at most one character more than its limit, so a line
of any length is refused, with the limit in the message, after reading only that much.

>>> import io
>>> read_line(io.StringIO("4453\\n"), "standard input")
'4453\\n'
>>> read_line(io.StringIO("4" * 5000), "standard input", limit=10)
Traceback (most recent call last):
...
fourinarow.core.lines.InputTooLongError: standard input, line 1: longer than 10 characters
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TextIO

from fourinarow.core.errors import FourInARowError

__all__ = ["LINE_LIMIT", "InputTooLongError", "read_line", "read_lines", "read_text", "skip_line"]

LINE_LIMIT = 4096
"""The most characters of a line that holds a position, a game or a command (its newline
aside): a game on the largest board, 20x20, is 400 moves, 1,200 characters with commas."""


class InputTooLongError(FourInARowError):
    """Input (a line, a diagram) longer than its reader accepts; the message gives the limit."""


def read_line(stream: TextIO, where: str, limit: int = LINE_LIMIT, number: int = 1) -> str:
    """The next line of ``stream`` with its newline, or ``""`` at the end of the stream.

    Args:
        where: what ``stream`` is, for the message (``"standard input"``, a file's name).
        limit: the most characters of the line, its newline aside.
        number: the line's number, for the message.

    Raises:
        InputTooLongError: the line is longer than ``limit``; at most ``limit + 1`` of its
            characters were read (the rest is left in the stream: see :func:`skip_line`).
    """
    line = stream.readline(limit + 1)
    if len(line) > limit and not (len(line) == limit + 1 and line.endswith("\n")):
        raise InputTooLongError(f"{where}, line {number}: longer than {limit:,} characters")
    return line


def read_lines(stream: TextIO, where: str, limit: int = LINE_LIMIT) -> Iterator[str]:
    """Every line of ``stream``, with its newline, as :func:`read_line` reads it.

    Raises:
        InputTooLongError: a line is longer than ``limit`` (the message gives its number).
    """
    number = 1
    while line := read_line(stream, where, limit, number):
        yield line
        number += 1


def skip_line(stream: TextIO, chunk: int = LINE_LIMIT) -> None:
    """Read and drop the rest of the current line of ``stream`` (its newline included), a
    ``chunk`` of characters at a time, so that reading can go on with the next line."""
    while True:
        piece = stream.readline(chunk)
        if not piece or piece.endswith("\n"):
            return


def read_text(stream: TextIO, where: str, limit: int) -> str:
    """All of ``stream`` (a diagram, say), at most ``limit`` characters.

    Raises:
        InputTooLongError: the stream holds more than ``limit`` characters; only ``limit + 1``
            were read.
    """
    text = stream.read(limit + 1)
    if len(text) > limit:
        raise InputTooLongError(f"{where}: longer than {limit:,} characters")
    return text
