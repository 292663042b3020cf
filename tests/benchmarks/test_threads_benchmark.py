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
    assert lines[-1].startswith("after: load average ")
    rows = [line.split() for line in lines[3:-1]]
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
