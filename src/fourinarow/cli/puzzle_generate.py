"""``fourinarow puzzle generate``: make a set of puzzles from games, reproducibly."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from fourinarow.cli.help_format import ParagraphHelpFormatter
from fourinarow.cli.options import (
    MAX_SEED,
    add_shape_options,
    non_negative_number,
    path_value,
    whole_option,
)
from fourinarow.cli.progress_bars import progress_bar
from fourinarow.core import Board, Geometry
from fourinarow.core.paths import check_output_file, check_regular_file
from fourinarow.search.book import has_default_book
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver
from fourinarow.service.jobs import interruptible
from fourinarow.service.puzzles import (
    KINDS,
    STALL_GAMES,
    Game,
    PuzzleError,
    generate,
    write_puzzles,
)

__all__ = [
    "DEFAULT_TIME_MS",
    "MAX_COUNT",
    "GenerateSettings",
    "add_generate_parser",
    "generate_set",
    "position_limit",
    "run_generate",
]

MAX_COUNT = 100_000
"""The most puzzles one run makes."""

DEFAULT_TIME_MS = 1000.0
"""The time per position on boards without an opening book (shipped or installed)."""

DESCRIPTION = f"""\
Make a set of puzzles (a JSON Lines file, one puzzle a line) from games: by default self-play
games between random pairs of levels 3-8 after a few random opening moves, all drawn from
--seed, so the same seed and options write the same file; with --db, the games of a tournament
database. Every position is solved; one with exactly one good column is a puzzle: win (one
column wins, in at most 5 own moves), only-move (one column wins, more slowly) or save-draw
(one column draws, every other loses). Trivial ones are left out (an immediate threat to
block, one legal column, the first 6 plies, most wins in 1); each kind asked for gets an equal
share of the set (topped up with other kinds when the games run out, or when {STALL_GAMES}
games in a row give no puzzle the set needs); a position seen before, or its mirror image, is
skipped. Every puzzle gets a
difficulty rating from its length, the columns a shallow search finds plausible and how many
of levels 5-8 miss it. The set is sorted by rating and written only when complete: Ctrl-C
writes nothing.

