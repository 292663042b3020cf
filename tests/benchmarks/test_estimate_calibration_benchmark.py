"""benchmarks/estimate_calibration.py runs end to end on the committed sample of the standard
sets, and its fit finds a scale that matches real results better than a wrong one."""

from __future__ import annotations

from tests import bench
from tests.benchmarks.scripts import run_script


def test_a_small_fit_prints_the_table_and_a_better_scale() -> None:
    result = run_script(
        "estimate_calibration.py",
        *("--bench-dir", str(bench.SAMPLE_SETS), "--sample", "20", "--depth", "4"),
        *("--sets", "begin-easy,middle-easy"),
        timeout=120,
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("20 positions per set (evenly spaced) of begin-easy, middle-easy;")
    assert lines[1] == f"Standard sets: Pascal Pons' published sets in {bench.SAMPLE_SETS}"
    header = lines.index(f"{'value':>13}  {'positions':>9}  {'real':>6}  {'fitted':>6}  current")
    rows = [line.split() for line in lines[header + 2 : lines.index("", header)]]
    valued = int(lines[0].split("; ")[2].split()[0])
    assert sum(int(row[1]) for row in rows) == valued > 0
    assert all(0 <= float(cell) <= 1 for row in rows for cell in row[2:])
    fit = next(line for line in lines if line.startswith("fitted scale "))
    fitted_brier = float(fit.split("(Brier ")[1].split(")")[0])
    current_brier = float(fit.split("(Brier ")[2].split(")")[0])
    assert fitted_brier <= current_brier  # the fit is never worse than the constant


def test_an_unknown_set_is_refused() -> None:
    result = run_script("estimate_calibration.py", "--sets", "nowhere")
    assert result.returncode == 2
    assert "sets are end-easy" in result.stderr
