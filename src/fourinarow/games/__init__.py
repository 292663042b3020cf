"""The player's own games: every finished (or left) game of the terminal, the desktop game and
the web page, kept in a SQLite file and numbered in the order saved, under the players' names
every door gives them (:mod:`fourinarow.games.sides`).

Front ends reach it through :mod:`fourinarow.service.games`.

>>> from fourinarow.games import GameStore, SavedGame
"""

from __future__ import annotations

from fourinarow.games.game_store import (
    GAME_RESULTS,
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
from fourinarow.games.sides import (
    MAX_NAME,
    PEOPLE,
    YOU,
    Side,
    computer_name,
    player_names,
    your_side,
)

__all__ = [
    "GAME_RESULTS",
    "MAX_NAME",
    "PEOPLE",
    "SOURCES",
    "YOU",
    "GameResult",
    "GameStore",
    "GameStoreError",
    "SavedGame",
    "Side",
    "Source",
    "UnknownGameError",
    "computer_name",
    "default_games_path",
    "player_names",
    "result_of",
    "your_side",
]
