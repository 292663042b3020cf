"""``fourinarow match``, ``tournament`` and ``experiment`` as a new user meets them: help texts,
refused combinations, missing extras and databases, and what Ctrl-C says."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fourinarow.tournament import Store
from tests.cli.conftest import Run
from tests.tournament.test_store import unwritable_folder


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


def test_a_plot_without_matplotlib_fails_before_the_first_game(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib raises ImportError
    db = tmp_path / "r.sqlite3"
    result = run(*SLOW_TOURNAMENT, "--db", str(db), "--plot", str(tmp_path / "elo.png"))
    assert result.returncode == 2
    assert result.stderr == (
        "fourinarow tournament: error: plots need matplotlib: pip install 'fourinarow[plot]'\n"
    )
    assert games_in(db) == 0


@pytest.mark.parametrize(
    ("plot", "message"),
    [
        ("plots", "is a folder: give the image's file name, e.g. plots/elo.png"),
        ("taken.txt/elo.png", "taken.txt is a file, not a folder; give a file's path"),
        ("elo.xyz", "matplotlib cannot write .xyz files (png, svg, pdf, ...)"),
        ("new-folder/", "is a folder: give the image's file name, e.g. new-folder/elo.png"),
    ],
)
def test_a_plot_path_that_cannot_be_written_fails_before_the_first_game(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plot: str, message: str
) -> None:
    pytest.importorskip("matplotlib")
    (tmp_path / "taken.txt").write_text("")
    (tmp_path / "plots").mkdir()
    db = tmp_path / "r.sqlite3"
    monkeypatch.chdir(tmp_path)
    result = run(*SLOW_TOURNAMENT, "--db", str(db), "--plot", plot)
    assert result.returncode == 2
    assert result.stderr == f"fourinarow tournament: error: --plot {plot}: {message}\n"
    assert games_in(db) == 0


def test_a_plot_in_a_read_only_folder_fails_before_the_first_game(run: Run, tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    locked = unwritable_folder(tmp_path)
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


def test_a_match_is_headed_as_a_match_and_a_tournament_as_a_tournament(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from fourinarow.cli.main import main

    db = str(tmp_path / "r.sqlite3")
    quick = ["--games", "2", "--workers", "1", "--db", db, "--quiet"]
    headings = []
    for args in (
        ["match", "random", "simple"],
        ["tournament", "random", "simple", "level:1"],
        ["match", "simple", "level:1"],
    ):
        assert main([*args, *quick]) == 0
        headings.append(capsys.readouterr().out.splitlines()[0])
    assert headings == [
        "Match 1: random vs simple, 2 games",
        "Tournament 2: 6 games",
        "Match 3: simple vs level:1, 2 games",
    ]
    assert main(["match", "--resume", "1", "--db", db, "--quiet"]) == 0
    assert capsys.readouterr().out.startswith("Match 1: random vs simple, 2 games\n")


def test_the_plot_is_named_as_the_results_are() -> None:
    from fourinarow.cli.tournament import headings
    from fourinarow.tournament import Settings

    settings = Settings(("simple", "engine"), games=4)
    assert headings("match", 2, settings, 4) == ("Match 2: simple vs engine, 4 games",
                                                 "Match 2: simple vs engine")  # fmt: skip
    assert headings("tournament", 7, settings, 4) == ("Tournament 7: 4 games", "Tournament 7")


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


# ------------------------------------------------------------------ the results database


@pytest.mark.parametrize("variable", ["XDG_DATA_HOME", "HOME"])
def test_an_unwritable_default_database_place_is_one_line(
    run: Run, tmp_path: Path, variable: str
) -> None:
    folder = unwritable_folder(tmp_path)
    env = {"XDG_DATA_HOME": str(folder / "data") if variable == "XDG_DATA_HOME" else "",
           "HOME": str(folder)}  # fmt: skip
    result = run("match", "random", "simple", "--games", "2", env=env)
    assert result.returncode == 2
    assert result.stderr.count("\n") == 1
    assert result.stderr.startswith("fourinarow match: error: cannot write the results database ")
    assert f"cannot write into {folder}" in result.stderr
    assert result.stderr.endswith("(the default place: give another with --db PATH, or set "
                                  "XDG_DATA_HOME)\n")  # fmt: skip


def test_a_folder_or_another_programs_database_is_refused_untouched(
    run: Run, tmp_path: Path
) -> None:
    theirs = tmp_path / "theirs.sqlite3"
    with sqlite3.connect(theirs) as db:
        db.execute("CREATE TABLE notes (text)")
    db.close()
    before = theirs.read_bytes()
    for db_path, message in (
        (tmp_path, f"{tmp_path} is a folder, not a results database: give a file in it"),
        (theirs, f"{theirs} is another program's database (it has the tables notes)"),
    ):
        for args in (["match", "random", "simple"], ["tournament", "--resume"]):
            result = run(*args, "--db", str(db_path))
            assert result.returncode == 2
            assert result.stderr.count("\n") == 1
            assert message in result.stderr
    assert theirs.read_bytes() == before


LOCKER = """\
import sqlite3, sys, time
db = sqlite3.connect(sys.argv[1], isolation_level=None)
db.execute("BEGIN EXCLUSIVE")
print(db.execute("SELECT COUNT(*) FROM games").fetchone()[0], flush=True)
time.sleep(float(sys.argv[2]))
db.execute("COMMIT")
"""
"""Another program: holds the database locked for writing for a while, then lets it go."""


def test_a_tournament_waits_for_a_database_locked_by_another_program(tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    process = subprocess.Popen(
        [sys.executable, "-m", "fourinarow", "match", "engine", "simple", "--games", "12",
         "--time-ms", "30", "--workers", "1", "--db", str(db), "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and games_stored(db) < 2:
            time.sleep(0.02)
        locker = subprocess.run([sys.executable, "-c", LOCKER, str(db), "3"], capture_output=True,
                                text=True, timeout=60, check=True)  # fmt: skip
        stdout, stderr = process.communicate(timeout=120)
    finally:
        process.kill()
        process.wait()
    assert int(locker.stdout) < 12  # the lock came while games were still to be stored
    assert process.returncode == 0, stderr
    assert stderr == (
        f"fourinarow match: note: the results database {db} is locked by another program: "
        "waiting until it is free (Ctrl-C stops)\n"
    )
    assert sum(a["games"] for a in json.loads(stdout)["agents"]) == 24
    assert games_stored(db) == 12


def games_stored(db: Path) -> int:
    """How many games a database holds, read without waiting for locks (0 before its tables)."""
    if not db.exists():
        return 0
    connection = sqlite3.connect(db, timeout=0.1)
    try:
        return int(connection.execute("SELECT COUNT(*) FROM games").fetchone()[0])
    except sqlite3.OperationalError:
        return 0
    finally:
        connection.close()


def test_resuming_a_complete_tournament_says_so(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "r.sqlite3"
    assert run("match", "random", "simple", "--games", "2", "--db", str(db)).returncode == 0
    result = run("tournament", "--resume", "--db", str(db), "--json")
    assert result.returncode == 0
    assert result.stderr == (
        "fourinarow tournament: note: tournament 1 is already complete (2 of 2 games): nothing "
        "to play, its results follow\n"
    )
    assert sum(a["games"] for a in json.loads(result.stdout)["agents"]) == 4


# ------------------------------------------------------------------ workers, Ray, time


def test_a_thousand_workers_for_two_games_start_no_more_than_the_cores(
    run: Run, tmp_path: Path
) -> None:
    from fourinarow.tournament.runner import available_cores

    result = run("match", "random", "simple", "--games", "2", "--workers", "1000",
                 "--db", str(tmp_path / "r.sqlite3"), "--json")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert result.stderr == (
        f"fourinarow match: note: --workers 1000: using {available_cores()}, the number of cores\n"
    )


def free_port() -> int:
    """A TCP port on 127.0.0.1 where nothing listens (free when this returns)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


