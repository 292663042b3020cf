"""The desktop game, ``fourinarow gui``: a pygame window with a start menu and animations.

Needs the extra: ``pip install "fourinarow[gui]"``. The modules that only compute (settings,
session, layout, physics, menu, thinking, palette) do not import pygame; drawing, sound and the
app do. ``run_gui`` checks that pygame is there before anything opens.
"""

from __future__ import annotations

import os

# pygame greets on import unless told not to; this package runs before any of its modules
# imports pygame, so setting the variable here keeps every import of it quiet.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


from fourinarow.gui.launch import run_gui
from fourinarow.gui.settings import GuiSettings, Mode

__all__ = ["GuiSettings", "Mode", "run_gui"]
