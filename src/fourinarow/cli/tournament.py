"""``fourinarow match`` and ``fourinarow tournament``: AI-vs-AI games, stored and summarised."""

from __future__ import annotations

import argparse
import csv
import json
import sys
from dataclasses import dataclass
from functools import partial
from typing import Any

from fourinarow.cli.long_searches import warn_if_unbounded
from fourinarow.cli.options import (
    add_no_color,
    add_shape_options,
    game_count,
    non_negative_number,
    ply_count,
    seed_number,
    worker_count,
)
from fourinarow.cli.output import color_wanted
from fourinarow.cli.progress_bars import progress_bar
from fourinarow.cli.results import (
    db_help,
    open_store,
    refuse_with_resume,
    resolve_workers,
    say_how_to_resume,
)
from fourinarow.core.machine import available_cores
from fourinarow.extras import check_ray_address, require_extra
from fourinarow.tournament.one_game import LatestMove
from fourinarow.tournament.runner import run_local
from fourinarow.tournament.schedule import InvalidSettingsError, Settings
from fourinarow.tournament.stats import AgentSummary, PairingSummary, elo_ratings, summarise
from fourinarow.tournament.store import Store, StoredTournament

__all__ = ["TournamentRun", "add_parser", "headings", "run"]

EPILOG = """\
Every game is stored in SQLite as soon as it ends (--db, default %(db)s); a database that
another program holds locked is waited for. A tournament stopped by Ctrl-C (which prints the
command to go on), or killed, continues with --resume (the latest one, or --resume ID) with the
settings it started with, and ends with exactly the games it was asked for. --workers is capped
at the number of cores (saying so) and at the number of games. On a terminal the progress bar
also shows the latest move of the games in play ("game 3/10, move 14"). A perfect player with no
--time-ms on a board with no opening book (where one move may take hours) is warned of first.
"""


def add_parser(commands: argparse._SubParsersAction[Any]) -> None:
    """Register the ``match`` and ``tournament`` subcommands."""
    epilog = EPILOG % {"db": db_help()}
    match = commands.add_parser(
        "match",
        help="two agents play each other",
        description="Two agents play --games games, each moving first in half of them.",
        epilog=epilog,
    )
    match.add_argument(
        "agents", nargs="*", metavar="SPEC", help="the two agents, e.g. simple engine"
    )
    tournament = commands.add_parser(
        "tournament",
        help="a round robin between agents",
        description=(
            "Every pair of agents plays --games games, each moving first in half of them; "
            "prints wins, draws, losses, score rates with 95% intervals, Elo ratings (random "
            "at 0), game lengths, time and nodes per move."
        ),
        epilog=epilog,
    )
    tournament.add_argument("agents", nargs="*", metavar="SPEC", help="two or more agent specs")
    for parser in (match, tournament):
        parser.add_argument("--games", type=game_count, metavar="N", help="games per pairing (10)")
        parser.add_argument(
            "--opening-plies",
            type=ply_count,
            metavar="K",
            help="random moves before the agents take over, for variety (0)",
        )
        parser.add_argument("--seed", type=seed_number, help="decides openings and choices (0)")
        add_no_color(parser, "tables")
        add_shape_options(parser)
        parser.set_defaults(size=None, connect=None)  # to tell given options (SETTING_DEFAULTS)
        parser.add_argument(
            "--time-ms",
            type=non_negative_number,
            metavar="T",
            help="time per move for agents that use time; 0 answers at once (default: their own)",
        )
        parser.add_argument(
            "--workers",
            type=worker_count,
            metavar="N",
            help=f"worker processes, at most one per core and per game (default: the number "
            f"of cores, {available_cores()})",
        )
        parser.add_argument(
            "--backend",
            choices=("local", "ray"),
            default="local",
            help="local worker processes (default) or a Ray cluster (extra: ray)",
        )
        parser.add_argument(
            "--address",
            metavar="ADDR",
            help="with --backend ray: the cluster to join (default: start a local one)",
        )
        parser.add_argument(
            "--db", metavar="PATH", help="the SQLite file of results (a regular file or new)"
        )
        parser.add_argument(
            "--resume",
            nargs="?",
            const=0,
            type=int,
            metavar="ID",
            help="continue the latest tournament in the database (or tournament ID) with the "
            "settings it was started with (give no agents, --games, --seed, ...)",
        )
        parser.add_argument("--json", action="store_true", help="print the results as JSON")
        parser.add_argument(
            "--plot",
            metavar="PATH",
            help="draw Elo, the pairwise scores and each agent's time per move into a PNG "
            "(extra: plot); replaced whole, or written through an existing device or FIFO",
        )
        parser.add_argument("--csv", action="store_true", help="print the results as CSV")
        parser.add_argument(
            "--quiet", action="store_true", help="no progress bar on standard error"
        )