@pytest.mark.parametrize("scheme", ["", "ray://"])
def test_an_unreachable_ray_address_fails_in_seconds(run: Run, tmp_path: Path, scheme: str) -> None:
    pytest.importorskip("ray")
    address = f"{scheme}127.0.0.1:{free_port()}"
    db = tmp_path / "r.sqlite3"
    result = run("match", "random", "simple", "--backend", "ray", "--address", address,
                 "--db", str(db))  # fmt: skip
    assert result.returncode == 2
    assert result.stderr == (
        f"fourinarow match: error: --address {address}: no Ray cluster answers there "
        "(Connection refused); start one with 'ray start --head', or leave out --address to "
        "start a local one\n"
    )
    assert not db.exists()  # found out before the tournament was made


def test_a_time_of_0_ms_plays_at_once_in_every_command(run: Run, tmp_path: Path) -> None:
    db = str(tmp_path / "r.sqlite3")
    match = run(
        "match", "engine", "perfect", "--games", "2", "--time-ms", "0", "--db", db, "--json"
    )
    assert match.returncode == 0, match.stderr
    assert json.loads(match.stdout)["settings"]["time"] == 0
    assert run("move", "4455", "--time-ms", "0").returncode == 0
    play = run("play", "--time-ms", "0", "--first", "computer", "--no-color", stdin="q\n")
    assert play.returncode == 0, play.stderr
    for command in ("match", "play"):
        negative = run(command, *(["random", "simple"] if command == "match" else []),
                       "--time-ms", "-1", "--db", db)  # fmt: skip
        assert negative.returncode == 2
        assert "argument --time-ms: -1 is below 0: it must be from 0 to" in negative.stderr


