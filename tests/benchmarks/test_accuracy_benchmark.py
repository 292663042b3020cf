"""benchmarks/accuracy.py runs end to end on the committed sample of the standard sets."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests import bench

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "accuracy.py"


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    """The script with these arguments, its output captured."""
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--bench-dir", str(bench.SAMPLE_SETS), *arguments],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.slow
def test_a_tiny_run_prints_the_markdown_table() -> None:
    result = run(
        "--sample", "3", "--sets", "end-easy,begin-hard", "--time-ms", "50",
        "--agents", "random,perfect,level:7,level:10",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("3 positions per set (evenly spaced), seed 0; engine and mcts")
    assert lines[1] == f"Standard sets: Pascal Pons' published sets in {bench.SAMPLE_SETS}"
    header = "| agent | End-Easy | Begin-Hard | all | weighted | outcome | ms/move |"
    start = lines.index(header)
    rows = {
        line.split("|")[1].strip(): [cell.strip() for cell in line.split("|")[2:-1]]
        for line in lines[start + 2 : start + 6]
    }
    assert list(rows) == ["random", "perfect (2000 ms)", "level:7", "level:10 (2000 ms)"]
    assert rows["perfect (2000 ms)"][:5] == ["100.0%"] * 5  # both sets, all, weighted, outcome
    assert lines[-1].startswith("wall time ")


def test_an_unknown_set_is_refused() -> None:
    result = run("--sets", "nowhere")
    assert result.returncode == 2
    assert "sets are end-easy" in result.stderr
    assert "Traceback" not in result.stderr


def test_a_missing_directory_is_named() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--bench-dir", "/nonexistent", "--sample", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert result.returncode == 2
    assert "the standard set end-easy (Test_L3_R1) is not in /nonexistent" in result.stderr
    assert "FOURINAROW_BENCH_DIR" in result.stderr
    assert "Traceback" not in result.stderr
