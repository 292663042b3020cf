"""The Connect Four board: make and unmake moves, legal moves, game end, text round-trips."""

from __future__ import annotations

import operator
from collections.abc import Sequence
from typing import Any, ClassVar

from fourinarow.core import grid as grid_module
from fourinarow.core.checks import shown
from fourinarow.core.errors import (
    FourInARowError,
    IllegalMoveError,
    InvalidMoveError,
    InvalidPositionError,
    NoMoveToTakeBackError,
    OffBoardError,
)
from fourinarow.core.geometry import Bitboard, Geometry
from fourinarow.core.notation import column_label, format_moves, parse_moves
from fourinarow.core.outcome import Outcome

__all__ = ["Board", "Column", "Player"]

Column = int
"""A 0-based column index."""

Player = int
"""1 for the first player, 2 for the second; 0 marks an empty cell."""

_SYMBOLS = {0: ".", 1: "X", 2: "O"}


class Board:
    """A Connect Four position of any shape, with its move history.

    Stones are held in bitboards (see :class:`~fourinarow.core.Geometry`). Columns are 0-based in
    code; text (``from_moves``, ``to_moves``) uses the 1-based labels of the standard notation.

    Args:
        width: number of columns, 1 to 20.
        height: number of rows, 1 to 20.
        connect: the line length that wins, 2 up to the larger of width and height.

    Raises:
        InvalidBoardSizeError: the shape or connect length is out of range.

    >>> board = Board()
    >>> board.push(3); board.push(3); board.push(4)
    >>> board.turn, board.legal_moves
    (2, [0, 1, 2, 3, 4, 5, 6])
    >>> board.to_moves()
    '445'
    """

    __slots__ = ("_bits", "_geometry", "_heights", "_moves", "_won")

    def __init__(self, width: int = 7, height: int = 6, connect: int = 4) -> None:
        self._geometry = Geometry(width, height, connect)
        self._bits: list[Bitboard] = [0, 0]
        self._heights = [0] * self._geometry.width
        self._moves: list[Column] = []
        self._won = False

    # ----------------------------------------------------------------- construction from text

    @classmethod
    def from_moves(cls, moves: str, *, width: int = 7, height: int = 6, connect: int = 4) -> Board:
        """Build the position reached by a move sequence in 1-based notation.

        Raises:
            InvalidPositionError: a move is not a column, or cannot be played (full column,
                or the game was already over).
            InvalidBoardSizeError: the shape is out of range.

        >>> Board.from_moves("4453").turn
        1
        """
        board = cls(width, height, connect)
        for number, column in enumerate(parse_moves(moves, board.width), start=1):
            try:
                board.push(column)
            except IllegalMoveError as error:
                raise InvalidPositionError(
                    f"move {number} of {shown(moves.strip(), 400)}: {error}"
                ) from None
        return board

    @classmethod
    def from_grid(
        cls,
        grid: Sequence[Any],
        *,
        width: int | None = None,
        height: int | None = None,
        connect: int = 4,
        bottom_up: bool = False,
        within: float | None = None,
    ) -> Board:
        """Build a board from the cells a camera or another program sees.

        Args:
            grid: rows of cells (0 empty, 1 first player, 2 second player), top row first, such as
                a list of lists or a 2-D NumPy array; or a Kaggle ConnectX flat row-major list
                (top row first), in which case ``width`` and ``height`` default to 7 and 6.
            width, height: the expected shape; taken from a 2-D grid when left out.
            connect: the line length that wins.
            bottom_up: the rows are given bottom row first (as in the NumPy tutorials).
            within: the most seconds the search for an order of play may take (``None``: no
                limit but its 200,000 steps).

        The grid is checked: stones must rest on stones, the stone counts must fit whose turn it
        is, and some order of play must reach it without a line appearing before the last stone.
        The board's history is such an order, so ``pop()`` and ``to_moves()`` work as usual.

        Raises:
            InvalidPositionError: the grid is malformed or cannot arise in a game; the message
                says which cell or count is wrong.
            OrderSearchStoppedError: the order of play was not found within the steps or the
                time (an ``InvalidPositionError``: the grid may still arise, but its moves
                should be given instead).

        >>> Board.from_grid([[0, 0, 0], [0, 0, 0], [1, 2, 1]], connect=3).to_moves()
        '123'
        """
        rows = grid_module.parse_grid(grid, width=width, height=height, bottom_up=bottom_up)
        return cls._from_rows(rows, connect, within)

    @classmethod
    def from_diagram(cls, text: str, *, connect: int = 4, within: float | None = None) -> Board:
        """Build a board from a diagram: rows top to bottom, ``.`` empty, ``X`` and ``O`` stones.

        Rows are separated by newlines or ``/``; spaces are ignored; ``0``, ``1``, ``2`` may be
        used instead of ``.``, ``X``, ``O``. The same checks as :meth:`from_grid` apply, and
        ``within`` bounds the search for an order of play as there.

        >>> Board.from_diagram("......./......./......./......./......./...XO..").to_moves()
        '45'
        """
        return cls._from_rows(grid_module.parse_diagram(text), connect, within)

    @classmethod
    def _from_rows(cls, rows: list[list[int]], connect: int, within: float | None) -> Board:
        board = cls(len(rows[0]), len(rows), connect)
        for column in grid_module.find_move_order(rows, board._geometry, within=within):
            board.push(column)
        return board

    # ----------------------------------------------------------------------------- properties

    @property
    def width(self) -> int:
        """The number of columns."""
        return self._geometry.width

    @property
    def height(self) -> int:
        """The number of rows."""
        return self._geometry.height

    @property
    def connect(self) -> int:
        """The line length that wins."""
        return self._geometry.connect

    @property
    def geometry(self) -> Geometry:
        """The shape and bit layout (read-only)."""
        return self._geometry

    @property
    def turn(self) -> Player:
        """The player to move: 1 (first player, ``X``) or 2 (second player, ``O``)."""
        return 1 + (len(self._moves) & 1)

    @property
    def ply(self) -> int:
        """The number of stones on the board."""
        return len(self._moves)

    @property
    def moves(self) -> tuple[Column, ...]:
        """The history: 0-based columns in the order played."""
        return tuple(self._moves)

    @property
    def heights(self) -> tuple[int, ...]:
        """The number of stones in each column."""
        return tuple(self._heights)

    @property
    def legal_moves(self) -> list[Column]:
        """The 0-based columns that can be played now; empty once the game is over."""
        if self._won:
            return []
        height = self.height
        return [c for c, h in enumerate(self._heights) if h < height]

    @property
    def bitboards(self) -> tuple[Bitboard, Bitboard]:
        """The stones of player 1 and of player 2 as bitboards (read-only copies)."""
        return self._bits[0], self._bits[1]

    @property
    def mask(self) -> Bitboard:
        """All stones on the board as one bitboard."""
        return self._bits[0] | self._bits[1]

    def cell(self, column: int, row: int) -> Player:
        """The player whose stone is at ``(column, row)`` (row 0 at the bottom), or 0 if empty.

        Raises:
            InvalidMoveError: ``column`` or ``row`` is not a whole number.
            OffBoardError: the cell is off the board (an ``InvalidMoveError`` and an
                ``IndexError``).
        """
        width, height = self._geometry.width, self._geometry.height
        if not (
            column.__class__ is int
            and row.__class__ is int
            and 0 <= column < width
            and 0 <= row < height
        ):
            self._check_cell(column, row)
        index = self._geometry.bit(column, row)
        if (self._bits[0] >> index) & 1:
            return 1
        if (self._bits[1] >> index) & 1:
            return 2
        return 0

    def is_legal(self, column: int) -> bool:
        """True if ``column`` is a column of the board that can be played now."""
        return (
            isinstance(column, int)
            and not isinstance(column, bool)
            and 0 <= column < self.width
            and not self._won
            and self._heights[column] < self.height
        )

    # --------------------------------------------------------------------------- make/unmake

    def push(self, column: Column) -> None:
        """Drop a stone of the side to move into ``column`` (0-based).

        Raises:
            InvalidMoveError: ``column`` is not a whole number from 0 to ``width - 1``.
            IllegalMoveError: the column is full or the game is over.
        """
        column = self._check_column(column)
        if self._won or len(self._moves) == self._geometry.cells:
            raise IllegalMoveError(
                f"the game is over; column {column_label(column)} cannot be played"
            )
        row = self._heights[column]
        if row == self.height:
            labels = ", ".join(column_label(c) for c in self.legal_moves)
            raise IllegalMoveError(
                f"column {column_label(column)} is full; playable columns: {labels}"
            )
        side = len(self._moves) & 1
        index = self._geometry.bit(column, row)
        self._bits[side] |= 1 << index
        self._heights[column] = row + 1
        self._moves.append(column)
        self._won = self._geometry.completes_line(self._bits[side], index)

    def pop(self) -> Column:
        """Take back the last move and return its column.

        Raises:
            NoMoveToTakeBackError: there is no move to take back (an ``IndexError`` too).
        """
        if not self._moves:
            raise NoMoveToTakeBackError(
                "pop from a board with no moves: there is no move to take back"
            )
        column = self._moves.pop()
        row = self._heights[column] - 1
        self._heights[column] = row
        self._bits[len(self._moves) & 1] &= ~(1 << self._geometry.bit(column, row))
        self._won = False
        return column

    def _check_cell(self, column: object, row: object) -> None:
        """Raise the error :meth:`cell` documents unless ``(column, row)`` is on the board."""
        if (
            not (isinstance(column, int) and isinstance(row, int))
            or isinstance(column, bool)
            or isinstance(row, bool)
        ):
            raise InvalidMoveError(
                f"a cell is (column, row), two whole numbers, not {shown((column, row))}"
            )
        if not (0 <= column < self.width and 0 <= row < self.height):
            raise OffBoardError(
                f"cell ({shown(column)}, {shown(row)}) is off a {self.width}x{self.height} "
                f"board: columns are 0-{self.width - 1}, rows 0-{self.height - 1}"
            )

    def _check_column(self, column: object) -> int:
        if isinstance(column, bool):
            raise InvalidMoveError(f"{column!r} is not a column: columns are 0-{self.width - 1}")
        try:
            index = operator.index(column)  # type: ignore[arg-type]
        except TypeError:
            raise InvalidMoveError(
                f"{shown(column)} is not a column: columns are whole numbers 0-{self.width - 1}"
            ) from None
        if not 0 <= index < self.width:
            raise InvalidMoveError(
                f"column {shown(index)} is out of range: columns are 0-{self.width - 1} (0-based)"
            )
        return int(index)

    # ------------------------------------------------------------------------------ game end

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on.

        >>> Board.from_moves("1212121").outcome()
        Outcome(winner=1, line=((0, 0), (0, 1), (0, 2), (0, 3)))
        """
        if self._won:
            column = self._moves[-1]
            side = (len(self._moves) - 1) & 1
            index = self._geometry.bit(column, self._heights[column] - 1)
            cells = self._geometry.line_cells(self._bits[side], index)
            return Outcome(winner=side + 1, line=tuple(self._geometry.cell(i) for i in cells))
        if len(self._moves) == self._geometry.cells:
            return Outcome(winner=None)
        return None

    def is_game_over(self) -> bool:
        """True once a line is made or the board is full."""
        return self._won or len(self._moves) == self._geometry.cells

    def winning_moves(self, player: Player | None = None) -> list[Column]:
        """The columns where ``player`` (default: the side to move) would make a line at once.

        For the side not to move this lists the threats it holds: the cells it would win on if it
        could play now. Empty once the game is over.

        Raises:
            FourInARowError: ``player`` is not 1, 2 or ``None``.

        >>> Board.from_moves("112233").winning_moves()
        [3]
        """
        if player is None:
            side = len(self._moves) & 1
        elif player.__class__ is int and (player == 1 or player == 2):
            side = player - 1
        else:
            raise FourInARowError(f"a player is 1 or 2, not {shown(player)}")
        if self._won:
            return []
        bits = self._bits[side]
        geometry = self._geometry
        return [
            column
            for column in self.legal_moves
            if geometry.completes_line(bits, geometry.bit(column, self._heights[column]))
        ]

    # --------------------------------------------------------------------------- conversions

    def to_moves(self) -> str:
        """The history in 1-based notation (comma-separated on boards wider than 9)."""
        return format_moves(self._moves, self.width)

    def to_grid(self) -> list[list[Player]]:
        """The cells as rows, top row first: 0 empty, 1 and 2 for the players' stones."""
        return [
            [self.cell(column, row) for column in range(self.width)]
            for row in reversed(range(self.height))
        ]

    def diagram(self) -> str:
        """The board as text: rows top to bottom, ``.`` empty, ``X`` first player, ``O`` second.

        >>> Board.from_moves("4453", width=5, height=2).diagram().split()
        ['...O.', '..OXX']
        """
        return "\n".join("".join(_SYMBOLS[cell] for cell in row) for row in self.to_grid())

    def key(self) -> int:
        """A compact integer that identifies the position among boards of the same shape: the
        immutable key for sets and dictionaries (a board itself is not hashable).

        It is the side to move's stones plus all stones (the classic solvers' key): unique
        because each column's stones form a solid block, and the spare bit takes the carry.

        >>> seen = {Board.from_moves("4453").key()}
        >>> Board.from_moves("5344").key() in seen  # the same stones, another order
        True
        """
        return self._bits[len(self._moves) & 1] + self.mask

    def mirror(self) -> Board:
        """The position reflected left to right, with its history mirrored too."""
        board = type(self)(self.width, self.height, self.connect)
        last = self.width - 1
        for column in self._moves:
            board.push(last - column)
        return board

    def copy(self) -> Board:
        """An independent copy, history included."""
        board = object.__new__(type(self))
        board._geometry = self._geometry
        board._bits = list(self._bits)
        board._heights = list(self._heights)
        board._moves = list(self._moves)
        board._won = self._won
        return board

    # ----------------------------------------------------------------------- dunder methods

    def _identity(self) -> tuple[int, int, int, int, int]:
        return (self.width, self.height, self.connect, self._bits[0], self._bits[1])

    def __eq__(self, other: object) -> bool:
        """Boards are equal when shape, connect length and stones match (move order aside)."""
        if not isinstance(other, Board):
            return NotImplemented
        return self._identity() == other._identity()

    __hash__: ClassVar[None]  # type: ignore[assignment]
    """A board changes with every move, so it is not hashable (as python-chess's): in sets and
    dictionaries use an immutable key, :meth:`key` for boards of one shape."""

    def __str__(self) -> str:
        return self.diagram()

    def __repr__(self) -> str:
        shape = ""
        if (self.width, self.height, self.connect) != (7, 6, 4):
            shape = f", width={self.width}, height={self.height}, connect={self.connect}"
        return f"{type(self).__name__}.from_moves({self.to_moves()!r}{shape})"
