"""benchmarks/perfect_play.py runs end to end on small boards: with a shape's installed book
against none, and with no book for the shape at all."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from fourinarow.book.build import build_book
from fourinarow.book.install import install_book

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "perfect_play.py"


def benchmark(*args: str, data: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(SCRIPT), "--games", "1", "--opponents", "random", *args],
        capture_output=True, text=True, timeout=300, check=False,
        env={**os.environ, "XDG_DATA_HOME": str(data)},
    )  # fmt: skip


def rows(stdout: str) -> list[list[str]]:
    """The table's rows: label, opponent, side, moves, median, p99, max, proven."""
    lines = stdout.splitlines()
    return [
        line.split()
        for line in lines[lines.index("-" * 83) + 1 :]
        if line[:5] in ("book ", "none ")
    ]


def test_an_installed_book_is_measured_against_none_on_its_shape(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    built = tmp_path / "b.book"
    build_book(built, 4, 5, 4, 2, chunk_size=64, tt_mb=4)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    installed = install_book(built).path
    # a generous clock: whether a move is proven must not depend on the machine's load
    result = benchmark("--size", "4x5", "--time-ms", "5000", data=tmp_path / "data")
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == f"board: 4x5 connect 4; book: {installed}; perfect has 5000 ms a move"
    assert lines[1].startswith("reading the book (once per process, not counted below): ")
    table = rows(result.stdout)
    assert [row[:3] for row in table] == [
        ["book", "random", "first"],
        ["book", "random", "second"],
        ["none", "random", "first"],
        ["none", "random", "second"],
    ]
    # perfect proves every move either way, so it plays the same games with and without
    assert [row[3] for row in table[:2]] == [row[3] for row in table[2:]]
    assert all(int(row[3]) > 0 for row in table)
    assert all(row[-1] == "100%" for row in table)
    assert lines[-1].startswith("goal (book: p99 <= 100 ms, every move proven): ")
    counted = benchmark("--size", "4x5", "--include-read", data=tmp_path / "data")
    assert counted.returncode == 0, counted.stderr
    assert "reading the book" not in counted.stdout


def test_a_shape_without_a_book_plays_only_the_baseline(tmp_path: Path) -> None:
    result = benchmark("--size", "5x5", "--time-ms", "5000", data=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "no default book for 5x5 connect 4" in result.stdout
    assert {row[0] for row in rows(result.stdout)} == {"none"}
    assert "goal" not in result.stdout


def test_a_bad_size_is_refused(tmp_path: Path) -> None:
    result = benchmark("--size", "4by4", data=tmp_path)
    assert result.returncode == 2
    assert "--size WxH and --connect N make a board" in result.stderr
