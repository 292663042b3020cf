"""What a puzzle is, and the file that holds a set of them.

A puzzle is a position (the moves that reach it from the empty board) where the side to move
has exactly one good column:

- ``win``: the side to move wins in ``distance`` of its own moves (at most
  :data:`WIN_MAX_DISTANCE`), and only one column wins at all. The puzzle is played out: the
  solver answers with the longest defence, and every move of the solver must keep the fastest
  win (any column that does is accepted), until the winning stone lands or a move lets the win
  go.
- ``only-move``: the side to move wins, but the win is too long to play out (more than
  :data:`WIN_MAX_DISTANCE` own moves); exactly one column keeps it (the others draw or lose).
  Finding that column solves the puzzle.
- ``save-draw``: the position is a draw, and exactly one column keeps it (every other loses).
  Finding that column solves the puzzle.

A set is a JSON Lines file: one puzzle per line, as :meth:`Puzzle.to_json` writes it, e.g.::

    {"id": "7x6c4-233332225431542445", "size": "7x6", "connect": 4,
     "moves": "233332225431542445", "kind": "win", "solution": 4, "distance": 3, "value": 10,
     "line": "4 1 5 4 5", "rating": 504,
     "source": "self-play level:8 v level:6, seed 18 game 2, after move 18"}

``solution`` is the 1-based column that solves it, ``distance`` the win's length in the
solver's own moves (``None`` for ``save-draw``), ``value`` the exact score for the side to move
(standard convention), ``line`` one best line from the position (both sides, 1-based,
space-separated: for ``win`` and ``only-move`` the whole line to the winning stone, the winner's
moves keeping the fastest win and the loser's the longest defence; for ``save-draw`` the
solution alone), ``rating`` a difficulty on an Elo-like scale (larger is harder) and ``source``
where the position came from.
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, get_args

from fourinarow.core import Board, FourInARowError, column_label
from fourinarow.core.checks import shown
from fourinarow.core.json_text import JSONTextError, read_json
from fourinarow.core.lines import InputTooLongError, read_lines
from fourinarow.core.notation import parse_column, parse_size
from fourinarow.core.paths import check_regular_file, open_regular_file, write_output_file

__all__ = [
    "KINDS",
    "SET_LINE_LIMIT",
    "WIN_MAX_DISTANCE",
    "Kind",
    "Puzzle",
    "PuzzleError",
    "read_puzzles",
    "write_puzzles",
]

Kind = Literal["win", "only-move", "save-draw"]
"""The kinds of puzzle (see the module's text)."""

KINDS: tuple[Kind, ...] = get_args(Kind)
"""Every kind, in the order above."""

SET_LINE_LIMIT = 16_384
"""The most characters of a line of a set file: a puzzle on the largest board, 20x20, takes
about 3,000 (its moves twice, in the id and the position)."""

WIN_MAX_DISTANCE = 5
"""The longest ``win`` puzzle, in the solver's own moves (nine plies played out); a position
with one winning column and a longer win is an ``only-move`` puzzle."""


class PuzzleError(FourInARowError):
    """A puzzle or a puzzle file that is not valid: a missing or mistyped field, a position
    that is not legal, a solution that is not a legal column."""


@dataclass(frozen=True)
class Puzzle:
    """One puzzle (see the module's text for the meaning of the fields).

    Attributes:
        id: a name unique in its set (``7x6c4-`` and the moves, by default).
        moves: the position, as 1-based moves from the empty board (``"4453326"``).
        width, height, connect: the board's shape.
        kind: ``win``, ``only-move`` or ``save-draw``.
        solution: the 0-based column that solves it (``label`` gives the 1-based one).
        distance: for ``win`` and ``only-move``, the win's length in the mover's own moves, the
            solution included; ``None`` for ``save-draw``.
        value: the exact score of the position for the side to move.
        line: one best line from the position, 0-based columns, both sides.
        rating: the difficulty, larger is harder.
        source: where the position came from, in words.
    """

    id: str
    moves: str
    width: int
    height: int
    connect: int
    kind: Kind
    solution: int
    distance: int | None
    value: int
    line: tuple[int, ...]
    rating: int
    source: str

    @property
    def board(self) -> Board:
        """A new board at the puzzle's position."""
        return Board.from_moves(
            self.moves, width=self.width, height=self.height, connect=self.connect
        )

    @property
    def label(self) -> str:
        """The solution as records write it (1-based)."""
        return column_label(self.solution)

    def to_json(self) -> dict[str, object]:
        """The puzzle as one JSON object, 1-based columns (a line of a set file)."""
        return {
            "id": self.id,
            "size": f"{self.width}x{self.height}",
            "connect": self.connect,
            "moves": self.moves,
            "kind": self.kind,
            "solution": self.solution + 1,
            "distance": self.distance,
            "value": self.value,
            "line": " ".join(column_label(c) for c in self.line),
            "rating": self.rating,
            "source": self.source,
        }

    @classmethod
    def from_json(cls, data: object) -> Puzzle:
        """The puzzle a JSON object describes (as :meth:`to_json` writes it).

        Raises:
            PuzzleError: a field is missing or of the wrong type, the size is malformed, the
                kind is unknown, the moves are not a legal game on that board, or the
                solution or a move of the line is not a legal column there.
        """
        if not isinstance(data, dict):
            raise PuzzleError(f"a puzzle is a JSON object, not {shown(data)}")
        name = _text(data, "id")
        distance = data.get("distance")
        if distance is not None and (isinstance(distance, bool) or not isinstance(distance, int)):
            raise PuzzleError(
                f"puzzle {name}: distance is a whole number or null, not {shown(distance)}"
            )
        kind = _text(data, "kind")
        if kind not in KINDS:
            raise PuzzleError(
                f"puzzle {name}: kind is one of {', '.join(KINDS)}, not {shown(kind)}"
            )
        try:
            width, height = parse_size(_text(data, "size"))
            connect = _number(data, "connect")
            board = Board.from_moves(
                _text(data, "moves"), width=width, height=height, connect=connect
            )
            solution = _number(data, "solution")
            line = [parse_column(word, width) for word in _text(data, "line").split()]
            for column in line:
                board.push(column)
        except FourInARowError as error:
            raise PuzzleError(f"puzzle {name}: {error}") from None
        if not 1 <= solution <= width:
            raise PuzzleError(f"puzzle {name}: solution is a column 1-{width}, not {solution}")
        return cls(
            id=name,
            moves=_text(data, "moves"),
            width=width,
            height=height,
            connect=connect,
            kind=kind,
            solution=solution - 1,
            distance=distance,
            value=_number(data, "value"),
            line=tuple(line),
            rating=_number(data, "rating") if "rating" in data else 0,
            source=_text(data, "source") if "source" in data else "",
        )


def _text(data: dict[str, object], name: str) -> str:
    value = _present(data, name)
    if not isinstance(value, str):
        raise PuzzleError(f"a puzzle's {name} is a string, not {shown(value)}")
    return value


def _number(data: dict[str, object], name: str) -> int:
    value = _present(data, name)
    if isinstance(value, bool) or not isinstance(value, int):
        raise PuzzleError(f"a puzzle's {name} is a whole number, not {shown(value)}")
    return value


def _present(data: dict[str, object], name: str) -> object:
    if name not in data:
        raise PuzzleError(f"a puzzle needs the field {name!r}, and {shown(data)} has none")
    return data[name]


def read_puzzles(path: Path | str) -> list[Puzzle]:
    """The puzzles of a set file (JSON Lines; blank lines are skipped).

    Raises:
        PuzzleError: the file cannot be read, a line is not JSON or is longer than
            ``SET_LINE_LIMIT`` (16,384), or a puzzle is not valid (the message names the file and
            line).
        PathKindError: ``path`` is a folder, a FIFO, a device or a socket (found without
            opening it, so a FIFO never blocks).
    """
    path = check_regular_file(path, "the puzzle set")
    try:
        opened = open_regular_file(path, "the puzzle set")  # never waits on a FIFO
        with io.TextIOWrapper(opened, encoding="utf-8") as file:
            lines = list(read_lines(file, str(path), SET_LINE_LIMIT))
    except OSError as error:  # the reason alone: "No such file or directory"
        raise PuzzleError(f"cannot read the puzzle set {path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise PuzzleError(f"cannot read the puzzle set {path}: {error}") from None
    except InputTooLongError as error:  # read a bounded piece at a time: never held whole
        raise PuzzleError(str(error)) from None
    return list(_parse_lines(lines, str(path)))


def _parse_lines(lines: Iterable[str], where: str) -> Iterator[Puzzle]:
    seen: set[str] = set()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            puzzle = Puzzle.from_json(read_json(line))
        except JSONTextError as error:
            raise PuzzleError(f"{where}, line {number}: not JSON ({error})") from None
        except PuzzleError as error:
            raise PuzzleError(f"{where}, line {number}: {error}") from None
        if puzzle.id in seen:
            raise PuzzleError(f"{where}, line {number}: the id {puzzle.id} is used twice")
        seen.add(puzzle.id)
        yield puzzle


def write_puzzles(
    path: Path | str, puzzles: Iterable[Puzzle], *, write_through: bool = False
) -> int:
    """Write a set file (JSON Lines), replacing it whole: it is written beside and renamed,
    so a crash never leaves half a set. Returns the number of puzzles written.

    Args:
        path: the set file.
        puzzles: the puzzles, in order.
        write_through: write through an existing character device or FIFO (``/dev/stdout``,
            a pipe) instead of refusing it; it is never renamed over.

    Raises:
        PathKindError: ``path`` is a folder, a socket, a block device, or (unless
            ``write_through``) a character device or a FIFO.
        OutputWriteError: the file cannot be written (a full disk, ...; no partial file
            stays, and a set that was there is left as it was).
    """
    lines = [json.dumps(p.to_json()) for p in puzzles]
    data = "".join(line + "\n" for line in lines).encode("utf-8")
    write_output_file(path, data, "the puzzle set", write_through=write_through)
    return len(lines)
