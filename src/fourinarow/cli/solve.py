"""``fourinarow solve``: exact scores of positions from the arguments or standard input."""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any, TextIO

from fourinarow.agents.perfect import PerfectAgent
from fourinarow.agents.registry import MAX_TT_MB
from fourinarow.cli.help_format import ParagraphHelpFormatter
from fourinarow.cli.kernels import note_pure_python
from fourinarow.cli.long_searches import warn_if_unbounded_solve
from fourinarow.cli.options import (
    add_shape_options,
    diagram_board,
    node_count,
    non_negative_number,
    say_what_to_type,
    table_megabytes,
    thread_count,
    within_cores,
)
from fourinarow.cli.progress_bars import job_text, search_status
from fourinarow.core import Board, Geometry, InvalidPositionError
from fourinarow.core.lines import LINE_LIMIT, read_lines
from fourinarow.search.book import Book
from fourinarow.search.book.default import has_default_book
from fourinarow.search.checks import default_threads
from fourinarow.search.limit import Limit
from fourinarow.search.solve_progress import SolveProgress
from fourinarow.search.solver import Solver
from fourinarow.service.jobs import start_job, wait_interruptibly
from fourinarow.service.records import analysis_record, solution_record
from fourinarow.service.words import ESTIMATE_RULE, MOVES_RULE, labels

__all__ = ["SolveSettings", "add_parser", "run", "solve"]

