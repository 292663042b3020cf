"""``minimax-depths``: what each ply of depth is worth to plain minimax, on 6x6 and on 7x6.

Plain minimax at depths 1 to 5 (with the ``streaks`` evaluation of the classic minimax
tutorials) plays random, minimax depth 1 and minimax depth 2, moving first in half the games;
every game is stored, and the report gives per board and opponent the wins, draws and losses,
the score with its 95% interval, the game length and the time per move, as markdown tables and
a plot. (A depth against itself is
left out: a tournament names each agent once.)

A run of the study is stored as an experiment with a tournament for each match, all made when
it starts (:func:`start_study`); :func:`run_study` plays whatever games are missing, so an
interrupted run goes on where it stopped. Where the report goes is checked before the first
game (:func:`check_report_folder`).
"""

from __future__ import annotations

import contextlib
import io
from dataclasses import dataclass
from pathlib import Path

from fourinarow.core import FourInARowError
from fourinarow.core.paths import kind_of, write_output_file
from fourinarow.extras import MissingExtraError, prepare_matplotlib, require_extra
from fourinarow.tournament.runner import Progress, run_local
from fourinarow.tournament.schedule import (
    MAX_TOURNAMENT_GAMES,
    InvalidSettingsError,
    Settings,
    too_many_games,
)
from fourinarow.tournament.stats import summarise
from fourinarow.tournament.store import Store, StoredExperiment
from fourinarow.tournament.writable import unwritable_file, unwritable_folder

__all__ = [
    "STUDY",
    "ReportPathError",
    "Row",
    "StudyReport",
    "check_report_folder",
    "check_study_size",
    "run_study",
    "start_study",
    "stored_run",
    "study_matches",
]

STUDY = "minimax-depths"

FORMER_NAMES = ("seed-003",)
"""Names the study was stored under before 0.2.0: a run stored under one resumes as this one."""

BOARDS = ((6, 6), (7, 6))
DEPTHS = (1, 2, 3, 4, 5)
OPPONENTS = ("random", "minimax:depth=1,eval=streaks", "minimax:depth=2,eval=streaks")


REPORT_FILES = ("report.md", "minimax-depths.png")
"""What a run writes into its report folder."""


def stored_run(store: Store, experiment_id: int | None = None) -> StoredExperiment | None:
    """A stored run of the study by id, or the latest one (also under a former name of the
    study); ``None`` if there is none."""
    runs = (store.experiment(name, experiment_id) for name in (STUDY, *FORMER_NAMES))
    found = [run for run in runs if run is not None]
    return max(found, key=lambda run: run.id) if found else None


class ReportPathError(FourInARowError):
    """A report folder that cannot be written: a file, below a file, read-only."""


def check_report_folder(out: Path) -> None:
    """Check that the report can be written into the folder ``out`` (made if missing).

    Raises:
        ReportPathError: ``out`` is a file, lies below a file, cannot be written into, or holds
            a report file that cannot be written over.
        ReportPathError: a report file in ``out`` is a folder, a FIFO, a device or a socket
            (it is replaced whole, never written through nor renamed over).
    """
    problem = unwritable_folder(out)
    if problem is None and out.is_dir():
        problem = next(filter(None, (unwritable_file(out / name) for name in REPORT_FILES)), None)
    if problem is None and out.is_dir():
        kinds = ((out / name, kind_of(out / name)) for name in REPORT_FILES)
        problem = next((f"{path} is {kind}" for path, kind in kinds if kind), None)
    if problem:
        raise ReportPathError(f"--out {out}: {problem}: give a folder the report can go into")


def _minimax(depth: int) -> str:
    return f"minimax:depth={depth},eval=streaks"


def study_matches(games: int, seed: int) -> list[Settings]:
    """Every match of the study."""
    return [
        Settings((_minimax(depth), opponent), games=games, seed=seed, width=w, height=h)
        for w, h in BOARDS
        for opponent in OPPONENTS
        for depth in DEPTHS
        if _minimax(depth) != opponent
    ]


@dataclass(frozen=True)
class Row:
    """One match's result, for minimax at ``depth``."""

    board: str
    opponent: str
    depth: int
    wins: int
    draws: int
    losses: int
    score: float
    low: float
    high: float
    mean_length: float
    time_ms: float
    time_p95_ms: float


@dataclass(frozen=True)
class StudyReport:
    """A run of the study: the report written, and its rows (one per match)."""

    experiment: int
    path: Path
    rows: tuple[Row, ...]
    games: int
    seed: int


def check_study_size(games: int) -> None:
    """Refuse ``games`` a match when the study's matches would play more than
    :data:`~fourinarow.tournament.schedule.MAX_TOURNAMENT_GAMES` games in all.

    Raises:
        InvalidSettingsError: they would.
    """
    matches = len(study_matches(games, 0))
    if games * matches > MAX_TOURNAMENT_GAMES:
        raise InvalidSettingsError(too_many_games(games, matches, "matches"))


