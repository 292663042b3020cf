"""``fourinarow show``: print the board a position reaches, and whose turn it is."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Any

from fourinarow.cli.options import (
    add_no_color,
    add_position_options,
    add_shape_options,
    read_position,
)
from fourinarow.cli.output import color_wanted
from fourinarow.core import Board
from fourinarow.core.render import render_ansi, render_text

__all__ = ["ShowSettings", "add_parser", "run"]


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``show`` subcommand."""
    show = commands.add_parser(
        "show",
        help="print the board a position reaches",
        description=(
            "Print the board reached by a move sequence such as 4453 (1-based columns), or "
            "with --grid the board a diagram shows, and whose turn it is."
        ),
    )
    add_position_options(show, optional=True)
    add_shape_options(show)
    add_no_color(show, "board")


@dataclass(frozen=True)
class ShowSettings:
    """What ``fourinarow show`` was asked for: the position, read and checked."""

    board: Board
    color: bool

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> ShowSettings:
        """The settings the parsed arguments ask for.

        Raises:
            FourInARowError: the position, diagram or shape is not valid.
        """
        return cls(board=read_position(args), color=color_wanted(args.no_color))


def run(args: argparse.Namespace) -> int:
    """Print the board and whose turn it is (or who has won); return 0."""
    return show(ShowSettings.from_args(args))


def show(settings: ShowSettings) -> int:
    """Print the board of ``settings`` and whose turn it is (or who has won); return 0."""
    board = settings.board
    print(render_ansi(board) if settings.color else render_text(board))
    outcome = board.outcome()
    if outcome is None:
        print(f"{'XO'[board.turn - 1]} to move.")
    elif outcome.winner is None:
        print("Draw.")
    else:
        print(f"{'XO'[outcome.winner - 1]} has won.")
    return 0
