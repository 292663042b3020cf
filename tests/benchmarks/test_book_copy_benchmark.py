"""benchmarks/book_copy.py runs end to end on the small shipped books."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "book_copy.py"


def test_a_tiny_run_prints_a_row_per_book_with_every_step_timed() -> None:
    result = subprocess.run(
        [sys.executable, str(SCRIPT), "--sizes", "4x4,5x4", "--runs", "3"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 0, result.stderr
    header, *rows = result.stdout.splitlines()
    assert header.split()[:3] == ["board", "entries", "copy"]
    assert [row.split()[:2] for row in rows] == [["4x4", "4,651"], ["5x4", "16,465"]]
    for row in rows:
        times = [float(cell) for cell in row.split()[3:7]]  # map, crc, digest, decompress
        assert all(t >= 0 for t in times), row  # a quick machine prints 0.0 for a small book
        assert row.endswith(tuple("0123456789")), row
