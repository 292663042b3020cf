"""The desktop game, ``fourinarow gui``: a pygame window with a start menu and animations.

Needs the extra: ``pip install 'fourinarow[gui]'``. The modules that only compute do not import
pygame: ``settings``, ``session`` (the game with undo / redo), ``layout``, ``physics`` (falls,
bounces, slides), ``end_buttons``, ``menu``, ``frame`` (what a frame shows), ``palette``,
``thinking`` (background tasks), ``review_view`` (the review screen's model: the review worked
out in the background, the move shown, its words), ``review_layout``, ``graph`` (the evaluation
graph), ``best_line`` (the best line stepped on the board), ``retry_view`` (learning from your
mistakes), ``keeper`` (every game saved to your games file), ``games_view`` (the list of saved
games), ``screen``. Those that do: ``controls`` (the keys), ``game_screen``, ``menu_screen``,
``review_screen``, ``retry_screen``, ``games_screen``, ``drawing``, ``sound`` and ``main_loop``.
``launch.run_gui`` checks that pygame is there before it imports them.
"""

from __future__ import annotations

import os

# pygame greets on import unless told not to; this package runs before any of its modules
# imports pygame, so setting the variable here keeps every import of it quiet.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


from fourinarow.gui.game_setup import GuiSettings, Mode
from fourinarow.gui.launch import run_gui

__all__ = ["GuiSettings", "Mode", "run_gui"]
