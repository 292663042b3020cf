"""Command-line option types shared by the subcommands."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from fourinarow.agents.registry import MAX_TT_MB
from fourinarow.core import (
    MAX_SIDE,
    MIN_CONNECT,
    Board,
    InvalidBoardSizeError,
    InvalidPositionError,
    parse_size,
)
from fourinarow.core.grid import parse_diagram
from fourinarow.core.lines import read_text
from fourinarow.core.machine import available_cores
from fourinarow.core.numbers import InvalidNumberError, parse_float, parse_int
from fourinarow.core.paths import PathKindError, path_problem, shown_path
from fourinarow.search.checks import MAX_THREADS, table_too_large
from fourinarow.search.limit import MAX_NODES as MAX_LIMIT_NODES

__all__ = [
    "DIAGRAM_LIMIT",
    "MAX_GAMES",
    "MAX_NODES",
    "MAX_SEED",
    "MAX_TIME_MS",
    "MAX_WORKERS",
    "PATH_METAVARS",
    "add_no_color",
    "add_position_options",
    "add_shape_options",
    "board_size",
    "check_path_arguments",
    "chosen_parsers",
    "connect_length",
    "decimal_option",
    "diagram_board",
    "game_count",
    "node_count",
    "non_negative_number",
    "path_value",
    "ply_count",
    "positive_int",
    "positive_number",
    "read_position",
    "run_id",
    "say_what_to_type",
    "seed_number",
    "table_megabytes",
    "thread_count",
    "whole_option",
    "within_cores",
    "worker_count",
]

DIAGRAM_LIMIT = 16_384
"""The most characters of a diagram read from standard input (``--grid -``): a 20x20 board as
``fourinarow show`` draws it takes about 1,300."""

POSITION_HELP = (
    "moves played (4453; - or an empty string for the empty board), or with --grid a diagram"
)

MAX_TIME_MS = 86_400_000
"""The largest time budget an option takes: one day, in milliseconds."""

MAX_NODES = MAX_LIMIT_NODES
"""The largest node budget (``--max-nodes``): far more than any search reaches."""

MAX_WORKERS = 1024
"""The most worker processes an option asks for."""

MAX_GAMES = 1_000_000
"""The most games per pairing or match."""

MAX_SEED = 2**63 - 1
"""The largest seed (seeds go from 0): a 64-bit signed integer, as SQLite stores them."""


def whole_option(low: int, high: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``low`` to ``high`` in ASCII digits.

    >>> whole_option(1, 9)("4")
    4
    """

    def parse(text: str) -> int:
        try:
            return parse_int(text, low, high)
        except InvalidNumberError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


def decimal_option(low: float, high: float, *, above_low: bool = False) -> Callable[[str], float]:
    """An argparse type: a number from ``low`` (or above it) to ``high`` in ASCII digits.

    >>> decimal_option(0, 10)("2.5")
    2.5
    """

    def parse(text: str) -> float:
        try:
            return parse_float(text, low, high, above_low=above_low)
        except InvalidNumberError as error:
            raise argparse.ArgumentTypeError(str(error)) from None

    return parse


def board_size(text: str) -> tuple[int, int]:
    """Parse ``WxH`` (for example ``7x6``) into ``(width, height)`` for argparse.

    >>> board_size("8x7")
    (8, 7)
    """
    try:
        return parse_size(text)
    except InvalidBoardSizeError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


connect_length = whole_option(MIN_CONNECT, MAX_SIDE)
"""``--connect``: the line length that wins (the board's shape checks it further)."""

positive_int = whole_option(1, 10**9)
"""A whole number of at least 1 (up to a billion), such as a chunk size or a sample count."""

worker_count = whole_option(1, MAX_WORKERS)
"""``--workers``: worker processes (a command starts no more than :func:`within_cores`)."""


def within_cores(command: str, option: str, requested: int, *, cluster: bool = False) -> int:
    """The processes or threads to start for ``option`` (``--workers``, ``--threads``) given
    as ``requested``: no more than this machine's cores, saying so on standard error when it
    asked for more, unless they run on a ``cluster`` (whose size is its own). Every option of
    the kind goes through here, so that none starts a process per number asked for.
    """
    cores = available_cores()
    if requested <= cores or cluster:
        return requested
    print(
        f"fourinarow {command}: note: {option} {requested}: using {cores}, the number of cores",
        file=sys.stderr,
    )
    return cores


