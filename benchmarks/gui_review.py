"""Does the desktop game's window stay responsive while it reviews a game?

    python benchmarks/gui_review.py                 # one game per board
    python benchmarks/gui_review.py --games 3 --window 1280x800

Plays a seeded game between two levels on each board, then opens the review screen in a
window on SDL's dummy video driver and runs the loop as ``App.run`` does (a frame drawn, then a
sleep to the next 1/60 s) until the review is there. The table gives per board the moves, the
time per position the screen gives (none on 7x6 connect 4), the seconds the review took, the
frames drawn meanwhile, and the median and worst time a frame took to handle its events and
draw (what a player feels as lag). Boards over 128 bits (such as 11x11), which the compiled
solver does not hold, are solved in pure Python, which shares the interpreter with the window.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame

from fourinarow.agents import make_agent
from fourinarow.core import Board
from fourinarow.gui.game_setup import GuiSettings, Mode
from fourinarow.gui.main_loop import App
from fourinarow.search.limit import Limit
from fourinarow.service.budgets import review_position_limit

BOARDS = ((7, 6, 4), (8, 7, 4), (10, 8, 4))


def game(width: int, height: int, connect: int, seed: int) -> Board:
    """A seeded game between levels 6 and 3."""
    agents = [
        make_agent(spec, seed=seed + side) for side, spec in enumerate(["level:7", "level:4"])
    ]
    board = Board(width, height, connect)
    while not board.is_game_over():
        board.push(agents[board.ply % 2].choose(board.copy(), Limit(time=0.05)).column)
    return board


def measure(board: Board) -> tuple[float, list[float]]:
    """Review ``board``'s game in the window; return the seconds taken and each frame's."""
    settings = GuiSettings(
        mode=Mode.HUMAN_VS_HUMAN,
        width=board.width,
        height=board.height,
        connect=board.connect,
        sound=False,
    )
    app = App(settings, start_game=True)
    assert app.game is not None
    for column in board.moves:
        app.game.session.play(column)
    start = time.perf_counter()
    app.open_review()
    review = app.review
    assert review is not None
    frames: list[float] = []
    while review.reviewing:
        began = time.perf_counter()
        app.step(1 / 60)
        took = time.perf_counter() - began
        frames.append(took)
        time.sleep(max(0.0, 1 / 60 - took))
    return time.perf_counter() - start, frames


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1, help="games per board")
    parser.add_argument("--window", default="720x640", help="the window's size, WxH")
    arguments = parser.parse_args()
    width, height = (int(part) for part in arguments.window.lower().split("x"))
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((width, height))
    print(
        f"{'board':>8} {'moves':>5} {'limit':>7} {'review s':>8} {'frames':>6} "
        f"{'median ms':>9} {'worst ms':>8}"
    )
    try:
        for shape in BOARDS:
            for seed in range(arguments.games):
                board = game(*shape, seed)
                seconds, frames = measure(board)
                limit = "none" if review_position_limit(board) is None else "1 s"
                median = statistics.median(frames) * 1000 if frames else 0.0
                worst = max(frames) * 1000 if frames else 0.0
                print(
                    f"{shape[0]}x{shape[1]}c{shape[2]:<2} {board.ply:>5} {limit:>7} "
                    f"{seconds:>8.1f} {len(frames):>6} {median:>9.1f} {worst:>8.1f}",
                    flush=True,
                )
    finally:
        pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