DESCRIPTION = f"""\
Solve Connect Four positions exactly. Positions are move sequences in 1-based columns (4453);
with no POSITION arguments they are read from standard input, one per line (an empty line or -
is the empty board; anything after the first word of a line is ignored, so the standard
benchmark files can be piped in as they are). Standard input on a terminal gets a line on
standard error saying what to type; Ctrl-D ends it.

Each line prints "<position> <score>" (the empty board as -). Scores are from the side to move's
view: 0 a draw, positive a win (larger for a faster win: (W*H + 1 - stones) // 2 with the stones
on the board before the winning one), negative a loss. When --time-ms or --max-nodes stop a
search first, the proven bounds are printed as LOW..HIGH instead of a score. With --analyze and
a limit, a column not proven in time gets the engine's estimate instead, such as ~+1.2:
{ESTIMATE_RULE}. In words (with --json), {MOVES_RULE}. Without a limit, on a board with no
opening book, a warning on standard error says so before a position that may take hours to
prove.

A malformed or illegal position is reported on standard error with its line number and skipped;
the exit status is then 2. A line longer than {LINE_LIMIT:,} characters (a game on the largest
board, 20x20, takes at most 1,200), or a closed standard input, ends the command with status 2.

On a terminal, a search that runs for more than a second shows on standard error how far it has
come: the time, the nodes, their rate and the bounds proven so far (with --analyze, each column's
value so far). Ctrl-C prints the position's line with what is proven (LOW..HIGH; with --analyze
the columns done, the bounds of the one being searched and ? for the rest), a line on standard
error, and exits with status 130.
"""


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``solve`` subcommand."""
    parser = commands.add_parser(
        "solve",
        help="exact scores of positions (a perfect solver)",
        description=DESCRIPTION,
        formatter_class=ParagraphHelpFormatter,
    )
    parser.add_argument(
        "positions", nargs="*", metavar="POSITION", help="moves, e.g. 4453; with --grid a diagram"
    )
    parser.add_argument(
        "--grid",
        action="store_true",
        help=(
            "each POSITION (each line of standard input) is a board diagram: rows top to "
            "bottom, ./X/O or 0/1/2, separated by /, such as ......./......./......./......./"
            "...O.../..OXX..; the board is the diagram's shape (a --size given must be the same)"
        ),
    )
    parser.add_argument("--weak", action="store_true", help="only win (1), draw (0) or loss (-1)")
    parser.add_argument(
        "--analyze",
        action="store_true",
        help=(
            "print the score of every column 1..W in order instead: - for a full column, "
            "LOW..HIGH where a limit stopped its search, ? for a column not reached"
        ),
    )
    parser.add_argument(
        "--json",
        action="store_true",
        help=(
            "one JSON object per line: position, score (null when a limit stopped the search, "
            "with lower and upper), moves and words (the score in words, such as loss in 18, "
            "and its N), best_moves (1-based), exact, nodes, time_ms; with --analyze: scores "
            "(per column, the exact value or null), columns (per column, its typed value: "
            "exact, bounds, estimate, full or not searched, with its words), best_moves, exact "
            "(every legal column exact), nodes, time_ms"
        ),
    )
    add_shape_options(parser)
    parser.add_argument(
        "--tt-mb",
        type=table_megabytes,
        default=128,
        metavar="MB",
        help=f"transposition table size in megabytes (128; at most {MAX_TT_MB})",
    )
    parser.add_argument(
        "--threads",
        type=thread_count,
        default=default_threads(),
        metavar="N",
        help="search each position on N threads sharing the table (1 to 64, at most the "
        f"cores, saying so; default: the cores this process may use, here {default_threads()}): "
        "the same scores, sooner on several cores",
    )
    books = parser.add_mutually_exclusive_group()
    books.add_argument(
        "--book",
        metavar="PATH",
        help="consult this opening book, a regular file (default: 'shipped', the shape's "
        "default book: the one shipped or installed with 'fourinarow book install', the deeper)",
    )
    books.add_argument("--no-book", action="store_true", help="consult no opening book")
    parser.add_argument(
        "--time-ms",
        type=non_negative_number,
        metavar="T",
        help="stop each search after T ms (0: at once, with what the book or one batch proves)",
    )
    parser.add_argument(
        "--max-nodes",
        type=node_count,
        metavar="N",
        help="stop each search after about N nodes (counted in batches of 4096)",
    )


@dataclass(frozen=True)
class SolveSettings:
    """What ``fourinarow solve`` was asked for: the shape, the book and the limits checked."""

    positions: tuple[str, ...]  # none: read them from standard input
    width: int
    height: int
    connect: int
    weak: bool
    analyze: bool
    json: bool
    tt_mb: float
    threads: int
    book: Book | bool  # a book read from --book, else whether to use the shape's default one
    limit: Limit
    grid: bool = False  # each position is a diagram, of its own shape unless size_given
    size_given: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> SolveSettings:
        """The settings ``solve``'s arguments ask for; the book (--book) is found and read.

        Raises:
            FourInARowError: the shape is not valid, or the book cannot be read or is of
                another shape.
        """
        width, height = args.size
        Board(width, height, args.connect)  # a bad shape or book stops everything at once
        book: Book | bool = not args.no_book
        if args.book is not None:
            from fourinarow.cli.book import resolve_book_path

            shape = Geometry(width, height, args.connect)
            path = resolve_book_path(args.book, shape)  # there is one
            if args.book != "shipped":  # the default book is read as the solver reads it
                book = Book.load(path)
                book.require_shape(width, height, args.connect)
        time_limit = None if args.time_ms is None else args.time_ms / 1000
        return cls(
            positions=tuple(args.positions),
            width=width,
            height=height,
            connect=args.connect,
            weak=args.weak,
            analyze=args.analyze,
            json=args.json,
            tt_mb=args.tt_mb,
            threads=within_cores("solve", "--threads", args.threads),
            book=book,
            limit=Limit(time_limit, nodes=args.max_nodes),
            grid=args.grid,
            size_given=getattr(args, "size_given", False),
        )


def _inputs(positions: tuple[str, ...], stdin: TextIO) -> Iterator[tuple[str, str]]:
    """(where, position text) pairs: from the arguments, else from standard input."""
    if positions:
        for number, text in enumerate(positions, start=1):
            yield f"argument {number}", text
        return
    say_what_to_type(stdin, "solve", "positions, one a line (4453; - for the empty board)")
    for number, line in enumerate(read_lines(stdin, "standard input"), start=1):
        words = line.split()
        yield f"line {number}", words[0] if words else ""


def _board(text: str, settings: SolveSettings) -> Board:
    """The position ``text`` gives: moves (- or nothing: the empty board), or with ``--grid``
    a diagram.

    Raises:
        FourInARowError: it is not a valid position of the board asked for.
    """
    s = settings
    if s.grid:
        return diagram_board(text, s.connect, (s.width, s.height) if s.size_given else None)
    moves = "" if text.strip() == "-" else text
    return Board.from_moves(moves, width=s.width, height=s.height, connect=s.connect)


def _unbounded_without_book(board: Board, settings: SolveSettings) -> bool:
    """Whether ``board`` is to be solved with no limit and no opening book of its shape."""
    if (settings.limit.time, settings.limit.nodes) != (None, None):
        return False
    if isinstance(settings.book, Book):
        return False
    return not settings.book or not has_default_book(board.width, board.height, board.connect)


def _value(lower: int, upper: int) -> str:
    return str(lower) if lower == upper else f"{lower}..{upper}"


def run(args: argparse.Namespace) -> int:
    """Solve every position the arguments give; return 2 if any was bad, else 0."""
    return solve(SolveSettings.from_args(args))


def solve(settings: SolveSettings) -> int:
    """Solve every position and print its line; return 2 if any was bad, 130 after Ctrl-C,
    else 0."""
    s, limit = settings, settings.limit
    estimating = s.analyze and not s.weak and (limit.time, limit.nodes) != (None, None)
    analyst = PerfectAgent(tt_mb=s.tt_mb, book=s.book, threads=s.threads) if estimating else None
    solver = (
        Solver(tt_mb=s.tt_mb, book=s.book, threads=s.threads) if analyst is None else analyst.solver
    )
    status, searched, warned = 0, False, False
    for where, text in _inputs(s.positions, sys.stdin):
        try:
            board = _board(text, s)
            if not searched:  # said once, before the first search
                note_pure_python("solve", board.width, board.height)
                searched = True
            if not warned and _unbounded_without_book(board, s):
                warn_if_unbounded_solve(board)
                warned = True
            line = _search(solver, analyst, board, s)
        except InvalidPositionError as error:
            print(f"fourinarow solve: error: {where}: {error}", file=sys.stderr, flush=True)
            status = 2
            continue
        if line is None:
            return 130
        print(line, flush=True)
    return status


def _search(
    solver: Solver,
    analyst: PerfectAgent | None,
    board: Board,
    settings: SolveSettings,
) -> str | None:
    """The position's line; ``None`` after Ctrl-C, once what was proven is printed."""
    job = start_job(lambda control: _solve_one(solver, analyst, board, settings), solver=solver)
    with search_status(lambda: job_text(job.progress(), board)) as display:
        try:
            return wait_interruptibly(job)
        except KeyboardInterrupt:
            pass
    if sys.stderr.isatty() and not display.shown:
        print(file=sys.stderr)  # after the terminal's ^C
    stopped = job.progress()
    elapsed = f"stopped by Ctrl-C after {stopped.elapsed:.1f} s"
    progress = _progress_of(solver, board, settings.analyze)
    if progress is None:  # not begun (the book, the table), or not a search of the solver's
        print(
            f"fourinarow solve: {elapsed} and {stopped.spent:,} nodes; no line to print",
            file=sys.stderr,
        )
        return None
    print(_stopped_line(progress, board, settings.json), flush=True)
    found = "each column's value found" if settings.analyze else "the bounds proven"
    print(
        f"fourinarow solve: {elapsed} and {progress.nodes:,} nodes; printed {found} so far",
        file=sys.stderr,
    )
    return None


