"""benchmarks/empty_board.py: ours alone on small empty boards, its refusals, and (with g++ and
FOURINAROW_C4_DIR) c4 beside ours on the empty 5x4 board."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.benchmarks.scripts import run_script


def run(*arguments: str, cache: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The script with these arguments, its output captured."""
    return run_script("empty_board.py", *arguments, cache=cache, timeout=600)


def rows(output: str) -> list[list[str]]:
    """The table's rows, split into cells."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("shape")) + 2
    return [line.split() for line in lines[start:-1]]


def test_ours_alone_prints_a_row_per_shape_and_thread_count() -> None:
    result = run("--shape", "4x4,5x4", "--threads", "1,2", "--tt-mb", "1", "--repeat", "2")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("before: load average ")
    assert lines[0].endswith("; table 1 MB each, no book, medians of 2 run(s)")
    assert lines[-1].startswith("after: load average ")
    table = rows(result.stdout)
    assert [(row[0], row[1], row[-1]) for row in table] == [
        ("4x4", "1", "0"), ("4x4", "2", "0"), ("5x4", "1", "0"), ("5x4", "2", "0"),
    ]  # fmt: skip
    assert all(len(row) == 5 for row in table)  # shape, threads, seconds, nodes, score


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--shape", "7by6"], "--shape: '7by6' is not a board size"),
        (["--threads", "1,two"], "--threads takes counts such as 1,2,4, not '1,two'"),
        (["--threads", "0,1"], "--threads counts go from 1 to 64"),
        (["--repeat", "0"], "--repeat is 1 or more, not 0"),
        (["--c4", "/nonexistent"], "/nonexistent is not a c4 checkout"),
    ],
)
def test_bad_arguments_are_refused(arguments: list[str], message: str) -> None:
    result = run(*arguments)
    assert result.returncode == 2
    assert message in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_c4_and_ours_agree_on_the_empty_5x4_board(c4_checkout: Path, c4_cache: Path) -> None:
    result = run(
        "--c4", str(c4_checkout), "--shape", "5x4", "--tt-mb", "1", "--repeat", "2",
        cache=c4_cache,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert f"built in {c4_cache / 'c4-5x4-t1-131101'}" in result.stdout
    assert "; table 1 MB each (c4: 131,101 entries), no book, medians of 2 run(s)" in result.stdout
    [row] = rows(result.stdout)
    shape, threads, c4_seconds, c4_nodes, seconds, nodes, ratio, score = row
    assert (shape, threads, score) == ("5x4", "1", "0")  # a draw
    assert int(c4_nodes.replace(",", "")) > 0
    assert int(nodes.replace(",", "")) > 0
    assert float(ratio) == pytest.approx(float(seconds) / float(c4_seconds), rel=0.01)