def start_study(store: Store, games: int = 20, seed: int = 0) -> int:
    """Record a new run of the study, a stored tournament for each match; return its id.

    Raises:
        InvalidSettingsError: ``games`` is odd or below 2, or the study's matches would play
            more than :data:`~fourinarow.tournament.schedule.MAX_TOURNAMENT_GAMES` in all.
    """
    matches = study_matches(games, seed)
    matches[0].check()
    check_study_size(games)
    planned = [(settings, settings.total_games) for settings in matches]
    return store.create_experiment(STUDY, {"games": games, "seed": seed}, planned)


def run_study(
    store: Store,
    experiment_id: int,
    out: Path,
    workers: int = 1,
    progress: Progress | None = None,
) -> StudyReport:
    """Play the games a run of the study still misses (all of them in a new run, the rest in
    an interrupted one), then write ``report.md`` (and ``minimax-depths.png`` with matplotlib) into
    ``out``. ``progress`` counts the games of the whole study.

    Raises:
        ReportPathError: the report cannot be written into ``out`` (found out before any game).
    """
    check_report_folder(out)
    stored = stored_run(store, experiment_id)
    if stored is None:
        raise KeyError(experiment_id)
    games, seed = int(str(stored.options["games"])), int(str(stored.options["seed"]))
    rows: list[Row] = []
    for tournament in stored.tournaments:
        settings = _settings(store, tournament)
        run_local(store, tournament, workers, _overall(progress, store, stored, tournament))
        agents, _ = summarise(store.records(tournament), settings.agents)
        mine = agents[0]
        depth = int(settings.agents[0].split("depth=")[1].split(",")[0])
        rows.append(
            Row(
                f"{settings.width}x{settings.height}", settings.agents[1], depth,
                mine.wins, mine.draws, mine.losses, mine.score, mine.low, mine.high,
                mine.mean_length, mine.time_mean * 1e3, mine.time_p95 * 1e3,
            )
        )  # fmt: skip
    report = out / "report.md"
    text = _markdown(rows, games, seed).encode("utf-8")
    write_output_file(report, text, "the report", write_through=False, make_folders=True)
    with contextlib.suppress(MissingExtraError):  # the tables are the report; the plot needs
        _plot(rows, out / "minimax-depths.png")  # the extra
    return StudyReport(stored.id, report, tuple(rows), games, seed)


def _settings(store: Store, tournament: int) -> Settings:
    stored = store.tournament(tournament)
    assert stored is not None
    return stored.settings


def _overall(
    progress: Progress | None, store: Store, experiment: StoredExperiment, tournament: int
) -> Progress | None:
    """A progress callback for one match that reports the games of the whole study."""
    if progress is None:
        return None
    report = progress
    counts = [store.tournament(t) for t in experiment.tournaments]
    total = sum(c.total_games for c in counts if c is not None)
    others = sum(c.played for c in counts if c is not None and c.id != tournament)
    return lambda done, _, seconds: report(others + done, total, seconds)


def _markdown(rows: list[Row], games: int, seed: int) -> str:
    lines = [
        "# What depth is worth to minimax",
        "",
        f"Plain minimax with the `streaks` evaluation at depths 1-5 against three "
        f"opponents, {games} games a match (each side first in half), seed {seed}.",
        "",
    ]
    for board in dict.fromkeys(row.board for row in rows):
        for opponent in OPPONENTS:
            lines += [
                f"## {board}: minimax against {opponent}",
                "",
                "| depth | W | D | L | score | 95% interval | mean length | ms/move | p95 ms |",
                "|---|---|---|---|---|---|---|---|---|",
            ]
            for row in rows:
                if row.board == board and row.opponent == opponent:
                    lines.append(
                        f"| {row.depth} | {row.wins} | {row.draws} | {row.losses} | "
                        f"{row.score:.3f} | {row.low:.2f}-{row.high:.2f} | "
                        f"{row.mean_length:.1f} | {row.time_ms:.3f} | {row.time_p95_ms:.3f} |"
                    )
            lines.append("")
    return "\n".join(lines)


def _plot(rows: list[Row], path: Path) -> None:
    prepare_matplotlib()
    matplotlib = require_extra("matplotlib", "plot", "plots need matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, (score_axis, time_axis) = plt.subplots(1, 2, figsize=(12, 4.5), constrained_layout=True)
    for board in dict.fromkeys(row.board for row in rows):
        for opponent in OPPONENTS:
            points = [
                (r.depth, r.score) for r in rows if r.board == board and r.opponent == opponent
            ]
            label = f"{board} vs {opponent.split(',')[0]}"
            score_axis.plot(*zip(*points, strict=True), "o-", label=label)
        times = sorted({(r.depth, r.time_ms) for r in rows if r.board == board})
        time_axis.plot(*zip(*times, strict=True), "o", label=board)
    score_axis.set_xlabel("minimax depth")
    score_axis.set_ylabel("score (win 1, draw 1/2)")
    score_axis.legend(fontsize=8)
    time_axis.set_xlabel("minimax depth")
    time_axis.set_ylabel("mean time per move (ms)")
    time_axis.set_yscale("log")
    time_axis.legend()
    image = io.BytesIO()
    figure.savefig(image, dpi=100, format="png")
    plt.close(figure)
    write_output_file(path, image.getvalue(), "the report's plot", write_through=False)
