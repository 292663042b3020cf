"""The player's own games: every finished (or left) game of the terminal, the desktop game and
the web page, kept in a SQLite file and numbered in the order saved.

Front ends reach it through :mod:`fourinarow.service.games`.

>>> from fourinarow.games import GameStore, SavedGame
"""

from __future__ import annotations

from fourinarow.games.game_store import (
    GAME_RESULTS,
    MAX_NAME,
    SOURCES,
    GameResult,
    GameStore,
    GameStoreError,
    SavedGame,
    Source,
    UnknownGameError,
    default_games_path,
    result_of,
)

__all__ = [
    "GAME_RESULTS",
    "MAX_NAME",
    "SOURCES",
    "GameResult",
    "GameStore",
    "GameStoreError",
    "SavedGame",
    "Source",
    "UnknownGameError",
    "default_games_path",
    "result_of",
]
