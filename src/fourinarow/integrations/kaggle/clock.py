"""Time management under Kaggle's clock: the seconds each move may think.

ConnectX gives a move ``actTimeout`` seconds (2), and a move may run past it: the excess is
taken from the game's overage bank (``remainingOverageTime``, 60 s), and the agent loses by
``TIMEOUT`` only when the bank runs dry. :func:`move_seconds` plans each move: ``actTimeout``
less a margin, plus a share of the bank above a reserve, less what the call spent before it
could think.
"""

from __future__ import annotations

import math

__all__ = ["DEFAULT_ACT_TIMEOUT", "MARGIN", "OVERAGE_RESERVE", "OVERAGE_SHARE", "move_seconds"]

DEFAULT_ACT_TIMEOUT = 2.0
"""ConnectX's seconds per move when the configuration does not say."""

MARGIN = 0.4
"""Seconds kept back from ``actTimeout`` (at most a quarter of it) for Kaggle's harness and a
search that stops a little after its limit."""

OVERAGE_RESERVE = 15.0
"""Seconds of the overage bank never planned for: a search that overruns on a slow or busy
machine takes them, rather than losing the game by ``TIMEOUT``."""

OVERAGE_SHARE = 2.0
"""A move may take this many times its fair share of the bank above the reserve (the bank
shared out over the player's moves left): early positions, where solving is hard, get more."""


def move_seconds(act_timeout: float, overage: float, empty_cells: int, spent: float = 0.0) -> float:
    """The seconds to think about a move: ``act_timeout`` less :data:`MARGIN`, plus up to
    :data:`OVERAGE_SHARE` times a fair share of the bank above :data:`OVERAGE_RESERVE` (the bank
    shared over the player's moves left, ``ceil(empty_cells / 2)``), less ``spent`` (what this
    call spent before it could think, such as loading the book); never below zero.

    >>> move_seconds(2, 0, 42), move_seconds(2, 15, 42), move_seconds(2, 60, 42)
    (1.6, 1.6, 5.886)
    >>> move_seconds(2, 60, 2, spent=1.0), move_seconds(2, 0, 42, spent=3.0)
    (45.6, 0.0)
    """
    act_timeout = max(0.0, act_timeout)
    base = act_timeout - min(MARGIN, act_timeout / 4)
    bank = max(0.0, overage - OVERAGE_RESERVE)
    moves_left = max(1, math.ceil(empty_cells / 2))
    extra = min(bank, OVERAGE_SHARE * bank / moves_left)
    return round(max(0.0, base + extra - spent), 3)
