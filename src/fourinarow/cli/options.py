"""Command-line option types shared by the subcommands."""

from __future__ import annotations

import argparse
import re

from fourinarow.core import MAX_SIDE

__all__ = ["board_size", "non_negative_number", "positive_int", "positive_number"]

_SIZE = re.compile("^\\s*(\\d+)\\s*[xX\N{MULTIPLICATION SIGN}]\\s*(\\d+)\\s*$")


def board_size(text: str) -> tuple[int, int]:
    """Parse ``WxH`` (for example ``7x6``) into ``(width, height)`` for argparse.

    >>> board_size("8x7")
    (8, 7)
    """
    match = _SIZE.match(text)
    if not match:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a board size: write WIDTHxHEIGHT, such as 7x6"
        )
    width, height = int(match[1]), int(match[2])
    for name, value in (("width", width), ("height", height)):
        if not 1 <= value <= MAX_SIDE:
            raise argparse.ArgumentTypeError(
                f"{name} {value} is out of range: width and height go from 1 to {MAX_SIDE}"
            )
    return width, height


def positive_int(text: str) -> int:
    """Parse a whole number of at least 1 for argparse."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} is too small: it must be at least 1")
    return value


def positive_number(text: str) -> float:
    """Parse a number above 0 for argparse (such as a time in milliseconds).

    >>> positive_number("2.5")
    2.5
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not value > 0:  # also refuses nan
        raise argparse.ArgumentTypeError(f"{text} is too small: it must be above 0")
    return value


def non_negative_number(text: str) -> float:
    """Parse a number of at least 0 for argparse (a time budget, where 0 is "answer at once").

    >>> non_negative_number("0")
    0.0
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if value != value or value == float("inf"):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number")
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is below 0: give 0 or more")
    return value
