"""The list of your saved games, as data: a page of them, the one chosen, and where the rows go.
No pygame (``games_screen`` turns keys and clicks into these steps, ``drawing`` paints it).

The games are those every front end saves (:mod:`fourinarow.service.games`), newest first;
choosing one opens its review.
"""

from __future__ import annotations

from dataclasses import dataclass

from fourinarow.gui.frame import Button
from fourinarow.gui.keeper import GameKeeper
from fourinarow.gui.layout import Box, Point
from fourinarow.gui.palette import Palette
from fourinarow.service.games import GameStoreError, SavedGame

__all__ = ["GAMES_BUTTONS", "GamesFrame", "GamesLayout", "GamesView", "game_words"]

GAMES_BUTTONS = (("Back", "back"), ("< Newer", "newer"), ("Older >", "older"), ("Review", "open"))
"""The list's buttons: each one's label and what it does."""

_RESULTS = {"draw": "draw", "unfinished": "unfinished"}

NAME_WIDTH = 36
"""The most characters of a player's name the list shows (a longer one ends in ``…``): the
games keep whole names, and one long name would otherwise shrink every row's letters."""


def _short(name: str) -> str:
    return name if len(name) <= NAME_WIDTH else name[: NAME_WIDTH - 1] + "…"


def game_words(game: SavedGame) -> str:
    """A saved game in one line: ``12 · 7x6 · You vs Computer (level 5) · You won · 23 moves
    · 2026-11-29 06:50``.

    >>> game = SavedGame(3, "4455", 7, 6, 4, "Red", "Yellow", "unfinished", "desktop",
    ...                  "2026-11-29T06:50:12+00:00")
    >>> game_words(game)
    '3 · 7x6 · Red vs Yellow · unfinished · 4 moves · 2026-11-29 06:50'
    """
    first, second = _short(game.first), _short(game.second)
    if game.result == "first":
        result = f"{first} won"
    elif game.result == "second":
        result = f"{second} won"
    else:
        result = _RESULTS.get(game.result, game.result)
    shape = game.size + ("" if game.connect == 4 else f" connect {game.connect}")
    moves = game.plies
    when = game.finished[:16].replace("T", " ")
    plural = "move" if moves == 1 else "moves"
    return f"{game.number} · {shape} · {first} vs {second} · {result} · {moves} {plural} · {when}"


class GamesView:
    """A page of saved games, newest first, and the one chosen.

    Args:
        keeper: where the games are read from.
        page: the games a page shows.
    """

    def __init__(self, keeper: GameKeeper, page: int = 10) -> None:
        self.keeper = keeper
        self.page = page
        self.offset = 0
        self.chosen = 0  # on the page
        self.games: list[SavedGame] = []
        self.total = 0
        self.error: str | None = None
        self.load()

    def load(self) -> None:
        """Read the page at ``offset`` (a file that cannot be read: ``error`` says why)."""
        try:
            self.games, self.total = self.keeper.games(self.page, self.offset)
        except (GameStoreError, OSError) as error:
            self.games, self.total, self.error = [], 0, str(error)
            return
        self.error = None
        self.chosen = max(0, min(self.chosen, len(self.games) - 1))

    @property
    def game(self) -> SavedGame | None:
        """The game chosen, if there is one."""
        return self.games[self.chosen] if self.games else None

    def move(self, step: int) -> None:
        """Choose the game ``step`` rows down (up if negative), turning the page at its ends."""
        target = self.offset + self.chosen + step
        if not self.games or not 0 <= target < self.total:
            return
        if not 0 <= self.chosen + step < len(self.games):
            self.offset = target - target % self.page
            self.load()
        self.chosen = target - self.offset

    def turn(self, pages: int) -> None:
        """Show the page ``pages`` on (older) or back (newer), if there is one."""
        offset = self.offset + pages * self.page
        if 0 <= offset < self.total:
            self.offset = offset
            self.chosen = 0
            self.load()

    def words(self) -> tuple[str, str]:
        """The header's two lines: the title, and which games are shown or why none are."""
        if self.error is not None:
            return "Your games", f"Cannot read your games: {self.error}"
        if not self.games:
            return "Your games", "No games saved yet: every game played in the window is kept here."
        last = self.offset + len(self.games)
        return "Your games", f"Games {self.offset + 1} to {last} of {self.total}, newest first"


@dataclass(frozen=True)
class GamesLayout:
    """The list's geometry: the header, a row per game of a page, the buttons, the status."""

    size: tuple[int, int]
    header: Box
    rows: tuple[Box, ...]
    buttons: tuple[Box, ...]
    status: Box

    @classmethod
    def fit(cls, size: tuple[int, int], page: int) -> GamesLayout:
        """Lay out ``page`` rows in a window of ``size``."""
        width, height = max(1, size[0]), max(1, size[1])
        margin = max(4.0, min(width, height) * 0.02)
        status_height = min(40.0, max(20.0, height * 0.07))
        header = Box(0, margin, width, min(64.0, max(36.0, height * 0.11)))
        button_height = min(44.0, max(24.0, height * 0.07))
        status = Box(0, height - status_height, width, status_height)
        buttons_top = status.y - margin - button_height
        row_height = max(8.0, (buttons_top - header.bottom - 2 * margin) / page)
        rows = tuple(
            Box(2 * margin, header.bottom + margin + i * row_height, width - 4 * margin, row_height)
            for i in range(page)
        )
        count = len(GAMES_BUTTONS)
        gap = max(4.0, width * 0.015)
        button_width = min(140.0, (width - 2 * margin - (count - 1) * gap) / count)
        first = (width - count * button_width - (count - 1) * gap) / 2
        buttons = tuple(
            Box(first + i * (button_width + gap), buttons_top, button_width, button_height)
            for i in range(count)
        )
        return cls((width, height), header, rows, buttons, status)

    def row_at(self, point: Point) -> int | None:
        """The row (0-based on the page) under ``point``, if any."""
        for index, box in enumerate(self.rows):
            if box.contains(point):
                return index
        return None

    def button_at(self, point: Point) -> str | None:
        """What the button under ``point`` does, if there is one."""
        for box, (_, action) in zip(self.buttons, GAMES_BUTTONS, strict=True):
            if box.contains(point):
                return action
        return None


@dataclass(frozen=True)
class GamesFrame:
    """Everything the list shows at one moment: a line per game, the one chosen."""

    layout: GamesLayout
    palette: Palette
    lines: tuple[str, str]
    rows: tuple[str, ...]
    chosen: int | None
    buttons: tuple[Button, ...]
    status: str
