"""Standard output of the command line: a failed write told apart from every other error,
and text written in ASCII where the stream's encoding cannot write what the output draws with.

A command writes its results with ``print``; a full disk, an I/O error or a standard output the
shell closed (``>&-``, where Python's ``sys.stdout`` is ``None`` and ``print`` writes nothing)
must end the command in one line on standard error, not in a traceback, nor in exit status 0
with the output lost. :func:`guard_output` wraps standard output so that such a write raises
:class:`OutputError`, which the command line reports; a reader that went away (``| head``)
still raises ``BrokenPipeError``, which ends the command quietly. The guard also keeps the
failure, for the command line to find when a caller swallowed it (argparse's ``--help`` takes
any ``OSError`` of its writes for nothing).

Result tables are drawn with box-drawing characters; a terminal or a pipe whose encoding is
ASCII or Latin-1 (``PYTHONIOENCODING=ascii``, a Latin-1 terminal) cannot write them.
:func:`writable` gives the text such a stream can write: the characters the output draws with
in ASCII (:func:`plain_text`), anything else still unwritable as a backslash escape.
"""

from __future__ import annotations

import codecs
import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import TextIO, cast

__all__ = [
    "OutputError",
    "color_wanted",
    "discard_output",
    "guard_output",
    "guarded_stdout",
    "narrow_encoding",
    "output_failure",
    "plain_text",
    "writable",
]

CLOSED = "standard output is closed"
"""The reason given when there is no standard output to write to."""


class OutputError(Exception):
    """Standard output could not be written (closed, a full disk, an I/O error): the reason."""


