"""benchmarks/solver.py with c4 as a peer: refused without a c4 checkout, and (with g++ and
FOURINAROW_C4_DIR) c4's rows beside ours on the committed sample of the standard sets."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests import bench
from tests.benchmarks.scripts import run_script


def run(*arguments: str, cache: Path | None = None) -> subprocess.CompletedProcess[str]:
    """The script on the committed sample with these arguments."""
    return run_script(
        "solver.py", "--bench-dir", str(bench.SAMPLE_SETS), *arguments, cache=cache, timeout=600
    )


def test_a_folder_that_is_not_c4_is_refused(tmp_path: Path) -> None:
    result = run("--c4", str(tmp_path), "--sample", "1", "--sets", "end-easy")
    assert result.returncode == 2
    assert f"error: {tmp_path} is not a c4 checkout" in result.stderr
    assert "git clone https://github.com/ChristopheSteininger/c4" in result.stderr
    assert "Traceback" not in result.stderr


@pytest.mark.slow
def test_c4_is_a_peer_on_every_set_asked_for(c4_checkout: Path, c4_cache: Path) -> None:
    result = run(
        "--c4", str(c4_checkout), "--tt-mb", "8", "--sample", "2",
        "--sets", "end-easy,middle-medium", cache=c4_cache,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    first = next(line for line in lines if line.startswith("fourinarow backend:"))
    assert first.endswith(
        "table 8 MB; c4: one thread, table 1,048,583 entries (8.0 MB), no book, built in "
        f"{c4_cache / 'c4-7x6-t1-1048583'}"
    )
    rows = [line.split() for line in lines if line.startswith(("End-Easy", "Middle-Medium"))]
    rows = [row for row in rows if row[1] in ("fourinarow", "c4")]  # bitbully may be here too
    assert [row[:4] for row in rows] == [
        ["End-Easy", "fourinarow", "2", "2"],
        ["End-Easy", "c4", "2", "2"],
        ["Middle-Medium", "fourinarow", "2", "2"],
        ["Middle-Medium", "c4", "2", "2"],
    ]
    assert all(float(row[-1]) > 0 for row in rows if row[1] == "c4")  # ours / c4
