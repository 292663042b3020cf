"""The results database refuses what is not ours (a file that is not a database, a damaged one,
another program's, a folder, a place it cannot write) before writing anything, reads every row
back checked, and waits for a lock another program holds."""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import tempfile
import threading
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from fourinarow.core import Board, FourInARowError
from fourinarow.tournament import Settings, Store, play_game, schedule
from fourinarow.tournament.experiment import stored_run
from fourinarow.tournament.one_game import GameRecord
from fourinarow.tournament.store import ResultsDatabaseError
from tests.other_user import as_other_user, needs_root, private_folder, shared_folder

DATA = Path(__file__).parent / "data"
UNMARKED = DATA / "results-unmarked.sqlite3"
"""A database written by fourinarow before databases were marked as ours: a match of random
and simple (4 games, seed 5), then a run of the minimax-depths study (stored under its name
before 0.2.0) with 2 games a match."""

SETTINGS = Settings(("random", "simple"), games=4, seed=5)


def unwritable_folder(tmp_path: Path) -> Path:
    """A folder where no file can be made: a read-only one, or for root (whom permissions do
    not stop) the kernel's /sys."""
    if os.geteuid() != 0:
        folder = tmp_path / "read-only"
        folder.mkdir(mode=0o555)
        return folder
    try:
        with tempfile.TemporaryFile(dir="/sys"):
            pass
    except OSError:
        return Path("/sys")
    pytest.skip(
        "needs a folder that refuses writes: root can write to read-only folders, and /sys"
        " (the one that would refuse root) lets it write here"
    )


def stored_database(path: Path) -> list[GameRecord]:
    """Write a finished match of random and simple into ``path``; return its games."""
    with Store(path) as store:
        tournament = store.create(SETTINGS, 4)
        store.add_many(tournament, [play_game(spec) for spec in schedule(SETTINGS)])
        return store.records(tournament)


def consistent(record: GameRecord) -> bool:
    """Whether a record is a finished game from its opening, won as it says."""
    board = Board(record.spec.width, record.spec.height, record.spec.connect)
    for column in record.moves:
        board.push(column)
    outcome = board.outcome()
    return outcome is not None and outcome.winner == record.winner


# ------------------------------------------------------------------ what is ours, and what not


def test_a_new_database_is_marked_as_ours(tmp_path: Path) -> None:
    from fourinarow.tournament.store import APPLICATION_ID, SCHEMA_VERSION

    Store(tmp_path / "r.sqlite3").close()
    with sqlite3.connect(tmp_path / "r.sqlite3") as db:
        assert db.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)
        assert db.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)


def test_a_database_written_before_the_mark_keeps_working(tmp_path: Path) -> None:
    from fourinarow.tournament.store import APPLICATION_ID

    path = tmp_path / "old.sqlite3"
    shutil.copy(UNMARKED, path)
    with Store(path, create=False) as store:
        stored = store.tournament(1)
        assert stored is not None
        assert stored.settings == SETTINGS
        assert stored.finished
        records = store.records(1)
        experiment = stored_run(store)  # found under the study's former name
        assert experiment is not None
        assert len(experiment.tournaments) == 26
    assert [r.moves for r in records] == [play_game(s).moves for s in schedule(SETTINGS)]
    with sqlite3.connect(path) as db:  # marked as ours on the way
        assert db.execute("PRAGMA application_id").fetchone() == (APPLICATION_ID,)


@given(content=st.binary(max_size=2000))
@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_any_file_that_is_not_a_database_is_refused_untouched(
    tmp_path: Path, content: bytes
) -> None:
    path = tmp_path / "file"
    path.write_bytes(content)
    if content:
        with pytest.raises(ResultsDatabaseError, match=f"^{path} is not a results database"):
            Store(path)
        assert path.read_bytes() == content
    else:  # only an empty file is an (empty) SQLite database
        Store(path).close()


@given(cut=st.integers(min_value=1, max_value=56_000))
@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_a_database_cut_short_is_refused_or_gives_only_true_games(tmp_path: Path, cut: int) -> None:
    whole = tmp_path / "whole.sqlite3"
    if not whole.exists():
        shutil.copy(UNMARKED, whole)
    path = tmp_path / "cut.sqlite3"
    path.write_bytes(whole.read_bytes()[:cut])
    with Store(whole) as store:
        original = {(r.spec.index, r.moves, r.winner) for r in store.records(1)}
    try:
        with Store(path, create=False) as store:
            records = store.records(1)
    except FourInARowError as error:  # ResultsDatabaseError, UnreadableRowError
        refused = str(error)
        records = []
    else:
        refused = ""
    assert str(path) in refused or "(table " in refused or records
    assert {(r.spec.index, r.moves, r.winner) for r in records} <= original


