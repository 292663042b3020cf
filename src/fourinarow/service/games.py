"""The player's saved games for the front ends: the terminal, the desktop game and the web
page save each finished (or left) game here and list, open and export them
(:mod:`fourinarow.games`)."""

from __future__ import annotations

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

from fourinarow.games import (
    GAME_RESULTS as GAME_RESULTS,
)
from fourinarow.games import (
    MAX_NAME as MAX_NAME,
)
from fourinarow.games import (
    SOURCES as SOURCES,
)
from fourinarow.games import (
    GameResult as GameResult,
)
from fourinarow.games import (
    GameStore as GameStore,
)
from fourinarow.games import (
    GameStoreError as GameStoreError,
)
from fourinarow.games import (
    SavedGame as SavedGame,
)
from fourinarow.games import (
    Source as Source,
)
from fourinarow.games import (
    UnknownGameError as UnknownGameError,
)
from fourinarow.games import (
    default_games_path as default_games_path,
)
from fourinarow.games import (
    result_of as result_of,
)
