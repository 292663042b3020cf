"""``fourinarow review``: grade every move of a game with the exact solver, and by the engine's
estimates where the solver proves nothing in time."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from typing import Any

from fourinarow.cli.help_format import ParagraphHelpFormatter
from fourinarow.cli.options import (
    add_shape_options,
    node_count,
    non_negative_number,
    say_what_to_type,
)
from fourinarow.cli.progress_bars import review_progress
from fourinarow.cli.results import db_help
from fourinarow.cli.review_agent import AgentReview, add_agent_options, run_agent_review
from fourinarow.cli.review_db import DB_HELP, StoredGames, add_db_options, run_review_db
from fourinarow.cli.review_text import review_text
from fourinarow.core import Board, Geometry, InvalidPositionError
from fourinarow.core.lines import LINE_LIMIT, read_lines
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver
from fourinarow.service.budgets import PROOF_SHARE, REVIEW_SECONDS, review_position_limit
from fourinarow.service.jobs import start_review
from fourinarow.service.records import review_record
from fourinarow.service.reviews import ReviewError
from fourinarow.service.words import ESTIMATE_RULE, MOVES_RULE, VALUES_RULE

__all__ = ["DEFAULT_TIME_MS", "ReviewSettings", "add_parser", "run"]

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
and the best columns (~4: the likely best, by estimates); then each proven turning point
(mistakes and blunders) with the board before it, the likely ones (graded by estimates), and
how many moves proof and estimates graded; then per player the moves of each grade, the
accuracy (the share of graded moves that are best) and the weighted accuracy (an inaccuracy
earns part credit: a win in 2 for a win in 1 earns 1/2, a loss in 3 for a loss in 6 earns 3/6,
an estimated one 1 minus the expected result it lost; mistakes and blunders earn nothing).
A review on a terminal that takes over a second shows its progress on standard error.

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
    parser.add_argument(
        "--json",
        action="store_true",
        help=(
            "print one JSON object: size, connect, moves, result (1, 2, draw or null), review "
            "(per move: number, player, column, typed before and played scores with their "
            "words, best, grade, "
            "mark, from_bounds, graded_by, estimate, expected_loss, credit), turning_points, "
            "likely_turning_points, graded_by and players (counts and accuracies)"
        ),
    )
    add_db_options(parser)
    add_agent_options(parser)


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
        if settings.moves is not None:
            raise ReviewError(
                f"give either MOVES ({settings.moves}) or a stored game (--db, --game, "
                "--tournament, --list), not both"
            )
        return run_review_db(stored_games, settings.limit_of)
    return review_moves(settings)


def review_moves(settings: ReviewSettings) -> int:
    """Review the game of ``settings.moves`` and print the listing (or JSON); return 0."""
    s = settings
    board = Board.from_moves(
        _moves_text(s.moves), width=s.width, height=s.height, connect=s.connect
    )
    if board.ply == 0:
        raise InvalidPositionError("the game has no moves to review: give them, such as 4453")
    limit = s.limit_of(board)
    review = review_progress(start_review(board, limit, solver=Solver(tt_mb=64)))
    assert review is not None  # only a stop ends a review early, and nothing stops this one
    if s.json:
        print(json.dumps(review_record(review)))
    else:
        print(review_text(review))
    return 0
