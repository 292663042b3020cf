"""The end screen's buttons (play again, review, menu, quit): they fall in one after another,
bounce, and then take the focus and clicks. Pure geometry and motion: no pygame."""

from __future__ import annotations

from dataclasses import dataclass

from fourinarow.gui.frame import Button
from fourinarow.gui.layout import Box, Layout, Point
from fourinarow.gui.physics import Bounce, Impact

__all__ = ["END_BUTTONS", "EndButtons"]

END_BUTTONS = (("Play again", "again"), ("Review", "review"), ("Menu", "menu"), ("Quit", "quit"))
"""Each button's label and what it does."""

GRAVITY = 6.0
"""Window heights per second squared: a button falls in within about half a second."""

STAGGER = 0.12
"""Seconds between one button starting to fall and the next."""


@dataclass
class _Falling:
    label: str
    action: str
    fall: Bounce  # its height above its place, in window heights (-1 to 0)


class EndButtons:
    """The buttons, hidden until ``show``; ``focus`` is the one Enter presses.

    >>> buttons = EndButtons()
    >>> buttons.show(); buttons.settled
    False
    >>> hits = [hit for _ in range(120) for hit in buttons.update(1 / 60)]
    >>> buttons.settled, buttons.focused_action, len(hits)
    (True, 'again', 12)
    """

    def __init__(self) -> None:
        self._buttons: list[_Falling] = []
        self.focus = 0

    @property
    def shown(self) -> bool:
        """True from ``show`` until ``hide``."""
        return bool(self._buttons)

    @property
    def settled(self) -> bool:
        """True when no button is still falling."""
        return all(button.fall.done for button in self._buttons)

    @property
    def focused_action(self) -> str:
        """What the focused button does: ``again``, ``review``, ``menu`` or ``quit``."""
        return self._buttons[self.focus].action

    def show(self) -> None:
        """Let the buttons fall in from above the window, the first one first."""
        self._buttons = [
            _Falling(label, action, Bounce(-1.0, 0.0, gravity=GRAVITY, delay=STAGGER * index))
            for index, (label, action) in enumerate(END_BUTTONS)
        ]
        self.focus = 0

    def hide(self) -> None:
        """Take the buttons away (a new game, an undo)."""
        self._buttons = []
        self.focus = 0

    def update(self, dt: float) -> list[Impact]:
        """Advance the falls by ``dt`` seconds; return the buttons' landings."""
        return [impact for button in self._buttons for impact in button.fall.update(dt)]

    def move_focus(self, step: int) -> None:
        """Move the focus ``step`` buttons to the right (negative: left), wrapping around."""
        if self._buttons:
            self.focus = (self.focus + step) % len(self._buttons)

    def boxes(self, layout: Layout) -> list[Box]:
        """Where the buttons are now (above their places while they fall)."""
        places = layout.end_buttons(len(self._buttons)) if self._buttons else []
        return [
            place.moved(button.fall.position * layout.size[1])
            for button, place in zip(self._buttons, places, strict=True)
        ]

    def at(self, layout: Layout, point: Point) -> int | None:
        """The index of the button under ``point``, if any."""
        for index, box in enumerate(self.boxes(layout)):
            if box.contains(point):
                return index
        return None

    def action(self, index: int) -> str:
        """What button ``index`` does."""
        return self._buttons[index].action

    def frame(self, layout: Layout) -> tuple[Button, ...]:
        """The buttons as the painter draws them."""
        return tuple(
            Button(box, button.label, index == self.focus)
            for index, (button, box) in enumerate(
                zip(self._buttons, self.boxes(layout), strict=True)
            )
        )
