"""Tournaments and their games in SQLite: every finished game is committed at once, so a
tournament stopped by Ctrl-C, or killed outright, loses nothing and resumes where it stopped.

The database runs in WAL mode. A game's row is keyed by its tournament and its place in the
schedule, so a game can never be stored twice.
"""

from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from fourinarow.core import FourInARowError
from fourinarow.tournament.games import GameRecord, GameSpec
from fourinarow.tournament.schedule import Settings

__all__ = [
    "ResultsDatabaseError",
    "Store",
    "StoredExperiment",
    "StoredTournament",
    "default_db_path",
]


class ResultsDatabaseError(FourInARowError):
    """A results database that is missing (to resume from), or a file that is not one."""


_SCHEMA = """
CREATE TABLE IF NOT EXISTS tournaments (
    id INTEGER PRIMARY KEY,
    settings TEXT NOT NULL,
    total_games INTEGER NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    game_index INTEGER NOT NULL,
    first TEXT NOT NULL,
    second TEXT NOT NULL,
    width INTEGER NOT NULL,
    height INTEGER NOT NULL,
    connect INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    opening TEXT NOT NULL,
    moves TEXT NOT NULL,
    winner INTEGER,
    times TEXT NOT NULL,
    nodes TEXT NOT NULL,
    finished TEXT NOT NULL,
    PRIMARY KEY (tournament_id, game_index)
);
CREATE TABLE IF NOT EXISTS experiments (
    id INTEGER PRIMARY KEY,
    study TEXT NOT NULL,
    options TEXT NOT NULL,
    created TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS experiment_matches (
    experiment_id INTEGER NOT NULL REFERENCES experiments(id),
    position INTEGER NOT NULL,
    tournament_id INTEGER NOT NULL REFERENCES tournaments(id),
    PRIMARY KEY (experiment_id, position)
);
"""


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/fourinarow/results.sqlite3`` (``~/.local/share`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share"
    return Path(base) / "fourinarow" / "results.sqlite3"


@dataclass(frozen=True)
class StoredTournament:
    """A tournament's row: its id, settings and how many games it has and wants."""

    id: int
    settings: Settings
    total_games: int
    played: int
    created: str

    @property
    def finished(self) -> bool:
        return self.played >= self.total_games


@dataclass(frozen=True)
class StoredExperiment:
    """An experiment's row: its study, the options it was started with, and its matches (the
    ids of their tournaments, in the study's order)."""

    id: int
    study: str
    options: dict[str, object]
    tournaments: tuple[int, ...]
    created: str


class Store:
    """A results database.

    Args:
        path: the SQLite file.
        create: make the file, and its folder, if missing (else a missing file is an error:
            there is nothing to resume).

    Raises:
        ResultsDatabaseError: ``path`` is missing (and ``create`` is false), or cannot be
            opened as a SQLite database.
    """

    def __init__(self, path: Path | str, create: bool = True) -> None:
        self.path = Path(path)
        if create:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        elif not self.path.is_file():
            raise ResultsDatabaseError(
                f"there is no results database {self.path}: nothing to resume"
            )
        # Without create, read-write mode: a file removed meanwhile is not made anew.
        target = str(self.path) if create else f"{self.path.resolve().as_uri()}?mode=rw"
        try:
            self._db = sqlite3.connect(target, uri=not create)
        except sqlite3.Error as error:
            raise ResultsDatabaseError(f"cannot open {self.path}: {error}") from None
        try:
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as error:
            self._db.close()
            raise ResultsDatabaseError(f"{self.path} is not a results database ({error})") from None

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def create(self, settings: Settings, total_games: int) -> int:
        """Record a new tournament; return its id."""
        with self._db:
            cursor = self._db.execute(
                "INSERT INTO tournaments (settings, total_games, created) VALUES (?, ?, ?)",
                (json.dumps(settings.to_dict()), total_games, _now()),
            )
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def create_experiment(
        self, study: str, options: dict[str, object], matches: list[tuple[Settings, int]]
    ) -> int:
        """Record a new experiment with a tournament for each of its matches, given as
        (settings, total games), all in one transaction; return the experiment's id."""
        with self._db:
            cursor = self._db.execute(
                "INSERT INTO experiments (study, options, created) VALUES (?, ?, ?)",
                (study, json.dumps(options), _now()),
            )
            experiment_id = cursor.lastrowid
            for position, (settings, total_games) in enumerate(matches):
                cursor = self._db.execute(
                    "INSERT INTO tournaments (settings, total_games, created) VALUES (?, ?, ?)",
                    (json.dumps(settings.to_dict()), total_games, _now()),
                )
                self._db.execute(
                    "INSERT INTO experiment_matches VALUES (?, ?, ?)",
                    (experiment_id, position, cursor.lastrowid),
                )
        assert experiment_id is not None
        return experiment_id

    def experiment(self, study: str, experiment_id: int | None = None) -> StoredExperiment | None:
        """An experiment of ``study`` by id, or the latest one; ``None`` if there is none."""
        query = "SELECT id, options, created FROM experiments WHERE study = ? "
        if experiment_id is None:
            row = self._db.execute(query + "ORDER BY id DESC LIMIT 1", (study,)).fetchone()
        else:
            row = self._db.execute(query + "AND id = ?", (study, experiment_id)).fetchone()
        if row is None:
            return None
        identifier, options, created = row
        tournaments = self._db.execute(
            "SELECT tournament_id FROM experiment_matches WHERE experiment_id = ? "
            "ORDER BY position",
            (identifier,),
        )
        return StoredExperiment(
            identifier, study, json.loads(options), tuple(t for (t,) in tournaments), created
        )

    def add(self, tournament_id: int, record: GameRecord) -> None:
        """Store a finished game (one transaction)."""
        self.add_many(tournament_id, [record])

    def add_many(self, tournament_id: int, records: list[GameRecord]) -> None:
        """Store finished games, all or none (one transaction)."""
        rows = []
        for record in records:
            spec = record.spec
            rows.append(
                (
                    tournament_id,
                    spec.index,
                    spec.first,
                    spec.second,
                    spec.width,
                    spec.height,
                    spec.connect,
                    spec.seed,
                    json.dumps(list(spec.opening)),
                    json.dumps(list(record.moves)),
                    record.winner,
                    json.dumps([round(t, 6) for t in record.times]),
                    json.dumps(list(record.nodes)),
                    _now(),
                )
            )
        # A game another process already stored (two runs resuming one tournament at once)
        # is kept as it is: each game is stored once, and neither run fails.
        with self._db:
            self._db.executemany(
                "INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                rows,
            )

    def tournament(self, tournament_id: int | None = None) -> StoredTournament | None:
        """A tournament by id, or the latest one; ``None`` if there is none."""
        query = (
            "SELECT t.id, t.settings, t.total_games, t.created, "
            "(SELECT COUNT(*) FROM games g WHERE g.tournament_id = t.id) FROM tournaments t "
        )
        if tournament_id is None:
            row = self._db.execute(query + "ORDER BY t.id DESC LIMIT 1").fetchone()
        else:
            row = self._db.execute(query + "WHERE t.id = ?", (tournament_id,)).fetchone()
        if row is None:
            return None
        identifier, settings, total, created, played = row
        return StoredTournament(
            identifier, Settings.from_dict(json.loads(settings)), total, played, created
        )

    def played_indexes(self, tournament_id: int) -> set[int]:
        """The places in the schedule of the games already stored."""
        rows = self._db.execute(
            "SELECT game_index FROM games WHERE tournament_id = ?", (tournament_id,)
        )
        return {index for (index,) in rows}

    def records(self, tournament_id: int) -> list[GameRecord]:
        """Every stored game of a tournament, in schedule order."""
        rows = self._db.execute(
            "SELECT game_index, first, second, width, height, connect, seed, opening, moves, "
            "winner, times, nodes FROM games WHERE tournament_id = ? ORDER BY game_index",
            (tournament_id,),
        )
        stored = self.tournament(tournament_id)
        time = stored.settings.time if stored is not None else None
        records = []
        for index, first, second, w, h, n, seed, opening, moves, winner, times, nodes in rows:
            spec = GameSpec(index, first, second, w, h, n, tuple(json.loads(opening)), seed, time)
            records.append(
                GameRecord(
                    spec,
                    tuple(json.loads(moves)),
                    winner,
                    tuple(json.loads(times)),
                    tuple(json.loads(nodes)),
                )
            )
        return records


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
