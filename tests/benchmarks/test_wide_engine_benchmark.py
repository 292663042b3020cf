"""benchmarks/wide_engine.py runs end to end on tiny budgets."""

from __future__ import annotations

from fourinarow.core import Geometry
from fourinarow.search.heuristic import compiled_module
from tests.benchmarks.scripts import run_script


def test_a_tiny_run_prints_a_row_per_case_with_both_searches_timed() -> None:
    result = run_script(
        "wide_engine.py", "9x7c5:545545", "11x9:6,6,5", "--seconds", "0.02", "--runs", "1",
        timeout=120,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[2].split()[:5] == ["shape", "position", "bits", "kernel", "depth"]
    rows = [line.split() for line in lines[3:]]
    assert [row[:3] for row in rows] == [["9x7c5", "545545", "72"], ["11x9c4", "6,6,5", "110"]]
    built = compiled_module(Geometry(9, 7, 5)) is not None
    for row in rows:
        assert row[3] == ("compiled" if built else "python")
        depth, python_depth = int(row[4]), int(row[5])
        assert python_depth >= 1
        assert depth >= (python_depth if built else 0)
        # nodes per second both ways, and the median times: numbers, whatever the machine's
        # speed makes of them (a quick machine rounds a short search's time to 0.00)
        assert min(float(row[6]), float(row[7]), float(row[10]), float(row[11])) >= 0
        assert row[-1].endswith("x")