game_count = whole_option(1, MAX_GAMES)
"""``--games``: games per pairing or match."""


def ply_count(text: str) -> int:
    """Parse ``--plies`` or ``--opening-plies``: a number of moves in ASCII digits, at most the
    cells of the largest board; the command checks it against its own board (and refuses a
    negative one there, naming that board's range).

    >>> ply_count("8")
    8
    """
    cells = MAX_SIDE * MAX_SIDE
    try:
        return parse_int(text, -cells, cells)
    except InvalidNumberError:
        raise argparse.ArgumentTypeError(
            f"{text.strip()[:20]!r} is not a number of moves: write one from 0 to {cells} (at "
            "most the board's cells) in the digits 0-9"
        ) from None


run_id = whole_option(0, 2**63 - 1)
"""``--resume ID``: a run's number in the database (a 64-bit SQLite row id)."""

node_count = whole_option(1, MAX_NODES)
"""``--max-nodes``: positions a search may visit."""

seed_number = whole_option(0, MAX_SEED)
"""``--seed``: seeds the random choices."""

non_negative_number = decimal_option(0, MAX_TIME_MS)
"""``--time-ms`` where 0 means "answer at once": milliseconds, at most a day."""

positive_number = decimal_option(0, MAX_TIME_MS, above_low=True)
"""``--time-ms`` where the time must be above 0: milliseconds, at most a day."""

_table_size = decimal_option(0, MAX_TT_MB, above_low=True)


def table_megabytes(text: str) -> float:
    """Parse ``--tt-mb``: the size of a transposition table in megabytes, above 0, at most
    ``MAX_TT_MB`` and at most this machine's memory.

    >>> table_megabytes("64")
    64.0
    """
    megabytes = _table_size(text)
    problem = table_too_large(megabytes)
    if problem:
        raise argparse.ArgumentTypeError(problem)
    return megabytes


thread_count = whole_option(1, MAX_THREADS)
"""``--threads``: the threads one search runs on."""


class _StoreSize(argparse.Action):
    """Store ``--size`` and note that it was given (``size_given``): a ``--grid`` diagram then
    has to be of that size."""

    def __call__(
        self,
        parser: argparse.ArgumentParser,
        namespace: argparse.Namespace,
        values: object,
        option_string: str | None = None,
    ) -> None:
        setattr(namespace, self.dest, values)
        namespace.size_given = True


def add_no_color(parser: argparse.ArgumentParser, what: str = "boards") -> None:
    """Add ``--no-color``, which every command that prints in colour takes: ``what`` (boards,
    tables) in plain text, and the progress bars on standard error without colour."""
    parser.add_argument(
        "--no-color",
        action="store_true",
        help=f"plain text {what} and progress, no colour (as when NO_COLOR is set or output is "
        "not a terminal)",
    )


