"""Standard output of the command line: a failed write told apart from every other error.

A command writes its results with ``print``; a full disk, an I/O error or a standard output the
shell closed (``>&-``, where Python's ``sys.stdout`` is ``None`` and ``print`` writes nothing)
must end the command in one line on standard error, not in a traceback, nor in exit status 0
with the output lost. :func:`guard_output` wraps standard output so that such a write raises
:class:`OutputError`, which the command line reports; a reader that went away (``| head``)
still raises ``BrokenPipeError``, which ends the command quietly.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TextIO, cast

__all__ = ["OutputError", "color_wanted", "discard_output", "guard_output", "guarded_stdout"]

CLOSED = "standard output is closed"
"""The reason given when there is no standard output to write to."""


class OutputError(Exception):
    """Standard output could not be written (closed, a full disk, an I/O error): the reason."""


class _GuardedOutput:
    """A text stream that passes everything to ``stream`` and turns its write errors into
    :class:`OutputError` (a ``BrokenPipeError`` passes as it is); ``None`` is a closed one."""

    def __init__(self, stream: TextIO | None) -> None:
        self._stream = stream

    def _open(self) -> TextIO:
        if self._stream is None:
            raise OutputError(CLOSED)
        return self._stream

    def write(self, text: str) -> int:
        stream = self._open()
        try:
            return stream.write(text)
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as error:
            failure = _output_error(stream, error)
            if failure is None:
                raise
            raise failure from error

    def writelines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        if self._stream is None:
            return  # nothing was written, so nothing is lost
        try:
            self._stream.flush()
        except BrokenPipeError:
            raise
        except (OSError, ValueError) as error:
            failure = _output_error(self._stream, error)
            if failure is None:
                raise
            raise failure from error

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
