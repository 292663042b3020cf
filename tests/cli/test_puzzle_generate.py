"""``fourinarow puzzle generate``: reproducible files, a tournament database mined, bad
options refused; Ctrl-C, in a real process, writing nothing."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from fourinarow.cli.main import build_parser
from fourinarow.cli.puzzle_generate import DEFAULT_TIME_MS, position_limit
from fourinarow.core.geometry import Geometry
from fourinarow.puzzles.model import read_puzzles
from fourinarow.search.limit import Limit
from tests.cli.conftest import Run


def test_the_same_seed_writes_the_same_bytes(run: Run, tmp_path: Path) -> None:
    paths = [tmp_path / "a.jsonl", tmp_path / "b.jsonl"]
    for path in paths:
        result = run(
            "puzzle",
            "generate",
            "--count",
            "2",
            "--kinds",
            "win",
            "--seed",
            "5",
            "--out",
            str(path),
        )
        assert result.returncode == 0, result.stderr
        assert result.stdout == ""
        assert result.stderr.startswith(
            f"wrote 2 puzzles (2 win, 0 only-move, 0 save-draw) to {path}"
        )
    assert paths[0].read_bytes() == paths[1].read_bytes()
    assert [p.kind for p in read_puzzles(paths[0])] == ["win", "win"]


def test_quiet_writes_nothing_on_standard_error(run: Run, tmp_path: Path) -> None:
    out = tmp_path / "set.jsonl"
    result = run(
        "puzzle", "generate", "--count", "1", "--kinds", "save-draw", "--quiet", "--out", str(out)
    )
    assert (result.returncode, result.stdout, result.stderr) == (0, "", "")
    assert [p.kind for p in read_puzzles(out)] == ["save-draw"]


def test_a_tournament_database_is_mined(run: Run, tmp_path: Path) -> None:
    db = tmp_path / "results.sqlite3"
    played = run(
        "tournament",
        "level:3",
        "level:6",
        "--games",
        "6",
        "--opening-plies",
        "2",
        "--workers",
        "1",
        "--db",
        str(db),
        "--quiet",
    )
    assert played.returncode == 0, played.stderr
    out = tmp_path / "set.jsonl"
    result = run("puzzle", "generate", "--db", str(db), "--count", "3", "--out", str(out))
    assert result.returncode == 0, result.stderr
    puzzles = read_puzzles(out)
    assert 1 <= len(puzzles) <= 3
    assert all(p.source.startswith("tournament 1 game ") for p in puzzles)


BAD = {
    "count zero": (["--count", "0"], "argument --count: 0 is below 1"),
    "count text": (["--count", "many"], "argument --count"),
    "unknown kind": (["--kinds", "mate"], "a kind is one of win, only-move, save-draw"),
    "bad size": (["--size", "7by6"], "argument --size"),
    "bad seed": (["--seed", "-1"], "argument --seed"),
    "no such folder": (["--out", "/no/such/folder/set.jsonl"], "does not exist"),
    "out a folder": (["--out", "."], "is a folder"),
    "no database": (["--db", "/no/such.sqlite3"], "there is no tournament database"),
}


@pytest.mark.parametrize("case", BAD, ids=list(BAD))
def test_bad_options_exit_2_in_one_line(run: Run, tmp_path: Path, case: str) -> None:
    options, words = BAD[case]
    if "--out" not in options:
        options = [*options, "--out", str(tmp_path / "set.jsonl")]
    result = run("puzzle", "generate", *options)
    assert result.returncode == 2
    assert words in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr
    assert not (tmp_path / "set.jsonl").exists()


def test_a_missing_out_option_exits_2(run: Run) -> None:
    result = run("puzzle", "generate", "--count", "1")
    assert result.returncode == 2
    assert "--out" in result.stderr


def test_ctrl_c_stops_and_writes_nothing(tmp_path: Path) -> None:
    out = tmp_path / "set.jsonl"
    with subprocess.Popen(
        [
            sys.executable,
            "-m",
            "fourinarow",
            "puzzle",
            "generate",
            "--count",
            "500",
            "--out",
            str(out),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as process:
        try:
            time.sleep(3)
            assert process.poll() is None, "it ended before Ctrl-C"
            process.send_signal(signal.SIGINT)
            process.communicate(timeout=30)
        finally:
            process.kill()
    assert process.returncode == 130
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    ("size", "limited"),
    [("7x6", False), ("6x6", False), ("5x4", False), ("5x5", True), ("8x7", True)],
)
def test_positions_get_a_time_limit_only_on_boards_without_a_book(size: str, limited: bool) -> None:
    args = build_parser().parse_args(["puzzle", "generate", "--out", "x.jsonl", "--size", size])
    width, height = args.size
    expected = Limit(DEFAULT_TIME_MS / 1000) if limited else None
    assert position_limit(Geometry(width, height, args.connect)) == expected
