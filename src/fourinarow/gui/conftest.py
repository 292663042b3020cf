"""Doctest collection of the desktop game's modules: without pygame (a plain clone, no ``gui``
extra) those that import it are left out, so that the suite runs; the others are tested."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

_IMPORTS_PYGAME = re.compile(r"^import pygame\b", re.MULTILINE)


def _modules_importing_pygame() -> list[str]:
    """The file names of this package's modules that import pygame when they are imported."""
    return sorted(
        path.name
        for path in Path(__file__).parent.glob("*.py")
        if _IMPORTS_PYGAME.search(path.read_text(encoding="utf-8"))
    )


collect_ignore = [] if importlib.util.find_spec("pygame") else _modules_importing_pygame()
"""What pytest does not collect here (a name it looks up in every conftest)."""
