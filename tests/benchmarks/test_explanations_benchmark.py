"""benchmarks/explanations.py runs end to end: a row per shape and no false claim; the full run
(10,000 positions over five shapes) is the slow soundness test of explanations."""

from __future__ import annotations

import pytest

from tests.benchmarks.scripts import run_script


def rows(stdout: str) -> dict[str, dict[str, str]]:
    lines = stdout.splitlines()
    header = lines[0].split()
    return {
        line.split()[0]: dict(zip(header, line.split(), strict=True))
        for line in lines[1:]
        if line and not line.startswith((" ", "false")) and "positions," not in line
    }


def test_a_tiny_run_checks_every_claim_and_reports_coverage() -> None:
    result = run_script("explanations.py", "--shapes", "5x4c4,6x5c4", "--positions", "30")
    assert result.returncode == 0, result.stdout + result.stderr
    table = rows(result.stdout)
    assert list(table) == ["5x4c4", "6x5c4"]
    for row in table.values():
        assert row["positions"] == "30"
        assert row["false"] == "0"
        assert int(row["explained"]) <= int(row["decisive"])
    assert result.stdout.splitlines()[-1] == "60 positions, 0 false claims"


@pytest.mark.slow
def test_ten_thousand_positions_over_five_shapes_hold_no_false_claim() -> None:
    result = run_script("explanations.py", "--positions", "2000", timeout=3600)
    assert result.returncode == 0, result.stdout + result.stderr
    table = rows(result.stdout)
    assert len(table) == 5
    assert sum(int(row["positions"]) for row in table.values()) == 10_000
    assert all(row["false"] == "0" for row in table.values())
