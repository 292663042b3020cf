"""The bitboard layout of a board shape, and line detection on bitboards.

A board of ``width`` columns and ``height`` rows is held in Python ints, one bit per cell plus a
spare bit on top of each column, as the classic solvers lay it out. For 7x6::

    .  .  .  .  .  .  .      <- spare bits (always 0): 6 13 20 27 34 41 48
    5 12 19 26 33 40 47      <- top row
    4 11 18 25 32 39 46
    3 10 17 24 31 38 45
    2  9 16 23 30 37 44
    1  8 15 22 29 36 43
    0  7 14 21 28 35 42      <- bottom row

The cell ``(column, row)`` (row 0 at the bottom) is bit ``column * (height + 1) + row``. The spare
bits stay empty, so a run of stones never wraps from the top of one column to the bottom of the
next, and shifts by a direction's stride stop at the board's edges. Python ints have no size limit,
so the same code serves every shape up to 20x20.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from fourinarow.core.checks import shown, whole_number
from fourinarow.core.errors import InvalidBoardSizeError

__all__ = ["MAX_SIDE", "MIN_CONNECT", "Bitboard", "Geometry", "board_side"]

Bitboard = int
"""A set of cells, one bit per cell in the layout above."""

MAX_SIDE = 20
"""The largest supported width and height."""

MIN_CONNECT = 2
"""The shortest supported line length."""


def board_side(value: object, what: str = "width") -> int:
    """A board's width or height as an ``int``: a whole number from 1 to ``MAX_SIDE``.

    Raises:
        InvalidBoardSizeError: anything else (a ``bool``, a float, text, out of range).

    >>> board_side(7)
    7
    """
    side = whole_number(value, what, InvalidBoardSizeError)
    if not 1 <= side <= MAX_SIDE:
        raise InvalidBoardSizeError(
            f"{what} {shown(side)} is out of range: width and height go from 1 to {MAX_SIDE}"
        )
    return side


@dataclass(frozen=True)
class Geometry:
    """The shape of a board and the bit masks derived from it.

    Args:
        width: number of columns, 1 to 20.
        height: number of rows, 1 to 20.
        connect: the line length that wins, 2 up to the larger of width and height.

    Raises:
        InvalidBoardSizeError: a value is out of range or not a whole number.

    The masks a search needs (columns, lines of a length, odd rows, the centre) are computed on
    first use and kept: a board builds its geometry cheaply and never asks for them.

    >>> g = Geometry(7, 6, 4)
    >>> g.bit(3, 0), g.cells, len(g.windows)
    (21, 42, 69)
    """

    width: int
    height: int
    connect: int
    stride: int = field(init=False, repr=False)
    directions: tuple[int, ...] = field(init=False, repr=False)
    line_shifts: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    bottom_mask: Bitboard = field(init=False, repr=False)
    full_mask: Bitboard = field(init=False, repr=False)

    def __post_init__(self) -> None:
        width = board_side(self.width, "width")
        height = board_side(self.height, "height")
        connect = whole_number(self.connect, "connect", InvalidBoardSizeError)
        longest = max(width, height)
        if longest < MIN_CONNECT:
            raise InvalidBoardSizeError(
                f"a {width}x{height} board has no room for a line: "
                f"the larger of width and height must be at least {MIN_CONNECT}"
            )
        if not MIN_CONNECT <= connect <= longest:
            fits = (
                f"it goes from {MIN_CONNECT} to {longest}"
                if longest > MIN_CONNECT
                else f"the only length that fits is {longest}"
            )
            raise InvalidBoardSizeError(
                f"connect {shown(connect)} does not fit a {width}x{height} board: "
                f"{fits} (the larger of width and height)"
            )
        stride = height + 1
        column_mask = (1 << height) - 1
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)
        object.__setattr__(self, "connect", connect)
        object.__setattr__(self, "stride", stride)
        # vertical, horizontal, diagonal "\" (down-right), diagonal "/" (up-right)
        object.__setattr__(self, "directions", (1, stride, stride - 1, stride + 1))
        # per direction, the shifts that bring each of a line's other cells onto its first
        object.__setattr__(
            self,
            "line_shifts",
            tuple(tuple(k * step for k in range(1, connect)) for step in self.directions),
        )
        object.__setattr__(self, "bottom_mask", sum(1 << (c * stride) for c in range(width)))
        object.__setattr__(
            self, "full_mask", sum(column_mask << (c * stride) for c in range(width))
        )

    @property
    def cells(self) -> int:
        """The number of cells on the board."""
        return self.width * self.height

    def bit(self, column: int, row: int) -> int:
        """The bit index of ``(column, row)``; row 0 is the bottom."""
        return column * self.stride + row

    def cell(self, index: int) -> tuple[int, int]:
        """The ``(column, row)`` of a bit index."""
        return divmod(index, self.stride)

    def cell_mask(self, column: int, row: int) -> Bitboard:
        """The single-bit mask of ``(column, row)``: ``1 << bit(column, row)``."""
        return 1 << (column * self.stride + row)

    @cached_property
    def column_masks(self) -> tuple[Bitboard, ...]:
        """The mask of each column's cells, left to right."""
        column = (1 << self.height) - 1
        return tuple(column << (c * self.stride) for c in range(self.width))

    @cached_property
    def centre_mask(self) -> Bitboard:
        """The cells of the centre column (both middle columns on an even width)."""
        middle = {self.width // 2, (self.width - 1) // 2}
        return sum(self.column_masks[c] for c in middle)

    @cached_property
    def odd_rows_mask(self) -> Bitboard:
        """The cells of the odd rows counted from 1 at the bottom (rows 0, 2, 4, ... here)."""
        rows = sum(1 << r for r in range(0, self.height, 2))
        return sum(rows << (c * self.stride) for c in range(self.width))

    @cached_property
    def windows(self) -> tuple[Bitboard, ...]:
        """Every line of ``connect`` cells on the board (the places a win can be), as masks."""
        return self.line_masks(self.connect)

    def line_masks(self, length: int) -> tuple[Bitboard, ...]:
        """Every straight line of ``length`` cells that fits on the board, as masks.

        Lines are listed by their first cell (column by column, bottom to top), each first
        across, then up, then diagonally up-right and down-right.

        Raises:
            InvalidBoardSizeError: ``length`` is not a whole number of at least 1.

        >>> [bin(m) for m in Geometry(2, 1, 2).line_masks(2)]
        ['0b101']
        """
        length = whole_number(length, "a line length", InvalidBoardSizeError)
        if length < 1:
            raise InvalidBoardSizeError(f"a line length is at least 1, not {length}")
        width, height, stride = self.width, self.height, self.stride
        found = []
        for column in range(width):
            for row in range(height):
                for dc, dr in ((1, 0), (0, 1), (1, 1), (1, -1)):
                    end_c, end_r = column + dc * (length - 1), row + dr * (length - 1)
                    if 0 <= end_c < width and 0 <= end_r < height:
                        step = dc * stride + dr  # the bit distance between neighbours
                        first = column * stride + row
                        found.append(sum(1 << (first + i * step) for i in range(length)))
        return tuple(found)

    def _run(self, bits: Bitboard, index: int, step: int) -> list[int]:
        """Indices of consecutive stones of ``bits`` from ``index + step`` onwards."""
        run = []
        at = index + step
        while at >= 0 and (bits >> at) & 1:
            run.append(at)
            at += step
        return run

    def completes_line(self, bits: Bitboard, index: int) -> bool:
        """True if the stones ``bits`` hold a line of ``connect`` through cell ``index``.

        The cell itself counts as a stone whether or not its bit is set in ``bits``.
        """
        need = self.connect - 1
        for step in self.directions:
            if len(self._run(bits, index, step)) + len(self._run(bits, index, -step)) >= need:
                return True
        return False

    def line_cells(self, bits: Bitboard, index: int) -> list[int]:
        """The indices of every line of ``connect`` or more through ``index``, sorted."""
        found = {index}
        for step in self.directions:
            run = self._run(bits, index, step) + self._run(bits, index, -step)
            if len(run) + 1 >= self.connect:
                found.update(run)
        return sorted(found) if len(found) > 1 else []

    def has_line(self, bits: Bitboard) -> bool:
        """True if the stones ``bits`` hold a line of ``connect`` anywhere on the board.

        >>> g = Geometry(7, 6, 4)
        >>> g.has_line(sum(1 << g.bit(c, 0) for c in range(4)))
        True
        """
        for shifts in self.line_shifts:
            m = bits
            for shift in shifts:
                m &= bits >> shift
                if not m:
                    break
            else:
                return True
        return False
