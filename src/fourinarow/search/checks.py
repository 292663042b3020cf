"""Checks of the search layer's public arguments: a board, a limit, a table size, a choice of
kernel; made once at each entry point, never inside a search.

>>> checked_limit(None)
Limit(time=None, depth=None, nodes=None)
>>> table_megabytes(64), kernel_choice(None)
(64, None)
"""

from __future__ import annotations

import math

from fourinarow.core import Board, FourInARowError, GameOverError, InvalidPositionError
from fourinarow.core.checks import shown
from fourinarow.core.machine import available_cores, memory_bytes
from fourinarow.core.numbers import number_text
from fourinarow.search.limit import InvalidLimitError, Limit

__all__ = [
    "MAX_TABLE_MB",
    "MAX_THREADS",
    "InvalidSearchSettingError",
    "TableTooLargeError",
    "checked_board",
    "checked_limit",
    "default_threads",
    "kernel_choice",
    "playable_board",
    "table_megabytes",
    "table_too_large",
    "thread_count",
]

MAX_TABLE_MB = 1 << 20
"""The largest transposition table a search may ask for, in megabytes (a tebibyte), the one
bound for the library, agent specs and ``--tt-mb``; a table larger than the machine's memory is
refused too (:func:`table_too_large`), before anything is allocated."""


MAX_THREADS = 64
"""The most threads one search may run on (the compiled kernel's limit)."""


class InvalidSearchSettingError(FourInARowError):
    """A search setting of the wrong kind or out of range: a table size, a choice of kernel, a
    number of threads."""


class TableTooLargeError(InvalidSearchSettingError):
    """A transposition table larger than this machine's memory."""


def checked_board(board: object) -> Board:
    """``board`` if it is a :class:`~fourinarow.core.Board`, else ``InvalidPositionError``."""
    if not isinstance(board, Board):
        raise InvalidPositionError(f"a position is a Board, not {shown(board)}")
    return board


def playable_board(board: object, doing: str) -> Board:
    """``board`` if it is a :class:`~fourinarow.core.Board` whose game goes on.

    Raises:
        InvalidPositionError: it is not a board.
        GameOverError: the game is over (``doing`` says what cannot be done then).
    """
    board = checked_board(board)
    if board.is_game_over():
        raise GameOverError(
            f"the game is over at {board.to_moves() or 'the empty board'!r}: {doing}"
        )
    return board


def checked_limit(limit: object) -> Limit:
    """``limit`` if it is a :class:`Limit`, ``Limit()`` (no bound) for ``None``.

    Raises:
        InvalidLimitError: anything else (a number of seconds is ``Limit(time=seconds)``).
    """
    if limit is None:
        return Limit()
    if not isinstance(limit, Limit):
        raise InvalidLimitError(
            f"a limit is a Limit(time=..., depth=..., nodes=...) or None, not {shown(limit)}"
        )
    return limit


def table_megabytes(tt_mb: object) -> float:
    """A transposition table's size in megabytes: a number above 0, at most ``MAX_TABLE_MB``
    and at most this machine's memory.

    Raises:
        InvalidSearchSettingError: anything else (a ``bool``, text, NaN, infinity).
        TableTooLargeError: a table larger than this machine's memory (see
            :func:`table_too_large`).
    """
    if (
        isinstance(tt_mb, bool)
        or not isinstance(tt_mb, int | float)
        or not 0 < tt_mb <= MAX_TABLE_MB  # False for NaN
    ):
        raise InvalidSearchSettingError(
            f"tt_mb is a number of megabytes above 0 and at most {MAX_TABLE_MB}, not {shown(tt_mb)}"
        )
    assert math.isfinite(tt_mb)
    problem = table_too_large(tt_mb)
    if problem:
        raise TableTooLargeError(f"tt_mb={number_text(tt_mb)}: {problem}")
    return tt_mb


def table_too_large(megabytes: float, tables: int = 1) -> str | None:
    """Why ``tables`` transposition tables of ``megabytes`` each cannot be had on this machine
    (together they are more than its memory, a container's limit counted), or ``None`` when they
    fit or the machine's memory is not known. Checked before a table is allocated, so that
    a size the machine cannot hold is an error in words rather than a ``MemoryError``, or a
    process the system kills when the table fills.

    >>> table_too_large(1), table_too_large(2**60) is not None
    (None, True)
    """
    memory = memory_bytes()
    if memory is None or megabytes * tables * 2**20 <= memory:
        return None
    most = math.floor(memory / 2**20 / tables)
    if tables == 1:
        return (
            f"a table of {number_text(megabytes)} MB is more than this machine's memory "
            f"({memory >> 20} MB); ask for at most {most} MB"
        )
    return (
        f"{tables} tables of {number_text(megabytes)} MB are more than this machine's memory "
        f"({memory >> 20} MB); ask for at most {most} MB each"
    )


def kernel_choice(use_kernel: object) -> bool | None:
    """``use_kernel`` if it is ``True``, ``False`` or ``None``.

    Raises:
        InvalidSearchSettingError: anything else.
    """
    if use_kernel is not None and not isinstance(use_kernel, bool):
        raise InvalidSearchSettingError(
            "use_kernel is True (require the compiled kernel), False (pure Python) or None "
            f"(the kernel where it fits), not {shown(use_kernel)}"
        )
    return use_kernel


def default_threads() -> int:
    """The cores this process may run on (at most :data:`MAX_THREADS`): the default of
    ``fourinarow solve --threads``. The library's default stays one thread, so that node counts,
    and results under node or time limits, repeat from run to run."""
    return max(1, min(MAX_THREADS, available_cores()))


def thread_count(threads: object) -> int:
    """``threads`` if it is a whole number from 1 to :data:`MAX_THREADS`.

    Raises:
        InvalidSearchSettingError: anything else (a ``bool``, a float, text, 0).
    """
    if isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= MAX_THREADS:
        raise InvalidSearchSettingError(
            f"threads is a whole number from 1 to {MAX_THREADS}, not {shown(threads)}"
        )
    return threads
