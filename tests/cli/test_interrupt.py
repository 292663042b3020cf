"""Ctrl-C stops every long search at once, in real subprocesses: ``solve``, ``move``,
``analyze`` and the computer's turn in ``play``, timed from the signal to the exit."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pexpect
import pytest

STOP_WITHIN = 0.6
"""Seconds from Ctrl-C to the end of the process that the tests allow. The commands end in
about 0.1 s (most of it the process's own exit, such as unmapping the solver's 128 MB table);
the rest is slack for a busy machine. Before searches ran beside the main thread,
a long solve held Ctrl-C back until it ended (about 20 s for the empty 7x6 board without the
book), and the engine finished its iteration first (0.75 s)."""

WARM_UP = 1.5
"""Seconds a command runs before Ctrl-C: past its imports and tables, inside the search."""

LONG_SEARCHES = {
    "solve": ["solve", "--no-book", "-"],
    "move perfect": ["move", "-", "--agent", "perfect:book=none", "--time-ms", "60000"],
    "move perfect 8x7": ["move", "-", "--size", "8x7", "--time-ms", "60000"],
    "analyze perfect": ["analyze", "-", "--agent", "perfect:book=none", "--time-ms", "60000"],
    "analyze engine": ["analyze", "-", "--agent", "engine", "--time-ms", "60000"],
    "move mcts": ["move", "-", "--agent", "mcts", "--time-ms", "60000"],
}


def stop_with_ctrl_c(args: list[str]) -> tuple[float, int | None, str, str]:
    """Run ``fourinarow ARGS``, send SIGINT after :data:`WARM_UP` seconds; return the seconds
    it then took to end, its exit status, standard output and standard error."""
    with subprocess.Popen(
        [sys.executable, "-m", "fourinarow", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        try:
            time.sleep(WARM_UP)
            assert process.poll() is None, "it ended before Ctrl-C: nothing was measured"
            start = time.perf_counter()
            process.send_signal(signal.SIGINT)
            stdout, stderr = process.communicate(timeout=10)
            return time.perf_counter() - start, process.returncode, stdout, stderr
        except subprocess.TimeoutExpired:
            pytest.fail(f"fourinarow {' '.join(args)} went on for 10 s after Ctrl-C")
        finally:
            process.kill()  # if it did not stop, do not leave it searching through other tests


@pytest.mark.parametrize("args", LONG_SEARCHES.values(), ids=LONG_SEARCHES.keys())
def test_ctrl_c_stops_a_long_search_at_once(args: list[str]) -> None:
    seconds, status, stdout, stderr = stop_with_ctrl_c(args)
    assert status == 130
    assert seconds < STOP_WITHIN, f"{seconds:.2f} s from Ctrl-C to the exit"
    assert stdout == ""  # no answer half-made
    assert stderr == "\n"  # the shell's prompt starts on a new line; no traceback


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
        start = time.perf_counter()
        child.sendintr()
        child.expect(pexpect.EOF, timeout=10)
        seconds = time.perf_counter() - start
        child.close()
    finally:
        child.close(force=True)
    assert child.exitstatus == 130  # as Ctrl-C at the prompt (tests/cli/test_play_terminal.py)
    assert seconds < STOP_WITHIN, f"{seconds:.2f} s from Ctrl-C to the exit"
    assert "Traceback" not in (child.before or "")
    assert "Computer plays" not in (child.before or "")


def test_ctrl_c_stops_a_tournament_played_in_one_process_at_once(tmp_path: Path) -> None:
    db = tmp_path / "results.sqlite3"
    seconds, status, _, stderr = stop_with_ctrl_c(
        ["tournament", "perfect:book=none", "random", "--games", "2", "--time-ms", "60000",
         "--workers", "1", "--quiet", "--db", str(db)]
    )  # fmt: skip
    assert status == 130
    assert seconds < STOP_WITHIN, f"{seconds:.2f} s from Ctrl-C to the exit"
    assert "Traceback" not in stderr
    assert stderr.strip().splitlines()[-2:] == [
        "Stopped: 0 of 2 games are stored.",
        f"Continue with: fourinarow tournament --resume 1 --db {db}",
    ]
