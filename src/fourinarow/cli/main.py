"""The ``fourinarow`` command: argument parsing and dispatch to the subcommands."""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Sequence
from typing import NoReturn, TextIO

from fourinarow import __version__
from fourinarow.agents import AGENTS, make_agent
from fourinarow.cli.options import (
    add_position_options,
    add_shape_options,
    non_negative_number,
    read_position,
    seed_number,
)
from fourinarow.cli.output import OutputError, color_wanted, discard_output, guarded_stdout
from fourinarow.core import (
    Board,
    FourInARowError,
)
from fourinarow.core.render import render_ansi, render_text
from fourinarow.extras import MissingExtraError, RayConnectionError

__all__ = ["build_parser", "main"]

USER_ERRORS = (FourInARowError, MissingExtraError, RayConnectionError)
"""Errors caused by what the user typed (every ``FourInARowError``, a Ray address where no
cluster answers) or a missing extra: reported in one line with exit status 2."""


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line: what was wrong, and where to read more."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``fourinarow`` command and its subcommands."""
    parser = _Parser(
        prog="fourinarow",
        description="Connect Four for any board size: play in the terminal, or use the engine.",
    )
    parser.add_argument("--version", action="version", version=f"fourinarow {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = commands.add_parser(
        "play",
        help="play a game in the terminal",
        description=(
            "Play Connect Four in the terminal against the computer (or another human). "
            "Type a column number (or letter) to drop a stone; u undoes your last move, "
            "? shows help, q quits; when a game ends, r reviews it."
        ),
    )
    play.add_argument(
        "--opponent",
        default="level:5",
        metavar="SPEC",
        help=f"the computer player: {', '.join(AGENTS)} (default: level:5; see fourinarow agents)",
    )
    play.add_argument(
        "--first",
        choices=("human", "computer", "random"),
        default="human",
        help="who moves first (default: human)",
    )
    add_shape_options(play)
    play.add_argument("--name", help="your name (default: You; Player 1 with --human-vs-human)")
    play.add_argument(
        "--human-vs-human", action="store_true", help="two humans take turns at one terminal"
    )
    play.add_argument(
        "--no-color",
        action="store_true",
        help="plain text board (also when NO_COLOR is set or output is not a terminal)",
    )
    play.add_argument(
        "--seed", type=seed_number, help="seed the computer's choices for a repeatable game"
    )
    play.add_argument(
        "--time-ms",
        type=non_negative_number,
        default=2000,
        metavar="T",
        help="the computer's thinking time per move, for players that use time; 0 answers at "
        "once (default: 2000)",
    )
    play.add_argument(
        "--review", action="store_true", help="review each game when it ends, without asking"
    )
    play.set_defaults(handler=_run_play)

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
    show.add_argument("--no-color", action="store_true", help="plain text board")
    show.set_defaults(handler=_run_show)

    from fourinarow.cli.solve import add_solve_parser

    add_solve_parser(commands)

    from fourinarow.cli.review import add_review_parser

    add_review_parser(commands)

    from fourinarow.cli.puzzle import add_puzzle_parser

    add_puzzle_parser(commands)

    from fourinarow.cli.move import add_move_parsers

    add_move_parsers(commands)

    from fourinarow.cli.tournament import add_tournament_parsers

    add_tournament_parsers(commands)

    from fourinarow.cli.gui import add_gui_parser

    add_gui_parser(commands)

    from fourinarow.cli.book import add_book_parser

    add_book_parser(commands)

    from fourinarow.cli.gtp import add_gtp_parser

    add_gtp_parser(commands)

    from fourinarow.cli.kaggle import add_kaggle_parser

    add_kaggle_parser(commands)

    from fourinarow.cli.serve import add_serve_parser

    add_serve_parser(commands)

    agents = commands.add_parser(
        "agents",
        help="list the computer players",
        description="List the computer players that --opponent accepts, one per line.",
    )
    agents.set_defaults(handler=_run_agents)
    for command in commands.choices.values():
        command.set_defaults(command_parser=command)
    return parser