@dataclass(frozen=True)
class TournamentRun:
    """What ``fourinarow match`` or ``tournament`` was asked for, checked: the settings of a
    new one, or the one to resume, and where and how to play and show it."""

    command: str  # match or tournament
    settings: Settings | None  # a new one's; None with --resume
    resume: int | None = None  # --resume: the tournament (0: the latest); None: a new one
    workers: int | None = None
    backend: str = "local"  # local or ray
    address: str | None = None
    db: str | None = None
    json: bool = False
    csv: bool = False
    plot: str | None = None
    quiet: bool = False
    color: bool = True  # the tables and the progress bar in colour (not with --no-color)

    @classmethod
    def from_args(cls, args: argparse.Namespace) -> TournamentRun:
        """The run the arguments ask for; before any game, a missing extra, an unreachable
        cluster, a bad plot path or bad settings stop the command.

        Raises:
            FourInARowError, MissingExtraError, RayConnectionError: see above.
        """
        if args.backend == "ray":
            require_extra("ray", "ray", "the Ray backend needs Ray")
            if args.address:
                check_ray_address(args.address)
        if args.plot:
            from fourinarow.tournament.plots import check_plot_path

            check_plot_path(args.plot)
        settings = None
        if args.resume is not None:
            _refuse_settings_with_resume(args)
        else:
            settings = _new_settings(args)
        return cls(
            command=args.command,
            settings=settings,
            resume=args.resume,
            workers=args.workers,
            backend=args.backend,
            address=args.address,
            db=args.db,
            json=args.json,
            csv=args.csv,
            plot=args.plot,
            quiet=args.quiet,
            color=color_wanted(args.no_color),
        )


def run(args: argparse.Namespace) -> int:
    """Play a new match or tournament (or resume one) and print its results; return the exit
    status."""
    return play_tournament(TournamentRun.from_args(args))


def play_tournament(request: TournamentRun) -> int:
    """Play the games of a new match or tournament (or those a resumed one lacks), stored as
    they end, and print the results; return the exit status."""
    workers = resolve_workers(
        request.command, request.workers, cluster=request.backend == "ray" and bool(request.address)
    )
    resumed: StoredTournament | None = None
    with open_store(request.command, request.db, create=request.resume is None) as store:
        if request.resume is not None:
            resumed = store.tournament(request.resume or None)
            if resumed is None:
                which = f"tournament {request.resume}" if request.resume else "tournament"
                raise InvalidSettingsError(f"there is no {which} to resume in {store.path}")
            tournament_id, settings = resumed.id, resumed.settings
        else:
            assert request.settings is not None
            settings = request.settings
            tournament_id = store.create(settings, settings.total_games)
        if resumed is None or not resumed.finished:
            warn_if_unbounded(request.command, settings)
        shown = not request.quiet and sys.stderr.isatty()  # as progress_bar decides
        latest = LatestMove() if shown and request.backend == "local" else None  # shared memory
        detail = None if latest is None else partial(_game_in_play, latest, settings.total_games)
        try:
            with progress_bar(
                "games", enabled=not request.quiet, detail=detail, color=request.color
            ) as progress:
                if request.backend == "ray":
                    from fourinarow.tournament.distributed import run_ray

                    run_ray(store, tournament_id, workers, request.address, progress)
                else:
                    run_local(store, tournament_id, workers, progress, latest)
        except KeyboardInterrupt:
            _say_how_to_resume(store, tournament_id, request)
            return 130
        records = store.records(tournament_id)
    if resumed is not None:  # said once its games are read: a damaged one says only that
        _say_if_complete(resumed, request.command)
    agents, pairings = summarise(records, settings.agents)
    ratings = elo_ratings(records, settings.agents)
    heading, name = headings(request.command, tournament_id, settings, len(records))
    if request.plot:
        from fourinarow.tournament.plots import write_plots

        write_plots(request.plot, agents, pairings, ratings, name)
    if request.json:
        print(json.dumps(_as_json(tournament_id, settings, agents, pairings, ratings)))
    elif request.csv:
        _write_csv(agents, pairings, ratings)
    else:
        from fourinarow.cli.tables import print_tournament

        print_tournament(heading, agents, pairings, ratings, color=request.color)
    return 0


def _game_in_play(latest: LatestMove, total: int) -> str:
    """The progress bar's word on the games in play: "game 3/10, move 14" (the game that moved
    last, and its stones), or nothing before the first move."""
    move = latest.read()
    return "" if move is None else f"game {move[0] + 1}/{total}, move {move[1]}"


def headings(command: str, tournament_id: int, settings: Settings, games: int) -> tuple[str, str]:
    """The heading of the results and the name of the plot: "Tournament 3: 12 games" and
    "Tournament 3", or for ``match`` "Match 4: simple vs random, 10 games" and "Match 4:
    simple vs random". The number is the stored tournament's, which ``--resume`` and
    ``review --tournament`` take."""
    if command == "match":
        name = f"Match {tournament_id}: {' vs '.join(settings.agents)}"
        return f"{name}, {games} games", name
    name = f"Tournament {tournament_id}"
    return f"{name}: {games} games", name