def test_a_damaged_database_is_named(tmp_path: Path) -> None:
    path = tmp_path / "damaged.sqlite3"
    data = bytearray(UNMARKED.read_bytes())
    data[4096 : 4096 * 3] = bytes(4096 * 2)  # two pages of the tables' B-trees zeroed
    path.write_bytes(bytes(data))
    with pytest.raises(ResultsDatabaseError, match=f"{path} is a damaged database"):
        Store(path)


@pytest.mark.parametrize(
    ("tables", "message"),
    [
        (["CREATE TABLE notes (text)"], "it has the tables notes"),
        (["CREATE TABLE games (a, b)"], "its table games has the columns a, b"),
        (
            ["CREATE TABLE tournaments (id, settings, total_games, created)", "CREATE TABLE t(x)"],
            "it has the tables t",
        ),
        (["PRAGMA application_id = 1234", "CREATE TABLE x (a)"], "its application id is 0x4d2"),
    ],
)
def test_another_programs_database_is_refused_untouched(
    tmp_path: Path, tables: list[str], message: str
) -> None:
    path = tmp_path / "theirs.sqlite3"
    with sqlite3.connect(path) as db:
        for statement in tables:
            db.execute(statement)
    db.close()
    before = path.read_bytes()
    with pytest.raises(ResultsDatabaseError, match=f"{path} is another program's database.*"):
        Store(path)
    with pytest.raises(ResultsDatabaseError, match=message):
        Store(path, create=False)
    assert path.read_bytes() == before


def test_a_database_of_a_later_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    Store(path).close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    db.close()
    with pytest.raises(ResultsDatabaseError, match="written by a later fourinarow"):
        Store(path)


# ------------------------------------------------------------------ where it cannot be written


def test_a_folder_is_not_a_database(tmp_path: Path) -> None:
    from fourinarow.tournament.store import ResultsLocationError

    with pytest.raises(ResultsLocationError, match=f"{tmp_path} is a folder"):
        Store(tmp_path)
    with pytest.raises(ResultsLocationError, match=f"{tmp_path} is a folder"):
        Store(tmp_path, create=False)


def test_a_place_that_cannot_be_written_is_refused(tmp_path: Path) -> None:
    from fourinarow.tournament.store import ResultsLocationError

    folder = unwritable_folder(tmp_path)
    for path in (folder / "r.sqlite3", folder / "new" / "deeper" / "r.sqlite3"):
        with pytest.raises(ResultsLocationError, match=f"cannot write into {folder}"):
            Store(path)
        assert not path.parent.exists() or path.parent == folder
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    with pytest.raises(ResultsLocationError, match=f"{a_file} is a file, not a folder"):
        Store(a_file / "below-it.sqlite3")


@needs_root
@pytest.mark.parametrize("create", [True, False], ids=["create", "resume"])
def test_a_database_another_user_may_not_open_is_refused(tmp_path: Path, create: bool) -> None:
    """In a folder the user may not enter, or a file the user may not read: one line, no
    PermissionError."""
    from fourinarow.tournament.store import ResultsLocationError

    hidden = private_folder(tmp_path) / "r.sqlite3"
    stored_database(hidden)
    with shared_folder() as folder:
        unreadable = folder / "r.sqlite3"
        shutil.copy(hidden, unreadable)
        unreadable.chmod(0)
        with as_other_user(), pytest.raises(ResultsLocationError) as caught:
            Store(unreadable, create=create)
        assert str(caught.value) == (
            f"cannot open the results database {unreadable} (Permission denied)"
        )
        for path in (hidden, hidden.parent / "new.sqlite3"):  # the folder on the way is named
            with as_other_user(), pytest.raises(ResultsLocationError) as caught:
                Store(path, create=create)
            assert str(caught.value).startswith(
                f"the results database {path}: this user may not enter the folder "
            )
            assert str(caught.value).endswith("; give a file's path")


@pytest.mark.parametrize("variable", ["XDG_DATA_HOME", "HOME"])
def test_the_default_place_follows_xdg_and_home(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, variable: str
) -> None:
    from fourinarow.tournament.store import default_db_path

    monkeypatch.delenv("XDG_DATA_HOME", raising=False)
    monkeypatch.setenv(variable, str(tmp_path))
    below = ("fourinarow",) if variable == "XDG_DATA_HOME" else (".local", "share", "fourinarow")
    assert default_db_path() == tmp_path.joinpath(*below, "results.sqlite3")
    monkeypatch.setenv("XDG_DATA_HOME", "relative/path")  # ignored, as the specification says
    monkeypatch.setenv("HOME", str(tmp_path))
    assert default_db_path() == tmp_path / ".local" / "share" / "fourinarow" / "results.sqlite3"


