"""benchmarks/make_sets.py makes the shipped standard sets again, a few lines of them here."""

from __future__ import annotations

import subprocess
from pathlib import Path

from fourinarow.analysis.standard_sets import SHIPPED_DIRECTORY
from tests.benchmarks.scripts import run_script


def run(*arguments: str) -> subprocess.CompletedProcess[str]:
    """The script with these arguments, its output captured."""
    return run_script("make_sets.py", *arguments, timeout=300)


def test_the_first_lines_of_two_shipped_sets_again(tmp_path: Path) -> None:
    result = run("--sets", "middle-easy,end-easy", "--count", "3", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    for name in ("middle-easy", "end-easy"):
        made = (tmp_path / f"fourinarow-{name}.txt").read_text().splitlines()
        shipped = (SHIPPED_DIRECTORY / f"fourinarow-{name}.txt").read_text().splitlines()
        assert made == shipped[:3]
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "seed 1, 3 per set; easy under 1,000 nodes, hard over 1,000,000 (no book, one thread); "
        "the shipped sets' classes kept"
    )
    rows = [line.split() for line in lines[2:4]]
    assert [row[:2] for row in rows] == [["middle-easy", "3"], ["end-easy", "3"]]
    assert lines[-1].startswith("total CPU time ")


def test_an_unknown_set_or_count_is_refused(tmp_path: Path) -> None:
    for arguments, message in [
        (["--sets", "begin-impossible"], "--sets: begin-impossible unknown; one of end-easy"),
        (["--count", "0"], "--count is a whole number from 1, not 0"),
    ]:
        result = run(*arguments, "--out", str(tmp_path))
        assert result.returncode == 2
        assert message in result.stderr
    assert list(tmp_path.iterdir()) == []


def test_anew_classifies_every_position_and_another_seed_keeps_nothing(tmp_path: Path) -> None:
    result = run("--sets", "end-easy", "--count", "2", "--anew", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].endswith("(no book, one thread)")
    result = run("--sets", "end-easy", "--count", "2", "--seed", "2", "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[0].endswith("(no book, one thread)")
