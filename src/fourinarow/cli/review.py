"""``fourinarow review``: grade every move of a game with the exact solver, and by the engine's
estimates where the solver proves nothing in time."""

from __future__ import annotations

import argparse
import enum
import json
import sys
from dataclasses import dataclass
from typing import Any

from fourinarow.cli.help_format import ParagraphHelpFormatter
from fourinarow.cli.options import (
    add_no_color,
    add_shape_options,
    node_count,
    non_negative_number,
    say_what_to_type,
)
from fourinarow.cli.output import color_wanted
from fourinarow.cli.progress_bars import review_progress
from fourinarow.cli.results import db_help
from fourinarow.cli.retry import RETRY_HELP, Retry
from fourinarow.cli.review_agent import AgentReview, add_agent_options, run_agent_review
from fourinarow.cli.review_db import DB_HELP, StoredGames, add_db_options, run_review_db
from fourinarow.cli.review_text import review_text
from fourinarow.core import Board, Geometry, InvalidPositionError, Player
from fourinarow.core.lines import LINE_LIMIT, read_lines
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver
from fourinarow.service.budgets import PROOF_SHARE, REVIEW_SECONDS, review_position_limit
from fourinarow.service.jobs import start_review
from fourinarow.service.puzzles import Progress, default_progress_path
from fourinarow.service.records import review_record
from fourinarow.service.reviews import ReviewError
from fourinarow.service.words import ESTIMATE_RULE, MOVES_RULE, VALUES_RULE

__all__ = [
    "DEFAULT_TIME_MS",
    "YOURS",
    "ReviewSettings",
    "add_limit_options",
    "add_parser",
    "add_retry_options",
    "check_retry_file",
    "review_moves",
    "run",
]

_NO_RETRY = False
"""``--retry``'s value when it is not given (``None`` is "both players")."""


class _Retry(enum.Enum):
    YOURS = "yours"


YOURS = _Retry.YOURS
"""``--retry``'s value when it is given without a side: yours in a saved game against the
computer, else both players'."""

DEFAULT_TIME_MS = REVIEW_SECONDS * 1000
"""The time per position on boards without an opening book (a shape with one, shipped or
installed, has no limit: it is proven quickly with the book)."""

