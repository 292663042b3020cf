"""``fourinarow puzzle``: solve puzzles in the terminal, one after another, with progress kept
in a local file."""

from __future__ import annotations

import argparse
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from functools import partial
from pathlib import Path
from typing import TextIO

from fourinarow.cli.options import add_no_color, positive_int
from fourinarow.cli.output import color_wanted
from fourinarow.cli.streams import ask
from fourinarow.core import IllegalMoveError, InvalidMoveError, column_label, parse_column
from fourinarow.core.render import render_ansi, render_text
from fourinarow.search.book import has_default_book
from fourinarow.search.limit import Limit
from fourinarow.search.solver import Solver
from fourinarow.service.jobs import interruptible
from fourinarow.service.puzzles import (
    KINDS,
    SYMBOLS,
    Move,
    Progress,
    Puzzle,
    PuzzleError,
    PuzzleSession,
    Result,
    daily_puzzle,
    default_progress_path,
    read_puzzles,
    shipped_puzzles,
    today,
)
from fourinarow.service.words import verb_words

__all__ = [
    "DESCRIPTION",
    "Choice",
    "PuzzleRun",
    "PuzzleSettings",
    "add_play_options",
    "play_puzzles",
    "puzzle_limit",
    "run_play",
]

SHIPPED = "shipped"
"""The set name recorded for the puzzles that ship with fourinarow."""

OTHER_BOARD_SECONDS = 2.0
"""What the solver may spend per position on boards without an opening book (a board with one,
shipped or installed, is quick; there a column left unproven is judged by the puzzle's
line)."""

DESCRIPTION = """\
Solve puzzles in the terminal. Each puzzle is a position with one good column:
  win        play and win in N (your moves, the first included); the computer defends as long
             as it can, and any column that keeps the fastest win is right
  only-move  find the one column that keeps the win (too long to play out)
  save-draw  find the one column that keeps the draw (every other loses)

Type a column to play it; h gives a hint (again for a stronger one), s shows the solution (the
puzzle counts as skipped), q quits (an unfinished puzzle is not counted). After each puzzle come
the result and your streak of solved puzzles, then the next puzzle.

By default the puzzles are those shipped with fourinarow, in order, skipping those you have
solved (--again plays them too). --daily plays the puzzle of the day (UTC): the same one for
everyone on that date. Progress is kept in puzzles.sqlite3 in $XDG_DATA_HOME/fourinarow
(~/.local/share/fourinarow when unset), or the file --db gives; --stats prints it.
"""


def _rating_range(text: str) -> tuple[int, int]:
    """``MIN-MAX``, ``MIN-`` or ``-MAX`` as a pair of ratings (bounds included)."""
    low, dash, high = text.partition("-")
    try:
        if not dash:
            raise ValueError
        lowest = int(low) if low.strip() else -(10**9)
        highest = int(high) if high.strip() else 10**9
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"a rating range is MIN-MAX, MIN- or -MAX (e.g. 1200-1600), not {text!r}"
        ) from None
    if lowest > highest:
        raise argparse.ArgumentTypeError(f"the range {text} is empty: MIN is above MAX")
    return lowest, highest


def _day(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError as error:
        if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text):  # the form is right, the day is not
            message = f"{text} is no day of the calendar ({error})"
            raise argparse.ArgumentTypeError(message) from None
        raise argparse.ArgumentTypeError(
            f"a date is YYYY-MM-DD (e.g. 2026-11-23), not {text!r}"
        ) from None


