"""Command-line option types shared by the subcommands."""

from __future__ import annotations

import argparse
import math
import re
import sys

from fourinarow.core import MAX_SIDE, Board, InvalidPositionError
from fourinarow.core.grid import parse_diagram

__all__ = [
    "add_position_options",
    "add_shape_options",
    "board_size",
    "non_negative_number",
    "positive_int",
    "positive_number",
    "read_position",
]

POSITION_HELP = (
    "moves played (4453; - or an empty string for the empty board), or with --grid a diagram"
)

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


def _number(text: str) -> float:
    """A finite number, or an argparse error saying it is not one."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value):
        raise argparse.ArgumentTypeError(f"{text!r} is not a number")
    return value


def positive_number(text: str) -> float:
    """Parse a number above 0 for argparse (such as a time in milliseconds).

    >>> positive_number("2.5")
    2.5
    """
    value = _number(text)
    if not value > 0:
        raise argparse.ArgumentTypeError(f"{text} is too small: it must be above 0")
    return value


def non_negative_number(text: str) -> float:
    """Parse a number of at least 0 for argparse (a time budget, where 0 is "answer at once").

    >>> non_negative_number("0")
    0.0
    """
    value = _number(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"{text} is below 0: give 0 or more")
    return value


class _StoreSize(argparse.Action):
    """Store ``--size`` and note that it was given (``size_given``): a ``--grid`` diagram then
    has to be of that size."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        namespace.size_given = True


def add_shape_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--size WxH`` and ``--connect N``."""
    parser.add_argument(
        "--size",
        type=board_size,
        action=_StoreSize,
        default=(7, 6),
        metavar="WxH",
        help=f"board width x height, each 1-{MAX_SIDE} (default: 7x6)",
    )
    parser.add_argument(
        "--connect",
        type=int,
        default=4,
        metavar="N",
        help="line length that wins, 2 up to the larger side (default: 4)",
    )


def add_position_options(parser: argparse.ArgumentParser, *, optional: bool = False) -> None:
    """Add the ``POSITION`` argument and ``--grid`` (read it as a board diagram)."""
    if optional:
        parser.add_argument(
            "position", nargs="?", default="", metavar="POSITION", help=POSITION_HELP
        )
    else:
        parser.add_argument("position", metavar="POSITION", help=POSITION_HELP)
    parser.add_argument(
        "--grid",
        action="store_true",
        help=(
            "POSITION is a board diagram: rows top to bottom, ./X/O or 0/1/2, rows separated "
            "by / or newlines; - reads it from standard input. The board is the diagram's "
            "shape; a --size given must be the same"
        ),
    )


def read_position(args: argparse.Namespace) -> Board:
    """The board that ``POSITION`` (moves, or with ``--grid`` a diagram) and the shape options
    describe.

    Raises:
        FourInARowError: the position, diagram or shape is not valid, or the diagram is not of
            the ``--size`` given.
    """
    width, height = args.size
    if args.grid:
        text = sys.stdin.read() if args.position.strip() == "-" else args.position
        rows = parse_diagram(text)
        shape = (len(rows[0]), len(rows))
        if getattr(args, "size_given", False) and shape != (width, height):
            raise InvalidPositionError(
                f"--grid: the diagram is {shape[0]}x{shape[1]} ({shape[0]} columns, {shape[1]} "
                f"rows) but --size is {width}x{height}: give a diagram of {width}x{height}, or "
                "leave out --size to read the diagram's shape"
            )
        return Board.from_diagram(text, connect=args.connect)
    moves = "" if args.position.strip() == "-" else args.position
    return Board.from_moves(moves, width=width, height=height, connect=args.connect)
