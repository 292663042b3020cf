"""Choosing among equally good columns: at random, nearest the centre, or leftmost."""

from __future__ import annotations

import random
from collections.abc import Sequence

from fourinarow.core import Column

__all__ = ["TIE_BREAKS", "InvalidTieBreakError", "break_tie"]

TIE_BREAKS = ("random", "centre", "leftmost")
"""The accepted tie-break policies."""


class InvalidTieBreakError(ValueError):
    """A tie-break policy that is not one of ``TIE_BREAKS``."""


def break_tie(columns: Sequence[Column], policy: str, rng: random.Random, width: int) -> Column:
    """One of ``columns`` (not empty) by ``policy``.

    ``centre`` takes the column nearest the middle, the left one of two equally near; ``random``
    draws with ``rng``, so a seeded ``rng`` gives the same choice for the same columns.

    >>> break_tie([0, 2, 5], "centre", random.Random(1), 7)
    2
    >>> break_tie([4, 2], "leftmost", random.Random(1), 7)
    2
    """
    if not columns:
        raise ValueError("no columns to choose from")
    if policy == "random":
        return rng.choice(sorted(columns))
    if policy == "centre":
        return min(columns, key=lambda c: (abs(2 * c - (width - 1)), c))
    if policy == "leftmost":
        return min(columns)
    raise InvalidTieBreakError(f"unknown tie-break {policy!r}; accepted: {', '.join(TIE_BREAKS)}")
