"""The machine bounds every command: a transposition table larger than its memory is refused in
one line, exit 2, whichever door it comes in by (``--tt-mb``, an agent spec, the web server's
settings), and no option starts more processes or threads than it has cores."""

from __future__ import annotations

from pathlib import Path

import pytest

from fourinarow.core.machine import available_cores, memory_bytes
from fourinarow.search.checks import MAX_TABLE_MB
from tests.cli.conftest import Run


def memory_mb() -> int:
    """This machine's memory in megabytes (the test is skipped where it is not known, or too
    large for a table one gigabyte larger to be asked for at all)."""
    memory = memory_bytes()
    if memory is None or (memory >> 20) + 1024 > MAX_TABLE_MB:
        pytest.skip("this machine's memory is not known, or above what any table may ask for")
    return memory >> 20


def one_line(stderr: str, *words: str) -> None:
    assert len(stderr.splitlines()) == 1, stderr
    assert "Traceback" not in stderr
    for word in words:
        assert word in stderr, stderr


TOO_MUCH = "{beyond}"


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--tt-mb", TOO_MUCH, "4"],
        ["solve", "--no-book", "--analyze", "--tt-mb", TOO_MUCH, "4"],
        ["book", "build", "--plies", "2", "--size", "4x4", "--tt-mb", TOO_MUCH],
        ["serve", "--port", "0", "--tt-mb", TOO_MUCH],
        ["move", "--agent", f"perfect:tt_mb={TOO_MUCH}", "4"],
        ["analyze", "--agent", f"engine:tt_mb={TOO_MUCH}", "4"],
        ["match", f"perfect:tt_mb={TOO_MUCH}", "random", "--games", "2"],
        ["tournament", "random", "simple", f"engine:tt_mb={TOO_MUCH},nodes=10"],
        ["play", "--opponent", f"perfect:tt_mb={TOO_MUCH}"],
        ["gtp", "--agent", f"perfect:tt_mb={TOO_MUCH}"],
        ["review", "--agent", f"perfect:tt_mb={TOO_MUCH}", "--positions", "begin-easy"],
        ["kaggle", "export", "--agent", f"engine:tt_mb={TOO_MUCH}"],
        ["serve", "--port", "0", "--kaggle-agent", f"perfect:tt_mb={TOO_MUCH}"],
    ],
    ids=lambda args: " ".join(arg.split(":")[0] for arg in args[:2]),
)
def test_a_table_beyond_the_memory_is_one_line_and_exit_2(
    run_process: Run, tmp_path: Path, args: list[str]
) -> None:
    beyond = memory_mb() + 1024
    args = [arg.replace(TOO_MUCH, str(beyond)) for arg in args]
    if args[0] in ("match", "tournament"):
        args += ["--db", str(tmp_path / "results.sqlite3")]
    if args[0] == "kaggle":
        args += ["--out", str(tmp_path / "main.py")]
    if args[0] == "book":
        args += ["--out", str(tmp_path / "4x4.book")]
    result = run_process(*args, stdin="")
    assert result.returncode == 2, result.stderr
    one_line(result.stderr, f"{beyond} MB is more than this machine's memory")
    assert list(tmp_path.iterdir()) == []  # no book, build folder, database or submission


def test_gtp_refuses_such_an_agent_and_goes_on(run_process: Run) -> None:
    beyond = memory_mb() + 1024
    result = run_process(
        "gtp", stdin=f"agent perfect:tt_mb={beyond}\nagent engine:tt_mb={beyond}\nname\nquit\n"
    )
    assert result.returncode == 0
    assert result.stderr == ""
    answers = result.stdout.split("\n\n")
    for answer in answers[:2]:
        assert answer.startswith("? "), answer
        assert f"tt_mb={beyond} is not accepted: a table of {beyond} MB is more than" in answer
    assert answers[2] == "= fourinarow"


def test_the_web_servers_tables_count_together(run_process: Run) -> None:
    each = memory_mb() // 2 + 1
    result = run_process("serve", "--port", "0", "--searches", "2", "--tt-mb", str(each))
    assert result.returncode == 2
    one_line(result.stderr, f"2 tables of {each} MB are more than this machine's memory")
    answers = run_process("serve", "--port", "0", "--answers-mb", str(memory_mb() + 1024))
    assert answers.returncode == 2
    one_line(answers.stderr, "answers_mb", "more than this machine's memory")


# ------------------------------------------------------------------------ cores


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--threads", "{many}", "--size", "4x4", "1"],
        ["book", "build", "--plies", "1", "--size", "4x4", "--workers", "{many}", "--quiet"],
        ["match", "random", "simple", "--games", "2", "--workers", "{many}", "--quiet"],
    ],
    ids=lambda args: " ".join(args[:2]),
)
def test_more_workers_or_threads_than_cores_use_the_cores_and_say_so(
    run: Run, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:
    many = available_cores() + 1
    if many > 64:
        pytest.skip("more cores than --threads takes")
    monkeypatch.chdir(tmp_path)
    args = [arg.replace("{many}", str(many)) for arg in args]
    if args[0] == "match":
        args += ["--db", str(tmp_path / "results.sqlite3")]
    result = run(*args)
    assert result.returncode == 0, result.stderr
    option = "--threads" if args[0] == "solve" else "--workers"
    assert result.stderr == (
        f"fourinarow {args[0]}: note: {option} {many}: using {available_cores()}, the number "
        "of cores\n"
    )