def add_play_options(parser: argparse.ArgumentParser) -> None:
    """Add the options of a puzzle session to ``parser``."""
    source = parser.add_argument_group("which puzzles")
    source.add_argument(
        "--set",
        dest="set_file",
        metavar="FILE",
        help="play the puzzles of a set file (a regular file of JSON Lines, as puzzle "
        "generate writes) in order",
    )
    source.add_argument(
        "--daily",
        action="store_true",
        help="play the puzzle of the day (UTC), the same for everyone on a date",
    )
    source.add_argument(
        "--date",
        type=_day,
        metavar="YYYY-MM-DD",
        help="with --daily (implied): the puzzle of another day",
    )
    source.add_argument("--kind", choices=KINDS, help="only puzzles of this kind")
    source.add_argument(
        "--rating",
        type=_rating_range,
        metavar="MIN-MAX",
        help="only puzzles rated in this range (MIN- or -MAX leave a side open)",
    )
    source.add_argument("--count", type=positive_int, metavar="N", help="play at most N puzzles")
    source.add_argument(
        "--again", action="store_true", help="include the puzzles you have solved already"
    )
    parser.add_argument("--stats", action="store_true", help="print your progress and exit")
    parser.add_argument(
        "--db",
        metavar="PATH",
        help="the progress file, a regular file or new (default: puzzles.sqlite3 in the user "
        "data folder)",
    )
    add_no_color(parser)


@dataclass(frozen=True)
class PuzzleSettings:
    """What ``fourinarow puzzle`` was asked for, checked."""

    choice: Choice
    set_file: str | None = None  # --set (None: the shipped puzzles)
    daily: bool = False  # the puzzle of the day (also with --date)
    day: date | None = None  # --date
    stats: bool = False
    db: str | None = None  # the progress file (None: the default one)
    color: bool = True

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> PuzzleSettings:
        """The settings the arguments of ``fourinarow puzzle`` ask for.

        Raises:
            PuzzleError: --daily (or --date) with options that choose among puzzles; not
                with --stats, which takes no notice of them.
        """
        daily = args.daily or args.date is not None
        if daily and not args.stats:
            used = [
                name
                for name, value in (
                    ("--kind", args.kind),
                    ("--rating", args.rating),
                    ("--count", args.count),
                )
                if value is not None
            ] + (["--again"] if args.again else [])
            if used:
                raise PuzzleError(
                    f"--daily plays the one puzzle of the day: it takes no {', '.join(used)}"
                )
        return cls(
            choice=Choice.from_args(args),
            set_file=args.set_file,
            daily=daily,
            day=args.date,
            stats=args.stats,
            db=args.db,
            color=color_wanted(args.no_color),
        )


def run_play(args: argparse.Namespace) -> int:
    """Play puzzles (or, with ``--stats``, print the progress)."""
    return play_puzzles(PuzzleSettings.from_args(args))


def play_puzzles(settings: PuzzleSettings) -> int:
    """Play puzzles (or, with ``stats``, print the progress); return the exit status."""
    if settings.stats:
        path = Path(settings.db) if settings.db is not None else default_progress_path()
        try:
            missing = not path.exists()
        except OSError:  # a folder on the way that we may not enter: Progress says so below
            missing = False
        if missing:  # nothing to show: make no file for it
            print(f"Puzzle progress in {path}:\n  no puzzle attempted yet")
            return 0
        with Progress(path) as progress:
            print_stats(progress, sys.stdout)
        return 0
    set_name, puzzles = load_set(settings.set_file)
    with Progress(settings.db) as progress:
        day = None
        if settings.daily:
            day = settings.day or today()
            chosen = [daily_puzzle(puzzles, day)]
        else:
            chosen = select(puzzles, settings.choice, progress.solved(set_name))
            if not chosen:
                print(_nothing_left(settings.choice, puzzles))
                return 0
        run = PuzzleRun(progress, set_name, color=settings.color, day=day)
        return run.play_all(chosen)


def load_set(path: str | None) -> tuple[str, list[Puzzle]]:
    """The set's name (as progress records it) and its puzzles: the file's, else the shipped.

    Raises:
        PuzzleError: the file cannot be read or is not a set; no set ships with this copy.
    """
    if path is not None:
        return str(Path(path).resolve()), read_puzzles(path)
    shipped = shipped_puzzles()
    if shipped is None:
        raise PuzzleError(
            "no puzzle set ships with this copy of fourinarow: give one with --set FILE "
            "(fourinarow puzzle generate makes one)"
        )
    return SHIPPED, shipped


