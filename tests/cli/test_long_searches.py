"""Work that may not finish is announced: perfect play, or a solve, with no limit and no
opening book on a board where one position can take hours gets one warning line on standard
error before it starts; a match's progress bar shows the moves of the games in play."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

from fourinarow.cli.long_searches import may_take_long, warn_if_unbounded
from fourinarow.tournament.schedule import Settings
from tests.cli.conftest import Run
from tests.cli.test_progress_bars import on_a_terminal

MATCH_WARNING = (
    "fourinarow match: warning: perfect plays perfectly with no time limit, and 8x7 connect 4 "
    "has no opening book: one move may take hours; give --time-ms (such as --time-ms 2000) to "
    "bound each move"
)
SOLVE_WARNING = (
    "fourinarow solve: warning: 8x7 connect 4 has no opening book, so a position with 56 empty "
    "cells may take hours to prove; --time-ms or --max-nodes bound each search, and Ctrl-C "
    "prints what is proven so far"
)


def test_the_newcomers_match_warns_first_then_shows_the_moves_in_play(tmp_path: Path) -> None:
    """`match perfect level:5 --size 8x7` sat at "0/2 games" for minutes without a word."""
    db = str(tmp_path / "r.sqlite3")
    args = ["match", "perfect", "level:5", "--size", "8x7", "--games", "2", "--db", db]
    status, _, lines = on_a_terminal(args, until=r"game \d/2, move \d+")
    assert status == 130
    assert lines[0] == MATCH_WARNING
    assert any(re.search(r"0/2 games .* game \d/2, move \d+", line) for line in lines), lines


@pytest.mark.parametrize("workers", ["1", "2"])
def test_the_progress_bar_shows_the_latest_move_of_the_games_in_play(
    tmp_path: Path, workers: str
) -> None:
    db = str(tmp_path / "r.sqlite3")
    args = ["match", "engine", "simple", "--time-ms", "20", "--games", "20", "--workers", workers]
    status, _, lines = on_a_terminal([*args, "--db", db], until=r"game \d+/20, move [1-9]")
    assert status in (0, 130)
    shown = [re.search(r"game (\d+)/20, move (\d+)", line) for line in lines]
    moves = [(int(m[1]), int(m[2])) for m in shown if m]
    assert moves, lines
    assert all(1 <= game <= 20 and 1 <= move <= 42 for game, move in moves)
    assert not any("warning" in line for line in lines)


def test_a_solve_that_may_take_hours_warns_before_it_starts() -> None:
    status, stdout, lines = on_a_terminal(["solve", "--size", "8x7", "-"], until="may take hours")
    assert status == 130
    assert lines[0] == SOLVE_WARNING
    assert re.fullmatch(r"- -?\d+\.\.-?\d+\n", stdout)  # Ctrl-C printed the bounds


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--size", "8x7", "--time-ms", "20", "-"],  # a limit
        ["solve", "--size", "8x7", "--max-nodes", "5000", "-"],
        ["solve", "--size", "5x4", "--no-book", "-"],  # quick without a book
        ["solve", "-"],  # 7x6: its book
    ],
)
def test_no_warning_where_a_solve_ends_soon(run: Run, args: list[str]) -> None:
    result = run(*args)
    assert result.returncode == 0
    assert result.stderr == ""


def test_no_warning_for_a_quick_match(run: Run, tmp_path: Path) -> None:
    db = str(tmp_path / "r.sqlite3")
    args = ["match", "perfect:book=none", "simple", "--size", "5x4", "--games", "2", "--db", db]
    result = run(*args, "--workers", "1")
    assert result.returncode == 0
    assert "warning" not in result.stderr


@pytest.mark.parametrize(
    ("agents", "size", "time", "warned"),
    [
        (("perfect", "simple"), (8, 7), None, "perfect"),
        (("simple", "perfect:blunder=0.1"), (8, 7), None, "perfect:blunder=0.1"),
        (("perfect:book=none", "simple"), (7, 6), None, "perfect:book=none"),
        (("perfect", "simple"), (7, 6), None, None),  # the shipped 7x6 book
        (("perfect", "simple"), (8, 7), 2.0, None),  # --time-ms
        (("level:10", "level:5"), (8, 7), None, None),  # level 10 has a clock of its own
        (("engine", "alphabeta"), (9, 7), None, None),  # not perfect: bounded by depth/nodes
        (("perfect", "simple"), (6, 5), None, None),  # 30 cells: seconds without a book
    ],
)
def test_which_matches_are_warned_of(
    capsys: pytest.CaptureFixture[str],
    agents: tuple[str, ...],
    size: tuple[int, int],
    time: float | None,
    warned: str | None,
) -> None:
    settings = Settings(agents, games=2, width=size[0], height=size[1], time=time)
    warn_if_unbounded("match", settings)
    err = capsys.readouterr().err
    if warned is None:
        assert err == ""
    else:
        assert err.startswith(f"fourinarow match: warning: {warned} plays perfectly with no time")
        assert err.count("\n") == 1


def test_pure_python_is_slow_sooner(monkeypatch: pytest.MonkeyPatch) -> None:
    assert not may_take_long(30)
    for name in ("fourinarow.search._solver_kernel", "fourinarow.search._solver_kernel128"):
        monkeypatch.setitem(sys.modules, name, None)
    assert may_take_long(30)
    assert not may_take_long(20)
