"""What a game in the window is set up with: who plays, at which level, on which board."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from fourinarow.agents.levels import LEVELS
from fourinarow.core import Board, FourInARowError

__all__ = ["FIRST_CHOICES", "GuiSettings", "InvalidGuiSettingError", "Mode"]

FIRST_CHOICES = ("human", "computer", "random")
"""Who moves first against the computer."""


class InvalidGuiSettingError(FourInARowError):
    """A desktop game setting out of range (a level, who starts)."""


class Mode(enum.Enum):
    """Who sits at the two sides of the board."""

    HUMAN_VS_COMPUTER = "human-vs-computer"
    HUMAN_VS_HUMAN = "human-vs-human"
    COMPUTER_VS_COMPUTER = "computer-vs-computer"

    @property
    def label(self) -> str:
        """The mode as the menu shows it, such as ``Human vs computer``."""
        return self.value.replace("-", " ").capitalize()


@dataclass(frozen=True)
class GuiSettings:
    """The start menu's choices, also given by ``fourinarow gui``'s options.

    Attributes:
        mode: who plays.
        level: the computer's level (1-10); with two computers, the first player's.
        second_level: with two computers, the second player's level.
        first: against the computer, who moves first: ``human``, ``computer`` or ``random``.
        width, height, connect: the board and the length of a winning line.
        color_blind: use the palette that does not rely on telling red from green, with a
            mark on the second player's discs.
        sound: play the sound of discs landing.
        seed: makes the computer's choices, and a random first player, repeatable.
    """

    mode: Mode = Mode.HUMAN_VS_COMPUTER
    level: int = 5
    second_level: int = 5
    first: str = "human"
    width: int = 7
    height: int = 6
    connect: int = 4
    color_blind: bool = False
    sound: bool = True
    seed: int | None = None

    def __post_init__(self) -> None:
        for name in ("level", "second_level"):
            value = getattr(self, name)
            if value not in LEVELS:
                raise InvalidGuiSettingError(
                    f"{name} {value} is not a level: levels go from 1 to {len(LEVELS)}"
                )
        if self.first not in FIRST_CHOICES:
            raise InvalidGuiSettingError(
                f"first={self.first!r} is not one of {', '.join(FIRST_CHOICES)}"
            )
        Board(self.width, self.height, self.connect)  # raises InvalidBoardSizeError if bad
