"""Hypothesis strategies for the library's API tests: values of any type, and the one check
that a public call either works or raises a ``FourInARowError``.

The values are the ones a careless caller, a JSON document or a NumPy array hands over: None,
bools (an ``int`` subclass, refused wherever a number is meant), bytes, text (with digits that
are not ASCII), floats (NaN, infinities, whole floats), huge ints (beyond 64 bits, and beyond
the 4300 digits ``str()`` will print), negative ints, lists, and plain objects.
"""

from __future__ import annotations

import fractions
from collections.abc import Callable
from decimal import Decimal
from typing import Any

from hypothesis import strategies as st

from fourinarow.core import FourInARowError

__all__ = [
    "HUGE_INTS",
    "STRANGE_TEXT",
    "anything",
    "call",
    "numbers",
    "texts",
]

HUGE_INTS = (2**31, 2**63, 2**64, -(2**63) - 1, 10**30, 10**400, 10**5000, -(10**5000))
"""Ints too large for C, for a float, or for ``str()`` (over 4300 digits)."""

STRANGE_TEXT = (
    "",
    " ",
    "\n",
    "\x00",
    "4",
    "4455",
    "-1",
    "+1",
    "0",
    "1_0",
    "0x10",
    "1e3",
    "nan",
    "inf",
    "10,3",
    "1,,2",
    "٤",  # Arabic-Indic four
    "²",
    "④",
    "\uff14",  # full-width four
    "\U0001d7d2",  # mathematical bold four
    "4" * 5000,
    "1," + "9" * 5000,
)
"""Text that looks like numbers, and is not, or not one a board can hold."""


def numbers() -> st.SearchStrategy[object]:
    """Anything numeric: small, negative and huge ints, bools, floats of every kind, exact
    numbers of other types."""
    return st.one_of(
        st.integers(min_value=-3, max_value=25),
        st.integers(),
        st.sampled_from(HUGE_INTS),
        st.booleans(),
        st.floats(),
        st.sampled_from([float("nan"), float("inf"), -float("inf"), 3.0, -0.0, 0.5, 1e308]),
        st.decimals(),
        st.fractions(),
        st.sampled_from([Decimal(4), fractions.Fraction(4, 1), 3 + 0j]),
    )


def texts() -> st.SearchStrategy[object]:
    """Text of every kind, and bytes."""
    return st.one_of(st.text(max_size=12), st.sampled_from(STRANGE_TEXT), st.binary(max_size=8))


def anything() -> st.SearchStrategy[object]:
    """A value of any type a caller might pass by mistake (or on purpose)."""
    scalars = st.one_of(st.none(), numbers(), texts(), st.builds(object))
    return st.one_of(
        scalars,
        st.lists(st.integers(min_value=-2, max_value=9), max_size=8),
        st.lists(scalars, max_size=4),
        st.tuples(scalars, scalars),
        st.dictionaries(st.integers(-2, 9), scalars, max_size=3),
    )


def call(function: Callable[..., Any], *args: object, **kwargs: object) -> Any:
    """Call ``function``; return its result, or ``None`` if it raised a ``FourInARowError``
    whose message is one line. Any other exception fails the test that called it.
    """
    try:
        return function(*args, **kwargs)
    except FourInARowError as error:
        message = str(error)
    assert message, "a FourInARowError without a message"
    assert "\n" not in message, f"a message of more than one line: {message!r}"
    return None
