"""Warnings before work that may not finish: perfect play, or a solve, without an opening book
and without a limit on a board where proving a position can take hours.

Each is one line on standard error, said once, before the work starts; the work then goes on
as asked (Ctrl-C stops it).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from fourinarow.agents.levels import LEVELS
from fourinarow.agents.registry import parse_spec
from fourinarow.search.book.default import has_default_book
from fourinarow.search.solver import compiled_kernel_available

if TYPE_CHECKING:
    from fourinarow.core import Board
    from fourinarow.tournament.schedule import Settings

__all__ = [
    "QUICK_EMPTY_CELLS",
    "QUICK_EMPTY_CELLS_PURE_PYTHON",
    "may_take_long",
    "warn_if_unbounded",
    "warn_if_unbounded_solve",
]

QUICK_EMPTY_CELLS = 36
"""The most empty cells of a position the compiled solver proves in seconds without a book
(the empty 6x6 and 7x5 boards: about 5 s; 7x6, 42 cells, takes minutes; 8x7, hours)."""

QUICK_EMPTY_CELLS_PURE_PYTHON = 24
"""The same for the solver in pure Python, one to two hundred times slower."""


def may_take_long(empty_cells: int) -> bool:
    """Whether proving a position with ``empty_cells`` empty cells, without an opening book,
    may take more than a few seconds (minutes, or hours) with the solver installed here.

    >>> may_take_long(20), may_take_long(56)
    (False, True)
    """
    quick = QUICK_EMPTY_CELLS if compiled_kernel_available() else QUICK_EMPTY_CELLS_PURE_PYTHON
    return empty_cells > quick


def _plays_perfectly_unbounded(spec: str) -> str | None:
    """The book option (``shipped``, ``none`` or a path) of ``spec`` when it is, or a level
    stands for, the perfect player with no clock of its own; else ``None``. The spec has been
    checked (the tournament's settings build every agent first)."""
    name, options = parse_spec(spec)
    if name == "level":
        level = LEVELS.get(int(options.get("level", "5")))
        if level is None or level.seconds is not None:
            return None
        name, options = parse_spec(level.spec)
    if name != "perfect":
        return None
    return options.get("book", "shipped")


def warn_if_unbounded(command: str, settings: Settings) -> None:
    """Warn (one line on standard error) when an agent of a match or tournament plays
    perfectly with no time limit (no ``--time-ms``) and no opening book on a board where its
    moves may take hours: the games would seem to stand still at 0 done."""
    if settings.time is not None:
        return
    width, height, connect = settings.width, settings.height, settings.connect
    if not may_take_long(width * height - settings.opening_plies):
        return
    for spec in settings.agents:
        book = _plays_perfectly_unbounded(spec)
        if book is None or book.lower() not in ("none", "shipped"):
            continue  # not perfect, or with a book file of its own
        if book.lower() == "shipped" and has_default_book(width, height, connect):
            continue
        print(
            f"fourinarow {command}: warning: {spec} plays perfectly with no time limit, and "
            f"{width}x{height} connect {connect} has no opening book: one move may take hours; "
            "give --time-ms (such as --time-ms 2000) to bound each move",
            file=sys.stderr,
            flush=True,
        )
        return


def warn_if_unbounded_solve(board: Board) -> None:
    """Warn (one line on standard error) before ``solve`` proves ``board`` with no limit and no
    opening book, when its empty cells may take hours."""
    empty_cells = board.width * board.height - board.ply
    if not may_take_long(empty_cells):
        return
    print(
        f"fourinarow solve: warning: {board.width}x{board.height} connect {board.connect} has "
        "no opening book, so "
        f"a position with {empty_cells} empty cells may take hours to prove; --time-ms or "
        "--max-nodes bound each search, and Ctrl-C prints what is proven so far",
        file=sys.stderr,
        flush=True,
    )
