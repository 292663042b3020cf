"""``fourinarow gtp``: a session, a whole game over a live pipe to a real process, and bad
options."""

from __future__ import annotations

import subprocess
import sys

from fourinarow.core import Board
from tests.cli.conftest import Run


def replies(stdout: str) -> list[str]:
    """The replies of a session, each without its blank line."""
    assert stdout.endswith("\n\n")
    return stdout[:-2].split("\n\n")


def test_a_session_over_the_pipe(run: Run) -> None:
    result = run(
        "gtp",
        "--agent",
        "level:3",
        "--seed",
        "4",
        stdin="1 name\nplay x x3\n2 genmove o\nmoves\n# a comment\n\nfoo\nquit\nname\n",
    )
    assert result.returncode == 0
    assert result.stderr == ""
    answers = replies(result.stdout)
    assert answers[0] == "=1 fourinarow"
    assert answers[1] == "= "
    assert answers[2].startswith("=2 o")
    column = int(answers[2][4:])
    assert answers[3] == f"= 4{column + 1}"
    assert answers[4] == "? unknown command 'foo': list_commands lists them"
    assert answers[5] == "= "
    assert len(answers) == 6  # nothing after quit


def test_the_engine_plays_a_whole_game_against_itself() -> None:
    """Two genmove a turn until the end, through a live pipe; the moves make a finished game."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "fourinarow",
            "gtp",
            "--agent",
            "level:4",
            "--size",
            "5x4",
            "--seed",
            "9",
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        bufsize=1,
    )
    assert process.stdin is not None
    assert process.stdout is not None

    def ask(command: str) -> str:
        assert process.stdin is not None
        assert process.stdout is not None
        process.stdin.write(command + "\n")
        lines = []
        while (line := process.stdout.readline()) != "\n":
            assert line, "the engine closed the pipe"
            lines.append(line)
        return "".join(lines).rstrip("\n")

    try:
        board = Board(5, 4)
        while ask("result") == "= none":
            letter = "xo"[board.turn - 1]
            answer = ask(f"genmove {letter}")
            assert answer.startswith(f"= {letter}")
            board.push(int(answer[3:]))
        assert ask("moves") == f"= {board.to_moves()}"
        assert board.outcome() is not None
        process.stdin.close()  # the end of the input ends the session
        assert process.wait(timeout=30) == 0
    finally:
        process.kill()
        process.wait()
        process.stdout.close()
        if not process.stdin.closed:
            process.stdin.close()


def test_help_lists_the_commands(run: Run) -> None:
    result = run("gtp", "--help")
    assert result.returncode == 0
    for command in ("genmove", "clear_board", "boardsize", "analyze", "time_ms", "GTPBot"):
        assert command in result.stdout


def test_bad_options_exit_2_in_one_line(run: Run) -> None:
    for options, message in (
        (["--agent", "wizard"], "unknown agent 'wizard'"),
        (["--size", "7"], "7"),
        (["--time-ms", "-1"], "-1"),
        (["--connect", "9"], "connect 9 does not fit a 7x6 board"),
    ):
        result = run("gtp", *options)
        assert result.returncode == 2, options
        assert result.stdout == ""
        assert len(result.stderr.strip().splitlines()) == 1, result.stderr
        assert message in result.stderr
        assert "Traceback" not in result.stderr
