"""The player's saved games for the front ends: the terminal, the desktop game and the web
page save each finished (or left) game here, under the names
:func:`~fourinarow.games.sides.player_names` gives, and list, open and export them
(:mod:`fourinarow.games`); :func:`~fourinarow.games.sides.your_side` tells which side was
yours."""

from __future__ import annotations

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
from fourinarow.games.sides import (
    PEOPLE as PEOPLE,
)
from fourinarow.games.sides import (
    YOU as YOU,
)
from fourinarow.games.sides import (
    Side as Side,
)
from fourinarow.games.sides import (
    computer_name as computer_name,
)
from fourinarow.games.sides import (
    player_names as player_names,
)
from fourinarow.games.sides import (
    your_side as your_side,
)
