"""The standard streams as a shell hands them over, in real processes: closed (``<&-``,
``2>&-``), a pipe whose reader is gone, an encoding that cannot write the tables (``PYTHONIOENCODING
=ascii``), and lines of any length. Each is one line and a conventional exit status, never a
traceback; what is not the command's business (a closed standard error) changes nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import threading
import tracemalloc
from pathlib import Path

import pytest

from fourinarow.core.lines import LINE_LIMIT
from fourinarow.puzzles.model import SET_LINE_LIMIT, PuzzleError, read_puzzles
from tests.cli.conftest import TIMEOUT, Run

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


# ------------------------------------------------------------- lines of any length

LONG_LINE = 100 * 2**20
"""A line of 100 MB with no newline: the size that took 1.7 GB before it was refused."""


def feed(
    process: subprocess.Popen[bytes], data_size: int, then: bytes = b"", close: bool = True
) -> list[int]:
    """Write ``data_size`` bytes of ``4`` (one line, no newline) and ``then`` to the process's
    standard input from a thread, until it ends or stops reading, and close it (unless not
    ``close``); return [bytes written]."""
    written = [0]

    def write() -> None:
        assert process.stdin is not None
        chunk = b"4" * 2**20
        try:
            while written[0] < data_size:
                process.stdin.write(chunk)
                written[0] += len(chunk)
            process.stdin.write(then)
            process.stdin.flush()
            if close:
                process.stdin.close()
        except (BrokenPipeError, ValueError):  # it stopped reading, as it should
            pass

    writer = threading.Thread(target=write, daemon=True)
    writer.start()
    writer.join(TIMEOUT)
    return written


STOPPING_READERS = {
    "solve": (["solve"], "standard input, line 1"),
    "review -": (["review", "-"], "standard input, line 1"),
    "show --grid -": (["show", "--grid", "-"], "the diagram on standard input"),
}


@pytest.mark.parametrize("name", STOPPING_READERS)
def test_a_line_of_100_mb_is_refused_after_reading_only_its_start(
    name: str, tmp_path: Path
) -> None:
    args, where = STOPPING_READERS[name]
    with subprocess.Popen(
        [*FOURINAROW, *args],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        written = feed(process, LONG_LINE)
        _, stderr = process.communicate(timeout=TIMEOUT)
    message = stderr.decode()
    assert process.returncode == 2, message
    assert message.startswith(f"fourinarow {args[0]}: error: {where}: longer than "), message
    assert message.count("\n") == 1
    assert "characters" in message
    assert written[0] < LONG_LINE // 4  # the command stopped reading long before the end


def _peak_memory_mb(pid: int) -> float:
    """The largest resident memory the running process ``pid`` has had since it started its
    program, in MB (Linux's VmHWM)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmHWM in /proc/PID/status")


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads Linux's /proc")
def test_gtp_answers_a_line_of_100_mb_with_a_failure_and_goes_on(tmp_path: Path) -> None:
    with subprocess.Popen(
        [*FOURINAROW, "gtp", "--agent", "random"],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as process:
        assert process.stdin is not None
        assert process.stdout is not None
        feed(process, LONG_LINE, then=b"\n1 name\n", close=False)
        replies = [process.stdout.readline().decode() for _ in range(4)]
        peak = _peak_memory_mb(process.pid)  # still running: its own peak, after the line
        process.stdin.write(b"quit\n")
        _, stderr = process.communicate(timeout=TIMEOUT)
    assert process.returncode == 0, stderr
    assert replies == [
        f"? the command is longer than {LINE_LIMIT:,} characters\n",
        "\n",
        "=1 fourinarow\n",
        "\n",
    ]
    assert peak < LONG_LINE / 2**20  # read a piece at a time: never the line whole


def test_a_puzzle_set_with_a_line_of_20_mb_is_refused_before_it_is_held(tmp_path: Path) -> None:
    path = tmp_path / "set.jsonl"
    path.write_bytes(b"{" + b" " * (20 * 2**20) + b"}\n")
    tracemalloc.start()
    try:
        with pytest.raises(PuzzleError, match=f"line 1: longer than {SET_LINE_LIMIT:,} char"):
            read_puzzles(path)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 2**20  # 16 KB at a time, not the 20 MB line


def test_the_puzzle_command_names_the_file_and_line(run: Run, tmp_path: Path) -> None:
    path = tmp_path / "set.jsonl"
    path.write_text("{" + " " * (SET_LINE_LIMIT + 1) + "}\n")
    result = run("puzzle", "--set", str(path), "--db", str(tmp_path / "p.sqlite3"))
    assert result.returncode == 2
    assert result.stderr == (
        f"fourinarow puzzle: error: {path}, line 1: longer than {SET_LINE_LIMIT:,} characters\n"
    )


@pytest.mark.parametrize("name", ["play", "puzzle"])
def test_an_over_long_line_typed_into_a_game_is_one_line_and_status_2(
    name: str, run: Run, tmp_path: Path
) -> None:
    args = [
        arg.replace("progress.sqlite3", str(tmp_path / "p.sqlite3")) for arg in READERS[name][0]
    ]
    result = run(*args, stdin="4" * (LINE_LIMIT + 1) + "\n")
    assert result.returncode == 2
    assert result.stderr.endswith(
        f"error: standard input, line 1: longer than {LINE_LIMIT:,} characters\n"
    )


def test_a_line_at_the_limit_is_read_and_one_more_is_not(run: Run) -> None:
    line = "4455".ljust(LINE_LIMIT)
    assert run("solve", stdin=line + "\n").stdout == "4455 18\n"
    longer = run("solve", stdin=line + " \n")
    assert longer.returncode == 2
    assert longer.stderr == (
        f"fourinarow solve: error: standard input, line 1: longer than {LINE_LIMIT:,} characters\n"
    )