On a board with an opening book, shipped or installed (fourinarow book list shows them: 7x6
connect 4 among others), the book makes every position quick; on other boards each position
gets {DEFAULT_TIME_MS:.0f} ms unless --time-ms says otherwise, and a position not proven in time
is skipped.
"""


def _kinds(text: str) -> tuple[str, ...]:
    kinds = tuple(word.strip() for word in text.split(",") if word.strip())
    for kind in kinds:
        if kind not in KINDS:
            raise argparse.ArgumentTypeError(
                f"a kind is one of {', '.join(KINDS)} (comma-separated), not {kind!r}"
            )
    if not kinds:
        raise argparse.ArgumentTypeError(f"name at least one kind: {', '.join(KINDS)}")
    return kinds


def add_generate_parser(actions: argparse._SubParsersAction[Any]) -> None:
    """Register ``puzzle generate``."""
    parser = actions.add_parser(
        "generate",
        help="make a set of puzzles from games",
        description=DESCRIPTION,
        formatter_class=ParagraphHelpFormatter,
    )
    parser.add_argument(
        "--count",
        type=whole_option(1, MAX_COUNT),
        default=20,
        metavar="N",
        help=(
            f"puzzles to make, 1-{MAX_COUNT} (default: 20; fewer if the games run out, or "
            f"{STALL_GAMES} games in a row give none that the set still needs)"
        ),
    )
    parser.add_argument(
        "--out",
        type=path_value,
        required=True,
        metavar="FILE",
        help="the set file to write (replaced whole; an existing device or FIFO, such as "
        "/dev/stdout, is written through)",
    )
    parser.add_argument(
        "--seed",
        type=whole_option(0, MAX_SEED),
        default=0,
        metavar="S",
        help="seeds the self-play games (default: 0)",
    )
    add_shape_options(parser)
    parser.add_argument(
        "--kinds",
        type=_kinds,
        default=KINDS,
        metavar="K,K",
        help=f"the kinds to make, comma-separated (default: all: {','.join(KINDS)})",
    )
    parser.add_argument(
        "--db",
        type=path_value,
        metavar="PATH",
        help="mine the games of this tournament database, a regular file (every tournament on "
        "the board's shape) instead of self-play",
    )
    parser.add_argument(
        "--time-ms",
        type=non_negative_number,
        metavar="T",
        help=(
            "time per position in ms (default: no limit on a board with an opening book, "
            f"{DEFAULT_TIME_MS:.0f} elsewhere)"
        ),
    )
    parser.add_argument(
        "--quiet", action="store_true", help="no progress or summary on standard error"
    )


def position_limit(shape: Geometry, time_ms: float | None = None) -> Limit | None:
    """Each position's limit for ``puzzle generate`` on a board of this ``shape``:
    ``time_ms`` (--time-ms), by default none where the shape has an
    opening book (shipped or installed), else ``DEFAULT_TIME_MS``."""
    if time_ms is None and not has_default_book(shape.width, shape.height, shape.connect):
        time_ms = DEFAULT_TIME_MS
    return None if time_ms is None else Limit(time_ms / 1000)


@dataclass(frozen=True)
class GenerateSettings:
    """What ``fourinarow puzzle generate`` was asked for, the shape checked."""

    out: Path
    count: int = 20
    seed: int = 0
    width: int = 7
    height: int = 6
    connect: int = 4
    kinds: tuple[str, ...] = KINDS
    db: Path | None = None  # take the games from this tournament database
    time_ms: float | None = None
    quiet: bool = False

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> GenerateSettings:
        """The settings the arguments of ``puzzle generate`` ask for.

        Raises:
            FourInARowError: the shape is not valid.
        """
        width, height = args.size
        Board(width, height, args.connect)  # the shape's own error, before any work
        return cls(
            out=args.out,
            count=args.count,
            seed=args.seed,
            width=width,
            height=height,
            connect=args.connect,
            kinds=tuple(args.kinds),
            db=args.db,
            time_ms=args.time_ms,
            quiet=args.quiet,
        )


def _database_games(path: Path, shape: Geometry) -> list[Game]:
    """Every stored game on the shape, from every tournament of the database at ``path``."""
    from fourinarow.tournament.store import Store

    check_regular_file(path, "the tournament database")
    try:
        missing = not path.is_file()
    except OSError:  # a folder on the way that we may not enter: the store says so below
        missing = False
    if missing:
        raise PuzzleError(f"there is no tournament database at {path}")
    games: list[Game] = []
    wanted = (shape.width, shape.height, shape.connect)
    with Store(path, create=False) as store:
        latest = store.tournament()
        for number in range(1, (latest.id if latest else 0) + 1):
            if store.tournament(number) is None:
                continue
            for record in store.records(number):
                spec = record.spec
                if (spec.width, spec.height, spec.connect) != wanted:
                    continue
                source = f"tournament {number} game {spec.index + 1}, {spec.first} v {spec.second}"
                games.append(Game(record.moves, source))
    if not games:
        raise PuzzleError(
            f"the database {path} holds no games on a {shape.width}x{shape.height} "
            f"connect-{shape.connect} board"
        )
    return games


def _unwritable(path: Path) -> str | None:
    from fourinarow.tournament.writable import unwritable_file

    return unwritable_file(path)


def run_generate(args: argparse.Namespace) -> int:
    """Make the set the arguments ask for and write it; return 0."""
    return generate_set(GenerateSettings.from_args(args))


def generate_set(settings: GenerateSettings) -> int:
    """Make the set and write it; return 0."""
    width, height = settings.width, settings.height
    shape = Geometry(width, height, settings.connect)
    # a device or a FIFO is written through; the rest is checked without opening it
    if not check_output_file(settings.out, "the puzzle set", write_through=True):
        reason = _unwritable(settings.out)
        if reason is None and not settings.out.parent.is_dir():
            reason = f"the folder {settings.out.parent} does not exist"
        if reason is not None:
            raise PuzzleError(f"cannot write the set: {reason}")
    games: Iterator[Game] | list[Game] | None = None
    if settings.db is not None:
        games = _database_games(settings.db, shape)
    start = time.perf_counter()
    with progress_bar("puzzles", enabled=not settings.quiet) as progress:
        work = partial(
            generate,
            settings.count,
            seed=settings.seed,
            width=width,
            height=height,
            connect=settings.connect,
            kinds=settings.kinds,
            games=games,
            limit=position_limit(shape, settings.time_ms),
            solver=Solver(tt_mb=64),
            progress=progress,
        )
        puzzles = interruptible(work)
    written = write_puzzles(settings.out, puzzles, write_through=True)  # a full disk: exit 1
    if not settings.quiet:
        counts = ", ".join(f"{sum(p.kind == k for p in puzzles)} {k}" for k in KINDS)
        seconds = time.perf_counter() - start
        print(
            f"wrote {written} puzzles ({counts}) to {settings.out} in {seconds:.0f} s",
            file=sys.stderr,
        )
    return 0
