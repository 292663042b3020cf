"""Ctrl-C stops every long search at once, in real subprocesses: ``solve``, ``move``,
``analyze`` and the computer's turn in ``play``; ``solve`` prints what it has proven so far,
``analyze`` says how long it searched. Each search would go on for a minute or more: one that
held Ctrl-C back would end without status 130 or not within the tests' hang guard. How soon a
process ends after Ctrl-C is measured by hand, not asserted (machines differ): about 0.1 s,
most of it unmapping the solver's table; before searches ran beside the main thread, a long
solve held Ctrl-C back until it ended."""

from __future__ import annotations

import json
import re
import signal
import subprocess
import sys
import time
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
    assert status == 130
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
    assert status == 130
    first, stopped = stdout.splitlines()
    assert first == "44444433 16"  # solved before Ctrl-C, as without it
    position, bounds = stopped.split()
    assert position == "4444"
    low, high = proven(bounds, 1)
    assert -19 < low < high <= 19  # some progress, nothing claimed beyond it
    assert re.fullmatch(f"fourinarow solve: {STOPPED}; printed the bounds proven so far\n", stderr)


def test_ctrl_c_during_solve_json_prints_the_record_of_a_stopped_search() -> None:
    _, status, stdout, stderr = stop_with_ctrl_c([*SOLVE, "--json", "4444"], SEARCHING)
    assert status == 130
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
    assert status == 130
    position, *labels = stdout.split()
    assert position == "444"
    assert len(labels) == 7
    assert labels[0] != "?"  # being searched (about 3 s a column): the bounds proven so far
    for label, value in zip(labels, VALUES_OF_444, strict=True):
        if label != "?":
            proven(label, value)
    assert labels[-1] == "?"  # not reached
    expected = f"fourinarow solve: {STOPPED}; printed each column's value found so far\n"
    assert re.fullmatch(expected, stderr)


def test_ctrl_c_during_analyze_prints_what_the_perfect_agent_proved_so_far() -> None:
    command = ["analyze", "444", "--agent", "perfect:book=none", "--time-ms", "60000"]
    _, status, stdout, stderr = stop_with_ctrl_c(command, SEARCHING)
    assert status == 130
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
    assert status == 130
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
    assert status == 130
    assert "Traceback" not in stderr
    assert stderr.strip().splitlines()[-2:] == [
        "Stopped: 0 of 2 games are stored.",
        f"Continue with: fourinarow tournament --resume 1 --db {db}",
    ]
