"""``fourinarow experiment``: a run of a study is stored game by game and resumes after Ctrl-C."""

from __future__ import annotations

import shlex
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fourinarow.tournament import Store
from tests.cli.conftest import Run
from tests.tournament.test_store import unwritable_folder


def games_per_tournament(db: Path) -> dict[int, int]:
    """How many games each stored tournament has (none while the tables are not made yet)."""
    with sqlite3.connect(db) as connection:
        if not connection.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone():
            return {}
        rows = connection.execute(
            "SELECT t.id, COUNT(g.game_index) FROM tournaments t "
            "LEFT JOIN games g ON g.tournament_id = t.id GROUP BY t.id"
        )
        return dict(rows.fetchall())


def test_a_stopped_experiment_resumes_to_exactly_its_games(run: Run, tmp_path: Path) -> None:
    db, out = tmp_path / "r.sqlite3", tmp_path / "report"
    process = subprocess.Popen(
        [sys.executable, "-m", "fourinarow", "experiment", "minimax-depths", "--games", "10",
         "--workers", "1", "--out", str(out), "--db", str(db), "--quiet"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (
        not db.exists() or sum(games_per_tournament(db).values()) < 10
    ):
        time.sleep(0.05)
    try:
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=30)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == 130, stderr
    stored = sum(games_per_tournament(db).values())
    assert 10 <= stored < 260
    stopped, hint = stderr.strip().splitlines()[-2:]
    assert stopped == f"Stopped: {stored} of 260 games are stored."
    assert hint == (
        f"Continue with: fourinarow experiment minimax-depths --resume 1 --out {out} --db {db}"
    )
    assert not (out / "report.md").exists()
    resumed = run(*shlex.split(hint)[3:])
    assert resumed.returncode == 0, resumed.stderr
    assert games_per_tournament(db) == dict.fromkeys(range(1, 27), 10)  # no new matches
    report = (out / "report.md").read_text()
    assert report.count("\n| 5 |") == 6
    assert f"(written to {out / 'report.md'})" in resumed.stdout


def test_resume_refuses_what_it_would_ignore_and_what_is_not_there(
    run: Run, tmp_path: Path
) -> None:
    db = tmp_path / "r.sqlite3"
    missing = run("experiment", "minimax-depths", "--resume", "--db", str(db))
    assert missing.returncode == 2
    assert "there is no results database" in missing.stderr
    assert not db.exists()
    Store(db).close()
    empty = run("experiment", "minimax-depths", "--resume", "--db", str(db))
    assert empty.returncode == 2
    assert empty.stderr == (
        f"fourinarow experiment: error: there is no minimax-depths experiment to resume in {db}\n"
    )
    given = run("experiment", "minimax-depths", "--games", "4", "--seed", "1", "--resume", "--db",
                str(db))  # fmt: skip
    assert given.returncode == 2
    assert given.stderr == (
        "fourinarow experiment: error: --resume continues a stored experiment with the "
        "settings it was started with: leave out --games and --seed\n"
    )


@pytest.mark.parametrize(
    ("out", "message"),
    [
        ("notes.txt", "notes.txt is a file, not a folder"),
        ("notes.txt/report", "notes.txt is a file, not a folder"),
        ("taken", "report.md is a folder"),
    ],
)
def test_an_out_path_that_cannot_take_the_report_fails_before_the_first_game(
    run: Run, tmp_path: Path, out: str, message: str
) -> None:
    (tmp_path / "notes.txt").write_text("mine\n")
    (tmp_path / "taken" / "report.md").mkdir(parents=True)  # a folder where the report goes
    db = tmp_path / "r.sqlite3"
    result = run("experiment", "minimax-depths", "--out", str(tmp_path / out), "--db", str(db))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith(f"fourinarow experiment: error: --out {tmp_path / out}: ")
    assert message in result.stderr
    assert not db.exists()  # nothing recorded, no game played
    assert (tmp_path / "notes.txt").read_text() == "mine\n"


def test_an_out_folder_that_cannot_be_written_fails_before_the_first_game(
    run: Run, tmp_path: Path
) -> None:
    folder = unwritable_folder(tmp_path)
    db = tmp_path / "r.sqlite3"
    result = run("experiment", "minimax-depths", "--out", str(folder / "report"), "--db", str(db))
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert f"cannot write into {folder}" in result.stderr
    assert not db.exists()


def test_a_run_stored_under_the_former_name_resumes(run: Run, tmp_path: Path) -> None:
    """Databases from before 0.2.0 hold the study under the name ``seed-003``: ``--resume``
    finds such a run and finishes it under the study's name today."""
    from fourinarow.tournament.experiment import start_study

    db, out = tmp_path / "old.sqlite3", tmp_path / "report"
    with Store(db) as store:
        experiment = start_study(store, games=2, seed=0)
    with sqlite3.connect(db) as connection:
        connection.execute("UPDATE experiments SET study = 'seed-003' WHERE id = ?", (experiment,))
    connection.close()
    result = run("experiment", "minimax-depths", "--resume", "--out", str(out), "--db", str(db),
                 "--workers", "1", "--quiet")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert set(games_per_tournament(db).values()) == {2}
    assert "# What depth is worth to minimax" in (out / "report.md").read_text()
