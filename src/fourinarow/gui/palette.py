"""The window's colours: the classic red and yellow on blue, and a colour-blind-safe set."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CLASSIC", "COLOR_BLIND", "Color", "Palette", "palette_for"]

Color = tuple[int, int, int]
"""An RGB colour, each part 0-255."""


@dataclass(frozen=True)
class Palette:
    """Every colour the window draws with, and what the players' colours are called.

    Attributes:
        win, draw, loss: the hint's proven values by result.
        estimate: the hint's estimates (values not proven), drawn in italics too.
        discs: the colours of player 1's and player 2's discs.
        names: what those colours are called in messages (``Red``, ``Yellow``).
        marked: True when player 2's discs carry a ring, so that the players differ in
            shape as well as colour.
    """

    background: Color
    board: Color
    hole: Color
    text: Color
    dim_text: Color
    highlight: Color
    button: Color
    button_focus: Color
    button_text: Color
    win: Color
    draw: Color
    loss: Color
    estimate: Color
    discs: tuple[Color, Color]
    names: tuple[str, str]
    marked: bool

    def disc(self, player: int) -> Color:
        """The disc colour of player 1 or 2."""
        return self.discs[player - 1]

    def name(self, player: int) -> str:
        """The colour name of player 1 or 2, such as ``Red``."""
        return self.names[player - 1]


CLASSIC = Palette(
    background=(22, 26, 38),
    board=(28, 78, 196),
    hole=(12, 16, 28),
    text=(236, 238, 244),
    dim_text=(120, 126, 146),
    highlight=(255, 255, 255),
    button=(54, 62, 88),
    button_focus=(92, 110, 170),
    button_text=(240, 242, 250),
    win=(96, 214, 120),
    draw=(200, 200, 210),
    loss=(240, 110, 100),
    estimate=(164, 170, 226),
    discs=((222, 44, 44), (250, 204, 40)),
    names=("Red", "Yellow"),
    marked=False,
)
"""Red and yellow discs on a blue board."""

COLOR_BLIND = Palette(
    background=(24, 24, 28),
    board=(88, 90, 100),
    hole=(16, 16, 20),
    text=(240, 240, 240),
    dim_text=(140, 140, 150),
    highlight=(255, 255, 255),
    button=(60, 60, 70),
    button_focus=(110, 110, 130),
    button_text=(245, 245, 245),
    win=(255, 255, 255),
    draw=(180, 180, 190),
    loss=(130, 130, 140),
    estimate=(86, 196, 160),
    discs=((230, 159, 0), (86, 180, 233)),
    names=("Orange", "Blue"),
    marked=True,
)
"""Orange and sky blue from the Okabe-Ito set, which the common forms of colour blindness
tell apart, on a grey board; player 2's discs also carry a ring."""


def palette_for(color_blind: bool) -> Palette:
    """The colour-blind-safe palette if asked for, else the classic one."""
    return COLOR_BLIND if color_blind else CLASSIC
