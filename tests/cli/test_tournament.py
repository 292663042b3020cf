"""``fourinarow match``, ``tournament`` and ``experiment`` as a new user meets them: help texts,
refused combinations, missing extras and databases, and what Ctrl-C says."""

from __future__ import annotations

import json
import os
import re
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


LONG_NAMES = ["random", "minimax:depth=2,eval=streaks", "alphabeta:depth=2,eval=window"]


def test_tables_into_a_pipe_are_plain_and_unwrapped(run: Run, tmp_path: Path) -> None:
    result = run("tournament", *LONG_NAMES, "--games", "2", "--db", str(tmp_path / "r.sqlite3"),
                 env={"COLUMNS": "40", "FORCE_COLOR": "", "TTY_COMPATIBLE": ""})  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # no progress bar off a terminal
    lines = result.stdout.splitlines()
    assert "\x1b" not in result.stdout
    assert all(line == line.rstrip() for line in lines)
    assert lines[0] == "Tournament 1: 6 games"
    assert lines[1].split() == ["agent", "games", "W", "D", "L", "score", "95%", "interval",
                                "Elo", "+-"]  # fmt: skip
    rows = {line.split()[0]: line.split()[1:] for line in lines[3:6]}
    assert sorted(rows) == sorted(LONG_NAMES)
    assert all(len(numbers) == 8 and numbers[0] == "4" for numbers in rows.values())
    assert rows["random"][-2:] == ["0", "0"]  # Elo is anchored at random
    pairings = lines[lines.index("Pairings") + 3 :]
    assert [line.split(" vs ")[0] for line in pairings] == ["random", "random", LONG_NAMES[1]]
    assert all(len(line.split()) == 10 for line in pairings)
    assert max(map(len, lines)) > 80


def spawn_in_a_terminal(args: list[str], **env: str) -> str:
    """Run the command in a pseudo-terminal 120 columns wide; return all it wrote."""
    pexpect = pytest.importorskip("pexpect")
    environment = {**os.environ, **env}
    for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "COLUMNS"):
        environment.pop(name, None)
    child = pexpect.spawn(sys.executable, ["-m", "fourinarow", *args], env=environment,
                          dimensions=(40, 120), encoding="utf-8", timeout=60)  # fmt: skip
    output: str = child.read()
    child.close()
    assert child.exitstatus == 0, output
    return output


COLOURS = re.compile(r"\x1b\[(?:[0-9;]*;)?(?:3[0-9]|9[0-7]|4[0-9])(?:;[0-9;]*)?m")
"""An escape sequence that sets a foreground or background colour."""
ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def test_in_a_terminal_colour_follows_no_color(tmp_path: Path) -> None:
    args = ["match", "random", "simple", "--games", "20", "--db", str(tmp_path / "r.sqlite3")]
    coloured = spawn_in_a_terminal(args)
    assert COLOURS.search(coloured)
    text = ESCAPES.sub("", coloured)
    assert "20/20 games" in text  # the progress bar, on standard error
    assert "random vs simple" in text
    plain = spawn_in_a_terminal(args, NO_COLOR="1")
    assert not COLOURS.search(plain)
    text = ESCAPES.sub("", plain)
    assert "20/20 games" in text
    assert "random vs simple" in text


def test_json_and_csv_stay_plain_in_a_terminal(tmp_path: Path) -> None:
    db = str(tmp_path / "r.sqlite3")
    args = ["match", "random", "simple", "--games", "2", "--db", db, "--quiet"]
    data = json.loads(spawn_in_a_terminal([*args, "--json"]))
    assert [a["agent"] for a in data["agents"]] == ["random", "simple"]
    rows = spawn_in_a_terminal([*args, "--csv"]).splitlines()
    assert rows[0].startswith("agent,opponent,games,wins")
    assert "\x1b" not in "".join(rows)


def test_building_the_parser_does_not_import_rich() -> None:
    code = (
        "import sys; from fourinarow.cli.main import build_parser; build_parser(); "
        "print('rich' in sys.modules)"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60
    )
    assert result.stdout.strip() == "False"