def _run_play(args: argparse.Namespace) -> int:
    from fourinarow.cli.play import GameSettings, TerminalGame

    width, height = args.size
    Board(width, height, args.connect)  # validate the shape before anything starts
    if not args.human_vs_human:
        make_agent(args.opponent)  # validate the spec
    settings = GameSettings(
        width=width,
        height=height,
        connect=args.connect,
        opponent=args.opponent,
        first=args.first,
        name=args.name,
        human_vs_human=args.human_vs_human,
        color=color_wanted(args.no_color),
        think_time=args.time_ms / 1000,
        seed=args.seed,
        review=args.review,
    )
    return TerminalGame(settings).run()


def _run_show(args: argparse.Namespace) -> int:
    board = read_position(args)
    print(render_ansi(board) if color_wanted(args.no_color) else render_text(board))
    outcome = board.outcome()
    if outcome is None:
        print(f"{'XO'[board.turn - 1]} to move.")
    elif outcome.winner is None:
        print("Draw.")
    else:
        print(f"{'XO'[outcome.winner - 1]} has won.")
    return 0


def _run_agents(args: argparse.Namespace) -> int:
    from fourinarow.agents.registry import agent_info, plugin_names

    for name, info in AGENTS.items():
        print(f"{name:<10} {info.description}")
    for name in plugin_names():
        plugin = agent_info(name)
        if plugin is not None:
            print(f"{name:<10} {plugin.description}")
    print(
        "Every agent also takes blunder=P: a random move with probability P (simple:blunder=0.3)."
    )
    return 0


def _one_line_warning(
    message: Warning | str,
    category: type[Warning],
    filename: str,
    lineno: int,
    file: TextIO | None = None,
    line: str | None = None,
) -> None:
    """Warnings (such as a damaged shipped book) as one line, without Python's source line."""
    print(f"fourinarow: warning: {message}", file=file or sys.stderr)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; return the exit status (2 for bad input, 1 where the output cannot
    be written, 130 for Ctrl-C)."""
    warnings.showwarning = _one_line_warning
    with guarded_stdout() as stdout:
        command = "fourinarow"
        try:
            try:
                parser = build_parser()
                args, extra = parser.parse_known_args(argv)
                if args.command is not None:
                    command = f"fourinarow {args.command}"
                return _run_command(parser, args, extra)
            finally:
                sys.stdout.flush()  # a write error shows here, not when Python exits
        except OutputError as error:  # a full disk, a closed standard output (>&-)
            print(f"{command}: error: cannot write the output: {error}", file=sys.stderr)
            discard_output(stdout)
            return 1
        except BrokenPipeError:
            # The reader went away (``| head``): stop quietly, with nothing more to write.
            discard_output(stdout)
            return 1


def _run_command(
    parser: argparse.ArgumentParser, args: argparse.Namespace, extra: list[str]
) -> int:
    """Run the subcommand ``args`` names; report the errors a user can cause in one line."""
    if args.command is None:
        if extra:
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        parser.print_help()
        return 0
    if extra:  # report them against the subcommand, whose options the user meant
        args.command_parser.error(f"unrecognized arguments: {' '.join(extra)}")
    try:
        status: int = args.handler(args)
    except USER_ERRORS as error:
        print(f"fourinarow {args.command}: error: {error}", file=sys.stderr)
        return 2
    except MemoryError as error:  # a table size (--tt-mb, tt_mb=) larger than the machine has
        detail = f"{error}; " if str(error) else ""
        print(
            f"fourinarow {args.command}: error: out of memory: {detail}"
            "ask for a smaller transposition table (--tt-mb, or tt_mb= in an agent spec)",
            file=sys.stderr,
        )
        return 2
    except KeyboardInterrupt:
        print(file=sys.stderr)
        return 130
    return status
