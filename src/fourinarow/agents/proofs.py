"""Prove, then estimate: every column of a position valued within a limit, by proof where the
solver gets there and by the heuristic engine's estimates elsewhere.

Within a time or node limit the solver narrows every column's bounds together (searches of
growing size, column after column, each pass larger than the last) for :data:`PROOF_SHARE` of
the limit, so that an easy column is proven even when a hard one would take the whole limit;
the engine then deepens on the position for the rest, and every column not proven gets an
estimate (:func:`~fourinarow.search.estimates.estimate_open_columns`). Without a time or node
limit every column is proven exactly.

The perfect agent's analysis, hints, ``fourinarow analyze`` and each position of a review all
value columns this way (the application layer, :mod:`fourinarow.service`, is the front ends'
door to it).

>>> from fourinarow.search.solver import Solver
>>> prove_then_estimate(Board.from_moves("445566"), Solver(tt_mb=8)).labels()
('17', '17', '18', '17', '17', '17', '18')
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from fourinarow.core import Board, Column, FourInARowError
from fourinarow.search.book import Book, default_book_plies
from fourinarow.search.checks import checked_board, checked_limit, playable_board
from fourinarow.search.engine_search import Engine
from fourinarow.search.estimates import estimate_open_columns
from fourinarow.search.limit import MAX_NODES, Limit
from fourinarow.search.scores import ColumnValues
from fourinarow.search.solver import Solver

__all__ = ["PROOF_SHARE", "book_reach", "narrow_columns", "prove_then_estimate"]

PROOF_SHARE = 0.75
"""The share of an analysis's time or nodes that goes to proofs (the solver narrowing every
column); the engine's estimates get the rest."""

NOTHING_TO_VALUE = "there is no column to value"  # what a finished game's error says

FIRST_PASS_NODES = 20_000
"""The node budget of each column's first search when narrowing within a limit."""

GROWTH = 4
"""Each later pass of the narrowing allows this many times more nodes per column."""

Bounds = dict[Column, tuple[int, int]]
"""Proven ``(lower, upper)`` values per column reached, for the side to move."""

Publish = Callable[[ColumnValues], object]
"""Called with what the analysis has found so far, after each column's search."""


def narrow_columns(
    solver: Solver,
    board: Board,
    limit: Limit,
    start: float,
    *,
    until_best: bool = False,
    publish: Publish | None = None,
) -> tuple[Bounds, int]:
    """Narrow every column's bounds by searches of growing size, within ``limit`` (counted
    from ``start``, a ``time.perf_counter()`` value).

    Stops when the best column is proven (``until_best``) or every column is exact, or when
    the time or nodes run out. ``publish``, if given, is called with every column's bounds
    so far after each search. Returns the bounds found (columns not reached are missing) and
    the nodes searched.

    Raises:
        InvalidPositionError: ``board`` is not a board.
        GameOverError: the game is over.
        InvalidLimitError: ``limit`` is not a ``Limit``.
    """
    board = playable_board(board, NOTHING_TO_VALUE)
    limit = checked_limit(limit)
    return _narrow_checked(solver, board, limit, start, until_best=until_best, publish=publish)


def _narrow_checked(
    solver: Solver,
    board: Board,
    limit: Limit,
    start: float,
    *,
    until_best: bool = False,
    publish: Publish | None = None,
) -> tuple[Bounds, int]:
    """:func:`narrow_columns` of arguments already checked: the solver's searches of each
    pass check nothing either."""
    bounds: Bounds = {}
    nodes = 0
    per_search = FIRST_PASS_NODES
    child = board.copy()
    wins = set(board.winning_moves())
    while True:
        for column in board.legal_moves:
            if column in bounds and bounds[column][0] == bounds[column][1]:
                continue
            left = limit.remaining(start)
            allowed = per_search if left.nodes is None else min(per_search, left.nodes - nodes)
            if (left.time is not None and left.time <= 0) or allowed <= 0:
                return bounds, nodes
            child.push(column)
            if column in wins:
                low = high = (board.width * board.height + 1 - board.ply) // 2
            elif child.is_game_over():  # the last cell, filled without a line
                low = high = 0
            else:
                found = solver._solve_checked(child, Limit(left.time, nodes=allowed))
                nodes += found.nodes
                low, high = -found.upper, -found.lower  # the opponent's view, turned
            child.pop()
            if column in bounds:  # every search's bounds are proven: keep the tightest
                low, high = max(low, bounds[column][0]), min(high, bounds[column][1])
            bounds[column] = (low, high)
            if publish is not None:
                so_far = [bounds.get(c) for c in range(board.width)]
                publish(ColumnValues.from_bounds(so_far, board, nodes=nodes))
            if solver.stopping:  # every later search would return at once
                return bounds, nodes
        if len(bounds) == len(board.legal_moves):
            if all(lo == hi for lo, hi in bounds.values()):
                return bounds, nodes
            if until_best and proven_best(bounds):
                return bounds, nodes
        per_search = min(per_search * GROWTH, MAX_NODES)