def _say_if_complete(stored: StoredTournament, command: str) -> None:
    """On standard error: a tournament resumed with nothing left to play is complete."""
    if stored.finished:
        print(
            f"fourinarow {command}: note: tournament {stored.id} is already complete "
            f"({stored.played} of {stored.total_games} games): nothing to play, its results "
            "follow",
            file=sys.stderr,
        )


def _say_how_to_resume(store: Store, tournament_id: int, request: TournamentRun) -> None:
    """After Ctrl-C: how many games are stored, and the command that plays the rest."""
    stored = store.tournament(tournament_id)
    assert stored is not None
    command = [request.command, "--resume", str(tournament_id)]
    say_how_to_resume(stored.played, stored.total_games, command, request.db)


SETTING_DEFAULTS: dict[str, Any] = {
    "games": 10,
    "opening_plies": 0,
    "seed": 0,
    "size": (7, 6),
    "connect": 4,
    "time_ms": None,
}
"""The options that make a tournament's settings, and their defaults (``None`` in the parser, to
tell which were given)."""


def _refuse_settings_with_resume(args: argparse.Namespace) -> None:
    """A resumed tournament keeps its stored settings: refuse agents and options that set them."""
    given = ["the agents"] if args.agents else []
    refuse_with_resume(
        "tournament", given, {name: getattr(args, name) for name in SETTING_DEFAULTS}
    )


def _new_settings(args: argparse.Namespace) -> Settings:
    """The settings of a new match or tournament, checked."""
    if args.command == "match" and len(args.agents) != 2:
        raise InvalidSettingsError(
            f"a match is between two agents, not {len(args.agents)}: "
            "fourinarow match SPEC SPEC (or fourinarow tournament for more)"
        )
    if args.command == "tournament" and len(args.agents) < 2:
        raise InvalidSettingsError(
            f"a tournament needs at least two agents, not {len(args.agents)}: "
            "fourinarow tournament SPEC SPEC ... (see fourinarow agents), "
            "or --resume to continue one"
        )
    value: dict[str, Any] = {
        name: default if getattr(args, name) is None else getattr(args, name)
        for name, default in SETTING_DEFAULTS.items()
    }
    settings = Settings(
        agents=tuple(args.agents),
        games=value["games"],
        seed=value["seed"],
        opening_plies=value["opening_plies"],
        width=value["size"][0],
        height=value["size"][1],
        connect=value["connect"],
        time=None if value["time_ms"] is None else value["time_ms"] / 1000,
    )
    settings.check()
    return settings


def _as_json(
    tournament_id: int,
    settings: Settings,
    agents: list[AgentSummary],
    pairings: list[PairingSummary],
    ratings: dict[str, tuple[float, float]],
) -> dict[str, object]:
    return {
        "tournament": tournament_id,
        "settings": settings.to_dict(),
        "agents": [
            {
                **_fields(a),
                "games": a.games,
                "elo": ratings[a.agent][0],
                "elo_error": ratings[a.agent][1],
            }
            for a in agents
        ],
        "pairings": [{**_fields(p), "games": p.games} for p in pairings],
    }


def _fields(summary: AgentSummary | PairingSummary) -> dict[str, object]:
    return dict(summary.__dict__)


CSV_FIELDS = [
    "agent", "opponent", "games", "wins", "draws", "losses", "score", "score_low", "score_high",
    "elo", "elo_error", "mean_length", "median_length", "time_mean_ms", "time_p95_ms",
    "time_max_ms", "nodes_mean",
]  # fmt: skip


def _write_csv(
    agents: list[AgentSummary],
    pairings: list[PairingSummary],
    ratings: dict[str, tuple[float, float]],
) -> None:
    writer = csv.writer(sys.stdout)
    writer.writerow(CSV_FIELDS)
    for a in agents:
        elo, error = ratings[a.agent]
        writer.writerow([
            a.agent, "all", a.games, a.wins, a.draws, a.losses, round(a.score, 4),
            round(a.low, 4), round(a.high, 4), round(elo, 1), round(error, 1),
            round(a.mean_length, 2), a.median_length, round(a.time_mean * 1e3, 3),
            round(a.time_p95 * 1e3, 3), round(a.time_max * 1e3, 3), round(a.nodes_mean, 1),
        ])  # fmt: skip
    for p in pairings:
        writer.writerow([
            p.agent, p.opponent, p.games, p.wins, p.draws, p.losses, round(p.score, 4),
            round(p.low, 4), round(p.high, 4), "", "", round(p.mean_length, 2),
            p.median_length, "", "", "", "",
        ])  # fmt: skip
