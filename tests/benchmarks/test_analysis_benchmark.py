"""benchmarks/analysis.py runs end to end: every column valued, a row per shape and analysis."""

from __future__ import annotations

from tests.benchmarks.scripts import run_script


def test_a_tiny_run_values_every_column_and_prints_the_baseline_beside_it() -> None:
    result = run_script(
        "analysis.py", "--shapes", "9x7c5,6x5c4", "--positions", "2", "--budget-ms", "200",
        "--margin-ms", "5000",
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "budget 200 ms per analysis, 2 positions per shape"
    rows = [line.split() for line in lines[3:-1]]
    assert [row[:2] for row in rows] == [
        ["9x7c5", "solver"],
        ["9x7c5", "perfect"],
        ["6x5c4", "solver"],
        ["6x5c4", "perfect"],
    ]
    perfect = rows[1]
    assert int(perfect[5]) == 0  # no column left unvalued
    assert int(perfect[2]) + int(perfect[3]) + int(perfect[4]) == 18  # 2 positions x 9 columns
    assert lines[-1].startswith("'solver' is the baseline")
