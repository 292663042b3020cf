"""The standard streams as a shell hands them over, in real processes: closed (``<&-``,
``2>&-``), a pipe whose reader is gone, an encoding that cannot write the tables (``PYTHONIOENCODING
=ascii``). Each is one line and a conventional exit status, never a
traceback; what is not the command's business (a closed standard error) changes nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import TIMEOUT

FOURINAROW = [sys.executable, "-m", "fourinarow"]

DIAGRAM = ".......\n.......\n.......\n.......\n...O...\n..OXX..\n"

READERS = {
    "solve": (["solve"], "4455\n"),
    "review -": (["review", "-"], "4455\n"),
    "show --grid -": (["show", "--grid", "-"], DIAGRAM),
    "move --grid -": (["move", "--grid", "-", "--time-ms", "10"], DIAGRAM),
    "analyze --grid -": (["analyze", "--grid", "-", "--time-ms", "10"], DIAGRAM),
    "gtp": (["gtp", "--agent", "random"], "name\n"),
    "play": (["play", "--no-color", "--time-ms", "0"], "q\n"),
    "puzzle": (["puzzle", "--no-color", "--db", "progress.sqlite3"], "q\n"),
}
"""Every command that reads standard input, and what it reads there."""

CLOSED_INPUT = (
    "error: standard input is closed: give the input as arguments, or on an open standard "
    "input (a file with < FILE, a pipe, a terminal)\n"
)


def shell(
    command: list[str], redirection: str, cwd: Path, **options: object
) -> subprocess.CompletedProcess[str]:
    """Run ``command`` through ``sh`` with a redirection (``<&-`` closes standard input, so
    that the command starts with no descriptor 0 at all, as a shell user's does)."""
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        ["sh", "-c", f'exec "$@" {redirection}', "sh", *command],
        capture_output=True,
        text=True,
        cwd=cwd,
        timeout=TIMEOUT,
        check=False,
        **options,
    )


# ------------------------------------------------------------------ a closed standard input


@pytest.mark.parametrize("name", READERS)
def test_a_closed_standard_input_is_one_line_and_status_2(name: str, tmp_path: Path) -> None:
    args, _ = READERS[name]
    result = shell([*FOURINAROW, *args], "<&-", tmp_path)
    assert result.returncode == 2, result.stderr
    assert result.stderr.endswith(CLOSED_INPUT), result.stderr
    assert result.stderr.count("\n") == 1, result.stderr


def test_a_command_that_reads_no_input_runs_without_one(tmp_path: Path) -> None:
    result = shell([*FOURINAROW, "solve", "4455", "44455554221"], "<&-", tmp_path)
    assert (result.returncode, result.stdout, result.stderr) == (
        0,
        "4455 18\n44455554221 -15\n",
        "",
    )


# ------------------------------------------------------------------ a closed standard error

QUIET_ERRORS = {
    "solve": ["solve", "4455"],
    "analyze": ["analyze", "4453", "--agent", "perfect"],
    "review": ["review", "4455"],
    "show": ["show", "4453", "--no-color"],
}


@pytest.mark.parametrize("name", QUIET_ERRORS)
def test_a_closed_standard_error_changes_nothing_else(name: str, tmp_path: Path) -> None:
    command = [*FOURINAROW, *QUIET_ERRORS[name]]
    usual = shell(command, "", tmp_path)
    closed = shell(command, "2>&-", tmp_path)
    assert usual.returncode == 0, usual.stderr
    assert (closed.returncode, closed.stdout) == (0, usual.stdout)


def test_a_command_error_on_a_closed_standard_error_keeps_its_status(tmp_path: Path) -> None:
    result = shell([*FOURINAROW, "show", "99"], "2>&-", tmp_path)
    assert (result.returncode, result.stdout) == (2, "")


# ----------------------------------------------------- help into a pipe whose reader is gone


@pytest.mark.parametrize("args", [["--help"], ["--version"], ["solve", "--help"]], ids=" ".join)
def test_help_into_a_pipe_without_a_reader_is_status_1_when_written_at_once(
    args: list[str],
) -> None:
    """Unbuffered, the write fails where argparse takes any OSError for nothing."""
    read, write = os.pipe()
    os.close(read)
    try:
        result = subprocess.run(
            [*FOURINAROW, *args],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
            timeout=TIMEOUT,
            check=False,
        )
    finally:
        os.close(write)
    assert (result.returncode, result.stderr) == (1, "")


# ------------------------------------------------- an encoding that cannot write the tables

ASCII_OUTPUT = {
    "match": ["match", "simple", "random", "--games", "2", "--db", "results.sqlite3"],
    "tournament": ["tournament", "simple", "random", "engine", "--games", "2", "--time-ms",
                   "1", "--db", "results.sqlite3"],
    "show": ["show", "4453"],
    "solve": ["solve", "--analyze", "4453"],
    "review": ["review", "4455"],
    "agents": ["agents"],
    "help": ["match", "--help"],
}  # fmt: skip
"""Commands whose output is drawn (rich's tables) or read aloud (help, reviews)."""


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize("name", ASCII_OUTPUT)
def test_every_command_writes_what_an_ascii_or_latin_1_stream_can_take(
    name: str, encoding: str, tmp_path: Path
) -> None:
    result = subprocess.run(
        [*FOURINAROW, *ASCII_OUTPUT[name]],
        capture_output=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONIOENCODING": encoding},
        timeout=TIMEOUT,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert b"Traceback" not in result.stderr
    assert result.stdout.isascii()
    assert b"\\u" not in result.stdout  # drawn in ASCII, not escaped


def test_a_table_is_drawn_with_ascii_lines(tmp_path: Path) -> None:
    result = subprocess.run(
        [*FOURINAROW, *ASCII_OUTPUT["match"]],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env={**os.environ, "PYTHONIOENCODING": "ascii"},
        timeout=TIMEOUT,
        check=False,
    )
    lines = result.stdout.splitlines()
    assert lines[0] == "Match 1: simple vs random, 2 games"
    assert set(lines[2]) == {"-"}  # the rule under the headings