class _GuardedOutput:
    """A text stream that passes everything to ``stream`` (in what its encoding can write) and
    turns its write errors into :class:`OutputError` (a ``BrokenPipeError`` passes as it is),
    keeping the first in ``failure``; ``None`` is a closed one."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream
        self._encoding = narrow_encoding(stream)
        self.failure: OutputError | BrokenPipeError | None = None

    def _open(self) -> TextIO:
        if self._stream is None:
            raise self._failed(OutputError(CLOSED))
        return self._stream

    def _failed(self, failure: OutputError | BrokenPipeError) -> OutputError | BrokenPipeError:
        if self.failure is None:
            self.failure = failure
        return failure

    def write(self, text: str) -> int:
        stream = self._open()
        try:
            stream.write(writable(text, self._encoding))
            return len(text)
        except BrokenPipeError as error:
            raise self._failed(error) from None
        except (OSError, ValueError) as error:
            failure = _output_error(stream, error)
            if failure is None:
                raise
            raise self._failed(failure) from error

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self._stream is None:
            return  # nothing was written, so nothing is lost
        try:
            self._stream.flush()
        except BrokenPipeError as error:
            raise self._failed(error) from None
        except (OSError, ValueError) as error:
            failure = _output_error(self._stream, error)
            if failure is None:
                raise
            raise self._failed(failure) from error

    def isatty(self) -> bool:
        if self._stream is None:
            return False
        try:
            return self._stream.isatty()
        except (OSError, ValueError):
            return False

    def fileno(self) -> int:
        return self._open().fileno()

    def __getattr__(self, name: str) -> object:
        return getattr(self._open(), name)


def _output_error(stream: TextIO, error: OSError | ValueError) -> OutputError | None:
    """:class:`OutputError` for a failed write or flush of ``stream``, or ``None`` for a
    ``ValueError`` that is no such failure (a character the encoding cannot write)."""
    if isinstance(error, OSError):
        return OutputError(error.strerror or str(error))
    if getattr(stream, "closed", False):  # the stream object was closed
        return OutputError(CLOSED)
    return None


def output_failure(stream: TextIO) -> OutputError | BrokenPipeError | None:
    """The first failed write or flush of ``stream``, a :func:`guard_output` (``None`` if
    none failed, or if ``stream`` is no guard)."""
    return stream.failure if isinstance(stream, _GuardedOutput) else None


def guard_output(stream: TextIO | None) -> TextIO:
    """``stream`` (standard output, ``None`` where it is closed) as a text stream whose
    failed writes raise :class:`OutputError` instead of an ``OSError`` or nothing."""
    return cast(TextIO, _GuardedOutput(stream))


@contextmanager
def guarded_stdout() -> Iterator[TextIO | None]:
    """Put :func:`guard_output` in place of ``sys.stdout`` for the block, and the original
    back after it; yield the original (``None`` where it is closed)."""
    original = sys.stdout
    sys.stdout = guard_output(original)
    try:
        yield original
    finally:
        sys.stdout = original


def discard_output(stream: TextIO | None) -> None:
    """Point ``stream``'s descriptor at the null device, so that what is left in its buffer
    goes nowhere when Python flushes it at exit, instead of failing a second time there."""
    if stream is None:
        return
    try:
        descriptor = stream.fileno()
    except (OSError, ValueError):  # not a real descriptor (a test's capture): nothing to do
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, descriptor)
    finally:
        os.close(null)


def color_wanted(no_color: bool) -> bool:
    """Whether to draw boards in colour: not with ``--no-color`` (``no_color``), nor when
    ``NO_COLOR`` is set, nor when standard output is not a terminal."""
    return not no_color and not os.environ.get("NO_COLOR") and sys.stdout.isatty()


_DRAWN = {
    "\N{MIDDLE DOT}": ".",
    "\N{HORIZONTAL ELLIPSIS}": "...",
    "\N{RIGHTWARDS ARROW}": "->",
    "\N{LEFTWARDS ARROW}": "<-",
    "\N{UPWARDS ARROW}": "^",
    "\N{DOWNWARDS ARROW}": "v",
    "\N{MULTIPLICATION SIGN}": "x",
    "\N{VULGAR FRACTION ONE HALF}": "1/2",
    "\N{BLACK CIRCLE}": "X",
    "\N{WHITE CIRCLE}": "O",
    "\N{BULLET}": "*",
    "\N{EN DASH}": "-",
    "\N{EM DASH}": "--",
    "\N{LEFT SINGLE QUOTATION MARK}": "'",
    "\N{RIGHT SINGLE QUOTATION MARK}": "'",
    "\N{LEFT DOUBLE QUOTATION MARK}": '"',
    "\N{RIGHT DOUBLE QUOTATION MARK}": '"',
    "\N{GREATER-THAN OR EQUAL TO}": ">=",
    "\N{LESS-THAN OR EQUAL TO}": "<=",
    "\N{FULL BLOCK}": "#",
    "\N{LOWER ONE EIGHTH BLOCK}": "_",
    "\N{LOWER ONE QUARTER BLOCK}": "_",
    "\N{LOWER THREE EIGHTHS BLOCK}": "_",
    "\N{LOWER HALF BLOCK}": "=",
    "\N{LOWER FIVE EIGHTHS BLOCK}": "=",
    "\N{LOWER THREE QUARTERS BLOCK}": "=",
    "\N{LOWER SEVEN EIGHTHS BLOCK}": "#",
    "\N{NO-BREAK SPACE}": " ",
}
"""The characters the output draws with besides box drawing (the board's empty cell, the
discs, arrows, an ellipsis, a size's times sign, the blocks of a review's graph), and what
stands for each in ASCII."""

_BOX_DRAWING = range(0x2500, 0x2580)
"""Unicode's box-drawing block: the lines and corners of rich's tables and progress bars."""


@cache
def _ascii_table() -> dict[int, str]:
    """``str.translate``'s table from each character of :data:`_DRAWN` and the box-drawing
    block to ASCII: a line mostly across is ``-`` (``=`` when double), one mostly down ``|``,
    a corner or a crossing ``+``."""
    import unicodedata

    table = {ord(character): text for character, text in _DRAWN.items()}
    for code in _BOX_DRAWING:
        name = unicodedata.name(chr(code), "")
        across, down = "HORIZONTAL" in name, "VERTICAL" in name
        if across and not down:
            table[code] = "=" if "DOUBLE" in name else "-"
        elif down and not across:
            table[code] = "|"
        else:
            table[code] = "+"
    return table


def plain_text(text: str) -> str:
    r"""``text`` with the characters the output draws with in ASCII.

    >>> plain_text("\N{BOX DRAWINGS LIGHT HORIZONTAL}" * 3 + " \N{VULGAR FRACTION ONE HALF}")
    '--- 1/2'
    """
    return text.translate(_ascii_table())


def writable(text: str, encoding: str | None) -> str:
    r"""``text`` as a stream of ``encoding`` can write it: as it is where it can (and always
    for ``None``: a stream that writes any character), else through :func:`plain_text`, with
    what is still unwritable as a backslash escape.

    >>> writable("7\N{MULTIPLICATION SIGN}6 \N{GREEK SMALL LETTER ALPHA}", "ascii")
    '7x6 \\u03b1'
    """
    if encoding is None:
        return text
    try:
        text.encode(encoding)
    except UnicodeEncodeError:
        return plain_text(text).encode(encoding, "backslashreplace").decode(encoding)
    return text


def narrow_encoding(stream: TextIO | None) -> str | None:
    """``stream``'s encoding when it cannot write every character (ASCII, Latin-1, a code
    page); ``None`` for a Unicode one, no stream, or a stream that names no encoding."""
    encoding = getattr(stream, "encoding", None)
    if not isinstance(encoding, str):
        return None
    try:
        name = codecs.lookup(encoding).name
    except LookupError:
        return None
    return None if name.startswith(("utf-", "utf_")) else name
