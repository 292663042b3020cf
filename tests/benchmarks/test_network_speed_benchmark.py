"""benchmarks/network_speed.py runs end to end on tiny budgets."""

from __future__ import annotations

import pytest

from tests.benchmarks.scripts import run_script
from tests.search.test_heuristic import needs_kernel

pytestmark = needs_kernel


@pytest.mark.parametrize("shape", ["7x6", "10x8"])
def test_a_tiny_run_prints_a_markdown_row_per_evaluation(shape: str) -> None:
    result = run_script(
        "network_speed.py", shape, "--sizes", "8x4,16x8", "--threat-sizes", "24x8",
        "--positions", "2", "--nodes", "3000", "--runs", "1",
        timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[2:4] == [
        "| shape | evaluation | nodes | nodes/s | vs threats |",
        "|---|---|---:|---:|---:|",
    ]
    rows = [[cell.strip() for cell in line.strip("|").split("|")] for line in lines[4:]]
    name = shape + "c4"
    assert [row[:2] for row in rows] == [
        [name, "threats"],
        [name, "network 8-4 (random)"],
        [name, "network 16-8 (random)"],
        [name, "network 24-8 threat cells (random)"],
    ]
    for row in rows:
        assert int(row[2].replace(",", "")) >= 6000  # each position searched to its limit
    assert rows[0][4] == "1.00"