def add_shape_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--size WxH`` and ``--connect N``."""
    parser.add_argument(
        "--size",
        type=board_size,
        action=_StoreSize,
        default=(7, 6),
        metavar="WxH",
        help=f"board width x height, each 1-{MAX_SIDE} (default: 7x6)",
    )
    parser.add_argument(
        "--connect",
        type=connect_length,
        default=4,
        metavar="N",
        help="line length that wins, 2 up to the larger side (default: 4)",
    )


def add_position_options(parser: argparse.ArgumentParser, *, optional: bool = False) -> None:
    """Add the ``POSITION`` argument and ``--grid`` (read it as a board diagram)."""
    if optional:
        parser.add_argument(
            "position", nargs="?", default="", metavar="POSITION", help=POSITION_HELP
        )
    else:
        parser.add_argument("position", metavar="POSITION", help=POSITION_HELP)
    parser.add_argument(
        "--grid",
        action="store_true",
        help=(
            "POSITION is a board diagram: rows top to bottom, ./X/O or 0/1/2, rows separated "
            "by / or newlines; - reads it from standard input (on a terminal: type the rows, "
            "then Ctrl-D). The board is the diagram's "
            "shape; a --size given must be the same"
        ),
    )


def diagram_board(text: str, connect: int, size: tuple[int, int] | None = None) -> Board:
    """The board a ``--grid`` diagram draws, of the diagram's shape, which has to be ``size``
    (``(width, height)``, where ``--size`` was given).

    Raises:
        FourInARowError: the diagram is not valid, or not of that size.

    >>> diagram_board("..../..X.", 3).to_moves()
    '3'
    """
    rows = parse_diagram(text)
    shape = (len(rows[0]), len(rows))
    if size is not None and shape != size:
        width, height = size
        raise InvalidPositionError(
            f"--grid: the diagram is {shape[0]}x{shape[1]} ({shape[0]} columns, {shape[1]} "
            f"rows) but --size is {width}x{height}: give a diagram of {width}x{height}, or "
            "leave out --size to read the diagram's shape"
        )
    return Board.from_diagram(text, connect=connect)


def read_position(args: argparse.Namespace) -> Board:
    """The board that ``POSITION`` (moves, or with ``--grid`` a diagram) and the shape options
    describe.

    Raises:
        FourInARowError: the position, diagram or shape is not valid, or the diagram is not of
            the ``--size`` given.
    """
    width, height = args.size
    if args.grid:
        text = args.position
        if text.strip() == "-":
            say_what_to_type(
                sys.stdin, args.command, "the diagram, a row a line from the top (. X O)"
            )
            text = read_text(sys.stdin, "the diagram on standard input", DIAGRAM_LIMIT)
        size = (width, height) if getattr(args, "size_given", False) else None
        return diagram_board(text, args.connect, size)
    moves = "" if args.position.strip() == "-" else args.position
    return Board.from_moves(moves, width=width, height=height, connect=args.connect)


def say_what_to_type(stdin: TextIO, command: str, what: str) -> None:
    """When ``stdin`` is a terminal, say on standard error in one line what ``command`` waits
    for there (``what``) and how to end it, so that a command reading it does not look hung.

    >>> import io
    >>> say_what_to_type(io.StringIO(), "solve", "positions")  # not a terminal: nothing
    """
    if stdin.isatty():
        end = "Ctrl-Z then Enter" if os.name == "nt" else "Ctrl-D"
        print(f"fourinarow {command}: type {what}; end with {end}", file=sys.stderr, flush=True)


PATH_METAVARS = {"PATH": "a file's path", "FILE": "a file's path", "DIR": "a folder's path",
                 "SOURCE": "a file's path or an http(s) URL"}  # fmt: skip
"""The metavars of the options and arguments that name a file or a folder, and what each
accepts: :func:`check_path_arguments` checks every one of them before its command runs."""


def path_value(text: str) -> Path:
    """An argparse type: a path, as a ``Path`` (which would read an empty one as ``.``, the
    current folder: refused here, as :func:`check_path_arguments` refuses it for the options
    kept as text).

    >>> path_value("set.jsonl")
    PosixPath('set.jsonl')
    """
    if not text:
        raise argparse.ArgumentTypeError("the path is empty; give a path")
    return Path(text)


def chosen_parsers(args: argparse.Namespace) -> list[argparse.ArgumentParser]:
    """The parser of ``args.command`` and those of its chosen actions (``book build``)."""
    found = []
    parser: argparse.ArgumentParser | None = args.command_parser
    while parser is not None:
        found.append(parser)
        actions = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
        name = getattr(args, actions[0].dest, None) if actions else None
        parser = actions[0].choices.get(name) if name else None
    return found


def check_path_arguments(args: argparse.Namespace) -> None:
    """Refuse, before the command runs, a path given to any of its options or arguments whose
    metavar is one of :data:`PATH_METAVARS` that can name nothing usable: empty, a symbolic
    link loop or a link to nothing, a name too long, a file or a folder this user may not
    enter on the way (:func:`~fourinarow.core.paths.path_problem`). The kind of file each
    needs (a regular file, a folder, a device written through) is the command's to check.

    Raises:
        PathKindError: the first such path, named with its option and what is accepted.
    """
    for parser in chosen_parsers(args):
        for action in parser._actions:
            accepted = (
                PATH_METAVARS.get(action.metavar) if isinstance(action.metavar, str) else None
            )
            value = getattr(args, action.dest, None)
            if accepted is None or value is None:
                continue
            for path in value if isinstance(value, list) else [value]:
                if action.metavar == "SOURCE" and "://" in str(path):
                    continue  # a URL: its own checks say what is wrong with it
                problem = path_problem(path)
                if problem is not None:
                    label = f"{action.option_strings[-1]} " if action.option_strings else ""
                    raise PathKindError(
                        f"{label}{shown_path(path) or repr('')}: {problem}; give {accepted}"
                    )
