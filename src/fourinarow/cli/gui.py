"""``fourinarow gui``: the desktop game in a pygame window (extra ``gui``)."""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any

from fourinarow.agents.levels import LEVELS
from fourinarow.cli.options import add_shape_options, seed_number
from fourinarow.core.numbers import InvalidNumberError, parse_int
from fourinarow.core.paths import PathKindError, check_output_file, path_problem, shown_path
from fourinarow.gui.game_setup import FIRST_CHOICES, GuiSettings, Mode
from fourinarow.gui.launch import DEFAULT_WINDOW

__all__ = ["add_parser", "run", "window_size"]

_WINDOW = re.compile(r"^\s*([0-9]+)\s*[xX]\s*([0-9]+)\s*$", re.ASCII)

DEMO_LEVELS = (7, 2)
DEMO_SEED = 4
"""The demo's computers and seed, unless --level, --second-level and --seed say otherwise: a
short game that the stronger one wins."""


def window_size(text: str) -> tuple[int, int]:
    """Parse ``WxH`` in pixels (each 200-4000) for argparse.

    >>> window_size("800x600")
    (800, 600)
    """
    match = _WINDOW.match(text)
    if not match:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a window size: write WxH, such as 800x600"
        )
    try:
        return parse_int(match[1], 200, 4000), parse_int(match[2], 200, 4000)
    except InvalidNumberError:
        raise argparse.ArgumentTypeError(
            f"{text.strip()[:40]} is out of range: width and height go from 200 to 4000 pixels"
        ) from None


def _level(text: str) -> int:
    try:
        return parse_int(text.removeprefix("level:"), 1, len(LEVELS))
    except InvalidNumberError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a level: levels go from 1 to {len(LEVELS)} (digits 0-9)"
        ) from None


def _png_path(text: str) -> Path:
    path = Path(text)
    problem = path_problem(text)  # before anything looks at it (a loop, a name too long)
    if problem is not None:
        raise argparse.ArgumentTypeError(f"{shown_path(text)}: {problem}; give a PNG file's path")
    if path.suffix.lower() != ".png":
        raise argparse.ArgumentTypeError(f"{text!r} does not end in .png: the screenshot is a PNG")
    if not path.parent.is_dir():
        raise argparse.ArgumentTypeError(f"{text!r}: there is no folder {str(path.parent)!r}")
    try:  # before the game is played: a folder, a socket, a block device
        check_output_file(path, "the screenshot", write_through=True)
    except PathKindError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return path


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``gui`` subcommand."""
    levels = "; ".join(f"{n} {level.description}" for n, level in LEVELS.items())
    gui = commands.add_parser(
        "gui",
        help="play in a window (needs pygame: pip install 'fourinarow[gui]')",
        description=(
            "Play Connect Four in a resizable window: a start menu (players, the computer's "
            "level, who starts, the board and the line to win), then the game. The options "
            "below fill in the menu. Mouse: the disc follows the pointer; click a column to drop "
            "it. Keys: Left/Right and Enter, or 1-9, drop a disc; U undo, R redo, H hint (every "
            "column's value), N new game, C colour-blind palette, M sound, F1 all keys, Esc "
            "menu, Q quit. When the game ends, Review (or R) steps through it with every move's "
            "grade, an evaluation graph and why each move was good or bad: Left/Right, "
            "Home/End, N/P next/previous mistake, L the best line, T retry your mistakes, Esc "
            "back. Every game is saved; Your games (G) on the menu opens one for review."
        ),
        epilog=f"Levels: {levels}.",
    )
    gui.add_argument(
        "--mode",
        choices=[mode.value for mode in Mode],
        default=Mode.HUMAN_VS_COMPUTER.value,
        help="who plays (default: human-vs-computer)",
    )
    gui.add_argument(
        "--level",
        type=_level,
        metavar="N",
        help="the computer's level, 1-10 (default: 5); with two computers, the first player's",
    )
    gui.add_argument(
        "--second-level",
        type=_level,
        metavar="N",
        help="computer vs computer: the second player's level (default: the same as --level)",
    )
    gui.add_argument(
        "--first",
        choices=FIRST_CHOICES,
        default="human",
        help="against the computer, who moves first (default: human)",
    )
    add_shape_options(gui)
    gui.add_argument(
        "--color-blind",
        "--colour-blind",
        action="store_true",
        help="orange and blue discs, the second player's ringed, on a grey board",
    )
    gui.add_argument("--mute", action="store_true", help="no sound")
    gui.add_argument(
        "--seed", type=seed_number, help="seed the computer's choices for repeatable games"
    )
    gui.add_argument(
        "--window",
        type=window_size,
        default=DEFAULT_WINDOW,
        metavar="WxH",
        help="the window's size in pixels when it opens (default: {}x{})".format(*DEFAULT_WINDOW),
    )
    gui.add_argument(
        "--no-menu", action="store_true", help="start the game at once with these options"
    )
    gui.add_argument(
        "--demo",
        action="store_true",
        help=(
            f"computer against computer at once (levels {DEMO_LEVELS[0]} and {DEMO_LEVELS[1]}, "
            f"seed {DEMO_SEED}, unless --level, --second-level and --seed say otherwise)"
        ),
    )
    gui.add_argument(
        "--screenshot",
        type=_png_path,
        metavar="PATH",
        help=(
            "with --demo: play without a window (SDL's dummy video driver, no sound), as fast "
            "as the computers think, and save the last frame to this PNG file (replaced whole; "
            "an existing device or FIFO is written through)"
        ),
    )
    gui.add_argument(
        "--review",
        action="store_true",
        help=(
            "with --demo --screenshot: save the review screen of the finished game at its "
            "first mistake or blunder instead of its end"
        ),
    )


def run(args: argparse.Namespace) -> int:
    """Run ``fourinarow gui`` with parsed arguments; return the exit status."""
    from fourinarow.gui.launch import DisplayError, NoDisplayError, run_gui

    if args.screenshot is not None and not args.demo:
        args.command_parser.error(
            "--screenshot goes with --demo (a headless game needs two computers)"
        )
    if args.review and args.screenshot is None:
        args.command_parser.error("--review goes with --demo --screenshot")
    width, height = args.size
    default_level, default_second = DEMO_LEVELS if args.demo else (5, None)
    level = args.level or default_level
    settings = GuiSettings(
        mode=Mode(args.mode),
        level=level,
        second_level=args.second_level or default_second or level,
        first=args.first,
        width=width,
        height=height,
        connect=args.connect,
        color_blind=args.color_blind,
        sound=not args.mute,
        seed=DEMO_SEED if args.demo and args.seed is None else args.seed,
    )
    try:
        return run_gui(
            settings,
            demo=args.demo,
            screenshot=args.screenshot,
            window=args.window,
            skip_menu=args.no_menu,
            review=args.review,
        )
    except NoDisplayError as error:  # the user's setting, as a bad option is: status 2
        print(f"fourinarow gui: error: {error}", file=sys.stderr)
        return 2
    except DisplayError as error:
        print(f"fourinarow gui: error: {error}", file=sys.stderr)
        return 1
