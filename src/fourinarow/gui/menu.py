"""The start menu as data: its rows, their values, the focus, and where they sit on screen.

Each row changes one field of ``GuiSettings`` (left and right step through its values); rows
that do not apply to the chosen mode are inactive and skipped. The last row starts the game.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from fourinarow.agents.levels import LEVELS
from fourinarow.core import MIN_CONNECT
from fourinarow.gui.game_setup import FIRST_CHOICES, GuiSettings, Mode
from fourinarow.gui.layout import Box, Point
from fourinarow.gui.palette import palette_for

__all__ = ["BOARD_SIZES", "ROWS", "Menu", "MenuLayout"]

BOARD_SIZES = ((4, 4), (5, 4), (6, 5), (6, 6), (7, 6), (8, 7), (9, 7), (10, 8))
"""The board sizes the menu offers (and the one given on the command line, if another)."""

ROWS = ("mode", "level", "second_level", "first", "size", "connect", "palette", "sound", "start")
"""The menu's rows, top to bottom."""

_FIRST_LABELS = {"human": "You", "computer": "The computer", "random": "Either, at random"}


class Menu:
    """The menu's state: the settings chosen so far and the row that has the focus.

    >>> menu = Menu(GuiSettings())
    >>> menu.change(1); menu.settings.mode.label  # the focus starts on the mode
    'Human vs human'
    >>> menu.move_focus(1); menu.focused  # the levels do not apply between humans
    'size'
    """

    def __init__(self, settings: GuiSettings) -> None:
        self.settings = settings
        self.focus = 0

    @property
    def focused(self) -> str:
        """The key of the row with the focus."""
        return ROWS[self.focus]

    def active(self, row: str) -> bool:
        """True if ``row`` applies to the chosen mode."""
        mode = self.settings.mode
        if row == "level":
            return mode is not Mode.HUMAN_VS_HUMAN
        if row == "second_level":
            return mode is Mode.COMPUTER_VS_COMPUTER
        if row == "first":
            return mode is Mode.HUMAN_VS_COMPUTER
        return True

    def move_focus(self, step: int) -> None:
        """Move the focus ``step`` (+1 down, -1 up) to the next active row, wrapping around."""
        index = self.focus
        for _ in ROWS:
            index = (index + step) % len(ROWS)
            if self.active(ROWS[index]):
                self.focus = index
                return

    def focus_row(self, row: str) -> None:
        """Give ``row`` the focus (if it is active)."""
        if self.active(row):
            self.focus = ROWS.index(row)

    def change(self, step: int, row: str | None = None) -> None:
        """Step the value of ``row`` (default: the focused one) by ``step``: numbers and sizes
        stop at their ends, choices wrap around. Does nothing on an inactive row or Start."""
        row = row or self.focused
        if not self.active(row) or row == "start":
            return
        s = self.settings
        if row == "mode":
            modes = list(Mode)
            s = dataclasses.replace(s, mode=modes[(modes.index(s.mode) + step) % len(modes)])
        elif row in ("level", "second_level"):
            value = max(1, min(len(LEVELS), getattr(s, row) + step))
            s = dataclasses.replace(s, **{row: value})
        elif row == "first":
            index = (FIRST_CHOICES.index(s.first) + step) % len(FIRST_CHOICES)
            s = dataclasses.replace(s, first=FIRST_CHOICES[index])
        elif row == "size":
            sizes = self.sizes()
            index = max(0, min(len(sizes) - 1, sizes.index((s.width, s.height)) + step))
            width, height = sizes[index]
            connect = min(s.connect, max(width, height))
            s = dataclasses.replace(s, width=width, height=height, connect=connect)
        elif row == "connect":
            connect = max(MIN_CONNECT, min(max(s.width, s.height), s.connect + step))
            s = dataclasses.replace(s, connect=connect)
        elif row == "palette":
            s = dataclasses.replace(s, color_blind=not s.color_blind)
        elif row == "sound":
            s = dataclasses.replace(s, sound=not s.sound)
        self.settings = s

    def sizes(self) -> list[tuple[int, int]]:
        """The board sizes on offer, smallest first, the current one included."""
        current = (self.settings.width, self.settings.height)
        return sorted({*BOARD_SIZES, current}, key=lambda size: (size[0] * size[1], size))

    def label(self, row: str) -> str:
        """The row's name, such as ``Board`` (the levels name the colour they play)."""
        names = palette_for(self.settings.color_blind).names
        if row == "level":
            if self.settings.mode is Mode.COMPUTER_VS_COMPUTER:
                return f"{names[0]}'s level"
            return "Computer's level"
        return {
            "mode": "Players",
            "second_level": f"{names[1]}'s level",
            "first": "Who starts",
            "size": "Board",
            "connect": "Line to win",
            "palette": "Colours",
            "sound": "Sound",
            "start": "Start",
        }[row]

    def value(self, row: str) -> str:
        """The row's current value as shown, such as ``7 x 6``."""
        s = self.settings
        if row == "mode":
            return s.mode.label
        if row in ("level", "second_level"):
            level = getattr(s, row)
            return f"{level}: {LEVELS[level].description}"
        if row == "first":
            return _FIRST_LABELS[s.first]
        if row == "size":
            return f"{s.width} x {s.height}"
        if row == "connect":
            return f"{s.connect} in a row"
        if row == "palette":
            return "Colour-blind safe" if s.color_blind else "Red and yellow"
        if row == "sound":
            return "On" if s.sound else "Off"
        return ""


