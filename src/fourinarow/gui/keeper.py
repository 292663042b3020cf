"""Keeping the window's games: each finished game saved once to the player's games file, and a
game left before its end (a new game, the menu, quitting) saved as unfinished. No pygame.

The games file is the one every front end shares (:mod:`fourinarow.service.games`:
``fourinarow games`` lists it, the menu's Your games opens it). A game that cannot be saved
(a damaged file, a folder that cannot be written) is said in one line and never stops the game.
"""

from __future__ import annotations

from pathlib import Path

from fourinarow.core import Board, Column
from fourinarow.service.games import GameStore, GameStoreError, SavedGame

__all__ = ["GameKeeper"]


class GameKeeper:
    """Saves games to ``path`` (default: the player's games file), each position once.

    Args:
        path: the games file (default: ``games.sqlite3`` in the player's data folder).
        enabled: save at all (the headless demo does not).

    >>> import tempfile
    >>> keeper = GameKeeper(Path(tempfile.mkdtemp()) / "games.sqlite3")
    >>> keeper.keep(Board.from_moves("1212121"), ("Red", "Yellow")).result
    'first'
    >>> keeper.keep(Board.from_moves("1212121"), ("Red", "Yellow")) is None  # saved already
    True
    """

    def __init__(self, path: Path | None = None, *, enabled: bool = True) -> None:
        self.path = path
        self.enabled = enabled
        self.error: str | None = None  # why the last save failed, if it did
        self._saved: tuple[tuple[Column, ...], tuple[int, int, int]] | None = None

    def keep(self, board: Board, names: tuple[str, str]) -> SavedGame | None:
        """Save ``board``'s game (finished, or not: then as unfinished) unless it has no
        moves or this very game was the last one saved (or tried); return what was saved.
        A failure is kept in ``error`` (one line naming the file), and ``None`` returned."""
        key = (board.moves, (board.width, board.height, board.connect))
        if not self.enabled or not board.ply or key == self._saved:
            return None
        self._saved = key  # tried once: a game that could not be saved is not tried again
        try:
            with GameStore(self.path) as store:
                saved = store.save(board, first=names[0], second=names[1], source="desktop")
        except (GameStoreError, OSError) as error:
            self.error = f"This game was not saved: {error}"
            return None
        self.error = None
        return saved

    def games(self, limit: int, offset: int = 0) -> tuple[list[SavedGame], int]:
        """Up to ``limit`` saved games, newest first, after the ``offset`` newest, and how
        many there are in all.

        Raises:
            GameStoreError: the games file cannot be read.
        """
        with GameStore(self.path) as store:
            return store.games(limit, offset), len(store)