DESCRIPTION = f"""\
Review a game: every move is graded against the exact solver. MOVES is the game in 1-based
columns (4453; comma-separated on boards wider than 9), or - to read it from standard input
(the first word of the first non-empty line, of at most {LINE_LIMIT:,} characters).

Grades: best (keeps the position's value), ?! inaccuracy (the same result, but a slower win or a
faster loss), ? mistake (a win drawn or a draw lost), ?? blunder (a win lost); a grade that
bounds alone decide is marked with *. Values are the standard scores for the side to move:
{VALUES_RULE}; {MOVES_RULE}.

Within a time or node limit the solver proves what it can in {PROOF_SHARE:.0%} of each position's
time, narrowing every column together, and the engine estimates the columns left open with the
rest ({ESTIMATE_RULE}). A
move whose values are not proven is graded by the estimates, as chess reviews grade by
evaluation: by the drop in expected result (1 a win, 0.5 a draw, 0 a loss) from the best column
to the move played: best under 0.1, ?! from 0.1, ? from 0.2, ?? from 0.3; such a grade is marked
est. and never contradicts what is proven (a move that throws a proven win is ??). ~ alone,
as a grade, marks a move neither proof nor estimates could grade.

The listing shows every move with the position's value before it, the value of the move played
and the best columns (~4: the likely best, by estimates); then the game's course, a chart of
X's expected result after each move (full: X wins, half: draw, empty: O wins; ^ after a
mistake or blunder, ~ an estimate); then each proven turning point (mistakes and blunders) with
the board before it, why the move was wrong and why the better one is right where a short
proof says so, and the best line from there; the likely ones (graded by estimates), and how
many moves proof and estimates graded; then per player the moves of each grade, the
accuracy (the share of graded moves that are best) and the weighted accuracy (an inaccuracy
earns part credit: a win in 2 for a win in 1 earns 1/2, a loss in 3 for a loss in 6 earns 3/6,
an estimated one 1 minus the expected result it lost; mistakes and blunders earn nothing).
A review on a terminal that takes over a second shows its progress on standard error.

With --retry (learn from your mistakes), each mistake and blunder is then replayed (only X's
or O's with --retry X or --retry O): you are asked for a better move, then told whether it
keeps the position's value and why; the ones you miss join your puzzle history, as failed
puzzles of the set "your games" (fourinarow puzzle --stats counts them).

On a board with an opening book, shipped or installed (fourinarow book list shows them: 7x6
connect 4 among others), the book makes every position quick, so there is no time limit by
default; on other boards each position gets {DEFAULT_TIME_MS:.0f} ms unless --time-ms says
otherwise, or --no-limit asks for every position proven however long it takes.
"""


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``review`` subcommand."""
    parser = commands.add_parser(
        "review",
        help="grade every move of a game against the solver",
        description=DESCRIPTION,
        epilog=DB_HELP % {"db": db_help()},
        formatter_class=ParagraphHelpFormatter,
    )
    parser.add_argument(
        "moves", nargs="?", metavar="MOVES", help="the game, e.g. 4453, or - for stdin"
    )
    add_shape_options(parser)
    add_limit_options(parser)
    parser.add_argument(
        "--json",
        action="store_true",
        help=(
            "print one JSON object: size, connect, moves, result (1, 2, draw or null), review "
            "(per move: number, player, column, typed before and played scores with their "
            "words, best, grade, "
            "mark, from_bounds, graded_by, estimate, expected_loss, credit, explanation, "
            "best_explanation, best_line), turning_points, likely_turning_points, "
            "turning_points_words, graded_by, "
            "players (counts and accuracies), coached and course (the evaluation graph)"
        ),
    )
    add_retry_options(parser)
    add_no_color(parser, "boards (of --retry)")
    add_db_options(parser)
    add_agent_options(parser)


def add_limit_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--time-ms``, ``--no-limit`` and ``--max-nodes``: each position's limit."""
    limits = parser.add_mutually_exclusive_group()
    limits.add_argument(
        "--time-ms",
        type=non_negative_number,
        metavar="T",
        help=(
            "time per position in ms (default: no limit on a board with an opening book, "
            f"{DEFAULT_TIME_MS:.0f} elsewhere; 0: at once, what the book or one batch proves)"
        ),
    )
    limits.add_argument(
        "--no-limit",
        action="store_true",
        help="prove every position however long it takes (the default where a book is)",
    )
    parser.add_argument(
        "--max-nodes",
        type=node_count,
        metavar="N",
        help="positions searched per position reviewed, at most about N (a repeatable limit)",
    )


def retry_side(text: str) -> Player | None:
    """``--retry``'s value: ``X`` or ``O`` (whose mistakes), ``both`` (``None``)."""
    sides: dict[str, Player | None] = {"x": 1, "o": 2, "both": None}
    if text.lower() not in sides:
        raise argparse.ArgumentTypeError(f"--retry takes X, O or both, not {text!r}")
    return sides[text.lower()]


def add_retry_options(parser: argparse.ArgumentParser) -> None:
    """Add ``--retry [X|O]`` and ``--puzzle-db FILE``."""
    parser.add_argument(
        "--retry",
        nargs="?",
        const=YOURS,
        default=_NO_RETRY,
        type=retry_side,
        metavar="X|O",
        help=RETRY_HELP,
    )
    parser.add_argument(
        "--puzzle-db",
        metavar="FILE",
        help="the puzzle progress file the missed mistakes of --retry join (default: "
        "puzzles.sqlite3 in the user's data folder, as fourinarow puzzle keeps)",
    )


def _moves_text(text: str | None) -> str:
    if text is None:
        raise InvalidPositionError(
            "give the game's MOVES (such as 4453, or - for standard input), or a stored game: "
            "--game ID, --tournament [ID] or --list (see --help)"
        )
    if text.strip() != "-":
        return text
    say_what_to_type(sys.stdin, "review", "the game's moves on one line (such as 4453)")
    for line in read_lines(sys.stdin, "standard input"):
        words = line.split()
        if words:
            return words[0]
    raise InvalidPositionError("standard input holds no game: write its moves, such as 4453")


