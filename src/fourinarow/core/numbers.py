"""Numbers as users type them (option values, agent options): ASCII digits, in a stated range.

The one rule for numbers typed by users, the same as for moves in positions: digits are the ASCII
``0``-``9`` only. Python's ``int()`` and ``float()`` also read the digits of other scripts
(``int("٤")`` is 4, and so are the full-width digits), words (``inf``, ``nan``) and
``int("1_000")``; none of them is a number here. Every number also has a range, which an error
message names: a value outside it (``1e400``, ``10**30``) is refused rather than passed on to a
table allocation or a compiled kernel.

>>> parse_int("7", 1, 20), parse_float("2.5", 0, 10)
(7, 2.5)
>>> parse_int("٤", 1, 20)
Traceback (most recent call last):
    ...
fourinarow.core.numbers.InvalidNumberError: '٤' is not a whole number: write one from 1 to 20 \
in the digits 0-9
"""

from __future__ import annotations

import re

from fourinarow.core.errors import FourInARowError

__all__ = ["InvalidNumberError", "number_text", "parse_float", "parse_int"]

_WHOLE = re.compile(r"[+-]?[0-9]+", re.ASCII)
_DECIMAL = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?", re.ASCII)


class InvalidNumberError(FourInARowError):
    """Text that is not a number written in ASCII digits, or a number outside its range."""


def number_text(value: float) -> str:
    """A bound as a message writes it: whole numbers in full, others as ``str`` does.

    >>> number_text(86_400_000.0), number_text(1.4), number_text(10**18)
    ('86400000', '1.4', '1000000000000000000')
    """
    if isinstance(value, int) or (value.is_integer() and abs(value) < 2**53):
        return str(int(value))
    return str(value)


def _range(low: float, high: float, *, above_low: bool) -> str:
    if above_low:
        return f"above {number_text(low)} and at most {number_text(high)}"
    return f"from {number_text(low)} to {number_text(high)}"


def _cut(text: str) -> str:
    """``text``, cut for a message when it is long."""
    return text if len(text) <= 20 else text[:10] + "..."


def _quoted(text: object) -> str:
    """``repr(text)`` for a message, cut when it is long."""
    return repr(_cut(text)) if isinstance(text, str) else type(text).__name__


def _check(shown: str, value: float, low: float, high: float, *, above_low: bool) -> None:
    """Raise if ``value`` lies outside the range (``shown`` is how the user wrote it)."""
    accepted = _range(low, high, above_low=above_low)
    if above_low and not value > low:
        raise InvalidNumberError(f"{shown} is too small: it must be {accepted}")
    if value < low:
        raise InvalidNumberError(f"{shown} is below {number_text(low)}: it must be {accepted}")
    if value > high:
        raise InvalidNumberError(f"{shown} is above {number_text(high)}: it must be {accepted}")


def parse_int(text: str, low: int, high: int) -> int:
    """The whole number ``text`` writes, which must lie from ``low`` to ``high``.

    Accepted: ASCII digits with an optional sign, spaces around them.

    Raises:
        InvalidNumberError: ``text`` is not a string of that form, or the number is out of
            range; the message names the range.

    >>> parse_int(" +12 ", 1, 20)
    12
    >>> parse_int("1" * 5000, 1, 20)
    Traceback (most recent call last):
        ...
    fourinarow.core.numbers.InvalidNumberError: 1111111111... is above 20: it must be from 1 to 20
    """
    word = text.strip() if isinstance(text, str) else ""
    if not _WHOLE.fullmatch(word):
        raise InvalidNumberError(
            f"{_quoted(text)} is not a whole number: write one from {low} to {high} in the "
            "digits 0-9"
        )
    shown = _cut(word)
    digits = word.lstrip("+-").lstrip("0")
    if len(digits) > len(str(max(abs(low), abs(high)))):
        # More digits than either bound: out of range, and not converted (int() refuses
        # thousands of digits).
        value = low - 1 if word.startswith("-") else high + 1
    else:
        value = int(word)
    _check(shown, value, low, high, above_low=False)
    return value


def parse_float(text: str, low: float, high: float, *, above_low: bool = False) -> float:
    """The number ``text`` writes (a decimal fraction or exponent allowed), which must lie from
    ``low`` (or above it, with ``above_low``) to ``high``.

    Accepted: ASCII digits, an optional sign, decimal point and exponent (``2``, ``0.5``,
    ``1e3``), spaces around them; not ``inf`` or ``nan``.

    Raises:
        InvalidNumberError: ``text`` is not a string of that form, or the number is out of
            range (``1e400`` is above every range); the message names the range.

    >>> parse_float("1e3", 0, 5000), parse_float(".5", 0, 1, above_low=True)
    (1000.0, 0.5)
    """
    word = text.strip() if isinstance(text, str) else ""
    if not _DECIMAL.fullmatch(word):
        raise InvalidNumberError(
            f"{_quoted(text)} is not a number: write one {_range(low, high, above_low=above_low)} "
            "in the digits 0-9"
        )
    shown = _cut(word)
    value = float(word)  # an exponent too large reads as infinity, above every range
    _check(shown, value, low, high, above_low=above_low)
    return value
