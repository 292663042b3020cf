"""One attempt at a puzzle, as a state machine without any terminal: the board, the player's
moves judged by the solver, the solver's replies, hints, and the end (solved or failed).

A move is judged by what :meth:`~fourinarow.search.solver.Solver.analyze` proves of every
column, not by the puzzle's stated solution alone, so a move as good as the solution is accepted
where the kind allows it:

- ``win``: a column is accepted when it keeps the fastest win (any such column, at every move).
  The solver then answers with the longest defence (among equally long ones, the move of the
  puzzle's line while the game still follows it, else the column nearest the centre), and the
  puzzle is solved when the winning stone lands.
- ``only-move``: a column is accepted when it keeps the win, however long; ``save-draw``: when
  it keeps the draw (or better). Finding it solves the puzzle.

Any other move fails the attempt. Showing the solution (:meth:`PuzzleSession.give_up`) ends it as
``skipped``.

Distances count the mover's own moves, this one included (a ply distance ``d`` of
:class:`~fourinarow.search.scores.Exact` is ``(d + 1) // 2`` own moves).

>>> from fourinarow.puzzles.model import Puzzle
>>> puzzle = Puzzle("p", "1116514624", 7, 6, 4, "win", 2, 1, 16, (2,), 800, "example")
>>> session = PuzzleSession(puzzle)
>>> session.task
'X to play and win in 1'
>>> session.play(2).status
'solved'
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from fourinarow.core import Board, Column, column_label
from fourinarow.core.notation import accepted_columns
from fourinarow.puzzles.model import Puzzle, PuzzleError
from fourinarow.search.limit import Limit
from fourinarow.search.scores import Exact
from fourinarow.search.solver import Solver

__all__ = ["SYMBOLS", "Move", "PuzzleSession", "Status"]

Status = Literal["playing", "solved", "failed", "skipped"]
"""Where an attempt stands: still ``playing``, or ended ``solved``, ``failed`` or ``skipped``
(the solution was shown)."""

SYMBOLS = {1: "X", 2: "O"}
"""The players' symbols, as boards are drawn."""


@dataclass(frozen=True)
class Move:
    """What became of one move of the player.

    Attributes:
        column: the column played (0-based).
        accepted: whether it kept what the puzzle asks for.
        value: what the column is worth to the player (``None``: not proven within the limit).
        best: the columns that would have been accepted, in order.
        reply: the solver's answer (``win`` puzzles still going on), else ``None``.
        status: the attempt's status after the move (and the reply).
    """

    column: Column
    accepted: bool
    value: Exact | None
    best: tuple[Column, ...]
    reply: Column | None
    status: Status