@dataclass(frozen=True)
class Choice:
    """Which puzzles of a set to play: ``--kind``, ``--rating``, ``--again`` and ``--count``."""

    kind: str | None = None
    rating: tuple[int, int] | None = None  # the lowest and highest rating, both included
    again: bool = False  # the solved puzzles too
    count: int | None = None

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> Choice:
        """The choice the arguments of ``fourinarow puzzle`` make."""
        return cls(kind=args.kind, rating=args.rating, again=args.again, count=args.count)


def select(puzzles: Sequence[Puzzle], choice: Choice, solved: set[str]) -> list[Puzzle]:
    """The puzzles to play, in order: of the kind and rating asked, unsolved unless ``--again``,
    at most ``--count``."""
    chosen = [
        p
        for p in puzzles
        if (choice.kind is None or p.kind == choice.kind)
        and (choice.rating is None or choice.rating[0] <= p.rating <= choice.rating[1])
        and (choice.again or p.id not in solved)
    ]
    return chosen[: choice.count] if choice.count is not None else chosen


def _nothing_left(choice: Choice, puzzles: Sequence[Puzzle]) -> str:
    """Why there is nothing to play."""
    if not puzzles:
        return "The set has no puzzles."
    if not select(puzzles, replace(choice, again=True), set()):
        return "No puzzle of the set matches the options."
    matching = "" if choice.kind is None and choice.rating is None else " that the options ask for"
    return f"You have solved every puzzle of the set{matching}; --again plays them anew."


def print_stats(progress: Progress, out: TextIO) -> None:
    """Print the totals and streaks of a progress file."""
    stats = progress.stats()
    print(f"Puzzle progress in {progress.path}:", file=out)
    if not stats.attempts:
        print("  no puzzle attempted yet", file=out)
        return
    rows = [
        ("attempts", str(stats.attempts)),
        ("solved", f"{stats.solved} ({_puzzles(stats.puzzles_solved)})"),
        ("failed", str(stats.failed)),
        ("skipped", f"{stats.skipped} (solution shown)"),
        ("streak", f"{stats.streak} (best {stats.best_streak})"),
        ("daily", f"{stats.daily_solved} solved (one a day)"),
    ]
    for name, value in rows:
        print(f"  {name:<9} {value}", file=out)


def _puzzles(count: int) -> str:
    return f"{count} different puzzle{'' if count == 1 else 's'}"


def puzzle_limit(puzzle: Puzzle) -> Limit | None:
    """What the solver may spend on each position of ``puzzle``: no limit where its shape has
    an opening book (shipped or installed), else ``OTHER_BOARD_SECONDS``."""
    if has_default_book(puzzle.width, puzzle.height, puzzle.connect):
        return None
    return Limit(time=OTHER_BOARD_SECONDS)


class _Quit(Exception):  # noqa: N818 (control flow, not an error)
    """The player asked to leave (q, end of input)."""


