"""Choosing among equally good columns: at random, nearest the centre, or leftmost."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal

from fourinarow.agents.base import InvalidAgentSpecError
from fourinarow.core import Column

__all__ = [
    "TIE_BREAKS",
    "InvalidTieBreakError",
    "TieBreak",
    "adopt_tie_break",
    "break_tie",
    "preference_order",
    "tie_break_policy",
]

TieBreak = Literal["random", "centre", "leftmost"]
"""A tie-break policy: a random column, the centre-most, or the leftmost."""

TIE_BREAKS: tuple[TieBreak, ...] = ("random", "centre", "leftmost")
"""The accepted tie-break policies (``center`` is read as ``centre``)."""


class InvalidTieBreakError(InvalidAgentSpecError):
    """A tie-break policy that is not one of ``TIE_BREAKS``."""


def tie_break_policy(text: str) -> TieBreak:
    """The policy ``text`` names, case-insensitively; ``center`` is ``centre``.

    Raises:
        InvalidTieBreakError: no such policy.

    >>> tie_break_policy("Center")
    'centre'
    """
    name = text.strip().lower()
    name = "centre" if name == "center" else name
    for policy in TIE_BREAKS:
        if policy == name:
            return policy
    raise InvalidTieBreakError(
        f"unknown tie-break {text!r}; accepted: {', '.join(TIE_BREAKS)} (or center)"
    )


def adopt_tie_break(text: str, rng: random.Random) -> TieBreak:
    """An agent's tie-break policy, read from ``text`` (as :func:`tie_break_policy`), with the
    one draw from ``rng`` (for ``random``) that every agent has made when it is built, so that
    seeded games stay the same from release to release.

    Raises:
        InvalidTieBreakError: no such policy.
    """
    policy = tie_break_policy(text)
    break_tie([0], policy, rng, 1)
    return policy


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
    order = preference_order(columns, policy, width)
    assert order is not None
    return order[0]


def preference_order(columns: Sequence[Column], policy: str, width: int) -> list[Column] | None:
    """``columns`` in the order a deterministic ``policy`` prefers them (so ``break_tie`` takes
    the first of the tied ones in this order), or ``None`` for ``random``, which has none.

    An agent that can test columns one by one can stop at the first good one in this order.

    >>> preference_order([0, 2, 3, 4, 6], "centre", 7)
    [3, 2, 4, 0, 6]
    """
    policy = tie_break_policy(policy)
    if policy == "random":
        return None
    if policy == "centre":
        return sorted(columns, key=lambda c: (abs(2 * c - (width - 1)), c))
    return sorted(columns)
