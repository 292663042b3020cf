"""One game in the window, as data: the board, who sits where, and undo / redo.

No pygame and no threads: the window asks the session what may happen and tells it what did.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from fourinarow.core import Board, Column, Outcome, Player
from fourinarow.gui.game_setup import GuiSettings, Mode

__all__ = ["GameSession", "Seat", "seats_for"]


@dataclass(frozen=True)
class Seat:
    """One side of the board: a human, or the computer at a level (1-10)."""

    level: int | None = None

    @property
    def is_human(self) -> bool:
        """True for a human player."""
        return self.level is None


def seats_for(settings: GuiSettings, rng: random.Random) -> tuple[Seat, Seat]:
    """The seats of player 1 and player 2 for a new game (``rng`` settles a random start)."""
    if settings.mode is Mode.HUMAN_VS_HUMAN:
        return Seat(), Seat()
    if settings.mode is Mode.COMPUTER_VS_COMPUTER:
        return Seat(settings.level), Seat(settings.second_level)
    first = settings.first if settings.first != "random" else rng.choice(["human", "computer"])
    human, computer = Seat(), Seat(settings.level)
    return (human, computer) if first == "human" else (computer, human)


class GameSession:
    """A game's board and history, with undo and redo that step back to a human's turn.

    Against the computer, undo takes back the human's last move together with the computer's
    replies, and redo plays them again; between humans each undo takes back one move. Playing a
    new move forgets what could have been redone.

    Args:
        board: the empty board to play on (the session owns it from now on).
        seats: who plays player 1 and player 2.

    >>> session = GameSession(Board(), (Seat(), Seat(3)))
    >>> session.play(3); session.play(2)  # the human, then the computer's reply
    >>> session.undo(), session.board.ply, session.redo(), session.board.moves
    ([2, 3], 0, [3, 2], (3, 2))
    """

    def __init__(self, board: Board, seats: tuple[Seat, Seat]) -> None:
        self.board = board
        self.seats = seats
        self._redo: list[Column] = []

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self.board.outcome()

    def seat(self, player: Player) -> Seat:
        """Who plays player 1 or 2."""
        return self.seats[player - 1]

    @property
    def has_human(self) -> bool:
        """True when at least one side is a human (undo and hints are for humans)."""
        return any(seat.is_human for seat in self.seats)

    @property
    def human_to_move(self) -> bool:
        """True when the game goes on and a human is to move."""
        return not self.board.is_game_over() and self.seat(self.board.turn).is_human

    @property
    def computer_to_move(self) -> bool:
        """True when the game goes on and the computer is to move."""
        return not self.board.is_game_over() and not self.seat(self.board.turn).is_human

    def play(self, column: Column) -> None:
        """Play ``column`` for the side to move, and forget the moves that could be redone.

        Raises:
            InvalidMoveError: no such column.
            IllegalMoveError: the column is full or the game is over.
        """
        self.board.push(column)
        self._redo.clear()

    @property
    def can_undo(self) -> bool:
        """True if a human has a move on the board to take back."""
        return self._last_human_ply() is not None

    @property
    def can_redo(self) -> bool:
        """True if undone moves can be played again."""
        return bool(self._redo)

    def undo(self) -> list[Column]:
        """Take back moves down to (and including) the last human move; return them, last
        first. Returns an empty list when no human move is on the board."""
        ply = self._last_human_ply()
        if ply is None:
            return []
        taken = [self.board.pop() for _ in range(self.board.ply - ply)]
        self._redo.extend(taken)
        return taken

    def redo(self) -> list[Column]:
        """Play undone moves again, up to the next human turn; return them in order played."""
        played: list[Column] = []
        while self._redo and (not played or self.computer_to_move):
            column = self._redo.pop()
            self.board.push(column)
            played.append(column)
        return played

    def restart(self, seats: tuple[Seat, Seat] | None = None) -> None:
        """Clear the board (and the redo list) for a new game, optionally with new seats."""
        while self.board.ply:
            self.board.pop()
        self._redo.clear()
        if seats is not None:
            self.seats = seats

    def _last_human_ply(self) -> int | None:
        """The index in the history of the last move a human played, if any."""
        for ply in range(self.board.ply - 1, -1, -1):
            if self.seat(ply % 2 + 1).is_human:
                return ply
        return None