@dataclass(frozen=True)
class MenuRowBoxes:
    """Where one row's parts are: its name, the arrows either side of its value, the value."""

    row: Box
    label: Box
    left: Box
    value: Box
    right: Box


@dataclass(frozen=True)
class MenuLayout:
    """The menu's geometry in a window of ``size`` pixels.

    >>> layout = MenuLayout.fit((800, 600))
    >>> layout.hit(layout.rows[1].right.centre), layout.hit(layout.start.centre)
    (('level', 1), ('start', 0))
    >>> layout.hit(layout.games.centre)
    ('games', 0)
    """

    size: tuple[int, int]
    title: Box
    rows: tuple[MenuRowBoxes, ...]
    start: Box
    help: Box
    games: Box

    @classmethod
    def fit(cls, size: tuple[int, int]) -> MenuLayout:
        """Lay the menu out in the middle of the window, its rows as tall as fit."""
        width, height = max(1, size[0]), max(1, size[1])
        row_height = max(16.0, min(46.0, height / (len(ROWS) + 4)))
        title = Box(0, row_height * 0.4, width, row_height * 1.6)
        help_line = Box(0, height - row_height, width, row_height * 0.8)
        content_width = min(width - 20.0, 720.0)
        left = (width - content_width) / 2
        label_width = content_width * 0.32
        arrow = row_height
        value_width = content_width - label_width - 2 * arrow
        rows = []
        top = title.bottom + row_height * 0.4
        for index in range(len(ROWS) - 1):
            y = top + index * row_height
            rows.append(
                MenuRowBoxes(
                    row=Box(left, y, content_width, row_height),
                    label=Box(left, y, label_width, row_height),
                    left=Box(left + label_width, y, arrow, row_height),
                    value=Box(left + label_width + arrow, y, value_width, row_height),
                    right=Box(left + label_width + arrow + value_width, y, arrow, row_height),
                )
            )
        start_y = top + (len(ROWS) - 1) * row_height + row_height * 0.4
        button = min(200.0, (width - 30) / 2)
        start = Box(width / 2 - button - 5, start_y, button, row_height * 1.1)
        games = Box(width / 2 + 5, start_y, button, row_height * 1.1)
        return cls((width, height), title, tuple(rows), start, help_line, games)

    def hit(self, point: Point) -> tuple[str, int] | None:
        """What a click at ``point`` does: ``(row, step)``, the step being -1 or +1 on an
        arrow, 1 on a value (it steps forward) and 0 on a row's name, on Start or on Your
        games (``games``)."""
        if self.start.contains(point):
            return "start", 0
        if self.games.contains(point):
            return "games", 0
        for row, boxes in zip(ROWS, self.rows, strict=False):
            if boxes.left.contains(point):
                return row, -1
            if boxes.right.contains(point) or boxes.value.contains(point):
                return row, 1
            if boxes.label.contains(point):
                return row, 0
        return None
