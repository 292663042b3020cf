"""The status line of a long search, read from a real pseudo-terminal: ``solve`` and
``analyze`` show it on standard error from the second second on, and nothing when the search
is quick; standard output stays as without it."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
import threading
import time

ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")
"""What a terminal draws with rather than shows: cursor moves, erasures, colours."""

WAIT = 30.0
"""Seconds the tests wait for a status line, and for the command to end after Ctrl-C."""

RATE = r"\d+\.\d s  [\d.]+(?: [kMG])? nodes  [\d.]+(?: [kMG])?/s"
"""The start of a solve's status line: ``12.4 s  48.1 M nodes  3.9 M/s``."""


def on_a_terminal(args: list[str], until: str | None = None) -> tuple[int | None, str, list[str]]:
    """Run ``fourinarow ARGS`` with standard error on a pseudo-terminal (160 columns) and
    standard output on a pipe; once the terminal shows text matching ``until`` (a pattern),
    wait half a second more and send Ctrl-C. Return its exit status, its standard output, and
    the lines the terminal showed (escape codes removed)."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 160, 0, 0))
    shown = bytearray()

    def read() -> None:
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:  # every end of the terminal closed: the process has ended
                return
            if not data:
                return
            shown.extend(data)

    env = {**os.environ, "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    with subprocess.Popen(
        [sys.executable, "-m", "fourinarow", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=slave,
        env=env,
    ) as process:
        os.close(slave)
        reader = threading.Thread(target=read, daemon=True)
        reader.start()
        if until is not None:
            deadline = time.monotonic() + WAIT
            while process.poll() is None and time.monotonic() < deadline:
                if re.search(until, ESCAPES.sub("", shown.decode("utf-8", "replace"))):
                    break
                time.sleep(0.05)
            time.sleep(0.5)  # a refresh or two more
            process.send_signal(signal.SIGINT)  # (nothing if it has ended)
        try:
            stdout, _ = process.communicate(timeout=WAIT)
        finally:
            process.kill()
        reader.join(5)
    os.close(master)
    text = ESCAPES.sub("", shown.decode("utf-8", "replace"))
    return process.returncode, stdout.decode(), [line for line in text.split("\n") if line]


def test_a_long_solve_shows_time_nodes_rate_and_bounds_then_ctrl_c_prints_them() -> None:
    status, stdout, lines = on_a_terminal(["solve", "--no-book", "--tt-mb", "16", "4444"], RATE)
    assert status == 130
    shown = re.findall(rf"({RATE})  score (-?\d+)\.\.(\+?\d+)", "\n".join(lines))
    assert shown, f"no status line on the terminal: {lines}"
    # None in the first second: the display starts a second after the command began the
    # position; the search's own clock, shown, starts a little later (the table, the book).
    assert all(float(rate.split()[0]) >= 0.9 for rate, _, _ in shown)
    for _, low, high in shown:
        assert int(low) <= 1 <= int(high)  # 4444 scores 1
    assert re.fullmatch(r"4444 -?\d+\.\.-?\d+\n", stdout)  # the bounds, on standard output
    assert lines[-1].startswith("fourinarow solve: stopped by Ctrl-C after")
    assert "Traceback" not in "\n".join(lines)


def test_a_quick_solve_shows_nothing_on_the_terminal() -> None:
    status, stdout, lines = on_a_terminal(["solve", "--no-book", "44444433", "--tt-mb", "16"])
    assert status == 0
    assert stdout == "44444433 16\n"
    assert lines == []


def test_solve_analyze_shows_the_columns_done_and_the_one_being_searched() -> None:
    args = ["solve", "--no-book", "--tt-mb", "16", "--threads", "1", "--analyze", "444"]
    status, stdout, lines = on_a_terminal(args, "columns")
    assert status == 130
    shown = re.findall(rf"{RATE}  columns (.*)", "\n".join(lines))
    assert shown, f"no status line on the terminal: {lines}"
    assert re.match(r"\[-?\d+\.\.-?\d+\] \? \? \? \? \? \?", shown[0]), shown[0]
    assert stdout.startswith("444 ")


def test_analyze_shows_the_time_and_the_perfect_agent_s_nodes() -> None:
    args = ["analyze", "-", "--agent", "perfect:book=none", "--time-ms", "60000"]
    status, stdout, lines = on_a_terminal(args, RATE)
    assert status == 130
    assert any(re.search(RATE, line) for line in lines), lines
    labels = stdout.split()  # the values proven so far, '?' where none yet
    assert len(labels) == 7
    assert all(label == "?" or re.fullmatch(r"-?\d+(\.\.-?\d+)?", label) for label in labels)
    assert lines[-1].startswith("fourinarow analyze: stopped by Ctrl-C after")
    assert lines[-1].endswith("printed the values proven so far")


def test_analyze_with_an_agent_that_counts_no_nodes_shows_the_time() -> None:
    args = ["analyze", "-", "--agent", "engine", "--time-ms", "60000"]
    status, _, lines = on_a_terminal(args, r"\d+\.\d s")
    assert status == 130
    assert any(re.search(r"\d+\.\d s$", line) for line in lines[:-1]), lines
