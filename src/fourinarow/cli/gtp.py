"""``fourinarow gtp``: the engine over a text protocol on standard input and output."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from fourinarow.cli.help_format import ParagraphHelpFormatter
from fourinarow.cli.options import add_shape_options, non_negative_number, seed_number
from fourinarow.integrations.gtp import (
    COMMAND_LIMIT,
    COMMANDS,
    GtpEngine,
    read_commands,
    serve,
)

__all__ = ["add_parser", "run"]

DESCRIPTION = (
    f"""\
Play over a text protocol: the GTP subset that OpenSpiel's GTPBot speaks for connect_four, and a
few commands of our own. Read one command a line from standard input; answer each with "= TEXT"
(or "? MESSAGE" when it fails) and a blank line; stop at quit or the end of the input. A command
may start with a numeric id, which the answer repeats (=7 x3). A line longer than
{COMMAND_LIMIT:,} characters is answered with a failure, and the session goes on.

Moves are OpenSpiel's action names: the mover's letter and the 0-based column (x3 is the first
player's stone in the fourth column); play also takes a column letter (a is the leftmost).
Colours: x, b or black for the first player; o, w or white for the second.

Commands:
"""
    + "\n".join(f"  {name:<17}{text}" for name, text in COMMANDS.items())
    + """

For example, with OpenSpiel:
  GTPBot(pyspiel.load_game("connect_four"), ["fourinarow", "gtp", "--agent", "level:5"])
"""
)


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``gtp`` subcommand."""
    parser = commands.add_parser(
        "gtp",
        help="the engine over a text protocol (GTP) on stdin/stdout",
        description=DESCRIPTION,
        formatter_class=ParagraphHelpFormatter,
    )
    parser.add_argument(
        "--agent",
        default="perfect",
        metavar="SPEC",
        help="the agent that answers genmove and analyze (default: perfect)",
    )
    add_shape_options(parser)
    parser.add_argument(
        "--time-ms",
        type=non_negative_number,
        default=1000.0,
        metavar="T",
        help="the agent's time per genmove and analyze in ms (default: 1000; time_ms T changes it)",
    )
    parser.add_argument("--seed", type=seed_number, help="seed the agent's random choices")


def run(args: argparse.Namespace) -> int:
    """Answer commands from standard input until quit or its end; return 0."""
    width, height = args.size
    engine = GtpEngine(
        args.agent,
        width=width,
        height=height,
        connect=args.connect,
        time_ms=args.time_ms,
        seed=args.seed,
    )
    return serve(engine, read_commands(sys.stdin), sys.stdout)
