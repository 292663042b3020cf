"""Checks of arguments at the public boundary, shared by the core and the layers above it.

A caller may pass anything: ``None``, a ``bool`` (an ``int`` to Python, but never a column or a
size here), bytes, a float, an int too long for ``str()``. These helpers turn each into a whole
number or a typed error, and show any value in a message on one short line.

>>> from fourinarow.core.errors import InvalidBoardSizeError
>>> whole_number(7, "width", InvalidBoardSizeError)
7
>>> shown(10**5000), shown(-(2**64))
('an integer of 16610 bits', 'a negative integer of 65 bits')
>>> shown("4" * 100)
"'44444444444444444444444444444444444444444444444444444444..."
"""

from __future__ import annotations

import difflib
import math
import operator
from collections.abc import Iterable

from fourinarow.core.errors import FourInARowError

__all__ = ["did_you_mean", "finite_number", "shown", "whole_number"]

_SHOWN_LENGTH = 60
"""The longest a value is shown in a message, in characters."""


def shown(value: object, limit: int = _SHOWN_LENGTH) -> str:
    """A one-line ``repr`` of ``value`` for an error message, cut to ``limit`` characters,
    even for an int too long for ``str()`` (which raises past 4300 digits) or a text of a
    million characters."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return f"{'a negative' if value < 0 else 'an'} integer of {value.bit_length()} bits"
    try:
        text = repr(value)
    except ValueError:  # a container holding an int too long for str()
        text = f"a {type(value).__name__} holding an integer too long to show"
    if len(text) > limit:
        text = text[: limit - 3] + "..."
    return text


def whole_number(value: object, what: str, error: type[FourInARowError]) -> int:
    """``value`` as an ``int``, or ``error`` when it is not a whole number (a ``bool``, a
    float, text and the like are refused; NumPy's integers are accepted)."""
    if not isinstance(value, bool):
        try:
            return int(operator.index(value))  # type: ignore[arg-type]
        except TypeError:
            pass
    raise error(f"{what} must be a whole number, not {shown(value)}")


def finite_number(value: object) -> bool:
    """True for an ``int`` or ``float`` (not a ``bool``) that is a finite float.

    >>> finite_number(2.5), finite_number(True), finite_number(float("nan")), finite_number(10**400)
    (True, False, False, False)
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        return False
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float
        return False


def did_you_mean(word: str, accepted: Iterable[str]) -> str:
    """``" (did you mean 'play'?)"``: the one of ``accepted`` closest to ``word`` (a mistyped
    name), for the message that refuses it; ``""`` when none is close.

    >>> did_you_mean("pley", ["play", "show"]), did_you_mean("deepblue", ["play", "show"])
    (" (did you mean 'play'?)", '')
    """
    close = difflib.get_close_matches(word, list(accepted), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""
