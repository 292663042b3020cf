"""``fourinarow puzzle``: play puzzles in the terminal, and ``puzzle generate`` to make a set.

The play options and session are in :mod:`fourinarow.cli.puzzle_play`; the generator's in
:mod:`fourinarow.cli.puzzle_generate`.
"""

from __future__ import annotations

import argparse
from typing import Any

__all__ = ["add_parser", "run"]


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``puzzle`` subcommand and its ``generate`` action."""
    from fourinarow.cli.puzzle_generate import add_generate_parser
    from fourinarow.cli.puzzle_play import DESCRIPTION, add_play_options

    parser = commands.add_parser(
        "puzzle",
        help="solve puzzles (or make a set with: puzzle generate)",
        description=DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_play_options(parser)
    actions = parser.add_subparsers(
        dest="action", metavar="ACTION", parser_class=type(parser), required=False
    )
    add_generate_parser(actions)


def run(args: argparse.Namespace) -> int:
    """Play puzzles, or with ``generate`` make a set; return the exit status."""
    if args.action == "generate":
        from fourinarow.cli.puzzle_generate import run_generate

        return run_generate(args)
    from fourinarow.cli.puzzle_play import run_play

    return run_play(args)
