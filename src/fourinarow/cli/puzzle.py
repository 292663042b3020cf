"""``fourinarow puzzle``: play puzzles in the terminal, and ``puzzle generate`` to make a set.

The play options and session are in :mod:`fourinarow.cli.puzzle_play`; the generator's in
:mod:`fourinarow.cli.puzzle_generate`.
"""

from __future__ import annotations

import argparse
from typing import Any

from fourinarow.cli.help_format import ParagraphHelpFormatter

__all__ = ["add_parser", "run"]


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``puzzle`` subcommand and its ``generate`` action."""
    from fourinarow.cli.puzzle_generate import add_generate_parser
    from fourinarow.cli.puzzle_play import DESCRIPTION, add_play_options

    parser = commands.add_parser(
        "puzzle",
        help="solve puzzles (or make a set with: puzzle generate)",
        description=DESCRIPTION,
        formatter_class=ParagraphHelpFormatter,
    )
    add_play_options(parser)
    # argparse shows a subcommand as required ("ACTION ...") even when it is not: the usage
    # says instead that the command plays without one and makes a set with "generate".
    playing = parser.format_usage().removeprefix("usage: ").rstrip("\n")
    actions = parser.add_subparsers(
        title="action",
        description="Without one, puzzle plays puzzles (the options above).",
        dest="action",
        metavar="ACTION",
        parser_class=type(parser),
        required=False,
    )
    add_generate_parser(actions)
    # Set after add_subparsers, which names the subcommands from the usage ("fourinarow puzzle").
    parser.usage = playing.replace("%", "%%") + "\n       %(prog)s generate [options]"


def run(args: argparse.Namespace) -> int:
    """Play puzzles, or with ``generate`` make a set; return the exit status."""
    if args.action == "generate":
        from fourinarow.cli.puzzle_generate import run_generate

        return run_generate(args)
    from fourinarow.cli.puzzle_play import run_play

    return run_play(args)
