"""Collection of the package's doctests (``--doctest-modules`` over ``src/fourinarow``).

Without pygame (a plain clone, no ``gui`` extra) the desktop game's modules that import it are
left out, so that the suite runs; the others are tested. This file stays outside the package,
so that it is not installed with it.
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

GUI = Path(__file__).resolve().parent / "src" / "fourinarow" / "gui"
"""The desktop game's package, whose modules may import pygame when they are imported."""

_IMPORTS_PYGAME = re.compile(r"^import pygame\b", re.MULTILINE)


def _modules_importing_pygame() -> list[str]:
    """The desktop game's modules that import pygame when they are imported, as paths relative
    to this file (as ``collect_ignore`` takes them)."""
    return sorted(
        str(path.relative_to(GUI.parents[2]))
        for path in GUI.glob("*.py")
        if _IMPORTS_PYGAME.search(path.read_text(encoding="utf-8"))
    )


collect_ignore = [] if importlib.util.find_spec("pygame") else _modules_importing_pygame()
"""What pytest does not collect here (a name it looks up in every conftest)."""
