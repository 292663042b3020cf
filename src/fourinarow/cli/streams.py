"""The command line's three standard streams, as a shell may hand them over: closed (``<&-``,
``>&-``, ``2>&-``, where Python sets ``sys.stdin``, ``sys.stdout`` or ``sys.stderr`` to
``None``), a pipe whose reader went away, or in an encoding that cannot write every character.

:func:`standard_streams` puts a stand-in in place of each for a command's run, so that no
command need know of these cases:

- a closed standard input reads as :class:`ClosedInputError`, which the command line reports
  in one line with exit status 2, as any input it cannot use;
- standard output is guarded (:func:`~fourinarow.cli.output.guard_output`): a failed write is
  one line on standard error and exit status 1, a reader gone exit status 1 quietly;
- what is said on a closed standard error goes nowhere, as the shell was asked, and the
  command runs on as it would have (its output and exit status unchanged); so does what is said
  on one that fails to take it;
- both outputs write what their encoding cannot as ASCII
  (:func:`~fourinarow.cli.output.writable`).
"""

from __future__ import annotations

import io
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TextIO, cast

from fourinarow.cli.output import discard_output, guard_output, narrow_encoding, writable
from fourinarow.core import FourInARowError
from fourinarow.core.lines import read_line

__all__ = ["ClosedInputError", "ask", "standard_streams"]


class ClosedInputError(FourInARowError):
    """Standard input was closed when the command started (``<&-``): nothing can be read."""


CLOSED_INPUT = (
    "standard input is closed: give the input as arguments, or on an open standard input "
    "(a file with < FILE, a pipe, a terminal)"
)


class _ClosedInput:
    """Standard input closed at start-up: every read raises :class:`ClosedInputError`."""

    def read(self, size: int | None = -1) -> str:
        raise ClosedInputError(CLOSED_INPUT)

    def readline(self, size: int | None = -1) -> str:
        raise ClosedInputError(CLOSED_INPUT)

    def __iter__(self) -> Iterator[str]:
        return self

    def __next__(self) -> str:
        return self.readline()

    def isatty(self) -> bool:
        return False

    def fileno(self) -> int:
        raise io.UnsupportedOperation("standard input is closed")

    def close(self) -> None:
        """Nothing to close (a new worker process closes its standard input first thing)."""


class _StandardError:
    """Standard error that never fails the command: what a closed one (``None``) or one that
    fails to take it (a reader gone, a full disk) is given goes nowhere; what it can take, in
    what its encoding can write."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream
        self._encoding = narrow_encoding(stream)
        self.encoding = getattr(stream, "encoding", None) or "utf-8"

    def write(self, text: str) -> int:
        if self._stream is not None:
            try:
                self._stream.write(writable(text, self._encoding))
            except (OSError, ValueError):
                self._give_up()
        return len(text)

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self._stream is not None:
            try:
                self._stream.flush()
            except (OSError, ValueError):
                self._give_up()

    def _give_up(self) -> None:
        """Say nothing more there; what its buffer holds goes to the null device, rather than
        failing once more when Python flushes it at exit."""
        if self._stream is not None:
            discard_output(self._stream)
        self._stream = None

    def isatty(self) -> bool:
        try:
            return self._stream is not None and self._stream.isatty()
        except (OSError, ValueError):
            return False

    def fileno(self) -> int:
        if self._stream is None:
            raise io.UnsupportedOperation("standard error is closed")
        return self._stream.fileno()

    def close(self) -> None:
        """Leave the stream open: it is the process's, put back when the command ends."""


@contextmanager
def standard_streams() -> Iterator[tuple[TextIO, TextIO | None]]:
    """Put the stand-ins in place of ``sys.stdin``, ``sys.stdout`` and ``sys.stderr`` for the
    block, and the originals back after it; yield the guarded standard output and the original
    one (``None`` where it is closed)."""
    originals = sys.stdin, sys.stdout, sys.stderr
    guarded = guard_output(originals[1])
    if originals[0] is None:
        sys.stdin = cast(TextIO, _ClosedInput())
    sys.stdout = guarded
    sys.stderr = cast(TextIO, _StandardError(originals[2]))
    try:
        yield guarded, originals[1]
    finally:
        sys.stdin, sys.stdout, sys.stderr = originals


def ask(prompt: str) -> str:
    """One line typed after ``prompt``, without its newline, as ``input`` reads it (with line
    editing on a terminal), but from a file or a pipe at most
    :data:`~fourinarow.core.lines.LINE_LIMIT` characters.

    Raises:
        EOFError: the input has ended.
        InputTooLongError: a line longer than the limit (a terminal's own line is shorter).
        ClosedInputError: standard input is closed.
    """
    if sys.stdin.isatty() and sys.stdout.isatty():
        return input(prompt)
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = read_line(sys.stdin, "standard input")
    if not line:
        raise EOFError
    return line.removesuffix("\n")
