"""The numbers the compiled kernels and their pure-Python twins must agree on, in one place.

The Python searches (``python_solver.py``, ``heuristic.py``, ``evaluation.py``, ``deepening.py``)
import these names; the compiled kernels (``_solver_kernel.pyx``, ``_heuristic_kernel.pyx``) read
them when they are imported, except the few they need as C compile-time constants in their innermost
loops (``SOLVER_CHECK_EVERY``, ``HEURISTIC_CHECK_EVERY``, ``NO_LOWER``, ``NO_UPPER``), which they
repeat and ``tests/search/test_constants.py`` checks against this module. Changing a value here
changes both twins' node counts alike; rebuild the kernels afterwards.

>>> FORCED < WIN < INFINITY
True
"""

from __future__ import annotations

__all__ = [
    "ETC_PLIES",
    "FORCED",
    "HASH_MULTIPLIER",
    "HEURISTIC_CHECK_EVERY",
    "INFINITY",
    "MAX_TABLE_BITS",
    "MIN_TABLE_BITS",
    "NEAR_BITS",
    "NEAR_EMPTIES",
    "NO_LOWER",
    "NO_UPPER",
    "PYTHON_HEURISTIC_CHECK_EVERY",
    "PYTHON_SOLVER_CHECK_EVERY",
    "RIVEST_TO_MOVE_BONUS",
    "SOLVER_CHECK_EVERY",
    "SYMMETRY_PLIES",
    "TABLE_MIN_EMPTIES",
    "WIN",
    "WINDOW_CENTRE_WEIGHT",
    "solver_column_order",
]

# ------------------------------------------------------------------- the perfect solver

SOLVER_CHECK_EVERY = 1023
"""The solver looks at its clock and node limit when ``nodes & SOLVER_CHECK_EVERY == 0``."""

PYTHON_SOLVER_CHECK_EVERY = 7
"""The pure-Python solver looks at its clock every 8 nodes: a node costs it a thousand times
what it costs the kernel (up to ~1 ms on a 20x20 board), and a look at the clock far less."""

NO_LOWER = -128
"""The lower bound stored for "no lower bound" (below every score of a 64-bit board)."""

NO_UPPER = 127
"""The upper bound stored for "no upper bound"."""

MIN_TABLE_BITS = 16
"""The smallest main transposition table: ``2**16`` slots."""

MAX_TABLE_BITS = 40
"""The largest main transposition table: ``2**40`` slots."""

SYMMETRY_PLIES = 16
"""Positions with fewer stones are keyed as the smaller of themselves and their mirror image."""

ETC_PLIES = 28
"""Enhanced transposition cut-offs in positions with fewer stones than this."""

TABLE_MIN_EMPTIES = 5
"""Positions with fewer empty cells than this skip the tables: cheaper to search again."""

NEAR_BITS = 18
"""The near-leaf table has ``2**18`` slots (2 MB in the kernel, about a core's L2 cache)."""

NEAR_EMPTIES = 22
"""Positions with at most this many empty cells use the near-leaf table."""

HASH_MULTIPLIER = 0x9E3779B97F4A7C15
"""The odd constant that hashes a 64-bit key (a bijection on 64-bit words); both searches'
tables take the hash's top bits as the slot."""


def solver_column_order(width: int) -> list[int]:
    """The solver's column order for equal threat counts: centre first, then left, right, ...

    >>> solver_column_order(7)
    [3, 2, 4, 1, 5, 0, 6]
    """
    return [width // 2 + (1 - 2 * (i % 2)) * ((i + 1) // 2) for i in range(width)]


# ------------------------------------------------------------- the heuristic searches

HEURISTIC_CHECK_EVERY = 1023
"""The heuristic searches look at the clock and node limit when ``nodes & 1023 == 0``."""

PYTHON_HEURISTIC_CHECK_EVERY = 0
"""The pure-Python heuristic searches look at the clock at every node (mask 0): an evaluation
there costs up to ~1 ms on large boards, a look at the clock well under a microsecond."""

WIN = 1_000_000_000
"""The score of a win on the next move; a win ``plies`` plies ahead scores ``WIN - plies``.
Every evaluation stays far below it."""

FORCED = WIN - 1000
"""Scores beyond this (either way) are wins or losses the search has proven, not evaluations."""

INFINITY = WIN + 1
"""Above every score: the open end of a search window."""

WINDOW_CENTRE_WEIGHT = 3
"""The ``window`` evaluation's score for each own stone in the centre column(s)."""

RIVEST_TO_MOVE_BONUS = 16
"""The ``rivest`` evaluation's score for having the move."""
