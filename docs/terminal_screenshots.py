"""Take the manual's picture of the terminal review: docs/terminal-review.png.

Usage: python docs/terminal_screenshots.py

It runs ``fourinarow review`` on a game whose win changes hands, as a terminal of 80 columns
would show it (the review never draws wider), and draws the text in DejaVu Sans Mono, white on
a dark terminal's background, with pygame (SDL's dummy video driver: no window opens).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent

GAME = "4455432"
"""Three blunders in seven moves: the chart, the reasons and the best lines all show."""

COLUMNS = 80
FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf")
FONT_SIZE = 15
MARGIN = 12
BACKGROUND = (30, 30, 36)
FOREGROUND = (225, 225, 225)


def review_lines() -> list[str]:
    """The review's lines, from the start to the turning points' end."""
    result = subprocess.run(
        [sys.executable, "-m", "fourinarow", "review", GAME],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "COLUMNS": str(COLUMNS), "PYTHONIOENCODING": "utf-8"},
    )
    lines = result.stdout.splitlines()
    end = next(i for i, line in enumerate(lines) if line.startswith("Graded:"))
    assert all(len(line) <= COLUMNS for line in lines[1:end]), "a line wider than the terminal"
    return lines[:end]


def main() -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    pygame.font.init()
    font = pygame.font.Font(str(FONT), FONT_SIZE)
    lines = review_lines()
    width, _ = font.size("M" * COLUMNS)
    step = font.get_height()  # the block characters of the chart fill their cells
    surface = pygame.Surface((width + 2 * MARGIN, step * len(lines) + 2 * MARGIN))
    surface.fill(BACKGROUND)
    for row, line in enumerate(lines):
        if line:
            surface.blit(font.render(line, True, FOREGROUND), (MARGIN, MARGIN + row * step))
    out = DOCS / "terminal-review.png"
    pygame.image.save(surface, str(out))
    print(f"wrote {out} ({surface.get_width()}x{surface.get_height()})")


if __name__ == "__main__":
    main()
