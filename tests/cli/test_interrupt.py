"""Ctrl-C stops every long search at once, in real subprocesses: ``solve``, ``move``,
``analyze`` and the computer's turn in ``play``; ``solve`` prints what it has proven so far,
``analyze`` says how long it searched. Each search would go on for a minute or more: one that
held Ctrl-C back would end without status 130 or not within the tests' hang guard. How soon a
process ends after Ctrl-C is measured by hand, not asserted (machines differ): about 0.1 s,
most of it unmapping the solver's table; before searches ran beside the main thread, a long
solve held Ctrl-C back until it ended. Ctrl-C at start-up, while a command's modules are
imported, ends every command with 130, quietly, leaving no process behind."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import sysconfig
import time
from collections.abc import Iterator
from pathlib import Path

import pexpect
import pytest

from tests.cpu_time import wait_for_cpu_seconds

WARM_UP = 1.5
"""CPU seconds a command uses before Ctrl-C: past its imports and tables (about 0.5 s), inside
the search."""

LONG_SEARCHES = {
    "solve": ["solve", "--no-book", "-"],
    "move perfect": ["move", "-", "--agent", "perfect:book=none", "--time-ms", "60000"],
    "move perfect 8x7": ["move", "-", "--size", "8x7", "--time-ms", "60000"],
    "analyze perfect": ["analyze", "-", "--agent", "perfect:book=none", "--time-ms", "60000"],
    "analyze engine": ["analyze", "-", "--agent", "engine", "--time-ms", "60000"],
    "move mcts": ["move", "-", "--agent", "mcts", "--time-ms", "60000"],
}


def stop_with_ctrl_c(
    args: list[str], warm_up: float = WARM_UP
) -> tuple[float, int | None, str, str]:
    """Run ``fourinarow ARGS``, send SIGINT once it has used ``warm_up`` seconds of CPU time
    (a sleep would end inside the imports on a busy machine); return the seconds it
    then took to end (for a message, never asserted), its exit status, standard output and
    standard error."""
    with subprocess.Popen(
        [sys.executable, "-m", "fourinarow", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        try:
            wait_for_cpu_seconds(process.pid, warm_up)
            assert process.poll() is None, "it ended before Ctrl-C: nothing was measured"
            start = time.perf_counter()
            process.send_signal(signal.SIGINT)
            stdout, stderr = process.communicate(timeout=30)  # a hang guard
            return time.perf_counter() - start, process.returncode, stdout, stderr
        except subprocess.TimeoutExpired:
            pytest.fail(f"fourinarow {' '.join(args)} went on for 30 s after Ctrl-C")
        finally:
            process.kill()  # if it did not stop, do not leave it searching through other tests


@pytest.mark.parametrize("args", LONG_SEARCHES.values(), ids=LONG_SEARCHES.keys())
def test_ctrl_c_stops_a_long_search_at_once(args: list[str]) -> None:
    _, status, stdout, stderr = stop_with_ctrl_c(args)
    assert status == 130, stderr
    assert "Traceback" not in stderr
    if args[0] == "move":
        assert stdout == ""  # no answer half-made
        assert stderr == "\n"  # the shell's prompt starts on a new line


STOPPED = r"stopped by Ctrl-C after \d+\.\d s and [\d,]+ nodes"

SEARCHING = 3.0
"""CPU seconds a ``solve`` uses before Ctrl-C where the test wants some of it proven: past the
imports and a few narrowing steps."""

SOLVE = ["solve", "--no-book", "--tt-mb", "16"]

VALUES_OF_444 = [-4, -4, -3, -1, -3, -4, -4]
"""Each column's value of 444 for the side to move (the book's; a column takes about 3 s
without it on one thread)."""
"""A solve without the book, so that 7x6 positions of a few stones take seconds (4444, score 1:
14 s on two threads; 44443 on one thread, column 2 worth 2: 2 s, the rest after it)."""


def proven(text: str, score: int) -> tuple[int, int]:
    """The bounds ``LOW..HIGH`` (or an exact score) of ``text``, checked to hold ``score``."""
    low, _, high = text.partition("..")
    bounds = int(low), int(high or low)
    assert bounds[0] <= score <= bounds[1], f"{text} does not hold the score {score}"
    return bounds


def test_ctrl_c_during_solve_prints_the_bounds_proven_so_far() -> None:
    _, status, stdout, stderr = stop_with_ctrl_c([*SOLVE, "44444433", "4444"], SEARCHING)
    assert status == 130, stderr
    first, stopped = stdout.splitlines()
    assert first == "44444433 16"  # solved before Ctrl-C, as without it
    position, bounds = stopped.split()
    assert position == "4444"
    low, high = proven(bounds, 1)
    assert -19 < low < high <= 19  # some progress, nothing claimed beyond it
    assert re.fullmatch(f"fourinarow solve: {STOPPED}; printed the bounds proven so far\n", stderr)


def test_ctrl_c_during_solve_json_prints_the_record_of_a_stopped_search() -> None:
    _, status, stdout, stderr = stop_with_ctrl_c([*SOLVE, "--json", "4444"], SEARCHING)
    assert status == 130, stderr
    record = json.loads(stdout)
    assert record["position"] == "4444"
    assert record["score"] is None
    assert record["best_moves"] == []
    assert record["exact"] is False
    assert record["lower"] <= 1 <= record["upper"]
    assert record["nodes"] > 0
    assert record["time_ms"] >= 0
    assert "Traceback" not in stderr


def test_ctrl_c_during_solve_analyze_prints_the_columns_found_so_far() -> None:
    _, status, stdout, stderr = stop_with_ctrl_c(
        [*SOLVE, "--threads", "1", "--analyze", "444"], SEARCHING
    )
    assert status == 130, stderr
    position, *labels = stdout.split()
    assert position == "444"
    assert len(labels) == 7
    assert labels[0] != "?"  # being searched (about 3 s a column): the bounds proven so far
    for label, value in zip(labels, VALUES_OF_444, strict=True):
        if label != "?":
            proven(label, value)
    assert labels[-1] == "?"  # not reached
    expected = f"fourinarow solve: {STOPPED}; printed each column's value found so far\n"
    warning, stopped = stderr.splitlines(keepends=True)  # no book here: it may take hours
    assert warning.startswith("fourinarow solve: warning: 7x6 connect 4 has no opening book")
    assert re.fullmatch(expected, stopped)


def test_ctrl_c_during_analyze_prints_what_the_perfect_agent_proved_so_far() -> None:
    command = ["analyze", "444", "--agent", "perfect:book=none", "--time-ms", "60000"]
    _, status, stdout, stderr = stop_with_ctrl_c(command, SEARCHING)
    assert status == 130, stderr
    labels = stdout.split()
    assert len(labels) == 7
    for label, value in zip(labels, VALUES_OF_444, strict=True):
        if label != "?":
            proven(label, value)
    ending = "; printed the values proven so far\n"
    assert re.fullmatch(f"fourinarow analyze: {STOPPED}{ending}", stderr)


def test_ctrl_c_during_analyze_by_other_agents_says_how_long_it_searched() -> None:
    ending = "; the agent gives its values only when its search ends\n"
    _, status, stdout, stderr = stop_with_ctrl_c(LONG_SEARCHES["analyze engine"], SEARCHING)
    assert status == 130, stderr
    assert stdout == ""
    assert re.fullmatch(f"fourinarow analyze: stopped by Ctrl-C after \\d+\\.\\d s{ending}", stderr)


def test_ctrl_c_while_the_computer_thinks_ends_the_game_as_at_the_prompt() -> None:
    child = pexpect.spawn(
        sys.executable,
        ["-m", "fourinarow", "play", "--opponent", "perfect:book=none", "--first", "computer",
         "--time-ms", "60000", "--no-color"],
        encoding="utf-8",
        timeout=20,
    )  # fmt: skip
    try:
        child.expect(r"Computer is thinking\.\.\.")  # half a second into its search
        child.sendintr()
        child.expect(pexpect.EOF, timeout=30)  # a hang guard: the search would take minutes
        child.close()
    finally:
        child.close(force=True)
    assert child.exitstatus == 130  # as Ctrl-C at the prompt (tests/cli/test_play_terminal.py)
    assert "Traceback" not in (child.before or "")
    assert "Computer plays" not in (child.before or "")


def test_ctrl_c_stops_a_tournament_played_in_one_process_at_once(tmp_path: Path) -> None:
    db = tmp_path / "results.sqlite3"
    _, status, _, stderr = stop_with_ctrl_c(
        ["tournament", "perfect:book=none", "random", "--games", "2", "--time-ms", "60000",
         "--workers", "1", "--quiet", "--db", str(db)]
    )  # fmt: skip
    assert status == 130, stderr
    assert "Traceback" not in stderr
    assert stderr.strip().splitlines()[-2:] == [
        "Stopped: 0 of 2 games are stored.",
        f"Continue with: fourinarow tournament --resume 1 --db {db}",
    ]


SCRIPT = Path(sysconfig.get_path("scripts")) / "fourinarow"
"""The console script, as a user starts the command."""

ENTRY_IMPORTED = b"| fourinarow.__main__"
"""The end of the line ``PYTHONPROFILEIMPORTTIME`` prints once the entry point's module is
imported: from then on Ctrl-C must end the command quietly. (Before it Python itself starts:
its ``site`` module and the console script's own imports, which no program can guard.)"""

START_UP_DELAYS = (0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3)
"""Seconds from the entry point's import to Ctrl-C: through the imports, the arguments, the
tables and the book, into the work."""

HELD_DOWNLOAD = "http://127.0.0.1:{port}/7x6c4.book"
"""``book install``'s source: a port that takes the connection and never answers."""

START_UP = {
    "solve": ["solve", "--no-book", "-"],
    "analyze": ["analyze", "-", "--agent", "perfect:book=none", "--time-ms", "60000"],
    "move": ["move", "-", "--agent", "perfect:book=none", "--time-ms", "60000"],
    "review": ["review", "-"],  # waits for the game on standard input
    "match": ["match", "engine", "random", "--games", "1000", "--db", "m.sqlite3"],
    "tournament": ["tournament", "engine", "random", "simple", "--games", "1000", "--db", "t.db"],
    "experiment": ["experiment", "minimax-depths", "--db", "e.sqlite3", "--out", "report"],
    "puzzle generate": ["puzzle", "generate", "--out", "set.jsonl", "--count", "1000"],
    "book build": ["book", "build", "--plies", "4", "--workers", "2"],
    "book install": ["book", "install", HELD_DOWNLOAD, "--sha256", "0" * 64],
    "gtp": ["gtp"],  # waits for commands on standard input
    "show": ["show", "--grid", "-"],  # waits for the diagram on standard input
    "serve": ["serve", "--port", "0"],
}
"""The commands of a start-up Ctrl-C, each doing or awaiting something for longer than the
delays, so that Ctrl-C always finds it running."""


@pytest.fixture(scope="module")
def held_port() -> Iterator[int]:
    """A port on 127.0.0.1 whose connections the system accepts and nobody answers."""
    with socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(64)
        yield listener.getsockname()[1]


def ctrl_c_at_start_up(args: list[str], delay: float, home: Path) -> tuple[int, str, str, bool]:
    """Start the console script ``fourinarow ARGS`` in a process group of its own, and send
    Ctrl-C to the group (as a terminal does) ``delay`` seconds after its entry point's module
    is imported; return its exit status, standard output, standard error (Python's import
    report left out), and whether a process of the group outlived it."""
    env = {
        **os.environ,
        "PYTHONPROFILEIMPORTTIME": "1",
        "HOME": str(home),
        "XDG_DATA_HOME": str(home / "data"),
        "XDG_CACHE_HOME": str(home / "cache"),
    }
    with subprocess.Popen(
        [str(SCRIPT), *args],
        cwd=home,
        env=env,
        stdin=subprocess.PIPE,  # open, and never written: the commands that read it wait
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    ) as process:
        assert process.stderr is not None
        early = b""
        try:
            while not early.rstrip().endswith(ENTRY_IMPORTED):
                line = process.stderr.readline()
                assert line, f"fourinarow {' '.join(args)} never imported its entry point"
                early += line
            time.sleep(delay)
            os.killpg(process.pid, signal.SIGINT)
            stdout, stderr = process.communicate(timeout=60)
        finally:
            left = _group_left(process.pid)
    report = (early + stderr).decode(errors="replace").splitlines(keepends=True)
    errors = "".join(line for line in report if not line.startswith("import time:"))
    return process.returncode, stdout.decode(errors="replace"), errors, left


def _group_left(group: int) -> bool:
    """Whether a process of the group ``group`` is still there after a few seconds (for
    workers that are ending); kill what is."""
    for _ in range(100):
        try:
            os.killpg(group, 0)
        except ProcessLookupError:
            return False
        time.sleep(0.05)
    os.killpg(group, signal.SIGKILL)
    return True


def check_quiet_ctrl_c(args: list[str], delay: float, home: Path) -> None:
    """Ctrl-C ``delay`` seconds after the entry point: exit 130, no traceback, none left."""
    status, stdout, stderr, left = ctrl_c_at_start_up(args, delay, home)
    where = f"fourinarow {' '.join(args)}, Ctrl-C {delay} s after its entry point: {stderr}"
    assert "Traceback" not in stderr, where
    assert "Error" not in stderr, where
    assert "Exception" not in stderr, where
    if args[0] == "serve" and stdout.startswith("fourinarow web app:"):
        assert status == 0, where  # a server that served stops as it always does
    else:
        assert status == 130, where
    assert not left, f"{where}: a process of the command outlived it"


@pytest.mark.parametrize("args", START_UP.values(), ids=START_UP.keys())
def test_ctrl_c_right_after_the_entry_point_exits_130_quietly(
    args: list[str], tmp_path: Path, held_port: int
) -> None:
    for delay in (0.0, 0.15):  # the imports all ahead; some of them done
        home = tmp_path / str(delay)
        home.mkdir()
        check_quiet_ctrl_c([arg.format(port=held_port) for arg in args], delay, home)


@pytest.mark.slow
@pytest.mark.parametrize("args", START_UP.values(), ids=START_UP.keys())
def test_ctrl_c_at_any_moment_of_start_up_exits_130_quietly(
    args: list[str], tmp_path: Path, held_port: int
) -> None:
    for number, delay in enumerate(START_UP_DELAYS):
        home = tmp_path / str(number)
        home.mkdir()
        check_quiet_ctrl_c([arg.format(port=held_port) for arg in args], delay, home)


def test_a_command_started_with_ctrl_c_ignored_keeps_ignoring_it(tmp_path: Path) -> None:
    """A background job of a script starts with SIGINT ignored; the entry point leaves it so."""
    with subprocess.Popen(
        ["sh", "-c", 'trap "" INT; exec "$@"', "sh", str(SCRIPT), "gtp", "--agent", "random"],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.write("name\n")
        process.stdin.flush()
        first = process.stdout.readline() + process.stdout.readline()  # past the imports
        process.send_signal(signal.SIGINT)
        process.stdin.write("name\nquit\n")
        process.stdin.close()
        rest = process.stdout.read()
        process.wait(60)
    assert process.returncode == 0
    assert first + rest == "= fourinarow\n\n" * 2 + "= \n\n"
