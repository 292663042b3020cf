"""Puzzle progress in a real SQLite file: attempts, streaks, refusals, and a killed process."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from fourinarow.puzzles.history import (
    APPLICATION_ID,
    Progress,
    ProgressError,
    Result,
    default_progress_path,
)
from tests.other_user import as_other_user, needs_root, private_folder, shared_folder


def record_all(progress: Progress, results: str) -> None:
    """One attempt per letter: s solved, f failed, k skipped (puzzle ids p0, p1, ...)."""
    names: dict[str, Result] = {"s": "solved", "f": "failed", "k": "skipped"}
    for i, letter in enumerate(results):
        progress.record(f"p{i % 3}", "test", names[letter], ["4", "5"], hints=i % 2)


def test_attempts_are_kept_across_openings(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "er" / "puzzles.sqlite3"
    with Progress(path) as progress:
        attempt = progress.record("a", "shipped", "solved", ["3", "4"], hints=1, daily="2026-11-23")
    with Progress(path) as progress:
        (stored,) = progress.attempts()
    assert stored == attempt
    assert (stored.moves, stored.hints, stored.daily) == ("3 4", 1, "2026-11-23")
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA application_id").fetchone()[0] == APPLICATION_ID
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


@pytest.mark.parametrize(
    ("results", "streak", "best"),
    [("", 0, 0), ("s", 1, 1), ("ssfss", 2, 2), ("sssfs", 1, 3), ("sssk", 0, 3), ("fff", 0, 0)],
)
def test_streaks(tmp_path: Path, results: str, streak: int, best: int) -> None:
    with Progress(tmp_path / "p.sqlite3") as progress:
        record_all(progress, results)
        stats = progress.stats()
    assert (stats.streak, stats.best_streak) == (streak, best)
    assert stats.attempts == len(results)
    assert (stats.solved, stats.failed, stats.skipped) == tuple(map(results.count, "sfk"))


def test_solved_puzzles_are_counted_once_per_set(tmp_path: Path) -> None:
    with Progress(tmp_path / "p.sqlite3") as progress:
        progress.record("a", "one", "solved")
        progress.record("a", "one", "solved")
        progress.record("b", "one", "failed")
        progress.record("a", "two", "solved")
        progress.record("b", "one", "solved", daily="2026-11-23")
        progress.record("b", "one", "solved", daily="2026-11-23")
        progress.record("c", "one", "failed", daily="2026-11-24")
        assert progress.stats().daily_solved == 1
        assert progress.solved("one") == {"a", "b"}
        assert progress.solved() == {"a", "b"}
        assert progress.stats().puzzles_solved == 3


def test_the_default_place_is_the_user_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_progress_path() == tmp_path / "fourinarow" / "puzzles.sqlite3"
    with Progress() as progress:
        progress.record("a", "shipped", "failed")
    assert (tmp_path / "fourinarow" / "puzzles.sqlite3").is_file()


def test_a_bad_result_is_refused(tmp_path: Path) -> None:
    with Progress(tmp_path / "p.sqlite3") as progress, pytest.raises(ProgressError):
        progress.record("a", "x", "won")  # type: ignore[arg-type]


def test_unusable_places_are_refused_in_one_line(tmp_path: Path) -> None:
    a_file = tmp_path / "file"
    a_file.write_text("not a folder")
    with pytest.raises(ProgressError, match=f"{a_file} is a file, not a folder") as caught:
        Progress(a_file / "puzzles.sqlite3")
    assert "\n" not in str(caught.value)
    with pytest.raises(ProgressError, match="is a folder"):
        Progress(tmp_path)
    with pytest.raises(ProgressError, match="not a SQLite file"):
        Progress(a_file)
    assert a_file.read_text() == "not a folder"


@needs_root
def test_a_file_another_user_may_not_open_is_refused(tmp_path: Path) -> None:
    """In a folder the user may not enter, or a file the user may not read: one line, no
    PermissionError."""
    hidden = private_folder(tmp_path) / "puzzles.sqlite3"
    with Progress(hidden) as progress:
        record_all(progress, "s")
    with shared_folder() as folder:
        unreadable = folder / "puzzles.sqlite3"
        unreadable.write_bytes(hidden.read_bytes())
        unreadable.chmod(0)
        with as_other_user(), pytest.raises(ProgressError) as caught:
            Progress(unreadable)
        assert str(caught.value) == (
            f"cannot open the puzzle progress file {unreadable} (Permission denied)"
        )
        for path in (hidden, hidden.parent / "new.sqlite3"):  # the folder on the way is named
            with as_other_user(), pytest.raises(ProgressError) as caught:
                Progress(path)
            assert str(caught.value).startswith(
                f"the puzzle progress file {path}: this user may not enter the folder "
            )


def test_another_programs_database_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE mine (x)")
    with pytest.raises(ProgressError, match="another program's database"):
        Progress(path)
    with sqlite3.connect(path) as db:
        names = [row[0] for row in db.execute("SELECT name FROM sqlite_master")]
    assert names == ["mine"]


def test_a_later_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "p.sqlite3"
    Progress(path).close()
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA user_version = 99")
    with pytest.raises(ProgressError, match="later fourinarow"):
        Progress(path)


def test_a_process_killed_mid_attempt_loses_nothing_recorded(tmp_path: Path) -> None:
    """A child records two attempts, starts writing a third without committing it, and is
    killed outright: the file opens, whole, with the two."""
    path = tmp_path / "p.sqlite3"
    child = textwrap.dedent(
        f"""
        import os, signal
        from fourinarow.puzzles.history import Progress
        progress = Progress({str(path)!r})
        progress.record("a", "t", "solved")
        progress.record("b", "t", "solved")
        progress._db.execute(
            "INSERT INTO attempts (puzzle, puzzle_set, played, result, moves, hints) "
            "VALUES ('c', 't', 'now', 'failed', '', 0)"
        )
        print("writing", flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", child], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.stdout == "writing\n"
    assert result.returncode == -9
    with Progress(path) as progress:
        assert [a.puzzle for a in progress.attempts()] == ["a", "b"]
        assert progress.stats().streak == 2
        progress.record("c", "t", "failed")  # and it takes new attempts
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