@dataclass(frozen=True)
class ReviewSettings:
    """What ``fourinarow review MOVES`` (or a stored game) was asked for."""

    moves: str | None = None  # MOVES as given (- for standard input)
    width: int = 7
    height: int = 6
    connect: int = 4
    time_ms: float | None = None
    no_limit: bool = False
    max_nodes: int | None = None
    json: bool = False
    retry: bool = False  # replay the mistakes after the review
    retry_player: Player | None = None  # whose (None: both players')
    puzzle_db: str | None = None  # the puzzle history of --retry (None: the user's)
    color: bool = False  # --retry's boards and the progress in colour (not with --no-color)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> ReviewSettings:
        """The settings ``review``'s arguments ask for."""
        width, height = args.size
        return cls(
            moves=args.moves,
            width=width,
            height=height,
            connect=args.connect,
            time_ms=args.time_ms,
            no_limit=args.no_limit,
            max_nodes=args.max_nodes,
            json=args.json,
            retry=args.retry is not _NO_RETRY,
            retry_player=None if args.retry is _NO_RETRY or args.retry is YOURS else args.retry,
            puzzle_db=args.puzzle_db,
            color=color_wanted(args.no_color),
        )

    def limit_of(self, shape: Geometry | Board) -> Limit | None:
        """Each position's limit on a board of this ``shape``
        (:func:`~fourinarow.service.budgets.review_position_limit`)."""
        return review_position_limit(
            shape,
            time_ms=self.time_ms,
            no_limit=self.no_limit,
            max_nodes=self.max_nodes,
        )


def run(args: argparse.Namespace) -> int:
    """Review the game (or stored games, or an agent) and print the listing (or JSON); return
    the exit status."""
    if args.agent is not None or args.positions:
        return run_agent_review(AgentReview.from_args(args))
    settings = ReviewSettings.from_args(args)
    stored_games = StoredGames.from_args(args)
    if stored_games.wanted:
        if settings.retry:
            raise ReviewError(
                "--retry replays a game given by MOVES (or fourinarow games review N --retry), "
                "not the results database's"
            )
        if settings.moves is not None:
            raise ReviewError(
                f"give either MOVES ({settings.moves}) or a stored game (--db, --game, "
                "--tournament, --list), not both"
            )
        return run_review_db(stored_games, settings.limit_of)
    return review_moves(settings)


def check_retry_file(settings: ReviewSettings) -> None:
    """Open (or make) the puzzle history of ``--retry`` before any work, so that a file that
    cannot be used is said at once.

    Raises:
        ProgressError: the file is not one, or cannot be made or opened.
        PathKindError: it is a FIFO, a device or a socket.
    """
    if settings.retry:
        path = settings.puzzle_db if settings.puzzle_db else default_progress_path()
        Progress(path).close()


def review_moves(
    settings: ReviewSettings, extra: dict[str, object] | None = None, heading: str | None = None
) -> int:
    """Review the game of ``settings.moves`` and print the listing (after ``heading``, such as
    a saved game's players, and a blank line) or JSON (with ``extra`` keys added); with
    ``retry``, then replay its mistakes; return 0."""
    s = settings
    if s.retry and s.json:
        raise ReviewError("--retry asks for moves in the terminal: leave out --json")
    board = Board.from_moves(
        _moves_text(s.moves), width=s.width, height=s.height, connect=s.connect
    )
    if board.ply == 0:
        raise InvalidPositionError("the game has no moves to review: give them, such as 4453")
    if s.retry and s.moves is not None and s.moves.strip() == "-":
        raise ReviewError("--retry reads the moves you try from standard input: give MOVES")
    check_retry_file(s)
    limit = s.limit_of(board)
    solver = Solver(tt_mb=64)
    review = review_progress(start_review(board, limit, solver=solver), color=s.color)
    assert review is not None  # only a stop ends a review early, and nothing stops this one
    if s.json:
        print(json.dumps({**review_record(review, solver=solver), **(extra or {})}))
        return 0
    if heading is not None:
        print(heading, end="\n\n")
    print(review_text(review, solver))
    if s.retry:
        print()
        Retry(
            review, player=s.retry_player, progress_path=s.puzzle_db, out=sys.stdout, color=s.color
        ).run()
    return 0