@dataclass
class PuzzleRun:
    """Plays puzzles one after another in a terminal, recording each attempt.

    Args:
        progress: where attempts are recorded.
        set_name: the set the puzzles come from, as recorded.
        color: draw boards in colour.
        day: the date, when playing the daily puzzle.
        read: reads one line after showing a prompt (raises ``EOFError`` at end of input).
        out: where boards and messages go (standard output when the run is made, by default).
    """

    progress: Progress
    set_name: str
    color: bool = False
    day: date | None = None
    read: Callable[[str], str] = ask
    out: TextIO = field(default_factory=lambda: sys.stdout)

    def __post_init__(self) -> None:
        self._solver = Solver(tt_mb=64)
        self._results: list[Result] = []

    def _say(self, text: str = "") -> None:
        print(text, file=self.out, flush=True)

    def play_all(self, puzzles: Sequence[Puzzle]) -> int:
        """Play ``puzzles`` in order until the last or until the player quits."""
        try:
            for number, puzzle in enumerate(puzzles, 1):
                self._play_one(puzzle, number, len(puzzles))
        except _Quit:
            self._say("The unfinished puzzle is not counted.")
        solved = self._results.count("solved")
        if self._results:
            self._say(f"This session: {solved} of {len(self._results)} solved.")
        self._say("Bye.")
        return 0

    def _play_one(self, puzzle: Puzzle, number: int, total: int) -> None:
        session = PuzzleSession(puzzle, self._solver, puzzle_limit(puzzle))
        title = f"Daily puzzle, {self.day.isoformat()}" if self.day else f"Puzzle {number}"
        if not self.day and total > 1:
            title += f" of {total}"
        self._say()
        self._say(f"{title}: {puzzle.id} ({puzzle.kind}, rating {puzzle.rating})")
        self._draw(session)
        self._say(f"{session.task}.")
        while session.status == "playing":
            self._turn(session)
        self._finish(session)

    def _draw(self, session: PuzzleSession) -> None:
        self._say()
        self._say(render_ansi(session.board) if self.color else render_text(session.board))

    def _turn(self, session: PuzzleSession) -> None:
        """Read commands until a move is played or the solution is shown."""
        prompt = f"{session.symbol}, your move [{session.prompt_columns()}, h, s, q]: "
        while True:
            text = self._ask(prompt).strip().lower()
            if text in ("q", "quit", "exit"):
                raise _Quit
            if not text:
                continue
            if text in ("h", "hint", "?"):
                self._say(f"Hint: {interruptible(session.hint)}")
                continue
            if text in ("s", "solution", "skip"):
                line = interruptible(session.give_up)
                self._say(f"The solution: {_line_text(line, session.board.turn)}.")
                return
            goal = _goal(session)
            try:
                column = parse_column(text, session.board.width)
                move = interruptible(partial(session.play, column))
            except (InvalidMoveError, IllegalMoveError) as error:
                self._say(f"Not played: {error}.")
                continue
            self._report(session, move, goal)
            return

    def _report(self, session: PuzzleSession, move: Move, goal: str) -> None:
        label = column_label(move.column)
        worth = f" ({verb_words(move.value)})" if move.value is not None else ""
        if not move.accepted:
            right = ", ".join(column_label(c) for c in move.best)
            self._draw(session)
            self._say(f"Not it: {label}{worth} does not {goal}. The solution: {right}.")
            return
        if move.status == "solved":
            self._draw(session)
            self._say(f"{label} is right{worth}.")
            return
        assert move.reply is not None
        opponent = SYMBOLS[3 - session.player]
        self._say(f"{label} keeps the win; {opponent} answers {column_label(move.reply)}.")
        self._draw(session)
        self._say(f"{session.symbol} to play and win in {session.remaining()}.")

    def _finish(self, session: PuzzleSession) -> None:
        results: dict[str, Result] = {"solved": "solved", "failed": "failed", "skipped": "skipped"}
        result = results[session.status]
        self.progress.record(
            session.puzzle.id,
            self.set_name,
            result,
            [column_label(c) for c in session.player_moves],
            hints=session.hints,
            daily=self.day.isoformat() if self.day else None,
        )
        self._results.append(result)
        stats = self.progress.stats()
        headline = {"solved": "Solved!", "failed": "Failed.", "skipped": "Skipped."}[result]
        self._say(f"{headline} Streak: {stats.streak} (best {stats.best_streak}).")

    def _ask(self, prompt: str) -> str:
        try:
            return self.read(prompt)
        except EOFError:
            self._say()
            raise _Quit from None


def _goal(session: PuzzleSession) -> str:
    """What the next move must do, e.g. ``win in 3``."""
    return {
        "win": f"win in {session.remaining()}",
        "only-move": "keep the win",
        "save-draw": "keep the draw",
    }[session.puzzle.kind]


def _line_text(line: Sequence[int], first: int) -> str:
    """``3 (then O 4, X 3)``: a line of moves, the player's first."""
    if not line:
        return "nothing more to play"
    head, rest = column_label(line[0]), line[1:]
    if not rest:
        return head
    players = [SYMBOLS[first if i % 2 else 3 - first] for i in range(len(rest))]
    then = ", ".join(f"{who} {column_label(c)}" for who, c in zip(players, rest, strict=True))
    return f"{head} (then {then})"
