"""benchmarks/threads.py runs end to end on the committed sample of the standard sets."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from tests import bench

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "threads.py"


def test_a_tiny_run_prints_a_row_per_thread_count_with_every_answer_exact() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--bench-dir", str(bench.SAMPLE_SETS), "--tt-mb", "8",
         "--sample", "3", "--sets", "end-easy,middle-medium", "--threads", "1,2"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("before: load average ")
    assert lines[1] == f"Standard sets: Pascal Pons' published sets in {bench.SAMPLE_SETS}"
    assert lines[-1].startswith("after: load average ")
    rows = [line.split() for line in lines[4:-1]]
    assert [row[:4] for row in rows] == [
        ["End-Easy", "1", "3", "3"],
        ["End-Easy", "2", "3", "3"],
        ["Middle-Medium", "1", "3", "3"],
        ["Middle-Medium", "2", "3", "3"],
    ]


def test_the_baseline_comes_first() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--threads", "2"],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 2
    assert "--threads starts with 1" in result.stderr


def test_empty_boards_are_solved_on_every_thread_count_to_the_same_score() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--sets", "none", "--empty", "4x5,5x4", "--tt-mb", "8"],
        capture_output=True, text=True, timeout=300, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    rows = [line.split() for line in result.stdout.splitlines()[3:-1]]
    assert [row[:6] for row in rows] == [
        ["empty", "4x5", "1", "1", "1", *rows[0][5:6]],
        ["empty", "4x5", "2", "1", "1", *rows[1][5:6]],
        ["empty", "5x4", "1", "1", "1", *rows[2][5:6]],
        ["empty", "5x4", "2", "1", "1", *rows[3][5:6]],
    ]


def test_bad_sets_and_shapes_say_what_is_accepted() -> None:
    for arguments, message in [
        (["--sets", "bogus"], "--sets: bogus unknown; one of end-easy"),
        (["--sets", "none", "--empty", "7"], "--empty takes shapes such as 6x7,8x5, not '7'"),
        (["--sets", "none", "--empty", "7x0"], "not '7x0'"),
    ]:
        result = subprocess.run(
            [sys.executable, str(SCRIPT), *arguments],
            capture_output=True, text=True, timeout=60, check=False,
        )  # fmt: skip
        assert result.returncode == 2
        assert message in result.stderr
