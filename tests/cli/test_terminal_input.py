"""Commands that read standard input say so when it is a terminal: one line on standard error
with what to type and how to end, instead of waiting silently (a real pseudo-terminal)."""

from __future__ import annotations

import os
import sys

import pexpect

from tests.cli.conftest import Run

DIAGRAM = [".......", ".......", ".......", ".......", "...O...", "..OXX.."]


def spawn(*args: str) -> pexpect.spawn:
    environment = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    return pexpect.spawn(
        sys.executable, ["-m", "fourinarow", *args], encoding="utf-8", timeout=30, env=environment
    )


def finish(child: pexpect.spawn) -> tuple[int, str]:
    """Wait for the end; the exit status and what was printed since the last match."""
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus is not None
    return child.exitstatus, child.before or ""


def test_solve_on_a_terminal_says_what_to_type_then_answers_each_line() -> None:
    child = spawn("solve")
    child.expect(r"fourinarow solve: type positions, one a line \(4453; - for the empty board\); "
                 "end with Ctrl-D\r\n")  # fmt: skip
    child.sendline("4455")
    child.expect("4455 18\r\n")
    child.sendline("44455554221")
    child.expect("44455554221 -15\r\n")
    child.sendeof()
    status, rest = finish(child)
    assert status == 0
    assert "Traceback" not in rest


def test_analyze_a_diagram_on_a_terminal_says_what_to_type() -> None:
    child = spawn("analyze", "--grid", "-", "--time-ms", "0")
    child.expect(r"fourinarow analyze: type the diagram, a row a line from the top \(\. X O\); "
                 "end with Ctrl-D\r\n")  # fmt: skip
    for row in DIAGRAM:
        child.sendline(row)
    child.sendeof()
    status, rest = finish(child)
    assert status == 0
    assert rest.strip().splitlines()[-1].count(" ") == 6  # seven columns' values


def test_review_of_standard_input_on_a_terminal_says_what_to_type() -> None:
    child = spawn("review", "-")
    child.expect(r"fourinarow review: type the game's moves on one line \(such as 4453\); "
                 "end with Ctrl-D\r\n")  # fmt: skip
    child.sendline("4455")
    child.expect("Review of 4455")
    status, _ = finish(child)
    assert status == 0


def test_no_such_line_when_standard_input_is_a_pipe(run: Run) -> None:
    solved = run("solve", stdin="4455\n")
    assert (solved.stdout, solved.stderr) == ("4455 18\n", "")
    analysed = run("analyze", "--grid", "-", "--time-ms", "0", stdin="\n".join(DIAGRAM))
    assert analysed.returncode == 0
    assert analysed.stderr == ""