# ------------------------------------------------------------------ how many games


FORTY = [f"simple:blunder=0.{i:03d}" for i in range(1, 41)]


def test_more_games_than_can_be_stored_are_refused_before_the_database(
    run: Run, tmp_path: Path
) -> None:
    db = tmp_path / "r.sqlite3"
    result = run("tournament", *FORTY, "--games", "1000000", "--db", str(db))
    assert result.returncode == 2
    assert result.stderr == (
        "fourinarow tournament: error: --games 1000000 for each of 780 pairings is 780,000,000 "
        "games: at most 1,000,000 are played in all; give --games 1282 or fewer\n"
    )
    assert not db.exists()
    study = run("experiment", "minimax-depths", "--games", "100000", "--db", str(db),
                "--out", str(tmp_path / "report"))  # fmt: skip
    assert study.returncode == 2
    assert study.stderr == (
        "fourinarow experiment: error: --games 100000 for each of 26 matches is 2,600,000 games: "
        "at most 1,000,000 are played in all; give --games 38460 or fewer\n"
    )
    assert list(tmp_path.iterdir()) == []


def peak_memory_at_the_first_game(games: str, db: Path) -> int:
    """The most memory (kB) a ``match`` of ``games`` games has taken when its first game is
    stored; the match is stopped with Ctrl-C then, and must say how to go on."""
    process = subprocess.Popen(
        [sys.executable, "-m", "fourinarow", "match", "random", "simple", "--games", games,
         "--workers", "1", "--quiet", "--db", str(db)],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )  # fmt: skip
    try:
        deadline = time.monotonic() + 60  # a hang guard
        while time.monotonic() < deadline and games_stored(db) < 1:
            time.sleep(0.02)
        status = Path(f"/proc/{process.pid}/status").read_text()
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=60)
    finally:
        process.kill()
        process.wait()
    assert process.returncode == 130, stderr
    assert f"games are stored.\nContinue with: fourinarow match --resume 1 --db {db}" in stderr
    return int(re.search(r"VmHWM:\s+(\d+) kB", status).group(1))  # type: ignore[union-attr]


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc/PID/status")
def test_a_million_games_start_at_once_in_the_memory_of_a_thousand(tmp_path: Path) -> None:
    small = peak_memory_at_the_first_game("1000", tmp_path / "small.sqlite3")
    large = peak_memory_at_the_first_game("1000000", tmp_path / "large.sqlite3")
    assert large < small + 32 * 1024  # kB: no schedule of a million games in memory


# ------------------------------------------------ matplotlib where its folders cannot be written


def _plotting_process(
    tmp_path: Path, plot: Path, **environment: str
) -> subprocess.CompletedProcess[str]:
    """``tournament ... --plot PLOT`` in a process whose home is a file (so that neither
    matplotlib's settings folder nor its cache can be made there, whoever runs it), its
    temporary files in a folder of the test's."""
    home = tmp_path / "home-is-a-file"
    home.write_text("")
    temporary = tmp_path / "tmp"
    temporary.mkdir(exist_ok=True)
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("MPLCONFIGDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")
    }
    env.update(HOME=str(home), TMPDIR=str(temporary), **environment)
    args = ["tournament", "random", "simple", "--games", "2", "--workers", "1", "--quiet"]
    return subprocess.run(
        [sys.executable, "-m", "fourinarow", *args, "--db", str(tmp_path / "r.sqlite3"),
         "--plot", str(plot)],
        capture_output=True, text=True, timeout=120, env=env, check=False,
    )  # fmt: skip


def test_matplotlib_is_quiet_where_its_own_folders_cannot_be_written(tmp_path: Path) -> None:
    """It would say, in two lines before our output, that it made a temporary folder; the
    one made for it is gone when the command ends."""
    pytest.importorskip("matplotlib")
    done = _plotting_process(tmp_path, tmp_path / "elo.png")
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    assert (tmp_path / "elo.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert list((tmp_path / "tmp").iterdir()) == []


def test_a_plot_in_a_read_only_folder_is_our_one_line_alone(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    locked = unwritable_folder(tmp_path)
    done = _plotting_process(tmp_path, locked / "elo.png")
    assert done.returncode == 2
    assert done.stderr.count("\n") == 1, done.stderr
    assert f"cannot write into {locked}" in done.stderr


def test_a_matplotlib_folder_the_user_chose_is_the_one_used(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    chosen = tmp_path / "mine"
    chosen.mkdir()
    done = _plotting_process(tmp_path, tmp_path / "elo.png", MPLCONFIGDIR=str(chosen))
    assert done.returncode == 0, done.stderr
    assert any(chosen.iterdir())  # matplotlib's font cache went where the user said