@dataclass
class PuzzleSession:
    """An attempt at ``puzzle``.

    Args:
        puzzle: the puzzle to play.
        solver: the solver that judges moves (a new one by default; share one across puzzles).
        limit: what each analysis may spend (default: none; positions are quick on a shape
            with an opening book, such as 7x6). A column left unproven is judged by the
            puzzle's own line.

    Attributes:
        board: the position now (the player's moves and the solver's replies played on it).
        moves: every move played since the puzzle's position, both sides, 0-based.
        hints: how many hints were given.
        status: see :data:`Status`.
    """

    puzzle: Puzzle
    solver: Solver = field(default_factory=Solver)
    limit: Limit | None = None
    board: Board = field(init=False)
    moves: list[Column] = field(init=False, default_factory=list)
    hints: int = field(init=False, default=0)
    status: Status = field(init=False, default="playing")

    def __post_init__(self) -> None:
        self.board = self.puzzle.board
        if self.board.is_game_over():
            raise PuzzleError(f"puzzle {self.puzzle.id}: the game is already over")
        self.player = self.board.turn
        """The side the player plays (1 for X, 2 for O)."""

    # --------------------------------------------------------------------------- reading

    @property
    def symbol(self) -> str:
        """``X`` or ``O``: the player's side."""
        return SYMBOLS[self.player]

    @property
    def task(self) -> str:
        """What is asked, e.g. ``X to play and win in 3`` or ``O to move: save the draw``."""
        kind = self.puzzle.kind
        if kind == "save-draw":
            return f"{self.symbol} to move: save the draw"
        if kind == "only-move":
            return f"{self.symbol} to move: find the only move that keeps the win"
        return f"{self.symbol} to play and win in {self.puzzle.distance}"

    @property
    def player_moves(self) -> list[Column]:
        """The player's own moves so far (0-based)."""
        return self.moves[::2]

    @property
    def on_line(self) -> bool:
        """Whether the moves so far follow the puzzle's line."""
        return tuple(self.moves) == self.puzzle.line[: len(self.moves)]

    def values(self) -> dict[Column, Exact]:
        """Every legal column's exact value for the side to move now (unproven ones left out)."""
        analysis = self.solver.analyze(self.board, self.limit)
        return {c: v for c, v in enumerate(analysis.values) if isinstance(v, Exact)}

    def accepted_columns(self, values: dict[Column, Exact] | None = None) -> tuple[Column, ...]:
        """The columns that would be accepted now, in order."""
        self._check_playing()
        values = self.values() if values is None else values
        if not values:
            return self._from_line()
        kind = self.puzzle.kind
        if kind == "win":
            target = max(v.value for v in values.values())
            keeps = [c for c, v in values.items() if v.value == target]
        else:
            floor = 1 if kind == "only-move" else 0
            keeps = [c for c, v in values.items() if v.value >= floor]
        if len(values) < len(self.board.legal_moves):  # some unproven: trust the line
            keeps = sorted({*keeps, *self._from_line()})
        return tuple(keeps)

    def _from_line(self) -> tuple[Column, ...]:
        line = self.puzzle.line
        if self.on_line and len(self.moves) < len(line):
            return (line[len(self.moves)],)
        if not self.moves:
            return (self.puzzle.solution,)
        raise PuzzleError(
            f"puzzle {self.puzzle.id}: the solver proved no column within the limit here"
        )

    def remaining(self) -> int | None:
        """For a ``win`` puzzle, the player's moves still needed to win (this one included)."""
        if self.puzzle.kind != "win":
            return None
        if not self.moves:
            return self.puzzle.distance
        assert self.puzzle.distance is not None
        return self.puzzle.distance - len(self.player_moves)

    # --------------------------------------------------------------------------- playing

    def play(self, column: Column) -> Move:
        """Play the player's ``column`` and, if the puzzle goes on, the solver's reply.

        Raises:
            PuzzleError: the attempt is over already.
            InvalidMoveError, IllegalMoveError: ``column`` is not a legal column.
        """
        self._check_playing()
        if not self.board.is_legal(column):
            self.board.push(column)  # raises the board's own error
        values = self.values()
        best = self.accepted_columns(values)
        value = values.get(column)
        accepted = column in best
        self.board.push(column)
        self.moves.append(column)
        reply = None
        if not accepted:
            self.status = "failed"
        elif self.puzzle.kind != "win" or self.board.is_game_over():
            self.status = "solved"
        else:
            reply = self._defend()
            self.board.push(reply)
            self.moves.append(reply)
            if self.board.is_game_over():  # cannot happen in a proven win; be safe
                self.status = "failed"
        return Move(column, accepted, value, best, reply, self.status)

    def _defend(self) -> Column:
        """The solver's answer: the longest defence, deterministic."""
        values = self.values()
        if self.on_line and len(self.moves) < len(self.puzzle.line):
            planned = self.puzzle.line[len(self.moves)]
            if not values or (
                planned in values and values[planned].value == max(v.value for v in values.values())
            ):
                return planned
        if not values:
            raise PuzzleError(
                f"puzzle {self.puzzle.id}: the solver proved no reply within the limit here"
            )
        longest = max(v.value for v in values.values())
        centre = (self.board.width - 1) / 2
        return min(
            (c for c, v in values.items() if v.value == longest), key=lambda c: (abs(c - centre), c)
        )

    def give_up(self) -> tuple[Column, ...]:
        """End the attempt as ``skipped`` and return the solution line from the position now
        (the accepted move first, then the best play of both sides until the puzzle's end)."""
        self._check_playing()
        line = self.solution_line()
        self.status = "skipped"
        return line

    def solution_line(self) -> tuple[Column, ...]:
        """The rest of a best line from the position now, to the puzzle's end (for ``only-move``
        and ``save-draw`` the one move; for ``win`` to the winning stone): the puzzle's own line
        while the game follows it, else one found with the solver."""
        if self.puzzle.kind != "win":
            return (self.puzzle.line[0] if self.puzzle.line else self.accepted_columns()[0],)
        if self.on_line:
            return self.puzzle.line[len(self.moves) :]
        shadow = PuzzleSession(self.puzzle, self.solver, self.limit)
        shadow.board, shadow.moves = self.board.copy(), list(self.moves)
        line: list[Column] = []
        while shadow.status == "playing":
            move = shadow.play(shadow.accepted_columns()[0])
            line.append(move.column)
            if move.reply is not None:
                line.append(move.reply)
        return tuple(line)

    def hint(self) -> str:
        """The next hint, each more telling than the last: first how the columns divide (how
        many keep what is asked, how many draw or lose), then a few columns the answer is among.
        """
        self._check_playing()
        values = self.values()
        best = self.accepted_columns(values)
        self.hints += 1
        if self.hints == 1:
            return self._count_hint(values, best)
        return self._region_hint(best)

    def _count_hint(self, values: dict[Column, Exact], best: tuple[Column, ...]) -> str:
        what = {
            "win": f"wins in {self.remaining()}",
            "only-move": "keeps the win",
            "save-draw": "saves the draw",
        }[self.puzzle.kind]
        others = [v.value for c, v in values.items() if c not in best]
        counts = [
            (sum(1 for v in others if v > 0), "win", "more slowly"),
            (sum(1 for v in others if v == 0), "draw", ""),
            (sum(1 for v in others if v < 0), "lose", ""),
        ]
        said = [f"{n} {verb}{'s' if n == 1 else ''} {how}".strip() for n, verb, how in counts if n]
        rest = ", ".join(said)
        legal = len(self.board.legal_moves)
        return f"{len(best)} of the {legal} columns {what}" + (
            f"; of the others {rest}." if rest else "."
        )

    def _region_hint(self, best: tuple[Column, ...]) -> str:
        legal = self.board.legal_moves
        first = best[0]
        span = max(3, len(legal) // 2)
        start = min(max(0, legal.index(first) - span // 2), max(0, len(legal) - span))
        among = legal[start : start + span]
        return f"Look among the columns {', '.join(column_label(c) for c in among)}."

    def prompt_columns(self) -> str:
        """The columns the player may type, as the prompt lists them (``1-7``)."""
        return accepted_columns(self.board.width)

    def _check_playing(self) -> None:
        if self.status != "playing":
            raise PuzzleError(f"the attempt at puzzle {self.puzzle.id} is over ({self.status})")
