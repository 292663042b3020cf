"""JSON in files a user may have edited (a puzzle set, a book's build directory, a results
database) that nests thousands deep or holds a number of thousands of digits: one line and exit
2, as for any other damaged file, never a traceback."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from fourinarow.cli.main import main

DEEP = "[" * 100_000
LONG = "1" * 5000


def one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err
    return err


DEEP_LINE = "[" * 10_000
"""Nested too deep for Python's JSON reader, yet within a puzzle set's line (16,384 characters:
a longer line is refused before it is read as JSON)."""


@pytest.mark.parametrize(
    ("line", "why"),
    [(DEEP_LINE, "nested too deep"), (LONG, "too many digits")],
    ids=["deep", "long"],
)
def test_a_puzzle_set_line(
    line: str, why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    puzzles = tmp_path / "set.jsonl"
    puzzles.write_text(line + "\n")
    status = main(["puzzle", "--set", str(puzzles), "--db", str(tmp_path / "p.sqlite3")])
    assert status == 2
    err = one_line(capsys)
    assert "line 1: not JSON (" in err
    assert why in err


@pytest.mark.parametrize("name", ["plan.json", "log.jsonl"])
def test_a_build_directory_file(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["book", "build", "--size", "4x4", "--plies", "2", "--out", "b.book"]) == 0
    capsys.readouterr()
    (tmp_path / "b.book.build" / name).write_text(DEEP + "\n")
    assert main(["book", "info", "b.book.build"]) == 2
    assert name in one_line(capsys)


@pytest.mark.parametrize("column", ["settings", "times"])
def test_a_results_database_field(
    column: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "results.sqlite3"
    assert main(["tournament", "random", "simple", "--games", "2", "--db", str(db), "--quiet"]) == 0
    capsys.readouterr()
    table = "tournaments" if column == "settings" else "games"
    with sqlite3.connect(db) as connection:
        connection.execute(f"UPDATE {table} SET {column} = ?", (DEEP,))
    connection.close()
    assert main(["review", "--db", str(db), "--tournament", "1"]) == 2
    one_line(capsys)
