"""``fourinarow experiment``: reproduce a study, stored game by game, resumable."""

from __future__ import annotations

import argparse
import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fourinarow.cli.options import add_no_color, game_count, run_id, seed_number, worker_count
from fourinarow.cli.output import color_wanted
from fourinarow.cli.progress_bars import progress_bar
from fourinarow.cli.results import (
    db_help,
    open_store,
    refuse_with_resume,
    resolve_workers,
    say_how_to_resume,
)
from fourinarow.cli.tables import print_experiment
from fourinarow.core.machine import available_cores
from fourinarow.tournament.experiment import (
    STUDY,
    check_report_folder,
    check_study_size,
    run_study,
    start_study,
    stored_run,
)
from fourinarow.tournament.schedule import InvalidSettingsError
from fourinarow.tournament.store import Store

__all__ = ["ExperimentRun", "add_parser", "run", "run_experiment"]

EPILOG = """\
Every game is stored in SQLite as soon as it ends (--db, default %(db)s). An experiment stopped
by Ctrl-C, or killed, continues with --resume (the latest run of the study, or --resume ID): it
plays only the games still missing, then writes the report. --out is checked before the first
game: it must be a folder (made if missing) that files can be written into.
"""

SETTING_DEFAULTS: dict[str, Any] = {"games": 20, "seed": 0}
"""The options that decide a run's games, and their defaults (``None`` in the parser, to tell
which were given)."""


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``experiment`` subcommand."""
    experiment = commands.add_parser(
        "experiment",
        help="run a study of agents, stored game by game, with a report",
        description=(
            "minimax-depths: plain minimax at depths 1-5 (the streaks evaluation) against random, "
            "minimax depth 1 and minimax depth 2 on 6x6 and 7x6, each side first in half the "
            "games; writes report.md (markdown tables) and minimax-depths.png into --out."
        ),
        epilog=EPILOG % {"db": db_help()},
    )
    experiment.add_argument("study", choices=(STUDY,), help="the study to run")
    experiment.add_argument(
        "--games", type=game_count, metavar="N", help="games per match, even (20)"
    )
    experiment.add_argument("--seed", type=seed_number, help="decides the agents' choices (0)")
    add_no_color(experiment, "tables")
    experiment.add_argument(
        "--out",
        metavar="DIR",
        help="where the report goes (default: minimax-depths-report); its files are replaced "
        "whole, a device or FIFO in their place refused",
    )
    experiment.add_argument(
        "--workers", type=worker_count, metavar="N",
        help=f"worker processes, at most one per core and per game (default: the number of "
        f"cores, {available_cores()})",
    )  # fmt: skip
    experiment.add_argument(
        "--db", metavar="PATH", help="the SQLite file of results (a regular file or new)"
    )
    experiment.add_argument(
        "--resume",
        nargs="?",
        const=0,
        type=run_id,
        metavar="ID",
        help="continue the latest run of the study in the database (or run ID) with the "
        "settings it was started with (give no --games or --seed)",
    )
    experiment.add_argument(
        "--quiet", action="store_true", help="no progress bar on standard error"
    )


@dataclass(frozen=True)
class ExperimentRun:
    """What ``fourinarow experiment`` was asked for, checked."""

    study: str
    games: int  # per match, even (unused with --resume)
    seed: int
    out: str | None  # --out as given (None: the default folder)
    resume: int | None = None  # --resume: the run (0: the latest); None: a new run
    workers: int | None = None
    db: str | None = None
    quiet: bool = False
    color: bool = True  # the tables and the progress bar in colour (not with --no-color)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> ExperimentRun:
        """The run the arguments ask for.

        Raises:
            InvalidSettingsError: --resume with --games or --seed, an odd --games, or one that
                would make the study play more than a million games.
        """
        games = SETTING_DEFAULTS["games"] if args.games is None else args.games
        if args.resume is not None:
            options = {name: getattr(args, name) for name in SETTING_DEFAULTS}
            refuse_with_resume("experiment", [], options)
        elif games % 2:
            raise InvalidSettingsError(
                f"--games {games}: each match plays an even number of games, so that both "
                "agents move first equally often"
            )
        else:
            check_study_size(games)
        return cls(
            study=args.study,
            games=games,
            seed=SETTING_DEFAULTS["seed"] if args.seed is None else args.seed,
            out=args.out,
            resume=args.resume,
            workers=args.workers,
            db=args.db,
            quiet=args.quiet,
            color=color_wanted(args.no_color),
        )


def run(args: argparse.Namespace) -> int:
    """Run the study (or resume a run of it) and write its report; return the exit status."""
    return run_experiment(ExperimentRun.from_args(args))


def run_experiment(request: ExperimentRun) -> int:
    """Play the games of the run the study still lacks, stored as they end, and write its
    report; return the exit status."""
    out = Path(request.out or "minimax-depths-report")
    check_report_folder(out)  # before the first game, and before a run is recorded
    workers = resolve_workers("experiment", request.workers)
    with open_store("experiment", request.db, create=request.resume is None) as store:
        if request.resume is not None:
            stored = stored_run(store, request.resume or None)
            if stored is None:
                which = f"experiment {request.resume}" if request.resume else "experiment"
                raise InvalidSettingsError(
                    f"there is no {request.study} {which} to resume in {store.path}"
                )
            experiment = stored.id
        else:
            experiment = start_study(store, request.games, request.seed)
        try:
            with progress_bar("games", enabled=not request.quiet, color=request.color) as progress:
                report = run_study(store, experiment, out, workers, progress)
        except KeyboardInterrupt:
            played, total = _games(store, experiment)
            out_option = ["--out", request.out] if request.out else []
            command = ["experiment", request.study, "--resume", str(experiment), *out_option]
            say_how_to_resume(played, total, command, request.db)
            return 130
    print_experiment(report, color=request.color)
    if importlib.util.find_spec("matplotlib") is None:
        print(
            "fourinarow experiment: note: the report has no plot: plots need matplotlib: "
            "pip install 'fourinarow[plot]'",
            file=sys.stderr,
        )
    return 0


def _games(store: Store, experiment: int) -> tuple[int, int]:
    """Games stored and games in all of a run of the study."""
    stored = stored_run(store, experiment)
    assert stored is not None
    tournaments = [store.tournament(t) for t in stored.tournaments]
    return (
        sum(t.played for t in tournaments if t is not None),
        sum(t.total_games for t in tournaments if t is not None),
    )
