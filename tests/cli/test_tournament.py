"""``fourinarow match``, ``tournament`` and ``experiment`` as a new user meets them: help texts,
refused combinations, missing extras and databases, and what Ctrl-C says."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fourinarow.tournament import Store
from tests.cli.conftest import Run


def test_the_help_texts_print_percent_signs_once(run: Run) -> None:
    for command in ("tournament", "match", "experiment"):
        result = run(command, "--help")
        assert result.returncode == 0
        assert "%%" not in result.stdout
    assert "95% intervals" in run("tournament", "--help").stdout


def test_resuming_an_empty_database_says_so_in_plain_words(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "empty.sqlite3"
    Store(db).close()
    result = run("tournament", "--resume", "--db", str(db))
    assert result.returncode == 2
    assert result.stderr == (
        f"fourinarow tournament: error: there is no tournament to resume in {db}\n"
    )
    result = run("tournament", "--resume", "5", "--db", str(db))
    assert result.returncode == 2
    assert result.stderr == (
        f"fourinarow tournament: error: there is no tournament 5 to resume in {db}\n"
    )


def test_a_doubly_named_agent_is_named(run: Run, tmp_path: Path) -> None:
    result = run("tournament", "random", "simple", "random", "--db", str(tmp_path / "r.sqlite3"))
    assert result.returncode == 2
    assert "'random' is named more than once" in result.stderr


def test_a_tournament_without_agents_says_what_to_type(run: Run, tmp_path: Path) -> None:
    result = run("tournament", "--db", str(tmp_path / "r.sqlite3"))
    assert result.returncode == 2
    assert "at least two agents, not 0: fourinarow tournament SPEC SPEC" in result.stderr
    assert "--resume" in result.stderr


def games_in(db: Path) -> int:
    """How many games a results database holds (0 when the file was never made)."""
    if not db.exists():
        return 0
    with Store(db) as store:
        latest = store.tournament()
        return 0 if latest is None else latest.played


SLOW_TOURNAMENT = [
    "tournament", "alphabeta:depth=6", "mcts:playouts=2000", "--games", "40", "--workers", "1"
]  # fmt: skip
"""Minutes of games: a command that fails must fail before the first of them."""


def test_a_plot_without_matplotlib_fails_before_the_first_game(run: Run, tmp_path: Path) -> None:
    hidden = tmp_path / "hide" / "matplotlib"
    hidden.mkdir(parents=True)
    (hidden / "__init__.py").write_text("raise ImportError('matplotlib is hidden by the test')\n")
    path = os.pathsep.join([str(tmp_path / "hide"), os.environ.get("PYTHONPATH", "")])
    db = tmp_path / "r.sqlite3"
    start = time.monotonic()
    result = run(*SLOW_TOURNAMENT, "--db", str(db), "--plot", str(tmp_path / "elo.png"),
                 env={"PYTHONPATH": path})  # fmt: skip
    assert time.monotonic() - start < 20
    assert result.returncode == 2
    assert result.stderr == (
        "fourinarow tournament: error: plots need matplotlib: pip install 'fourinarow[plot]'\n"
    )
    assert games_in(db) == 0


@pytest.mark.parametrize(
    ("plot", "message"),
    [
        ("plots", "is a folder: give the image's file name, e.g. plots/elo.png"),
        ("taken.txt/elo.png", "taken.txt is a file, not a folder"),
        ("elo.xyz", "matplotlib cannot write .xyz files (png, svg, pdf, ...)"),
    ],
)
def test_a_plot_path_that_cannot_be_written_fails_before_the_first_game(
    run: Run, tmp_path: Path, plot: str, message: str
) -> None:
    pytest.importorskip("matplotlib")
    (tmp_path / "taken.txt").write_text("")
    (tmp_path / "plots").mkdir()
    db = tmp_path / "r.sqlite3"
    result = subprocess.run(
        [sys.executable, "-m", "fourinarow", *SLOW_TOURNAMENT, "--db", str(db), "--plot", plot],
        cwd=tmp_path, capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert result.stderr == f"fourinarow tournament: error: --plot {plot}: {message}\n"
    assert games_in(db) == 0


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into any folder")
def test_a_plot_in_a_read_only_folder_fails_before_the_first_game(run: Run, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    locked = tmp_path / "locked"
    locked.mkdir(mode=0o555)
    db = tmp_path / "r.sqlite3"
    result = run(*SLOW_TOURNAMENT, "--db", str(db), "--plot", str(locked / "elo.png"))
    assert result.returncode == 2
    assert f"cannot write into {locked}" in result.stderr
    assert games_in(db) == 0


def test_a_plot_path_without_a_suffix_gets_the_png_it_names(run: Run, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    png = tmp_path / "new-folder" / "elo"
    result = run("match", "random", "simple", "--games", "2", "--db", str(tmp_path / "r.sqlite3"),
                 "--plot", str(png), "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert not png.with_suffix(".png").exists()


def test_resuming_from_a_database_that_does_not_exist_makes_nothing(
    run: Run, tmp_path: Path
) -> None:
    db = tmp_path / "typo" / "results.sqlite3"
    result = run("tournament", "--resume", "--db", str(db))
    assert result.returncode == 2
    assert result.stderr == (
        f"fourinarow tournament: error: there is no results database {db}: nothing to resume\n"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("given", "left_out"),
    [
        (["random", "simple"], "the agents"),
        (["--games", "4"], "--games"),
        (["simple", "engine", "--seed", "3", "--size", "6x6"], "the agents, --seed and --size"),
    ],
)
def test_resume_refuses_settings_it_would_ignore(
    run: Run, tmp_path: Path, given: list[str], left_out: str
) -> None:
    db = tmp_path / "r.sqlite3"
    assert run("match", "random", "simple", "--games", "2", "--db", str(db)).returncode == 0
    result = run("tournament", *given, "--resume", "--db", str(db))
    assert result.returncode == 2
    assert result.stderr == (
        "fourinarow tournament: error: --resume continues a stored tournament with the "
        f"settings it was started with: leave out {left_out}\n"
    )


def test_a_file_that_is_not_a_database_is_one_line(run: Run, tmp_path: Path) -> None:
    notes = tmp_path / "notes.txt"
    notes.write_text("not a database, but long enough to have a header page\n" * 20)
    for args in (["match", "random", "simple"], ["tournament", "--resume"]):
        result = run(*args, "--db", str(notes))
        assert result.returncode == 2
        assert result.stderr.count("\n") == 1
        assert f"{notes} is not a results database" in result.stderr
    assert notes.read_text().startswith("not a database")