def _progress_of(solver: Solver, board: Board, analyze: bool) -> SolveProgress | None:
    """The solver's progress on ``board``, if its search of it (of every column, with
    ``analyze``) has begun."""
    progress = solver.progress
    if progress is None or progress.board != board:
        return None
    return progress if (progress.values is not None) == analyze else None


def _stopped_line(progress: SolveProgress, board: Board, as_json: bool) -> str:
    """The position's line when Ctrl-C stopped its search: as a limit would have (with --json,
    best_moves empty)."""
    shown = board.to_moves() or "-"
    if progress.values is not None:
        if not as_json:
            return " ".join([shown, *labels(progress.values)])
        return json.dumps(analysis_record(board, progress.values))
    if not as_json:
        return f"{shown} {_value(progress.lower, progress.upper)}"
    record = solution_record(
        board, progress.lower, progress.upper, nodes=progress.nodes, elapsed=progress.elapsed
    )
    return json.dumps(record)


def _solve_one(
    solver: Solver,
    analyst: PerfectAgent | None,
    board: Board,
    settings: SolveSettings,
) -> str:
    """One position's line: its score, or with ``--analyze`` every column's value (under a
    limit, columns not proven get the engine's estimates from ``analyst``)."""
    shown = board.to_moves() or "-"
    if settings.analyze:
        if analyst is not None:
            analysis = analyst.analyze(board, settings.limit)
        else:
            analysis = solver.analyze(board, settings.limit, weak=settings.weak)
        if not settings.json:
            return " ".join([shown, *labels(analysis)])
        return json.dumps(analysis_record(board, analysis))
    solution = solver.solve(board, settings.limit, weak=settings.weak)
    if not settings.json:
        return f"{shown} {_value(solution.lower, solution.upper)}"
    elapsed, nodes = solution.elapsed, solution.nodes
    best: tuple[int, ...] = ()
    if solution.exact:
        start = time.perf_counter()
        best = tuple(solver.best_moves(board, weak=settings.weak, solution=solution))
        elapsed += time.perf_counter() - start
        nodes += solver.last_nodes  # the searches that found the best moves
    record = solution_record(
        board,
        solution.lower,
        solution.upper,
        best_moves=best,
        weak=settings.weak,
        nodes=nodes,
        elapsed=elapsed,
    )
    return json.dumps(record)
