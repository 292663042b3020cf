"""Tournaments and their games in SQLite: every finished game is committed at once, so a
tournament stopped by Ctrl-C, or killed outright, loses nothing and resumes where it stopped.

The database runs in WAL mode. A game's row is keyed by its tournament and its place in the
schedule, so a game can never be stored twice.

A results database is marked as ours (``PRAGMA application_id`` and ``user_version``). A
database made before the mark, whose tables are all ours with our columns, is marked when it is
next opened; any other database that has tables, a file that is not a database, a damaged one, a
folder, or a place where the file cannot be written is refused with a
:class:`ResultsDatabaseError` before anything is written (a FIFO, a device or a socket with a
:class:`~fourinarow.core.PathKindError`, before SQLite opens it). A row that is not what we
wrote raises :class:`~fourinarow.tournament.rows.UnreadableRowError` naming it; none is skipped
(a table of results without some of its games would be a wrong answer). A damaged file is
refused in one line that says to restore it or give another one; a write that fails on the
way (a full disk, an I/O error) raises :class:`~fourinarow.core.paths.OutputWriteError`, the
games committed before it kept. When another program holds the database locked, every
operation waits for it (saying so once per wait, through ``on_wait``) and tries again, as long
as it takes; Ctrl-C stops the wait.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

from fourinarow.core import FourInARowError
from fourinarow.core.paths import OutputWriteError, check_regular_file, path_problem, shown_path
from fourinarow.tournament.one_game import GameRecord
from fourinarow.tournament.rows import (
    UnreadableRowError,
    read_game,
    read_options,
    read_settings,
)
from fourinarow.tournament.schedule import Settings
from fourinarow.tournament.writable import unwritable_file, unwritable_folder
from fourinarow.userdata import (
    DAMAGED_ADVICE,
    UnknownDataHomeError,
    data_file,
    holds_other_data,
    is_damage,
    sqlite_code,
    sqlite_reason,
)

__all__ = [
    "APPLICATION_ID",
    "SCHEMA_VERSION",
    "ResultsDatabaseError",
    "ResultsLocationError",
    "Store",
    "StoredExperiment",
    "StoredTournament",
    "default_db_path",
]

_log = logging.getLogger(__name__)
_T = TypeVar("_T")

APPLICATION_ID = 0x34696152
"""``PRAGMA application_id`` of our databases: the bytes ``4iaR``."""
SCHEMA_VERSION = 1
"""``PRAGMA user_version`` of the tables below; a database of a later version is refused."""
WAIT_SLICE = 1.0
"""Seconds SQLite waits for a lock before we say that we wait (and then wait on, slice by slice,
so that Ctrl-C is heard)."""

_BUSY = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
_FAILED_WRITES = (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR)


class ResultsDatabaseError(FourInARowError):
    """A results database that is missing (to resume from), or a file that is not one."""


class ResultsLocationError(ResultsDatabaseError):
    """A place where a results database cannot be made or written: a folder, a read-only place."""


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
    """``results.sqlite3`` in the user's data folder (:func:`fourinarow.userdata.data_folder`:
    ``$XDG_DATA_HOME/fourinarow``, or ``~/.local/share/fourinarow``).

    Raises:
        ResultsLocationError: neither that nor the home folder is known.
    """
    try:
        return data_file("results.sqlite3")
    except UnknownDataHomeError:
        raise ResultsLocationError(
            "cannot tell the home folder for the results database: set HOME or "
            "XDG_DATA_HOME, or give the file"
        ) from None


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
        on_wait: told, once at the start of each wait, when another program holds the database
            locked for longer than :data:`WAIT_SLICE` (default: a logged warning).

    Raises:
        ResultsDatabaseError: ``path`` is missing (and ``create`` is false), not a SQLite
            database, damaged, another program's database, or of a later schema version.
        ResultsLocationError: ``path`` is a folder, or cannot be opened (permissions), made or
            written.
        PathKindError: ``path`` is a FIFO, a device or a socket (refused before SQLite opens
            it, so nothing is written beside it), or no file can be there (a link loop, ...).
        OutputWriteError: SQLite could not write it (a full disk, an I/O error); this, and
            the errors above, from any method too.
    """

    def __init__(
        self,
        path: Path | str,
        create: bool = True,
        on_wait: Callable[[str], None] | None = None,
    ) -> None:
        self.path = Path(path)
        self._on_wait = on_wait or _log.warning
        try:
            self._check_location(create)
        except OSError as error:  # the file or a folder above it that we may not open
            raise ResultsLocationError(
                f"cannot open the results database {self.path} ({error.strerror or error})"
            ) from None
        # Without create, read-write mode: a file removed meanwhile is not made anew.
        target = str(self.path) if create else f"{self.path.resolve().as_uri()}?mode=rw"
        try:
            self._db = sqlite3.connect(target, uri=not create, timeout=WAIT_SLICE)
        except sqlite3.Error as error:
            raise self._error(error) from None
        try:
            self._retrying(self._adopt)
        except BaseException:
            self._db.close()
            raise

    def _check_location(self, create: bool) -> None:
        """Refuse a folder, a missing file (unless ``create``), a place that cannot be written."""
        problem = path_problem(self.path)
        if problem is not None:
            raise ResultsLocationError(
                f"the results database {shown_path(self.path)}: {problem}; give a file's path"
            )
        if self.path.is_dir():
            raise ResultsLocationError(
                f"{self.path} is a folder, not a results database: give a file in it, "
                f"e.g. {self.path / 'results.sqlite3'}"
            )
        # before SQLite opens it: a device or a FIFO would get a -journal file beside it
        check_regular_file(self.path, "the results database")
        if not create and not self.path.is_file():
            raise ResultsDatabaseError(
                f"there is no results database {self.path}: nothing to resume"
            )
        if holds_other_data(self.path):
            raise ResultsDatabaseError(
                f"{self.path} is not a results database (not a SQLite file); give a results "
                "database, or a new file, with --db"
            )
        # SQLite writes a -wal and a -shm file beside the database, so its folder must take
        # new files even when the database exists.
        problem = unwritable_file(self.path) or unwritable_folder(self.path.parent)
        if problem:
            raise ResultsLocationError(f"cannot write the results database {self.path}: {problem}")
        if create:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise ResultsLocationError(
                    f"cannot make the folder of the results database {self.path}: "
                    f"{error.strerror or error}"
                ) from None

    def _adopt(self) -> None:
        """Check that the database is ours (or empty), whole, and of a version we read; add
        what is missing (tables, the mark); switch it to WAL."""
        application_id = self._db.execute("PRAGMA application_id").fetchone()[0]
        version = self._db.execute("PRAGMA user_version").fetchone()[0]
        tables = _tables(self._db)
        ours = _tables_of_schema()
        if application_id not in (0, APPLICATION_ID):
            raise ResultsDatabaseError(
                f"{self.path} is another program's database (its application id is "
                f"{application_id:#x}), not a results database of fourinarow"
            )
        foreign = sorted(set(tables) - set(ours))
        if foreign:
            raise ResultsDatabaseError(
                f"{self.path} is another program's database (it has the tables "
                f"{', '.join(foreign)}), not a results database of fourinarow: give a new file"
            )
        for name, columns in tables.items():
            if columns != ours[name]:
                raise ResultsDatabaseError(
                    f"{self.path} is another program's database: its table {name} has the "
                    f"columns {', '.join(columns)}, not those of a results database of fourinarow"
                )
        if version > SCHEMA_VERSION:
            raise ResultsDatabaseError(
                f"{self.path} was written by a later fourinarow (schema version {version}; "
                f"this one reads up to {SCHEMA_VERSION})"
            )
        if tables:
            (verdict,) = self._db.execute("PRAGMA quick_check(1)").fetchone()
            if verdict != "ok":
                raise ResultsDatabaseError(
                    f"{self.path} is a damaged database ({sqlite_reason(verdict)}); "
                    f"{DAMAGED_ADVICE}"
                )
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        if tables.keys() != ours.keys() or (application_id, version) != (
            APPLICATION_ID,
            SCHEMA_VERSION,
        ):
            self._db.executescript(
                f"BEGIN; {_SCHEMA} PRAGMA application_id = {APPLICATION_ID}; "
                f"PRAGMA user_version = {SCHEMA_VERSION}; COMMIT;"
            )

    def _retrying(self, action: Callable[[], _T]) -> _T:
        """Run ``action`` (one transaction, or reads) until no lock held elsewhere stops it."""
        waiting = False
        while True:
            try:
                return action()
            except sqlite3.Error as error:
                if self._db.in_transaction:
                    self._db.rollback()
                if getattr(error, "sqlite_errorcode", None) not in _BUSY:
                    raise self._error(error) from None
            if not waiting:
                waiting = True
                self._on_wait(
                    f"the results database {self.path} is locked by another program: "
                    "waiting until it is free (Ctrl-C stops)"
                )

    def _error(self, error: sqlite3.Error) -> ResultsDatabaseError | OutputWriteError:
        """Our error for one of SQLite's, on one line: a damaged file says what to do; a
        write that failed (a full disk, an I/O error) is an :class:`OutputWriteError`."""
        code = sqlite_code(error)
        reason = sqlite_reason(error)
        if code == sqlite3.SQLITE_NOTADB:
            return ResultsDatabaseError(
                f"{self.path} is not a results database ({reason}); {DAMAGED_ADVICE}"
            )
        if is_damage(error):
            return ResultsDatabaseError(
                f"{self.path} is a damaged database ({reason}); {DAMAGED_ADVICE}"
            )
        if code in (sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM):
            return ResultsLocationError(f"cannot write the results database {self.path} ({reason})")
        if code in _FAILED_WRITES:  # a full disk: exit status 1, the file as it was
            return OutputWriteError(
                f"cannot write the results database {self.path} ({reason}); the games stored "
                "before are kept"
            )
        return ResultsDatabaseError(f"cannot use the results database {self.path} ({reason})")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def create(self, settings: Settings, total_games: int) -> int:
        """Record a new tournament; return its id."""

        def insert() -> int | None:
            with self._db:
                return self._db.execute(
                    "INSERT INTO tournaments (settings, total_games, created) VALUES (?, ?, ?)",
                    (json.dumps(settings.to_dict()), total_games, _now()),
                ).lastrowid

        identifier = self._retrying(insert)
        assert identifier is not None
        return identifier

    def create_experiment(
        self, study: str, options: dict[str, object], matches: list[tuple[Settings, int]]
    ) -> int:
        """Record a new experiment with a tournament for each of its matches, given as
        (settings, total games), all in one transaction; return the experiment's id."""

        def insert() -> int | None:
            with self._db:
                experiment_id = self._db.execute(
                    "INSERT INTO experiments (study, options, created) VALUES (?, ?, ?)",
                    (study, json.dumps(options), _now()),
                ).lastrowid
                for position, (settings, total_games) in enumerate(matches):
                    cursor = self._db.execute(
                        "INSERT INTO tournaments (settings, total_games, created) VALUES (?, ?, ?)",
                        (json.dumps(settings.to_dict()), total_games, _now()),
                    )
                    self._db.execute(
                        "INSERT INTO experiment_matches VALUES (?, ?, ?)",
                        (experiment_id, position, cursor.lastrowid),
                    )
            return experiment_id

        experiment_id = self._retrying(insert)
        assert experiment_id is not None
        return experiment_id

    def experiment(self, study: str, experiment_id: int | None = None) -> StoredExperiment | None:
        """An experiment of ``study`` by id, or the latest one; ``None`` if there is none.

        Raises:
            UnreadableRowError: its options are not what fourinarow wrote.
        """
        query = "SELECT id, options, created FROM experiments WHERE study = ? "
        parameters: tuple[object, ...]
        if experiment_id is None:
            query, parameters = query + "ORDER BY id DESC LIMIT 1", (study,)
        else:
            query, parameters = query + "AND id = ?", (study, experiment_id)
        row = self._retrying(lambda: self._db.execute(query, parameters).fetchone())
        if row is None:
            return None
        identifier, options, created = row
        tournaments = self._retrying(
            lambda: self._db.execute(
                "SELECT tournament_id FROM experiment_matches WHERE experiment_id = ? "
                "ORDER BY position",
                (identifier,),
            ).fetchall()
        )
        return StoredExperiment(
            identifier,
            study,
            read_options(identifier, options),
            tuple(t for (t,) in tournaments),
            str(created),
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
        def insert() -> None:
            with self._db:
                self._db.executemany(
                    "INSERT OR IGNORE INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    rows,
                )

        self._retrying(insert)

    def tournament(self, tournament_id: int | None = None) -> StoredTournament | None:
        """A tournament by id, or the latest one; ``None`` if there is none.

        Raises:
            UnreadableRowError: its settings are not what fourinarow wrote.
        """
        query = (
            "SELECT t.id, t.settings, t.total_games, t.created, "
            "(SELECT COUNT(*) FROM games g WHERE g.tournament_id = t.id) FROM tournaments t "
        )
        parameters: tuple[object, ...]
        if tournament_id is None:
            query, parameters = query + "ORDER BY t.id DESC LIMIT 1", ()
        else:
            query, parameters = query + "WHERE t.id = ?", (tournament_id,)
        row = self._retrying(lambda: self._db.execute(query, parameters).fetchone())
        if row is None:
            return None
        identifier, settings, total, created, played = row
        if not isinstance(total, int) or isinstance(total, bool):
            raise UnreadableRowError(
                f"tournament {identifier} (table tournaments): its total_games is not a number"
            )
        return StoredTournament(
            identifier, read_settings(identifier, settings), total, played, str(created)
        )

    def played_indexes(self, tournament_id: int) -> set[int]:
        """The places in the schedule of the games already stored."""
        rows = self._retrying(
            lambda: self._db.execute(
                "SELECT game_index FROM games WHERE tournament_id = ?", (tournament_id,)
            ).fetchall()
        )
        return {index for (index,) in rows}

    def records(self, tournament_id: int) -> list[GameRecord]:
        """Every stored game of a tournament, in schedule order, each replayed to check it.

        Raises:
            UnreadableRowError: a game (or the tournament's settings) is not what fourinarow
                wrote: the message names its row.
        """
        rows = self._retrying(
            lambda: self._db.execute(
                "SELECT game_index, first, second, width, height, connect, seed, opening, "
                "moves, winner, times, nodes FROM games WHERE tournament_id = ? "
                "ORDER BY game_index",
                (tournament_id,),
            ).fetchall()
        )
        stored = self.tournament(tournament_id)
        time = stored.settings.time if stored is not None else None
        return [read_game(tournament_id, row, time) for row in rows]


def _tables(db: sqlite3.Connection) -> dict[str, tuple[str, ...]]:
    """The tables of a database (but SQLite's own), with their columns in order."""
    names = db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite%'"
    ).fetchall()
    return {
        name: tuple(
            column for (column,) in db.execute("SELECT name FROM pragma_table_info(?)", (name,))
        )
        for (name,) in names
    }


def _tables_of_schema() -> dict[str, tuple[str, ...]]:
    """Our tables, with their columns in order."""
    with sqlite3.connect(":memory:") as memory:
        memory.executescript(_SCHEMA)
        tables = _tables(memory)
    memory.close()
    return tables


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")