# ------------------------------------------------------------------ rows that are not ours

GAME_COLUMNS = ["first", "second", "width", "height", "connect", "seed", "opening", "moves",
                "winner", "times", "nodes"]  # fmt: skip
ODD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**63), 2**63 - 1),
    st.floats(allow_nan=False),
    st.text(max_size=30),
    st.lists(st.integers(-3, 10), max_size=45).map(json.dumps),
    st.lists(st.floats(allow_nan=False), max_size=45).map(json.dumps),
    st.binary(max_size=10),
)


@given(column=st.sampled_from(GAME_COLUMNS), value=ODD_VALUES, game=st.integers(0, 3))
@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_a_game_row_that_is_not_ours_is_named_never_misread(
    tmp_path: Path, column: str, value: object, game: int
) -> None:
    from fourinarow.tournament.rows import UnreadableRowError

    assume(value is not None or column == "winner")  # the others are NOT NULL
    path = tmp_path / "r.sqlite3"
    path.unlink(missing_ok=True)
    original = stored_database(path)
    with sqlite3.connect(path) as db:
        db.execute(f"UPDATE games SET {column} = ? WHERE game_index = ?", (value, game))
    db.close()
    try:
        with Store(path) as store:
            records = store.records(1)
    except UnreadableRowError as error:
        refused = str(error)
        records = original
    else:
        refused = f"game {game} of tournament 1 (table games): "
    assert refused.startswith(f"game {game} of tournament 1 (table games): ")
    assert all(consistent(r) for r in records)
    assert [r.moves for r in records] == [r.moves for r in original] or column == "moves"


JSON_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 2**70),
    st.floats(allow_nan=False, allow_infinity=False),
    st.text(max_size=10),
    st.lists(st.one_of(st.text(max_size=8), st.integers()), max_size=3),
)
FIELD_TYPES: dict[str, type | tuple[type, ...]] = {
    "agents": tuple, "games": int, "seed": int, "opening_plies": int, "width": int, "height": int,
    "connect": int, "time": (float, int, type(None)),
}  # fmt: skip


@given(field=st.sampled_from(sorted(FIELD_TYPES)), value=JSON_VALUES, text=st.text(max_size=40))
@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_settings_that_are_not_ours_are_named_never_misread(
    tmp_path: Path, field: str, value: object, text: str
) -> None:
    from fourinarow.tournament.rows import UnreadableRowError

    path = tmp_path / "r.sqlite3"
    path.unlink(missing_ok=True)
    with Store(path) as store:
        store.create(SETTINGS, 4)
    for stored_text in (json.dumps({**SETTINGS.to_dict(), field: value}), text):
        with sqlite3.connect(path) as db:
            db.execute("UPDATE tournaments SET settings = ?", (stored_text,))
        db.close()
        with Store(path) as store:
            try:
                stored = store.tournament(1)
            except UnreadableRowError as error:
                assert str(error).startswith("tournament 1 (table tournaments): ")  # noqa: PT017
                continue
        assert stored is not None
        for name, kind in FIELD_TYPES.items():
            read = getattr(stored.settings, name)
            assert isinstance(read, kind)
            assert not isinstance(read, bool)
        assert all(isinstance(agent, str) for agent in stored.settings.agents)


# ------------------------------------------------------------------ a lock held elsewhere


def test_a_write_waits_for_a_lock_held_elsewhere_and_says_so_once(tmp_path: Path) -> None:
    path = tmp_path / "r.sqlite3"
    said: list[str] = []
    store = Store(path, on_wait=said.append)
    tournament = store.create(SETTINGS, 4)
    other = sqlite3.connect(path, isolation_level=None, check_same_thread=False)
    other.execute("BEGIN EXCLUSIVE")
    events: list[str] = []

    def commit() -> None:
        events.append("released")
        other.execute("COMMIT")

    release = threading.Timer(2.5, commit)
    release.start()
    try:
        store.add_many(tournament, [play_game(spec) for spec in schedule(SETTINGS)])
        events.append("written")
    finally:
        release.join()
        other.close()
    assert events == ["released", "written"]  # the write waited for the lock
    assert said == [
        f"the results database {path} is locked by another program: waiting until it is free "
        "(Ctrl-C stops)"
    ]
    assert store.played_indexes(tournament) == {0, 1, 2, 3}
    store.close()