def proven_best(bounds: Bounds) -> bool:
    """True when some column's exact value is known and no other column can beat it."""
    best = max(low for low, _ in bounds.values())
    proven = any(low == high == best for low, high in bounds.values())
    return proven and all(high <= best for _, high in bounds.values())


def prove_then_estimate(
    board: Board,
    solver: Solver,
    limit: Limit | None = None,
    engine: Engine | None = None,
    *,
    publish: Publish | None = None,
) -> ColumnValues:
    """Every column of ``board`` valued for the side to move, as if it played there.

    Without a time or node limit every value is exact
    (:meth:`~fourinarow.search.solver.Solver.analyze`), and so is
    every value of a position inside the shape's opening book, whatever the limit. Within one,
    ``solver`` narrows every column's bounds together for up to
    ``PROOF_SHARE`` of it;
    the heuristic ``engine`` (one for the board's shape; ``None``: proofs only) then deepens
    on the position for the rest (at least half of its share, should the proofs overrun
    theirs), and every column not proven gets an ``Estimate`` from it: exact values and
    bounds that settle the result stay as they are. A column is ``not searched`` only when
    not even the engine's first ply fitted. ``publish`` is called with what is found so far
    (see ``narrow_columns``).

    Raises:
        InvalidPositionError: ``board`` is not a board.
        GameOverError: the game is over.
        InvalidLimitError: ``limit`` is neither a ``Limit`` nor ``None``.
    """
    board = playable_board(board, NOTHING_TO_VALUE)
    return _prove_then_estimate_checked(
        board, solver, checked_limit(limit), engine, publish=publish
    )


def _prove_then_estimate_checked(
    board: Board,
    solver: Solver,
    limit: Limit,
    engine: Engine | None = None,
    *,
    publish: Publish | None = None,
) -> ColumnValues:
    """:func:`prove_then_estimate` of arguments already checked (a board whose game goes on,
    a ``Limit``): what the perfect agent's analysis calls once it has checked its own."""
    if limit.time is None and limit.nodes is None:
        return solver._analyze_checked(board, limit)
    if board.ply < _book_reach(board, solver):  # the book answers every column: no search
        return solver._analyze_checked(board, limit)
    start = time.perf_counter()
    proving = Limit(
        None if limit.time is None else limit.time * PROOF_SHARE,
        nodes=None if limit.nodes is None else max(1, int(limit.nodes * PROOF_SHARE)),
    )
    bounds, nodes = _narrow_checked(solver, board, proving, start, publish=publish)
    found = [bounds.get(c) for c in range(board.width)]
    proven = ColumnValues.from_bounds(found, board, nodes=nodes)
    if engine is None:
        return replace(proven, elapsed=time.perf_counter() - start)
    rest = limit.remaining(start)
    if limit.time is not None and rest.time is not None:  # proofs may overrun a little
        rest = replace(rest, time=max(rest.time, limit.time * (1 - PROOF_SHARE) / 2))
    if limit.nodes is not None:
        rest = replace(rest, nodes=max(1, limit.nodes - nodes))
    return estimate_open_columns(proven, engine, board, rest, start)


def book_reach(board: Board, solver: Solver | None = None) -> int:
    """The stones below which ``solver``'s opening book (by default, the shape's default
    book) answers a position at once (its children are in the book): the book's depth where
    the compiled kernel searches ``board``'s shape, else 0 (no book, as for a damaged one).

    >>> book_reach(Board()) > 0, book_reach(Board(8, 7)), book_reach(Board(), Solver(book=False))
    (True, 0, 0)
    """
    solver = solver if solver is not None else Solver(tt_mb=1)
    return _book_reach(checked_board(board), solver)


def _book_reach(board: Board, solver: Solver) -> int:
    """:func:`book_reach` of a board already checked."""
    choice = solver.book_choice
    if not choice or solver._backend(board.geometry) != "compiled":
        return 0
    if isinstance(choice, Book):
        shape = (choice.width, choice.height, choice.connect)
        return choice.plies if shape == (board.width, board.height, board.connect) else 0
    try:
        plies = default_book_plies(board.width, board.height, board.connect)
    except FourInARowError:  # a damaged default book: the solver goes without it
        return 0
    return 0 if plies is None else plies
